"""The play table lets the reader choose their spread when going out.

Seed 95 (standard rules, game to 100, the good computer, the computer deals):
after these moves the reader may knock throwing AH with 6D 7D 8D and four 9s, or
with 6D 7D 8D 9D and three 9s. The first lets the computer lay off 5D only
(among the cards the reader has not seen), the second 5D or TD: the first is
the suggestion.
"""

from __future__ import annotations

from typing import Any

import pytest

from ginrules.coach.table import Table
from ginrules.errors import IllegalActionError

ARGS: dict[str, Any] = {
    "rules": "standard",
    "scheme": "game100",
    "level": "good",
    "seed": 95,
    "dealer": "computer",
}
MOVES: list[dict[str, Any]] = [
    {"action": "take"},
    {"action": "discard", "card": "7C"},
    {"action": "stock"},
    {"action": "discard", "card": "6H"},
    {"action": "stock"},
]
SUGGESTED = [["6D", "7D", "8D"], ["9S", "9H", "9D", "9C"]]
OTHER = [["6D", "7D", "8D", "9D"], ["9S", "9H", "9C"]]


def knocking() -> Table:
    return Table.replay(moves=MOVES, **ARGS)


def melds(showdown: dict[str, Any]) -> list[list[str]]:
    return [m["cards"] for m in showdown["spread"]["melds"]]


def test_the_state_lists_the_spreads_of_each_way_out_the_suggestion_first() -> None:
    state = knocking().state()
    assert {"action": "knock", "card": "AH"} in state["legal"]
    entry = next(s for s in state["spreads"] if s.get("card") == "AH")
    assert entry["action"] == "knock"
    options = entry["options"]
    assert [[m["cards"] for m in o["melds"]] for o in options] == [SUGGESTED, OTHER]
    assert [o["fits"] for o in options] == [["5D"], ["5D", "TD"]]
    assert [o["deadwood"] for o in options] == [options[0]["deadwood"]] * 2
    # every way out is listed, and only those
    outs = [m for m in state["legal"] if m["action"] in ("knock", "gin", "big_gin")]
    assert [{"action": s["action"], "card": s.get("card")} for s in state["spreads"]] == [
        {"action": m["action"], "card": m.get("card")} for m in outs
    ]


@pytest.mark.parametrize("chosen", [SUGGESTED, OTHER])
def test_the_reader_spreads_what_they_choose_and_a_replay_spreads_it_again(
    chosen: list[list[str]],
) -> None:
    table = knocking()
    table.act({"action": "knock", "card": "AH", "melds": chosen})
    result = table.state()["result"]
    assert result["knocker"] == "you"
    assert melds(result["showdown"]) == chosen
    assert table.deal.result is not None and table.deal.result.showdown is not None
    assert table.moves()[-1] == {"action": "knock", "card": "AH", "melds": chosen}
    again = Table.replay(moves=table.moves(), **ARGS)
    assert again.state() == table.state()


def test_a_knock_without_melds_spreads_the_suggestion() -> None:
    table = knocking()
    table.act({"action": "knock", "card": "AH"})
    assert melds(table.state()["result"]["showdown"]) == SUGGESTED
    assert table.moves()[-1] == {"action": "knock", "card": "AH"}


def test_a_spread_that_is_not_of_least_deadwood_is_refused() -> None:
    table = knocking()
    before = table.state()
    with pytest.raises(IllegalActionError) as info:
        table.act({"action": "knock", "card": "AH", "melds": [["6D", "7D", "8D"]]})
    assert info.value.reason == "bad_spread"
    assert table.state() == before and table.moves() == MOVES
