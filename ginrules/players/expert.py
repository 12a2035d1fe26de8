"""The expert's heuristics (:class:`ExpertPlayer`): patience, the race to gin where
only gin ends the deal, and its knock decision (:class:`KnockChoice`).
:class:`ginrules.players.search.StrongPlayer` builds the ``expert`` level on it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ginrules.cards import Card
from ginrules.melds import (
    _deadwood,
    _discard_deadwood,
    _Tables,
    _tables,
)
from ginrules.players.base import _feeds, _saved, in_some_meld
from ginrules.players.good import GoodPlayer
from ginrules.view import PlayerView


class ExpertPlayer(GoodPlayer):
    """The strongest level (see the module docstring), deterministic per seed.

    It plays the good player's draws and discards, with patience: it knocks only
    with at most ``knock_at`` deadwood (0: it plays for gin), or when a won deal
    is worth more than its points: when the seat is within ``finish_within`` points
    of the match's target, or when the stock is about to run out under the dead
    hand rule.

    Where only gin ends the deal (Straight Gin, an Oklahoma ace upcard) the deal is
    a race to gin, and a discard is valued by the chance to get there: the
    deadwood kept, less ``gin_outs_weight`` times what the next draw saves on
    average, less ``gin_weight`` times the chance of gin within the next two
    draws (:func:`_gin_chance`, over the unseen cards), plus ``danger_weight``
    times the chance that the opponent holds a meld for the card thrown
    (:func:`_feeds`). The top discard is taken when it lands in a meld and
    keeping it is worth more by that measure.
    """

    def __init__(
        self,
        seed: int = 0,
        knock_at: int = 0,
        finish_within: int = 10,
        outs_weight: float = 0.75,
        gin_outs_weight: float = 0.4,
        gin_weight: float = 40.0,
        danger_weight: float = 5.0,
        restless_after: int = 2,
    ) -> None:
        super().__init__(seed, outs_weight, restless_after)
        self.knock_at = knock_at
        self.finish_within = finish_within
        self.gin_outs_weight = gin_outs_weight
        self.gin_weight = gin_weight
        self.danger_weight = danger_weight

    def _racing(self, view: PlayerView) -> bool:
        """Is the deal a race to gin (only gin ends it)?"""
        # Valuing discards so in every Oklahoma deal with a knock limit of 6 or
        # less did not pay against the EAAI baseline: net points per deal +5.75
        # against +5.71 (800 mirrored deals, standard error 1.0)
        return view.rules.knock_limit(view.upcard) == 0

    def _wants(self, view: PlayerView) -> bool:
        if not self._racing(view) or not view.discard_pile:
            return super()._wants(view)
        top = view.discard_pile[-1]
        if not in_some_meld(top, view.hand, view.rules):
            return False
        race = self._race(view, [*view.hand, top])
        mask = sum(1 << c.index for c in view.hand)
        taken = mask | 1 << top.index
        after = min(race(taken & ~(1 << c.index)) for c in view.hand)
        return after < race(mask)

    def _valuer(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[Card, int, int], float]:
        if not self._racing(view):
            return super()._valuer(view, hand)
        # Straight Gin against good, net points per deal over 600 mirrored deals
        # (standard error about 1): +0.4 with the good player's measure (weighing
        # the live cards 0.4), +2.8 adding the chance of gin (weight 40; +3.0 at
        # 80), +4.6 adding the danger of feeding the opponent (weight 5; +3.0 at
        # 10, -1.1 at 20). Taking any pile card that brings gin nearer, not only
        # one that melds, did worse (+3.0). In games: 66 % of 400 against good
        # (95 % interval 61-71 %), where the good player's measure won 53 %.
        return self._race_valuer(view, hand)

    def _race_valuer(
        self, view: PlayerView, hand: Sequence[Card]
    ) -> Callable[[Card, int, int], float]:
        """A discard's value in a race to gin: the race measure of the cards kept, plus
        the danger of feeding the opponent."""
        race = self._race(view, hand)
        feeds = _feeds(view)
        danger = self.danger_weight

        def value(card: Card, kept: int, left: int) -> float:
            return race(kept) + danger * feeds(card)

        return value

    def _race(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[int], float]:
        """``race(kept)``: how far the ten cards ``kept`` (a subset of ``hand``) are
        from gin (lower is nearer, minus infinity for gin; see the class docstring)."""
        tables = _tables(view.rules)
        unseen = view.unseen()
        outs = [1 << c.index for c in unseen]
        near = sum(1 << c.index for c in unseen if in_some_meld(c, hand, view.rules))
        memo: dict[int, int] = {}
        weight, gin = self.gin_outs_weight, self.gin_weight

        def race(kept: int) -> float:
            left = _deadwood(kept, tables)
            if not left:
                return -math.inf
            saved = _saved(kept, left, outs, tables)
            return left - weight * saved - gin * _gin_chance(kept, left, outs, near, tables, memo)

        return race

    def _knocks(self, view: PlayerView, left: int) -> bool:
        return self.knock_choice(view, left).knock

    def knock_choice(self, view: PlayerView, left: int) -> KnockChoice:
        """Knock now, keeping ``left`` deadwood (the rules allow it), and what decided
        it (see :class:`KnockChoice`)."""
        # A low Oklahoma limit does not make an early knock pay either: against the
        # EAAI baseline, knocking with 2 deadwood or less won 63.5 % of 400 games,
        # with 3 or less 63.0 %, playing for gin 71.5 % (the same deals)
        match = view.match
        to_go = match.to_go()
        rules = view.rules
        ending = rules.stock_end == "dead_hand" and view.stock_size <= rules.dead_hand_cards + 2
        margin = self.finish_within
        if left <= self.knock_at:
            return KnockChoice(True, "low_deadwood", left, self.knock_at, to_go, margin)
        if to_go is not None and to_go <= margin:
            return KnockChoice(True, "near_target", left, self.knock_at, to_go, margin)
        if ending:
            return KnockChoice(True, "stock_ending", left, self.knock_at, to_go, margin)
        return KnockChoice(False, "patience", left, self.knock_at, to_go, margin)


@dataclass(frozen=True)
class KnockChoice:
    """The expert's answer to "knock now?" (:meth:`ExpertPlayer.knock_choice`).

    ``decided_by``: ``low_deadwood`` (``deadwood`` is at most ``knock_at``),
    ``near_target`` (the seat needs ``to_go`` points to reach the match's target,
    at most ``margin``, the expert's ``finish_within``), ``stock_ending`` (the
    stock is about to run out under the dead hand rule), ``early_turn`` (the
    expert level knocks in its first turns, :mod:`ginrules.search`), else
    ``patience``: it
    plays on for gin or to undercut a knock. ``to_go`` is ``None`` in a single
    deal.
    """

    knock: bool
    decided_by: Literal["low_deadwood", "near_target", "stock_ending", "early_turn", "patience"]
    deadwood: int
    knock_at: int
    to_go: int | None
    margin: int


def _neighbours(index: int, wrap: bool) -> int:
    """The cards (a bit mask) that could sit in one meld with the card ``index``: the
    same rank, or within two ranks in its suit."""
    suit, rank = divmod(index, 13)
    mask = sum(1 << (s * 13 + rank) for s in range(4))
    for step in (-2, -1, 1, 2):
        near = rank + step
        if 0 <= near < 13 or wrap:
            mask |= 1 << (suit * 13 + near % 13)
    return mask


_NEIGHBOURS: Final = {wrap: [_neighbours(i, wrap) for i in range(52)] for wrap in (False, True)}


def _gin_outs(kept: int, outs: Sequence[int], tables: _Tables, memo: dict[int, int]) -> int:
    """How many cards of ``outs`` (bit masks, not in ``kept``) would give the ten cards
    ``kept`` gin. ``outs`` may leave out cards that meld with nothing in ``kept``
    (they can give no gin), so the count does not depend on which such list is
    passed, and one ``memo`` (counts by ``kept``) serves them all."""
    count = memo.get(kept)
    if count is None:
        count = memo[kept] = _count_gin_outs(kept, outs, tables)
    return count


def _count_gin_outs(kept: int, outs: Sequence[int], tables: _Tables) -> int:
    """:func:`_gin_outs` worked out. Gin leaves at most one card of the eleven in
    no meld, and a card in a meld has two others of the meld among its neighbours
    (:func:`_neighbours`), so a card of ``kept`` with no neighbour in ``kept``
    never melds, one with a single neighbour only when the draw is another, and
    only the draws that leave fewer than two such cards need the full search."""
    neighbours = _NEIGHBOURS[tables.round_the_corner]
    single = never = 0
    rest = kept
    while rest:
        low = rest & -rest
        rest ^= low
        partners = (neighbours[low.bit_length() - 1] & kept ^ low).bit_count()
        if partners < 2:
            never += partners == 0
            single |= low if partners else 0
    if never >= 2:
        return 0
    count = 0
    for out in outs:
        if out & kept:
            continue
        near = neighbours[out.bit_length() - 1]
        lost = never + (single & ~near).bit_count() + ((near & kept).bit_count() < 2)
        if lost < 2 and not _discard_deadwood(kept | out, tables):
            count += 1
    return count


def _gin_chance(
    kept: int, left: int, outs: Sequence[int], near: int, tables: _Tables, memo: dict[int, int]
) -> float:
    """The chance that the ten cards ``kept`` (``left`` deadwood) go gin within the
    next two draws, each card of ``outs`` (the unseen cards, as bit masks) drawn
    as likely; after the first draw the hand keeps the least deadwood (and of
    those, the most gin outs). ``near`` (a bit mask) holds every unseen card that
    sits in some meld with the hand: no other card can make gin, and ``memo``
    holds gin-out counts already worked out (see :func:`_gin_outs`)."""
    n = len(outs)
    if n < 2:
        return 0.0
    wrap = tables.round_the_corner
    neighbours = _NEIGHBOURS[wrap]
    close = [out for out in outs if out & near]
    first = second = 0
    for out in outs:
        if not out & near:  # it melds with nothing: thrown back
            second += _gin_outs(kept, close, tables, memo)
            continue
        drawn = kept | out
        least = _discard_deadwood(drawn, tables)
        if not least:
            first += 1
        elif least < left:
            around = near | neighbours[out.bit_length() - 1]
            reach = [o for o in outs if o & around]
            best = 0
            rest = drawn ^ out
            while rest:
                low = rest & -rest
                rest ^= low
                if _deadwood(drawn ^ low, tables) == least:
                    best = max(best, _gin_outs(drawn ^ low, reach, tables, memo))
            second += best
        else:
            second += _gin_outs(kept, close, tables, memo)
    return (first + second / (n - 1)) / n
