"""The tutor: it reads a seat's view only (two deals that differ only in what the
seat cannot know get the same answer), and its answers on hand-made positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ginrules.cards import CARDS
from ginrules.coach.table import Table, view_fields
from ginrules.coach.tutor import EXPERT_REASONS, WHY_NOT, tutor
from ginrules.deal import Deal
from ginrules.players import get_player
from ginrules.rules import FRENCH, OKLAHOMA, PRESETS, STANDARD, STRAIGHT, Rules
from ginrules.view import PlayerView

from .seat_views import seat_view


def position(
    cards: str,
    rules: Rules = STANDARD,
    upcard: str = "2C",
    pile: str = "",
    taken: str | None = None,
    known: str = "",
    phase: str = "discard",
) -> PlayerView:
    """The view of seat 0 to act holding ``cards``, with the discard ``pile``
    (bottom first; the deal's first ``upcard`` at its bottom unless taken)."""
    return seat_view(
        cards, rules=rules, upcard=upcard, pile=pile, taken=taken, known=known, phase=phase
    )


# --------------------------------------------------------------------------- hidden information


def _twin(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with the cards ``seat`` has not seen (the opponent's hidden
    cards and the stock) shuffled among their places in the deck, the same moves
    replayed: every public fact is the same, the hidden ones differ."""
    unseen = set(PlayerView.of(deal, seat=seat).unseen())
    places = [i for i, c in enumerate(deal.deck) if c in unseen]
    cards = [deal.deck[i] for i in places]
    rng.shuffle(cards)
    deck = list(deal.deck)
    for i, card in zip(places, cards, strict=True):
        deck[i] = card
    twin = Deal.new(deal.rules, seed=deal.seed, dealer=deal.dealer, deck=deck)
    for move in deal.moves:
        twin.apply(move)
    return twin


@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_tutor_says_the_same_whatever_the_seat_cannot_see(variant: str) -> None:
    rules = PRESETS[variant]
    rng = random.Random(variant)
    compared = 0
    for seed in range(3):
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        deal = Deal.new(rules, seed=seed, dealer=seed % 2, deck=deck)
        players = (get_player("good", seed), get_player("good", seed + 1))
        while not deal.over and deal.turns < 14:
            if deal.current == 0 and deal.turns % 3 == 0:
                twin = _twin(deal, 0, rng)
                assert twin.hands[1] != deal.hands[1] or twin.stock != deal.stock
                mine, theirs = PlayerView.of(deal, seat=0), PlayerView.of(twin, seat=0)
                assert mine == theirs
                assert tutor(mine, 5) == tutor(theirs, 5)
                assert view_fields(mine) == view_fields(theirs)
                compared += 1
            deal.apply(players[deal.current].choose(PlayerView.of(deal)))
    assert compared >= 3


@pytest.mark.parametrize("variant", ["standard", "straight", "oklahoma", "french"])
def test_the_table_tutor_and_state_are_the_same_for_twin_deals(variant: str) -> None:
    """At each of the reader's turns, the table's deal swapped for its twin (the
    computer's hidden cards and the stock shuffled): the same state, the same tutor."""
    scheme = "manche" if variant == "french" else "game100"
    table = Table(variant, scheme, "expert", 44, dealer="computer")
    reader = get_player("good", 2)
    rng = random.Random(variant)
    compared = 0
    while compared < 12 and not table.game_over:
        table.play_computer()
        if table.deal.over:
            table.next_deal()
            continue
        state, answer = table.state(), table.tutor()
        table._current.deal = _twin(table.deal, 0, rng)
        assert table.state() == state
        assert table.tutor() == answer
        compared += 1
        table.act(reader.choose(table.view()))
    assert compared == 12


# --------------------------------------------------------------------------- hand-made positions


def test_over_the_limit_and_the_best_discards() -> None:
    view = position("7H 8H 9H KS KH KD 2C 5D AS 3C QC")
    answer = tutor(view, 1)
    assert answer["discards"][0] == {"card": "QC", "deadwood": 11}
    deadwoods = [d["deadwood"] for d in answer["discards"]]
    assert deadwoods == sorted(deadwoods) and len(deadwoods) == 11
    out = answer["going_out"]
    assert out == {
        "knock": False,
        "gin": False,
        "big_gin": False,
        "knock_deadwood": None,
        "limit": 10,
        "gin_only": False,
        "min_melded": 0,
        "deadwood": 11,
        "why_not": "over_limit",
        "params": {},
    }


def test_gin_only_under_straight_gin_but_a_knock_in_standard() -> None:
    cards = "7H 8H 9H KS KH KD 4C 5C 6C AS QD"  # discard QD: 1 deadwood
    standard = tutor(position(cards), 1)
    assert standard["going_out"]["knock"] and standard["going_out"]["why_not"] is None
    assert standard["expert"]["action"] in ("knock", "discard")
    straight = tutor(position(cards, STRAIGHT), 1)
    assert straight["going_out"]["why_not"] == "gin_only"
    assert not straight["going_out"]["knock"] and straight["going_out"]["gin_only"]
    assert straight["going_out"]["limit"] is None
    assert straight["expert"]["action"] == "discard"


def test_an_ace_upcard_under_oklahoma_asks_for_gin() -> None:
    cards = "7H 8H 9H KS KH KD 4C 5C 6C AS QD"
    answer = tutor(position(cards, OKLAHOMA, upcard="AD"), 1)
    assert answer["going_out"]["why_not"] == "ace_upcard"
    assert answer["going_out"]["limit"] is None and answer["going_out"]["gin_only"]
    # with a 5 upcard the same hand knocks: 1 deadwood is under 5
    assert tutor(position(cards, OKLAHOMA, upcard="5D"), 1)["going_out"]["knock"]


def test_gin_rami_goes_down_with_eight_melded_cards_only() -> None:
    # 6 cards melded, 2 + 3 + 4 + 2 left: low deadwood but too few melded
    few = tutor(position("7H 8H 9H KS KH KD 2C 3D 4S 2S QC", FRENCH), 1)
    assert few["going_out"]["why_not"] == "too_few_melded" and not few["going_out"]["knock"]
    # 9 cards melded and two high cards: going down is allowed whatever their value
    eight = tutor(position("7H 8H 9H KS KH KD 4C 5C 6C QD JS", FRENCH), 1)
    assert eight["going_out"]["knock"] and eight["going_out"]["limit"] is None
    assert eight["going_out"]["min_melded"] == 8 and not eight["going_out"]["gin_only"]


def test_gin_and_big_gin() -> None:
    gin = tutor(position("7H 8H 9H KS KH KD 4C 5C 6C 3C QD"), 1)
    assert gin["going_out"]["gin"] and gin["going_out"]["deadwood"] == 0
    assert gin["expert"] == {
        "action": "gin",
        "card": "QD",
        "reason": "gin",
        "params": {"card": "QD"},
    }
    big = tutor(position("7H 8H 9H KS KH KD 4C 5C 6C 3C 2C", FRENCH), 1)
    assert big["going_out"]["big_gin"]
    assert big["expert"]["action"] == "big_gin" and big["expert"]["reason"] == "big_gin"


def test_outs_and_how_many_are_unseen() -> None:
    # kept after discarding KC: 7H 8H 9H run, 4S 4D pair, 2C 3C, 9S, TD, JC
    view = position("7H 8H 9H 4S 4D 2C 3C 9S TD JC KC", pile="4H", known="AC")
    answer = tutor(view, 1)
    outs = {o["card"]: o for o in answer["outs"]}
    assert outs["4C"]["kind"] == "set" and outs["4C"]["unseen"]
    assert outs["4H"]["kind"] == "set" and not outs["4H"]["unseen"]  # in the pile
    # 4C could also make the run 2C 3C 4C, but the least deadwood melds it in the set
    assert outs["4H"]["kinds"] == ["set"] and outs["4C"]["kinds"] == ["set"]
    assert outs["AC"]["kind"] == "run" and not outs["AC"]["unseen"]  # the opponent holds it
    assert outs["4C"] and "6H" in outs and "TH" in outs
    assert "KC" not in outs  # the card thrown is no out
    assert answer["outs_unseen"] == sum(1 for o in answer["outs"] if o["unseen"])
    assert all(c not in outs for c in ("7H", "QS", "8S"))


def test_drawing_positions_and_reasons() -> None:
    # the upcard 9H joins 7H 8H: the expert takes it, saying what it saves
    view = position("7H 8H KS KH 2C 3D 5S 6D QC JD", upcard="9H", pile="9H", phase="offer")
    answer = tutor(view, 1)
    assert answer["discards"] == [] and answer["going_out"]["why_not"] == "take_or_pass"
    assert answer["going_out"]["params"] == {"card": "9H"}
    expert = answer["expert"]
    assert expert["action"] == "take" and expert["reason"] == "take_meld"
    assert expert["params"]["card"] == "9H"
    assert expert["params"]["after"] < expert["params"]["before"]
    # a queen on the pile that joins nothing and lowers nothing: draw from the stock
    refused = tutor(position("7H 8H KS KH 2C 3D 5S 6D QC JD", pile="QS", phase="draw"), 1)
    assert refused["going_out"]["why_not"] == "must_draw"
    assert refused["expert"] == {
        "action": "stock",
        "reason": "pile_no_help",
        "params": {"card": "QS", "before": 71, "after": 71},
    }


def test_every_reason_code_is_listed() -> None:
    """A long game's every tutor answer uses listed codes only."""
    table = Table("oklahoma", "game100", "good", 8)
    reader = get_player("beginner", 3)
    seen: set[str] = set()
    while not table.game_over:
        table.play_computer()
        if table.deal.over:
            if table.game_over:
                break
            table.next_deal()
            continue
        answer: dict[str, Any] = table.tutor()
        if answer["going_out"]["why_not"] is not None:
            assert answer["going_out"]["why_not"] in WHY_NOT
        assert answer["expert"]["reason"] in EXPERT_REASONS
        seen.add(answer["expert"]["reason"])
        table.act(reader.choose(table.view()))
    assert {"least_deadwood", "pile_no_help"} <= seen


@pytest.mark.parametrize("variant", ["standard", "french"])
def test_review_gives_what_the_tutor_said_at_each_turn(variant: str) -> None:
    """Stepping through a finished deal shows, at each of the reader's turns, what the
    reader saw then, the move made and the tutor's answer as it was given live."""
    table = Table(variant, "one_deal" if variant == "standard" else "manche", "good", 27)
    reader = get_player("beginner", 6)
    live: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []
    while not table.deal.over:
        table.play_computer()
        if table.deal.over:
            break
        seen = view_fields(table.view())
        answer = table.tutor()
        table.act(reader.choose(table.view()))
        live.append((seen, answer, table.moves()[-1]))
    review = table.review(1, 1)
    assert review["turns"] == len(live)
    for turn, (seen, answer, move) in enumerate(live, 1):
        step = table.review(1, turn)
        assert {k: step[k] for k in seen} == seen
        assert step["tutor"] == answer and step["move"] == move
