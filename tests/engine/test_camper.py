"""The camper level follows its described policy on narrated positions."""

from __future__ import annotations

import pytest

from ginrules.cards import Card, parse_hand
from ginrules.deal import Action, Discard, DrawDiscard, DrawStock, Gin, Knock
from ginrules.melds import _deadwood, _tables, deadwood
from ginrules.players import get_player
from ginrules.players.camper import CamperPlayer, hand_strength_valuer, own_turn
from ginrules.rules import STANDARD, STRAIGHT, Rules
from ginrules.view import PlayerView

from .seat_views import seat_view


def position(
    cards: str,
    turns: int,
    rules: Rules = STANDARD,
    pile: str = "",
    known: str = "",
    phase: str = "discard",
) -> PlayerView:
    """Seat 0 (the non-dealer) to act holding ``cards`` after ``turns`` discards
    of the deal; ``known``: cards the opponent took from the pile and holds."""
    return seat_view(cards, rules=rules, turns=turns, pile=pile, known=known, phase=phase)


def choose(view: PlayerView) -> Action:
    return CamperPlayer(1).choose(view)


def test_camper_is_a_level() -> None:
    assert isinstance(get_player("camper", 4), CamperPlayer)


def test_its_turn_counts_its_own_discards() -> None:
    assert [own_turn(position("AS", t)) for t in (0, 1, 2, 5, 6)] == [1, 1, 2, 3, 4]


# Three aces, 4-5-6 of hearts: a card that extends a meld lowers the deadwood
HAND = "AS AD AC 4H 5H 6H 9C 9D KS QD"


def test_it_takes_the_pile_card_that_joins_a_meld_and_lowers_its_deadwood() -> None:
    assert choose(position(HAND, 4, pile="3S 7H", phase="draw")) == DrawDiscard()


def test_it_refuses_a_pile_card_that_joins_no_meld() -> None:
    # the 2 of spades would lower the deadwood (thrown for the king) but melds nothing
    assert choose(position(HAND, 4, pile="7H 2S", phase="draw")) == DrawStock()


def test_it_refuses_a_pile_card_that_melds_without_lowering_its_deadwood() -> None:
    # the ten of diamonds runs with the jack and queen of diamonds, but the queen
    # sits in the set of queens: whatever it throws, the deadwood stays at 19
    hand = "7H 7S 7D QS QD QH JD 2C 4C 3D"
    assert deadwood(parse_hand(hand), STANDARD) == 19
    assert choose(position(hand, 4, pile="TD", phase="draw")) == DrawStock()


KNOCKABLE = "AS 2S 3S 7D 7C 7H 4H 5H 6H 2D KD"  # throw the king: 2 deadwood


@pytest.mark.parametrize("turns", [0, 1, 4, 5])
def test_it_knocks_in_its_first_three_turns(turns: int) -> None:
    assert choose(position(KNOCKABLE, turns)) == Knock(Card.parse("KD"))


@pytest.mark.parametrize("turns", [6, 7, 12, 30])
def test_later_it_plays_for_gin(turns: int) -> None:
    action = choose(position(KNOCKABLE, turns))
    assert isinstance(action, Discard)


def test_it_goes_gin_whenever_it_can() -> None:
    assert choose(position("AS 2S 3S 7D 7C 7H 4H 5H 6H 7S KD", 30)) == Gin(Card.parse("KD"))
    straight = position("AS 2S 3S 7D 7C 7H 4H 5H 6H 7S KD", 2, rules=STRAIGHT)
    assert choose(straight) == Gin(Card.parse("KD"))


LOOKAHEAD = "JH JD 8D 5H 7C QD KD QH 6C 7H JS"


def surrogate(view: PlayerView) -> Action:
    """The camper before issue 32: jdh8's surrogate measure, look-ahead 18."""
    return CamperPlayer(1, lookahead=18.0, strength=0.0).choose(view)


