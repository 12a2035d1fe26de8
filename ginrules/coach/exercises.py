"""Exercises the engine deals, checks and explains (the site's exercises page).

Each exercise is dealt from ``(variant, kind, level, seed)`` alone, with a
``random.Random`` seeded from the string ``"ginrules-exercise/<variant>/<kind>/<level>/<seed>"``
(so the same link gives the same exercise on every machine), and checked by the
engine's own functions: nothing here decides a rule. Kinds (:data:`KINDS`):

``count``
    Ten cards: what is their deadwood? (:func:`ginrules.melds.best_arrangement`)
``discard``
    Eleven cards: which discard leaves the least deadwood? Ties are all accepted
    (:func:`ginrules.melds.best_discards`).
``go_out``
    Ten cards after the discard (and, in Oklahoma, the upcard): may they knock, go
    gin, go down (Gin Rami), or not? (:func:`ginrules.going_out.check_going_out`)
``showdown``
    The knocker's spread (ten cards, or eleven for Gin Rami's big gin) and the
    defender's ten cards: which cards are laid off
    (every set that leaves the least deadwood is accepted), who scores and how
    much? (:func:`ginrules.showdown.showdown`) Keys ``knocker`` and ``defender``
    (their codes; ``cards`` is the knocker's) and ``spread`` (the knocker's melds).
``stock_end``
    The stock's count, then the moves of the last turns: after the last discard,
    does play go on, is the deal dead, or is the pile shuffled into a new stock?
    (the deal itself: :class:`ginrules.deal.Deal` replays the moves) Keys
    ``stock_left`` (before the moves) and ``moves``: ``player`` (``A``/``B``),
    ``code`` (``draw_stock``, ``draw_discard``, ``discard``), ``card`` (``None`` for
    a card drawn from the stock); ``cards``: the hand before the last discard.
``sheet``
    A score sheet's deals (a game, Hollywood, a manche or a partie): who leads, by
    how much? (:func:`ginrules.reports.score_sheet_report`) Keys ``scheme``
    (``game``, ``hollywood``, ``manche``, ``partie``), ``target`` and ``deals``:
    ``player`` (``A``/``B``, ``None`` for a dead deal), ``points``, ``outcome`` (the
    sheet's entry word, or ``dead``); no ``cards``. A Hollywood match still under
    way asks who leads one of its games (key ``game``, question
    ``sheet_leader_game``): its three games stand apart, and their sum is no score
    until the match is over.

Answers are dicts (JSON from the page); a malformed one raises
:class:`ExerciseError` with a ``reason`` code. A :class:`Verdict` lists every
accepted answer and the worked solution as steps: codes with their numbers, no
English sentence, each number the engine's (the page says them in the reader's
language).

**Answers** (``answer_form``): ``count`` ``{"deadwood": n}``, optionally with the
reader's ``"melds": [[codes]]`` (right only if they leave the least deadwood);
``discard`` ``{"card": code}``; ``go_out`` ``{"choice": v}``, ``v`` among
``knock``/``go_down`` (Gin Rami), ``gin``, ``none`` (the exercise's ``choices``);
``showdown`` ``{"layoffs": [codes], "points": n, "winner": "knocker" | "defender"}``;
``stock_end`` ``{"choice": "continue" | "dead" | "reshuffle"}``; ``sheet``
``{"leader": "A" | "B" | "none", "lead": n}``. Numbers may come as digit strings.

**Codes.** Questions: ``count_deadwood``, ``best_discard``, ``may_go_out``,
``settle_showdown``, ``stock_end``, ``sheet_leader``, ``sheet_leader_game``; choices
``go_out_<value>``, ``stock_<value>``. Steps and their args:

- ``melds`` (the hand), ``your_melds`` (the reader's), ``spread`` (the knocker's),
  ``defender_melds`` (after the lay-offs): ``melds``, ``deadwood_cards``, ``deadwood``;
- ``sum``: ``cards``, ``values``, ``total``; ``ties``: ``arrangements`` (how many
  arrangements share the least deadwood);
- ``discards``: ``options``, each ``card`` and the ``deadwood`` it leaves;
- ``upcard_limit``: ``upcard``, ``max``; ``knock_max``: ``deadwood``, ``max``;
  ``melded_min``: ``melded``, ``min``; ``all_melded``: ``melded``;
  ``going_out``: ``choice`` and the engine's ``reason`` code (``None`` if allowed);
- ``no_layoffs``: ``outcome``; ``layoff``: ``card``, ``meld`` (its cards);
  ``score``: ``outcome``, ``winner``, ``knocker_deadwood``, ``defender_deadwood``,
  ``terms`` (``code``, ``value``, as :class:`ginrules.showdown.ScoreTerm`), ``points``;
- ``stock_count``: ``start``, ``draws`` (from the stock), ``left``; ``stock_rule``:
  ``rule`` (``dead_hand`` or ``reshuffle``), ``left`` and, for the dead hand,
  ``cards``; ``stock_result``: ``choice``, ``stock`` (the cards in it after);
- ``row``: a score sheet row (:class:`ginrules.match.ScoreLine`, the player as
  ``A``/``B``); under Hollywood ``game_rows`` instead, one per deal and game: ``deal``,
  ``game``, ``rows`` (that game's rows of that deal, without ``deal``, ``game`` and
  ``totals``) and ``totals`` (the game's after them); ``lead``: ``totals``,
  ``leader``, ``lead``; ``game_lead`` (a Hollywood match under way): ``game`` and
  that game's ``totals``, ``leader``, ``lead``.

**Levels and the difficulty measure** (:func:`difficulty`). Each level is a band
of one measure per kind, and an exercise is dealt again until it falls in its
level's band, so the levels' difficulty grows by construction:

- ``count``: *arrangement work*: the melds of the best arrangement plus the
  candidate arrangements the engine compares beyond the first (one per choice of
  sets, :func:`ginrules.melds._rows`; more than one only where melds overlap).
  Level 1: 1 (one meld, nothing to choose); level 2: 2 or 3 (melds that do not
  overlap); level 3: 4 or more, with overlapping melds.
- ``discard``: the arrangement work of the eleven cards (melds of the best hand
  kept, candidate arrangements beyond the first) plus the *decoys*: discards
  other than the best that leave at most 2 points more. Level 1: up to 2;
  level 2: 3 or 4; level 3: 5 or more.
- ``go_out``: the arrangement work, plus one for a count near the line (within 2
  of the knock limit; Gin Rami: melded cards within 1 of eight, and one more when
  the least count melds too few), plus one for an upcard that moves the limit
  (Oklahoma). Level 1: up to 2; level 2: 3 or 4; level 3: 5 or more.
- ``showdown``: the defender's arrangement work, plus the cards laid off, plus
  one for each card that fits only after another is laid off (a chain), one for an
  undercut, one for a spade doubling. Level 1: up to 2; level 2: 3 to 5;
  level 3: 6 or more.
- ``stock_end``: the moves to follow from the stock's count to the question: one
  turn (2 moves) at level 1, two or three turns at level 2, four to six at level 3.
- ``sheet``: the rows of the score sheet (deals and bonuses) the reader adds up.
  Level 1: up to 3 (a game under way); level 2: 4 to 8 (a game that ends, with its
  bonuses); level 3: 9 or more (Hollywood's three games; Gin Rami: a partie or a long
  manche).

>>> exercise = make_exercise("standard", "count", 1, 7)
>>> exercise == make_exercise("standard", "count", 1, 7)
True
>>> right = check_answer(exercise, check_answer(exercise, {"deadwood": 0}).accepted[0])
>>> right.right, difficulty(exercise)
(True, 1.0)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ginrules.cards import CARDS, Card
from ginrules.coach.reports import score_sheet_report
from ginrules.deal import Deal, Discard, DrawDiscard, DrawStock, Pass, replay
from ginrules.errors import CardError, GinRulesError
from ginrules.going_out import GoingOut, check_going_out
from ginrules.match import entry_outcomes
from ginrules.melds import (
    Arrangement,
    _deadwood,
    _hand_mask,
    _mask_of,
    _rows,
    _tables,
    best_arrangement,
    best_arrangements,
    best_discards,
    deadwood,
)
from ginrules.melds import _meld as _melded
from ginrules.rules import PRESETS, Rules, find_variant
from ginrules.score_entries import new_sheet, parse_entries, points_range, schemes
from ginrules.showdown import ShowdownResult, _extensions, layoff_cards, showdown

__all__ = [
    "HOLLYWOOD_LEVEL",
    "KINDS",
    "LEVELS",
    "MAX_SEED",
    "Exercise",
    "ExerciseError",
    "Step",
    "Verdict",
    "arrangement_work",
    "candidate_arrangements",
    "check_answer",
    "difficulty",
    "kinds_for",
    "make_exercise",
]

KINDS: Final[tuple[str, ...]] = ("count", "discard", "go_out", "showdown", "stock_end", "sheet")
LEVELS: Final[tuple[int, ...]] = (1, 2, 3)
MAX_SEED: Final = 2**53 - 1
"""The largest seed (a share link's number stays exact in JavaScript)."""
HOLLYWOOD_LEVEL: Final = 3
"""The level whose ``sheet`` exercises are Hollywood sheets, in every preset that
scores Hollywood (every preset but Gin Rami, whose level 3 is a partie or a manche)."""

_TRIES: Final = 5000
_BANDS: Final[dict[str, dict[int, tuple[int, int]]]] = {
    "count": {1: (1, 1), 2: (2, 3), 3: (4, 99)},
    "discard": {1: (0, 2), 2: (3, 4), 3: (5, 99)},
    "go_out": {1: (0, 2), 2: (3, 4), 3: (5, 99)},
    "showdown": {1: (0, 2), 2: (3, 5), 3: (6, 99)},
    "sheet": {1: (1, 3), 2: (4, 8), 3: (9, 999)},
}
"""Each kind's band of :func:`difficulty` per level (``stock_end``: by construction)."""
_PAGES: Final = {
    "standard": "standard",
    "straight": "straight-gin",
    "oklahoma": "oklahoma",
    "french": "gin-rami",
}
"""The variant page of each preset: its anchors are ``<page>-<section>``."""


class ExerciseError(GinRulesError):
    """An exercise that cannot be made (``reason``: ``unknown_variant``,
    ``unknown_kind``, ``unknown_level``, ``bad_seed``) or an answer that cannot be
    read (``bad_answer``: not a dict; ``missing``: ``key`` is absent; ``bad_number``,
    ``bad_card``, ``not_in_hand``, ``bad_choice``, ``bad_melds``: the value of
    ``key`` is wrong)."""

    code = "exercise"

    def __init__(self, reason: str, message: str, **params: Any) -> None:
        super().__init__(message, reason=reason, **params)
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """One claim of a worked solution, or a question or choice: a ``code`` and
    its ``args`` (JSON-ready numbers and card codes; the page words it)."""

    code: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "args": self.args}


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise, as :func:`make_exercise` deals it.

    ``cards``: the cards shown (the hand; for a showdown the knocker's, with the
    defender's in ``extra``); ``question`` and ``choices`` (``None`` unless the
    answer is chosen from a list) as steps; ``answer_form`` names the form the
    page shows; ``extra``: the kind's own JSON-ready keys; ``measure``: the value
    of :func:`difficulty`.
    """

    rules: Rules
    kind: str
    level: int
    seed: int
    cards: tuple[Card, ...]
    upcard: Card | None
    question: Step
    answer_form: str
    choices: tuple[tuple[str, Step], ...] | None
    extra: dict[str, Any]
    measure: float
    private: dict[str, Any] = field(default_factory=dict, repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Exercise) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.rules.name, self.kind, self.level, self.seed))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: variant, kind, level, seed, cards, upcard, question,
        choices, answer_form, difficulty and the kind's own keys."""
        return {
            "variant": self.rules.name,
            "kind": self.kind,
            "level": self.level,
            "seed": self.seed,
            "cards": [c.code for c in self.cards],
            "upcard": None if self.upcard is None else self.upcard.code,
            "question": self.question.to_dict(),
            "choices": None
            if self.choices is None
            else [{"value": value, **step.to_dict()} for value, step in self.choices],
            "answer_form": self.answer_form,
            "difficulty": self.measure,
            **self.extra,
        }


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on an answer: ``right``, every ``accepted`` answer
    (ties included, in the answer's shape), the worked solution as ``steps`` and
    the ``rule``: the anchor of the rule's section on the variant's page."""

    right: bool
    accepted: list[dict[str, Any]]
    steps: list[Step]
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "right": self.right,
            "accepted": self.accepted,
            "steps": [s.to_dict() for s in self.steps],
            "rule": self.rule,
        }


@dataclass(frozen=True)
class _Solution:
    accepted: list[dict[str, Any]]
    steps: list[Step]
    rule: str


# --------------------------------------------------------------------------- helpers


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _anchor(rules: Rules, section: str) -> str:
    return f"{_PAGES[rules.name]}-{section}"


def _arrangement_steps(arr: Arrangement, rules: Rules, code: str = "melds") -> list[Step]:
    """The melds of an arrangement, then the sum of its deadwood cards."""
    values = [rules.card_value(c) for c in arr.unmatched]
    return [
        Step(
            code,
            {
                "melds": [_codes(m.cards) for m in arr.melds],
                "deadwood_cards": _codes(arr.unmatched),
                "deadwood": arr.deadwood,
            },
        ),
        Step("sum", {"cards": _codes(arr.unmatched), "values": values, "total": sum(values)}),
    ]


def candidate_arrangements(cards: Sequence[Card], rules: Rules) -> int:
    """The arrangements the engine compares for these cards: one per combination
    of set choices (:func:`ginrules.melds._rows`); 1 where no melds overlap."""
    return len(_rows(_hand_mask(list(cards)), _tables(rules)))


def arrangement_work(cards: Sequence[Card], rules: Rules) -> int:
    """Melds of the best arrangement plus the candidate arrangements beyond the first."""
    return (
        len(best_arrangement(list(cards), rules).melds) + candidate_arrangements(cards, rules) - 1
    )


# --------------------------------------------------------------------------- dealing hands


def _run(rng: random.Random, free: set[Card], length: int) -> list[Card] | None:
    suit = rng.randrange(4)
    start = rng.randint(1, 14 - length)
    cards = [CARDS[suit * 13 + rank - 1] for rank in range(start, start + length)]
    return cards if all(c in free for c in cards) else None


def _set(rng: random.Random, free: set[Card], size: int) -> list[Card] | None:
    rank = rng.randint(1, 13)
    suits = [s for s in range(4) if CARDS[s * 13 + rank - 1] in free]
    if len(suits) < size:
        return None
    return [CARDS[s * 13 + rank - 1] for s in sorted(rng.sample(suits, size))]


def _meld(rng: random.Random, free: set[Card], size: int) -> list[Card] | None:
    if size <= 4 and rng.random() < 0.4:
        return _set(rng, free, size)
    return _run(rng, free, size)


def _overlap(rng: random.Random, free: set[Card]) -> list[Card] | None:
    """A run and a set sharing a card (which of the two to meld is the choice)."""
    suit = rng.randrange(4)
    length = rng.choice((3, 3, 4))
    start = rng.randint(1, 14 - length)
    run = [CARDS[suit * 13 + rank - 1] for rank in range(start, start + length)]
    shared = rng.choice(run)
    others = [CARDS[s * 13 + shared.rank - 1] for s in range(4) if s != suit]
    group = run + rng.sample(others, rng.choice((2, 2, 3)))
    return group if all(c in free for c in group) else None


def _hand(
    rng: random.Random, n: int, sizes: Sequence[int], overlap: bool = False, low: int = 0
) -> list[Card] | None:
    """``n`` cards: an overlap (if asked), melds of ``sizes``, then random cards
    (of rank ``low`` or lower where ``low`` is given)."""
    free = set(CARDS)
    hand: list[Card] = []
    for size in [0, *sizes] if overlap else sizes:
        group = _overlap(rng, free) if size == 0 else _meld(rng, free, size)
        if group is None:
            return None
        hand.extend(group)
        free.difference_update(group)
    if len(hand) > n:
        return None
    pool = [c for c in CARDS if c in free and (not low or c.rank <= low)]
    if len(pool) < n - len(hand):
        return None
    return sorted(hand + rng.sample(pool, n - len(hand)))


def _structured(rng: random.Random, level: int, n: int) -> list[Card] | None:
    """A hand of ``n`` cards built for a level: one meld, two or three, or an
    overlapping run and set with another meld."""
    if level == 1:
        return _hand(rng, n, [rng.choice((3, 3, 4))])
    if level == 2:
        return _hand(rng, n, [rng.choice((3, 4)) for _ in range(rng.choice((2, 2, 3)))])
    return _hand(rng, n, [rng.choice((3, 3, 4))] if rng.random() < 0.7 else [], overlap=True)


# --------------------------------------------------------------------------- count


def _make_count(rules: Rules, level: int, rng: random.Random) -> dict[str, Any]:
    band = _BANDS["count"][level]
    for _ in range(_TRIES):
        hand = _structured(rng, level, 10)
        if hand is None:
            continue
        work = arrangement_work(hand, rules)
        many = candidate_arrangements(hand, rules) > 1
        if band[0] <= work <= band[1] and many == (level == 3):
            return {"cards": hand, "measure": work}
    raise ExerciseError("no_exercise", "no exercise found for this seed")  # pragma: no cover


def _solve_count(ex: Exercise) -> _Solution:
    arrangements = best_arrangements(list(ex.cards), ex.rules)
    best = arrangements[0]
    steps = _arrangement_steps(best, ex.rules)
    if len(arrangements) > 1:
        steps.insert(1, Step("ties", {"arrangements": len(arrangements)}))
    return _Solution([{"deadwood": best.deadwood}], steps, _anchor(ex.rules, "deal"))


def _read_int(answer: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = _get(answer, key)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ExerciseError("bad_number", f"{key}: not a whole number", key=key)
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            raise ExerciseError("bad_number", f"{key}: not a whole number", key=key)
        value = int(text)
    if not low <= value <= high:
        raise ExerciseError(
            "bad_number", f"{key}: {value} is not from {low} to {high}", key=key, low=low, high=high
        )
    return value


def _get(answer: Mapping[str, Any], key: str) -> Any:
    if key not in answer:
        raise ExerciseError("missing", f"the answer has no {key!r}", key=key)
    return answer[key]


def _read_card(value: Any, key: str, hand: Sequence[Card]) -> Card:
    if not isinstance(value, str):
        raise ExerciseError("bad_card", f"{key}: not a card", key=key)
    try:
        card = Card.parse(value.strip())
    except CardError:
        raise ExerciseError("bad_card", f"{key}: not a card: {value[:8]!r}", key=key) from None
    if card not in hand:
        raise ExerciseError(
            "not_in_hand", f"{key}: {card.code} is not shown", key=key, card=card.code
        )
    return card


def _read_count(ex: Exercise, answer: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
    given = {"deadwood": _read_int(answer, "deadwood", 0, 999)}
    if answer.get("melds") is None:
        return given, []
    melds = answer["melds"]
    if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
        raise ExerciseError("bad_melds", "melds: not a list of card lists", key="melds")
    used: set[Card] = set()
    groups: list[list[Card]] = []
    for group in melds:
        cards = [_read_card(value, "melds", ex.cards) for value in group]
        arr = best_arrangement(cards, ex.rules) if len(set(cards)) == len(cards) else None
        if arr is None or used & set(cards) or arr.deadwood or len(arr.melds) != 1:
            raise ExerciseError("bad_melds", "melds: not a meld", key="melds", cards=_codes(cards))
        used |= set(cards)
        groups.append(cards)
    rest = [c for c in ex.cards if c not in used]
    values = [ex.rules.card_value(c) for c in rest]
    own = Step(
        "your_melds",
        {
            "melds": [_codes(g) for g in groups],
            "deadwood_cards": _codes(rest),
            "deadwood": sum(values),
        },
    )
    # the reader's melds count only when they leave the least deadwood
    if sum(values) != deadwood(list(ex.cards), ex.rules):
        given["melds_deadwood"] = sum(values)
    return given, [own]


# --------------------------------------------------------------------------- discard


def _discard_options(cards: Sequence[Card], rules: Rules) -> list[tuple[Card, int]]:
    """Every discard with the least deadwood of the ten cards kept."""
    return [(c, deadwood([d for d in cards if d != c], rules)) for c in cards]


def _discard_measure(cards: Sequence[Card], rules: Rules) -> int:
    options = _discard_options(cards, rules)
    least = min(d for _, d in options)
    decoys = sum(1 for _, d in options if least < d <= least + 2)
    kept = best_discards(list(cards), rules)[0].arrangement
    return len(kept.melds) + candidate_arrangements(cards, rules) - 1 + decoys


def _make_discard(rules: Rules, level: int, rng: random.Random) -> dict[str, Any]:
    band = _BANDS["discard"][level]
    for _ in range(_TRIES):
        hand = _structured(rng, level, 11)
        if hand is None or best_discards(hand, rules)[0].discard is None:
            continue
        measure = _discard_measure(hand, rules)
        if band[0] <= measure <= band[1]:
            return {"cards": hand, "measure": measure}
    raise ExerciseError("no_exercise", "no exercise found for this seed")  # pragma: no cover


def _solve_discard(ex: Exercise) -> _Solution:
    choices = best_discards(list(ex.cards), ex.rules)
    options = sorted(_discard_options(ex.cards, ex.rules), key=lambda o: (o[1], o[0].index))
    steps = [
        Step("discards", {"options": [{"card": c.code, "deadwood": d} for c, d in options]}),
        *_arrangement_steps(choices[0].arrangement, ex.rules),
    ]
    accepted = [{"card": d.discard.code} for d in choices if d.discard is not None]
    return _Solution(accepted, steps, _anchor(ex.rules, "deal"))


def _read_discard(ex: Exercise, answer: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
    return {"card": _read_card(_get(answer, "card"), "card", ex.cards).code}, []


# --------------------------------------------------------------------------- go out


def _go_out_values(rules: Rules) -> list[str]:
    """The answers a going-out question offers under these rules."""
    if rules.gin_only:
        return ["gin", "none"]
    return ["go_down" if rules.knock_min_melded else "knock", "gin", "none"]


def _going_value(verdict: GoingOut, rules: Rules) -> str:
    if not verdict.allowed or verdict.kind is None:
        return "none"
    if verdict.kind == "knock" and rules.knock_min_melded:
        return "go_down"
    return verdict.kind


def _go_out_measure(cards: Sequence[Card], rules: Rules, upcard: Card | None) -> int:
    """Arrangement work, plus one for a count near the line (deadwood within 2 of
    the knock limit; under the French rule, melded cards within 1 of the eight, or a
    least count that melds too few), plus one for an upcard that moves the limit."""
    verdict = check_going_out(list(cards), rules, upcard)
    limit = rules.knock_limit(upcard)
    near = 0
    if limit is None:
        needed = rules.knock_min_melded
        near = int(abs(verdict.melded - needed) <= 1)
        near += int(verdict.deadwood != deadwood(list(cards), rules))
    elif limit > 0:
        near = int(abs(verdict.deadwood - limit) <= 2)
    moved = int(limit != rules.knock_max_deadwood)
    return arrangement_work(cards, rules) + near + moved


def _going_hand(rng: random.Random, rules: Rules, level: int, target: str) -> list[Card] | None:
    """Ten cards dealt towards an answer: all melded, most melded with low cards,
    or a hand of the level's shape."""
    if target == "big_gin":  # eleven cards, all melded, no discard
        return _hand(rng, 11, rng.choice(((3, 4, 4), (4, 4, 3), (3, 3, 5), (5, 6))))
    if target == "gin":
        sizes = rng.choice(((3, 3, 4), (4, 3, 3), (3, 4, 3), (5, 5), (3, 3, 4)))
        return _hand(rng, 10, sizes, overlap=level == 3 and rng.random() < 0.3)
    if target in ("knock", "go_down"):
        sizes = rng.choice(((3, 4), (4, 4), (3, 3, 3), (4, 3), (3, 5)))
        if level == 3:
            return _hand(rng, 10, sizes[:1], overlap=True, low=5)
        return _hand(rng, 10, sizes, low=rng.choice((3, 4, 5, 6)))
    return _structured(rng, level, 10)


def _upcard(rng: random.Random, rules: Rules, used: Sequence[Card]) -> Card | None:
    if not rules.upcard_sets_knock_limit:
        return None
    return rng.choice([c for c in CARDS if c not in used])


def _make_go_out(rules: Rules, level: int, rng: random.Random) -> dict[str, Any]:
    band = _BANDS["go_out"][level]
    values = _go_out_values(rules)
    for _ in range(_TRIES):
        hand = _going_hand(rng, rules, level, rng.choice(values))
        if hand is None:
            continue
        upcard = _upcard(rng, rules, hand)
        measure = _go_out_measure(hand, rules, upcard)
        if band[0] <= measure <= band[1]:
            choices = tuple((v, Step(f"go_out_{v}")) for v in values)
            return {"cards": hand, "upcard": upcard, "measure": measure, "choices": choices}
    raise ExerciseError("no_exercise", "no exercise found for this seed")  # pragma: no cover


def _solve_go_out(ex: Exercise) -> _Solution:
    rules = ex.rules
    verdict = check_going_out(list(ex.cards), rules, ex.upcard)
    shown = verdict.arrangement
    if verdict.reason == "too_few_melded":
        # the melds of the most cards melded, the count the verdict compares with the rule
        shown = best_arrangements(list(ex.cards), rules, min_melded=verdict.melded)[0]
    assert shown is not None
    steps = _arrangement_steps(shown, rules)
    limit = verdict.limit
    if ex.upcard is not None and rules.upcard_sets_knock_limit:
        steps.append(Step("upcard_limit", {"upcard": ex.upcard.code, "max": limit}))
    if verdict.deadwood == 0 and verdict.melded == len(ex.cards):
        steps.append(Step("all_melded", {"melded": verdict.melded}))
    elif limit is None:
        steps.append(Step("melded_min", {"melded": verdict.melded, "min": rules.knock_min_melded}))
    else:
        steps.append(Step("knock_max", {"deadwood": verdict.deadwood, "max": limit}))
    value = _going_value(verdict, rules)
    steps.append(Step("going_out", {"choice": value, "reason": verdict.reason}))
    return _Solution([{"choice": value}], steps, _anchor(rules, "going-out"))


def _read_choice(ex: Exercise, answer: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
    value = _get(answer, "choice")
    values = [v for v, _ in ex.choices or ()]
    if value not in values:
        raise ExerciseError(
            "bad_choice", "choice: not one of the choices", key="choice", known=values
        )
    return {"choice": value}, []


# --------------------------------------------------------------------------- showdown


def _layoff_sets(result: ShowdownResult, defender: Sequence[Card], rules: Rules) -> list[int]:
    """Every set of cards (as a mask) the defender may lay off on the spread that
    leaves the least deadwood (:func:`ginrules.showdown._extensions`, as the
    showdown weighs them): the engine's choice and its ties."""
    if not result.layoffs_allowed:
        return [0]
    mask = _hand_mask(list(defender))
    per_meld = [_extensions(meld, mask, rules) for meld in result.spread.melds]
    tables = _tables(rules)
    found: set[int] = set()
    for combo in itertools.product(*per_meld):
        laid = 0
        for part, _ in combo:
            if laid & part:
                break
            laid |= part
        else:
            if _deadwood(mask & ~laid, tables) == result.defender_deadwood:
                found.add(laid)
    return sorted(found, key=lambda m: (m.bit_count(), m))


def _showdown_measure(result: ShowdownResult, defender: Sequence[Card], rules: Rules) -> int:
    """The defender's arrangement work, plus the cards laid off, plus one for each
    laid off only after another (a chain), one for an undercut, one for a doubling."""
    fits = set(layoff_cards(result.spread, rules))
    chained = sum(1 for x in result.layoffs if x.card not in fits)
    return (
        arrangement_work(defender, rules)
        + len(result.layoffs)
        + chained
        + int(result.outcome == "undercut")
        + int(result.multiplier > 1)
    )


def _defender(
    rng: random.Random, rules: Rules, level: int, knocker: Sequence[Card], spread: Arrangement
) -> list[Card] | None:
    """Ten cards for the defender: some that fit the spread (and the next ones
    along a run), a meld or two of the level's shape, random cards."""
    free = [c for c in CARDS if c not in knocker]
    fits = [c for c in layoff_cards(spread, rules) if c in free]
    wanted = rng.sample(fits, min(len(fits), rng.randint(0, level)))
    for card in list(wanted):
        for step in (-1, 1):
            rank = card.rank + step
            nxt = CARDS[card.suit * 13 + rank - 1] if 1 <= rank <= 13 else None
            if nxt in free and nxt not in wanted and rng.random() < 0.3 * level:
                wanted.append(nxt)
    pool = set(free) - set(wanted)
    extra = _hand(rng, 10, [3] if level == 1 else [3, 3], overlap=level == 3) or []
    hand = wanted + [c for c in extra if c in pool][: max(0, 10 - len(wanted) - 3)]
    # low cards at times, so that the defender may undercut
    low = 3 if rng.random() < 0.4 else 13
    rest = [c for c in free if c not in hand and c.rank <= low]
    if len(hand) > 10 or len(rest) < 10 - len(hand):
        return None
    return sorted(hand + rng.sample(rest, 10 - len(hand)))


def _make_showdown(rules: Rules, level: int, rng: random.Random) -> dict[str, Any]:
    band = _BANDS["showdown"][level]
    targets = [v for v in _go_out_values(rules) if v != "none"]
    if rules.big_gin:
        targets.append("big_gin")
    for _ in range(_TRIES):
        knocker = _going_hand(rng, rules, rng.choice((1, 2)), rng.choice(targets))
        if knocker is None:
            continue
        upcard = _upcard(rng, rules, knocker)
        if not check_going_out(knocker, rules, upcard).allowed:
            continue
        spread = best_arrangement(knocker, rules)
        defender = _defender(rng, rules, level, knocker, spread)
        if defender is None or upcard in defender:
            continue
        result = showdown(knocker, defender, rules, upcard)
        measure = _showdown_measure(result, defender, rules)
        if band[0] <= measure <= band[1]:
            return {
                "cards": knocker,
                "upcard": upcard,
                "measure": measure,
                "knocker": _codes(knocker),
                "defender": _codes(defender),
                "spread": [_codes(m.cards) for m in result.spread.melds],
            }
    raise ExerciseError("no_exercise", "no exercise found for this seed")  # pragma: no cover


def _showdown_of(ex: Exercise) -> tuple[ShowdownResult, list[Card]]:
    defender = [Card.parse(c) for c in ex.extra["defender"]]
    spread = ex.extra["spread"]
    return showdown(list(ex.cards), defender, ex.rules, ex.upcard, spread), defender


def _solve_showdown(ex: Exercise) -> _Solution:
    rules = ex.rules
    result, defender = _showdown_of(ex)
    sets = _layoff_sets(result, defender, rules)
    accepted = [
        {"layoffs": _codes(_cards_of(m)), "points": result.points, "winner": result.winner}
        for m in sets
    ]
    steps = _arrangement_steps(result.spread, rules, "spread")
    if not result.layoffs_allowed:
        steps.append(Step("no_layoffs", {"outcome": result.outcome}))
    grown = {i: list(meld.cards) for i, meld in enumerate(result.spread.melds)}
    for layoff in result.layoffs:  # each on its meld as the lay-offs before it left it
        meld = grown[layoff.meld_index]
        steps.append(Step("layoff", {"card": layoff.card.code, "meld": _codes(meld)}))
        grown[layoff.meld_index] = list(_melded(_mask_of([*meld, layoff.card]))[1].cards)
    values = [rules.card_value(c) for c in result.defender_unmatched]
    steps.append(
        Step(
            "defender_melds",
            {
                "melds": [_codes(m.cards) for m in result.defender_melds],
                "deadwood_cards": _codes(result.defender_unmatched),
                "deadwood": result.defender_deadwood,
            },
        )
    )
    steps.append(
        Step(
            "sum",
            {"cards": _codes(result.defender_unmatched), "values": values, "total": sum(values)},
        )
    )
    steps.append(
        Step(
            "score",
            {
                "outcome": result.outcome,
                "winner": result.winner,
                "knocker_deadwood": result.knocker_deadwood,
                "defender_deadwood": result.defender_deadwood,
                "terms": [t.to_dict() for t in result.terms],
                "points": result.points,
            },
        )
    )
    section = "layoffs" if result.layoffs or result.outcome == "undercut" else "deal-scoring"
    return _Solution(accepted, steps, _anchor(rules, section))


def _cards_of(mask: int) -> list[Card]:
    return [c for c in CARDS if mask >> c.index & 1]


def _read_showdown(ex: Exercise, answer: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
    given = _get(answer, "layoffs")
    if not isinstance(given, list):
        raise ExerciseError("bad_card", "layoffs: not a list of cards", key="layoffs")
    defender = [Card.parse(c) for c in ex.extra["defender"]]
    cards = {_read_card(value, "layoffs", defender) for value in given}
    points = _read_int(answer, "points", 0, 9999)
    winner = _get(answer, "winner")
    if winner not in ("knocker", "defender"):
        raise ExerciseError(
            "bad_choice", "winner: knocker or defender", key="winner", known=["knocker", "defender"]
        )
    laid = sorted(cards, key=lambda c: c.index)
    return {"layoffs": _codes(laid), "points": points, "winner": winner}, []


# --------------------------------------------------------------------------- stock end

_STOCK_VALUES: Final = ("continue", "dead", "reshuffle")


def _stock_deal(rules: Rules, rng: random.Random) -> tuple[Deal, list[tuple[int, str]]]:
    """A deal played by random moves (nobody goes out) until the stock ends it
    (dead) or is rebuilt (reshuffle): the deal, and each discard's move index with
    what followed it."""
    deal = Deal.new(rules, seed=rng.randrange(2**31), dealer=rng.randrange(2))
    deal.apply(Pass())
    deal.apply(Pass())
    turns: list[tuple[int, str]] = []
    while True:
        if deal.phase == "draw":
            take = rng.random() < 0.25 and DrawDiscard() in deal.legal_actions()
            deal.apply(DrawDiscard() if take else DrawStock())
            continue
        hand = [c for c in deal.hands[deal.current] if c is not deal.taken]
        before = len(deal.log)
        deal.apply(Discard(rng.choice(hand)))
        events = [e.get("event") for e in deal.log[before:]]
        outcome = "dead" if deal.over else "reshuffle" if "reshuffle" in events else "continue"
        turns.append((len(deal.moves) - 1, outcome))
        if outcome != "continue":
            return deal, turns


def _make_stock_end(rules: Rules, level: int, rng: random.Random) -> dict[str, Any]:
    deal, turns = _stock_deal(rules, rng)
    last = len(turns) - 1 if rng.random() < 0.5 else len(turns) - 1 - rng.randint(1, 2)
    width = {1: 1, 2: rng.randint(2, 3), 3: rng.randint(4, 6)}[level]
    first = turns[last - width][0] + 1 if last >= width else 2  # after the two passes
    end = turns[last][0]
    start = replay(deal.moves[:first], deal.seed, rules, deal.dealer)
    before = replay(deal.moves[:end], deal.seed, rules, deal.dealer)
    shown = []
    for entry in deal.log[len(start.log) : len(before.log) + 1]:
        if "event" in entry:
            continue
        code = entry["type"]
        card = None if code == "draw_stock" else entry.get("card")
        shown.append({"player": "AB"[entry["player"]], "code": code, "card": card})
    choices = tuple((v, Step(f"stock_{v}")) for v in _STOCK_VALUES)
    return {
        "cards": sorted(before.hands[before.current]),
        "measure": len(shown),
        "choices": choices,
        "stock_left": len(start.stock),
        "moves": shown,
        "_deal": {"seed": deal.seed, "dealer": deal.dealer, "moves": deal.moves[: end + 1]},
    }


def _solve_stock_end(ex: Exercise) -> _Solution:
    rules = ex.rules
    data = ex.private["_deal"]
    deal = replay(data["moves"][:-1], data["seed"], rules, data["dealer"])
    left = len(deal.stock)
    draws = sum(1 for m in ex.extra["moves"] if m["code"] == "draw_stock")
    before = len(deal.log)
    deal.apply(data["moves"][-1])
    events = [e.get("event") for e in deal.log[before:]]
    value = "dead" if deal.over else "reshuffle" if "reshuffle" in events else "continue"
    rule: dict[str, Any] = {"rule": rules.stock_end, "left": left}
    if rules.stock_end == "dead_hand":
        rule["cards"] = rules.dead_hand_cards
    steps = [
        Step("stock_count", {"start": ex.extra["stock_left"], "draws": draws, "left": left}),
        Step("stock_rule", rule),
        Step("stock_result", {"choice": value, "stock": len(deal.stock)}),
    ]
    return _Solution([{"choice": value}], steps, _anchor(rules, "stock"))


# --------------------------------------------------------------------------- sheet


def _sheet_scheme(rules: Rules, level: int, rng: random.Random) -> str:
    offered = schemes(rules)
    if "manche" in offered:
        return "partie" if level == 3 and rng.random() < 0.5 else "manche"
    return "hollywood" if level == HOLLYWOOD_LEVEL and "hollywood" in offered else "game"


def _sheet_entry(rng: random.Random, rules: Rules) -> str:
    if rng.random() < 0.08:
        return "dead"
    outcomes = entry_outcomes(rules)
    word = rng.choice(list(outcomes))
    low, high = points_range(rules, outcomes[word])
    extra = {"knock": rng.randint(0, 24), "undercut": rng.randint(0, 9)}.get(
        outcomes[word], rng.randint(4, 60)
    )
    return f"{rng.choice('AB')} {min(high, low + extra)} {word}"


def _make_sheet(rules: Rules, level: int, rng: random.Random) -> dict[str, Any]:
    band = _BANDS["sheet"][level]
    for _ in range(_TRIES):
        scheme = _sheet_scheme(rules, level, rng)
        sheet = new_sheet(rules, scheme)
        entries: list[str] = []
        want = {1: rng.randint(2, 3), 2: rng.randint(3, 8), 3: rng.randint(5, 14)}[level]
        while len(entries) < want and not sheet.over:
            entry = _sheet_entry(rng, rules)
            entries.append(entry)
            sheet.record(parse_entries(entry, rules)[0])
        if band[0] <= len(sheet.rows) <= band[1]:
            deals = []
            for entry in entries:
                words = entry.split()
                if words == ["dead"]:
                    deals.append({"player": None, "points": 0, "outcome": "dead"})
                else:
                    deals.append({"player": words[0], "points": int(words[1]), "outcome": words[2]})
            made: dict[str, Any] = {
                "cards": [],
                "measure": len(sheet.rows),
                "scheme": scheme,
                "target": getattr(sheet, "target", None),
                "deals": deals,
                "_entries": "; ".join(entries),
            }
            if scheme == "hollywood" and not sheet.over:
                # three games that stand apart: the question is one game's lead (their
                # sum is the score of nothing until the match is over)
                scored = [g.number for g in sheet.standing() if any(g.totals)]
                game = rng.choice(scored) if scored else 1
                made["game"] = game
                made["question"] = Step("sheet_leader_game", {"game": game})
            return made
    raise ExerciseError("no_exercise", "no exercise found for this seed")  # pragma: no cover


def _solve_sheet(ex: Exercise) -> _Solution:
    rules = ex.rules
    sheet = score_sheet_report(rules, ex.extra["scheme"], ex.private["_entries"])
    steps = []
    hollywood = ex.extra["scheme"] == "hollywood"
    for row in sheet["rows"]:
        player = row["player"]
        row = {**row, "player": None if player is None else "AB"[player]}
        if not hollywood:
            steps.append(Step("row", row))
        elif row["kind"] != "entered":
            # Hollywood: one line per deal and game, naming both, with that game's totals
            # (a win's "entered in games 1, 2" is said by the lines of those games)
            rest = {k: v for k, v in row.items() if k not in ("deal", "game", "totals")}
            last = steps[-1].args if steps and steps[-1].code == "game_rows" else None
            if last is not None and (last["deal"], last["game"]) == (row["deal"], row["game"]):
                last["rows"].append(rest)
                last["totals"] = row["totals"]
            else:
                args = {"deal": row["deal"], "game": row["game"], "rows": [rest]}
                steps.append(Step("game_rows", {**args, "totals": row["totals"]}))
    game = ex.extra.get("game")
    if game is None:
        a, b = sheet["totals"]
        lead = {"totals": [a, b]}
    else:
        # a Hollywood match under way: the lead in the game asked about
        a, b = next(g["totals"] for g in sheet["standing"] if g["number"] == game)
        lead = {"game": game, "totals": [a, b]}
    leader = "A" if a > b else "B" if b > a else "none"
    code = "lead" if game is None else "game_lead"
    steps.append(Step(code, {**lead, "leader": leader, "lead": abs(a - b)}))
    page = "hollywood" if ex.extra["scheme"] == "hollywood" else _PAGES[rules.name]
    return _Solution([{"leader": leader, "lead": abs(a - b)}], steps, f"{page}-game-scoring")


def _read_sheet(ex: Exercise, answer: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
    leader = _get(answer, "leader")
    if leader not in ("A", "B", "none"):
        raise ExerciseError(
            "bad_choice", "leader: A, B or none", key="leader", known=["A", "B", "none"]
        )
    return {"leader": leader, "lead": _read_int(answer, "lead", 0, 99999)}, []


# --------------------------------------------------------------------------- the kinds


@dataclass(frozen=True)
class _Kind:
    make: Callable[[Rules, int, random.Random], dict[str, Any]]
    solve: Callable[[Exercise], _Solution]
    read: Callable[[Exercise, Mapping[str, Any]], tuple[dict[str, Any], list[Step]]]
    question: str
    form: str


_KINDS: Final[dict[str, _Kind]] = {
    "count": _Kind(_make_count, _solve_count, _read_count, "count_deadwood", "number"),
    "discard": _Kind(_make_discard, _solve_discard, _read_discard, "best_discard", "card"),
    "go_out": _Kind(_make_go_out, _solve_go_out, _read_choice, "may_go_out", "choice"),
    "showdown": _Kind(
        _make_showdown, _solve_showdown, _read_showdown, "settle_showdown", "layoffs+points+winner"
    ),
    "stock_end": _Kind(_make_stock_end, _solve_stock_end, _read_choice, "stock_end", "choice"),
    "sheet": _Kind(_make_sheet, _solve_sheet, _read_sheet, "sheet_leader", "leader+number"),
}


def kinds_for(rules: Rules | str) -> tuple[str, ...]:
    """The kinds of exercise that apply to a preset: every kind applies to every
    preset (Straight Gin's showdowns have no lay-offs, its going out is gin or
    nothing; every variant's stock ends by its own rule)."""
    _preset(rules)
    return tuple(k for k in KINDS if k in _KINDS)


def _preset(rules: Rules | str) -> Rules:
    if isinstance(rules, str):
        try:
            rules = find_variant(rules)
        except GinRulesError:
            rules = None  # type: ignore[assignment]
    if not isinstance(rules, Rules) or PRESETS.get(rules.name) != rules:
        name = rules.name if isinstance(rules, Rules) else "?"
        raise ExerciseError(
            "unknown_variant", f"no exercises for the variant {name!r}", known=list(PRESETS)
        )
    return rules


def make_exercise(rules: Rules | str, kind: str, level: int, seed: int) -> Exercise:
    """The exercise of ``kind`` at ``level`` (:data:`LEVELS`) for a preset, dealt
    from ``seed`` (0 to :data:`MAX_SEED`): the same arguments give the same
    exercise.

    :raises ExerciseError: ``unknown_variant`` (not a preset), ``unknown_kind``,
        ``unknown_level`` or ``bad_seed``.
    """
    preset = _preset(rules)
    if kind not in _KINDS:
        raise ExerciseError(
            "unknown_kind", f"unknown kind: {kind!r}", known=list(kinds_for(preset))
        )
    if isinstance(level, bool) or level not in LEVELS:
        raise ExerciseError("unknown_level", f"unknown level: {level!r}", known=list(LEVELS))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ExerciseError("bad_seed", f"a seed is a whole number from 0 to {MAX_SEED}")
    spec = _KINDS[kind]
    rng = random.Random(f"ginrules-exercise/{preset.name}/{kind}/{level}/{seed}")
    made = spec.make(preset, level, rng)
    private = {k: made.pop(k) for k in [k for k in made if k.startswith("_")]}
    return Exercise(
        rules=preset,
        kind=kind,
        level=level,
        seed=seed,
        cards=tuple(made.pop("cards")),
        upcard=made.pop("upcard", None),
        question=made.pop("question", Step(spec.question)),
        answer_form=spec.form,
        choices=made.pop("choices", None),
        measure=float(made.pop("measure")),
        extra=made,
        private=private,
    )


def check_answer(exercise: Exercise, answer: Mapping[str, Any]) -> Verdict:
    """The engine's verdict on ``answer`` (a dict, as the page sends it).

    :raises ExerciseError: for an answer that cannot be read (see its reasons).
    """
    if not isinstance(answer, Mapping):
        raise ExerciseError("bad_answer", "an answer is a dict")
    spec = _KINDS[exercise.kind]
    given, own = spec.read(exercise, answer)
    # the solution depends on the exercise alone: worked out once
    solution = exercise.private.get("_solution")
    if not isinstance(solution, _Solution):
        solution = exercise.private["_solution"] = spec.solve(exercise)
    return Verdict(
        given in solution.accepted, solution.accepted, own + solution.steps, solution.rule
    )


def difficulty(exercise: Exercise) -> float:
    """The measure the levels grow by, for this exercise's kind (see the module)."""
    return exercise.measure
