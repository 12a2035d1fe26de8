"""Reading the site's message catalogs: entry counts and the problems that must fail CI.

Used by the translation status table (built into the ``translating`` page), the notice of
a language in progress and by ``tools/check_catalogs.py``; the rules of each language
(typography, threshold) are its entry in ``ginrules/languages.py``. Babel (a Sphinx
dependency) parses the ``.po`` files.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po

from ginrules.cases import CARD_FIELDS, CASE_NAMES, parse_case
from ginrules.languages import LANGUAGES, plural_rule, same_plural_rule


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
        return f"{self.path}:{self.line}: {self.kind}: msgid {short!r}"


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


def _read_leniently(path: Path) -> Catalog:
    """The catalog as Babel reads what it can of it, without a word: the counts of the
    status table and of a language in progress, which every language's build reads for
    every language, so that one language's broken catalog never stops another's build
    (its own build stops on it first: :func:`unreadable`)."""
    with path.open("rb") as f, contextlib.redirect_stdout(io.StringIO()):
        return read_po(f)


# The comment the templates give an entry with nothing to translate (a role alone, a link
# whose text is the page's title, a bare number): `make update-po` copies its English into
# every catalog, and the counts of translated entries leave it out.
NOTHING_TO_TRANSLATE = "Nothing to translate: the text is copied as it is, and not counted."
_NO_WORDS = re.compile(
    r"\{[\w:-]+\}`[^`]*`"  # a role and its target
    r"|\[\]\([^)]*\)"  # a link whose text Sphinx fills in
    r"|`[^`]*`"  # code
    r"|<[^<>]*>"  # a tag
    r"|\{\w*(?::\w+)?\}"  # a field
)


def nothing_to_translate(msgid: object) -> bool:
    """Whether an entry's English has no word to translate: markup, bare numbers.

    >>> [nothing_to_translate(t) for t in ("{gin-exercise-link}`standard/count`", "15", "Ace")]
    [True, True, False]
    """
    if not isinstance(msgid, str) or not msgid.strip():
        return False
    # what is left: digits and spaces only (a colon or a quote is typography to translate)
    return re.fullmatch(r"[\d\s]*", _NO_WORDS.sub("", msgid)) is not None


def _is_translated(string: object) -> bool:
    if isinstance(string, tuple | list):
        return all(string)
    return bool(string)


def status(path: Path) -> CatalogStatus:
    """Entries, translated and fuzzy counts of one ``.po`` file."""
    entries = translated = fuzzy = 0
    for message in _read_leniently(path):
        if not message.id or nothing_to_translate(message.id):
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
        if not message.id or nothing_to_translate(message.id):
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        if message.fuzzy:
            found.append(Problem(path, message.lineno, msgid, "fuzzy entry"))
        elif not _is_translated(message.string):
            found.append(Problem(path, message.lineno, msgid, "untranslated entry"))
    return found


def catalogs(locale_dir: Path, language: str) -> list[Path]:
    """The ``.po`` files of one language, sorted by path."""
    return sorted((locale_dir / language / "LC_MESSAGES").rglob("*.po"))


# What a translation must carry over from the English unchanged: MyST roles and their
# targets, link targets, inline code, bold markers, format placeholders, HTML tags, numbers.
_ROLE = re.compile(r"\{([\w:-]+)\}`([^`]*)`")
_LINK_TARGET = re.compile(r"\]\(([^)\s]*)\)")
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_CODE = re.compile(r"(?<![`}])(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*(?::\w+)?\}(?!`)")
_TAG = re.compile(r"<(/?[a-zA-Z][^<>]*)>")
_NUMBER = re.compile(r"\d+")


def cased_fields(english: str) -> frozenset[str]:
    """The card fields to which the English gives a case (``{card:nom}``, ``{card:Nom}``,
    :mod:`ginrules.cases`): a sentence names that card, and its translation writes the case
    its own slot needs. A card field the English writes bare (``{card}``) shows the card (its
    picture, its code) and takes no case in any language.

    >>> sorted(cased_fields("Take {card:nom} in place of {replaces:nom}: {card} or {n}"))
    ['card', 'replaces']
    """
    return frozenset(
        name
        for name, spec in _FIELD.findall(english)
        if name in CARD_FIELDS and spec and parse_case(spec) is not None
    )


_FIELD = re.compile(r"\{(\w+)(?::(\w*))?\}")


def _placeholder(found: str, cased: frozenset[str]) -> str:
    """A placeholder as the check compares it: a card field that the English gives a case
    reads ``{card:<case>}`` whatever case the translation gives it (or none: the
    nominative); any other field, and any other spec, as written."""
    name, _colon, spec = found[1:-1].partition(":")
    if found.startswith("{") and name in cased and parse_case(spec) is not None:
        return f"{{{name}:<case>}}"
    return found


def _role_target(text: str) -> str:
    match = re.search(r"<([^<>]+)>\s*$", text)
    return match.group(1) if match else text


def markup(text: str, cased: frozenset[str] = frozenset()) -> dict[str, list[str]]:
    """The parts of a message that its translation must keep, by kind; ``cased`` are the
    card fields to which the English gives a case (:func:`cased_fields`)."""
    roles = [f"{{{role}}}`{_role_target(body)}`" for role, body in _ROLE.findall(text)]
    rest = _ROLE.sub(" ", text)
    return {
        "role or reference": sorted(roles),
        "link target": sorted(_LINK_TARGET.findall(rest) + _AUTOLINK.findall(rest)),
        "inline code": sorted(m.group(0) for m in _CODE.finditer(rest)),
        "bold marker": ["**"] * rest.count("**"),
        "placeholder": sorted(_placeholder(p, cased) for p in _PLACEHOLDER.findall(text)),
        "HTML tag": sorted(t.split()[0] for t in _TAG.findall(_AUTOLINK.sub(" ", rest))),
        "number": sorted(_NUMBER.findall(_ROLE.sub(" ", text))),
    }


def _translated(path: Path) -> Iterator[tuple[Message, str, list[str]]]:
    """Each translated entry (not fuzzy) of ``path``: the entry, its English (the
    singular of a plural entry) and its translations (every form of a plural)."""
    for message in _read(path):
        if not message.id or message.fuzzy or not _is_translated(message.string):
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string
        yield message, msgid, list(string) if isinstance(string, tuple | list) else [string]


def _case_hints(extra: list[str], cased: frozenset[str]) -> str:
    """What a wrong case field in a translation means, for the line that reports it."""
    hints = []
    for found in extra:
        name, colon, spec = found[1:-1].partition(":")
        if not colon or name not in CARD_FIELDS:
            continue
        if name not in cased and parse_case(spec) is not None:
            hints.append(
                f"the English writes {{{name}}} without a case: it shows the card, which "
                "takes no case"
            )
        elif parse_case(spec) is None:
            hints.append(
                f"{found}: a case is {', '.join(CASE_NAMES)}, or the same with a capital "
                "first letter to open a sentence"
            )
    return "".join(f" ({hint})" for hint in hints)


def _differences(english: str, translation: str, kinds: tuple[str, ...] = ()) -> list[str]:
    """How the markup of ``translation`` differs from that of ``english``, one line per
    kind (only ``kinds``, if given), each naming what is missing and what is not expected."""
    cased = cased_fields(english)
    want, got = markup(english, cased), markup(translation, cased)
    found = []
    for kind, expected in want.items():
        if (kinds and kind not in kinds) or got[kind] == expected:
            continue
        missing = sorted(set(expected) - set(got[kind]))
        extra = sorted(set(got[kind]) - set(expected))
        detail = f"{kind} differs from the English"
        if missing:
            detail += f"; missing {', '.join(missing)}"
        if extra:
            detail += f"; unexpected {', '.join(extra)}"
        if kind == "placeholder":
            detail += _case_hints(extra, cased)
        found.append(detail)
    return found


def field_problems(english: str, translation: str) -> list[str]:
    """How the fields of a translation differ from the English's (a field renamed, left out
    or added, a wrong case): what ``str.format`` would fail on as the sentence is said.

    >>> field_problems("'{text}' is not a move.", "« {texto} » n'est pas un coup.")
    ['placeholder differs from the English; missing {text}; unexpected {texto}']
    """
    return _differences(english, translation, ("placeholder",))


def markup_problems(path: Path) -> list[Problem]:
    """Translated entries whose markup, references or numbers differ from the English."""
    return [
        Problem(path, message.lineno, msgid, detail)
        for message, msgid, strings in _translated(path)
        for string in strings
        for detail in _differences(msgid, string)
    ]


NNBSP = "\u202f"


def _space_rule(marks: str) -> re.Pattern[str] | None:
    """A mark of ``marks`` (French ``: ; ? !``) without a narrow no-break space before it."""
    if not marks:
        return None
    cls = re.escape(marks)
    return re.compile(rf"(?<=[^\s\u202f\u00a0])[{cls}](?=\s|$)|[ \u00a0][{cls}](?=\s|$)")


def _prose(text: str) -> str:
    """The running text of a message: roles, code, links targets, URLs and tags removed."""
    text = _ROLE.sub(" ", text)
    text = _CODE.sub(" ", text)
    text = _AUTOLINK.sub(" ", text)
    text = _TAG.sub(" ", text)
    text = re.sub(r"&#?\w+;", " ", text)
    text = _LINK_TARGET.sub("] ", text)
    return re.sub(r"https?://\S+", " ", text)


def typography_problems(path: Path, language: str) -> list[Problem]:
    """The typography of the language's entry in ``ginrules.languages``: the marks its
    running text refuses (``wrong_quotes``: straight and foreign quotes) and the
    punctuation that takes a narrow no-break space before it (``space_before``).
    A language without an entry has no rules."""
    entry = LANGUAGES.get(language)
    if entry is None:
        return []
    spacing = _space_rule(entry.space_before)
    found = []
    for message, msgid, strings in _translated(path):
        for string in strings:
            prose = _prose(string)
            if spacing is not None and spacing.search(prose):
                marks = " ".join(entry.space_before)
                found.append(
                    Problem(
                        path,
                        message.lineno,
                        msgid,
                        f"{entry.english_name} typography: put U+202F before {marks}",
                    )
                )
            # A mark the English text itself shows (the Swedish ” ” on the translating page)
            # may be shown in the translation too; straight quotes never.
            wrong = [q for q in entry.wrong_quotes if q in prose and (q == '"' or q not in msgid)]
            if wrong:
                found.append(
                    Problem(
                        path, message.lineno, msgid, f"quotes {' '.join(wrong)}: use {entry.quotes}"
                    )
                )
    return found


def msgfmt_problems(path: Path, *, checks: bool = True) -> list[str]:
    """What plain ``msgfmt --check`` says of one catalog, each line naming file and line:
    its errors and its warnings (a header field left at its template value), as Poedit and
    the platforms run it; with ``checks=False``, only what makes the file unreadable
    (syntax, duplicates). The catalog is read as it is, nothing rewritten: msgfmt skips an
    entry whose English gives a card field a case (``{card:nom}`` is no Python brace format
    to msgfmt), which :func:`markup_problems` checks instead."""
    result = subprocess.run(
        ["msgfmt", *(["--check"] if checks else []), "-o", os.devnull, str(path)],
        capture_output=True,
        text=True,
    )
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    named = [line for line in lines if line.startswith(f"{path}:")]
    if named:
        return named
    if lines or result.returncode:
        return [f"{path}: msgfmt: {line}" for line in lines] or [f"{path}: msgfmt failed"]
    return []


_PLURAL_HEADER = re.compile(r'^"Plural-Forms:\s*(.*?)\s*(?:\\n)?"$', re.MULTILINE)
_MSGSTR_FORM = re.compile(r"msgstr\[(\d+)\]")


def _plural_entries(text: str) -> Iterator[tuple[int, list[int]]]:
    """(line of its msgid, the indices of its msgstr[n] lines) of each plural entry, the
    obsolete ones (``#~``) too."""
    entry: tuple[int, list[int]] | None = None
    plural = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw[2:].lstrip() if raw.startswith("#~") else raw
        if line.startswith("msgid "):
            if entry is not None and plural:
                yield entry
            entry, plural = (number, []), False
        elif line.startswith("msgid_plural"):
            plural = True
        elif entry is not None and (form := _MSGSTR_FORM.match(line)):
            entry[1].append(int(form.group(1)))
    if entry is not None and plural:
        yield entry


def plural_problems(path: Path, language: str) -> list[str]:
    """A header whose ``Plural-Forms`` is not the rule of the language's entry in
    ``ginrules/languages.py``, and each plural entry whose ``msgstr[n]`` are not that
    rule's forms (``nplurals``), with file, line and what to do. Babel (and so Sphinx)
    cannot read a catalog with more forms than its header says; msgfmt refuses it."""
    text = path.read_text(encoding="utf-8")
    entry = LANGUAGES.get(language)
    header = _PLURAL_HEADER.search(text)
    at = text.count("\n", 0, header.start()) + 1 if header else 1
    found = []
    forms: int | None = None
    where = "the header's"
    if entry is not None:
        forms, where = entry.nplurals, f"the entry {language!r} of ginrules/languages.py's"
        if header is None or not same_plural_rule(header.group(1), entry.plural_forms):
            said = f"Plural-Forms {header.group(1)!r}" if header else "no Plural-Forms"
            found.append(
                f"{path}:{at}: the header has {said}, not the plural rule of the entry "
                f"{language!r} in ginrules/languages.py, {entry.plural_forms!r}: run make "
                "update-po, which writes it"
            )
    elif header is not None:
        try:
            forms = plural_rule(header.group(1))[0]
        except ValueError as error:
            found.append(f"{path}:{at}: the header's Plural-Forms: {error}")
    for line, indices in _plural_entries(text):
        if forms is not None and indices != list(range(forms)):
            written = ", ".join(f"msgstr[{i}]" for i in indices) or "no msgstr[n]"
            found.append(
                f"{path}:{line}: this plural entry has {written}, where {where} rule has "
                f"{forms} form{'s' if forms != 1 else ''} (msgstr[0] to msgstr[{forms - 1}]): "
                "run make update-po, which gives every plural entry its language's forms"
            )
    return found


def unreadable(path: Path, language: str) -> list[str]:
    """What stops a build on this catalog before Sphinx reads it (Sphinx reads a broken
    ``.po`` without a word, or stops with a traceback): msgfmt's syntax errors, plural forms
    other than the language's, and what Babel refuses; each names file and line."""
    errors = msgfmt_problems(path, checks=False) + plural_problems(path, language)
    if not errors:
        try:
            _read(path)
        except PoFileError as error:
            errors.append(f"{path}:{error.lineno}: {error}")
    return errors


def progress(locale_dir: Path, language: str) -> tuple[int, int]:
    """(translated, entries) over every catalog of a language; a fuzzy entry is not
    translated."""
    counts = [status(path) for path in catalogs(locale_dir, language)]
    return sum(c.translated for c in counts), sum(c.entries for c in counts)


def percent(locale_dir: Path, language: str) -> int:
    """The share of a language's entries that are translated, rounded down: a language is
    at 100 % only when every entry is."""
    translated, entries = progress(locale_dir, language)
    return 100 * translated // entries if entries else 0


def _catalog_problems(path: Path, language: str, complete: bool) -> list[str]:
    """Every reason one catalog of ``language`` may not ship, one line each."""
    errors = msgfmt_problems(path) + plural_problems(path, language)
    try:
        errors += [
            str(p)
            for p in (problems(path) if complete else [])
            + markup_problems(path)
            + typography_problems(path, language)
        ]
    except Exception as exc:  # a catalog Babel cannot read is a problem, not a crash
        errors.append(f"{path}: cannot be read: {exc}")
    return errors


def check(locale_dir: Path, languages: list[str]) -> list[str]:
    """Every reason the catalogs of these languages may not ship, one line each.

    A complete language (and one without an entry in ``ginrules.languages``) may have no
    fuzzy or untranslated entry; a language in progress may, down to its entry's
    ``minimum`` percentage of translated entries. Markup, typography, plural forms and
    plain ``msgfmt --check`` hold for every translated entry of every language."""
    errors: list[str] = []
    for language in languages:
        entry = LANGUAGES.get(language)
        complete = entry is None or entry.complete
        paths = catalogs(locale_dir, language)
        if not paths and complete:
            errors.append(f"{locale_dir / language / 'LC_MESSAGES'}: no catalogs")
        for path in paths:
            errors += _catalog_problems(path, language, complete)
        if entry is not None and not complete:
            try:
                share = percent(locale_dir, language)
            except Exception:
                continue  # reported above
            if share < entry.minimum:
                errors.append(
                    f"{locale_dir / language}: {share} % translated, below the minimum "
                    f"{entry.minimum} % of ginrules/languages.py"
                )
    return errors


# The terminal game's catalogs (ginrules play --lang), in the engine's package.
TERMINAL_LOCALE = Path(__file__).resolve().parents[2] / "ginrules" / "locale"


def terminal_catalog(language: str, locale_dir: Path = TERMINAL_LOCALE) -> Path:
    """The terminal game's catalog of ``language`` (``tools/cli_catalog.py`` writes it)."""
    return locale_dir / language / "LC_MESSAGES" / "ginrules.po"


def check_terminal(languages: list[str], locale_dir: Path = TERMINAL_LOCALE) -> list[str]:
    """The checks of :func:`check` on the terminal game's catalog of each of these languages
    whose entry says ``terminal``: plain ``msgfmt --check``, plural forms, placeholders and
    the other markup, typography; no fuzzy or untranslated entry in a complete language (a
    language in progress plays its untranslated lines in English)."""
    errors: list[str] = []
    for language in languages:
        entry = LANGUAGES.get(language)
        if entry is None or not entry.terminal or language == next(iter(LANGUAGES)):
            continue
        path = terminal_catalog(language, locale_dir)
        if not path.is_file():
            errors.append(
                f"{path}: missing: the entry {language!r} of ginrules/languages.py says "
                "terminal=True; run tools/cli_catalog.py to write it"
            )
            continue
        errors += _catalog_problems(path, language, entry.complete)
    return errors
