"""The camper level follows its described policy on narrated positions."""

from __future__ import annotations

import pytest

from ginrules.cards import Card, parse_hand
from ginrules.deal import Action, Discard, DrawDiscard, DrawStock, Gin, Knock
from ginrules.melds import deadwood
from ginrules.players import get_player
from ginrules.players.camper import CamperPlayer, own_turn
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


def test_early_the_look_ahead_outweighs_a_point_of_deadwood() -> None:
    hand = parse_hand(LOOKAHEAD)

    def left(code: str) -> int:
        return deadwood([c for c in hand if c != Card.parse(code)], STANDARD)

    assert (left("8D"), left("KD")) == (55, 53)
    # on its first turn it keeps the king that runs with the queen and jack of
    # diamonds and throws the eight, two points more deadwood
    assert choose(position(LOOKAHEAD, 0)) == Discard(Card.parse("8D"))
    # the look-ahead's weight decays turn after turn: late it throws the king
    assert choose(position(LOOKAHEAD, 40)) == Discard(Card.parse("KD"))
    camper = CamperPlayer(1)
    assert camper.weight(position(LOOKAHEAD, 0)) == pytest.approx(18.0)
    assert camper.weight(position(LOOKAHEAD, 40)) == pytest.approx(18.0 * 0.9**20)


def test_it_does_not_feed_the_opponent_a_set() -> None:
    # the opponent took the king of clubs from the pile: the king of diamonds might
    # give it a set of kings, so the camper throws the jack of spades instead
    assert choose(position(LOOKAHEAD, 40, known="KC")) == Discard(Card.parse("JS"))
    assert choose(position(LOOKAHEAD, 40, known="9D")) == Discard(Card.parse("KD"))
