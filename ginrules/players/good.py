"""The ``good`` level, whose draws and discards the expert plays too."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ginrules.cards import Card
from ginrules.deal import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
)
from ginrules.melds import (
    _deadwood,
    _tables,
    best_discard_deadwood,
    deadwood,
)
from ginrules.players.base import _big_gin, _go_out_or_discard, _saved, _tiebreak, in_some_meld
from ginrules.view import PlayerView


class GoodPlayer:
    """A sound heuristic player (see the module docstring), deterministic per seed;
    the expert plays its draws and discards.

    A discard is worth the deadwood it keeps, less ``outs_weight`` times the
    deadwood the next draw saves on average (over the cards the seat has not
    seen, each as likely); ties go to the card least likely to feed the
    opponent, then to the highest, then to the seed. The top discard is taken
    when it lands in a meld and lowers the deadwood. Gin (big gin where the rules
    have it) whenever possible, and a knock as soon as the rules allow
    (:meth:`_knocks`). Once the stock has been rebuilt ``restless_after`` times
    in a deal, a random card is thrown a quarter of the time, so that two such
    players never deadlock under the reshuffle rule.
    """

    def __init__(self, seed: int = 0, outs_weight: float = 0.75, restless_after: int = 2) -> None:
        self.rng = random.Random(seed)
        self.outs_weight = outs_weight
        self.restless_after = restless_after

    def choose(self, view: PlayerView) -> Action:
        if view.phase == "discard":
            return self._discard(view)
        if view.phase == "offer":
            return DrawDiscard() if self._wants(view) else Pass()
        legal = view.legal_actions()
        if DrawDiscard() in legal and (self._wants(view) or DrawStock() not in legal):
            return DrawDiscard()
        return DrawStock()

    def _wants(self, view: PlayerView) -> bool:
        """Take the top discard when it lands in a meld and lowers the deadwood."""
        if not view.discard_pile:
            return False
        top = view.discard_pile[-1]
        rules = view.rules
        if not in_some_meld(top, view.hand, rules):
            return False
        return best_discard_deadwood([*view.hand, top], rules) < deadwood(view.hand, rules)

    def _discard(self, view: PlayerView) -> Action:
        if _big_gin(view):
            return view.spreading(BigGin())
        hand = view.hand
        free = [c for c in hand if c is not view.taken]
        if view.reshuffles >= self.restless_after and self.rng.random() < 0.25:
            return Discard(self.rng.choice(free))
        tables = _tables(view.rules)
        mask = sum(1 << c.index for c in hand)
        tiebreak = _tiebreak(view, self.rng)
        value = self._valuer(view, hand)
        scored: list[tuple[float, tuple[int, int, float], Card, int]] = []
        for card in free:
            kept = mask & ~(1 << card.index)
            left = _deadwood(kept, tables)
            scored.append((value(card, kept, left), tiebreak(card), card, left))
        best = min(scored, key=lambda s: (s[0], s[1]))
        gin = [s for s in scored if s[3] == 0]
        if gin:
            action = _go_out_or_discard(view, gin[0][2], 0)
            if not isinstance(action, Discard):
                return action
        least = min(scored, key=lambda s: (s[3], s[0], s[1]))
        action = _go_out_or_discard(view, least[2], least[3])
        if isinstance(action, Knock) and self._knocks(view, least[3]):
            return action
        return Discard(best[2])

    def _valuer(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[Card, int, int], float]:
        """``value(card, kept, left)``: how bad it is to throw ``card``, keeping the
        ten cards ``kept`` (a bit mask) with ``left`` deadwood (lower is better):
        the deadwood kept less ``outs_weight`` times what the next draw saves on
        average; -1 for a gin."""
        tables = _tables(view.rules)
        outs = [1 << c.index for c in view.unseen()]
        weight = self.outs_weight

        def value(card: Card, kept: int, left: int) -> float:
            return left - weight * _saved(kept, left, outs, tables) if left else -1.0

        return value

    def _knocks(self, view: PlayerView, left: int) -> bool:
        """Knock now, keeping ``left`` deadwood (the rules allow it)?"""
        return True
