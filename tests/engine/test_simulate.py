"""The ``simulate`` and ``play`` sub-commands."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from ginrules.cards import CARDS
from ginrules.cli import all_commands, build_parser, main
from ginrules.errors import UnknownVariantError


def parse(argv: list[str]) -> argparse.Namespace:
    return build_parser(all_commands()).parse_args(argv)


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("variant", ["standard", "straight-gin", "oklahoma", "gin-rami"])
def test_simulate_counts_add_up(variant: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = parse(["simulate", "--variant", variant, "--deals", "20", "--seed", "3"])
    assert args._run(args, out, err) == 0
    data = json.loads(out.getvalue())
    assert data["deals"] == 20
    assert sum(data[k] for k in ("gin", "big_gin", "knock", "undercut", "dead")) == 20
    assert data["average_turns"] > 1 and 0 <= data["reshuffled"] <= 20
    assert sum(data["wins"].values()) == 20 - data["dead"]
    assert err.getvalue() == ""  # short run, not a terminal: no progress bar
    # the same seed gives the same counts
    again = io.StringIO()
    args._run(args, again, io.StringIO())
    assert again.getvalue() == out.getvalue()


def test_simulate_progress_bar_on_stderr() -> None:
    out, err = io.StringIO(), Tty()
    args = parse(["simulate", "--deals", "40", "--variant", "oklahoma", "--progress"])
    args._run(args, out, err)
    bar = err.getvalue()
    assert bar.startswith("\r[") and bar.endswith("] 40/40 deals 100%\n")
    assert bar.count("\r") == 40  # a step for each deal: 40 deals are 40 distinct percentages
    assert json.loads(out.getvalue())["deals"] == 40  # stdout stays pure JSON
    # by default only a long run (1000 deals or more) on a terminal shows the bar
    for argv in (["--deals", "40"], ["--deals", "40", "--no-progress"]):
        out, err = io.StringIO(), Tty()
        args = parse(["simulate", *argv])
        args._run(args, out, err)
        assert err.getvalue() == ""


def test_simulate_shows_the_bar_by_default_from_1000_deals_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ginrules.cli.deals

    asked: list[bool] = []

    def simulate(rules: object, deals: int, seed: int, progress: object = None) -> dict[str, int]:
        asked.append(progress is not None)  # the CLI's choice; the simulation is tested above
        return {"deals": deals}

    monkeypatch.setattr(ginrules.cli.deals, "simulate", simulate)
    for argv, stderr in ((["--deals", "1000"], Tty()), (["--deals", "1000"], io.StringIO())):
        args = parse(["simulate", *argv])
        args._run(args, io.StringIO(), stderr)
    assert asked == [True, False]


def test_simulate_rejects_bad_input() -> None:
    args = parse(["simulate", "--variant", "canasta"])
    with pytest.raises(UnknownVariantError):
        args._run(args, io.StringIO(), io.StringIO())


def test_simulate_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "25", "--variant", "straight", "--seed", "9"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["variant"] == "straight" and data["deals"] == 25 and captured.err == ""
    assert data["knock"] == data["undercut"] == 0  # Straight Gin: gin or dead only
    assert data["gin"] + data["dead"] == 25


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--variant", "canasta"], "unknown variant"),
        (
            ["simulate", "--deals", "-3"],
            "argument --deals: not a whole number from 0 to 1,000,000: '-3'",
        ),
        (["simulate", "--seed", "many"], "argument --seed: not a whole number: 'many'"),
        (
            ["play", "--level", "pro"],
            "unknown level: 'pro'; known: random, beginner, good, camper, expert",
        ),
        (
            ["duel", "--players", "pro", "good"],
            "unknown level: 'pro'; known: random, beginner, good, camper, expert",
        ),
        (["play", "--variant", "canasta"], "unknown variant"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_play_through_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(script(40)))
    assert main(["play", "--variant", "french", "--seed", "3"]) == 0
    assert "Computer's hand:" in capsys.readouterr().out


def script(rounds: int) -> str:
    """A dumb human: draw from the stock, then try every card until one is taken."""
    cards = " \n".join(c.code for c in CARDS)
    return ("pass\n" * 2) + ("stock\n" + cards + "\n") * rounds


def test_play_a_whole_deal_from_the_terminal() -> None:
    out = io.StringIO()
    args = parse(["play", "--variant", "straight", "--seed", "12", "--dealer", "you"])
    assert args._run(args, out, io.StringIO(script(40))) == 0
    text = out.getvalue()
    assert "Straight Gin, deal number 12. You deal." in text
    assert "Your hand:" in text and "Deadwood:" in text
    assert "♠" in text and "♥" in text
    assert "is not in the hand" in text  # bad input answered, prompt again
    assert "Discard (or go gin): " in text  # nobody knocks in Straight Gin
    assert "knock" not in text.lower()
    assert "Computer's hand:" in text  # the deal reached its end
    assert (
        ("Dead deal: nobody scores." in text)
        or ("The computer scores" in text)
        or ("You score" in text)
    )


def test_play_answers_nonsense_and_offers_help() -> None:
    out = io.StringIO()
    args = parse(["play", "--seed", "4"])
    stdin = io.StringIO("hello\nknock\nhelp\nstock\nquit\n")
    assert args._run(args, out, stdin) == 0
    text = out.getvalue()
    assert "'hello' is neither a move nor a card" in text
    assert "knock needs a card" in text
    assert "knock 7♥" in text and "discard 7♥ and knock" in text  # the help text
    assert "big gin" not in text  # standard rules have no big gin
    assert text.rstrip().endswith("Game left.")


def test_play_hand_is_sorted_with_symbols_and_deadwood() -> None:
    out = io.StringIO()
    args = parse(["play", "--seed", "4"])
    args._run(args, out, io.StringIO("quit\n"))
    line = next(x for x in out.getvalue().splitlines() if x.startswith("Your hand: "))
    shown = line.removeprefix("Your hand: ").split()
    assert len(shown) == 10
    assert all(s[-1] in "♠♥♦♣" for s in shown)
    suits = ["♠♥♦♣".index(s[-1]) for s in shown]
    assert suits == sorted(suits)


def test_play_eof_leaves_cleanly() -> None:
    out = io.StringIO()
    args = parse(["play", "--seed", "4"])
    assert args._run(args, out, io.StringIO("")) == 1
    assert "Game left." in out.getvalue()
