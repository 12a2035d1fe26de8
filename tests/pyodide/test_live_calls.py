"""The worker's call module under CPython: the same code answers in the browser."""

from __future__ import annotations

import json
from typing import Any

from ginrules import DuplicateCardError, HandSizeError, UnknownCardError
from ginrules_site.ginrules_live import call


def reply(name: str, args: Any) -> Any:
    return json.loads(call(name, json.dumps(args)))


def test_parse_gives_canonical_codes() -> None:
    assert reply("parse", {"cards": "10h, 7s ♠q"}) == {
        "ok": True,
        "value": {"cards": ["TH", "7S", "QS"]},
    }


def test_engine_errors_come_back_with_code_and_params() -> None:
    assert reply("parse", {"cards": "7H 1Z"})["error"] == UnknownCardError("1Z").to_dict()
    assert reply("parse", {"cards": "7H 7h"})["error"] == DuplicateCardError("7H").to_dict()
    error = reply("parse", {"cards": "7H 8H", "sizes": [10, 11]})["error"]
    assert error == HandSizeError(2, "10 or 11").to_dict()


def test_bad_calls_never_raise() -> None:
    assert reply("nope", {})["error"]["code"] == "bad_call"
    assert reply("parse", [1, 2])["error"]["code"] == "bad_call"
    assert reply("parse", {"cards": 7})["error"]["code"] == "bad_call"
    assert json.loads(call("parse", "{not json"))["error"]["code"] == "bad_call"
