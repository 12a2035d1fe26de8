"""The tutor: what the engine sees from one seat, and only from that seat.

:func:`tutor` is given a :class:`~ginrules.view.PlayerView` and nothing else, so
it cannot say what the seat does not know: two deals that differ only in the
opponent's hidden cards or the order of the stock give the same answer.

The answer (JSON-ready)::

    {phase, to_play,
     discards: [{card, deadwood}]     every discard allowed, least deadwood left first
                                      (discard phase only)
     going_out: {knock, gin, big_gin, deadwood, limit, gin_only, min_melded, why_not}
     outs: [{card, kind, kinds, unseen}], outs_unseen
     expert: {action, card?, reason, params} | null}

``going_out.deadwood`` is the least deadwood the seat can keep (after the best
discard in the discard phase); ``limit``, ``gin_only`` and ``min_melded`` are as in
the table's state (:func:`ginrules.table.view_fields`): the knock limit in force,
``null`` when only gin ends the deal (``gin_only``) or when the rules count melded
cards instead (``min_melded``, 8 in Gin Rami). ``outs`` are the cards that would
sit in a meld with the hand kept and lower its deadwood, ``kind`` ``set`` or
``run`` (``kinds`` both when both), ``unseen`` whether the seat has not seen the
card (it may still be drawn: neither in the discard pile nor known in the
opponent's hand); ``outs_unseen`` counts those.

``going_out.why_not`` (``null`` when the seat may go out now):

``must_draw``
    the seat is to take the upcard, pass or draw: going out comes after drawing.
``not_your_turn``
    the opponent is to play. ``deal_over``: the deal has ended.
``over_limit`` / ``gin_only`` / ``ace_upcard`` / ``too_few_melded``
    the engine's going-out codes (:data:`ginrules.going_out.REASONS`) for the
    best discard: deadwood over the knock limit (params ``deadwood``, ``limit``);
    rules with gin only (Straight Gin); an Oklahoma ace upcard (limit 0);
    under Gin Rami fewer than 8 cards in melds (``melded``, ``needed``).

``expert`` is the choice of a fresh ``get_player("expert", seed)`` on the view
(a separate player: asking never changes the opponent's play), with a reason
code and its params (cards as English codes):

``take_meld`` {card, before, after}
    take the pile card: it joins a meld and the deadwood falls from ``before``
    to ``after`` (after the best discard).
``take_lower`` {card, before, after}
    take the pile card: it joins no meld yet, but the deadwood falls.
``take_keep`` {card, before, after}
    take the pile card although the deadwood does not fall (``after`` is not
    less than ``before``): the expert keeps it for a meld to come.
``upcard_no_help`` {card}
    pass: the upcard does not lower the deadwood in a meld.
``pile_no_help`` {card}
    draw from the stock: the pile's top card does not lower the deadwood.
``stock_only`` {}
    draw from the stock: taking the pile's card is not allowed now.
``gin`` {card} / ``big_gin`` {}
    go gin discarding ``card`` / with all eleven cards melded.
``knock`` {card, deadwood}
    knock (Gin Rami: go down) discarding ``card``, leaving ``deadwood``.
``play_on`` {card, deadwood}
    a knock with ``deadwood`` was possible, but playing on is worth more
    (undercut risk, a gin in sight, the score); discard ``card``.
``least_deadwood`` {card, deadwood}
    discard ``card``: it leaves the least deadwood, ``deadwood``.
``safe_discard`` {card, deadwood, least, avoided}
    discard ``card`` (leaving ``deadwood``, more than the least ``least``)
    rather than ``avoided``, which the opponent may want (near a card it took).
``keeps_outs`` {card, deadwood, least}
    discard ``card`` (leaving ``deadwood``, more than ``least``) to keep the
    cards that more unseen cards would improve.

>>> from ginrules.deal import Deal
>>> from ginrules.rules import STANDARD
>>> from ginrules.view import PlayerView
>>> answer = tutor(PlayerView.of(Deal.new(STANDARD, seed=7)), seed=1)
>>> answer["phase"], answer["going_out"]["why_not"], answer["expert"]["reason"] in EXPERT_REASONS
('offer', 'must_draw', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrules.cards import CARDS, Card
from ginrules.deal import Action, BigGin, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.melds import best_discard_deadwood, deadwood, max_melded
from ginrules.players import get_player
from ginrules.rules import Rules
from ginrules.view import PlayerView

__all__ = ["EXPERT_REASONS", "WHY_NOT", "action_dict", "outs", "tutor"]

WHY_NOT = (
    "must_draw",
    "not_your_turn",
    "deal_over",
    "over_limit",
    "gin_only",
    "ace_upcard",
    "too_few_melded",
)
"""Every ``going_out.why_not`` code (see the module)."""

EXPERT_REASONS = (
    "take_meld",
    "take_lower",
    "take_keep",
    "upcard_no_help",
    "pile_no_help",
    "stock_only",
    "gin",
    "big_gin",
    "knock",
    "play_on",
    "least_deadwood",
    "safe_discard",
    "keeps_outs",
)
"""Every ``expert.reason`` code (see the module)."""


def _to_play(view: PlayerView) -> bool:
    return view.phase != "over" and view.current == view.seat


def _discards(view: PlayerView) -> list[tuple[int, Card]]:
    """(deadwood left, card) for every card the seat may discard, least first."""
    rules = view.rules
    return sorted(
        (deadwood([c for c in view.hand if c is not card], rules), card)
        for card in view.hand
        if card is not view.taken
    )


def _kinds(card: Card, hand: Sequence[Card], rules: Rules) -> list[str]:
    """The kinds of meld ``card`` would make with two or more cards of ``hand``."""
    kinds = []
    if sum(1 for c in hand if c.rank == card.rank) >= 2:
        kinds.append("set")
    suited = [c for c in hand if c.suit == card.suit]
    if any(
        max_melded([card, a, b], rules) == 3 for i, a in enumerate(suited) for b in suited[i + 1 :]
    ):
        kinds.append("run")
    return kinds


def outs(hand: Sequence[Card], rules: Rules) -> list[tuple[Card, list[str]]]:
    """The cards that would sit in a meld with the 10 cards ``hand`` and lower its
    deadwood (after the best discard), with the kinds of meld they would make."""
    held = set(hand)
    now = deadwood(hand, rules)
    found = []
    for card in CARDS:
        if card in held or not now:
            continue
        kinds = _kinds(card, hand, rules)
        if kinds and best_discard_deadwood([*hand, card], rules) < now:
            found.append((card, kinds))
    return found


def _going_out(view: PlayerView, least: list[tuple[int, Card]]) -> dict[str, Any]:
    rules = view.rules
    limit = rules.knock_limit(view.upcard)
    data: dict[str, Any] = {
        "knock": False,
        "gin": False,
        "big_gin": False,
        "limit": limit or None,
        "gin_only": limit == 0,
        "min_melded": rules.knock_min_melded,
    }
    if view.phase != "discard" or not _to_play(view):
        data["deadwood"] = deadwood(view.hand, rules) if len(view.hand) <= 10 else least[0][0]
        if view.phase == "over":
            data["why_not"] = "deal_over"
        elif not _to_play(view):
            data["why_not"] = "not_your_turn"
        else:
            data["why_not"] = "must_draw"
        return data
    legal = view.legal_actions()
    data["knock"] = any(isinstance(a, Knock) for a in legal)
    data["gin"] = any(isinstance(a, Gin) for a in legal)
    data["big_gin"] = BigGin() in legal
    data["deadwood"] = least[0][0]
    if data["knock"] or data["gin"] or data["big_gin"]:
        data["why_not"] = None
    else:
        data["why_not"] = view.check_going_out(least[0][1]).reason
    return data


def action_dict(action: Action) -> dict[str, Any]:
    """An action as the play page writes it: ``{"action": "knock", "card": "7H"}``
    (``action``: ``pass``, ``take``, ``stock``, ``discard``, ``knock``, ``gin``,
    ``big_gin``)."""
    data: dict[str, Any] = {"action": str(action).split()[0]}
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        data["card"] = card.code
    return data


def _expert(view: PlayerView, seed: int, least: list[tuple[int, Card]]) -> dict[str, Any]:
    action = get_player("expert", seed).choose(view)
    data = action_dict(action)
    reason, params = _reason(view, action, least)
    data["reason"] = reason
    data["params"] = params
    return data


def _near(a: Card, b: Card) -> bool:
    """Could ``a`` and ``b`` sit in one meld (the same rank, or near in one suit)?"""
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _reason(
    view: PlayerView, action: Action, least: list[tuple[int, Card]]
) -> tuple[str, dict[str, Any]]:
    rules = view.rules
    top = view.discard_pile[-1] if view.discard_pile else None
    if isinstance(action, DrawDiscard) and top is not None:
        before = deadwood(view.hand, rules)
        after = best_discard_deadwood([*view.hand, top], rules)
        if after < before:
            reason = "take_meld" if _kinds(top, view.hand, rules) else "take_lower"
        else:
            reason = "take_keep"
        return reason, {"card": top.code, "before": before, "after": after}
    if isinstance(action, Pass):
        return "upcard_no_help", {"card": view.upcard.code}
    if isinstance(action, DrawStock):
        if DrawDiscard() not in view.legal_actions() or top is None:
            return "stock_only", {}
        return "pile_no_help", {"card": top.code}
    if isinstance(action, BigGin):
        return "big_gin", {}
    if isinstance(action, Gin):
        return "gin", {"card": action.card.code}
    left = {card: points for points, card in least}
    if isinstance(action, Knock):
        shown = view.check_going_out(action.card).deadwood  # as spread (Gin Rami: 8 melded)
        return "knock", {"card": action.card.code, "deadwood": shown}
    assert isinstance(action, Discard)
    card = action.card
    knocks = [k for k in view.legal_actions() if isinstance(k, Knock)]
    if knocks:
        best = min(view.check_going_out(k.card).deadwood for k in knocks)
        return "play_on", {"card": card.code, "deadwood": best}
    fewest = least[0][0]
    if left[card] == fewest:
        return "least_deadwood", {"card": card.code, "deadwood": fewest}
    params = {"card": card.code, "deadwood": left[card], "least": fewest}
    for points, other in least:
        if points != fewest:
            break
        if any(_near(w, other) for w in view.opponent_known):
            return "safe_discard", {**params, "avoided": other.code}
    return "keeps_outs", params


def tutor(view: PlayerView, seed: int = 0) -> dict[str, Any]:
    """The tutor's answer for the seat of ``view`` (see the module); ``seed`` seeds
    the expert it asks."""
    rules = view.rules
    to_play = _to_play(view)
    least = _discards(view) if len(view.hand) == 11 else []
    kept: Sequence[Card] = view.hand
    if least:
        kept = [c for c in view.hand if c is not least[0][1]]
    unseen = set(view.unseen())
    found = [
        {"card": card.code, "kind": kinds[0], "kinds": kinds, "unseen": card in unseen}
        for card, kinds in outs(kept, rules)
    ]
    discarding = view.phase == "discard" and to_play
    return {
        "phase": view.phase,
        "to_play": to_play,
        "discards": [{"card": c.code, "deadwood": d} for d, c in least] if discarding else [],
        "going_out": _going_out(view, least),
        "outs": found,
        "outs_unseen": sum(1 for o in found if o["unseen"]),
        "expert": _expert(view, seed, least) if to_play else None,
    }
