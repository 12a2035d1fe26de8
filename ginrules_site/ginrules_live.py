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
from ginrules import GinRulesError, parse_hand

VERSION = ginrules.__version__

Handler = Callable[[dict[str, Any]], Any]
HANDLERS: dict[str, Handler] = {}


class BadCallError(GinRulesError):
    """A call that no widget should make: unknown name or malformed arguments."""

    code = "bad_call"

    def __init__(self, detail: str) -> None:
        super().__init__(f"bad call: {detail}", detail=detail)


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
