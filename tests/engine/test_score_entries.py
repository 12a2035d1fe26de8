"""Score sheet entries: read, mapped to the rules' words, and refused with a reason."""

from __future__ import annotations

import pytest

from ginrules.match import entry_outcomes
from ginrules.rules import FRENCH, OKLAHOMA, PRESETS, STANDARD, STRAIGHT
from ginrules.score_entries import (
    BadEntryError,
    BadPointsError,
    BadSchemeError,
    DealAfterEndError,
    ImpossibleEntryError,
    fill_sheet,
    parse_entries,
    points_range,
)


def test_outcome_words_per_rules() -> None:
    assert entry_outcomes(STANDARD) == {"knock": "knock", "undercut": "undercut", "gin": "gin"}
    assert list(entry_outcomes(STRAIGHT)) == ["gin"]
    assert entry_outcomes(FRENCH) == {
        "going_down": "knock",
        "undercut": "undercut",
        "petit_gin": "gin",
        "grand_gin": "big_gin",
    }
    for rules in PRESETS.values():  # every engine outcome has one word at most
        words = entry_outcomes(rules)
        assert len(set(words.values())) == len(words)


@pytest.mark.parametrize(
    ("rules", "entry", "reason", "param"),
    [
        (STANDARD, "A 24 gin", "too_few", {"minimum": 25}),
        (STANDARD, "B 24 undercut", "too_few", {"minimum": 25}),
        (STANDARD, "B 0 knock", "too_few", {"minimum": 1}),
        (FRENCH, "A 19 undercut", "too_few", {"minimum": 20}),
        (FRENCH, "A 49 grand_gin", "too_few", {"minimum": 50}),
        (FRENCH, "A 24 petit_gin", "too_few", {"minimum": 25}),
        (STANDARD, "A 36 undercut", "too_many", {"maximum": 35}),  # 10 + 25
        (STANDARD, "A 124 gin", "too_many", {"maximum": 123}),  # 98 + 25
        (OKLAHOMA, "A 247 gin", "too_many", {"maximum": 246}),  # a spade upcard doubles
        (FRENCH, "A 136 petit_gin", "too_many", {"maximum": 135}),  # 110 + 25
        (FRENCH, "A 30 knock", "outcome", {"outcome": "knock"}),
        (FRENCH, "A 30 gin", "outcome", {"outcome": "gin"}),
        (STANDARD, "A 40 big_gin", "outcome", {"outcome": "big_gin"}),
        (STRAIGHT, "A 10 knock", "outcome", {"outcome": "knock"}),
    ],
)
def test_impossible_entries_are_refused_with_their_reason(
    rules: object, entry: str, reason: str, param: dict[str, object]
) -> None:
    from ginrules.rules import Rules

    assert isinstance(rules, Rules)
    with pytest.raises(ImpossibleEntryError) as caught:
        parse_entries(entry, rules)
    data = caught.value.to_dict()
    assert data["code"] == "impossible_entry" and data["reason"] == reason
    assert data["entry"] == entry and param.items() <= data.items()
    assert str(caught.value).startswith(entry)


def test_bounds_are_reachable_entries() -> None:
    for rules in PRESETS.values():
        for word, outcome in entry_outcomes(rules).items():
            fewest, most = points_range(rules, outcome)
            assert len(parse_entries(f"A {fewest} {word}; B {most} {word}", rules)) == 2


def test_unreadable_entries() -> None:
    with pytest.raises(BadEntryError):
        parse_entries("A 25", STANDARD)
    with pytest.raises(BadEntryError):
        parse_entries("C 25 knock", STANDARD)
    with pytest.raises(BadPointsError, match="A 2x knock"):
        parse_entries("A 2x knock", STANDARD)
    with pytest.raises(BadSchemeError):
        fill_sheet(STANDARD, "manche", [])
    with pytest.raises(BadSchemeError):
        fill_sheet(FRENCH, "hollywood", [])
    with pytest.raises(DealAfterEndError, match="B 5 knock"):
        fill_sheet(STANDARD, "one_deal", parse_entries("A 5 knock; B 5 knock", STANDARD))


def test_gin_rami_partie_keeps_going_after_a_manche() -> None:
    entries = "A 135 petit_gin; A 110 going_down; A 10 going_down; B 50 grand_gin; B 22 undercut"
    data = fill_sheet(FRENCH, "partie", parse_entries(entries, FRENCH))
    rows = [
        (r["deal"], r["kind"], r["player"], r["points"], r["game"], r["totals"])
        for r in data["rows"]
    ]
    assert rows == [
        (1, "deal", 0, 135, 1, [135, 0]),
        (2, "deal", 0, 110, 1, [245, 0]),
        (3, "deal", 0, 10, 1, [255, 0]),  # 255 >= 250: manche 1 ends, B scored nothing
        (3, "manche_bonus", 0, 200, 1, [455, 0]),
        (3, "petit_gin_bonus", 0, 50, 1, [505, 0]),
        (4, "deal", 1, 50, 2, [0, 50]),  # manche 2 starts
        (5, "deal", 1, 22, 2, [0, 72]),
    ]
    assert data["totals"] == [505, 72] and not data["over"]
    assert [m["totals"] for m in data["manches"]] == [[505, 0], [0, 72]]
    assert data["entries"] == entries.split("; ")
