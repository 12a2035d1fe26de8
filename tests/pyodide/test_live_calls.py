"""The worker's call module under CPython: the same code answers in the browser."""

from __future__ import annotations

import json
from typing import Any

from ginrules import DuplicateCardError, HandSizeError, UnknownCardError, parse_hand
from ginrules_site.live.ginrules_live import call


def reply(name: str, args: Any) -> Any:
    return json.loads(call(name, json.dumps(args)))


def test_parse_gives_canonical_codes() -> None:
    assert reply("parse", {"cards": "10h, 7s ♠q"}) == {
        "ok": True,
        "value": {"cards": ["TH", "7S", "QS"]},
    }


def test_engine_errors_come_back_with_code_and_params() -> None:
    assert reply("parse", {"cards": "7H 1Z"})["error"] == UnknownCardError("1Z").to_dict()
    assert reply("parse", {"cards": "7H 7h"})["error"] == DuplicateCardError("7H").to_dict()
    error = reply("parse", {"cards": "7H 8H", "sizes": [10, 11]})["error"]
    assert error == HandSizeError(2, "10 or 11").to_dict()


def test_bad_calls_never_raise() -> None:
    assert reply("nope", {})["error"]["code"] == "bad_call"
    assert reply("parse", [1, 2])["error"]["code"] == "bad_call"
    assert reply("parse", {"cards": 7})["error"]["code"] == "bad_call"
    assert json.loads(call("parse", "{not json"))["error"]["code"] == "bad_call"


def test_stock_is_the_build_time_deal_log() -> None:
    from ginrules import find_variant
    from ginrules_site.directives.deals import play

    for variant, seed in (("straight", 8), ("standard", 3)):
        value = reply("stock", {"variant": variant, "seed": str(seed)})["value"]
        deal, dealt, stock_after = play(find_variant(variant), seed, 0, "random")
        assert deal.result is not None
        assert value["log"] == deal.log
        assert value["stock_after"] == stock_after
        assert value["dealt"] == [[c.code for c in hand] for hand in dealt]
        assert value["result"] == deal.result.to_dict()
    assert reply("stock", {"seed": "<b>"})["error"]["code"] == "bad_seed"


def test_melds_and_showdown_match_the_engine() -> None:
    from ginrules import STANDARD
    from ginrules.melds import best_discards
    from ginrules.showdown import showdown

    hand = "7H 8H 9H KS KH KD 2C 5D AS 3C QC"
    value = reply("melds", {"cards": hand})["value"]
    best = best_discards(parse_hand(hand), STANDARD)
    assert value["discards"] == [d.discard.code for d in best if d.discard]
    assert value["arrangement"] == best[0].arrangement.to_dict()
    knocker, defender = "7H 8H 9H KS KH KD AC 2C 3C 4D", "TH JH 5S 5C 5D QS QC 2D 3S 9S"
    value = reply("showdown", {"knocker": knocker, "defender": defender})["value"]
    assert value == showdown(knocker, defender, STANDARD).to_dict()


def test_new_seed_is_a_deal_number_drawn_at_random() -> None:
    seeds = {reply("new_seed", {})["value"]["seed"] for _ in range(20)}
    assert len(seeds) > 1
    assert all(isinstance(s, int) and 0 <= s < 1_000_000 for s in seeds)
    # the stock-end widget takes it as its deal number
    assert reply("stock", {"seed": str(min(seeds))})["value"]["seed"] == min(seeds)


# --- one engine answer per question: the directive's data path and the live call ---------


def _random_hands(seed: int, count: int) -> list[list[str]]:
    import random

    from ginrules.cards import CARDS

    rng = random.Random(seed)
    return [[c.code for c in rng.sample(CARDS, rng.randint(1, 11))] for _ in range(count)]


def test_hand_reports_are_identical_for_every_variant() -> None:
    from ginrules.cards import Card
    from ginrules.rules import PRESETS
    from ginrules_site.directives import examples

    for n, (name, rules) in enumerate(PRESETS.items()):
        for i, codes in enumerate(_random_hands(n, 60)):
            upcard = None if i % 3 else next(c for c in ("7S", "AD", "KH") if c not in codes)
            cards = [Card.parse(c) for c in codes]
            built = examples.hand(cards, rules, None if upcard is None else Card.parse(upcard))
            args = {"variant": name, "cards": " ".join(codes), "upcard": upcard or ""}
            assert reply("melds", args) == {"ok": True, "value": built.to_dict()}, codes


def test_showdown_reports_are_identical_for_every_variant() -> None:
    import random

    from ginrules.cards import CARDS
    from ginrules.errors import GinRulesError
    from ginrules.rules import PRESETS
    from ginrules_site.directives import examples

    for n, (name, rules) in enumerate(PRESETS.items()):
        rng = random.Random(100 + n)
        seen = {"ok": 0, "refused": 0}
        for _ in range(40):
            deck = rng.sample(CARDS, 21)
            knocker, defender, upcard = deck[:10], deck[10:20], deck[20]
            args = {
                "variant": name,
                "knocker": " ".join(c.code for c in knocker),
                "defender": " ".join(c.code for c in defender),
                "upcard": upcard.code,
            }
            try:
                built = examples.showdown(knocker, defender, rules, upcard).to_dict()
            except GinRulesError as error:
                assert reply("showdown", args) == {"ok": False, "error": error.to_dict()}
                seen["refused"] += 1
                continue
            value = reply("showdown", args)["value"]
            assert value.pop("upcard")["code"] == upcard.code
            assert value == built
            seen["ok"] += 1
        assert seen["refused"] > 0


