"""What a translation platform (Weblate, Transifex, Poedit) reads beside the catalogs
(issue 31, point 2): real headers in every template, the terminal game's template, the
language list, the notes for translators on the pages' short entries, the entries with
nothing to translate, and each language's terminology list."""

from __future__ import annotations

import csv
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ginrules.languages import LANGUAGES, SOURCE
from ginrules_site.chrome import catalogs as site_catalogs

NOTHING_TO_TRANSLATE = site_catalogs.NOTHING_TO_TRANSLATE
catalogs, nothing_to_translate, status = (
    site_catalogs.catalogs,
    site_catalogs.nothing_to_translate,
    site_catalogs.status,
)

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
TERMINAL_POT = ROOT / "ginrules" / "locale" / "ginrules.pot"
TEMPLATES = sorted(LOCALE.glob("*.pot"))
PAGE_TEMPLATES = [p for p in TEMPLATES if p.stem not in ("ginrules_site", "sphinx")]
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


def _tool(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"tool_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("pot", [*TEMPLATES, TERMINAL_POT], ids=lambda p: p.name)
def test_every_template_has_a_real_header(pot: Path) -> None:
    head = pot.read_text(encoding="utf-8").partition("\n\n")[0]
    for placeholder in ("VERSION", "EMAIL@ADDRESS", "FULL NAME", "YEAR-MO-DA", "LL@li.org"):
        assert placeholder not in head, (pot.name, placeholder)
    from ginrules import __version__

    assert f'"Project-Id-Version: ginrules {__version__}\\n"' in head
    assert re.search(r'^"PO-Revision-Date: \d{4}-\d\d-\d\d \d\d:\d\d\+0000\\n"$', head, re.M)


def test_the_terminal_template_has_every_string_of_the_game() -> None:
    """``ginrules/locale/ginrules.pot`` holds what ``tools/cli_catalog.py`` extracts (its
    ``--check``, run by test_cli_catalog, keeps the file's bytes in step)."""
    keys = _tool("cli_catalog").extract()
    held = {(m.context, m.id) for m in _read(TERMINAL_POT) if m.id}
    assert len(keys) > 60 and held == set(keys)


def test_the_language_list_is_in_step_with_the_table() -> None:
    """``locale/LINGUAS`` and ``locale/languages.json`` say what ``ginrules/languages.py``
    says (``make update-po`` writes them)."""
    for name, text in _tool("site").language_list().items():
        assert (LOCALE / name).read_text(encoding="utf-8") == text, f"run make update-po: {name}"
    lines = (LOCALE / "LINGUAS").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if not line.startswith("#")] == TRANSLATED
    import json

    data = json.loads((LOCALE / "languages.json").read_text(encoding="utf-8"))["languages"]
    for code in TRANSLATED:
        assert data[code]["plural_forms"] == LANGUAGES[code].plural_forms
        listed = data[code]["catalogs"]
        assert all((ROOT / path).is_file() for path in listed), listed
        assert len(listed) == len(TEMPLATES) + LANGUAGES[code].terminal


def test_every_note_for_translators_names_an_entry() -> None:
    """A note of ``locale/comments.toml`` whose English changed would be lost silently."""
    with (LOCALE / "comments.toml").open("rb") as handle:
        notes = tomllib.load(handle)
    pages = {p.stem: {m.id for m in _read(p) if m.id} for p in PAGE_TEMPLATES}
    pages["sphinx"] = {m.id for m in _read(LOCALE / "sphinx.pot") if m.id}
    everywhere = set().union(*pages.values())
    stale = [(n, k) for n, keys in notes.items() for k in keys if n != "all" and n not in pages]
    stale += [(n, k) for n, keys in notes.items() if n in pages for k in keys if k not in pages[n]]
    stale += [("all", k) for k in notes["all"] if k not in everywhere]
    assert stale == []


