"""The showdown after a player goes out: spread, lay-offs and the deal's score.

Steps, each recorded in the :class:`ShowdownResult`:

1. The knocker's hand must be allowed to go out
   (:func:`ginrules.going_out.check_going_out`), else :class:`IllegalKnockError`.
2. The knocker spreads an arrangement with the least deadwood (under the
   French rule, the least among those melding 8 cards or more). Among equally
   low arrangements the engine picks the one that leaves the defender the most
   deadwood after lay-offs (the first in the order of
   :func:`ginrules.melds.best_arrangements` on a tie).
3. The defender lays down their own melds and lays off unmatched cards on the
   knocker's melds (the fourth card of a set; a card at either end of a run,
   each card laid off extending the run for the next: 6♥ then 5♥ onto
   7♥ 8♥ 9♥), choosing among every combination the one that leaves the least
   deadwood, which may break one of their own sets of four. On a tie, the
   fewest cards laid off. The knocker never lays off. Nobody lays off where
   ``rules.layoffs`` is false, nor on gin or big gin unless
   ``rules.layoff_on_gin`` (the French rules).
4. Score: a knock wins the difference of the two counts; when the defender's
   count is lower (or equal, where ``rules.tie_is_undercut``) it is an
   undercut: the defender wins the difference plus ``rules.undercut_bonus``
   (under the French rules, the 20 points the opponent of the player who went
   down gets when scoring or on equal counts). On a tie where ties are not
   undercuts, the knocker wins 0 points. Gin wins the defender's count plus
   ``rules.gin_bonus`` (petit gin in French rules); big gin plus
   ``rules.big_gin_bonus`` (grand gin).
   Decisions where the rules file is silent: gin and big gin are never
   undercut, even where lay-offs on gin bring the defender's count to 0
   (French rules: petit gin scores 25 plus the opponent's count, whatever
   that count is); lay-offs on gin also apply to big gin.
5. A spade upcard under Oklahoma (``rules.spade_doubling``) adds a
   ``spade_double`` term equal to every other term (``"all"``) or to the
   bonus terms only (``"bonuses"``).

>>> r = showdown("7H 8H 9H 7S 7D 7C KS QS JS 2D", "6H 5H TC TD TS 4C 3C 9C 8C 2C")
>>> r.outcome, r.winner, r.points, r.knocker_deadwood, r.defender_deadwood
('knock', 'knocker', 8, 2, 10)
>>> [(str(x.card), x.meld_index) for x in r.layoffs]
[('6H', 1), ('5H', 1), ('TS', 2)]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ginrules.cards import CARDS, Card, parse_hand
from ginrules.errors import DuplicateCardError, IllegalKnockError
from ginrules.going_out import check_going_out
from ginrules.melds import (
    Arrangement,
    Meld,
    _deadwood,
    _tables,
    best_arrangement,
    best_arrangements,
    deadwood,
)
from ginrules.rules import STANDARD, Rules

Outcome = Literal["knock", "undercut", "gin", "big_gin"]
Winner = Literal["knocker", "defender"]
BONUS_TERMS = frozenset({"gin_bonus", "big_gin_bonus", "undercut_bonus"})


@dataclass(frozen=True)
class Layoff:
    """One card laid off by the defender on the knocker's meld ``meld_index``
    (an index into ``spread.melds``)."""

    card: Card
    meld_index: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"card": "6H", "meld_index": 0}``."""
        return {"card": self.card.code, "meld_index": self.meld_index}


@dataclass(frozen=True)
class ScoreTerm:
    """One term of the deal's score; the terms add up to the points won.

    Codes: ``difference``, ``opponent_deadwood``, ``gin_bonus``,
    ``big_gin_bonus``, ``undercut_bonus``, ``spade_double``.
    """

    code: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"code": "gin_bonus", "value": 25}``."""
        return {"code": self.code, "value": self.value}


@dataclass(frozen=True)
class ShowdownResult:
    """Everything that happened at the showdown, step by step."""

    outcome: Outcome
    winner: Winner
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    spread: Arrangement
    defender_melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    defender_unmatched: tuple[Card, ...]
    terms: tuple[ScoreTerm, ...]
    defender_deadwood_before_layoffs: int = 0
    layoffs_allowed: bool = True
    multiplier: int = 1
    spreads_considered: int = 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (the command line prints it)."""
        return {
            "outcome": self.outcome,
            "winner": self.winner,
            "points": self.points,
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "defender_deadwood_before_layoffs": self.defender_deadwood_before_layoffs,
            "spread": self.spread.to_dict(),
            "defender_melds": [m.to_dict() for m in self.defender_melds],
            "layoffs_allowed": self.layoffs_allowed,
            "layoffs": [x.to_dict() for x in self.layoffs],
            "defender_unmatched": [c.code for c in self.defender_unmatched],
            "terms": [t.to_dict() for t in self.terms],
            "multiplier": self.multiplier,
            "spreads_considered": self.spreads_considered,
        }


@dataclass(frozen=True)
class _Defence:
    deadwood: int
    laid: int
    layoffs: tuple[Layoff, ...]


