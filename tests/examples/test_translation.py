"""Directive text goes through the catalogs: captions with the page, the rest via ginrules_site."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules_site.messages import CATALOG

from .helpers import LOCALE, ROOT, build, fields, write_project

FIXTURE = Path(__file__).with_name("gettext_pin.pot")

PAGE = """\
```{gin-hand} 7H 8H 9H KS KH KD 2C 5D AS 3C QC
:variant: standard

A hand of eleven cards: which card goes?
```

```{gin-showdown}
:knocker: 7H 8H 9H KS KH KD AC 2C 3C 4D
:defender: TH JH 5S 5C 5D QS QC 2D 3S 9S

The defender lays off on the knocker's run.
```

```{gin-compare} standard straight

What changes in Straight Gin.
```

```{gin-deal-log}
:variant: straight
:seed: 5
:focus: stock-end

A deal that runs down the stock.
```

```{gin-statistic}
:variant: straight
:measure: dead
:deals: 50

How often the stock runs out.
```

```{gin-score-sheet}
:variant: standard
:seed: 1

A match, row by row.
```
"""


def entries(pot: str) -> str:
    """The catalog without its header: the locations and msgids only."""
    body = pot.split("\n\n", 1)[1]
    lines = [
        line
        for line in body.splitlines()
        if line.startswith(("#:", "msgid", '"')) or not line.strip()
    ]
    return "\n".join(lines).strip() + "\n"


def test_gettext_output_of_the_directives_is_pinned(make_app: Any, tmp_path: Path) -> None:
    """Only the captions reach the page's catalog; computed text never does."""
    app = build(make_app, write_project(tmp_path / "p", PAGE), "gettext")
    pot = (Path(app.outdir) / "index.pot").read_text(encoding="utf-8")
    assert entries(pot) == FIXTURE.read_text(encoding="utf-8")


def extension_messages(out: Path) -> list[str]:
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "extract_site_messages.py"), str(out)], check=True
    )
    with (out / f"{CATALOG}.pot").open("rb") as handle:
        return [singular(m.id) for m in read_po(handle) if m.id]


def singular(message_id: str | tuple[str, ...]) -> str:
    """A plural entry's key is its singular."""
    return message_id[0] if isinstance(message_id, tuple) else message_id


# every complete translation (ginrules.languages)
@pytest.mark.parametrize(
    "language", [code for code, lang in LANGUAGE_TABLE.items() if lang.complete][1:]
)
def test_every_extension_string_is_translated(language: str, tmp_path: Path) -> None:
    with (LOCALE / language / "LC_MESSAGES" / f"{CATALOG}.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    translated = {
        singular(m.id): m.string if isinstance(m.string, tuple) else (m.string,)
        for m in catalog
        if m.id and m.string and all(m.string) and not m.fuzzy
    }
    for msgid in extension_messages(tmp_path):
        assert msgid in translated, f"{language}: {msgid!r} is not translated"
        wanted = fields(msgid)
        for form in translated[msgid]:
            assert fields(form) == wanted, msgid


def test_french_typography_in_the_extension_catalog() -> None:
    with (LOCALE / "fr" / "LC_MESSAGES" / f"{CATALOG}.po").open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    for message in catalog:
        if message.id and isinstance(message.string, str):
            assert not re.search(r"[^\u202f]:(\s|$)", message.string), message.string
