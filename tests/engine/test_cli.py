"""The command line, run as a separate process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ginrules.cards import NOTATIONS
from ginrules.melds import deadwood
from ginrules.rules import PRESETS, SCHOOLS, find_variant


def hand(text: str) -> list[str]:
    return text.split()


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ginrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_melds_ten_cards() -> None:
    proc = run("melds", "7H", "8H", "9H", "7S", "7D", "7C", "KS", "QS", "JS", "2D")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "melds": [["7S", "7D", "7C"], ["7H", "8H", "9H"], ["JS", "QS", "KS"]],
        "deadwood": 2,
        "unmatched": ["2D"],
    }


def test_melds_eleven_cards_best_discard() -> None:
    proc = run("melds", *hand("7H 8H 9H 7S 7D 7C KS QS JS 2D 5C"))
    data = json.loads(proc.stdout)
    assert data["discard"] == "5C"
    assert data["deadwood"] == 2


def test_melds_big_gin_discard_is_null() -> None:
    proc = run("melds", "--variant", "french", *hand("AS 2S 3S 4S 7H 7D 7C 9D TD JD QD"))
    data = json.loads(proc.stdout)
    assert data["discard"] is None
    assert data["discards"] == [None, "AS", "4S", "9D", "QD"]
    assert data["deadwood"] == 0
    assert data["unmatched"] == []


def test_melds_eleven_melded_cards_without_big_gin() -> None:
    proc = run("melds", *hand("AS 2S 3S 4S 7H 7D 7C 9D TD JD QD"))
    data = json.loads(proc.stdout)
    assert data["discard"] == "AS"
    assert data["discards"] == ["AS", "4S", "9D", "QD"]
    assert data["deadwood"] == 0


@pytest.mark.parametrize("variant", [*PRESETS, *SCHOOLS])
def test_melds_eleven_melded_cards_under_every_preset(variant: str) -> None:
    proc = run("melds", "--variant", variant, *hand("2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H"))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    big_gin = find_variant(variant).big_gin
    assert data["deadwood"] == 0
    assert data["discard"] == (None if big_gin else "2C")
    assert data["discards"] == ([None] if big_gin else []) + ["2C", "6C"]


def test_melds_variant_and_notation() -> None:
    proc = run("melds", "--variant", "gin-rami", "Q♥", "♥K", "ah", "10C")
    data = json.loads(proc.stdout)
    assert data["melds"] == [["QH", "KH", "AH"]]
    assert data["unmatched"] == ["TC"]
    assert data["deadwood"] == 10


def test_melds_stdin_many_hands() -> None:
    hands = [
        "7H 8H 9H KS",
        '["AS", "2S", "3S", "KD"]',
        "",
        "QS KS AS",
    ]
    proc = run("melds", "-", stdin="\n".join(hands) + "\n")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["deadwood"] for r in rows] == [10, 10, 21]


def test_melds_stdin_ten_thousand_hands() -> None:
    from random import Random

    from ginrules.cards import CARDS

    rng = Random(7)
    hands = [rng.sample(CARDS, 10) for _ in range(10000)]
    text = "\n".join(" ".join(c.code for c in h) for h in hands) + "\n"
    proc = run("melds", "-", stdin=text)
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()
    assert len(rows) == 10000
    for hand, row in zip(hands[:200], rows, strict=False):
        assert json.loads(row)["deadwood"] == deadwood(hand)


def test_knock_output() -> None:
    proc = run(
        "knock",
        "--knocker",
        *hand("7H 8H 9H 7S 7D 7C KS QS JS 2D"),
        "--defender",
        *hand("6H 5H TC TD TS 4C 3C 9C 8C 2C"),
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["outcome"] == "knock"
    assert data["winner"] == "knocker"
    assert data["points"] == 8
    assert data["knocker_deadwood"] == 2
    assert data["defender_deadwood"] == 10
    assert [x["card"] for x in data["layoffs"]] == ["6H", "5H", "TS"]


def test_knock_oklahoma_spade_upcard() -> None:
    proc = run(
        "knock",
        "--variant",
        "oklahoma",
        "--upcard",
        "9S",
        "--knocker",
        *hand("7H 8H 9H 7S 7D 7C KS QS JS 2D"),
        "--defender",
        *hand("6H 5H TC TD TS 4C 3C 9C 8C 2C"),
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["points"] == 16


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["melds", "7H", "8H", "ZZ"], "unknown card"),
        (["melds", "7H", "8H", "7H"], "duplicate card"),
        (
            ["melds", *hand("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")],
            "wrong number of cards: the hand has 12 cards, it needs 1 to 11",
        ),
        (["melds", "--variant", "nope", "7H"], "unknown variant: 'nope'; known: standard"),
        (
            ["frob"],
            "unknown command: 'frob'; known: melds, knock, simulate, duel, play, score",
        ),
        (["melds"], "required"),
        (
            [
                "knock",
                "--knocker",
                *hand("7H 8H 9H 7S 7D 7C KS QS 5S 2D"),
                "--defender",
                *hand("6H 5H TC TD TS 4C 3C 9C 8C 2C"),
            ],
            "over_limit",
        ),
        (
            [
                "knock",
                "--variant",
                "straight",
                "--knocker",
                *hand("7H 8H 9H 7S 7D 7C KS QS JS 2D"),
                "--defender",
                *hand("6H 5H TC TD TS 4C 3C 9C 8C 2C"),
            ],
            "gin_only",
        ),
        (
            ["knock", "--knocker", "7H", "--defender", "8H"],
            "the knocker's hand has 1 card, it needs 10 or 11",
        ),
        (
            ["knock", "--knocker", *hand("7H 8H 9H 7S 7D 7C KS QS JS 2D"), "--defender", "2C"],
            "wrong number of cards: the defender's hand has 1 card, it needs 10",
        ),
        (
            [
                "knock",
                "--knocker",
                *hand("7H 8H 9H 7S 7D 7C KS QS JS 2D"),
                "--defender",
                *hand("7H 5H TC TD TS 4C 3C 9C 8C 2C"),
            ],
            "duplicate card",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], words: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert words in lines[0]
    assert "Traceback" not in proc.stderr


def test_bad_stdin_line_names_the_line() -> None:
    proc = run("melds", "-", stdin="7H 8H 9H\nXX 8H\n")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "ginrules: error: line 2: unknown card: 'XX' (a card is a rank then a suit, "
        "as in 7♥ or 10♠)"
    ]


@pytest.mark.parametrize("line", ['["7H", ', '{"cards": ["7H"]}', '["7H", 8]', '"7H 8H"'])
def test_bad_json_line_says_what_a_hand_is(line: str) -> None:
    proc = run("melds", "-", stdin=f"7H 8H 9H\n{line}\n")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "ginrules: error: line 2: not a hand: write the cards with spaces between them "
        '(7H 8H 9H) or as a JSON list of card strings (["7H", "8H", "9H"])'
    ]


def test_unknown_variant_lists_every_name_and_alias() -> None:
    proc = run("melds", "--variant", "canasta", "7H")
    message = proc.stderr.strip()
    assert message.startswith("ginrules: error: unknown variant: 'canasta'; known: ")
    for rules in [*PRESETS.values(), *SCHOOLS.values()]:
        assert rules.name in message
        for alias in rules.aliases:
            assert alias in message, alias


def test_console_script_table_has_both_commands() -> None:
    from ginrules.cli import all_commands

    assert {"melds", "knock"} <= {c.name for c in all_commands()}


@pytest.mark.parametrize(
    ("notation", "cards"),
    [
        ("fr", "V♥ D♥ R♥ 10C"),
        ("sv", "Kn♥ D♥ K♥ 10♥"),
        ("en", "JH QH KH TH"),
        ("de", "B♥ D♥ K♥ 10♥"),
    ],
)
def test_melds_in_the_readers_notation(notation: str, cards: str) -> None:
    proc = run("melds", "--notation", notation, *hand(cards))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["melds"] == [["TH", "JH", "QH", "KH"]]


def test_knock_in_french_notation() -> None:
    proc = run(
        "knock",
        "--notation",
        "fr",
        "--knocker",
        *hand("AP 2P 3P 7C 7K 7T RP DP VP 2K"),
        "--defender",
        *hand("AC 2C 3C 4T 5T 6T 8K 9K 10K RK"),
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["knocker_deadwood"] == 2
    assert ["AS", "2S", "3S"] in [m["cards"] for m in data["spread"]["melds"]]
    assert ["AH", "2H", "3H"] in [m["cards"] for m in data["defender_melds"]]


def test_unknown_notation_is_a_usage_error() -> None:
    proc = run("melds", "--notation", "xx", "7H")
    assert proc.returncode == 2
    known = ", ".join(sorted(NOTATIONS))
    assert proc.stderr == f"ginrules: error: unknown notation: 'xx'; known: {known}\n"


# --------------------------------------------------------------------------- score


def test_score_hollywood_never_drops_a_deal() -> None:
    proc = run("score", "--scheme", "hollywood", "A 30 knock; A 45 gin; A 30 knock", "B 10 knock")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    entered = [
        (r["deal"], r["player"], r["detail"]["games"])
        for r in data["rows"]
        if r["kind"] == "entered"
    ]
    assert entered == [(1, 0, [1]), (2, 0, [1, 2]), (3, 0, [1, 2, 3]), (4, 1, [2])]
    assert [g["totals"] for g in data["games"]] == [[385, 0], [75, 10], [30, 0]]
    # the match runs: its games stand apart, so no totals (490 to 10 would be no score)
    assert data["totals"] is None and data["over"] is False and data["winner"] is None
    assert [g["totals"] for g in data["standing"]] == [[385, 0], [75, 10], [30, 0]]
    assert [g["closed"] for g in data["standing"]] == [True, False, False]
    assert all(r["totals"] is None for r in data["rows"] if r["kind"] == "entered")
    assert [g["totals"] for g in data["rows"][-1]["detail"]["standing"]] == [
        [385, 0],
        [75, 10],
        [30, 0],
    ]
    assert data["entries"] == ["A 30 knock", "A 45 gin", "A 30 knock", "B 10 knock"]


def test_score_game_rows_bonuses_and_winner() -> None:
    proc = run("score", "A 25 knock; dead; B 31 gin; A 80 gin")
    data = json.loads(proc.stdout)
    assert [(r["kind"], r["player"], r["points"], r["totals"]) for r in data["rows"]] == [
        ("deal", 0, 25, [25, 0]),
        ("dead", None, 0, [25, 0]),
        ("deal", 1, 31, [25, 31]),
        ("deal", 0, 80, [105, 31]),
        ("game_bonus", 0, 100, [205, 31]),
        ("line_bonus", 0, 50, [255, 31]),
        ("line_bonus", 1, 25, [255, 56]),
    ]
    assert data["scheme"] == "game" and data["over"] and data["winner"] == 0


def test_score_reads_one_entry_per_line_and_speaks_gin_rami() -> None:
    proc = run(
        "score",
        "--variant",
        "gin-rami",
        stdin="A 135 petit_gin\n\nB 20 undercut\nA 130 grand_gin\n",
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["scheme"] == "partie" and len(data["manches"]) == 2
    kinds = [(r["kind"], r["game"], r["totals"]) for r in data["rows"]]
    assert kinds == [
        ("deal", 1, [135, 0]),
        ("deal", 1, [135, 20]),
        ("deal", 1, [265, 20]),
        ("manche_bonus", 1, [365, 20]),
        ("petit_gin_bonus", 1, [415, 20]),
        ("grand_gin_bonus", 1, [515, 20]),
    ]
    assert [r["detail"]["entry"] for r in data["rows"][:3]] == [
        "petit_gin",
        "undercut",
        "grand_gin",
    ]


def test_score_one_deal_and_target() -> None:
    one = json.loads(run("score", "--scheme", "one-deal", "B 12 knock").stdout)
    assert one["over"] and one["winner"] == 1 and one["totals"] == [0, 12]
    short = json.loads(run("score", "--target", "50", "A 30 knock; A 30 knock").stdout)
    assert short["over"] and short["rows"][2]["kind"] == "game_bonus"


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["A 30 knock; A twenty gin"], "A twenty gin"),
        (["A 20 gin"], "A 20 gin"),  # below the gin bonus of 25
        (["B 10 undercut"], "B 10 undercut"),  # below the undercut bonus of 25
        (["--variant", "french", "B 15 undercut"], "B 15 undercut"),  # below 20
        (["A 300 knock"], "A 300 knock"),  # more than a deal can score
        (["--variant", "french", "A 20 knock"], "A 20 knock"),  # no knock in Gin Rami
        (["--variant", "straight", "A 20 knock"], "A 20 knock"),  # no knock in Straight Gin
        (["A 25 knock; B twelve"], "B twelve"),
        (["--target", "50", "A 60 gin; B 10 knock"], "B 10 knock"),  # after the end
    ],
)
def test_score_bad_entry_exits_2_naming_it(args: list[str], named: str) -> None:
    proc = run("score", *args)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ginrules: error: ") and named in lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--variant", "french", "--scheme", "hollywood", "A 30 going_down"],
            "the scoring scheme 'hollywood' does not fit the french rules; "
            "schemes that fit: manche, partie",
        ),
        (
            ["--scheme", "manche", "A 30 knock"],
            "the scoring scheme 'manche' does not fit the standard rules; "
            "schemes that fit: one-deal, game, hollywood",
        ),
        (
            ["--scheme", "holywood", "A 30 knock"],
            "unknown scoring scheme: 'holywood'; known: one-deal, game, hollywood, manche, partie",
        ),
        (
            ["A 30"],
            "not a deal result: 'A 30'; an entry is who scored (A or B), the points and how "
            "the deal ended (knock, undercut, gin), as in 'A 25 knock', or 'dead'",
        ),
    ],
)
def test_score_errors_say_what_fits(args: list[str], message: str) -> None:
    proc = run("score", *args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"ginrules: error: {message}\n"


def test_names_are_read_in_any_case() -> None:
    # as --variant and the levels of duel are
    assert json.loads(run("melds", "--notation", "FR", "R♥").stdout)["unmatched"] == ["KH"]
    assert json.loads(run("score", "--scheme", "Hollywood", "A 30 knock").stdout)["games"]
    play = run("play", "--level", "Expert", "--lang", "SV", "--dealer", "You", stdin="quit\n")
    assert play.returncode == 0 and "Datorns nivå: Expert." in play.stdout
