"""The showdown after a player goes out: spread, lay-offs and the deal's score.

Steps, each recorded in the :class:`ShowdownResult`:

1. The knocker's hand must be allowed to go out
   (:func:`ginrules.going_out.check_going_out`), else :class:`IllegalKnockError`.
2. The knocker spreads an arrangement with the least deadwood (under the
   French rule, the least among those melding 8 cards or more): the one given
   as ``spread`` (a deal passes the knocker's choice, made from what the
   knocker knows: :func:`spread_options`). Without one, scoring a showdown
   from both hands (``ginrules knock``, the site's showdown examples and
   widget), the convention is the knocker's best spread as if they saw the
   defender's cards: the one that leaves the defender the most deadwood after
   lay-offs (the first in the order of :func:`ginrules.melds.best_arrangements`
   on a tie).
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

The knocker's choice among equally low spreads, from what the knocker knows
(here nothing but their own cards): the set of 5s lets the defender lay off
two cards (5H, 8H), the run of clubs three (3C, 7C, 8H).

>>> [[c.code for c in o.fits] for o in spread_options("5S 5D 5C 4C 6C 9H TH JH QH KH")]
[['5H', '8H'], ['8H', '3C', '7C']]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ginrules.cards import CARDS, Card, parse_hand
from ginrules.errors import DuplicateCardError, HandSizeError, IllegalKnockError
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

__all__ = [
    "Layoff",
    "ScoreTerm",
    "ShowdownResult",
    "SpreadOption",
    "find_spread",
    "layoff_cards",
    "showdown",
    "spread_options",
]

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


# --------------------------------------------------------------------------- the spread

Melds = Sequence[Sequence[Card | str]] | Arrangement


def layoff_cards(spread: Arrangement, rules: Rules = STANDARD) -> list[Card]:
    """The cards that fit at once on a meld of ``spread`` (in card order): the
    missing card of a set of three, the card next to either end of a run (round
    the corner where the rules allow it). Cards laid off in turn (6H then 5H onto
    7H 8H 9H) count only the first.

    >>> [c.code for c in layoff_cards(best_arrangement("7H 8H 9H 7S 7D 7C KS QS JS 2D"))]
    ['TS', '6H', 'TH']
    """
    held = {c for m in spread.melds for c in m.cards}
    fits: set[Card] = set()
    for meld in spread.melds:
        cards = meld.cards
        if meld.kind == "set":
            if len(cards) == 3:
                fits.update(CARDS[s * 13 + cards[0].rank - 1] for s in range(4))
            continue
        suit = cards[0].suit
        for rank in (cards[0].rank - 1, cards[-1].rank + 1):
            if rules.round_the_corner:
                rank = (rank - 1) % 13 + 1
            if 1 <= rank <= 13:
                fits.add(CARDS[suit * 13 + rank - 1])
    return sorted(fits - held)


@dataclass(frozen=True)
class SpreadOption:
    """One arrangement the knocker may spread, as the knocker sees it: ``fits``
    are the cards that would fit at once on its melds (:func:`layoff_cards`)
    and that the defender may hold (the knocker has not seen them elsewhere),
    ``known`` those of them the defender surely holds (taken from the pile)."""

    spread: Arrangement
    fits: tuple[Card, ...]
    known: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the spread's melds, its deadwood, ``fits`` and ``known``."""
        return {
            "melds": [m.to_dict() for m in self.spread.melds],
            "unmatched": [c.code for c in self.spread.unmatched],
            "deadwood": self.spread.deadwood,
            "fits": [c.code for c in self.fits],
            "known": [c.code for c in self.known],
        }


def _spreads(cards: Sequence[Card], rules: Rules) -> list[Arrangement]:
    """The arrangements a knocker may spread: those of least deadwood (under the
    French rule, among those melding 8 cards or more)."""
    return best_arrangements(cards, rules, min_melded=rules.knock_min_melded)


