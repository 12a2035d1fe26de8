"""The ``random`` and ``beginner`` levels (the EAAI 2021 baseline)."""

from __future__ import annotations

import random

from ginrules.cards import Card
from ginrules.deal import (
    Action,
    BigGin,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Pass,
)
from ginrules.melds import (
    deadwood,
)
from ginrules.players.base import _big_gin, _go_out_or_discard, in_some_meld
from ginrules.view import PlayerView


class RandomPlayer:
    """A uniformly random legal player, deterministic for its seed.

    With ``go_out=True`` it always knocks or goes gin when some discard allows it
    (otherwise, under the reshuffle rule, a deal can run for thousands of turns).
    """

    def __init__(self, seed: int = 0, go_out: bool = False) -> None:
        self.rng = random.Random(seed)
        self.go_out = go_out

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions()
        if self.go_out:
            out = [a for a in actions if isinstance(a, Knock | Gin | BigGin)]
            if out:
                return view.spreading(self.rng.choice(out))
        return view.spreading(self.rng.choice(actions))


class BeginnerPlayer:
    """The EAAI challenge's ``SimpleGinRummyPlayer`` (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._pairs: set[tuple[Card | None, Card]] = set()
        self._deal: tuple[int, Card, int] | None = None

    def choose(self, view: PlayerView) -> Action:
        key = (view.dealer, view.upcard, view.match.deal_number)
        if key != self._deal or (self._deal is not None and view.turns == 0):
            self._pairs = set()
        self._deal = key
        if view.phase in ("offer", "draw"):
            legal = view.legal_actions()
            top = view.discard_pile[-1] if view.discard_pile else None
            take = DrawDiscard() in legal and top is not None
            if take and top is not None and in_some_meld(top, view.hand, view.rules):
                return DrawDiscard()
            return Pass() if view.phase == "offer" else DrawStock()
        return self._discard(view)

    def _discard(self, view: PlayerView) -> Action:
        if _big_gin(view):
            return view.spreading(BigGin())
        rules = view.rules
        hand = view.hand
        drawn = view.drawn
        least: int | None = None
        candidates: list[Card] = []
        for card in hand:
            if card is view.taken or (drawn, card) in self._pairs:
                continue
            left = deadwood([c for c in hand if c is not card], rules)
            if least is None or left < least:
                least, candidates = left, [card]
            elif left == least:
                candidates.append(card)
        if least is None:  # every card repeats a pair: allow repeats again
            free = [c for c in hand if c is not view.taken]
            kept = {c: deadwood([x for x in hand if x is not c], rules) for c in free}
            least = min(kept.values())
            candidates = [c for c in free if kept[c] == least]
        card = self.rng.choice(candidates)
        self._pairs.add((drawn, card))
        return _go_out_or_discard(view, card, least)