def test_deal_log_reports_are_identical_for_every_variant() -> None:
    from ginrules.rules import PRESETS
    from ginrules_site.directives.deals import play

    for name, rules in PRESETS.items():
        for seed in (1, 8, 31):
            for kind in ("good", "random"):
                deal, dealt, stock_after = play(rules, seed, 0, kind)
                args = {"variant": name, "seed": str(seed), "players": kind}
                value = reply("stock", args)["value"]
                assert deal.result is not None
                assert value["log"] == deal.log
                assert value["stock_after"] == stock_after
                assert value["dealt"] == [[c.code for c in hand] for hand in dealt]
                assert value["result"] == deal.result.to_dict()
                assert value["upcard"] == deal.upcard.code


def test_score_sheet_reports_are_identical_for_every_variant() -> None:
    import random

    from ginrules.match import entry_outcomes
    from ginrules.rules import PRESETS
    from ginrules.score_entries import points_range, schemes
    from ginrules_site.live import widgets

    for n, (name, rules) in enumerate(PRESETS.items()):
        rng = random.Random(200 + n)
        words = entry_outcomes(rules)
        for scheme in schemes(rules):
            entries = []
            for _ in range(rng.randint(1, 8)):
                if rng.random() < 0.15:
                    entries.append("dead")
                    continue
                word = rng.choice(list(words))
                fewest, most = points_range(rules, words[word])
                entries.append(f"{rng.choice('AB')} {rng.randint(fewest, min(most, 90))} {word}")
            text = "; ".join(entries)
            args = {"variant": name, "scheme": scheme, "deals": text}
            try:
                built = widgets.score_sheet_report(rules, scheme, text)
            except Exception as error:  # the match ended before the last entry
                assert reply("scoresheet", args)["error"]["code"] == "match_over", error
                continue
            assert reply("scoresheet", args) == {"ok": True, "value": built}


def test_every_warm_up_call_is_answered() -> None:
    """The worker's warm-up before the snapshot: a real call of each kind, every variant."""
    from ginrules import PRESETS
    from ginrules_site.live.ginrules_live import HANDLERS, warm_calls

    calls = json.loads(warm_calls())
    assert {name for name, _args in calls} <= set(HANDLERS)
    assert {args["variant"] for name, args in calls if name == "melds"} == set(PRESETS)
    assert {"melds", "showdown", "stock"} <= {name for name, _args in calls}
    for name, args in calls:
        assert reply(name, args)["ok"], (name, args)


# In a fresh interpreter: the modules a hand's first answer waited for, and those there
# once the warm-up calls are made (what the memory snapshot then holds).
PLAY_MODULES = ("ginrules.players", "ginrules.deal", "ginrules.coach.table", "ginrules.coach.tutor")
IMPORTS = """
import json, sys
import ginrules_site.live.ginrules_live as live
PLAY = PLAY_MODULES
assert json.loads(live.call("melds", json.dumps({"cards": "7H 8H 9H 2C"})))["ok"]
calls = json.loads(live.warm_calls())
first = [m for m in PLAY if m in sys.modules]
for name, args in calls:
    live.call(name, json.dumps(args))
print(json.dumps([first, [m for m in PLAY if m in sys.modules]]))
""".replace("PLAY_MODULES", repr(PLAY_MODULES))


def test_a_hands_first_answer_imports_no_player_and_the_warm_up_imports_all() -> None:
    """In Pyodide a page's first answer waits for every module it imports: a hand's
    answer imports neither the computer players nor the play page's table, and
    neither does asking for the warm-up calls (the worker asks as it gets ready,
    before the first call); the warm-up calls, made once the reader is idle, before
    the snapshot, import them, so that a restored engine imports nothing."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", IMPORTS], capture_output=True, text=True, check=True
    )
    first, warmed = json.loads(done.stdout)
    assert first == []
    assert warmed == list(PLAY_MODULES)


def test_exercise_calls_are_the_engines() -> None:
    """The exercises page's calls: the engine's exercise for a seed (one drawn when none is
    given) and its verdict, made again from the seed; bad arguments come back as codes."""
    from ginrules.coach.exercises import check_answer, make_exercise

    args = {"variant": "oklahoma", "kind": "showdown", "level": 2, "seed": 5}
    exercise = make_exercise("oklahoma", "showdown", 2, 5)
    assert reply("exercise_new", args) == {"ok": True, "value": exercise.to_dict()}
    answer = {"layoffs": [], "points": 3, "winner": "defender"}
    verdict = check_answer(exercise, answer).to_dict()
    assert reply("exercise_check", {**args, "answer": answer}) == {"ok": True, "value": verdict}
    drawn = reply("exercise_new", {"variant": "french", "kind": "count", "level": 1})["value"]
    assert drawn == make_exercise("french", "count", 1, drawn["seed"]).to_dict()
    assert reply("exercise_new", {**args, "kind": "poker"})["error"]["reason"] == "unknown_kind"
    assert reply("exercise_new", {**args, "level": "x"})["error"]["code"] == "bad_call"
    assert reply("exercise_check", args)["error"]["code"] == "bad_call"
    bad = reply("exercise_check", {**args, "answer": {"points": 1}})["error"]
    assert (bad["code"], bad["reason"]) == ("exercise", "missing")
