"""The expert's knock decisions against a gin camper (ginrules.players.search), on narrated
positions."""

from __future__ import annotations

import dataclasses

import pytest

from ginrules.cards import Card, parse_hand
from ginrules.deal import Action, Deal, Discard, Knock
from ginrules.players import ExpertPlayer, Player, get_player, play_deal, play_match
from ginrules.players.search import StrongPlayer, knocks_when_it_may
from ginrules.rules import FRENCH, STANDARD, Rules, find_variant
from ginrules.view import MatchContext, PlayerView, Shown

from .seat_views import seat_view


class Watching:
    """A player that keeps every view it is given."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView) -> Action:
        self.views.append(view)
        return self.player.choose(view)


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
    match = MatchContext(scores=scores, target=target)
    return seat_view(
        cards, rules=rules, turns=turns, stock=stock, pile=discards, discards=discards, match=match
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


@pytest.mark.parametrize(("knock_at", "knocks"), [(0, False), (1, False), (2, True)])
def test_its_knock_at_any_turn_is_the_experts(knock_at: int, knocks: bool) -> None:
    """``StrongPlayer(knock_at=N)`` (for the A/B runs) knocks at any turn with N or less."""
    action = StrongPlayer(1, knock_at=knock_at).choose(position(KNOCKABLE, 20))
    assert action == (Knock(Card.parse("KD")) if knocks else Discard(Card.parse("KD")))


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


def _late_knock(seed: int) -> tuple[Deal, int]:
    """A deal between two beginners that a knock (not gin) ends after the knocker's
    fourth turn, and the knocker."""
    while True:
        deal = Deal.new(STANDARD, seed=seed)
        result = play_deal(deal, (get_player("beginner", 1), get_player("beginner", 2)))
        if result.outcome in ("knock", "undercut") and (result.turns + 1) // 2 > 4:
            assert result.going_out is not None
            return deal, result.going_out
        seed += 1


def _with(view: PlayerView, *showdowns: Shown) -> PlayerView:
    return dataclasses.replace(view, match=MatchContext(target=100, showdowns=showdowns))


def test_it_reads_from_the_showdowns_whether_the_opponent_knocks_when_it_may() -> None:
    deal, knocker = _late_knock(0)
    late = Shown.of(deal, 1 - knocker)
    assert late is not None and not late.went_out
    view = position(RACE, 10)
    assert not knocks_when_it_may(view, 4)  # no showdown yet
    assert knocks_when_it_may(_with(view, late), 4)
    # a knock in the opponent's first turns is no sign: the camper knocks there too
    assert not knocks_when_it_may(_with(view, late), (late.turns + 1) // 2)
    # nor is a gin
    gin = dataclasses.replace(late, showdown=dataclasses.replace(late.showdown, outcome="gin"))
    assert not knocks_when_it_may(_with(view, gin), 4)
    # this seat went out, and the opponent's ten cards could have knocked: a sign
    # against, which outweighs one sign for
    could = dataclasses.replace(
        late, went_out=True, opponent_hand=tuple(parse_hand("AS 2S 3S 7D 7C 7H 4H 5H 6H 2D"))
    )
    assert not knocks_when_it_may(_with(view, late, could), 4)
    assert knocks_when_it_may(_with(view, late, could, late), 4)
    # ten cards that could not have gone out are no sign
    couldnt = dataclasses.replace(could, opponent_hand=tuple(parse_hand(RACE)[:10]))
    assert knocks_when_it_may(_with(view, late, couldnt), 4)


@pytest.mark.parametrize("seed", [1, 2])
def test_against_an_opponent_that_knocks_when_it_may_it_does_not_race(seed: int) -> None:
    deal, knocker = _late_knock(0)
    late = Shown.of(deal, 1 - knocker)
    assert late is not None
    jacks = {Discard(Card.parse("JC")), Discard(Card.parse("JS"))}
    # the least deadwood, keeping it low against the knock to come
    assert StrongPlayer(seed).choose(_with(position(RACE, 10), late)) in jacks


@pytest.mark.parametrize("variant", ["standard", "oklahoma", "french"])
def test_it_tells_the_camper_from_the_baseline_in_a_match(variant: str) -> None:
    """The camper knocks only in its first three turns: never a sign. The EAAI
    baseline knocks as soon as it may: by the match's later deals, the expert knows."""
    rules = find_variant(variant)
    told = {"camper": 0, "beginner": 0}
    later = {"camper": 0, "beginner": 0}
    for opponent in told:
        for seed in range(4):
            expert = Watching(StrongPlayer(seed))
            play_match(rules, [expert, get_player(opponent, seed + 1)], seed=seed)
            for view in expert.views:
                if view.match.deal_number >= 3:
                    later[opponent] += 1
                    told[opponent] += knocks_when_it_may(view, 4)
    assert told["camper"] == 0 and later["camper"] > 0
    assert told["beginner"] > 0.8 * later["beginner"], (told, later)


def test_the_tutor_says_why_it_waits_against_a_knocker() -> None:
    from ginrules.coach.tutor import tutor

    deal, knocker = _late_knock(0)
    late = Shown.of(deal, 1 - knocker)
    assert late is not None
    view = position(KNOCKABLE, 10)
    plain = tutor(view, 1)["expert"]
    assert plain["reason"] == "play_on" and plain["params"]["early_turns"] == 4
    answer = tutor(_with(view, late), 1)["expert"]
    assert answer["reason"] == "play_on_knocker"
    assert answer["params"]["early_turns"] == 2 and answer["params"]["late_after"] == 4
    assert answer["params"]["deadwood"] == plain["params"]["deadwood"] == 2
