"""Hints with win chances (issue 22, point 3): every legal move of the seat to act,
ranked by the estimated chance of winning the game.

:func:`hints` is given a :class:`~ginrules.view.PlayerView` and nothing else. For
each legal move of the phase (take or pass the upcard, take the pile's card or
draw from the stock, each discard, each knock or gin with its discard, big gin)
it plays the same ``worlds`` determinized worlds to the end of the deal:

* **A world** is one way the hidden cards may lie, drawn from the view only: the
  opponent holds the cards it took from the pile and kept (the view's
  ``opponent_known``), and the rest of its hand and the stock are drawn, as
  likely, from the cards the seat has not seen (``unseen()``); after a
  reshuffle, the stock holds only cards the reshuffle put there
  (``restocked_unseen()``), the opponent any others. The stock's order is drawn
  too. The same worlds serve every move (common random numbers), so two moves
  are compared on the same cards.
* **The rest of the deal** is played by a fast policy for both seats, the
  expert's (:class:`~ginrules.players.search.StrongPlayer`) decisions made cheaper: take
  the pile's card only when, in the best arrangement of the eleven cards, it
  joins a meld and the deadwood after the best discard falls; throw the card
  that leaves the least deadwood (the highest of equals); go gin or big gin
  whenever possible; knock only in the seat's first ``early_turns`` turns with at
  most ``early_at`` deadwood (4 and 10, as the expert where the match has not
  shown an opponent that knocks as soon as it may), or when the match's
  target is at most ``finish_within`` (10) points away. The showdown and its
  score are the engine's (:func:`~ginrules.showdown.showdown`), the knocker
  spreading as every level does (:func:`~ginrules.showdown.spread_options`,
  from what it knows). A deal still running after ``MAX_TURNS`` discards counts
  as dead.
* **The game-win chance** of a world's end: in a single deal, 1 for the seat
  that scores, 0 for the other and 1/2 for a dead deal; in a game to a target,
  the chance of reaching the target first from the scores after this deal,
  when the later deals are won by either player as likely and score as deals
  between two expert players score (:data:`DEAL_POINTS`, measured once by
  ``benchmarks/hints.py --deal-points`` and shipped here), worked out by
  dynamic programming over the scores in steps of ``STEP`` points
  (:func:`win_chance`).

Each row has the mean win chance over the worlds with its 95 % interval (normal,
from the worlds' spread), the mean points of this deal for the seat (negative:
the opponent scores) with its interval, whether it is the expert's choice
(``StrongPlayer(seed).choose(view)``, the move the tutor advises), and whether
it ties with the best row: the best row's win chance less this row's, taken
world by world, has a 95 % interval that holds 0 (``gap``, ``gap_margin``).

Each row has a one-line reason, a checked claim of the tutor
(:mod:`ginrules.tutor`, checked by ``tests/engine/test_tutor_claims.py``): the
expert's row the tutor's own reason; the other rows a fact about the move, with
the tutor's codes where they state facts of that move (``take_meld``,
``take_replaces``, ``take_lower``, ``take_only``, ``upcard_no_help``,
``pile_no_help``, ``upcard_no_meld``, ``pile_no_meld``, ``stock_only``, ``gin``,
``big_gin``, ``knock``, ``least_deadwood``) and the codes of
:data:`HINT_REASONS` otherwise:

``take_no_help`` {card, before, after}
    take ``card``: the deadwood after the best discard (``after``) is not less
    than the deadwood now (``before``).
``upcard_lower`` / ``pile_lower`` {card, before, after}
    pass / draw from the stock, leaving ``card``, with which the deadwood would
    fall from ``before`` to ``after`` (after the best discard).
``more_deadwood`` {card, deadwood, least}
    discard ``card``: it leaves ``deadwood``, more than the least, ``least``.

Everything follows from the view and ``seed``: the same view and seed give the
same table, and two deals that differ only in the cards the seat does not see
give the same table.

>>> from ginrules.deal import Deal
>>> from ginrules.rules import STANDARD
>>> table = hints(PlayerView.of(Deal.new(STANDARD, seed=7)), seed=1, worlds=4)
>>> [row["action"] for row in table["rows"]] in (["take", "pass"], ["pass", "take"])
True
>>> sum(row["expert"] for row in table["rows"])
1
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from ginrules.cards import CARDS, Card
from ginrules.coach.tutor import _discards, _reason, _taking, _with_card, action_dict
from ginrules.deal import Action, BigGin, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.going_out import check_going_out
from ginrules.melds import (
    _deadwood,
    _discard_deadwood,
    _set_masks,
    _tables,
    _three_of_four,
    deadwood,
)
from ginrules.players.search import StrongPlayer
from ginrules.rules import Rules
from ginrules.showdown import showdown, spread_options
from ginrules.view import PlayerView

if TYPE_CHECKING:
    from ginrules.coach.table import Table

__all__ = [
    "DEAL_POINTS",
    "HINT_REASONS",
    "MAX_TURNS",
    "MAX_WORLDS",
    "MIN_WORLDS",
    "ROLLOUTS",
    "STEP",
    "hints",
    "table_hints",
    "win_chance",
    "worlds_per_move",
]

ROLLOUTS: Final = 96
"""Rollouts per table by default, shared among the moves: ``ROLLOUTS // moves``
worlds per move, at least ``MIN_WORLDS`` and at most ``MAX_WORLDS``. Chosen by
measuring (``benchmarks/hints.py``, 120 tables over the four variants): at 144
rollouts a table took 125 ms in CPython at a load of about 4.5 on two cores (median;
99th percentile 279 ms), 307 ms inside Pyodide under Node (p99 701 ms), and in
Chromium on the play page 332 ms under the standard rules (p99 995 ms; Gin Rami p99
1,155 ms), above the page's budget of 250 ms (median) and 1 s (p99). At 96, on an
idle machine, CPython took 48 ms against 66 ms at 144 (median; p99 85 against
123 ms), with the same share of ties (3.4 rows of 6.1 tie with the best)."""

MIN_WORLDS: Final = 8
MAX_WORLDS: Final = 64

MAX_TURNS: Final = 120
"""Discards after which a rollout still running counts as a dead deal."""

STEP: Final = 5
"""The score grid of :func:`win_chance`, in points."""

HINT_REASONS: Final = ("take_no_help", "upcard_lower", "pile_lower", "more_deadwood")
"""The reason codes a hint row may give beyond the tutor's (see the module)."""

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

