"""The ``duel`` sub-command (mirrored games between levels) and ``play --level``."""

from __future__ import annotations

import io
import json

import pytest

from ginrules.cards import CARDS
from ginrules.cli import main
from ginrules.errors import GinRulesError
from ginrules.players import GoodPlayer, Player, UnknownLevelError
from ginrules.players.duels import duel
from ginrules.rules import STANDARD, STRAIGHT

from .test_simulate import Tty, parse


@pytest.mark.parametrize("variant", ["standard", "straight", "oklahoma", "gin-rami"])
def test_duel_prints_games_won_with_intervals_and_the_outcomes(variant: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["duel", "--variant", variant, "--players", "good", "beginner", "--games", "4"]
    args = parse([*argv, "--seed", "2", "--target", "40"])
    assert args._run(args, out, err) == 0
    data = json.loads(out.getvalue())
    assert data["games"] == 4 and data["pairs"] == 2 and data["target"] == 40
    a, b = data["players"]
    assert (a["level"], b["level"]) == ("good", "beginner")
    assert a["games_won"] + b["games_won"] == 4
    for p in (a, b):
        low, high = p["ci95"]
        assert 0 <= low <= p["win_rate"] <= high <= 1
    assert a["win_rate"] + b["win_rate"] == pytest.approx(1)
    assert a["deals_won"] + b["deals_won"] + data["dead"] == data["deals"]
    for p, other in ((a, b), (b, a)):
        won = sum(p["outcomes"][k] for k in ("knock", "gin", "big_gin", "undercut"))
        assert won == p["deals_won"]
        assert p["outcomes"]["undercut_against"] == other["outcomes"]["undercut"]
    if variant == "straight":
        assert a["outcomes"]["knock"] == b["outcomes"]["knock"] == 0
    assert err.getvalue() == ""  # not a terminal: no progress bar
    again = io.StringIO()
    args._run(args, again, io.StringIO())
    assert again.getvalue() == out.getvalue()  # the same seed, the same games


def test_duel_plays_every_deal_twice_with_the_seats_swapped() -> None:
    # Two players that play alike (same seed): the second game of each pair is the
    # first with the seats swapped, so each level wins exactly one game of a pair.
    def twins(level: str, seed: int) -> Player:
        return GoodPlayer(7)

    result = duel(STANDARD, ("good", "beginner"), 12, seed=5, players=twins)
    a, b = result["players"]
    assert a["games_won"] == b["games_won"] == 6
    assert a["ci95"] == [0.5, 0.5]
    assert a["deals_won"] == b["deals_won"]
    assert a["points_per_game"] == b["points_per_game"]


def test_duel_with_workers_gives_the_same_result_as_one_process() -> None:
    # 14 pairs over 3 processes: several chunks per worker, results put back in order
    argv = ["duel", "--players", "camper", "beginner", "--games", "28", "--seed", "9"]
    outs = []
    for workers in ("1", "3"):
        out = io.StringIO()
        args = parse([*argv, "--workers", workers])
        assert args._run(args, out, io.StringIO()) == 0
        outs.append(json.loads(out.getvalue()))
    assert outs[0] == outs[1]
    assert outs[0]["players"][0]["games_won"] + outs[0]["players"][1]["games_won"] == 28
    with pytest.raises(GinRulesError, match="workers"):
        duel(STANDARD, ("good", "beginner"), 2, workers=0)


def test_duel_progress_bar_and_bad_arguments() -> None:
    out, err = io.StringIO(), Tty()
    args = parse(["duel", "--variant", "straight", "--games", "2", "--progress"])
    assert args._run(args, out, err) == 0
    assert "2/2 games 100%" in err.getvalue()
    with pytest.raises(UnknownLevelError):
        duel(STRAIGHT, ("expert", "grandmaster"), 2)
    for argv in (
        ["duel", "--games", "3"],
        ["duel", "--games", "-2"],
        ["duel", "--target", "0", "--games", "2"],
        ["duel", "--players", "good", "nobody", "--games", "2"],
    ):
        assert main(argv) == 2
    with pytest.raises(GinRulesError, match="not an even whole number of 2 or more: 3"):
        duel(STRAIGHT, ("good", "beginner"), 3)


def test_number_options_are_worded_one_way(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in (
        (
            ["duel", "--games", "3"],
            "argument --games: not an even whole number from 2 to 100,000: '3'",
        ),
        (
            ["duel", "--games", "0"],
            "argument --games: not an even whole number from 2 to 100,000: '0'",
        ),
        (
            ["simulate", "--deals", "99999999999999999999999"],
            "argument --deals: not a whole number from 0 to 1,000,000: '99999999999999999999999'",
        ),
        (["duel", "--target", "0"], "argument --target: not a whole number from 1 to 10,000: '0'"),
        (["score", "--target", "x"], "argument --target: not a whole number from 1 to 10,000: 'x'"),
        (["play", "--seed", "x"], "argument --seed: not a whole number: 'x'"),
    ):
        assert main(argv) == 2
        assert capsys.readouterr().err == f"ginrules: error: {message}\n"


def test_play_against_a_chosen_level() -> None:
    # a dumb human: pass, then draw and try every card until one is taken
    cards = " \n".join(c.code for c in CARDS)
    script = ("pass\n" * 2) + ("stock\n" + cards + "\n") * 40
    for level in ("beginner", "expert"):
        out = io.StringIO()
        args = parse(["play", "--seed", "12", "--level", level, "--dealer", "you"])
        assert args._run(args, out, io.StringIO(script)) == 0
        text = out.getvalue()
        assert f"Computer's level: {level.capitalize()}." in text
        assert "Computer's hand:" in text
    assert main(["play", "--level", "grandmaster"]) == 2
