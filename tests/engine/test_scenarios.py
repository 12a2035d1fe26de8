"""Rule scenarios from data files: ``scenarios/*.json``.

Each scenario: ``name``, ``why`` (one sentence), ``covers`` (rule tags),
``variant`` (a preset) with optional ``rules`` (knob changes), ``check``
(``melds``, ``discard``, ``going_out`` or ``showdown``), the hand(s), an
optional ``upcard``, and ``expected`` (only the fields given are compared).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ginrules.cards import Card
from ginrules.errors import IllegalKnockError
from ginrules.going_out import check_going_out
from ginrules.melds import best_arrangement, best_arrangements, best_discards
from ginrules.rules import Rules, find_variant
from ginrules.showdown import showdown

HERE = Path(__file__).parent / "scenarios"
SCENARIOS: list[dict[str, Any]] = [
    s for path in sorted(HERE.glob("*.json")) for s in json.loads(path.read_text())
]

# Every rule of ../shared/rules/README.md that the engine judges, and the subtle cases.
REQUIRED = {
    "set", "run", "deadwood", "card-values", "ace-low", "ace-15", "qka-not-run", "kac-french",
    "round-the-corner", "set-run-overlap", "all-optimal", "discard", "knock-limit", "gin",
    "knock-score", "undercut", "tie-undercut", "gin-score", "big-gin", "classic-bonuses",
    "layoff-set-or-run", "layoff-chain", "break-four-set", "no-layoff-on-gin", "spread-choice",
    "oklahoma-limit", "oklahoma-ace-upcard", "ace-knock-1", "oklahoma-spade-upcard",
    "spade-bonuses-only", "straight-gin-only", "straight-no-layoff", "french-8-melded",
    "french-petit-gin", "french-grand-gin", "french-scoring", "french-20",
    "french-layoff-on-gin", "wrong-count",
}  # fmt: skip


def rules_of(s: dict[str, Any]) -> Rules:
    rules = find_variant(s["variant"])
    return rules.replace(**s["rules"]) if "rules" in s else rules


def melds_of(melds: Any) -> list[list[str]]:
    return [[c.code for c in m.cards] for m in melds]


def test_scenario_set() -> None:
    names = [s["name"] for s in SCENARIOS]
    assert len(names) == len(set(names)), "scenario names must be unique"
    assert len(SCENARIOS) >= 40
    for s in SCENARIOS:
        assert s["why"].strip() and s["covers"], s["name"]
    covered = {tag for s in SCENARIOS for tag in s["covers"]}
    assert covered >= REQUIRED, REQUIRED - covered


@pytest.mark.parametrize("s", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(s: dict[str, Any]) -> None:
    rules = rules_of(s)
    exp = s["expected"]
    upcard = Card.parse(s["upcard"]) if "upcard" in s else None
    got: dict[str, Any]
    if s["check"] == "melds":
        arr = best_arrangement(s["hand"], rules)
        got = {
            "deadwood": arr.deadwood,
            "melds": melds_of(arr.melds),
            "unmatched": [c.code for c in arr.unmatched],
            "count": len(best_arrangements(s["hand"], rules)),
        }
    elif s["check"] == "discard":
        discards = best_discards(s["hand"], rules)
        got = {
            "deadwood": discards[0].arrangement.deadwood,
            "discards": [None if d.discard is None else d.discard.code for d in discards],
        }
    elif s["check"] == "going_out":
        got = check_going_out(s["hand"], rules, upcard).to_dict()
    elif s["check"] == "showdown":
        try:
            result = showdown(s["knocker"], s["defender"], rules, upcard)
        except IllegalKnockError as error:
            got = {"error": error.reason}
        else:
            got = result.to_dict()
            got["layoffs"] = [[x["card"], x["meld_index"]] for x in got["layoffs"]]
            got["terms"] = {t["code"]: t["value"] for t in got["terms"]}
            got["spread"] = melds_of(result.spread.melds)
            assert sum(got["terms"].values()) == got["points"]
    else:
        raise AssertionError(f"unknown check {s['check']!r}")
    assert {k: got.get(k) for k in exp} == exp, s["why"]
