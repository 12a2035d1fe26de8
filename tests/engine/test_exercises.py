"""Exercises (issue 24): each accepts exactly the answers the engine accepts, found by
trying every answer; each step of a solution is recomputed from the engine; levels
grow by the measure the module names; a seed gives one exercise; bad answers are
refused with a reason. The 1,000-per-kind run is ``benchmarks/exercises.py``."""

from __future__ import annotations

import json
from statistics import mean
from typing import Any

import pytest

from ginrules.cards import CARDS, Card
from ginrules.exercises import (
    KINDS,
    LEVELS,
    MAX_SEED,
    Exercise,
    ExerciseError,
    arrangement_work,
    check_answer,
    difficulty,
    kinds_for,
    make_exercise,
)
from ginrules.melds import best_arrangement, deadwood
from ginrules.rules import PRESETS, Rules

VARIANTS = list(PRESETS)
SEEDS = range(30)  # per level: 90 exercises of each kind in each variant


def built(variant: str) -> tuple[str, ...]:
    return kinds_for(variant)


def cases() -> list[tuple[str, str]]:
    return [(v, k) for v in VARIANTS for k in built(v)]


def exercises(variant: str, kind: str) -> list[Exercise]:
    return [make_exercise(variant, kind, level, seed) for level in LEVELS for seed in SEEDS]


def assert_arrangement_step(step: dict[str, Any], cards: list[Card], rules: Rules) -> None:
    """A ``melds`` step: real melds, the rest is the deadwood, summed right."""
    args = step["args"]
    shown: list[str] = [c for meld in args["melds"] for c in meld] + args["deadwood_cards"]
    assert sorted(shown) == sorted(c.code for c in cards)
    for meld in args["melds"]:
        arrangement = best_arrangement(meld, rules)
        assert arrangement.deadwood == 0 and len(arrangement.melds) == 1, meld
    values = [rules.card_value(Card.parse(c)) for c in args["deadwood_cards"]]
    assert sum(values) == args["deadwood"] == deadwood(cards, rules)


def assert_sum_step(step: dict[str, Any], rules: Rules) -> None:
    args = step["args"]
    assert args["values"] == [rules.card_value(Card.parse(c)) for c in args["cards"]]
    assert sum(args["values"]) == args["total"]


# --------------------------------------------------------------------------- kinds


def check_count(ex: Exercise) -> None:
    cards = list(ex.cards)
    least = deadwood(cards, ex.rules)
    right = {n for n in range(0, 151) if check_answer(ex, {"deadwood": n}).right}
    assert right == {least}
    verdict = check_answer(ex, {"deadwood": least})
    assert verdict.accepted == [{"deadwood": least}]
    melds_step, *rest = verdict.steps
    assert melds_step.code == "melds"
    assert_arrangement_step(melds_step.to_dict(), cards, ex.rules)
    assert_sum_step(rest[-1].to_dict(), ex.rules)
    assert ex.measure == arrangement_work(cards, ex.rules)
    # the reader's own melds: the best ones are right, none at all leaves all deadwood
    best = [m.to_dict()["cards"] for m in best_arrangement(cards, ex.rules).melds]
    assert check_answer(ex, {"deadwood": least, "melds": best}).right
    total = sum(ex.rules.card_value(c) for c in cards)
    assert not check_answer(ex, {"deadwood": least, "melds": []}).right or total == least


def check_discard(ex: Exercise) -> None:
    cards = list(ex.cards)
    kept = {c.code: deadwood([d for d in cards if d != c], ex.rules) for c in cards}
    least = min(kept.values())
    right = {c.code for c in cards if check_answer(ex, {"card": c.code}).right}
    assert right == {c for c, d in kept.items() if d == least}
    verdict = check_answer(ex, {"card": cards[0].code})
    assert sorted(a["card"] for a in verdict.accepted) == sorted(right)
    options = verdict.steps[0].args["options"]
    assert {o["card"]: o["deadwood"] for o in options} == kept
    best = Card.parse(verdict.accepted[0]["card"])
    assert_arrangement_step(verdict.steps[1].to_dict(), [c for c in cards if c != best], ex.rules)
    for card in CARDS:
        if card not in cards:
            with pytest.raises(ExerciseError) as error:
                check_answer(ex, {"card": card.code})
            assert error.value.reason == "not_in_hand"
            break


