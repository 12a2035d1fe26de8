"""The play page's table: whole games in every variant and scheme with legal moves
only, replay from seed and moves, take-back, seeds, shared deals and what-ifs."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ginrules.coach.table import BadSeedError, NotYourTurnError, Table, TakeBackError, deal_seed
from ginrules.deal import Deal, DrawDiscard, action_from_dict
from ginrules.errors import GinRulesError, IllegalActionError, UnknownVariantError
from ginrules.players import UnknownLevelError, get_player
from ginrules.rules import PRESETS, find_variant
from ginrules.score_entries import BadSchemeError, fill_sheet, schemes

GAMES = [(name, scheme) for name, rules in PRESETS.items() for scheme in schemes(rules)]


def play_out(table: Table, reader_seed: int = 5, level: str = "good") -> list[dict[str, Any]]:
    """Play the table to the end of its game: the reader is a computer player of
    ``level`` choosing on the reader's view, every move checked against the
    state's legal list. Returns every state seen."""
    reader = get_player(level, reader_seed)
    states = []
    while True:
        table.play_computer()
        state = table.state()
        states.append(state)
        if state["phase"] == "game_over":
            return states
        if state["phase"] == "over":
            table.next_deal()
            continue
        assert state["turn"] == "you"
        action = reader.choose(table.view())
        move = {"action": str(action).split()[0]}
        if hasattr(action, "card"):
            move["card"] = action.card.code
        assert move in state["legal"]
        table.act(move)


@pytest.mark.parametrize(("variant", "scheme"), GAMES)
def test_whole_games_in_every_variant_and_scheme(variant: str, scheme: str) -> None:
    table = Table(variant, scheme, "beginner", 21)
    states = play_out(table)
    final = states[-1]
    json.dumps(final)  # JSON-ready
    assert final["game"]["over"] and final["sheet"]["over"]
    assert final["turn"] is None and final["legal"] == []
    rules = find_variant(variant)
    # the sheet is the engine's sheet of the results, as the score sheet widget shows it
    assert final["sheet"] == fill_sheet(rules, scheme, list(table.sheet.results))
    assert final["game"]["totals"] == final["sheet"]["totals"]
    winner = final["sheet"]["winner"]
    assert final["game"]["winner"] == (None if winner is None else ("you", "computer")[winner])
    # deals are numbered on, each one's cards from (seed, number) only
    numbers = sorted({s["deal"] for s in states})
    assert numbers == list(range(1, final["deal"] + 1))
    for state in states:
        assert len(state["hand"]) in (10, 11)
        assert sorted(state["hand_by_rank"]) == sorted(state["hand"])
        assert state["opponent_cards"] in (10, 11)
        assert (state["result"] is None) == (state["phase"] not in ("over", "game_over"))


@pytest.mark.parametrize(("variant", "scheme"), GAMES)
def test_replay_from_seed_and_moves_gives_the_same_state(variant: str, scheme: str) -> None:
    table = Table(variant, scheme, "good", 4)
    final = play_out(table, 9)[-1]
    again = Table.replay(variant, scheme, "good", 4, table.moves())
    assert again.state() == final
    # and through JSON, as the page's move log travels
    logged = json.loads(json.dumps({"moves": table.moves(), **table.arguments()}))
    assert Table.replay(**logged).state() == final


def test_same_seed_same_game_and_a_different_seed_a_different_one() -> None:
    first = play_out(Table("standard", "game100", "expert", 77))
    second = play_out(Table("standard", "game100", "expert", 77))
    assert first == second
    other = play_out(Table("standard", "game100", "expert", 78))
    assert other[0]["hand"] != first[0]["hand"]
    assert [s["last"] for s in other] != [s["last"] for s in first]


def test_deal_n_cards_come_from_the_seed_and_its_number_only() -> None:
    table = Table("oklahoma", "game100", "good", 12, dealer="you")
    play_out(table)
    for number in (1, 2, 3):
        deal = Deal.new(find_variant("oklahoma"), seed=deal_seed(12, number), dealer=0)
        shared = Table("oklahoma", "game100", "good", 12, deal=number, dealer="you")
        state = shared.state()
        assert state["deal"] == number and state["first_deal"] == number
        assert state["hand"] == [c.code for c in sorted(deal.hands[0])]
        assert state["upcard"] == deal.upcard.code


