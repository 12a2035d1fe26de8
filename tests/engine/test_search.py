"""The expert's knock decisions against a gin camper (ginrules.search), on narrated positions."""

from __future__ import annotations

import pytest

from ginrules.cards import Card, parse_hand
from ginrules.deal import Discard, Knock
from ginrules.players import ExpertPlayer, get_player
from ginrules.rules import FRENCH, STANDARD, Rules
from ginrules.search import StrongPlayer
from ginrules.view import MatchContext, PlayerView


def position(
    cards: str,
    turns: int,
    rules: Rules = STANDARD,
    stock: int = 20,
    scores: tuple[int, int] = (0, 0),
    target: int = 100,
    discards: str = "",
) -> PlayerView:
    """Seat 0 to discard holding the eleven ``cards`` after ``turns`` discards."""
    thrown = tuple(parse_hand(discards)) if discards else ()
    return PlayerView(
        seat=0,
        rules=rules,
        hand=tuple(parse_hand(cards)),
        upcard=Card.parse("2C"),
        discard_pile=thrown,
        picked=((), ()),
        opponent_known=(),
        opponent_refused=(),
        opponent_discards=thrown,
        stock_size=stock,
        opponent_hand_size=10,
        phase="discard",
        current=0,
        dealer=1,
        taken=None,
        drawn=None,
        turns=turns,
        reshuffles=0,
        match=MatchContext(scores=scores, target=target),
        legal=None,
    )


def test_the_expert_level_is_the_strong_player() -> None:
    expert = get_player("expert", 3)
    assert isinstance(expert, StrongPlayer) and isinstance(expert, ExpertPlayer)


# throw the king: 2 deadwood, a knock
KNOCKABLE = "AS 2S 3S 7D 7C 7H 4H 5H 6H 2D KD"


@pytest.mark.parametrize("turns", [0, 2, 6])  # its turns 1, 2 and 4
def test_it_knocks_early_before_the_opponent_hand_has_grown(turns: int) -> None:
    assert get_player("expert", 1).choose(position(KNOCKABLE, turns)) == Knock(Card.parse("KD"))


@pytest.mark.parametrize("turns", [8, 20])  # its turns 5 and 11
def test_later_it_plays_on_for_gin(turns: int) -> None:
    assert isinstance(StrongPlayer(1).choose(position(KNOCKABLE, turns)), Discard)


def test_its_early_knock_says_what_decided_it() -> None:
    player = StrongPlayer(1)
    choice = player.knock_choice(position(KNOCKABLE, 4), 2)
    assert choice.knock and choice.decided_by == "early_turn"
    # after its fifth turn, the expert's own reasons: patience, or the target near
    assert player.knock_choice(position(KNOCKABLE, 10), 2).decided_by == "patience"
    near = player.knock_choice(position(KNOCKABLE, 10, scores=(95, 40)), 2)
    assert near.knock and near.decided_by == "near_target"


# Gin Rami: eight cards melded (A-4 of spades, four sevens), 19 deadwood kept at best
LATE = "AS 2S 3S 4S 7D 7C 7H 7S KD QC 9H"


def test_gin_rami_late_in_the_deal_it_goes_down_only_with_little_deadwood() -> None:
    view = position(LATE, 30, rules=FRENCH, stock=4, target=250)
    assert view.check_going_out(Card.parse("9H")).allowed
    # the old expert went down at any count with four stock cards or fewer
    assert isinstance(ExpertPlayer(1).choose(view), Knock)
    assert isinstance(StrongPlayer(1).choose(view), Discard)
    assert StrongPlayer(1).knock_choice(view, 19).decided_by == "patience"
    low = position("AS 2S 3S 4S 7D 7C 7H 7S 2D 3C 9H", 30, rules=FRENCH, stock=4, target=250)
    assert StrongPlayer(1, late_at=10).choose(low) == Knock(Card.parse("9H"))


# four aces, three fives, the jacks of clubs and spades, 3C and 7D: throwing a jack
# leaves 20 deadwood and no gin out; throwing 7D leaves 23, and JH or JD gives gin
RACE = "5D AC AS JC 5H AH 5S AD JS 3C 7D"


@pytest.mark.parametrize("seed", [1, 2])
def test_after_its_early_turns_it_races_for_gin(seed: int) -> None:
    jacks = {Discard(Card.parse("JC")), Discard(Card.parse("JS"))}
    # up to its fifth turn: the least deadwood, as the expert did
    assert StrongPlayer(seed).choose(position(RACE, 8)) in jacks
    # from its sixth turn it knocks no more, and keeps the two ways to gin
    assert StrongPlayer(seed).choose(position(RACE, 10)) == Discard(Card.parse("7D"))
    assert StrongPlayer(seed, race_from=0).choose(position(RACE, 10)) in jacks
