"""Score sheet entries as players write them: ``A 25 knock; dead; B 31 big_gin``.

One entry per deal: the player who scores (``A`` or ``B``), the points, and how
the deal ended in the words of the rules (:func:`~ginrules.match.entry_outcomes`:
``going_down``, ``petit_gin``, ``grand_gin`` under the French rules), or
``dead``. Entries are separated by ``;`` or new lines. Used by ``ginrules score``
and by the score sheet widget, so both accept and refuse the same entries.

An entry that no deal can produce is refused with its reason
(:class:`ImpossibleEntryError`): an outcome the rules do not have, fewer points
than the outcome's bonus (a gin below the gin bonus, an undercut below the
undercut bonus), or more than a deal can score.

>>> from ginrules.rules import FRENCH
>>> [r.outcome for r in parse_entries("A 40 petit_gin; dead; B 22 undercut", FRENCH)]
['gin', 'dead', 'undercut']
>>> sheet = fill_sheet(FRENCH, "partie", parse_entries("A 110 going_down", FRENCH))
>>> sheet["scheme"], sheet["totals"], sheet["rows"][0]["detail"]["entry"]
('partie', [110, 0], 'going_down')
"""

from __future__ import annotations

from typing import Any

from ginrules.cards import CARDS
from ginrules.deal import DealResult, Outcome
from ginrules.errors import GinRulesError
from ginrules.match import (
    MatchOverError,
    ScoreSheet,
    entry_outcomes,
    outcome_entry,
    score_sheet,
)
from ginrules.melds import best_arrangement
from ginrules.rules import Rules

__all__ = [
    "MAX_DEALS",
    "SCHEMES",
    "BadEntryError",
    "BadPointsError",
    "BadSchemeError",
    "DealAfterEndError",
    "ImpossibleEntryError",
    "deal_result",
    "entry_text",
    "fill_sheet",
    "new_sheet",
    "parse_entries",
    "points_range",
    "schemes",
]

SCHEMES = ("one_deal", "game100", "game250", "hollywood", "manche", "partie")
"""The scoring methods a sheet may be asked for (``game`` and ``one-deal`` too)."""
MAX_DEALS = 200
MAX_POINTS = 9999


class BadEntryError(GinRulesError):
    """An entry that is not ``A 25 knock``, ``B 31 big_gin`` or ``dead``."""

    code = "bad_entry"

    def __init__(self, entry: str) -> None:
        super().__init__(f"not a deal result: {entry!r}", entry=entry[:40])


class BadPointsError(GinRulesError):
    """Points that are not a whole number from 0 to 9999."""

    code = "bad_points"

    def __init__(self, points: str, entry: str = "") -> None:
        where = f"{entry}: " if entry else ""
        super().__init__(f"{where}not a score: {points!r}", points=points[:40])


class BadSchemeError(GinRulesError):
    """A scoring method that these rules' sheet does not offer."""

    code = "bad_scheme"

    def __init__(self, scheme: str) -> None:
        super().__init__(f"unknown scoring scheme: {scheme!r}", scheme=scheme[:40])


class DealAfterEndError(GinRulesError):
    """A deal entered after the match ended (the engine's ``MatchOverError``)."""

    code = "match_over"

    def __init__(self, deal: int, entry: str = "") -> None:
        where = f"{entry}: " if entry else ""
        super().__init__(f"{where}the match is over before deal {deal}", deal=deal)


class ImpossibleEntryError(GinRulesError):
    """An entry that no deal under these rules can produce; ``reason`` says why:
    ``outcome`` (not an outcome of these rules: ``outcomes`` lists them),
    ``too_few`` (below ``minimum``, the outcome's bonus) or ``too_many`` (above
    ``maximum``, the most that outcome can score)."""

    code = "impossible_entry"

    def __init__(self, reason: str, message: str, entry: str, **params: Any) -> None:
        super().__init__(f"{entry}: {message}", reason=reason, entry=entry[:40], **params)
        self.reason = reason


def _highest(rules: Rules, count: int) -> list[int]:
    return sorted((rules.card_value(c) for c in CARDS), reverse=True)[:count]


def _max_deadwood(rules: Rules) -> int:
    """The most deadwood ten cards can hold: two cards of each of the five highest
    ranks, the suits alternating so that no three make a run (checked)."""
    ranks = sorted(range(1, 14), key=lambda r: -rules.card_value(CARDS[r - 1]))[:5]
    by_rank = sorted(ranks)
    hand = [
        CARDS[suit * 13 + rank - 1]
        for i, rank in enumerate(by_rank)
        for suit in ((0, 1) if i % 2 == 0 else (2, 3))
    ]
    return best_arrangement(hand, rules).deadwood


def points_range(rules: Rules, outcome: Outcome) -> tuple[int, int]:
    """The fewest and the most points one deal can score with ``outcome``.

    The fewest: the outcome's bonus (1 for a knock, which must leave less
    deadwood than the opponent's). The most: the opponent's deadwood at most (ten
    cards that meld nothing), plus the bonus; an undercut's difference is at most
    the knocker's deadwood. A spade upcard may double it (``spade_doubling``).

    >>> from ginrules.rules import STANDARD
    >>> points_range(STANDARD, "gin"), points_range(STANDARD, "undercut")
    ((25, 123), (25, 35))
    """
    bonus = {
        "knock": 0,
        "undercut": rules.undercut_bonus,
        "gin": rules.gin_bonus,
        "big_gin": rules.big_gin_bonus,
    }.get(outcome, 0)
    if outcome == "undercut":
        limit = rules.knock_max_deadwood
        base = sum(_highest(rules, 10 - rules.knock_min_melded)) if limit is None else limit
    else:
        base = _max_deadwood(rules)
    most = base + bonus
    if rules.spade_doubling == "all":
        most *= 2
    elif rules.spade_doubling == "bonuses":
        most += bonus
    return (bonus or 1, most)


