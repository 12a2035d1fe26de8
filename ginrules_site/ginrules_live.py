"""The calls that the live widgets make to the engine, JSON in and JSON out.

This module runs inside Pyodide in the page's Web Worker (copied there as
``ginrules_live.py`` by ``tools/pyodide_runtime.py``) and under CPython in the
tests, so both give the same answers. It holds only the message plumbing: it
reads the arguments, asks ``ginrules.reports`` (the functions the build-time
directives ask too) and returns their JSON-ready reports.
Engine errors come back as ``{"ok": false, "error": error.to_dict()}`` so that
the page can say them in the reader's language. Standard library only.

Calls keep no state between them: the worker saves its memory snapshot once the
reader is idle after the first answers (see ``warm_calls``), and every later page
starts from it, so anything a call left in a module would come back on every page.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import ginrules
from ginrules import PRESETS, Card, GinRulesError, Rules, find_variant, parse_hand
from ginrules.reports import deal_log_report, hand_report, score_sheet_report, showdown_report

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


@handler("new_seed")
def _new_seed(args: dict[str, Any]) -> Any:
    """A deal number drawn at random, for the stock-end widget's "New deal"."""
    return {"seed": random.randrange(1_000_000)}


@handler("parse")
def _parse(args: dict[str, Any]) -> Any:
    """Canonical codes of a hand; ``sizes`` optional."""
    sizes = args.get("sizes")
    cards = parse_hand(_text(args, "cards"), sizes=sizes, notation=_notation(args))
    return {"cards": [c.code for c in cards]}


def _rules(args: dict[str, Any]) -> Rules:
    return find_variant(_text(args, "variant", "standard"))


def _notation(args: dict[str, Any]) -> str:
    """The page's card notation (``en``, ``fr``, ``sv``): the reader types in it."""
    return _text(args, "notation", "en")


def _upcard(args: dict[str, Any]) -> Card | None:
    text = _text(args, "upcard", "").strip()
    return Card.parse(text, _notation(args)) if text else None


@handler("melds")
def _melds(args: dict[str, Any]) -> Any:
    """Meld finder: the engine's hand report, as the build-time ``gin-hand``."""
    cards = parse_hand(_text(args, "cards"), sizes=range(1, 12), notation=_notation(args))
    return hand_report(cards, _rules(args), _upcard(args))


@handler("showdown")
def _showdown(args: dict[str, Any]) -> Any:
    """Showdown: the engine's showdown report, as the build-time ``gin-showdown``."""
    knocker = parse_hand(_text(args, "knocker"), sizes=(10, 11), notation=_notation(args))
    defender = parse_hand(_text(args, "defender"), sizes=(10,), notation=_notation(args))
    return showdown_report(knocker, defender, _rules(args), _upcard(args))


@handler("stock")
def _stock(args: dict[str, Any]) -> Any:
    """A seeded deal played to its end: the engine's deal log report, as the
    build-time ``gin-deal-log`` (players ``good`` or ``random``, dealer 0)."""
    seed_text = str(args.get("seed", "")).strip()
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise BadSeedError(seed_text)
    kind = "good" if _text(args, "players", "random") == "good" else "random"
    return deal_log_report(_rules(args), int(seed_text), 0, kind)


# --- score sheet ---------------------------------------------------------------------


@handler("scoresheet")
def _scoresheet(args: dict[str, Any]) -> Any:
    """Score sheet: the deals so far (``deals``), and optionally one more (``add``:
    ``{"winner", "points", "outcome"}``), recorded on the engine's sheet."""
    add = args.get("add")
    one: tuple[str, str, str] | None = None
    if add is not None:
        if not isinstance(add, dict):
            raise BadCallError("add must be an object")
        one = (_text(add, "winner"), _text(add, "points", ""), _text(add, "outcome", ""))
    scheme = _text(args, "scheme", "game100")
    return score_sheet_report(_rules(args), scheme, _text(args, "deals", ""), one)


def warm_calls() -> str:
    """JSON ``[[name, args], ...]``: a first call of each kind, in every variant.

    The worker makes them one at a time while the reader is idle, before it saves
    the memory snapshot: a restored engine has then already built what a first
    call builds (the meld tables of each way of counting the cards), and answers
    its first call as fast as the next ones.
    """
    hand = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"
    calls: list[tuple[str, dict[str, Any]]] = [
        ("melds", {"cards": hand, "variant": name}) for name in PRESETS
    ]
    calls.append(("showdown", {"knocker": hand, "defender": "AS 2S 3S 4S 5D 6D 8C TD JD KC"}))
    calls += [("stock", {"seed": "1", "players": players}) for players in ("random", "good")]
    return json.dumps(calls)


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