def test_a_shared_deal_plays_as_in_the_game() -> None:
    """Deal 2 of a game, shared with its dealer and the scores before it: the same
    reader moves meet the same computer moves."""
    table = Table("standard", "game100", "expert", 31)
    states = play_out(table, 3)
    deal_two = [s for s in states if s["deal"] == 2]
    assert deal_two
    share = deal_two[0]["share"]
    moves = table.moves()
    nexts = [i for i, m in enumerate(moves) if m["action"] == "next"]
    moves_two = moves[nexts[0] + 1 : nexts[1]] if len(nexts) > 1 else moves[nexts[0] + 1 :]

    def replay_shared(whatif: bool = False) -> Table:
        return Table.replay(
            "standard",
            "game100",
            "expert",
            share["seed"],
            moves_two,
            deal=share["deal"],
            dealer=share["dealer"],
            scores=share["scores"],
            whatif=whatif,
        )

    end = replay_shared().state()
    original = next(s for s in states if s["deal"] == 2 and s["phase"] in ("over", "game_over"))
    assert end["result"] == original["result"]
    # a what-if of that deal replays it the same way, not scored
    whatif = replay_shared(whatif=True).state()
    assert whatif["whatif"] and whatif["phase"] == "game_over"
    assert whatif["result"] == original["result"]
    assert whatif["sheet"]["rows"] == [] and whatif["game"]["totals"] == [0, 0]


def test_whatif_table_is_the_last_finished_deal_again() -> None:
    table = Table("straight", "game250", "good", 8)
    with pytest.raises(IllegalActionError) as info:
        table.whatif_table()
    assert info.value.reason == "deal_not_over"
    reader = get_player("good", 1)
    while not table.deal.over:
        table.play_computer()
        if not table.deal.over:
            table.act(reader.choose(table.view()))
    first = table.state()
    whatif = table.whatif_table()
    state = whatif.state()
    assert state["whatif"] and state["deal"] == first["deal"]
    fresh = Table("straight", "game250", "good", 8, dealer=first["dealer"]).state()
    assert state["hand"] == fresh["hand"] and state["upcard"] == fresh["upcard"]
    assert state["share"]["dealer"] == first["dealer"]
    play_out(whatif)
    with pytest.raises(IllegalActionError) as info:
        whatif.next_deal()
    assert info.value.reason == "game_over"


def test_take_back_only_a_pile_card_before_discarding() -> None:
    table = Table("standard", "game100", "good", 3, dealer="computer")
    state = table.state()
    assert state["phase"] == "offer" and not state["can_take_back"]
    with pytest.raises(TakeBackError):
        table.take_back()
    before = table.state()
    table.act({"action": "take"})
    taken = table.state()
    assert taken["can_take_back"] and taken["taken"] == before["upcard"]
    assert {"action": "discard", "card": before["upcard"]} not in taken["legal"]
    table.take_back()
    assert table.state() == before
    assert table.moves() == []
    # once the card taken is kept and another thrown, nothing can be taken back
    table.act({"action": "take"})
    kept = table.state()
    throw = next(m for m in kept["legal"] if m["action"] == "discard")
    table.act(throw)
    assert not table.state()["can_take_back"]
    with pytest.raises(TakeBackError):
        table.take_back()
    table = Table("standard", "game100", "good", 3, dealer="computer")
    # a stock draw reveals a card: no take-back
    table.act({"action": "pass"})
    table.play_computer()
    state = table.state()
    if state["turn"] == "you" and {"action": "stock"} in state["legal"]:
        table.act({"action": "stock"})
        assert not table.state()["can_take_back"]
        with pytest.raises(TakeBackError):
            table.take_back()


def test_take_back_does_not_change_the_rest_of_the_game() -> None:
    plain = Table("standard", "one_deal", "expert", 40, dealer="computer")
    undo = Table("standard", "one_deal", "expert", 40, dealer="computer")
    undo.act({"action": "take"})
    undo.take_back()
    assert play_out(plain, 2) == play_out(undo, 2)


