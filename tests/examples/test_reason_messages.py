"""Every code the engine gives for refusing something has its message, in every language.

The codes are read from the engine's source (``ginrules/errors.py``,
``going_out.py``, ``deal.py``, ``showdown.py``, ``match.py``), not listed by hand,
so a new reason in the engine fails this test until the site words it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import ginrules
from ginrules.going_out import REASONS
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules_site.directives.examples import reason_messages
from ginrules_site.live.widgets import common_strings
from ginrules_site.messages import CATALOG, Plural

from .helpers import LOCALE, fields

ENGINE = Path(ginrules.__file__).parent
RAISERS = {"IllegalActionError", "IllegalKnockError"}


def engine_codes() -> set[str]:
    """Error codes (``code = "..."`` of the error classes), going-out reasons, the
    reasons raised by a deal's moves and their fallbacks (``reason or "..."``)."""
    codes = set(REASONS)
    for name in ("errors.py", "going_out.py", "deal.py", "showdown.py", "match.py"):
        tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if (
                        isinstance(item, ast.Assign)
                        and [getattr(t, "id", None) for t in item.targets] == ["code"]
                        and isinstance(item.value, ast.Constant)
                    ):
                        codes.add(item.value.value)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in RAISERS:
                if node.args and isinstance(node.args[0], ast.Constant):
                    codes.add(node.args[0].value)
            elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
                last = node.values[-1]
                if isinstance(last, ast.Constant) and isinstance(last.value, str):
                    codes.add(last.value)
    return codes


def test_the_codes_are_found() -> None:
    codes = engine_codes()
    # one from each source, so that a change in the engine's style cannot empty the set
    assert {"unknown_card", "no_big_gin", "just_taken", "not_allowed", "match_over"} <= codes
    assert len(codes) > 30


def test_every_engine_code_has_a_message() -> None:
    messages = reason_messages()
    missing = sorted(engine_codes() - set(messages))
    assert not missing, f"no message for the engine's codes {missing}"
    strings = common_strings()
    assert not sorted(engine_codes() - set(strings)), "the widgets miss reason messages"


# every complete translation (ginrules.languages)
@pytest.mark.parametrize(
    "language", [code for code, lang in LANGUAGE_TABLE.items() if lang.complete][1:]
)
def test_every_message_is_translated(language: str) -> None:
    with (LOCALE / language / "LC_MESSAGES" / f"{CATALOG}.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    translated = {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}
    for code in sorted(engine_codes()):
        message = reason_messages()[code]
        # a plural entry (messages.Plural) is keyed by both its forms
        msgid = (message.singular, message.plural) if isinstance(message, Plural) else message
        assert msgid in translated, f"{language}: the message of {code!r} is not translated"
        strings = translated[msgid]
        for string in strings if isinstance(strings, tuple) else (strings,):
            wanted = fields(msgid if isinstance(msgid, str) else msgid[0])
            assert fields(string) == wanted, code
