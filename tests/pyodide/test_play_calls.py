"""The play page's worker calls under CPython: a game played through them equals
the engine's table, and bad calls come back as typed errors."""

from __future__ import annotations

import json
from typing import Any

from ginrules.coach.table import Table
from ginrules_site.live.ginrules_live import call


def reply(name: str, args: Any) -> Any:
    answer = json.loads(call(name, json.dumps(args)))
    return answer["value"] if answer["ok"] else answer["error"]


def play_deal(table: int, state: dict[str, Any]) -> dict[str, Any]:
    """Play one deal through the calls: the reader takes the tutor's expert move."""
    while state["phase"] not in ("over", "game_over"):
        if state["turn"] == "computer":
            answer = reply("play_computer", {"table": table})
            assert answer["move"]["who"] == "computer"
            state = answer["state"]
            continue
        expert = reply("play_tutor", {"table": table})["expert"]
        move = {
            "action": expert["action"],
            **({"card": expert["card"]} if "card" in expert else {}),
        }
        assert move in state["legal"]
        state = reply("play_act", {"table": table, "action": move})["state"]
    return state


def test_a_game_through_the_calls_replays_in_the_engine() -> None:
    new = reply(
        "play_new", {"variant": "standard", "scheme": "game100", "level": "good", "seed": 3}
    )
    table, state = new["table"], new["state"]
    assert state["seed"] == 3 and state["share"]["seed"] == 3
    while True:
        state = play_deal(table, state)
        if state["phase"] == "game_over":
            break
        state = reply("play_next", {"table": table})["state"]
    logged = reply("play_moves", {"table": table})
    assert Table.replay(**logged["arguments"], moves=logged["moves"]).state() == state
    args = {**logged["arguments"], "variant": logged["arguments"].pop("rules")}
    again = reply("play_new", {**args, "moves": logged["moves"]})
    assert again["state"] == state and again["table"] != table


def test_take_back_whatif_and_review() -> None:
    new = reply(
        "play_new",
        {
            "variant": "oklahoma",
            "scheme": "one_deal",
            "level": "expert",
            "seed": 12,
            "dealer": "computer",
        },
    )
    table, state = new["table"], new["state"]
    assert reply("play_take_back", {"table": table})["reason"] == "no_take_back"
    taken = reply("play_act", {"table": table, "action": {"action": "take"}})["state"]
    assert taken["can_take_back"]
    assert reply("play_take_back", {"table": table})["state"] == state
    end = play_deal(table, state)
    assert end["phase"] == "game_over"
    review = reply("play_review", {"table": table, "deal": 1, "turn": 1})
    assert review["turn"] == 1 and review["turns"] >= 1
    assert review["hand"] == state["hand"] and review["tutor"]["phase"] == "offer"
    assert reply("play_review", {"table": table, "deal": 1, "turn": 0})["reason"] == "no_turn"
    assert reply("play_review", {"table": table, "deal": 2, "turn": 1})["reason"] == "no_review"
    whatif = reply("play_whatif", {"table": table})
    assert whatif["state"]["whatif"] and whatif["state"]["hand"] == state["hand"]
    assert play_deal(whatif["table"], whatif["state"])["result"] == end["result"]


def test_bad_play_calls_are_typed_errors() -> None:
    base = {"variant": "standard", "scheme": "game100", "level": "good"}
    assert reply("play_new", {**base, "variant": "canasta"})["code"] == "unknown_variant"
    assert reply("play_new", {**base, "scheme": "manche"})["code"] == "bad_scheme"
    assert reply("play_new", {**base, "level": "master"})["code"] == "unknown_level"
    assert reply("play_new", {**base, "seed": "x1"})["code"] == "bad_seed"
    assert reply("play_new", {**base, "seed": -1})["code"] == "bad_seed"
    assert reply("play_new", {**base, "deal": 0})["code"] == "bad_seed"
    assert reply("play_new", {**base, "dealer": "me"})["code"] == "bad_call"
    assert reply("play_new", {**base, "moves": "stock"})["code"] == "bad_call"
    assert reply("play_act", {"table": 10**9, "action": {"action": "pass"}})["code"] == "bad_call"
    table = reply("play_new", {**base, "seed": 1, "dealer": "you"})["table"]
    assert reply("play_act", {"table": table, "action": "pass"})["code"] == "bad_call"
    refused = reply("play_act", {"table": table, "action": {"action": "pass"}})
    assert refused["reason"] == "not_your_turn"
    assert "state" in reply("play_computer", {"table": table})
    random_seed = reply("play_new", {**base, "seed": None})["state"]["seed"]
    assert isinstance(random_seed, int)


def test_the_table_in_use_is_kept_while_others_come_and_go() -> None:
    from ginrules_site.live.ginrules_live import MAX_TABLES

    base = {"variant": "standard", "scheme": "one_deal", "level": "random", "seed": 2}
    mine = reply("play_new", base)["table"]
    for _ in range(MAX_TABLES * 2):
        reply("play_new", base)
        assert reply("play_tutor", {"table": mine})["phase"] == "offer"  # in use: kept
    idle = reply("play_new", base)["table"]
    for _ in range(MAX_TABLES):
        reply("play_new", base)
    assert reply("play_tutor", {"table": idle})["code"] == "bad_call"  # left unused: dropped


def test_a_restored_engine_forgets_the_tables_of_the_snapshots_page() -> None:
    from ginrules_site.live.ginrules_live import restored

    base = {"variant": "standard", "scheme": "one_deal", "level": "random", "seed": 2}
    table = reply("play_new", base)["table"]
    restored()
    assert reply("play_tutor", {"table": table})["code"] == "bad_call"
    assert reply("play_tutor", {"table": reply("play_new", base)["table"]})["phase"] == "offer"


def test_a_restored_engine_draws_new_random_numbers() -> None:
    """After a restore every generator would hold the snapshot's state: restored()
    reseeds the random module's (and those the engine's modules hold)."""
    import random

    from ginrules_site.live.ginrules_live import restored

    random.seed(1)
    as_in_the_snapshot = random.getstate()
    restored()
    assert random.getstate() != as_in_the_snapshot