_Z: Final = 1.96  # 95 % interval of a normal mean


# --------------------------------------------------------------------------- worlds


class _World:
    """One way the hidden cards may lie: the opponent's hand, the stock (top last)
    and the seed of any reshuffle, all as card indices."""

    __slots__ = ("opponent", "seed", "stock")

    def __init__(self, opponent: list[int], stock: list[int], seed: int) -> None:
        self.opponent = opponent
        self.stock = stock
        self.seed = seed


def _worlds(view: PlayerView, count: int, rng: random.Random) -> list[_World]:
    """``count`` worlds consistent with ``view`` (see the module)."""
    known = [c.index for c in view.opponent_known]
    hidden = view.opponent_hand_size - len(known)
    restocked = [c.index for c in view.restocked_unseen()]
    others = [c.index for c in view.unseen() if c.index not in set(restocked)]
    exact = bool(view.restocked) and len(restocked) >= view.stock_size
    pool = sorted([*restocked, *others])
    worlds = []
    for _ in range(count):
        if exact:
            cards = restocked[:]
            rng.shuffle(cards)
            stock = cards[: view.stock_size]
            rest = [*cards[view.stock_size :], *others]
            rng.shuffle(rest)
            opponent = [*known, *rest[:hidden]]
        else:
            cards = pool[:]
            rng.shuffle(cards)
            opponent = [*known, *cards[:hidden]]
            stock = cards[hidden : hidden + view.stock_size]
        worlds.append(_World(opponent, stock, rng.getrandbits(32)))
    return worlds


# --------------------------------------------------------------------------- rollouts


