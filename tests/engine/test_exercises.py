"""Exercises (issue 24): each accepts exactly the answers the engine accepts, found by
trying every answer; each step of a solution is recomputed from the engine; levels
grow by the measure the module names; a seed gives one exercise; bad answers are
refused with a reason. The 1,000-per-kind run is ``benchmarks/exercises.py``."""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
from pathlib import Path
from statistics import mean
from typing import Any

import pytest

from ginrules.cards import CARDS, Card
from ginrules.coach.exercises import (
    HOLLYWOOD_LEVEL,
    KINDS,
    LEVELS,
    MAX_SEED,
    Exercise,
    ExerciseError,
    arrangement_work,
    candidate_arrangements,
    check_answer,
    difficulty,
    kinds_for,
    make_exercise,
)
from ginrules.going_out import check_going_out
from ginrules.melds import best_arrangement, best_discards, deadwood
from ginrules.rules import PRESETS, Rules
from ginrules.score_entries import fill_sheet, parse_entries, schemes
from ginrules.showdown import layoff_cards, showdown

VARIANTS = list(PRESETS)
SEEDS = range(30)  # per level: 90 exercises of each kind in each variant


def built(variant: str) -> tuple[str, ...]:
    return kinds_for(variant)


def cases() -> list[tuple[str, str]]:
    return [(v, k) for v in VARIANTS for k in built(v)]


@functools.cache
def exercises(variant: str, kind: str) -> tuple[Exercise, ...]:
    return tuple(make_exercise(variant, kind, level, seed) for level in LEVELS for seed in SEEDS)


def assert_arrangement_step(
    step: dict[str, Any], cards: list[Card], rules: Rules, least: int | None = None
) -> None:
    """A ``melds`` step: real melds, the rest is the deadwood, summed right, and the
    least deadwood of the cards (or ``least``: Gin Rami spreads the least among the
    arrangements that meld eight cards)."""
    args = step["args"]
    shown: list[str] = [c for meld in args["melds"] for c in meld] + args["deadwood_cards"]
    assert sorted(shown) == sorted(c.code for c in cards)
    for meld in args["melds"]:
        arrangement = best_arrangement(meld, rules)
        assert arrangement.deadwood == 0 and len(arrangement.melds) == 1, meld
    values = [rules.card_value(Card.parse(c)) for c in args["deadwood_cards"]]
    assert sum(values) == args["deadwood"] == (deadwood(cards, rules) if least is None else least)


def is_meld(cards: list[Card], rules: Rules) -> bool:
    """A set (three or four of a rank) or a run (three or more in a suit in a row, round
    the corner where the rules allow), checked without the engine."""
    if len(cards) < 3 or len(set(cards)) < len(cards):
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) > 1:
        return False
    ranks = {c.rank for c in cards}
    starts = range(1, 14) if rules.round_the_corner else [min(ranks)]
    return any({(start - 1 + i) % 13 + 1 for i in range(len(cards))} == ranks for start in starts)


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
    decoys = sum(1 for d in kept.values() if least < d <= least + 2)
    kept_melds = len(best_discards(cards, ex.rules)[0].arrangement.melds)
    assert ex.measure == kept_melds + candidate_arrangements(cards, ex.rules) - 1 + decoys
    assert_arrangement_step(verdict.steps[1].to_dict(), [c for c in cards if c != best], ex.rules)
    for card in CARDS:
        if card not in cards:
            with pytest.raises(ExerciseError) as error:
                check_answer(ex, {"card": card.code})
            assert error.value.reason == "not_in_hand"
            break


