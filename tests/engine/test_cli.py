"""The command line, run as a separate process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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
        (["melds", *hand("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")], "wrong number of cards"),
        (["melds", "--variant", "nope", "7H"], "unknown variant"),
        (["frob"], "invalid choice"),
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
        (["knock", "--knocker", "7H", "--defender", "8H"], "wrong number of cards"),
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
    assert proc.stderr.splitlines() == ["ginrules: error: line 2: unknown card: 'XX'"]


def test_console_script_table_has_both_commands() -> None:
    from ginrules.cli import all_commands

    assert {"melds", "knock"} <= {c.name for c in all_commands()}


@pytest.mark.parametrize(
    ("notation", "cards"),
    [("fr", "V♥ D♥ R♥ 10C"), ("sv", "Kn♥ D♥ K♥ 10♥"), ("en", "JH QH KH TH")],
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
    proc = run("melds", "--notation", "de", "7H")
    assert proc.returncode == 2
    assert "--notation" in proc.stderr