def spread_options(
    cards: str | Iterable[str | Card],
    rules: Rules = STANDARD,
    seen: Iterable[Card] = (),
    held: Iterable[Card] = (),
) -> list[SpreadOption]:
    """The knocker's arrangements of least deadwood, the one to spread first.

    ``cards``: the knocker's cards after the discard (10, or 11 for big gin);
    ``seen``: cards the knocker knows the defender does not hold (the discard
    pile); ``held``: cards the knocker knows the defender holds. Nothing else
    about the defender's hand is used, so a computer player (and the reader's
    suggestion) spreads from what its seat knows.

    The order: fewest lay-off cards the defender is known to hold, then fewest
    it may hold, then :func:`ginrules.melds.best_arrangements` order. Where the
    defender may not lay off (``rules.layoffs`` false, or on gin unless
    ``rules.layoff_on_gin``) ``fits`` are empty and the order is that of
    :func:`~ginrules.melds.best_arrangements`.

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: for more than 11 cards.
    """
    hand = parse_hand(cards)
    mine = set(hand)
    possible = set(CARDS) - mine - set(seen)
    sure = set(held) & possible
    options: list[SpreadOption] = []
    for spread in _spreads(hand, rules):
        fits: tuple[Card, ...] = ()
        if rules.layoffs and (spread.deadwood > 0 or rules.layoff_on_gin):
            fits = tuple(c for c in layoff_cards(spread, rules) if c in possible)
        options.append(SpreadOption(spread, fits, tuple(c for c in fits if c in sure)))
    options.sort(key=lambda o: (len(o.known), len(o.fits)))
    return options


def _meld_key(melds: Melds) -> frozenset[frozenset[Card]]:
    groups = melds.melds if isinstance(melds, Arrangement) else melds
    out = []
    for group in groups:
        cards = group.cards if isinstance(group, Meld) else group
        out.append(frozenset(c if isinstance(c, Card) else Card.parse(str(c)) for c in cards))
    return frozenset(out)


def find_spread(
    cards: str | Iterable[str | Card], melds: Melds, rules: Rules = STANDARD
) -> Arrangement:
    """The arrangement of the knocker's ``cards`` whose melds are ``melds`` (card
    groups in any order, or an :class:`~ginrules.melds.Arrangement`): it must be
    one of least deadwood (:func:`spread_options`).

    >>> find_spread("5S 5D 5C 4C 6C 9H TH JH QH KH", [["5S", "5D", "5C"],
    ...     ["9H", "TH", "JH", "QH", "KH"]]).unmatched
    (Card.parse('4C'), Card.parse('6C'))

    :raises UnknownCardError: for a token that is not a card.
    :raises IllegalKnockError: (reason ``bad_spread``) when no such arrangement
        has the least deadwood.
    """
    hand = parse_hand(cards)
    want = _meld_key(melds)
    for spread in _spreads(hand, rules):
        if _meld_key(spread) == want:
            return spread
    raise IllegalKnockError(
        "bad_spread", "those melds are not an arrangement of the hand with the least deadwood"
    )


def showdown(
    knocker: str | Iterable[str | Card],
    defender: str | Iterable[str | Card],
    rules: Rules = STANDARD,
    upcard: Card | None = None,
    spread: Melds | None = None,
) -> ShowdownResult:
    """Play out the showdown and score the deal (see the module for each step).

    ``knocker``: 10 cards after the discard, or 11 for big gin;
    ``defender``: 10 cards; ``upcard``: the deal's first upcard (Oklahoma);
    ``spread``: the knocker's melds (see :func:`find_spread`), else the
    convention of the module's step 2.

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice, or held by both players.
    :raises HandSizeError: for a wrong number of cards (``hand`` names the hand:
        ``knocker`` or ``defender``).
    :raises IllegalKnockError: when the rules do not let this hand go out
        (``reason`` as in :class:`ginrules.going_out.GoingOut`), or (reason
        ``bad_spread``) for a ``spread`` that is not one of least deadwood.
    """
    khand = parse_hand(knocker)
    dhand = parse_hand(defender)
    for hand, role, sizes in ((khand, "knocker", (10, 11)), (dhand, "defender", (10,))):
        if len(hand) not in sizes:
            raise HandSizeError(len(hand), " or ".join(map(str, sizes)), hand=role)
    both = set(khand) & set(dhand)
    if both:
        raise DuplicateCardError(min(both).code, min(both).code)
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
    spreads = _spreads(khand, rules)
    allowed = rules.layoffs and (kind == "knock" or rules.layoff_on_gin)
    chosen: tuple[Arrangement, _Defence] | None = None
    if spread is not None:
        given = find_spread(khand, spread, rules)
        chosen = (given, _defend(given, dmask, rules, allowed))
    for option in spreads if chosen is None else ():
        defence = _defend(option, dmask, rules, allowed)
        if chosen is None or defence.deadwood > chosen[1].deadwood:
            chosen = (option, defence)
    assert chosen is not None
    laid, defence = chosen
    own = best_arrangement(_cards(dmask & ~defence.laid), rules)
    kd = laid.deadwood
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
        spread=laid,
        defender_melds=own.melds,
        layoffs=defence.layoffs,
        defender_unmatched=own.unmatched,
        terms=tuple(terms),
        defender_deadwood_before_layoffs=deadwood(dhand, rules),
        layoffs_allowed=allowed,
        multiplier=multiplier,
        spreads_considered=len(spreads),
    )
