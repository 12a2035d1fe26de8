"""May this hand end the deal, and if not, why.

A hand goes out with 10 cards (after its discard: a knock, or gin when every
card melds) or with 11 (no discard: big gin, the French grand gin, only when
all eleven meld and the rules have it). What decides:

* the knock limit in force: ``rules.knock_limit(upcard)`` (10; under Oklahoma
  the value of the deal's first upcard, with an ace upcard 0 or 1; 0 under
  Straight Gin, which only goes gin);
* the French rule: at least ``rules.knock_min_melded`` (8) cards in melds,
  whatever the count of the others;
* gin (deadwood 0) is always allowed.

The deadwood reported is that of the arrangement the player would lay down:
the least among arrangements melding enough cards. Under the French rule that
can be more than the hand's least deadwood, when the lowest count melds fewer
than eight cards.

>>> check_going_out("7H 8H 9H 7S 7D 7C KS QS JS 2D").kind
'knock'
>>> check_going_out("7H 8H 9H 7S 7D 7C KS QS 5S 2D").reason
'over_limit'
>>> from ginrules.rules import OKLAHOMA
>>> from ginrules.cards import Card
>>> check_going_out("7H 8H 9H 7S 7D 7C KS QS JS 2D", OKLAHOMA, Card.parse("AC")).reason
'ace_upcard'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ginrules.cards import Card, parse_hand
from ginrules.melds import Arrangement, best_arrangement, best_arrangements, max_melded
from ginrules.rules import STANDARD, Rules

GoingOutKind = Literal["knock", "gin", "big_gin"]

REASONS = {
    "over_limit": "deadwood {deadwood} is over the knock limit of {limit}",
    "gin_only": "these rules allow no knock: only gin (deadwood {deadwood})",
    "ace_upcard": "an ace upcard sets the knock limit to {limit} (deadwood {deadwood})",
    "too_few_melded": "only {melded} cards meld; going down needs {needed}",
    "wrong_count": "going out needs 10 cards after the discard, or 11 for big gin ({count} given)",
    "no_big_gin": "these rules have no big gin: discard first",
    "not_all_melded": "11 cards go out only when all eleven meld (big gin): discard first",
}
"""English message for each reason code (``str.format`` with the result's fields)."""


@dataclass(frozen=True)
class GoingOut:
    """The verdict on one hand: ``allowed`` with its ``kind``, or the ``reason``
    (a stable code, see :data:`REASONS`) why not."""

    allowed: bool
    kind: GoingOutKind | None
    deadwood: int
    melded: int
    limit: int | None
    reason: str | None
    arrangement: Arrangement | None = None
    needed: int = 0

    @property
    def message(self) -> str:
        """The reason in English (empty when allowed)."""
        if self.reason is None:
            return ""
        count = self.melded + len(self.arrangement.unmatched) if self.arrangement else 0
        return REASONS[self.reason].format(
            deadwood=self.deadwood,
            limit=self.limit,
            melded=self.melded,
            needed=self.needed,
            count=count,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with the arrangement and the English message."""
        return {
            "allowed": self.allowed,
            "kind": self.kind,
            "deadwood": self.deadwood,
            "melded": self.melded,
            "limit": self.limit,
            "reason": self.reason,
            "message": self.message,
            "arrangement": None if self.arrangement is None else self.arrangement.to_dict(),
        }


def check_going_out(
    cards: str | Iterable[str | Card], rules: Rules = STANDARD, upcard: Card | None = None
) -> GoingOut:
    """May these cards end the deal under ``rules``, given the deal's first upcard?

    ``cards``: 10 (after the discard) or 11 (big gin, no discard). Other
    counts up to 11 give ``reason="wrong_count"``.

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: for more than 11 cards.
    """
    hand = parse_hand(cards)
    arr = best_arrangement(hand, rules)
    count = len(hand)
    limit = rules.knock_limit(upcard)
    needed = rules.knock_min_melded

    def refuse(reason: str, arr: Arrangement = arr, melded: int = arr.melded) -> GoingOut:
        return GoingOut(False, None, arr.deadwood, melded, limit, reason, arr, needed)

    if count not in (10, 11):
        return refuse("wrong_count")
    if count == 11:
        if not rules.big_gin:
            return refuse("no_big_gin")
        if arr.deadwood:
            return refuse("not_all_melded")
        return GoingOut(True, "big_gin", 0, 11, limit, None, arr, needed)
    if arr.deadwood == 0:
        return GoingOut(True, "gin", 0, 10, limit, None, arr, needed)
    candidates = best_arrangements(hand, rules, min_melded=needed)
    if not candidates:
        return refuse("too_few_melded", melded=max_melded(hand, rules))
    arr = candidates[0]
    if limit is not None and arr.deadwood > limit:
        if rules.gin_only:
            return refuse("gin_only", arr, arr.melded)
        if rules.upcard_sets_knock_limit and upcard is not None and upcard.rank == 1:
            return refuse("ace_upcard", arr, arr.melded)
        return refuse("over_limit", arr, arr.melded)
    return GoingOut(True, "knock", arr.deadwood, arr.melded, limit, None, arr, needed)
