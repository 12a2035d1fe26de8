"""Presets and rule-book schools: the registry and the classic 20/10/20 school."""

from __future__ import annotations

import pytest

from ginrules.cards import parse_hand
from ginrules.deal import DealResult
from ginrules.errors import UnknownVariantError
from ginrules.match import score_sheet
from ginrules.rules import CLASSIC, PRESETS, SCHOOLS, STANDARD, find_variant
from ginrules.showdown import showdown


def test_classic_is_a_school_found_by_name_but_not_a_play_preset() -> None:
    assert find_variant("classic") is CLASSIC
    assert find_variant("Classic Gin") is CLASSIC
    assert SCHOOLS == {"classic": CLASSIC}
    assert "classic" not in PRESETS
    assert find_variant("standard") is STANDARD


def test_classic_differs_from_standard_only_in_its_bonuses() -> None:
    # The rules file: classic gin 20 / undercut 10 / box 20 / shutout game bonus 200.
    a, b = STANDARD.to_dict(), CLASSIC.to_dict()
    changed = {k: (a[k], b[k]) for k in a if a[k] != b[k] and k not in ("name", "aliases")}
    assert changed == {
        "gin_bonus": (25, 20),
        "undercut_bonus": (25, 10),
        "line_bonus": (25, 20),
        "shutout": ("double", "bonus"),
    }
    assert CLASSIC.shutout_game_bonus == 200
    assert not CLASSIC.big_gin


def test_classic_scores_gin_and_undercut_with_its_bonuses() -> None:
    knocker = parse_hand("2H 3H 4H 5H 9S 9D 9C QS QD QC")
    defender = parse_hand("6H 7H KS KD 5C 4D 8S 8C JS TD")
    gin = showdown(knocker, defender, CLASSIC)
    assert gin.outcome == "gin"
    assert gin.points == gin.defender_deadwood + 20
    knocker = parse_hand("4S 5S 6S JH JD JS AC 2D 3H 2H")
    defender = parse_hand("6H 6D 6C 9C TC JC 7S AD AH 3C")
    undercut = showdown(knocker, defender, CLASSIC)
    assert undercut.outcome == "undercut"
    assert undercut.points == undercut.knocker_deadwood - undercut.defender_deadwood + 10


def test_classic_shutout_is_a_game_bonus_of_200_and_boxes_are_20() -> None:
    sheet = score_sheet(CLASSIC, "game")
    sheet.record(DealResult("gin", 0, 60, 0, None, 20, 0))
    rows = sheet.record(DealResult("knock", 0, 45, 0, None, 15, 0))
    kinds = {row.kind: row.points for row in rows}
    assert kinds["game_bonus"] == 200
    assert "shutout" not in kinds
    assert kinds["line_bonus"] == 2 * 20


def test_unknown_names_list_presets_and_schools() -> None:
    with pytest.raises(UnknownVariantError, match="classic"):
        find_variant("canasta")