def deal_result(winner: str, points: str, outcome: str, rules: Rules) -> DealResult:
    """One deal's result from an entry's three words (winner ``A``, ``B`` or
    ``dead``); the going-out player follows from the outcome (the undercut defender
    scores, the knocker went out).

    :raises BadEntryError: for a winner other than A, B or dead.
    :raises BadPointsError: for points that are not a whole number 0-9999.
    :raises ImpossibleEntryError: for an entry no deal can produce.
    """
    if winner.strip().lower() == "dead":
        return DealResult("dead", None, 0, None, None, 0, 0)
    seat = {"a": 0, "b": 1}.get(winner.strip().lower())
    entry = f"{winner} {points} {outcome}"
    if seat is None:
        raise BadEntryError(entry)
    text = points.strip()
    if not text.isascii() or not text.isdigit() or int(text) > MAX_POINTS:
        raise BadPointsError(text, entry)
    word = outcome.strip().lower().replace("-", "_")
    outcomes = entry_outcomes(rules)
    if word not in outcomes:
        raise ImpossibleEntryError(
            "outcome",
            f"{outcome!r} is not an outcome of the {rules.name} rules ({', '.join(outcomes)})",
            entry,
            outcome=outcome[:40],
            outcomes=list(outcomes),
        )
    kind = outcomes[word]
    fewest, most = points_range(rules, kind)
    value = int(text)
    if value < fewest:
        raise ImpossibleEntryError(
            "too_few", f"{word} scores at least {fewest}", entry, outcome=word, minimum=fewest
        )
    if value > most:
        raise ImpossibleEntryError(
            "too_many", f"{word} scores at most {most}", entry, outcome=word, maximum=most
        )
    going_out = 1 - seat if kind == "undercut" else seat
    return DealResult(kind, seat, value, going_out, None, 0, 0)


def entry_text(result: DealResult, rules: Rules) -> str:
    """The entry as written in a share text: ``A 25 knock`` or ``dead``."""
    if result.winner is None:
        return "dead"
    return f"{'AB'[result.winner]} {result.points} {outcome_entry(rules, result.outcome)}"


def parse_entries(text: str, rules: Rules) -> list[DealResult]:
    """Deal results separated by ``;`` or new lines: ``A 25 knock; B 37 gin; dead``.

    :raises BadEntryError: for an entry that is not three words or ``dead``, or
        more than ``MAX_DEALS`` entries; and as :func:`deal_result`.
    """
    results: list[DealResult] = []
    for entry in text.replace("\n", ";").split(";"):
        tokens = entry.split()
        if not tokens:
            continue
        if len(tokens) == 1 and tokens[0].lower() == "dead":
            results.append(deal_result("dead", "", "", rules))
        elif len(tokens) == 3:
            results.append(deal_result(tokens[0], tokens[1], tokens[2], rules))
        else:
            raise BadEntryError(entry.strip())
        if len(results) > MAX_DEALS:
            raise BadEntryError(entry.strip())
    return results


def schemes(rules: Rules) -> list[str]:
    """The scoring methods offered under ``rules`` (``SCHEMES`` names): manche and
    partie where ``rules.match_scoring`` is ``"manche"``, else one deal, a game to
    100 or 250 and Hollywood."""
    if rules.match_scoring == "manche":
        return ["manche", "partie"]
    return ["one_deal", "game100", "game250", "hollywood"]


def new_sheet(rules: Rules, scheme: str, target: int | None = None) -> ScoreSheet:
    """The engine's sheet for a scoring method: one of :func:`schemes`, or ``game``
    (to ``target``) and ``one-deal``. A partie is three manches.

    :raises BadSchemeError: for a method these rules do not offer.
    """
    name = scheme.replace("-", "_")
    if name == "game":
        name = "game250" if (target or rules.game_target) == 250 else "game100"
    if name not in schemes(rules):
        raise BadSchemeError(scheme)
    if name.startswith("game"):
        return score_sheet(rules, "game", target or int(name[4:]))
    return score_sheet(rules, name, target)  # type: ignore[arg-type]


def fill_sheet(
    rules: Rules, scheme: str, results: list[DealResult], target: int | None = None
) -> dict[str, Any]:
    """Record ``results`` in turn on a new sheet: its ``to_dict()``, the entries as
    text and the scheme asked for (``widget_scheme``).

    :raises DealAfterEndError: for a deal entered after the match ended.
    """
    sheet = new_sheet(rules, scheme, target)
    for number, result in enumerate(results, 1):
        try:
            sheet.record(result)
        except MatchOverError as error:
            raise DealAfterEndError(number, entry_text(result, rules)) from error
    data = sheet.to_dict()
    data["entries"] = [entry_text(r, rules) for r in results]
    data["widget_scheme"] = scheme
    return data
