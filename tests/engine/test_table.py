"""The play page's table: whole games in every variant and scheme with legal moves
only, replay from seed and moves, take-back, seeds, shared deals and what-ifs."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from ginrules.coach.table import (
    BadSeedError,
    BadSheetLinkError,
    NotYourTurnError,
    Table,
    TakeBackError,
    deal_seed,
    read_sheet_link,
    sheet_link,
)
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
        # the recap shows the upcard only where it decided something (Oklahoma)
        shown = (state["result"] or {}).get("showdown") or {}
        if shown:
            matters = rules.upcard_sets_knock_limit or rules.spade_doubling != "none"
            assert ("upcard" in shown) == matters
        # a card taken from the pile is never the card "drawn" (from the stock)
        assert state["taken"] is None or state["drawn"] is None
        if state["taken"] is not None:
            assert state["taken"] in state["hand"]


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


def play_to_deal(table: Table, number: int, reader_seed: int = 5) -> bool:
    """Play the table (as :func:`play_out`) until deal ``number`` is dealt and it is
    the reader's turn; False if the game ends first."""
    reader = get_player("good", reader_seed)
    while True:
        table.play_computer()
        state = table.state()
        if state["phase"] == "game_over":
            return False
        if state["deal"] == number and state["turn"] == "you":
            return True
        if state["phase"] == "over":
            table.next_deal()
        else:
            table.act(reader.choose(table.view()))


MID_GAMES = [
    ("standard", "hollywood", 919296562, 4),
    ("standard", "game100", 31, 3),
    ("oklahoma", "game250", 8, 3),
    ("french", "manche", 12, 3),
    ("french", "partie", 5, 4),
]


@pytest.mark.parametrize(("variant", "scheme", "seed", "number"), MID_GAMES)
def test_a_table_from_a_links_sheet_is_the_game_at_that_deal(
    variant: str, scheme: str, seed: int, number: int
) -> None:
    game = Table(variant, scheme, "good", seed, dealer="computer")
    assert play_to_deal(game, number)
    share = game.state()["share"]
    assert share["sheet"].count(".") == number - 1
    opened = Table(
        variant, scheme, "good", seed, deal=number, dealer=share["dealer"], sheet=share["sheet"]
    )
    opened.play_computer()
    # the same sheet, the same match as the players see it: the same computer (the
    # hands shown in earlier deals are not in a link; the expert alone reads them)
    assert opened.view().match == replace(game.view().match, showdowns=())
    mine, theirs = game.state(), opened.state()
    assert theirs["share"] == share
    for key in ("sheet", "game", "hand", "discard_top", "stock", "last", "legal"):
        assert theirs[key] == mine[key], key
    # and the rest of the game alike, move for move
    play_out(game, reader_seed=9)
    play_out(opened, reader_seed=9)
    assert opened.state()["sheet"] == game.state()["sheet"]
    # the arguments and moves rebuild it (the worker's play_moves, a reload)
    again = Table.replay(**opened.arguments(), moves=opened.moves())
    assert again.state() == opened.state()


@pytest.mark.parametrize(("name", "scheme"), GAMES)
def test_a_sheet_link_reads_back_as_written(name: str, scheme: str) -> None:
    table = Table(name, scheme, "good", 4, dealer="you")
    play_out(table)
    rules = find_variant(name)
    results = table.sheet.results
    link = sheet_link(results, rules)
    assert link.startswith("v1") and " " not in link

    def entry(r: Any) -> tuple[str, int | None, int, int | None]:
        return (r.outcome, r.winner, r.points, r.going_out)

    assert [entry(r) for r in read_sheet_link(link, rules)] == [entry(r) for r in results]
    # the same sheet, whatever the deals' showdowns were
    assert fill_sheet(rules, scheme, read_sheet_link(link, rules)) == table.state()["sheet"]


BAD_SHEETS = [
    ("v2.A25knock.B30gin", 3),  # a version this page does not know
    ("A25knock.B30gin", 3),  # no version
    ("v1.A25knock.B30", 3),  # no outcome
    ("v1.A25knock.B 30 gin", 3),  # spaces
    ("v1.A25knock.B10gin", 3),  # a gin below the gin bonus
    ("v1.A25knock.B30petit_gin", 3),  # the French rules' words in a standard game
    ("v1.A25knock", 3),  # an entry missing
    ("v1.A25knock.B30gin.dead", 3),  # one too many
    ("v1.A125knock", 2),  # more than a knock can score
    ("v1.A99knock.A60knock", 3),  # the game to 100 over before the deal
]


@pytest.mark.parametrize(("sheet", "number"), BAD_SHEETS)
def test_a_sheet_link_the_table_cannot_read_is_refused(sheet: str, number: int) -> None:
    with pytest.raises(BadSheetLinkError) as raised:
        Table("standard", "game100", "good", 3, deal=number, dealer="you", sheet=sheet)
    assert raised.value.code == "bad_sheet_link"


def test_a_sheet_goes_with_no_old_scores_and_an_old_link_shares_none() -> None:
    with pytest.raises(BadSheetLinkError):
        Table("standard", "game100", "good", 3, deal=2, dealer=0, sheet="v1.dead", scores=[3, 4])
    # an old link's scores: the table does not hold the sheet, so it shares the scores only
    old = Table("standard", "game100", "good", 3, deal=2, dealer="you", scores=[25, 0])
    assert old.state()["share"]["sheet"] is None
    assert old.state()["share"]["scores"] == [25, 0]
    assert old.state()["sheet"]["totals"] == [0, 0]
    # a new game's first deal: no earlier deal
    assert Table("standard", "game100", "good", 3).state()["share"]["sheet"] == "v1"
