"""What every computer level shares: the :class:`Player` protocol, the going-out
step, and the measures of a discard (what the next draw saves, the danger of
feeding the opponent)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ginrules.cards import Card
from ginrules.deal import (
    Action,
    Discard,
    Gin,
    Knock,
)
from ginrules.melds import (
    _draw_deadwoods,
    _Tables,
    deadwood,
    max_melded,
)
from ginrules.rules import Rules
from ginrules.view import PlayerView


class Player(Protocol):
    """Anything that chooses the next action from the view of the seat to act."""

    def choose(self, view: PlayerView) -> Action: ...


def in_some_meld(card: Card, hand: Sequence[Card], rules: Rules) -> bool:
    """Would ``card`` sit in some meld (a set, or a run in its suit) with ``hand``?

    >>> from ginrules.cards import parse_hand
    >>> from ginrules.rules import STANDARD, FRENCH
    >>> in_some_meld(Card.parse("AH"), parse_hand("KH QH 5S"), STANDARD)
    False
    >>> in_some_meld(Card.parse("AH"), parse_hand("KH QH 5S"), FRENCH)
    True
    """
    if sum(1 for c in hand if c.rank == card.rank and c is not card) >= 2:
        return True
    ranks = {c.rank for c in hand if c.suit == card.suit}
    wrap = rules.round_the_corner

    def step(rank: int, delta: int) -> int | None:
        nxt = rank + delta
        if 1 <= nxt <= 13:
            return nxt
        return (nxt - 1) % 13 + 1 if wrap else None

    length = 1
    for delta in (-1, 1):
        rank: int | None = card.rank
        while length < 3:
            rank = step(rank, delta) if rank is not None else None
            if rank is None or rank not in ranks or rank == card.rank:
                break
            length += 1
    return length >= 3


def _go_out_or_discard(view: PlayerView, card: Card, best: int) -> Action:
    """Knock or go gin discarding ``card`` (which keeps ``best`` deadwood) when the
    rules allow it, else discard it."""
    rules = view.rules
    limit = rules.knock_limit(view.upcard)
    # quick necessary tests before the full check: the knock limit, and the
    # French minimum of melded cards (a gin melds them all)
    needed = rules.knock_min_melded
    if (limit is None or best <= limit) and (
        not needed or best == 0 or max_melded(view.hand, rules) >= needed
    ):
        check = view.check_going_out(card)
        if check.allowed:
            return view.spreading(Gin(card) if check.kind == "gin" else Knock(card))
    return Discard(card)


def _big_gin(view: PlayerView) -> bool:
    """May this eleven-card hand go out as big gin?"""
    rules = view.rules
    return rules.big_gin and deadwood(view.hand, rules) == 0 and view.check_going_out(None).allowed


def _saved(kept: int, left: int, outs: list[int], tables: _Tables) -> float:
    """The deadwood the next draw saves the ten cards ``kept`` (``left`` deadwood) on
    average, each card of ``outs`` (bit masks) drawn as likely."""
    saved = 0
    for after in _draw_deadwoods(kept, outs, tables):
        if after < left:
            saved += left - after
    return saved / max(len(outs), 1)


def _tiebreak(view: PlayerView, rng: random.Random) -> Callable[[Card], tuple[int, int, float]]:
    """Sort key among equally good discards: least dangerous (of the rank, or near in
    suit, of the cards the opponent took from the pile and still holds), then the
    highest, then the seed."""
    wanted = view.opponent_known
    rules = view.rules

    def key(card: Card) -> tuple[int, int, float]:
        danger = sum(
            1
            for w in wanted
            if w.rank == card.rank or (w.suit == card.suit and abs(w.rank - card.rank) <= 2)
        )
        return (danger, -rules.card_value(card), rng.random())

    return key


def _feeds(view: PlayerView) -> Callable[[Card], float]:
    """``feeds(card)``: the chance that the opponent's hand holds a meld for
    ``card`` (two more of its rank, or two cards next to it in a run), each unseen
    card being in that hand as likely, and the cards it took from the pile surely."""
    unseen = view.unseen()
    known = view.opponent_known
    share = max(view.opponent_hand_size - len(known), 0) / len(unseen) if unseen else 0.0
    held = dict.fromkeys((c.index for c in unseen), share)
    held.update(dict.fromkeys((c.index for c in known), 1.0))
    wrap = view.rules.round_the_corner

    def at(suit: int, rank: int) -> float:
        if not 0 <= rank < 13:
            if not wrap:
                return 0.0
            rank %= 13
        return held.get(suit * 13 + rank, 0.0)

    def feeds(card: Card) -> float:
        suit, rank = divmod(card.index, 13)
        a, b, c = (held.get(s * 13 + rank, 0.0) for s in range(4) if s != suit)
        in_set = a * b + a * c + b * c - 2 * a * b * c
        m2, m1, p1, p2 = (at(suit, rank + d) for d in (-2, -1, 1, 2))
        in_run = m2 * m1 + m1 * p1 + p1 * p2 - m2 * m1 * p1 - m1 * p1 * p2
        return min(1.0, in_set + in_run)

    return feeds