@pytest.mark.parametrize("pot", PAGE_TEMPLATES, ids=lambda p: p.stem)
def test_short_entries_of_the_pages_carry_a_note(pot: Path) -> None:
    """An entry of one or two words (a heading, a table cell) is ambiguous on a platform,
    which shows it out of its page: each has a ``#.`` note, in every catalog too."""
    bare = [m.id for m in _read(pot) if m.id and len(m.id.split()) <= 2 and not m.auto_comments]
    assert bare == []
    for code in TRANSLATED:
        po = LOCALE / code / "LC_MESSAGES" / f"{pot.stem}.po"
        wanted = {m.id: m.auto_comments for m in _read(pot) if m.id}
        for message in _read(po):
            if message.id in wanted:
                assert message.auto_comments == wanted[message.id], (po, message.id)


def test_entries_with_nothing_to_translate_are_marked_copied_and_not_counted() -> None:
    marked = 0
    for pot in TEMPLATES:
        for message in _read(pot):
            if message.id and nothing_to_translate(message.id):
                marked += 1
                assert NOTHING_TO_TRANSLATE in message.auto_comments, message.id
    assert marked >= 30  # the exercise and play links, the numbers of the value tables
    for code in TRANSLATED:
        for po in catalogs(LOCALE, code):
            copied = [m for m in _read(po) if m.id and nothing_to_translate(m.id)]
            assert all(m.string == m.id for m in copied), po
            counted = status(po)
            assert counted.entries == len([m for m in _read(po) if m.id]) - len(copied)


