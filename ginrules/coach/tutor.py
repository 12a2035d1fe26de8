"""The tutor: what the engine sees from one seat, and only from that seat.

:func:`tutor` is given a :class:`~ginrules.view.PlayerView` and nothing else, so
it cannot say what the seat does not know: two deals that differ only in the
opponent's hidden cards or the order of the stock give the same answer.

Every reason it gives is worked out from the position and the advice given, so
that each sentence the page builds from it is true of the position
(``tests/engine/test_tutor_claims.py`` checks them all on thousands of positions,
with code of its own).

The answer (JSON-ready)::

    {phase, to_play,
     discards: [{card, deadwood}]     every discard allowed, least deadwood left first
                                      (discard phase only; the expert's own first
                                      among its ties)
     going_out: {knock, gin, big_gin, deadwood, knock_deadwood, limit, gin_only,
                 min_melded, why_not, params}
     outs: [{card, kind, kinds, unseen}], outs_unseen
     expert: {action, card?, reason, params} | null}

``going_out.deadwood`` is the least deadwood the seat can keep (after the best
discard in the discard phase); ``knock_deadwood`` the least deadwood of a knock
the rules allow now, as it would be spread (under Gin Rami, with at least 8
cards melded), ``null`` when no knock is allowed. ``limit``, ``gin_only`` and
``min_melded`` are as in the table's state (:func:`ginrules.table.view_fields`):
the knock limit in force, ``null`` when only gin ends the deal (``gin_only``) or
when the rules count melded cards instead (``min_melded``, 8 in Gin Rami).

``outs`` are the cards that would improve the hand the advice keeps (the ten
cards left after the expert's discard; the hand held before drawing): with that
card and the best discard after it (never the card itself), the deadwood falls,
and the card sits in a meld of every least-deadwood arrangement of the cards
kept. ``kinds`` are the kinds of those melds (``set``, ``run``; ``kind`` the
first), ``unseen`` whether the seat has not seen the card (it may still be drawn:
neither in the discard pile nor known in the opponent's hand); ``outs_unseen``
counts those. No outs when the advice goes out (knock, gin, big gin): no draw
is to come.

``going_out.why_not`` (``null`` when the seat may go out now), with
``going_out.params``:

``take_or_pass`` {card}
    the first turn's offer: the seat may only take the upcard ``card`` or pass.
``must_draw`` {card}
    the seat is to draw, from the stock or the pile (its top card ``card``).
``must_draw_stock`` {}
    the seat is to draw from the stock: the pile's card may not be taken.
``must_take`` {card}
    the seat is to take the pile's card ``card``: the stock may not be drawn.
``not_your_turn``
    the opponent is to play. ``deal_over``: the deal has ended.
``over_limit`` / ``gin_only`` / ``ace_upcard`` / ``too_few_melded``
    the engine's going-out codes (:data:`ginrules.going_out.REASONS`) for the
    best discard: deadwood over the knock limit (``deadwood``, ``limit``); rules
    with gin only (Straight Gin); an Oklahoma ace upcard (limit 0); under Gin
    Rami fewer than 8 cards in melds whatever the discard (params ``melded``,
    the most any discard keeps in melds, and ``needed``).

``expert`` is the choice of a fresh expert level (``StrongPlayer(seed)``) on the view (a
separate player: asking never changes the opponent's play), with a reason code
and its params (cards as English codes). Taking a pile card ``card``: ``before``
is the deadwood of the hand held, ``after`` the least deadwood with ``card``
after the best discard of another card, ``discard``:

``take_meld`` {card, discard, before, after}
    ``after`` is less than ``before`` and, once ``discard`` is thrown, ``card``
    sits in a meld of every least-deadwood arrangement.
``take_replaces`` {card, replaces, before, after}
    ``after`` is less than ``before``, but ``card`` sits in no meld of any such
    arrangement: it takes the place of ``replaces``, a higher card, thrown.
``take_lower`` {card, discard, before, after}
    ``after`` is less than ``before``; ``card`` is in a meld of some least-deadwood
    arrangements and not of others.
``take_keep`` {card, before, after, with}
    ``after`` is not less than ``before``, but with the two cards ``with`` of the
    hand ``card`` would make a meld: racing for gin (only gin ends the deal),
    the expert keeps it.
``take_only`` {card, before, after}
    the stock may not be drawn: taking ``card`` is the only move.
``upcard_no_help`` / ``pile_no_help`` {card, before, after}
    pass / draw from the stock: ``card`` would not lower the deadwood
    (``after`` is not less than ``before``).
``upcard_no_meld`` / ``pile_no_meld`` {card, replaces, before, after}
    pass / draw from the stock: ``card`` would lower the deadwood only by taking
    the place of ``replaces``, in no meld (the expert takes a card only for a meld).
``upcard_race`` / ``pile_race`` {card, before, after}
    pass / draw from the stock although ``card`` would lower the deadwood in a
    meld: only gin ends the deal and the expert judges the hand nearer to gin
    without it.
``stock_only`` {}
    draw from the stock: taking the pile's card is not allowed now.
``gin`` {card} / ``big_gin`` {}
    go gin discarding ``card`` / with all eleven cards melded.
``knock`` {card, deadwood}
    knock (Gin Rami: go down) discarding ``card``, leaving ``deadwood`` as spread.
``play_on`` / ``play_on_deal``
    {card, deadwood, gin_outs, to_go, target, margin, turn, early_turns, early_at}:
    a knock with ``deadwood`` was possible, but the expert plays on and discards
    ``card`` (:meth:`~ginrules.players.search.StrongPlayer.knock_choice` decided by
    patience): it knocks with more than its own ``knock_at`` only in its first
    ``early_turns`` turns with at most ``early_at`` (fewer turns where the match has
    shown an opponent that knocks as soon as it may:
    :meth:`~ginrules.players.search.StrongPlayer.early_turns_for`; this is the seat's turn
    ``turn``), or when the seat needs at most ``margin`` points to reach
    ``target`` (it needs ``to_go``); ``play_on_deal``: a single deal (``to_go``
    and ``target`` ``null``). ``gin_outs`` unseen cards would give the hand kept
    gin at the next draw; the expert waits for gin, or to undercut a knock.
``play_on_knocker``
    {the ``play_on`` keys, late_after}: ``play_on`` in a match whose earlier
    showdowns show that the opponent knocks as soon as it may: it knocked after its
    own turn ``late_after``, so the expert knocks early only in fewer turns and
    waits to undercut (:meth:`~ginrules.players.search.StrongPlayer.faces_a_knocker`).
``play_on_games`` / ``play_on_knocker_games``
    {the ``play_on`` or ``play_on_knocker`` keys, game}: the same under Hollywood
    scoring, where a deal won is entered in several games: ``to_go`` is what the seat
    still needs in game ``game``, the nearest to its target of those its win would
    count in (:meth:`~ginrules.view.MatchContext.need`; ``target`` is that game's),
    strictly nearer than every other game the win would count in.
``play_on_game`` / ``play_on_knocker_game``
    the same where ``game`` is the only game the win would count in, or where no game it
    would count in is nearer (a tie): the sentence claims no "nearest".
``least_deadwood`` {card, deadwood}
    discard ``card``: it leaves the least deadwood, ``deadwood``.

A discard leaving more than the least deadwood ``least`` (``deadwood``), compared
with ``avoided``, the first card that leaves the least:

``safe_discard`` {card, deadwood, least, avoided, near}
    the opponent took ``near`` from the pile and still holds it, and ``avoided``
    is of its rank or within two ranks of it in its suit; ``card`` is near no
    such card.
``keeps_outs`` {card, deadwood, least, avoided, outs, avoided_outs}
    ``outs`` unseen cards would lower the deadwood of the hand kept at the next
    draw, more than the ``avoided_outs`` that would lower it after throwing
    ``avoided``.
``keeps_chances`` {card, deadwood, least, avoided}
    neither: the expert's measure of the draws to come prefers the hand kept.

>>> from ginrules.deal import Deal
>>> from ginrules.rules import STANDARD
>>> from ginrules.view import PlayerView
>>> answer = tutor(PlayerView.of(Deal.new(STANDARD, seed=7)), seed=1)
>>> answer["phase"], answer["going_out"]["why_not"], answer["expert"]["reason"] in EXPERT_REASONS
('offer', 'take_or_pass', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrules.cards import CARDS, Card
from ginrules.deal import Action, BigGin, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.melds import best_arrangements, deadwood, max_melded
from ginrules.players.camper import own_turn
from ginrules.players.search import StrongPlayer
from ginrules.rules import Rules
from ginrules.view import PlayerView

__all__ = ["EXPERT_REASONS", "WHY_NOT", "action_dict", "outs", "tutor"]

WHY_NOT = (
    "take_or_pass",
    "must_draw",
    "must_draw_stock",
    "must_take",
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
    "take_replaces",
    "take_lower",
    "take_keep",
    "take_only",
    "upcard_no_help",
    "upcard_no_meld",
    "upcard_race",
    "pile_no_help",
    "pile_no_meld",
    "pile_race",
    "stock_only",
    "gin",
    "big_gin",
    "knock",
    "play_on",
    "play_on_deal",
    "play_on_knocker",
    "play_on_games",
    "play_on_knocker_games",
    "play_on_game",
    "play_on_knocker_game",
    "least_deadwood",
    "safe_discard",
    "keeps_outs",
    "keeps_chances",
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


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    return [c for c in cards if c is not card]


def _meld_kinds(card: Card, cards: Sequence[Card], rules: Rules) -> list[str] | None:
    """The kinds of the melds that hold ``card`` in the least-deadwood arrangements
    of ``cards``, or ``None`` unless every such arrangement melds it."""
    kinds: set[str] = set()
    for arrangement in best_arrangements(cards, rules):
        kind = next((m.kind for m in arrangement.melds if card in m.cards), None)
        if kind is None:
            return None
        kinds.add(kind)
    return sorted(kinds, key=("set", "run").index)


def _in_no_meld(card: Card, cards: Sequence[Card], rules: Rules) -> bool:
    """Is ``card`` in no meld of any least-deadwood arrangement of ``cards``?"""
    return all(card in a.unmatched for a in best_arrangements(cards, rules))


def _with_card(hand: Sequence[Card], card: Card, rules: Rules) -> tuple[int, list[Card]]:
    """The least deadwood of ``hand`` with ``card`` after discarding another card,
    and the discards that leave it (in the hand's order)."""
    eleven = [*hand, card]
    left = [(deadwood(_without(eleven, d), rules), d) for d in hand]
    least = min(points for points, _ in left)
    return least, [d for points, d in left if points == least]


def outs(hand: Sequence[Card], rules: Rules) -> list[tuple[Card, list[str]]]:
    """The cards that would improve the ten cards ``hand`` (see the module: the
    deadwood falls after the best discard, and the card sits in a meld of every
    least-deadwood arrangement), with the kinds of those melds."""
    held = set(hand)
    now = deadwood(hand, rules)
    found = []
    for card in CARDS:
        if card in held or not now or not any(_near(card, c, rules) for c in hand):
            continue
        after, discards = _with_card(hand, card, rules)
        if after >= now:
            continue
        kinds: set[str] = set()
        for d in discards:
            kept = _without([*hand, card], d)
            # a quick necessary test: unmatched, the card would add its value
            if deadwood(kept, rules) < deadwood(_without(kept, card), rules) + rules.card_value(
                card
            ):
                kinds.update(_meld_kinds(card, kept, rules) or ())
        if kinds:
            found.append((card, sorted(kinds, key=("set", "run").index)))
    return found


def _near(a: Card, b: Card, rules: Rules) -> bool:
    """Could ``a`` and ``b`` sit in one meld (the same rank, or within two ranks in
    one suit, round the corner where the rules allow it)?"""
    if a.rank == b.rank:
        return True
    if a.suit != b.suit:
        return False
    gap = abs(a.rank - b.rank)
    return gap <= 2 or (rules.round_the_corner and 13 - gap <= 2)


def _going_out(view: PlayerView, least: list[tuple[int, Card]]) -> dict[str, Any]:
    rules = view.rules
    limit = rules.knock_limit(view.upcard)
    top = view.discard_pile[-1] if view.discard_pile else None
    data: dict[str, Any] = {
        "knock": False,
        "gin": False,
        "big_gin": False,
        "knock_deadwood": None,
        "limit": limit or None,
        "gin_only": limit == 0,
        "min_melded": rules.knock_min_melded,
        "params": {},
    }
    if view.phase != "discard" or not _to_play(view):
        data["deadwood"] = deadwood(view.hand, rules) if len(view.hand) <= 10 else least[0][0]
        legal = view.legal_actions() if _to_play(view) else []
        if view.phase == "over":
            data["why_not"] = "deal_over"
        elif not _to_play(view):
            data["why_not"] = "not_your_turn"
        elif view.phase == "offer":
            data["why_not"] = "take_or_pass"
        elif DrawStock() not in legal:
            data["why_not"] = "must_take"
        elif DrawDiscard() not in legal or top is None:
            data["why_not"] = "must_draw_stock"
        else:
            data["why_not"] = "must_draw"
        if data["why_not"] in ("take_or_pass", "must_draw", "must_take") and top is not None:
            data["params"] = {"card": top.code}
        return data
    legal = view.legal_actions()
    knocks = [a for a in legal if isinstance(a, Knock)]
    data["knock"] = bool(knocks)
    data["gin"] = any(isinstance(a, Gin) for a in legal)
    data["big_gin"] = BigGin() in legal
    data["deadwood"] = least[0][0]
    if knocks:
        data["knock_deadwood"] = min(view.check_going_out(k.card).deadwood for k in knocks)
    if data["knock"] or data["gin"] or data["big_gin"]:
        data["why_not"] = None
        return data
    check = view.check_going_out(least[0][1])
    data["why_not"] = check.reason
    if check.reason == "too_few_melded":
        melded = max(max_melded(_without(view.hand, c), rules) for _, c in least)
        data["params"] = {"melded": melded, "needed": rules.knock_min_melded}
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


def _expert(
    view: PlayerView, player: StrongPlayer, action: Action, least: list[tuple[int, Card]]
) -> dict[str, Any]:
    data = action_dict(action)
    reason, params = _reason(view, player, action, least)
    data["reason"] = reason
    data["params"] = params
    return data


def _pair(card: Card, hand: Sequence[Card], rules: Rules) -> list[Card] | None:
    """Two cards of ``hand`` that make a meld with ``card``, if any."""
    near = [c for c in hand if _near(card, c, rules)]
    for i, a in enumerate(near):
        for b in near[i + 1 :]:
            if max_melded([card, a, b], rules) == 3:
                return [a, b]
    return None


def _taking(view: PlayerView, action: Action, top: Card) -> tuple[str, dict[str, Any]]:
    """The reason for taking the pile's card ``top``, or for leaving it."""
    rules = view.rules
    hand = view.hand
    before = deadwood(hand, rules)
    after, discards = _with_card(hand, top, rules)
    numbers = {"card": top.code, "before": before, "after": after}
    taking = isinstance(action, DrawDiscard)
    prefix = "upcard" if view.phase == "offer" else "pile"
    if after >= before:
        if not taking:
            return f"{prefix}_no_help", numbers
        if DrawStock() not in view.legal_actions() and view.phase == "draw":
            return "take_only", numbers
        pair = _pair(top, hand, rules)
        if pair is None:  # the expert takes such a card only to make a meld
            raise AssertionError(f"the expert took {top} for nothing")
        return "take_keep", {**numbers, "with": [c.code for c in pair]}
    kept = {d: _without([*hand, top], d) for d in discards}
    melded = [d for d in discards if _meld_kinds(top, kept[d], rules) is not None]
    unmelded = [d for d in discards if _in_no_meld(top, kept[d], rules)]
    if taking:
        if melded:
            return "take_meld", {**numbers, "discard": melded[0].code}
        if len(unmelded) == len(discards):
            return "take_replaces", {**numbers, "replaces": unmelded[0].code}
        return "take_lower", {**numbers, "discard": discards[0].code}
    if len(unmelded) == len(discards):
        return f"{prefix}_no_meld", {**numbers, "replaces": unmelded[0].code}
    return f"{prefix}_race", numbers


def _gin_outs(kept: Sequence[Card], unseen: Sequence[Card], rules: Rules) -> int:
    """How many of the ``unseen`` cards would give the ten cards ``kept`` gin."""
    if not deadwood(kept, rules):
        return 0
    return sum(
        1
        for card in unseen
        if any(_near(card, c, rules) for c in kept) and _with_card(kept, card, rules)[0] == 0
    )


def _reason(
    view: PlayerView, player: StrongPlayer, action: Action, least: list[tuple[int, Card]]
) -> tuple[str, dict[str, Any]]:
    rules = view.rules
    top = view.discard_pile[-1] if view.discard_pile else None
    if isinstance(action, DrawStock) and (DrawDiscard() not in view.legal_actions() or not top):
        return "stock_only", {}
    if isinstance(action, DrawDiscard | Pass | DrawStock):
        assert top is not None
        return _taking(view, action, top)
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
        choice = player.knock_choice(view, least[0][0])
        assert not choice.knock and choice.decided_by == "patience"
        kept = _without(view.hand, card)
        reason = "play_on" if choice.to_go is not None else "play_on_deal"
        late: dict[str, int] = {}
        if choice.to_go is not None and player.faces_a_knocker(view):
            reason, late = "play_on_knocker", {"late_after": player.early_turns}
        needs = view.match.needs()
        if needs and view.match.scheme == "hollywood":
            # "the nearest" only when it is: else (one game, or games tied) no such claim
            nearest = len(needs) > 1 and needs[0][0] < needs[1][0]
            reason += "_games" if nearest else "_game"
            late["game"] = needs[0][1]
        return reason, {
            "card": card.code,
            "deadwood": best,
            "gin_outs": _gin_outs(kept, view.unseen(), rules),
            "to_go": choice.to_go,
            "target": view.match.target,
            "margin": choice.margin,
            "turn": own_turn(view),
            "early_turns": player.early_turns_for(view),
            "early_at": player.early_at,
            **late,
        }
    fewest, avoided = least[0]
    if left[card] == fewest:
        return "least_deadwood", {"card": card.code, "deadwood": fewest}
    params = {"card": card.code, "deadwood": left[card], "least": fewest, "avoided": avoided.code}
    wanted = view.opponent_known
    near = next((w for w in wanted if _near(w, avoided, rules)), None)
    if near is not None and not any(_near(w, card, rules) for w in wanted):
        return "safe_discard", {**params, "near": near.code}
    unseen = view.unseen()
    mine = _lowering(_without(view.hand, card), unseen, rules)
    theirs = _lowering(_without(view.hand, avoided), unseen, rules)
    if mine > theirs:
        return "keeps_outs", {**params, "outs": mine, "avoided_outs": theirs}
    return "keeps_chances", params


def _lowering(kept: Sequence[Card], unseen: Sequence[Card], rules: Rules) -> int:
    """How many of the ``unseen`` cards would lower the deadwood of the ten cards
    ``kept`` (with the best discard of another card)."""
    now = deadwood(kept, rules)
    return sum(1 for card in unseen if _with_card(kept, card, rules)[0] < now)


def tutor(view: PlayerView, seed: int = 0) -> dict[str, Any]:
    """The tutor's answer for the seat of ``view`` (see the module); ``seed`` seeds
    the expert it asks."""
    rules = view.rules
    to_play = _to_play(view)
    least = _discards(view) if len(view.hand) == 11 else []
    expert = None
    kept: Sequence[Card] = view.hand
    if to_play:
        player = StrongPlayer(seed)
        action = player.choose(view)
        expert = _expert(view, player, action, least)
        card = getattr(action, "card", None)
        if isinstance(action, Knock | Gin | BigGin):
            kept = []  # the deal ends: no draw to come
        elif isinstance(card, Card):
            kept = _without(view.hand, card)
    elif least:
        kept = _without(view.hand, least[0][1])
    unseen = set(view.unseen())
    found = (
        [
            {"card": card.code, "kind": kinds[0], "kinds": kinds, "unseen": card in unseen}
            for card, kinds in outs(kept, rules)
        ]
        if len(kept) == 10
        else []
    )
    discarding = view.phase == "discard" and to_play
    if expert is not None and expert["action"] == "discard":
        # the advised discard first among those that leave as much deadwood
        least.sort(key=lambda row: (row[0], row[1].code != expert["card"]))
    return {
        "phase": view.phase,
        "to_play": to_play,
        "discards": [{"card": c.code, "deadwood": d} for d, c in least] if discarding else [],
        "going_out": _going_out(view, least),
        "outs": found,
        "outs_unseen": sum(1 for o in found if o["unseen"]),
        "expert": expert,
    }