def test_early_the_look_ahead_outweighs_a_point_of_deadwood() -> None:
    hand = parse_hand(LOOKAHEAD)

    def left(code: str) -> int:
        return deadwood([c for c in hand if c != Card.parse(code)], STANDARD)

    assert (left("8D"), left("KD")) == (55, 53)
    # on its first turn it keeps the king that runs with the queen and jack of
    # diamonds and throws the eight, two points more deadwood
    assert surrogate(position(LOOKAHEAD, 0)) == Discard(Card.parse("8D"))
    # the look-ahead's weight decays turn after turn: late it throws the king
    assert surrogate(position(LOOKAHEAD, 40)) == Discard(Card.parse("KD"))
    camper = CamperPlayer(1, lookahead=18.0)
    assert camper.weight(position(LOOKAHEAD, 0)) == pytest.approx(18.0)
    assert camper.weight(position(LOOKAHEAD, 40)) == pytest.approx(18.0 * 0.9**20)


def test_it_does_not_feed_the_opponent_a_set() -> None:
    # the opponent took the king of clubs from the pile: the king of diamonds might
    # give it a set of kings, so the camper throws the jack of spades instead
    assert surrogate(position(LOOKAHEAD, 40, known="KC")) == Discard(Card.parse("JS"))
    assert surrogate(position(LOOKAHEAD, 40, known="9D")) == Discard(Card.parse("KD"))
    assert choose(position(LOOKAHEAD, 40, known="KC")) != Discard(Card.parse("KD"))


# two melds and loose cards; the nine of spades and the nine of hearts are worth
# the same, but the eight and ten of spades are in the discard pile
STRENGTH = "2C 3C 4C 5D 5H 5S 9S 9H KD QC 7D"


def test_it_throws_the_card_whose_melds_are_dead() -> None:
    # every run through the nine of spades is dead, while the nine of hearts can
    # still run with the eight and ten of hearts, unseen: the spade goes
    view = seat_view(STRENGTH, turns=4, pile="8S 10S", stock=25)
    hand = parse_hand(STRENGTH)
    value = hand_strength_valuer(view, 1.0, 0.0)
    mask = sum(1 << c.index for c in hand)
    tables = _tables(STANDARD)

    def cost(code: str) -> float:
        kept = mask & ~(1 << Card.parse(code).index)
        return value(Card.parse(code), kept, _deadwood(kept, tables))

    assert cost("9S") < cost("9H")
    # the same cards seen nowhere: the two nines are alike (by symmetry of suits)
    plain = hand_strength_valuer(seat_view(STRENGTH, turns=4, stock=25), 1.0, 0.0)
    kept_s, kept_h = (mask & ~(1 << Card.parse(c).index) for c in ("9S", "9H"))
    assert plain(Card.parse("9S"), kept_s, _deadwood(kept_s, tables)) == pytest.approx(
        plain(Card.parse("9H"), kept_h, _deadwood(kept_h, tables))
    )
    # with only small cards besides, the nine whose runs are dead is the one thrown
    low = "2C 3C 4C 5D 5H 5S 9S 9H 2D 3H AS"
    assert choose(seat_view(low, turns=4, pile="8S 10S", stock=25)) == Discard(Card.parse("9S"))
    assert choose(seat_view(low, turns=4, pile="8H 10H", stock=25)) == Discard(Card.parse("9H"))


@pytest.mark.parametrize("stock", [0, 25])
def test_the_stage_of_the_deal_weighs_the_unseen_cards(stock: int) -> None:
    # with no card left to draw, a card counts unless it is in a meld already:
    # the expected points are the loose cards' points; early they are fewer
    view = seat_view(STRENGTH, turns=4, stock=stock)
    hand = parse_hand(STRENGTH)
    kept = sum(1 << c.index for c in hand) & ~(1 << Card.parse("7D").index)
    left = _deadwood(kept, _tables(STANDARD))
    expected = hand_strength_valuer(view, 1.0, 0.0)(Card.parse("7D"), kept, left) - left
    loose = sum(STANDARD.card_value(Card.parse(c)) for c in ("9S", "9H", "KD", "QC"))
    if stock == 0:
        assert expected == pytest.approx(loose)
    else:
        assert 0 < expected < loose
