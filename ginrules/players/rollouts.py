"""Determinized worlds and fast rollouts: what the hints' table
(:mod:`ginrules.coach.hints`) and the expert's search
(:mod:`ginrules.players.search`) share.

* **A world** (:func:`_worlds`) is one way the hidden cards may lie, drawn from a
  :class:`~ginrules.view.PlayerView` only: the opponent holds the cards it took
  from the pile and kept, and the rest of its hand and the stock are drawn from the
  cards the seat has not seen (after a reshuffle, the stock only from the cards it
  put there), as likely, or (``inferred``) weighted by what the opponent showed:
  a card that would meld with a card it threw or refused is less likely in its
  hand, one that would meld with a card it took more likely, and a world in which
  its ten cards make gin (it would have gone out) is drawn again.
* **A rollout** (:class:`_Rollout`) plays a world to the end of the deal by a fast
  policy for both seats (see :mod:`ginrules.coach.hints`).
* **The game-win chance** of a deal's points (:func:`win_chance`) from the match's
  scores, by dynamic programming over the scores (:data:`DEAL_POINTS`, :data:`STEP`).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Final

from ginrules.cards import CARDS, Card
from ginrules.deal import Action, BigGin, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.going_out import check_going_out
from ginrules.melds import (
    _deadwood,
    _discard_deadwood,
    _set_masks,
    _Tables,
    _tables,
    _three_of_four,
)
from ginrules.rules import Rules
from ginrules.showdown import showdown, spread_options
from ginrules.view import PlayerView

__all__ = [
    "DEAL_POINTS",
    "EARLY_AT",
    "EARLY_TURNS",
    "FINISH_WITHIN",
    "MAX_TURNS",
    "STEP",
    "win_chance",
]

MAX_TURNS: Final = 120
"""Discards after which a rollout still running counts as a dead deal."""

STEP: Final = 5
"""The score grid of :func:`win_chance`, in points."""

DEAL_POINTS: Final[dict[str, tuple[int, dict[int, int]]]] = {
    "standard": (
        1000,
        {
            1: 5,
            2: 2,
            3: 2,
            4: 3,
            5: 9,
            6: 4,
            7: 5,
            8: 9,
            9: 8,
            10: 7,
            11: 8,
            12: 6,
            13: 7,
            14: 5,
            15: 11,
            16: 5,
            17: 6,
            18: 2,
            19: 5,
            20: 11,
            21: 10,
            22: 9,
            23: 6,
            24: 6,
            25: 13,
            26: 105,
            27: 70,
            28: 47,
            29: 91,
            30: 92,
            31: 44,
            32: 56,
            33: 53,
            34: 38,
            35: 40,
            36: 32,
            37: 12,
            38: 26,
            39: 20,
            40: 14,
            41: 11,
            42: 12,
            43: 8,
            44: 3,
            45: 12,
            46: 8,
            47: 6,
            48: 3,
            49: 3,
            50: 1,
            51: 4,
            52: 3,
            53: 4,
            54: 1,
            55: 1,
            56: 3,
            57: 1,
            58: 1,
            60: 1,
            61: 1,
            62: 2,
            65: 2,
            68: 1,
            70: 1,
            72: 1,
            73: 1,
            74: 1,
        },
    ),
    "straight": (
        1000,
        {
            0: 52,
            26: 109,
            27: 99,
            28: 57,
            29: 78,
            30: 97,
            31: 48,
            32: 62,
            33: 65,
            34: 52,
            35: 56,
            36: 32,
            37: 21,
            38: 28,
            39: 18,
            40: 20,
            41: 13,
            42: 12,
            43: 5,
            44: 5,
            45: 9,
            46: 11,
            47: 5,
            48: 3,
            49: 6,
            50: 5,
            51: 3,
            52: 4,
            53: 1,
            54: 2,
            55: 4,
            56: 4,
            58: 4,
            59: 1,
            61: 1,
            62: 2,
            68: 1,
            69: 1,
            73: 1,
            74: 1,
            87: 1,
            99: 1,
        },
    ),
    "oklahoma": (
        1000,
        {
            1: 1,
            2: 1,
            3: 1,
            4: 1,
            5: 3,
            6: 1,
            7: 5,
            8: 4,
            9: 4,
            10: 5,
            11: 5,
            12: 5,
            13: 3,
            14: 3,
            15: 2,
            16: 6,
            17: 2,
            18: 5,
            19: 3,
            20: 6,
            21: 5,
            22: 4,
            23: 3,
            24: 4,
            25: 3,
            26: 80,
            27: 69,
            28: 40,
            29: 64,
            30: 73,
            31: 36,
            32: 48,
            33: 39,
            34: 32,
            35: 38,
            36: 26,
            37: 14,
            38: 22,
            39: 17,
            40: 11,
            41: 8,
            42: 15,
            43: 1,
            44: 2,
            45: 7,
            46: 7,
            47: 3,
            48: 8,
            49: 2,
            50: 3,
            51: 4,
            52: 36,
            53: 1,
            54: 17,
            56: 16,
            58: 35,
            60: 22,
            61: 1,
            62: 16,
            64: 17,
            65: 1,
            66: 19,
            68: 13,
            70: 8,
            72: 10,
            73: 1,
            74: 3,
            76: 4,
            78: 1,
            80: 3,
            82: 2,
            84: 1,
            86: 5,
            90: 3,
            92: 1,
            98: 2,
            99: 1,
            102: 1,
            104: 2,
            106: 1,
            112: 1,
            130: 1,
            144: 1,
        },
    ),
    "french": (
        1000,
        {
            0: 24,
            1: 1,
            4: 1,
            5: 3,
            6: 5,
            8: 3,
            9: 3,
            10: 3,
            11: 3,
            12: 2,
            13: 5,
            14: 2,
            15: 2,
            16: 2,
            17: 3,
            18: 3,
            19: 4,
            20: 1,
            21: 2,
            22: 3,
            23: 3,
            24: 3,
            25: 75,
            26: 4,
            27: 88,
            28: 75,
            29: 54,
            30: 41,
            31: 57,
            32: 51,
            33: 51,
            34: 33,
            35: 55,
            36: 39,
            37: 37,
            38: 27,
            39: 20,
            40: 20,
            41: 17,
            42: 18,
            43: 11,
            44: 8,
            45: 5,
            46: 9,
            47: 4,
            48: 5,
            49: 9,
            50: 11,
            51: 5,
            52: 7,
            53: 9,
            54: 14,
            55: 4,
            56: 7,
            57: 5,
            58: 6,
            59: 5,
            60: 5,
            61: 1,
            63: 2,
            64: 6,
            65: 3,
            66: 1,
            67: 4,
            68: 2,
            69: 1,
            70: 1,
            71: 2,
            75: 2,
            79: 1,
            80: 1,
            83: 1,
        },
    ),
}
"""Per variant: (deals played, {points scored: deals}, 0 for a dead deal), from
1,000 deals between two expert players (``StrongPlayer``; seeds 10,000 to 10,999,
the dealer alternating), written by ``benchmarks/hints.py --deal-points 1000``."""


# --------------------------------------------------------------------------- worlds


class _World:
    """One way the hidden cards may lie: the opponent's hand, the stock (top last)
    and the seed of any reshuffle, all as card indices."""

    __slots__ = ("opponent", "seed", "stock")

    def __init__(self, opponent: list[int], stock: list[int], seed: int) -> None:
        self.opponent = opponent
        self.stock = stock
        self.seed = seed


def _worlds(
    view: PlayerView, count: int, rng: random.Random, inferred: bool = False, develop: int = 0
) -> list[_World]:
    """``count`` worlds consistent with ``view`` (see the module): the hidden cards
    as likely, or, ``inferred``, weighted by what the opponent showed; ``develop``:
    the opponent's hand is dealt as many more cards as it has thrown (at most
    ``develop``), then the cards whose loss leaves the least deadwood go back to
    the stock, one by one, as a player keeping its best cards would have thrown
    them."""
    known = [c.index for c in view.opponent_known]
    hidden = view.opponent_hand_size - len(known)
    restocked = [c.index for c in view.restocked_unseen()]
    others = [c.index for c in view.unseen() if c.index not in set(restocked)]
    exact = bool(view.restocked) and len(restocked) >= view.stock_size
    pool = sorted([*restocked, *others])
    weights = _weights(view, pool) if inferred and not exact else None
    tables = _tables(view.rules)
    worlds = []
    for _ in range(count):
        if exact:
            cards = restocked[:]
            rng.shuffle(cards)
            stock = cards[: view.stock_size]
            rest = [*cards[view.stock_size :], *others]
            rng.shuffle(rest)
            opponent = [*known, *rest[:hidden]]
        elif weights is None:
            cards = pool[:]
            rng.shuffle(cards)
            opponent = [*known, *cards[:hidden]]
            stock = cards[hidden : hidden + view.stock_size]
        else:
            for _attempt in range(4):
                # weighted draws without replacement: the largest u ** (1 / w) first
                keyed = sorted(pool, key=lambda i: -(rng.random() ** (1.0 / weights[i])))
                extra = min(develop, len(view.opponent_discards), len(keyed) - hidden)
                drawn = keyed[: hidden + extra]
                if extra:
                    drawn = _developed(drawn, known, extra, tables)
                opponent = [*known, *drawn]
                if _deadwood(sum(1 << i for i in opponent), tables):
                    break  # with gin the opponent would have gone out
            cards = [i for i in keyed if i not in set(drawn)]
            rng.shuffle(cards)
            stock = cards[: view.stock_size]
        worlds.append(_World(opponent, stock, rng.getrandbits(32)))
    return worlds


def _developed(drawn: list[int], known: list[int], extra: int, tables: _Tables) -> list[int]:
    """``drawn`` less ``extra`` cards, each the one whose loss leaves the least
    deadwood in the hand (with ``known``)."""
    hand = list(drawn)
    base = sum(1 << i for i in known)
    for _ in range(extra):
        mask = base + sum(1 << i for i in hand)
        worst = min(hand, key=lambda i: (_deadwood(mask & ~(1 << i), tables), -i))
        hand.remove(worst)
    return hand


def _weights(view: PlayerView, pool: list[int]) -> dict[int, float]:
    """How likely each card of ``pool`` is in the opponent's hand, relatively: halved
    for each card it threw or refused that the card would meld with (same rank, or
    within two in its suit), half as likely again for each card it took and kept."""
    wrap = view.rules.round_the_corner

    def near(a: int, b: int) -> bool:
        if a % 13 == b % 13:
            return True
        if a // 13 != b // 13:
            return False
        gap = abs(a - b)
        return gap <= 2 or (wrap and gap >= 11)

    shed = [c.index for c in (*view.opponent_discards, *view.opponent_refused)]
    kept = [c.index for c in view.opponent_known]
    weights = {}
    for i in pool:
        w = 1.0
        for d in shed:
            if near(i, d):
                w *= 0.5
        for k in kept:
            if near(i, k):
                w *= 1.5
        weights[i] = w
    return weights


# --------------------------------------------------------------------------- rollouts


class _Rollout:
    """One world played to the end of the deal by the fast policy (see the module);
    :meth:`play` gives the points of the deal for the seat of the view. With
    ``eager``, the opponent's seat knocks as soon as it may (an opponent read as
    such: :func:`ginrules.players.search.knocks_when_it_may`)."""

    def __init__(self, view: PlayerView, world: _World, eager: bool = False) -> None:
        rules = view.rules
        self.rules = rules
        self.tables = _tables(rules)
        self.values = self.tables.card_values
        self.drops = _DROPS.setdefault(id(self.tables), {})
        self.upcard = view.upcard
        self.limit = rules.knock_limit(view.upcard)
        self.seat = view.seat
        hands = [0, 0]
        hands[view.seat] = sum(1 << c.index for c in view.hand)
        hands[1 - view.seat] = sum(1 << i for i in world.opponent)
        self.hands = hands
        self.stock = list(world.stock)
        self.pile = [c.index for c in view.discard_pile]
        self.picked = [{c.index for c in view.picked[0]}, {c.index for c in view.picked[1]}]
        self.phase = view.phase
        self.current = view.current
        self.dealer = view.dealer
        self.taken = -1 if view.taken is None else view.taken.index
        self.turns = view.turns
        self.passes = 1 if view.phase == "offer" and view.current == view.dealer else 0
        self.refused = (
            view.phase == "draw" and view.legal is not None and DrawDiscard() not in view.legal
        )
        self.seed = world.seed
        match = view.match
        me, them = match.to_go(), match.to_go(opponent=True)
        self.to_go = (me, them) if view.seat == 0 else (them, me)
        self.points: int | None = None
        self.kept = [-1, -1]  # each seat's deadwood of its ten cards, when known
        self.eager = 1 - view.seat if eager else -1  # the seat that knocks when it may

    # the rules ---------------------------------------------------------------

    def _drawable(self) -> bool:
        rules = self.rules
        if rules.stock_end == "dead_hand":
            return len(self.stock) > rules.dead_hand_cards
        return bool(self.stock)

    def _cards(self, mask: int) -> list[Card]:
        return [CARDS[i] for i in _members(mask)]

    def _end(self, knocker: int, discard: int | None) -> None:
        """The showdown of ``knocker`` going out (``discard`` thrown, ``None``: big
        gin), scored by the engine; the points from the view's seat."""
        mask = self.hands[knocker]
        kept = self._cards(mask)
        defender = self._cards(self.hands[1 - knocker])
        seen = [CARDS[i] for i in self.pile]
        held = [CARDS[i] for i in self.picked[1 - knocker] if self.hands[1 - knocker] >> i & 1]
        spread = spread_options(kept, self.rules, seen, held)[0].spread
        result = showdown(kept, defender, self.rules, self.upcard, spread)
        winner = knocker if result.winner == "knocker" else 1 - knocker
        self.points = result.points if winner == self.seat else -result.points

    def _go_out(self, card: int | None, kind: str) -> bool:
        """Go out (``kind``: ``gin``, ``knock``, ``big_gin``) if the rules allow it."""
        me = self.current
        mask = self.hands[me] if card is None else self.hands[me] & ~(1 << card)
        check = check_going_out(self._cards(mask), self.rules, self.upcard)
        if not check.allowed or check.kind != kind:
            return False
        self.hands[me] = mask
        if card is not None:
            self.pile.append(card)
        self._end(me, card)
        return True

    def _discard(self, card: int, left: int = -1) -> None:
        me = self.current
        self.hands[me] &= ~(1 << card)
        self.kept[me] = left
        self.pile.append(card)
        self.turns += 1
        self.taken = -1
        self.refused = False
        rules = self.rules
        if rules.stock_end == "dead_hand" and len(self.stock) <= rules.dead_hand_cards:
            self.points = 0
            return
        self.current = 1 - me
        self.phase = "draw"
        if not self.stock and rules.stock_end == "reshuffle":
            top = self.pile.pop()
            rest = self.pile
            random.Random(self.seed + self.turns).shuffle(rest)
            self.stock = rest
            self.pile = [top]

    def _take(self) -> None:
        card = self.pile.pop()
        self.hands[self.current] |= 1 << card
        self.picked[self.current].add(card)
        self.taken = card
        self.phase = "discard"

    def _draw(self) -> None:
        self.hands[self.current] |= 1 << self.stock.pop()
        self.taken = -1
        self.phase = "discard"

    def _pass(self) -> None:
        self.passes += 1
        if self.passes == 1:
            self.current = self.dealer
        else:
            self.current = 1 - self.dealer
            self.phase = "draw"
            self.refused = True

    def apply(self, action: Action) -> None:
        """The move to rank, for the seat of the view (legal: the view listed it)."""
        if isinstance(action, Pass):
            self._pass()
        elif isinstance(action, DrawStock):
            self._draw()
        elif isinstance(action, DrawDiscard):
            self._take()
        elif isinstance(action, Discard):
            self._discard(action.card.index)
        elif isinstance(action, Knock | Gin):
            gone = self._go_out(action.card.index, "gin" if isinstance(action, Gin) else "knock")
            assert gone, action
        else:
            assert isinstance(action, BigGin)
            assert self._go_out(None, "big_gin")

    # the fast policy ----------------------------------------------------------

    def _wants(self, card: int) -> bool:
        mask = self.hands[self.current]
        tables = self.tables
        now = self.kept[self.current]
        if now < 0:
            now = self.kept[self.current] = _deadwood(mask, tables)
        taken = mask | 1 << card
        # in a meld of the best arrangement of the eleven, and the deadwood falls
        return _deadwood(taken, tables) < now + self.values[card] and (
            _discard_deadwood(taken, tables) < now
        )

    def _choose_draw(self) -> None:
        top = self.pile[-1] if self.pile else -1
        if self.phase == "offer":
            if self._wants(top):
                self._take()
            else:
                self._pass()
            return
        may_take = top >= 0 and not self.refused
        if may_take and self._wants(top):
            self._take()
        elif self._drawable():
            self._draw()
        elif may_take:
            self._take()
        else:
            self.points = 0  # nothing to draw: no such deal under the presets

    def _best_discard(self, mask: int) -> tuple[int, int]:
        """The least deadwood of ten of the eleven cards ``mask`` and the card to throw
        for it (not the card just taken; the highest value of equals): for each way
        of taking the sets, the best discard of the best suit of the cards left."""
        tables = self.tables
        dw = tables.dw
        gain = tables.gain
        values = self.values
        drops = self.drops
        taken = self.taken
        best = (1 << 30, 0, 0)
        c3 = _three_of_four(mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39)
        for chosen in _set_masks(mask, c3) if c3 else (0,):
            rest = mask & ~chosen
            suits = (rest & _SUIT, rest >> 13 & _SUIT, rest >> 26 & _SUIT, rest >> 39)
            total = dw[suits[0]] + dw[suits[1]] + dw[suits[2]] + dw[suits[3]]
            for suit, bits in enumerate(suits):
                if not bits:
                    continue
                rank = drops.get(bits)
                if rank is None:
                    rank = drops[bits] = _drop(bits, dw, values)
                card = suit * 13 + rank
                if card == taken:  # the best of the suit's other cards
                    others = bits & ~(1 << rank)
                    if not others:
                        continue
                    rank = _drop_from(bits, others, dw, values)
                    card = suit * 13 + rank
                    key = (total - dw[bits] + dw[bits & ~(1 << rank)], -values[card], -card)
                else:
                    key = (total - gain[bits], -values[card], -card)
                if key < best:
                    best = key
        return best[0], -best[2]

    def _choose_discard(self) -> None:
        me = self.current
        mask = self.hands[me]
        tables = self.tables
        if self.rules.big_gin and not _deadwood(mask, tables) and self._go_out(None, "big_gin"):
            return
        left, card = self._best_discard(mask)
        if not left and self._go_out(card, "gin"):
            return
        limit = self.limit
        if left and (limit is None or left <= limit):
            to_go = self.to_go[me]
            early = me == self.eager or (self.turns // 2 + 1 <= EARLY_TURNS and left <= EARLY_AT)
            if (early or (to_go is not None and to_go <= FINISH_WITHIN)) and self._go_out(
                card, "knock"
            ):
                return
        self._discard(card, left)

    def play(self) -> int:
        """Play on to the end of the deal; the points for the view's seat."""
        while self.points is None:
            if self.turns >= MAX_TURNS:
                return 0
            if self.phase == "discard":
                self._choose_discard()
            else:
                self._choose_draw()
        return self.points


_DROPS: dict[int, dict[int, int]] = {}  # per meld tables: _drop by suit mask


def _members(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _drop_from(bits: int, among: int, dw: list[int], values: list[int]) -> int:
    """The rank of the cards ``among`` (within the suit's ``bits``) whose discard
    leaves the least deadwood in the suit, the highest of equals."""
    best: tuple[int, int, int] | None = None
    rest = among
    while rest:
        low = rest & -rest
        rest ^= low
        rank = low.bit_length() - 1
        key = (dw[bits ^ low], -values[rank], -rank)
        if best is None or key < best:
            best = key
    assert best is not None
    return -best[2]


def _drop(bits: int, dw: list[int], values: list[int]) -> int:
    """The rank (0-12) of the suit's cards ``bits`` whose discard leaves the least
    deadwood in that suit, the highest of equals."""
    return _drop_from(bits, bits, dw, values)


_SUIT: Final = 8191
EARLY_TURNS: Final = 4
"""The fast policy knocks only in the seat's first ``EARLY_TURNS`` turns (as the
expert, :class:`~ginrules.players.search.StrongPlayer`, whose default this is) ..."""
EARLY_AT: Final = 10
"""... with at most ``EARLY_AT`` deadwood, ..."""
FINISH_WITHIN: Final = 10
"""... or when the match's target is at most ``FINISH_WITHIN`` points away."""


# --------------------------------------------------------------------------- the game


@lru_cache(maxsize=16)
def _win_grid(variant: str, target: int) -> tuple[tuple[float, ...], ...]:
    """``grid[i][j]``: the chance of reaching ``target`` first from the scores
    ``i * STEP`` (the seat) and ``j * STEP`` (the opponent), ``i, j`` up to
    ``ceil(target / STEP)`` (there: 1 and 0)."""
    played, counts = DEAL_POINTS.get(variant) or DEAL_POINTS["standard"]
    dead = counts.get(0, 0) / played
    steps: dict[int, float] = {}
    for points, deals in counts.items():
        if points:
            k = max(1, round(points / STEP))
            steps[k] = steps.get(k, 0.0) + deals / played / 2  # either player as likely
    top = math.ceil(target / STEP)
    grid = [[0.0] * (top + 1) for _ in range(top + 1)]
    for i in range(top + 1):
        grid[i][top] = 0.0
        grid[top][i] = 1.0
    grid[top][top] = 0.5  # never reached: one player scores in a deal
    live = 1 - dead
    for i in range(top - 1, -1, -1):
        row = grid[i]
        for j in range(top - 1, -1, -1):
            total = 0.0
            for k, p in steps.items():
                total += p * (grid[min(i + k, top)][j] + row[min(j + k, top)])
            row[j] = total / live
    return tuple(tuple(row) for row in grid)


def win_chance(rules: Rules, target: int | None, scores: tuple[int, int], points: int) -> float:
    """The seat's chance of winning the game when this deal gives it ``points``
    (negative: the opponent scores ``-points``; 0: a dead deal), from the match
    scores ``scores`` (the seat's, the opponent's) before the deal, in a game to
    ``target`` (``None``: a single deal, where a dead deal counts 1/2).

    >>> from ginrules.rules import STANDARD
    >>> win_chance(STANDARD, None, (0, 0), 12), win_chance(STANDARD, None, (0, 0), 0)
    (1.0, 0.5)
    >>> win_chance(STANDARD, 100, (90, 0), 12)
    1.0
    >>> 0.45 < win_chance(STANDARD, 100, (0, 0), 0) < 0.55
    True
    """
    if target is None:
        return 1.0 if points > 0 else 0.0 if points < 0 else 0.5
    mine = scores[0] + max(points, 0)
    theirs = scores[1] + max(-points, 0)
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    grid = _win_grid(rules.name, target)
    x, y = mine / STEP, theirs / STEP
    i, j = int(x), int(y)
    fx, fy = x - i, y - j
    top = len(grid) - 1
    i1, j1 = min(i + 1, top), min(j + 1, top)
    return (
        grid[i][j] * (1 - fx) * (1 - fy)
        + grid[i1][j] * fx * (1 - fy)
        + grid[i][j1] * (1 - fx) * fy
        + grid[i1][j1] * fx * fy
    )


# --------------------------------------------------------------------------- the table