def check_go_out(ex: Exercise) -> None:
    rules = ex.rules
    verdict = check_going_out(list(ex.cards), rules, ex.upcard)
    if not verdict.allowed:
        value = "none"
    elif verdict.kind == "knock" and rules.knock_min_melded:
        value = "go_down"
    else:
        value = str(verdict.kind)
    values = [c["value"] for c in ex.to_dict()["choices"]]
    assert value in values and len(values) == (2 if rules.gin_only else 3)
    assert {v for v in values if check_answer(ex, {"choice": v}).right} == {value}
    steps = {s.code: s.args for s in check_answer(ex, {"choice": value}).steps}
    assert verdict.arrangement is not None
    melded = sum(len(m) for m in steps["melds"]["melds"])
    if verdict.reason == "too_few_melded":
        assert melded == verdict.melded < rules.knock_min_melded
    else:
        assert steps["melds"]["deadwood"] == verdict.deadwood and melded == verdict.melded
        assert sorted(steps["melds"]["deadwood_cards"]) == sorted(
            c.code for c in verdict.arrangement.unmatched
        )
    for meld in steps["melds"]["melds"]:
        assert best_arrangement(meld, rules).deadwood == 0
    if "knock_max" in steps:
        assert steps["knock_max"] == {
            "deadwood": verdict.deadwood,
            "max": rules.knock_limit(ex.upcard),
        }
    if "melded_min" in steps:
        assert steps["melded_min"] == {"melded": verdict.melded, "min": rules.knock_min_melded}
    if rules.upcard_sets_knock_limit:
        assert ex.upcard is not None and ex.upcard not in ex.cards
        assert steps["upcard_limit"]["max"] == rules.knock_limit(ex.upcard)
    else:
        assert ex.upcard is None
    assert steps["going_out"] == {"choice": value, "reason": verdict.reason}
    limit = rules.knock_limit(ex.upcard)
    if limit is None:
        near = int(abs(verdict.melded - rules.knock_min_melded) <= 1)
        near += int(verdict.deadwood != deadwood(list(ex.cards), rules))
    else:
        near = int(limit > 0 and abs(verdict.deadwood - limit) <= 2)
    moved = int(limit != rules.knock_max_deadwood)
    assert ex.measure == arrangement_work(list(ex.cards), rules) + near + moved
    with pytest.raises(ExerciseError) as error:
        check_answer(ex, {"choice": "big_gin" if rules.big_gin else "maybe"})
    assert error.value.reason == "bad_choice"


def check_showdown(ex: Exercise) -> None:
    rules = ex.rules
    data = ex.to_dict()
    knocker = [Card.parse(c) for c in data["knocker"]]
    defender = [Card.parse(c) for c in data["defender"]]
    assert knocker == list(ex.cards) and len(defender) == 10
    assert not set(knocker) & set(defender) and ex.upcard not in knocker + defender
    result = showdown(knocker, defender, rules, ex.upcard, data["spread"])
    verdict = check_answer(ex, {"layoffs": [], "points": 0, "winner": "knocker"})
    sets = [frozenset(a["layoffs"]) for a in verdict.accepted]
    assert frozenset(x.card.code for x in result.layoffs) in sets
    for laid in sets:
        rest = [c for c in defender if c.code not in laid]
        assert deadwood(rest, rules) == result.defender_deadwood
    if not result.layoffs_allowed:
        assert sets == [frozenset()]
    assert {(a["points"], a["winner"]) for a in verdict.accepted} == {
        (result.points, result.winner)
    }
    # every lay-off choice among the cards that matter, both winners
    fits = set(layoff_cards(result.spread, rules))
    relevant = sorted({c for s in sets for c in s} | {c.code for c in defender if c in fits})
    relevant += [c.code for c in defender if c.code not in relevant][: max(0, 6 - len(relevant))]
    for size in range(len(relevant) + 1):
        for laid_cards in itertools.combinations(relevant, size):
            for winner in ("knocker", "defender"):
                answer = {"layoffs": list(laid_cards), "points": result.points, "winner": winner}
                expected = frozenset(laid_cards) in sets and winner == result.winner
                assert check_answer(ex, answer).right == expected, answer
    laid = list(sets[0])
    right = {
        p
        for p in range(0, 301)
        if check_answer(ex, {"layoffs": laid, "points": p, "winner": result.winner}).right
    }
    assert right == {result.points}
    steps = [s.to_dict() for s in verdict.steps]
    assert_arrangement_step(steps[0], knocker, rules, result.knocker_deadwood)
    assert result.knocker_deadwood == check_going_out(knocker, rules, ex.upcard).deadwood
    score = steps[-1]["args"]
    assert score["points"] == sum(t["value"] for t in score["terms"]) == result.points
    assert [t.to_dict() for t in result.terms] == score["terms"]
    layoffs = [s["args"]["card"] for s in steps if s["code"] == "layoff"]
    chained = sum(1 for x in result.layoffs if x.card not in fits)
    extra = int(result.outcome == "undercut") + int(result.multiplier > 1)
    assert ex.measure == arrangement_work(defender, rules) + len(layoffs) + chained + extra
    assert layoffs == [x.card.code for x in result.layoffs]
    for step in (s for s in steps if s["code"] == "layoff"):
        # "9♥ is laid off on 5♥ 6♥ 7♥ 8♥": the meld as the lay-offs before left it, and
        # the card joins it (a chained card does not join the meld as first spread)
        meld = [Card.parse(c) for c in step["args"]["meld"]]
        assert is_meld(meld, rules) and is_meld([*meld, Card.parse(step["args"]["card"])], rules)
        if len({c.rank for c in meld}) > 1:  # a run is shown in its order: Q K A 2
            assert all((b.rank - a.rank) % 13 == 1 for a, b in itertools.pairwise(meld)), meld
    with pytest.raises(ExerciseError) as error:
        check_answer(ex, {"layoffs": [knocker[0].code], "points": 1, "winner": "knocker"})
    assert error.value.reason == "not_in_hand"