CHECKS = {"count": check_count, "discard": check_discard}


@pytest.mark.parametrize(("variant", "kind"), cases())
def test_accepted_is_exactly_what_the_engine_accepts(variant: str, kind: str) -> None:
    for ex in exercises(variant, kind):
        CHECKS[kind](ex)
        json.dumps(ex.to_dict())
        json.dumps(check_answer(ex, check_answer_first(ex)).to_dict())


def check_answer_first(ex: Exercise) -> dict[str, Any]:
    """An accepted answer (from a verdict on any readable answer)."""
    probe = {"count": {"deadwood": 0}, "discard": {"card": ex.cards[0].code}}[ex.kind]
    accepted: dict[str, Any] = check_answer(ex, probe).accepted[0]
    return accepted


@pytest.mark.parametrize(("variant", "kind"), cases())
def test_levels_grow_in_difficulty(variant: str, kind: str) -> None:
    means = [
        mean(difficulty(make_exercise(variant, kind, level, s)) for s in SEEDS) for level in LEVELS
    ]
    assert means == sorted(means) and len(set(means)) == len(means), means


@pytest.mark.parametrize("kind", KINDS[:2])
def test_a_seed_gives_one_exercise(kind: str) -> None:
    for variant in VARIANTS:
        for level in LEVELS:
            one = make_exercise(variant, kind, level, 12345)
            assert one == make_exercise(PRESETS[variant], kind, level, 12345)
            assert one.to_dict() == make_exercise(variant, kind, level, 12345).to_dict()
            assert one.to_dict()["seed"] == 12345 and one.to_dict()["variant"] == variant
    seeds = {
        json.dumps(make_exercise("standard", kind, 2, s).to_dict()["cards"]) for s in range(20)
    }
    assert len(seeds) > 15


def test_unknown_variant_kind_level_seed() -> None:
    for args, reason in (
        (("canasta", "count", 1, 0), "unknown_variant"),
        ((PRESETS["standard"].replace(gin_bonus=5), "count", 1, 0), "unknown_variant"),
        (("standard", "bridge", 1, 0), "unknown_kind"),
        (("standard", "count", 4, 0), "unknown_level"),
        (("standard", "count", True, 0), "unknown_level"),
        (("standard", "count", 1, -1), "bad_seed"),
        (("standard", "count", 1, MAX_SEED + 1), "bad_seed"),
        (("standard", "count", 1, "7"), "bad_seed"),
    ):
        with pytest.raises(ExerciseError) as error:
            make_exercise(*args)  # type: ignore[arg-type]
        assert error.value.reason == reason
        assert error.value.to_dict()["code"] == "exercise"
    assert make_exercise("gin-rami", "count", 1, MAX_SEED).rules is PRESETS["french"]


def test_malformed_answers_raise() -> None:
    count = make_exercise("standard", "count", 2, 3)
    discard = make_exercise("standard", "discard", 2, 3)
    for ex, answer, reason in (
        (count, [], "bad_answer"),
        (count, {}, "missing"),
        (count, {"deadwood": "ten"}, "bad_number"),
        (count, {"deadwood": -1}, "bad_number"),
        (count, {"deadwood": 1.5}, "bad_number"),
        (count, {"deadwood": True}, "bad_number"),
        (count, {"deadwood": 3, "melds": "7H 8H 9H"}, "bad_melds"),
        (
            count,
            {"deadwood": 3, "melds": [[count.cards[0].code, count.cards[-1].code]]},
            "bad_melds",
        ),
        (discard, {"card": "1Z"}, "bad_card"),
        (discard, {"card": 7}, "bad_card"),
        (discard, {"cards": "7H"}, "missing"),
    ):
        with pytest.raises(ExerciseError) as error:
            check_answer(ex, answer)  # type: ignore[arg-type]
        assert error.value.reason == reason, (answer, error.value.reason)
    assert check_answer(count, {"deadwood": "  12 "}).accepted  # a number typed as text
