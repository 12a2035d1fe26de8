"""Typed errors of the engine.

Every error subclasses :class:`GinRulesError`, itself a :class:`ValueError`.
Each carries a stable machine-readable ``code`` and the ``params`` that a page
needs to say the problem in the reader's language; ``str(error)`` is English.
"""

from __future__ import annotations

from typing import Any


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
        super().__init__(f"unknown card: {token!r}", token=token)
        self.token = token


class DuplicateCardError(CardError):
    """The same card appears twice."""

    code = "duplicate_card"

    def __init__(self, card: str) -> None:
        super().__init__(f"duplicate card: {card}", card=card)
        self.card = card


class HandSizeError(CardError):
    """A hand has the wrong number of cards."""

    code = "hand_size"

    def __init__(self, count: int, expected: str) -> None:
        super().__init__(
            f"wrong number of cards: {count} (expected {expected})",
            count=count,
            expected=expected,
        )
        self.count = count
        self.expected = expected


class UnknownVariantError(GinRulesError):
    """No preset has this name or alias."""

    code = "unknown_variant"

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(
            f"unknown variant: {name!r} (known: {', '.join(known)})", name=name, known=known
        )
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
        super().__init__(
            f"unknown notation: {name!r} (known: {', '.join(known)})", name=name, known=known
        )
        self.name = name