def _terms(code: str) -> list[dict[str, str]]:
    with (LOCALE / code / "terminology.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _said(code: str) -> list[tuple[Path, str, str]]:
    """(file, English, translation) of every live entry of the language's catalogs, the
    terminal game's included, its typed command words aside."""
    found = []
    paths = [
        *catalogs(LOCALE, code),
        ROOT / "ginrules" / "locale" / code / "LC_MESSAGES" / "ginrules.po",
    ]
    for path in paths:
        for message in _read(path):
            if not message.id or message.context == "command":
                continue
            english = message.id if isinstance(message.id, str) else " ".join(message.id)
            text = message.string
            text = " ".join(text) if isinstance(text, tuple | list) else text or ""
            found.append((path, english, text))
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_keeps_its_agreed_terms(code: str) -> None:
    """``locale/<code>/terminology.csv`` (a Weblate glossary: source, target, comments) is
    where a language's terms are agreed; its ``avoid`` column lists the words no catalog of
    the language may use any more (one term per notion), except where the English itself
    quotes the word."""
    terms = _terms(code)
    assert len(terms) >= 8 and all(row["source"] and row["target"] for row in terms)
    said = _said(code)
    wrong = []
    for row in terms:
        for word in filter(None, (row.get("avoid") or "").split("|")):
            pattern = re.compile(rf"(?<!\w)(?:{word})", re.IGNORECASE)
            wrong += [
                f"{path.name}: {word!r} in {text[:80]!r}"
                for path, english, text in said
                if pattern.search(text)
                and not pattern.search(english)
                and not (word.islower() is False and word in english)
            ]
    assert wrong == []


# Mistakes a native reader found in many entries at once (issue 31, point 6), each a
# pattern matched with its case, whatever the English says (the ``avoid`` column above
# ignores case and lets a translation quote what its English quotes).
# a game's name is written as a name (Gin Rummy, Gin Rami), a link target aside
GAME_NAMES = (r"(?<![(/\w])gin[ -]r(?:ummy|ami)\b(?!\.md)", "a game's name in lower case")
NATIVE_CLASSES: dict[str, list[tuple[str, str]]] = {
    "fr": [
        GAME_NAMES,
        # a variant's name may start with a vowel (Oklahoma Gin): no article can stand before it
        (r"\b(?:au|aux|de|du|le|la) \{variant\}", "an article or preposition before {variant}"),
        # two choices of one prompt, joined as English joins them: "discard a card, or knock"
        (r"carte, ou (?:frappez|faites|étalez|passez|choisissez)\b(?!-)", "a comma before ou"),
    ],
    "sv": [
        GAME_NAMES,
        (r"kort, eller (?:knacka|gå|passa|välj)\b", "a comma before eller"),
    ],
    "de": [
        GAME_NAMES,
        # German reads the loanword as the pronoun manche ("some"): the stage is a Durchgang
        (r"(?<![.!?:] )(?<!^)\bManche[ns]?\b", "Manche as a noun (say Durchgang)"),
        (r"^Manche[ns]?(?:-|\s*\{|$)", "Manche as a label (say Durchgang)"),
        # a comma before und closing a list, as English writes it: "A, B, und C"
        (r"\b\w+, (?:bis )?\d+ oder (?:bis )?\d+ Punkte, und\b", "a list's comma before und"),
    ],
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_class_of_native_mistakes_comes_back(code: str) -> None:
    wrong = [
        f"{path.name}: {why}: {text[:90]!r}"
        for pattern, why in NATIVE_CLASSES.get(code, [])
        for path, _english, text in _said(code)
        if re.search(pattern, text)
    ]
    assert wrong == []


def test_the_native_classes_catch_what_was_written_before() -> None:
    """Each pattern of :data:`NATIVE_CLASSES` finds the wording it was written against."""
    before = {
        "de": [
            "Die Punkte werden über eine Manche zusammengezählt.",
            "Manche {n}",
            "Manche-Bonus für dich: {points}",
            "Eine Partie aus drei Manchen",
            "Eine französische Beschreibung der Regeln von gin rami, eines der Dokumente.",
            "Oklahoma-Regeln, eine Partie über eine Runde, bis 100 oder bis 250 Punkte, und die"
            " Hollywood-Wertung.",
        ],
        "sv": ["i EAAI:s gin rummy-tävling 2021", "Din tur: kasta ett kort, eller knacka."],
        "fr": [
            "en France, on l’appelle gin rami.",
            "du concours de gin-rami EAAI 2021",
            "Jouer au {variant} contre l’ordinateur",
            "À vous\u202f: défaussez une carte, ou frappez.",
        ],
    }
    for code, texts in before.items():
        patterns = [pattern for pattern, _why in NATIVE_CLASSES[code]]
        assert all(any(re.search(p, t) for p in patterns) for t in texts), code
    allowed = ["Manche Bücher erlauben außerdem ein großes Gin.", "An manchen Tischen darf man"]
    assert not any(re.search(p, t) for p, _why in NATIVE_CLASSES["de"] for t in allowed)


def test_every_catalog_has_a_real_header() -> None:
    """``make update-po`` fills what sphinx-intl copies from a template of gettext's."""
    placeholders = ("VERSION", "EMAIL@ADDRESS", "FULL NAME", "YEAR-MO-DA", "LL@li.org")
    wrong = [
        f"{po.relative_to(ROOT)}: {placeholder}"
        for code in TRANSLATED
        for po in catalogs(LOCALE, code)
        for placeholder in placeholders
        if placeholder in po.read_text(encoding="utf-8").partition("\n\n")[0]
    ]
    assert wrong == []


def test_the_card_letters_are_defined_in_the_language_table_only() -> None:
    """The drawn cards' corners, the card codes, the widgets and the glossary's rank
    letters all read ``ginrules/languages.py``: no live catalog entry is a card letter
    (``"K"``, ``"K (king)"``) for a translator to change on one side only (the issue:
    R on the kings while the text wrote K♠), and no site module translates one."""
    from ginrules_site.directives.glossary import rank_row

    letters = {"A", "J", "Q", "K", "T"}
    found = [
        f"{path.relative_to(ROOT)}: {english!r}"
        for code in TRANSLATED
        for path, english, _text in _said(code)
        if english in letters or rank_row(english)
    ]
    found += [
        f"{pot.name}: {m.id!r}"
        for pot in TEMPLATES
        for m in _read(pot)
        if m.id in letters or (isinstance(m.id, str) and rank_row(m.id))
    ]
    assert found == []
    sources = (ROOT / "ginrules_site").rglob("*.py")
    calls = re.compile(r"""\b_\(\s*["'](?:[AJQKT])["']\s*\)""")
    assert [str(p) for p in sources if calls.search(p.read_text(encoding="utf-8"))] == []


def _set(po: Path, msgid: str, text: str) -> int:
    """Give one entry of ``po`` the translation ``text``; return the line of its msgid."""
    lines = po.read_text(encoding="utf-8").split("\n")
    at = lines.index(f"msgid {_quoted(msgid)}")
    assert lines[at + 1].startswith('msgstr "')
    lines[at + 1] = f"msgstr {_quoted(text)}"
    po.write_text("\n".join(lines), encoding="utf-8")
    return at + 1


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_make_lang_reports_every_catalog_problem_at_once_at_its_po_line(tmp_path: Path) -> None:
    """Two problems in two French catalogs (a link target changed, an English colon) and
    the build's own refusal come in one run of ``make lang``, each catalog problem at its
    ``.po`` file and line (the issue: the target's problem was said of the ``.md`` file,
    after a build, and problems came in rounds)."""
    import subprocess
    import sys

    from .conftest import copy_project

    project = copy_project(tmp_path / "project")
    folder = project / "locale" / "fr" / "LC_MESSAGES"
    straight = folder / "straight-gin.po"
    target = next(
        m for m in _read(straight) if isinstance(m.id, str) and "<standard-game-scoring>" in m.id
    )
    first = _set(
        straight,
        target.id,
        str(target.string).replace("<standard-game-scoring>", "<standard-scoring>"),
    )
    about = folder / "about.po"
    heading = "The site's languages"
    second = _set(about, heading, "Les langues du site : liste")
    said = subprocess.run(
        [sys.executable, str(project / "tools" / "site.py"), "lang", "fr"],
        capture_output=True,
        text=True,
        cwd=project,
    )
    out = said.stdout + said.stderr
    assert said.returncode != 0
    assert f"{straight}:{first}: " in out and "standard-scoring" in out, out
    assert f"{about}:{second}: " in out, out
    assert "sphinx-build failed for language 'fr'; and 2 problem(s) in the catalogs above" in out
    assert "Traceback" not in out


# --- translators' notes reach every template as written (issue 31) ----------------------

PROGRESS = "Translation in progress: {percent} % of this site is translated."


def test_a_note_for_translators_survives_both_writes_of_make_gettext(tmp_path: Path) -> None:
    """The extension's notes are written once by the extraction (wrapped at 79) and again
    by ``write_template``; each entry's note must come out with its words, spaces and
    punctuation as the source has them, in lines no later write rewraps (the progress
    notice's « … 62 % » came out as "62", "%" and "»)." on three lines)."""
    extract = _tool("extract_site_messages")
    site = _tool("site")
    extract.main(["extract", str(tmp_path)])
    raw = tmp_path / "ginrules_site.pot"
    site.write_template(raw, tmp_path / "out.pot")
    with (tmp_path / "out.pot").open("rb") as handle:
        written = {(m.context, m.id): m for m in read_po(handle) if m.id}
    source = {(m.context, m.id): m for m in extract.site_catalog() if m.id}
    compared = 0
    for key, message in source.items():
        if not message.auto_comments:
            continue
        lines = [c for c in written[key].auto_comments if c != NOTHING_TO_TRANSLATE]
        # (a note of locale/comments.toml may come first)
        assert " ".join(lines).endswith(" ".join(message.auto_comments)), key
        assert all(len(line) <= site.COMMENT_WIDTH for line in lines), key
        compared += 1
    assert compared > 50
    assert "(French: « Traduction en cours : 62 % »)." in " ".join(
        written[(None, PROGRESS)].auto_comments
    )


@pytest.mark.parametrize("template", [*TEMPLATES, TERMINAL_POT], ids=lambda p: p.name)
def test_no_note_line_in_a_template_starts_with_punctuation(template: Path) -> None:
    """A committed note broken before « % », « : » or « » » by a rewrap shows it."""
    broken = [
        line
        for line in template.read_text(encoding="utf-8").splitlines()
        if line.startswith("#. ") and line[3:].startswith(tuple("%»:;?!)"))
    ]
    assert not broken, broken
