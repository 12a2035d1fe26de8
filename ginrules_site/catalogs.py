"""Reading the site's message catalogs: entry counts and the problems that must fail CI.

Used by the translation status table (built into the ``translating`` page) and by
``tools/check_catalogs.py``. Babel (a Sphinx dependency) parses the ``.po`` files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po


@dataclass(frozen=True)
class CatalogStatus:
    """Counts for one catalog: ``entries`` excludes the header and obsolete entries."""

    path: Path
    entries: int
    translated: int
    fuzzy: int

    @property
    def untranslated(self) -> int:
        return self.entries - self.translated - self.fuzzy


@dataclass(frozen=True)
class Problem:
    """One entry that must not ship: fuzzy or untranslated."""

    path: Path
    line: int
    msgid: str
    kind: str

    def __str__(self) -> str:
        short = self.msgid if len(self.msgid) <= 60 else self.msgid[:57] + "..."
        return f"{self.path}:{self.line}: {self.kind} entry: msgid {short!r}"


def _read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


def _is_translated(string: object) -> bool:
    if isinstance(string, tuple | list):
        return all(string)
    return bool(string)


def status(path: Path) -> CatalogStatus:
    """Entries, translated and fuzzy counts of one ``.po`` file."""
    entries = translated = fuzzy = 0
    for message in _read(path):
        if not message.id:
            continue
        entries += 1
        if message.fuzzy:
            fuzzy += 1
        elif _is_translated(message.string):
            translated += 1
    return CatalogStatus(path, entries, translated, fuzzy)


def problems(path: Path) -> list[Problem]:
    """Every fuzzy or untranslated entry of one ``.po`` file, with its line."""
    found = []
    for message in _read(path):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        if message.fuzzy:
            found.append(Problem(path, message.lineno, msgid, "fuzzy"))
        elif not _is_translated(message.string):
            found.append(Problem(path, message.lineno, msgid, "untranslated"))
    return found


def catalogs(locale_dir: Path, language: str) -> list[Path]:
    """The ``.po`` files of one language, sorted by path."""
    return sorted((locale_dir / language / "LC_MESSAGES").rglob("*.po"))
