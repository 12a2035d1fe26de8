"""A deal of Gin Rummy as a state machine.

A :class:`Deal` starts from a seeded shuffle (``random.Random(seed)``), deals ten
cards to each player (the non-dealer first, one at a time), turns up the next card
(the upcard) and leaves the rest as the stock. Players are numbered 0 and 1.

Phases and the actions each one allows:

``offer``
    The first turn. The non-dealer, then the dealer, may take the upcard
    (:class:`DrawDiscard`) or refuse it (:class:`Pass`). If both refuse, the
    non-dealer must draw from the stock.
``draw``
    :class:`DrawStock` or :class:`DrawDiscard` (the top of the discard pile).
``discard``
    With eleven cards: :class:`Discard`, or go out with :class:`Knock`,
    :class:`Gin` (a discard that leaves the ten cards all melded) or
    :class:`BigGin` (all eleven melded, no discard, where the rules allow it).
    The card just taken from the discard pile may not be discarded this turn.
    Going out, the player spreads the melds the action gives (any of their
    arrangements of least deadwood), or else the first of
    :func:`~ginrules.showdown.spread_options` worked out from what that
    player knows, never from the opponent's hidden cards.
``over``
    :attr:`Deal.result` says how the deal ended.

End of the stock, as ``rules.stock_end`` says:

``"reshuffle"``
    When the stock is used up and the deal goes on, the discard pile except its
    top card is shuffled (with the deal's generator) into a new stock.
``"dead_hand"``
    The last ``rules.dead_hand_cards`` cards of the stock are never drawn; a
    discard that leaves that many cards in the stock without going out ends the
    deal dead: nobody scores.

Every action is checked: an illegal one raises :class:`IllegalActionError` with a
stable ``reason`` code. The moves are logged; :func:`replay` plays a seed and its
moves again and reproduces the deal exactly, and :meth:`Deal.to_dict` /
:meth:`Deal.from_dict` carry state and log through JSON.

>>> deal = Deal.new(STANDARD, seed=7)
>>> deal.phase, deal.current, len(deal.stock)
('offer', 1, 31)
>>> deal.apply(Pass())
>>> deal.apply(Pass())
>>> [str(a) for a in deal.legal_actions()]
['stock']
>>> deal.apply(DrawStock())
>>> len(deal.hands[1])
11
>>> replay(deal.moves, seed=7).to_dict() == deal.to_dict()
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal

from ginrules.cards import CARDS, Card
from ginrules.errors import IllegalActionError, IllegalKnockError
from ginrules.going_out import GoingOut, check_going_out
from ginrules.melds import Arrangement, best_discard_deadwood, deadwood, max_melded
from ginrules.rules import STANDARD, Rules, find_variant
from ginrules.showdown import ShowdownResult, find_spread, showdown, spread_options

Phase = Literal["offer", "draw", "discard", "over"]
Outcome = Literal["knock", "undercut", "gin", "big_gin", "dead"]

__all__ = [
    "Action",
    "BigGin",
    "Deal",
    "DealResult",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Gin",
    "Knock",
    "Pass",
    "Spread",
    "action_from_dict",
    "discard_actions",
    "parse_action",
    "parse_spread",
    "replay",
]


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Pass:
    """Refuse the upcard on the first turn."""

    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class DrawStock:
    """Take the top card of the stock."""

    type: ClassVar[str] = "draw_stock"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "stock"


@dataclass(frozen=True)
class DrawDiscard:
    """Take the top card of the discard pile (on the first turn: the upcard)."""

    type: ClassVar[str] = "draw_discard"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True)
class Discard:
    """Put one card on the discard pile; the turn passes."""

    card: Card
    type: ClassVar[str] = "discard"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card.code}

    def __str__(self) -> str:
        return f"discard {self.card.code}"


Spread = tuple[tuple[Card, ...], ...]
"""The melds a player going out spreads, as card groups (see :class:`Knock`)."""


def _spread_dict(melds: Spread | None) -> dict[str, Any]:
    return {} if melds is None else {"melds": [[c.code for c in m] for m in melds]}


@dataclass(frozen=True)
class Knock:
    """Discard one card and knock: the ten cards kept have some deadwood.

    ``melds``, when given, is the spread the knocker chooses: the melds of one of
    their arrangements of least deadwood (:func:`ginrules.showdown.spread_options`).
    Without it the deal spreads for the knocker as the computer players do, from
    what the knocker knows. It is no part of the move's identity: a knock equals
    the same knock with any spread (``Knock(c) in deal.legal_actions()``).
    """

    card: Card
    melds: Spread | None = field(default=None, compare=False, repr=False)
    type: ClassVar[str] = "knock"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card.code, **_spread_dict(self.melds)}

    def __str__(self) -> str:
        return f"knock {self.card.code}"


@dataclass(frozen=True)
class Gin:
    """Discard one card and go gin: the ten cards kept are all melded (``melds``:
    the spread chosen, as for :class:`Knock`)."""

    card: Card
    melds: Spread | None = field(default=None, compare=False, repr=False)
    type: ClassVar[str] = "gin"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card.code, **_spread_dict(self.melds)}

    def __str__(self) -> str:
        return f"gin {self.card.code}"


@dataclass(frozen=True)
class BigGin:
    """Go out with all eleven cards melded and no discard (big gin, grand gin;
    ``melds``: the spread chosen, as for :class:`Knock`)."""

    melds: Spread | None = field(default=None, compare=False, repr=False)
    type: ClassVar[str] = "big_gin"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **_spread_dict(self.melds)}

    def __str__(self) -> str:
        return "big_gin"


Action = Pass | DrawStock | DrawDiscard | Discard | Knock | Gin | BigGin

_PLAIN: Final[dict[str, Action]] = {
    "pass": Pass(),
    "draw_stock": DrawStock(),
    "stock": DrawStock(),
    "draw_discard": DrawDiscard(),
    "take": DrawDiscard(),
    "big_gin": BigGin(),
    "biggin": BigGin(),
}
_WITH_CARD: Final[dict[str, type[Discard] | type[Knock] | type[Gin]]] = {
    "discard": Discard,
    "knock": Knock,
    "gin": Gin,
}


def action_from_dict(data: dict[str, Any] | str) -> Action:
    """An action from its :meth:`to_dict` form (or from :func:`parse_action` text).

    >>> action_from_dict({"type": "knock", "card": "7H"})
    Knock(card=Card.parse('7H'))

    :raises IllegalActionError: (reason ``"unknown_action"``) for an unknown type.
    :raises UnknownCardError: for a card that cannot be read.
    """
    if isinstance(data, str):
        return parse_action(data)
    kind = str(data.get("type", ""))
    melds = parse_spread(data.get("melds"))
    if kind in _PLAIN:
        plain = _PLAIN[kind]
        return BigGin(melds) if isinstance(plain, BigGin) and melds is not None else plain
    if kind in _WITH_CARD:
        card = Card.parse(str(data.get("card", "")))
        made = _WITH_CARD[kind]
        return made(card) if made is Discard or melds is None else made(card, melds)  # type: ignore[call-arg]
    raise IllegalActionError("unknown_action", f"unknown action: {kind!r}", action=kind)


def parse_spread(data: object) -> Spread | None:
    """The ``melds`` of an action's dict form: a list of card groups, each a list
    of card codes (or ``{"cards": [...]}`` as :meth:`~ginrules.melds.Meld.to_dict`
    writes it); ``None`` for none.

    >>> parse_spread([["7H", "8H", "9H"], {"kind": "set", "cards": ["KS", "KH", "KD"]}])[1]
    (Card.parse('KS'), Card.parse('KH'), Card.parse('KD'))

    :raises IllegalActionError: (reason ``bad_spread``) for data that is no list
        of card groups.
    :raises UnknownCardError: for a card that cannot be read.
    """
    if data is None:
        return None
    if not isinstance(data, list | tuple) or len(data) > 4:
        raise IllegalActionError("bad_spread", "melds are a list of card lists")
    groups = []
    for group in data:
        cards = group.get("cards") if isinstance(group, dict) else group
        if not isinstance(cards, list | tuple) or not 3 <= len(cards) <= 11:
            raise IllegalActionError("bad_spread", "each meld is a list of 3 or more cards")
        groups.append(tuple(c if isinstance(c, Card) else Card.parse(str(c)) for c in cards))
    return tuple(groups)


def parse_action(text: str) -> Action:
    """Read an action typed by a player: ``stock``, ``take``, ``pass``, ``7H``
    (discard), ``discard 7H``, ``knock 7H``, ``gin 7H``, ``big gin``.

    >>> parse_action("knock 10h")
    Knock(card=Card.parse('TH'))
    >>> parse_action("9♠")
    Discard(card=Card.parse('9S'))

    :raises IllegalActionError: (reason ``"unknown_action"``) if the text is no action.
    :raises UnknownCardError: for a card that cannot be read.
    """
    words = text.strip().lower().replace("-", " ").replace("_", " ").split()
    if not words:
        raise IllegalActionError("unknown_action", "no action given", action=text)
    joined = "_".join(words)
    if joined in _PLAIN:
        return _PLAIN[joined]
    if words[0] in ("s", "draw") and len(words) == 1:
        return DrawStock()
    if words[0] in ("t", "d") and len(words) == 1:
        return DrawDiscard()
    if words[0] == "p" and len(words) == 1:
        return Pass()
    if len(words) == 1 and words[0] in _WITH_CARD:
        raise IllegalActionError(
            "unknown_action", f"{words[0]} needs a card: {words[0]} 7H", action=text
        )
    if len(words) == 2 and words[0] in _WITH_CARD:
        return _WITH_CARD[words[0]](Card.parse(words[1]))
    if len(words) == 1:
        return Discard(Card.parse(words[0]))
    raise IllegalActionError("unknown_action", f"not an action: {text!r}", action=text)


# --------------------------------------------------------------------------- result


@dataclass(frozen=True)
class DealResult:
    """How a deal ended.

    ``outcome`` is the showdown's (``knock``, ``undercut``, ``gin``, ``big_gin``) or
    ``dead``. ``winner`` is the player who scores (``None`` for a dead deal),
    ``points`` what they score, ``going_out`` the player who knocked or went gin.
    ``turns`` counts the discards made (going out included); ``reshuffles`` how
    often the stock was rebuilt from the discard pile.
    """

    outcome: Outcome
    winner: int | None
    points: int
    going_out: int | None
    showdown: ShowdownResult | None
    turns: int
    reshuffles: int

    @property
    def dead(self) -> bool:
        return self.outcome == "dead"

    def to_dict(self) -> dict[str, Any]:
        names = ("outcome", "winner", "points", "going_out", "turns", "reshuffles")
        showdown = None if self.showdown is None else self.showdown.to_dict()
        return {**{name: getattr(self, name) for name in names}, "showdown": showdown}


# --------------------------------------------------------------------------- the deal

_RULES_FIELDS: Final = {f.name for f in dataclasses.fields(Rules)}


def _rules_from_dict(data: dict[str, Any]) -> Rules:
    knobs = {k: v for k, v in data.items() if k in _RULES_FIELDS}
    knobs["aliases"] = tuple(knobs.get("aliases", ()))
    return Rules(**knobs)


class Deal:
    """One deal between players 0 and 1; build it with :meth:`new` or :func:`replay`.

    Public state (read it, do not change it): ``rules``, ``seed``, ``dealer``,
    ``deck`` (the order dealt from), ``upcard`` (the first upcard, which sets
    Oklahoma's knock limit), ``hands`` (two lists), ``stock`` (its top card is
    ``stock[-1]``), ``discard_pile`` (top card last), ``phase``, ``current`` (the
    player to act), ``taken`` (the card just taken from the discard pile this
    turn), ``picked`` (for each player, the cards they took from the discard pile),
    ``turns``, ``reshuffles``, ``moves`` (every action applied), ``log`` (JSON-ready
    entries: actions with the player and the card drawn, and events) and ``result``.
    """

    def __init__(
        self,
        rules: Rules,
        seed: int,
        dealer: int,
        deck: Sequence[Card],
        rng: random.Random,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(deck)
        self._rng = rng
        nondealer = 1 - dealer
        self.hands: list[list[Card]] = [[], []]
        for i in range(20):
            self.hands[nondealer if i % 2 == 0 else dealer].append(self.deck[i])
        self.upcard: Card = self.deck[20]
        self.discard_pile: list[Card] = [self.upcard]
        self.stock: list[Card] = list(reversed(self.deck[21:]))
        self.phase: Phase = "offer"
        self.current = nondealer
        self.taken: Card | None = None
        self.picked: list[list[Card]] = [[], []]
        self.turns = 0
        self.reshuffles = 0
        self.moves: list[Action] = []
        self.log: list[dict[str, Any]] = []
        self.result: DealResult | None = None
        self._passes = 0
        self._upcard_refused = False
        self._legal: list[Action] | None = None

    # construction -------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules = STANDARD,
        seed: int = 0,
        dealer: int = 0,
        deck: Iterable[Card | str] | None = None,
    ) -> Deal:
        """A fresh deal: ``random.Random(seed)`` shuffles the deck (unless ``deck``
        gives the order) and later reshuffles the stock.

        :raises IllegalActionError: (reason ``"bad_deck"``) if ``deck`` is not the
            52 cards, or (reason ``"bad_dealer"``) if ``dealer`` is not 0 or 1.
        :raises UnknownCardError: for a card of ``deck`` that cannot be read.
        """
        if dealer not in (0, 1):
            raise IllegalActionError("bad_dealer", f"dealer must be 0 or 1, not {dealer!r}")
        rng = random.Random(seed)
        if deck is None:
            order = list(CARDS)
            rng.shuffle(order)
        else:
            order = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
            if len(order) != 52 or len(set(order)) != 52:
                raise IllegalActionError("bad_deck", "a deck must hold each of the 52 cards once")
        return cls(rules, seed, dealer, order, rng)

    # queries ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def nondealer(self) -> int:
        return 1 - self.dealer

    def stock_drawable(self) -> bool:
        """May the player to draw take the top of the stock?"""
        if self.rules.stock_end == "dead_hand":
            return len(self.stock) > self.rules.dead_hand_cards
        return bool(self.stock)

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take, in a fixed order.

        In the discard phase this checks going out for each discard (knock or gin
        listed only where the rules allow it).
        """
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == "offer":
            return [DrawDiscard(), Pass()]
        if self.phase == "draw":
            actions: list[Action] = []
            if self.stock_drawable():
                actions.append(DrawStock())
            if not self._upcard_refused and self.discard_pile:
                actions.append(DrawDiscard())
            return actions
        if self.phase == "discard":
            return discard_actions(self.hands[self.current], self.taken, self.rules, self.upcard)
        return []

    def check_going_out(self, discard: Card | None) -> GoingOut:
        """May the player to act go out by discarding ``discard`` (``None``: keep all
        eleven, big gin)? Uses :func:`ginrules.going_out.check_going_out`.
        """
        hand = self.hands[self.current]
        cards = hand if discard is None else [c for c in hand if c is not discard]
        return check_going_out(cards, self.rules, self.upcard)

    # actions ------------------------------------------------------------------

    def apply(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` for the player to act (``player``, if given, must be them).

        :raises IllegalActionError: with ``reason`` one of ``deal_over``,
            ``not_your_turn``, ``offer_pending`` (only take the upcard or pass),
            ``no_offer`` (pass after the first turn), ``must_draw``,
            ``must_discard``, ``upcard_refused`` (both refused the upcard: the
            non-dealer draws from the stock), ``stock_end`` (the last cards of the
            stock are never drawn), ``stock_empty``, ``discard_empty``,
            ``not_in_hand``, ``just_taken`` (the card just taken from the discard
            pile), ``not_gin`` (gin declared with deadwood), ``is_gin`` (knock
            declared on a gin hand), ``no_big_gin`` (the rules have no big gin),
            ``bad_spread`` (melds going out that are not an arrangement of the
            hand with the least deadwood), or the reason of
            :func:`~ginrules.going_out.check_going_out` (for example
            ``over_limit``, ``gin_only``, ``ace_upcard``, ``too_few_melded``).
        """
        if self.phase == "over":
            raise IllegalActionError("deal_over", "the deal is over")
        if player is not None and player != self.current:
            raise IllegalActionError(
                "not_your_turn", f"it is player {self.current}'s turn", player=self.current
            )
        if isinstance(action, Pass):
            self._pass()
        elif isinstance(action, DrawStock):
            self._draw_stock()
        elif isinstance(action, DrawDiscard):
            self._draw_discard()
        elif isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, Knock | Gin):
            self._go_out(action)
        elif isinstance(action, BigGin):
            self._big_gin(action)
        else:  # pragma: no cover - the union is closed
            raise IllegalActionError("unknown_action", f"unknown action: {action!r}")
        self.moves.append(action)
        self._legal = None

    def _entry(self, action: Action, **extra: Any) -> None:
        self.log.append({"player": self.current, **action.to_dict(), **extra})

    def _pass(self) -> None:
        if self.phase != "offer":
            raise IllegalActionError("no_offer", "passing is only for the upcard on the first turn")
        self._entry(Pass())
        self._passes += 1
        if self._passes == 1:
            self.current = self.dealer
        else:
            self.current = self.nondealer
            self.phase = "draw"
            self._upcard_refused = True

    def _require_draw(self) -> None:
        if self.phase == "discard":
            raise IllegalActionError("must_discard", "you have drawn: now discard")

    def _draw_stock(self) -> None:
        if self.phase == "offer":
            raise IllegalActionError(
                "offer_pending", "first take the upcard or pass", upcard=self.upcard.code
            )
        self._require_draw()
        if not self.stock_drawable():
            if self.stock:
                raise IllegalActionError(
                    "stock_end",
                    f"the last {self.rules.dead_hand_cards} cards of the stock are never drawn",
                    cards=len(self.stock),
                )
            raise IllegalActionError("stock_empty", "the stock is empty")
        card = self.stock.pop()
        self._entry(DrawStock(), card=card.code)
        self.hands[self.current].append(card)
        self.taken = None
        self.phase = "discard"

    def _draw_discard(self) -> None:
        self._require_draw()
        if self._upcard_refused:
            raise IllegalActionError(
                "upcard_refused", "both players refused the upcard: draw from the stock"
            )
        if not self.discard_pile:
            raise IllegalActionError("discard_empty", "the discard pile is empty")
        card = self.discard_pile.pop()
        self._entry(DrawDiscard(), card=card.code)
        self.hands[self.current].append(card)
        self.picked[self.current].append(card)
        self.taken = card
        self.phase = "discard"

    def _check_discard(self, card: Card) -> None:
        if self.phase == "offer":
            raise IllegalActionError(
                "offer_pending", "first take the upcard or pass", upcard=self.upcard.code
            )
        if self.phase != "discard":
            raise IllegalActionError("must_draw", "draw a card first")
        if card not in self.hands[self.current]:
            raise IllegalActionError(
                "not_in_hand", f"{card.code} is not in your hand", card=card.code
            )
        if card is self.taken:
            raise IllegalActionError(
                "just_taken",
                f"{card.code} was just taken from the discard pile: keep it this turn",
                card=card.code,
            )

    def _end_turn(self) -> None:
        self.turns += 1
        self.taken = None
        self._upcard_refused = False

    def _discard(self, card: Card) -> None:
        self._check_discard(card)
        self._entry(Discard(card))
        self.hands[self.current].remove(card)
        self.discard_pile.append(card)
        self._end_turn()
        if self.rules.stock_end == "dead_hand" and len(self.stock) <= self.rules.dead_hand_cards:
            self.log.append({"event": "dead", "stock": len(self.stock)})
            self._finish(DealResult("dead", None, 0, None, None, self.turns, self.reshuffles))
            return
        self.current = 1 - self.current
        self.phase = "draw"
        if not self.stock and self.rules.stock_end == "reshuffle":
            self._reshuffle()

    def _reshuffle(self) -> None:
        top = self.discard_pile.pop()
        rest = self.discard_pile
        self._rng.shuffle(rest)
        self.stock = rest
        self.discard_pile = [top]
        self.reshuffles += 1
        self.log.append({"event": "reshuffle", "stock": len(self.stock), "top": top.code})

    def _go_out(self, action: Knock | Gin) -> None:
        self._check_discard(action.card)
        check = self.check_going_out(action.card)
        # gin declared is answered about gin, whatever a knock would have met
        if isinstance(action, Gin) and check.kind != "gin":
            raise IllegalActionError(
                "not_gin",
                f"not gin: {check.deadwood} deadwood after discarding {action.card.code}",
                card=action.card.code,
                deadwood=check.deadwood,
            )
        if not check.allowed:
            reason = check.reason or "not_allowed"
            raise IllegalActionError(
                reason,
                f"may not go out discarding {action.card.code}: {reason}",
                card=action.card.code,
                deadwood=check.deadwood,
                limit=check.limit,
            )
        if isinstance(action, Knock) and check.kind == "gin":
            raise IllegalActionError(
                "is_gin", "that hand is gin: declare gin, not a knock", card=action.card.code
            )
        spread = self._spread(action.card, action.melds)
        self._entry(action)
        self.hands[self.current].remove(action.card)
        self.discard_pile.append(action.card)
        self._end_turn()
        self._showdown(spread)

    def _big_gin(self, action: BigGin) -> None:
        if self.phase == "offer":
            raise IllegalActionError(
                "offer_pending", "first take the upcard or pass", upcard=self.upcard.code
            )
        if self.phase != "discard":
            raise IllegalActionError("must_draw", "draw a card first")
        if not self.rules.big_gin:
            raise IllegalActionError("no_big_gin", "these rules have no big gin")
        check = self.check_going_out(None)
        if not check.allowed or check.kind != "big_gin":
            reason = check.reason or "not_big_gin"
            raise IllegalActionError(
                reason, f"not big gin: {check.deadwood} deadwood", deadwood=check.deadwood
            )
        spread = self._spread(None, action.melds)
        self._entry(action)
        self._end_turn()
        self._showdown(spread)

    def _spread(self, discard: Card | None, melds: Spread | None) -> Arrangement:
        """The spread of the player going out discarding ``discard``: ``melds``
        when given (one of their arrangements of least deadwood), else the first
        of :func:`~ginrules.showdown.spread_options` from what they know: the
        discard pile (and the card thrown) is not in the defender's hand, the
        cards the defender took from the pile and kept are.

        :raises IllegalActionError: (reason ``bad_spread``) for other melds.
        """
        me = self.current
        kept = [c for c in self.hands[me] if c is not discard]
        if melds is not None:
            try:
                return find_spread(kept, melds, self.rules)
            except IllegalKnockError as exc:
                raise IllegalActionError(
                    "bad_spread", str(exc), melds=[[c.code for c in m] for m in melds]
                ) from exc
        seen = [*self.discard_pile, *([] if discard is None else [discard])]
        held = [c for c in self.picked[1 - me] if c in self.hands[1 - me]]
        return spread_options(kept, self.rules, seen, held)[0].spread

    def _showdown(self, spread: Arrangement) -> None:
        knocker = self.current
        result = showdown(
            self.hands[knocker], self.hands[1 - knocker], self.rules, self.upcard, spread
        )
        winner = knocker if result.winner == "knocker" else 1 - knocker
        self.log.append({"event": "showdown", "outcome": result.outcome, "winner": winner})
        self._finish(
            DealResult(
                result.outcome, winner, result.points, knocker, result, self.turns, self.reshuffles
            )
        )

    def _finish(self, result: DealResult) -> None:
        self.result = result
        self.phase = "over"
        self.taken = None

    # JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """State and log as JSON-ready data; :meth:`from_dict` reads it back.

        The stock is listed top card first, the discard pile bottom card first.
        """
        return {
            "variant": self.rules.name,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deck": [c.code for c in self.deck],
            "upcard": self.upcard.code,
            "phase": self.phase,
            "current": None if self.phase == "over" else self.current,
            "hands": [[c.code for c in sorted(h)] for h in self.hands],
            "stock": [c.code for c in reversed(self.stock)],
            "discard_pile": [c.code for c in self.discard_pile],
            "taken": None if self.taken is None else self.taken.code,
            "turns": self.turns,
            "reshuffles": self.reshuffles,
            "moves": [a.to_dict() for a in self.moves],
            "log": [dict(e) for e in self.log],
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        """Rebuild a deal from :meth:`to_dict` data by replaying its moves.

        The rules come from ``rules`` (every knob) or else from ``variant`` (a
        preset's name).

        :raises IllegalActionError: if a move is illegal, or (reason
            ``"log_mismatch"``) if the replayed state differs from the data.
        :raises UnknownCardError: for a card that cannot be read.
        :raises UnknownVariantError: for an unknown ``variant``.
        """
        try:
            if "rules" in data:
                rules = _rules_from_dict(dict(data["rules"]))
            else:
                rules = find_variant(str(data["variant"]))
            seed, dealer, deck = int(data["seed"]), int(data["dealer"]), data.get("deck")
            # a seed's own shuffle is dealt from the seed: the stock rebuilt after a
            # reshuffle comes from the same random state as in the deal recorded
            if deck is not None and [c.code for c in cls.new(rules, seed, dealer).deck] == deck:
                deck = None
            deal = replay(
                [action_from_dict(m) for m in data["moves"]],
                seed=seed,
                rules=rules,
                dealer=dealer,
                deck=deck,
            )
        except (KeyError, TypeError) as exc:
            raise IllegalActionError("log_mismatch", f"not a deal: {exc}") from exc
        mine = deal.to_dict()
        for key in ("hands", "stock", "discard_pile", "phase"):
            if key in data and data[key] != mine[key]:
                raise IllegalActionError(
                    "log_mismatch", f"the moves do not lead to the recorded {key}", key=key
                )
        return deal


def discard_actions(
    hand: Sequence[Card], taken: Card | None, rules: Rules, upcard: Card
) -> list[Action]:
    """The legal actions of a player holding the eleven cards ``hand`` in the discard
    phase (``taken``: the card just taken from the discard pile, which may not be
    thrown back), in :meth:`Deal.legal_actions` order: every discard, then the
    knocks or gins, then big gin.
    """
    out: list[Action] = []
    going_out: list[Action] = []
    limit = rules.knock_limit(upcard)
    # a quick necessary test: can any discard from these 11 cards go out?
    may_go_out = not (limit is not None and best_discard_deadwood(hand, rules) > limit) and not (
        rules.knock_min_melded and max_melded(hand, rules) < rules.knock_min_melded
    )
    for card in sorted(hand):
        if card is taken:
            continue
        out.append(Discard(card))
        if may_go_out:
            check = check_going_out([c for c in hand if c is not card], rules, upcard)
            if check.allowed:
                going_out.append(Gin(card) if check.kind == "gin" else Knock(card))
    if (
        rules.big_gin
        and deadwood(hand, rules) == 0
        and check_going_out(hand, rules, upcard).allowed
    ):
        going_out.append(BigGin())
    return out + going_out


def replay(
    moves: Iterable[Action | dict[str, Any] | str],
    seed: int = 0,
    rules: Rules = STANDARD,
    dealer: int = 0,
    deck: Iterable[Card | str] | None = None,
) -> Deal:
    """Play the same seed (or deck) and moves again: the same deal, card for card.

    :raises IllegalActionError: if a move is illegal at its point.
    :raises UnknownCardError: for a card that cannot be read.
    """
    deal = Deal.new(rules, seed=seed, dealer=dealer, deck=deck)
    for move in moves:
        action = move if not isinstance(move, dict | str) else action_from_dict(move)
        deal.apply(action)
    return deal


def cards_in_play(deal: Deal) -> list[Card]:
    """Every card of the deal (hands, stock, discard pile): always the 52, once each."""
    return [*deal.hands[0], *deal.hands[1], *deal.stock, *deal.discard_pile]
