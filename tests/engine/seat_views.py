"""Narrated positions for the players' and the tutor's tests: the view of seat 0 (the
non-dealer) to act, built by hand from a few words (a hand, a pile, what the opponent
took), with whatever the rest of the view needs by default."""

from __future__ import annotations

from collections.abc import Sequence

from ginrules.cards import Card, parse_hand
from ginrules.deal import Action, DrawDiscard, DrawStock, Pass
from ginrules.rules import STANDARD, Rules
from ginrules.view import MatchContext, PlayerView


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_hand(text)) if text else ()


def seat_view(
    hand: str,
    *,
    rules: Rules = STANDARD,
    turns: int = 3,
    upcard: str = "2C",
    pile: str = "",
    known: str = "",
    discards: str = "",
    taken: str | None = None,
    stock: int = 20,
    phase: str = "discard",
    match: MatchContext | None = None,
) -> PlayerView:
    """Seat 0 to act holding ``hand`` after ``turns`` discards: the discard ``pile``
    (bottom first), the cards the opponent took from the pile and holds (``known``) and
    those it threw (``discards``), the card this seat just took (``taken``), the legal
    draws of the ``phase`` (any discard once it has drawn)."""
    held = cards(known)
    legal: Sequence[Action] | None = {"discard": None, "offer": (DrawDiscard(), Pass())}.get(
        phase, (DrawStock(), DrawDiscard())
    )
    took = None if taken is None else Card.parse(taken)
    return PlayerView(
        seat=0,
        rules=rules,
        hand=cards(hand),
        upcard=Card.parse(upcard),
        discard_pile=cards(pile),
        picked=((), held),
        opponent_known=held,
        opponent_refused=(),
        opponent_discards=cards(discards),
        stock_size=stock,
        opponent_hand_size=10,
        phase=phase,  # type: ignore[arg-type]
        current=0,
        dealer=1,
        taken=took,
        drawn=took,
        turns=turns,
        reshuffles=0,
        match=match or MatchContext(target=100),
        legal=None if legal is None else tuple(legal),
    )
