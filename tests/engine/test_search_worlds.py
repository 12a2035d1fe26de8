"""The expert's search over close moves (``StrongPlayer(worlds=N)``) and the inferred
worlds it plays (ginrules.players.rollouts)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ginrules.cards import CARDS
from ginrules.deal import BigGin, Deal, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.melds import _deadwood, _tables
from ginrules.players import get_player
from ginrules.players.rollouts import _Rollout, _weights, _worlds
from ginrules.players.search import StrongPlayer
from ginrules.rules import OKLAHOMA, STANDARD, Rules
from ginrules.view import MatchContext, PlayerView

from .test_hints import _check_world, _swapped

WORLDS = 6


def positions(rules: Rules, count: int, seed: int = 0) -> list[tuple[Deal, PlayerView]]:
    """``count`` positions of seat 0 to act, from deals between the expert and the
    camper, at several points of the deal, none after a reshuffle."""
    found: list[tuple[Deal, PlayerView]] = []
    context = MatchContext((30, 55), 100, 3)
    n = seed
    while len(found) < count and n < seed + 200:
        deal = Deal.new(rules, seed=n, dealer=n % 2)
        seats = (get_player("expert", n), get_player("camper", n))
        moves = 3 + n % 17  # actions: draws and discards alike
        n += 1
        while not deal.over and moves:
            deal.apply(seats[deal.current].choose(PlayerView.of(deal)))
            moves -= 1
        if not (deal.over or deal.current or deal.reshuffles):
            found.append((deal, PlayerView.of(deal, seat=0, match=context)))
    assert len(found) == count
    return found


@pytest.mark.parametrize("rules", [STANDARD, OKLAHOMA], ids=lambda r: r.name)
def test_the_close_moves_are_legal_and_the_heuristics_move_comes_first(rules: Rules) -> None:
    searched = kinds = 0
    for _, view in positions(rules, 30):
        player = StrongPlayer(3, worlds=WORLDS, search_knock=True)
        heuristic = StrongPlayer(3).choose(view)
        moves = player.close_moves(view, heuristic)
        assert moves[0] == heuristic and len(set(moves)) == len(moves)
        legal = view.legal_actions()
        for move in moves:
            if isinstance(move, Knock):
                assert view.check_going_out(move.card).kind == "knock"
            else:
                assert move in legal
        if isinstance(heuristic, Gin | BigGin):
            assert moves == [heuristic]
        if len(moves) > 1:
            searched += 1
            result = player.searched(view, heuristic, moves)
            assert result.moves == tuple(moves) and result.worlds == WORLDS
            assert result.chosen in moves
            assert all(0 <= w <= 1 for w in result.wins)
            best = max(result.wins)
            # another move than the heuristic's only when it did better in the worlds
            assert result.chosen == heuristic or result.wins[moves.index(result.chosen)] == best
            assert result.wins[0] <= best
            assert player.choose(view) == result.chosen
            kinds |= 1 << (1 if view.phase == "discard" else 0)
    assert searched >= 5 and kinds == 3  # draws and discards both searched


def test_the_search_is_the_same_for_the_same_view_and_seed_and_never_reads_beyond_it() -> None:
    seen = 0
    for deal, view in positions(STANDARD, 12, seed=40):
        other = _swapped(deal, 0)
        same = PlayerView.of(other, seat=0, match=view.match)
        assert same == view and (other.hands[1] != deal.hands[1] or other.stock != deal.stock)
        player = StrongPlayer(5, worlds=WORLDS)
        heuristic = StrongPlayer(5).choose(view)
        moves = player.close_moves(view, heuristic)
        if len(moves) < 2:
            continue
        first = player.searched(view, heuristic, moves)
        assert StrongPlayer(5, worlds=WORLDS).searched(same, heuristic, moves) == first
        seen += 1
    assert seen >= 3


def test_without_worlds_the_expert_plays_as_its_heuristics() -> None:
    for _, view in positions(STANDARD, 10, seed=90):
        assert StrongPlayer(2, worlds=0).choose(view) == StrongPlayer(2).choose(view)


def test_inferred_and_developed_worlds_agree_with_the_view() -> None:
    tables = _tables(STANDARD)
    gins = 0
    for _, view in positions(STANDARD, 20, seed=7):
        rng = random.Random(1)
        worlds = _worlds(view, 8, rng, inferred=True, develop=6)
        for world in worlds:
            _check_world(view, world)
            gins += not _deadwood(sum(1 << i for i in world.opponent), tables)
    assert gins == 0  # a hand of gin would have gone out: drawn again


def test_the_weights_read_what_the_opponent_threw_and_took() -> None:
    _, view = positions(STANDARD, 1, seed=3)[0]
    shed = [*view.opponent_discards, *view.opponent_refused]
    assert shed
    pool = [c.index for c in view.unseen()]
    weights = _weights(view, pool)
    thrown = shed[0]
    for i in pool:
        card = CARDS[i]
        near_shed = any(
            s.rank == card.rank or (s.suit == card.suit and abs(s.rank - card.rank) <= 2)
            for s in shed
        )
        near_kept = any(
            k.rank == card.rank or (k.suit == card.suit and abs(k.rank - card.rank) <= 2)
            for k in view.opponent_known
        )
        if near_shed and not near_kept:
            assert weights[i] < 1
        elif near_kept and not near_shed:
            assert weights[i] > 1
        elif not near_shed and not near_kept:
            assert weights[i] == 1
    assert any(CARDS[i].rank == thrown.rank for i in pool if weights[i] < 1)


def test_the_draw_search_compares_taking_and_not() -> None:
    found = 0
    for _, view in positions(STANDARD, 40, seed=120):
        if view.phase not in ("offer", "draw"):
            continue
        heuristic = StrongPlayer(1).choose(view)
        moves = StrongPlayer(1, worlds=WORLDS).close_moves(view, heuristic)
        if len(moves) == 2:
            assert set(moves) in ({DrawDiscard(), Pass()}, {DrawDiscard(), DrawStock()})
            found += 1
        else:
            assert moves == [heuristic]
    assert found >= 1


class _Watched(_Rollout):
    """A rollout that keeps, for each discard of the fast policy, the seat and the
    deadwood it kept."""

    def __init__(self, view: PlayerView, world: Any, eager: bool) -> None:
        super().__init__(view, world, eager)
        self.discards: list[tuple[int, int]] = []

    def _discard(self, card: int, left: int = -1) -> None:
        self.discards.append((self.current, left))
        super()._discard(card, left)


@pytest.mark.parametrize("rules", [STANDARD, OKLAHOMA], ids=lambda r: r.name)
def test_against_a_knocker_the_rollouts_opponent_knocks_as_soon_as_it_may(rules: Rules) -> None:
    """The search's rollouts against an opponent read as a knocker: its seat never
    discards keeping a hand it could knock with; without the reading, it does."""
    late = 0
    for number, (_, view) in enumerate(positions(rules, 20)):
        limit = rules.knock_limit(view.upcard)
        for world in _worlds(view, 4, random.Random(number), inferred=True):
            for eager in (True, False):
                rollout = _Watched(view, world, eager)
                rollout.play()
                opponent = 1 - view.seat
                kept = [left for seat, left in rollout.discards if seat == opponent and left > 0]
                could = [left for left in kept if limit is not None and left <= limit]
                if eager:
                    assert could == [], (number, rollout.discards)
                else:
                    late += len(could)
    assert late > 0  # the fast policy alone plays on with such hands after its first turns