def _extensions(meld: Meld, defender: int, rules: Rules) -> list[tuple[int, tuple[Card, ...]]]:
    """Every way to lay off on one meld: (cards mask, cards in the order laid)."""
    options: list[tuple[int, tuple[Card, ...]]] = [(0, ())]
    cards = meld.cards
    if meld.kind == "set":
        if len(cards) == 3:
            rank = cards[0].rank
            for suit in range(4):
                card = CARDS[suit * 13 + rank - 1]
                if card not in cards and defender >> card.index & 1:
                    options.append((1 << card.index, (card,)))
        return options
    suit = cards[0].suit
    room = 13 - len(cards)

    def chain(rank: int, step: int) -> list[Card]:
        out: list[Card] = []
        while len(out) < room:
            rank += step
            if rules.round_the_corner:
                rank = (rank - 1) % 13 + 1
            elif not 1 <= rank <= 13:
                break
            card = CARDS[suit * 13 + rank - 1]
            if not defender >> card.index & 1:
                break
            out.append(card)
        return out

    low = chain(cards[0].rank, -1)
    high = chain(cards[-1].rank, 1)
    for i in range(len(low) + 1):
        for j in range(len(high) + 1):
            if i + j == 0 or i + j > room:
                continue
            laid = (*low[:i], *high[:j])
            mask = 0
            for card in laid:
                mask |= 1 << card.index
            if mask.bit_count() == len(laid):
                options.append((mask, laid))
    return options


def _defend(spread: Arrangement, defender: int, rules: Rules, allowed: bool) -> _Defence:
    """The defender's least deadwood, with the lay-offs that reach it."""
    t = _tables(rules)
    if not allowed:
        return _Defence(_deadwood(defender, t), 0, ())
    per_meld = [_extensions(meld, defender, rules) for meld in spread.melds]
    best: tuple[int, int, int, tuple[Layoff, ...]] | None = None
    for combo in itertools.product(*per_meld):
        laid = 0
        count = 0
        for mask, seq in combo:
            if laid & mask:
                break
            laid |= mask
            count += len(seq)
        else:
            d = _deadwood(defender & ~laid, t)
            if best is None or (d, count) < best[:2]:
                layoffs = tuple(
                    Layoff(card, index) for index, (_, seq) in enumerate(combo) for card in seq
                )
                best = (d, count, laid, layoffs)
    assert best is not None
    return _Defence(best[0], best[2], best[3])


def _cards(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(CARDS[low.bit_length() - 1])
    return out


def showdown(
    knocker: str | Iterable[str | Card],
    defender: str | Iterable[str | Card],
    rules: Rules = STANDARD,
    upcard: Card | None = None,
) -> ShowdownResult:
    """Play out the showdown and score the deal (see the module for each step).

    ``knocker``: 10 cards after the discard, or 11 for big gin;
    ``defender``: 10 cards; ``upcard``: the deal's first upcard (Oklahoma).

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice, or held by both players.
    :raises HandSizeError: for a wrong number of cards.
    :raises IllegalKnockError: when the rules do not let this hand go out
        (``reason`` as in :class:`ginrules.going_out.GoingOut`).
    """
    khand = parse_hand(knocker, sizes=(10, 11))
    dhand = parse_hand(defender, sizes=(10,))
    both = set(khand) & set(dhand)
    if both:
        raise DuplicateCardError(min(both).code)
    verdict = check_going_out(khand, rules, upcard)
    if not verdict.allowed or verdict.kind is None:
        raise IllegalKnockError(
            verdict.reason or "not_allowed",
            verdict.message,
            deadwood=verdict.deadwood,
            limit=verdict.limit,
            melded=verdict.melded,
        )
    kind = verdict.kind
    dmask = 0
    for card in dhand:
        dmask |= 1 << card.index
    spreads = best_arrangements(khand, rules, min_melded=rules.knock_min_melded)
    allowed = rules.layoffs and (kind == "knock" or rules.layoff_on_gin)
    chosen: tuple[Arrangement, _Defence] | None = None
    for spread in spreads:
        defence = _defend(spread, dmask, rules, allowed)
        if chosen is None or defence.deadwood > chosen[1].deadwood:
            chosen = (spread, defence)
    assert chosen is not None
    spread, defence = chosen
    own = best_arrangement(_cards(dmask & ~defence.laid), rules)
    kd = spread.deadwood
    dd = defence.deadwood
    terms: list[ScoreTerm]
    winner: Winner = "knocker"
    outcome: Outcome
    if kind == "gin":
        outcome = "gin"
        terms = [ScoreTerm("opponent_deadwood", dd), ScoreTerm("gin_bonus", rules.gin_bonus)]
    elif kind == "big_gin":
        outcome = "big_gin"
        terms = [
            ScoreTerm("opponent_deadwood", dd),
            ScoreTerm("big_gin_bonus", rules.big_gin_bonus),
        ]
    elif dd < kd or (dd == kd and rules.tie_is_undercut):
        outcome = "undercut"
        winner = "defender"
        terms = [
            ScoreTerm("difference", kd - dd),
            ScoreTerm("undercut_bonus", rules.undercut_bonus),
        ]
    else:
        outcome = "knock"
        terms = [ScoreTerm("difference", dd - kd)]
    multiplier = rules.score_multiplier(upcard)
    if multiplier > 1:
        doubled = sum(
            t.value for t in terms if rules.spade_doubling == "all" or t.code in BONUS_TERMS
        )
        if doubled:
            terms.append(ScoreTerm("spade_double", doubled * (multiplier - 1)))
    return ShowdownResult(
        outcome=outcome,
        winner=winner,
        points=sum(t.value for t in terms),
        knocker_deadwood=kd,
        defender_deadwood=dd,
        spread=spread,
        defender_melds=own.melds,
        layoffs=defence.layoffs,
        defender_unmatched=own.unmatched,
        terms=tuple(terms),
        defender_deadwood_before_layoffs=deadwood(dhand, rules),
        layoffs_allowed=allowed,
        multiplier=multiplier,
        spreads_considered=len(spreads),
    )
