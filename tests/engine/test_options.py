"""The options that combine with each variant: data beside the rules."""

from __future__ import annotations

from ginrules.rules import OPTIONS, PRESETS, SCHOOLS, STANDARD, STRAIGHT, options


def test_every_preset_and_school_has_its_options() -> None:
    assert set(OPTIONS) == set(PRESETS) | set(SCHOOLS)
    for rules in (*PRESETS.values(), *SCHOOLS.values()):
        assert options(rules) == OPTIONS[rules.name]
        assert len(set(options(rules))) == len(options(rules))


def test_oklahoma_combines_only_with_rules_that_knock_at_ten() -> None:
    # Oklahoma decides when one may knock: not with Straight Gin (no knock), nor twice.
    for rules in (*PRESETS.values(), *SCHOOLS.values()):
        knocks_at_ten = not rules.gin_only and rules.knock_max_deadwood == 10
        plain = knocks_at_ten and not rules.upcard_sets_knock_limit
        assert ("oklahoma" in options(rules)) == plain, rules.name


def test_game_lengths_of_the_seed() -> None:
    for rules in (STANDARD, STRAIGHT):
        assert {"one-deal", "game-100", "game-250", "hollywood"} <= set(options(rules))


def test_changed_rules_have_no_options() -> None:
    assert options(STANDARD.replace(gin_bonus=20)) == ()
