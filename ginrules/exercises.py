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

Answers are dicts (JSON from the page); a malformed one raises
:class:`ExerciseError` with a ``reason`` code. A :class:`Verdict` lists every
accepted answer and the worked solution as steps: codes with their numbers, no
English sentence, each number the engine's (the page says them in the reader's
language).

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

>>> exercise = make_exercise("standard", "count", 1, 7)
>>> exercise == make_exercise("standard", "count", 1, 7)
True
>>> right = check_answer(exercise, check_answer(exercise, {"deadwood": 0}).accepted[0])
>>> right.right, difficulty(exercise)
(True, 1.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ginrules.cards import CARDS, Card
from ginrules.errors import CardError, GinRulesError
from ginrules.melds import (
    Arrangement,
    _hand_mask,
    _rows,
    _tables,
    best_arrangement,
    best_arrangements,
    best_discards,
    deadwood,
)
from ginrules.rules import PRESETS, Rules, find_variant

__all__ = [
    "KINDS",
    "LEVELS",
    "MAX_SEED",
    "Exercise",
    "ExerciseError",
    "Step",
    "Verdict",
    "check_answer",
    "difficulty",
    "kinds_for",
    "make_exercise",
]

KINDS: Final[tuple[str, ...]] = ("count", "discard", "go_out", "showdown", "stock_end", "sheet")
LEVELS: Final[tuple[int, ...]] = (1, 2, 3)
MAX_SEED: Final = 2**53 - 1
"""The largest seed (a share link's number stays exact in JavaScript)."""

_TRIES: Final = 5000
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
    band = {1: (1, 1), 2: (2, 3), 3: (4, 99)}[level]
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
    band = {1: (0, 2), 2: (3, 4), 3: (5, 99)}[level]
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
}


def kinds_for(rules: Rules | str) -> tuple[str, ...]:
    """The kinds of exercise that apply to a preset (every kind built so far
    applies to every preset)."""
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
    )


def check_answer(exercise: Exercise, answer: Mapping[str, Any]) -> Verdict:
    """The engine's verdict on ``answer`` (a dict, as the page sends it).

    :raises ExerciseError: for an answer that cannot be read (see its reasons).
    """
    if not isinstance(answer, Mapping):
        raise ExerciseError("bad_answer", "an answer is a dict")
    spec = _KINDS[exercise.kind]
    given, own = spec.read(exercise, answer)
    solution = spec.solve(exercise)
    return Verdict(
        given in solution.accepted, solution.accepted, own + solution.steps, solution.rule
    )


def difficulty(exercise: Exercise) -> float:
    """The measure the levels grow by, for this exercise's kind (see the module)."""
    return exercise.measure