def test_moves_out_of_turn_and_illegal_moves_leave_the_table_unchanged() -> None:
    table = Table("standard", "game100", "good", 6, dealer="you")
    state = table.state()
    assert state["turn"] == "computer"
    with pytest.raises(NotYourTurnError) as info:
        table.act({"action": "pass"})
    assert info.value.reason == "not_your_turn"
    assert table.state() == state
    table.play_computer()
    state = table.state()
    assert state["turn"] == "you"
    with pytest.raises(NotYourTurnError):
        table.computer_move()
    for bad in (
        {"action": "discard", "card": state["hand"][0]},
        {"action": "knock", "card": state["hand"][0]},
        {"action": "fly"},
        {"action": "next"},
        {"nothing": 1},
    ):
        with pytest.raises(GinRulesError):
            table.act(bad)
        assert table.state() == state
    with pytest.raises(IllegalActionError) as info:
        table.next_deal()
    assert info.value.reason == "deal_not_over"


def test_bad_arguments_raise_typed_errors() -> None:
    with pytest.raises(UnknownVariantError):
        Table("canasta", "game100", "good", 1)
    with pytest.raises(BadSchemeError):
        Table("french", "game100", "good", 1)
    with pytest.raises(BadSchemeError):
        Table("standard", "manche", "good", 1)
    with pytest.raises(UnknownLevelError):
        Table("standard", "game100", "master", 1)
    for seed in (-1, 2**60, "7", True, 1.5):
        with pytest.raises(BadSeedError):
            Table("standard", "game100", "good", seed)  # type: ignore[arg-type]
    for deal in (0, -2, "3"):
        with pytest.raises(BadSeedError):
            Table("standard", "game100", "good", 1, deal=deal)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        Table("standard", "game100", "good", 1, dealer="me")
    with pytest.raises(IllegalActionError):
        Table("standard", "game100", "good", 1, scores=[1, 2, 3])


def test_the_state_shows_only_the_reader_seat() -> None:
    """Two tables whose deals differ only in the computer's hand and the stock give
    the same state until the deal ends."""
    table = Table("standard", "game100", "good", 15, dealer="computer")
    deal = table.deal
    assert table.state()["hand"] == [c.code for c in sorted(deal.hands[0])]
    text = json.dumps(table.state())
    hidden = [c.code for c in deal.hands[1] if c is not deal.upcard]
    hidden += [c.code for c in deal.stock]
    assert not any(f'"{code}"' in text for code in hidden)


def test_the_computer_draws_hidden_and_announces_the_rest() -> None:
    table = Table("standard", "game100", "good", 2, dealer="you")
    seen = table.play_computer()
    table.act({"action": "pass"} if table.state()["phase"] == "offer" else {"action": "stock"})
    for record in seen + table.play_computer():
        assert record["who"] == "computer"
        if record["action"] == "stock":
            assert record["card"] is None
        if record["action"] in ("discard", "knock", "gin", "take"):
            assert record["card"]
    state = table.state()
    assert state["last"][0]["who"] == "you"


def test_the_deal_end_shows_both_hands_and_the_showdown() -> None:
    for variant in PRESETS:
        table = Table(variant, "one_deal" if variant != "french" else "manche", "good", 19)
        reader = get_player("good", 4)
        while not table.deal.over:
            table.play_computer()
            if not table.deal.over:
                table.act(reader.choose(table.view()))
        result = table.state()["result"]
        assert result is not None
        deal = table.deal
        assert result["hands"]["computer"] == [c.code for c in sorted(deal.hands[1])]
        if result["dead"]:
            assert result["winner"] is None and result["showdown"] is None
            continue
        assert result["showdown"]["points"] == result["points"]
        assert result["knocker_deadwood"] == result["showdown"]["knocker_deadwood"]


def test_offer_actions_come_from_the_engine() -> None:
    table = Table("standard", "game100", "good", 9, dealer="computer")
    legal = table.state()["legal"]
    assert [action_from_dict({"type": m["action"]}) for m in legal] == table.deal.legal_actions()
    assert DrawDiscard() in table.deal.legal_actions()