def check_stock_end(ex: Exercise) -> None:
    rules = ex.rules
    data = ex.to_dict()
    left = data["stock_left"] - sum(1 for m in data["moves"] if m["code"] == "draw_stock")
    if rules.stock_end == "dead_hand":
        value = "dead" if left <= rules.dead_hand_cards else "continue"
    else:
        value = "reshuffle" if left == 0 else "continue"
    assert data["moves"][-1]["code"] == "discard"
    assert Card.parse(data["moves"][-1]["card"]) in ex.cards and len(ex.cards) == 11
    right = {v for v in ("continue", "dead", "reshuffle") if check_answer(ex, {"choice": v}).right}
    assert right == {value}
    steps = {s.code: s.args for s in check_answer(ex, {"choice": value}).steps}
    assert steps["stock_count"]["left"] == left
    assert steps["stock_result"]["choice"] == value
    assert ex.measure == len(data["moves"])


def check_sheet(ex: Exercise) -> None:
    rules = ex.rules
    data = ex.to_dict()
    entries = [
        "dead" if d["outcome"] == "dead" else f"{d['player']} {d['points']} {d['outcome']}"
        for d in data["deals"]
    ]
    sheet = fill_sheet(rules, data["scheme"], parse_entries("; ".join(entries), rules))
    game = None
    if data["scheme"] == "hollywood" and not sheet["over"]:
        # three games apart: the question is one game's lead, worked out here from the
        # points of that game's rows (their sum with the other games is no score)
        assert sheet["totals"] is None
        game = data["game"]
        assert data["question"] == {"code": "sheet_leader_game", "args": {"game": game}}
        points = [0, 0]
        for r in sheet["rows"]:
            if r["kind"] != "entered" and r["game"] == game and r["player"] is not None:
                points[r["player"]] += r["points"]
        a, b = points
        assert (a, b) != (0, 0)  # a game that has a score is asked about
    else:
        assert data["question"]["code"] == "sheet_leader" and "game" not in data
        a, b = sheet["totals"]
    leader, lead = ("A" if a > b else "B" if b > a else "none"), abs(a - b)
    right = {
        (who, n)
        for who in ("A", "B", "none")
        for n in range(0, lead + 60)
        if check_answer(ex, {"leader": who, "lead": n}).right
    }
    assert right == {(leader, lead)}
    steps = [s.to_dict() for s in check_answer(ex, {"leader": leader, "lead": lead}).steps]
    if data["scheme"] == "hollywood":
        # one line per deal and game, each naming both, none for a win's "entered in"
        lines = [s["args"] for s in steps if s["code"] == "game_rows"]
        keys = [(line["deal"], line["game"]) for line in lines]
        assert len(keys) == len(set(keys)) and all(line["game"] >= 1 for line in lines)
        rows = [r for line in lines for r in line["rows"]]
        sheet_rows = [r for r in sheet["rows"] if r["kind"] != "entered"]
        assert len(sheet["rows"]) == ex.measure
        for line in lines:
            last = [
                r for r in sheet["rows"] if (r["deal"], r["game"]) == (line["deal"], line["game"])
            ]
            assert line["totals"] == last[-1]["totals"]
    else:
        rows = [s["args"] for s in steps if s["code"] == "row"]
        sheet_rows = sheet["rows"]
        assert len(rows) == len(sheet["rows"]) == ex.measure
    assert [r["points"] for r in rows] == [r["points"] for r in sheet_rows]
    if game is None:
        assert steps[-1] == {
            "code": "lead",
            "args": {"totals": [a, b], "leader": leader, "lead": lead},
        }
    else:
        assert steps[-1] == {
            "code": "game_lead",
            "args": {"game": game, "totals": [a, b], "leader": leader, "lead": lead},
        }
    # the Hollywood page's "practise" link opens this level: its sheets are Hollywood's
    hollywood = "hollywood" in schemes(rules)
    assert (data["scheme"] == "hollywood") == (hollywood and ex.level == HOLLYWOOD_LEVEL)


