"""Typed errors of the engine.

Every error subclasses :class:`GinRulesError`, itself a :class:`ValueError`.
Each carries a stable machine-readable ``code`` and the ``params`` that a page
needs to say the problem in the reader's language; ``str(error)`` is English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def unknown_message(noun: str, name: str, known: Sequence[str]) -> str:
    """The one wording of every "no such name" error: ``unknown level: 'pro'; known:
    random, beginner, good, expert``.

    >>> unknown_message("notation", "de", ["en", "fr", "sv"])
    "unknown notation: 'de'; known: en, fr, sv"
    """
    return f"unknown {noun}: {name!r}; known: {', '.join(known)}"


class GinRulesError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code: str = "error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params

    def to_dict(self) -> dict[str, Any]:
        """The error as JSON-ready data: ``{"code": ..., "message": ..., **params}``."""
        return {"code": self.code, "message": str(self), **self.params}


class CardError(GinRulesError):
    """A card or a hand could not be read."""

    code = "card"


class UnknownCardError(CardError):
    """A token is not a card, for example ``1Z``."""

    code = "unknown_card"

    def __init__(self, token: str) -> None:
        # the examples read alike in every notation (digits and suit symbols)
        super().__init__(
            f"unknown card: {token!r} (a card is a rank then a suit, as in 7♥ or 10♠)",
            token=token,
        )
        self.token = token


class DuplicateCardError(CardError):
    """The same card appears twice: ``card`` as it was written, ``card_code`` its code
    (``8H``), from which a page names it in its reader's words."""

    code = "duplicate_card"

    def __init__(self, card: str, card_code: str | None = None) -> None:
        super().__init__(f"duplicate card: {card}", card=card, card_code=card_code or card)
        self.card = card


class HandSizeError(CardError):
    """A hand has the wrong number of cards; ``hand`` names it (``knocker``,
    ``defender``) where a command reads more than one.

    >>> str(HandSizeError(3, "10", hand="defender"))
    "wrong number of cards: the defender's hand has 3 cards, it needs 10"
    >>> str(HandSizeError(1, "10 or 11"))
    'wrong number of cards: the hand has 1 card, it needs 10 or 11'
    """

    code = "hand_size"

    def __init__(self, count: int, expected: str, hand: str | None = None) -> None:
        owner = f"the {hand}'s hand" if hand else "the hand"
        cards = "card" if count == 1 else "cards"
        params: dict[str, Any] = {"count": count, "expected": expected}
        if hand:
            params["hand"] = hand
        super().__init__(
            f"wrong number of cards: {owner} has {count} {cards}, it needs {expected}", **params
        )
        self.count = count
        self.expected = expected
        self.hand = hand


class UnknownVariantError(GinRulesError):
    """No preset has this name or alias; the message lists each known name with
    its ``aliases``.

    >>> str(UnknownVariantError("canasta", ["standard"], {"standard": ["gin"]}))
    "unknown variant: 'canasta'; known: standard (also gin)"
    """

    code = "unknown_variant"

    def __init__(
        self, name: str, known: list[str], aliases: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        also = aliases or {}
        names = [f"{k} (also {', '.join(also[k])})" if also.get(k) else k for k in known]
        super().__init__(unknown_message("variant", name, names), name=name, known=known)
        self.name = name


class IllegalKnockError(GinRulesError):
    """The rules do not let this hand knock (or go gin); ``reason`` says why."""

    code = "illegal_knock"

    def __init__(self, reason: str, message: str, **params: Any) -> None:
        super().__init__(message, reason=reason, **params)
        self.reason = reason


class IllegalActionError(GinRulesError):
    """An action that the current state of a deal does not allow; ``reason`` says why."""

    code = "illegal_action"

    def __init__(self, reason: str, message: str, **params: Any) -> None:
        super().__init__(message, reason=reason, **params)
        self.reason = reason


class UnknownNotationError(GinRulesError):
    """A card notation name that the engine does not know (see ``cards.NOTATIONS``)."""

    code = "unknown_notation"

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(unknown_message("notation", name, known), name=name, known=known)
        self.name = name