class _Rollout:
    """One world played to the end of the deal by the fast policy (see the module);
    :meth:`play` gives the points of the deal for the seat of the view."""

    def __init__(self, view: PlayerView, world: _World) -> None:
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
            early = self.turns // 2 + 1 <= _EARLY_TURNS and left <= _EARLY_AT
            if (early or (to_go is not None and to_go <= _FINISH_WITHIN)) and self._go_out(
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
_STRONG: Final = StrongPlayer()
_EARLY_TURNS: Final = _STRONG.early_turns
_EARLY_AT: Final = _STRONG.early_at
_FINISH_WITHIN: Final = _STRONG.finish_within


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


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half width of its 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, _Z * math.sqrt(var / n)


def _row_reason(
    view: PlayerView, action: Action, least: list[tuple[int, Card]]
) -> tuple[str, dict[str, Any]]:
    """The reason of a row that is not the expert's choice: a fact of the move."""
    if isinstance(action, DrawStock | DrawDiscard | Pass):
        top = view.discard_pile[-1] if view.discard_pile else None
        if top is None or (
            isinstance(action, DrawStock) and DrawDiscard() not in view.legal_actions()
        ):
            return "stock_only", {}
        before = deadwood(view.hand, view.rules)
        after, _ = _with_card(view.hand, top, view.rules)
        numbers = {"card": top.code, "before": before, "after": after}
        lower = after < before
        if isinstance(action, DrawDiscard):
            if not lower and (view.phase == "offer" or DrawStock() in view.legal_actions()):
                return "take_no_help", numbers
            return _taking(view, action, top)
        prefix = "upcard" if view.phase == "offer" else "pile"
        code, params = _taking(view, action, top)
        if code.endswith("_race"):
            return f"{prefix}_lower", numbers
        return code, params
    if isinstance(action, Knock | Gin | BigGin):
        return _reason(view, _STRONG, action, least)
    assert isinstance(action, Discard)
    left = {card: points for points, card in least}
    fewest = least[0][0]
    card = action.card
    if left[card] == fewest:
        return "least_deadwood", {"card": card.code, "deadwood": fewest}
    return "more_deadwood", {"card": card.code, "deadwood": left[card], "least": fewest}


def worlds_per_move(moves: int, rollouts: int = ROLLOUTS) -> int:
    """The worlds each of ``moves`` moves is played in (see :data:`ROLLOUTS`).

    >>> worlds_per_move(1), worlds_per_move(2), worlds_per_move(8), worlds_per_move(30)
    (64, 48, 12, 8)
    """
    return max(MIN_WORLDS, min(MAX_WORLDS, rollouts // max(moves, 1)))


def hints(view: PlayerView, seed: int = 0, worlds: int | None = None) -> dict[str, Any]:
    """The hint table for the seat of ``view`` (see the module), JSON-ready::

        {to_play, worlds, target, rows: [{action, card?, win, win_low, win_high,
          points, points_low, points_high, gap, gap_margin, best, tie, expert,
          reason, params}]}

    ``rows`` are ranked by ``win`` (then ``points``), the best first; empty when
    the seat is not to play. ``worlds``: per move (default
    :func:`worlds_per_move`).
    """
    legal = view.legal_actions()
    if worlds is None:
        worlds = worlds_per_move(len(legal))
    to_play = view.phase != "over" and view.current == view.seat
    match = view.match
    table: dict[str, Any] = {
        "to_play": to_play,
        "worlds": worlds,
        "target": match.target,
        "scores": list(match.scores),
        "rows": [],
    }
    if not to_play:
        return table
    player = StrongPlayer(seed)
    expert = player.choose(view)
    least = _discards(view) if len(view.hand) == 11 else []
    rng = random.Random(f"ginrules.hints/{seed}")
    sampled = _worlds(view, worlds, rng)
    scored = []
    for action in legal:
        points = []
        for world in sampled:
            rollout = _Rollout(view, world)
            rollout.apply(action)
            points.append(rollout.play())
        wins = [win_chance(view.rules, match.target, match.scores, p) for p in points]
        scored.append((action, points, wins))
    scored.sort(key=lambda s: (-sum(s[2]), -sum(s[1]), str(s[0])))
    best_wins = scored[0][2]
    rows: list[dict[str, Any]] = []
    for action, points, wins in scored:
        win, win_half = _interval(wins)
        mean, points_half = _interval(points)
        gap, gap_half = _interval([b - w for b, w in zip(best_wins, wins, strict=True)])
        mine = action == expert
        if mine:
            reason, params = _reason(view, player, action, least)
        else:
            reason, params = _row_reason(view, action, least)
        rows.append(
            {
                **action_dict(action),
                "win": round(win, 4),
                "win_low": round(max(0.0, win - win_half), 4),
                "win_high": round(min(1.0, win + win_half), 4),
                "points": round(mean, 2),
                "points_low": round(mean - points_half, 2),
                "points_high": round(mean + points_half, 2),
                "gap": round(gap, 4),
                "gap_margin": round(gap_half, 4),
                "best": not rows,
                "tie": bool(rows) and gap <= gap_half,
                "expert": mine,
                "reason": reason,
                "params": params,
            }
        )
    table["rows"] = rows
    return table


def table_hints(table: Table, seed: int | None = None) -> dict[str, Any]:
    """The hint table of the reader's position at a play table
    (:class:`ginrules.table.Table`): :func:`hints` on the reader's view, seeded as
    the table's tutor is for that position unless ``seed`` is given, so that the
    expert's choice marked is the tutor's advice."""
    played = table._current
    turn = sum(1 for r in played.records if r["who"] == "you") + 1
    own = table._tutor_seed(played.number, turn) if seed is None else seed
    return {**hints(table.view(), own), "seed": own}