CHECKS = {
    "count": check_count,
    "discard": check_discard,
    "go_out": check_go_out,
    "showdown": check_showdown,
    "stock_end": check_stock_end,
    "sheet": check_sheet,
}


@pytest.mark.parametrize(("variant", "kind"), cases())
def test_accepted_is_exactly_what_the_engine_accepts(variant: str, kind: str) -> None:
    for ex in exercises(variant, kind):
        CHECKS[kind](ex)
        json.dumps(ex.to_dict())
        json.dumps(check_answer(ex, check_answer_first(ex)).to_dict())


def check_answer_first(ex: Exercise) -> dict[str, Any]:
    """An accepted answer (from a verdict on any readable answer)."""
    probe = {
        "count": {"deadwood": 0},
        "discard": {"card": ex.cards[0].code if ex.cards else ""},
        "go_out": {"choice": "none"},
        "showdown": {"layoffs": [], "points": 0, "winner": "knocker"},
        "stock_end": {"choice": "dead"},
        "sheet": {"leader": "none", "lead": 0},
    }[ex.kind]
    accepted: dict[str, Any] = check_answer(ex, probe).accepted[0]
    return accepted


@pytest.mark.parametrize(("variant", "kind"), cases())
def test_levels_grow_in_difficulty(variant: str, kind: str) -> None:
    means = [
        mean(difficulty(ex) for ex in exercises(variant, kind) if ex.level == level)
        for level in LEVELS
    ]
    assert means == sorted(means) and len(set(means)) == len(means), means


# CPython only (tests/pyodide/test_engine_in_pyodide.py deselects it: the 90 above run there)
THOUSAND = range(1000)  # seeds 0 to 999, the level cycling 1, 2, 3


@pytest.mark.parametrize(("variant", "kind"), cases())
def test_a_thousand_of_each_kind(variant: str, kind: str) -> None:
    """1,000 exercises of each kind in each variant accept exactly the answers the
    engine accepts, ties included, and their levels grow in difficulty."""
    by_level: dict[int, list[float]] = {level: [] for level in LEVELS}
    for seed in THOUSAND:
        ex = make_exercise(variant, kind, LEVELS[seed % len(LEVELS)], seed)
        CHECKS[kind](ex)
        by_level[ex.level].append(difficulty(ex))
    means = [mean(by_level[level]) for level in LEVELS]
    assert means == sorted(means) and len(set(means)) == len(means), means


@pytest.mark.parametrize("kind", KINDS)
def test_a_seed_gives_one_exercise(kind: str) -> None:
    for variant in VARIANTS:
        for level in LEVELS:
            one = make_exercise(variant, kind, level, 12345)
            assert one == make_exercise(PRESETS[variant], kind, level, 12345)
            assert one.to_dict() == make_exercise(variant, kind, level, 12345).to_dict()
            assert one.to_dict()["seed"] == 12345 and one.to_dict()["variant"] == variant
    seeds = {
        json.dumps({**make_exercise("standard", kind, 2, s).to_dict(), "seed": 0})
        for s in range(20)
    }
    assert len(seeds) > 15


def test_a_link_gives_the_same_exercise_everywhere() -> None:
    """The site's build (CPython) and the reader's browser (Pyodide, where this test runs
    too) deal the same exercise from a link: nothing depends on the hash seed or the
    platform. A change to the dealing that is meant changes every shared link: update
    the digest then."""
    assert make_exercise("standard", "count", 1, 7).to_dict()["cards"] == (
        ["2S", "6H", "JH", "KH", "KD", "2C", "5C", "9C", "TC", "JC"]
    )
    dealt = [make_exercise(v, k, 2, 7).to_dict() for v in VARIANTS for k in KINDS]
    digest = hashlib.sha256(json.dumps(dealt, sort_keys=True).encode()).hexdigest()
    assert digest[:16] == "053b1e8895a6f55c"


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


def test_every_rule_named_is_a_section_of_the_variant_pages() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    anchors = {
        line.strip()[1:-2]
        for page in docs.glob("*.md")
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("(") and line.strip().endswith(")=")
    }
    named = set()
    for variant, kind in cases():
        for level in LEVELS:
            for seed in SEEDS[:5]:
                ex = make_exercise(variant, kind, level, seed)
                named.add(check_answer(ex, check_answer_first(ex)).rule)
    assert named <= anchors, named - anchors
    assert {"standard-layoffs", "hollywood-game-scoring", "gin-rami-stock"} <= named
