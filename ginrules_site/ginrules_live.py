"""The calls that the live widgets make to the engine, JSON in and JSON out.

This module runs inside Pyodide in the page's Web Worker (copied there as
``ginrules_live.py`` by ``tools/pyodide_runtime.py``) and under CPython in the
tests, so both give the same answers. It holds no rules logic: it reads the
arguments, calls ``ginrules`` and returns the engine's own ``to_dict()`` data.
Engine errors come back as ``{"ok": false, "error": error.to_dict()}`` so that
the page can say them in the reader's language. Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ginrules
from ginrules import Card, GinRulesError, Rules, find_variant, parse_hand
from ginrules.deal import Deal, DealResult
from ginrules.going_out import check_going_out
from ginrules.match import MatchOverError, ScoreSheet, score_sheet
from ginrules.melds import best_arrangement, best_discards
from ginrules.players import GoodPlayer, Player, RandomPlayer, play_turn
from ginrules.showdown import showdown

VERSION = ginrules.__version__

Handler = Callable[[dict[str, Any]], Any]
HANDLERS: dict[str, Handler] = {}


class BadCallError(GinRulesError):
    """A call that no widget should make: unknown name or malformed arguments."""

    code = "bad_call"

    def __init__(self, detail: str) -> None:
        super().__init__(f"bad call: {detail}", detail=detail)


class BadSeedError(GinRulesError):
    """A deal number that is not a whole number."""

    code = "bad_seed"

    def __init__(self, seed: str) -> None:
        super().__init__(f"not a deal number: {seed!r}", seed=seed)


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(function: Handler) -> Handler:
        HANDLERS[name] = function
        return function

    return register


def _text(args: dict[str, Any], key: str, default: str | None = None) -> str:
    value = args.get(key, default)
    if not isinstance(value, str):
        raise BadCallError(f"{key} must be a string")
    return value


@handler("version")
def _version(args: dict[str, Any]) -> Any:
    return {"version": VERSION}


@handler("parse")
def _parse(args: dict[str, Any]) -> Any:
    """Canonical codes of a hand; ``sizes`` optional."""
    sizes = args.get("sizes")
    cards = parse_hand(_text(args, "cards"), sizes=sizes)
    return {"cards": [c.code for c in cards]}


def _rules(args: dict[str, Any]) -> Rules:
    return find_variant(_text(args, "variant", "standard"))


def _upcard(args: dict[str, Any]) -> Card | None:
    text = _text(args, "upcard", "").strip()
    return Card.parse(text) if text else None


def _values(cards: list[str], rules: Rules) -> dict[str, int]:
    return {code: rules.card_value(Card.parse(code)) for code in cards}


@handler("melds")
def _melds(args: dict[str, Any]) -> Any:
    """Meld finder: as the build-time ``gin-hand`` example, for 1 to 11 cards.

    For 11 cards: every best discard, the arrangement kept after the first, and
    whether that hand may go out; for 10: the arrangement and going out.
    """
    rules = _rules(args)
    cards = parse_hand(_text(args, "cards"), sizes=range(1, 12))
    upcard = _upcard(args)
    result: dict[str, Any] = {"cards": [c.code for c in cards], "variant": rules.name}
    if upcard is not None:
        result["upcard"] = upcard.code
    kept = cards
    if len(cards) == 11:
        choices = best_discards(cards, rules)
        arrangement = choices[0].arrangement
        result["discards"] = [d.discard.code for d in choices if d.discard is not None]
        if choices[0].discard is not None:
            kept = [c for c in cards if c is not choices[0].discard]
    else:
        arrangement = best_arrangement(cards, rules)
    result["arrangement"] = arrangement.to_dict()
    result["values"] = _values(result["arrangement"]["unmatched"], rules)
    if len(kept) >= 10:
        result["going_out"] = check_going_out(kept, rules, upcard).to_dict()
    return result


@handler("showdown")
def _showdown(args: dict[str, Any]) -> Any:
    """Showdown: as the build-time ``gin-showdown`` example."""
    rules = _rules(args)
    knocker = parse_hand(_text(args, "knocker"), sizes=(10, 11))
    defender = parse_hand(_text(args, "defender"), sizes=(10,))
    upcard = _upcard(args)
    result = showdown(knocker, defender, rules, upcard).to_dict()
    if upcard is not None:
        result["upcard"] = {
            "code": upcard.code,
            "knock_limit": rules.knock_limit(upcard) if rules.upcard_sets_knock_limit else None,
            "multiplier": rules.score_multiplier(upcard),
        }
    return result


@handler("stock")
def _stock(args: dict[str, Any]) -> Any:
    """A seeded deal played by two computer players to its end, with its whole log.

    The players are those of the build-time ``gin-deal-log``: ``good``
    (``GoodPlayer``) or ``random`` (``RandomPlayer`` that goes out when it can).
    """
    rules = _rules(args)
    seed_text = str(args.get("seed", "")).strip()
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise BadSeedError(seed_text)
    seed = int(seed_text)
    kind = _text(args, "players", "random")
    players: tuple[Player, Player]
    if kind == "good":
        players = (GoodPlayer(seed), GoodPlayer(seed + 1))
    else:
        players = (RandomPlayer(seed, go_out=True), RandomPlayer(seed + 1, go_out=True))
    deal = Deal.new(rules, seed=seed, dealer=0)
    dealt = [[c.code for c in sorted(hand)] for hand in deal.hands]
    upcard = deal.upcard.code
    stock_after: list[int] = []
    while deal.result is None:
        play_turn(deal, players)
        new = deal.log[len(stock_after) :]
        count = -1 if any("event" in e for e in new) else len(deal.stock)
        stock_after.extend([count] * len(new))
    assert deal.result is not None
    return {
        "seed": seed,
        "dealer": 0,
        "dealt": dealt,
        "upcard": upcard,
        "log": deal.log,
        "stock_after": stock_after,
        "result": deal.result.to_dict(),
        "show_upcard": rules.upcard_sets_knock_limit or rules.spade_doubling != "none",
    }


# --- score sheet ---------------------------------------------------------------------

SCHEMES = ("game100", "game250", "hollywood", "manche")
OUTCOMES = ("knock", "undercut", "gin", "big_gin")
MAX_DEALS = 200
MAX_POINTS = 9999


class BadEntryError(GinRulesError):
    """A score sheet entry that is not ``A 25 knock``, ``B 31 big_gin`` or ``dead``."""

    code = "bad_entry"

    def __init__(self, entry: str) -> None:
        super().__init__(f"not a deal result: {entry!r}", entry=entry[:40])


class BadPointsError(GinRulesError):
    """Points that are not a whole number from 0 to ``MAX_POINTS``."""

    code = "bad_points"

    def __init__(self, points: str) -> None:
        super().__init__(f"not a score: {points!r}", points=points[:40])


class BadSchemeError(GinRulesError):
    """A scoring scheme the score sheet widget does not offer."""

    code = "bad_scheme"

    def __init__(self, scheme: str) -> None:
        super().__init__(f"unknown scoring scheme: {scheme!r}", scheme=scheme[:40])


class DealAfterEndError(GinRulesError):
    """A deal entered after the match ended (the engine's ``MatchOverError``)."""

    code = "match_over"

    def __init__(self, deal: int) -> None:
        super().__init__(f"the match is over before deal {deal}", deal=deal)


def deal_result(winner: str, points: str, outcome: str) -> DealResult:
    """One deal's result from the three inputs of the widget (winner ``A``, ``B`` or
    ``dead``); the going-out player follows from the outcome (the undercut defender
    scores, the knocker went out)."""
    if winner.strip().lower() == "dead":
        return DealResult("dead", None, 0, None, None, 0, 0)
    seat = {"a": 0, "b": 1}.get(winner.strip().lower())
    kind = outcome.strip().lower().replace("-", "_")
    if seat is None or kind not in OUTCOMES:
        raise BadEntryError(f"{winner} {points} {outcome}")
    text = points.strip()
    if not text.isascii() or not text.isdigit() or int(text) > MAX_POINTS:
        raise BadPointsError(text)
    going_out = 1 - seat if kind == "undercut" else seat
    return DealResult(kind, seat, int(text), going_out, None, 0, 0)  # type: ignore[arg-type]


def entry_text(result: DealResult) -> str:
    """The entry as written in the widget's state: ``A 25 knock`` or ``dead``."""
    if result.winner is None:
        return "dead"
    return f"{'AB'[result.winner]} {result.points} {result.outcome}"


def parse_entries(text: str) -> list[DealResult]:
    """Deal results separated by ``;``: ``A 25 knock; B 37 gin; dead``."""
    results: list[DealResult] = []
    for entry in text.split(";"):
        tokens = entry.split()
        if not tokens:
            continue
        if len(tokens) == 1 and tokens[0].lower() == "dead":
            results.append(deal_result("dead", "", ""))
        elif len(tokens) == 3:
            results.append(deal_result(*tokens))
        else:
            raise BadEntryError(entry.strip())
        if len(results) > MAX_DEALS:
            raise BadEntryError(entry.strip())
    return results


def new_sheet(rules: Rules, scheme: str) -> ScoreSheet:
    """The engine's sheet for one of the widget's schemes (``SCHEMES``)."""
    if scheme == "game100":
        return score_sheet(rules, "game", 100)
    if scheme == "game250":
        return score_sheet(rules, "game", 250)
    if scheme == "hollywood":
        return score_sheet(rules, "hollywood")
    if scheme == "manche" and rules.match_scoring == "manche":
        return score_sheet(rules, "manche")
    raise BadSchemeError(scheme)


def fill_sheet(rules: Rules, scheme: str, results: list[DealResult]) -> dict[str, Any]:
    """Record ``results`` in turn on a new sheet; its ``to_dict()`` and the entries."""
    sheet = new_sheet(rules, scheme)
    for number, result in enumerate(results, 1):
        try:
            sheet.record(result)
        except MatchOverError as error:
            raise DealAfterEndError(number) from error
    data = sheet.to_dict()
    data["entries"] = [entry_text(r) for r in results]
    data["widget_scheme"] = scheme
    return data


@handler("scoresheet")
def _scoresheet(args: dict[str, Any]) -> Any:
    """Score sheet: the deals so far (``deals``), and optionally one more (``add``:
    ``{"winner", "points", "outcome"}``), recorded on the engine's sheet."""
    rules = _rules(args)
    results = parse_entries(_text(args, "deals", ""))
    add = args.get("add")
    if add is not None:
        if not isinstance(add, dict):
            raise BadCallError("add must be an object")
        results.append(
            deal_result(_text(add, "winner"), _text(add, "points", ""), _text(add, "outcome", ""))
        )
    return fill_sheet(rules, _text(args, "scheme", "game100"), results)


def call(name: str, args_json: str) -> str:
    """Run one call; always returns JSON, never raises."""
    try:
        try:
            args = json.loads(args_json)
        except ValueError as error:
            raise BadCallError("arguments are not JSON") from error
        if not isinstance(args, dict):
            raise BadCallError("arguments must be an object")
        function = HANDLERS.get(name)
        if function is None:
            raise BadCallError(f"unknown call {name!r}")
        return json.dumps({"ok": True, "value": function(args)})
    except GinRulesError as error:
        return json.dumps({"ok": False, "error": error.to_dict()})
    except Exception as error:  # a bug, not bad input: still an answer, never a hang
        detail = f"{type(error).__name__}: {error}"
        return json.dumps({"ok": False, "error": {"code": "internal", "message": detail}})
