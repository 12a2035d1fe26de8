"""Translations: complete and clean catalogs, no English left on the pages of a complete
language (``ginrules.languages``), a status table that matches the catalogs, and broken
catalogs that fail loudly. A language in progress is held at its entry's minimum."""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from bs4 import BeautifulSoup

from ginrules import NOTATIONS
from ginrules.languages import LANGUAGES as TABLE
from ginrules_site.chrome.catalogs import (
    catalogs,
    check,
    nothing_to_translate,
    percent,
    plural_problems,
    status,
    unreadable,
)

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
MIN_CHARS = 25  # shorter blocks (names, numbers, single terms) may be the same in every language


@functools.cache
def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def blocks(path: Path) -> list[tuple[str, str]]:
    """(kind, text) of each text block in the page's main content."""
    article = soup(path).select_one("#furo-main-content")
    assert article is not None, path
    found = []
    for el in article.find_all(["p", "li", "h1", "h2", "h3", "h4", "dt", "dd", "th", "td"]):
        if el.name == "li" and el.find("p"):
            continue
        if el.find_parent("pre") or el.find_parent(class_="translation-status"):
            continue
        if el.name == "p" and el.find_parent(["td", "th"]):
            continue  # the cell itself is collected
        text = " ".join(
            s for s in el.find_all(string=True) if not s.find_parent("a", class_="headerlink")
        )
        text = re.sub(r"\s+", " ", text).strip()
        if text:
            found.append(("cell" if el.name in ("th", "td") else "text", text))
    return found


def translated_languages(languages: dict[str, str]) -> list[str]:
    return list(languages)[1:]


def complete_languages(languages: dict[str, str]) -> list[str]:
    """The translated languages whose entry says complete: held at 100 %, 0 fuzzy."""
    return [code for code in translated_languages(languages) if TABLE[code].complete]


def test_catalogs_are_complete_and_clean(languages):
    """msgfmt --check, no fuzzy or untranslated entry, markup and numbers kept."""
    errors = check(LOCALE, translated_languages(languages))
    assert not errors, "\n".join(errors[:40]) + f"\n({len(errors)} problems)"


def test_every_page_has_a_catalog_in_every_language(languages, translated_docnames):
    for lang in translated_languages(languages):
        have = {p.stem for p in catalogs(LOCALE, lang)}
        assert set(translated_docnames) | {"sphinx"} <= have, lang
        assert "api" not in have  # the API reference is in English in every language


def test_no_english_left_on_translated_pages(site, languages, translated_docnames):
    source = next(iter(languages))
    translated = complete_languages(languages)
    problems = []
    for doc in translated_docnames:
        english = {text for _, text in blocks(site / source / f"{doc}.html")}
        per_lang = {lang: blocks(site / lang / f"{doc}.html") for lang in translated}
        for lang, found in per_lang.items():
            if [t for _, t in found] == [t for _, t in blocks(site / source / f"{doc}.html")]:
                problems.append(f"{lang}/{doc}.html: the main text is the English text")
            for kind, text in found:
                if len(text) < MIN_CHARS or text not in english:
                    continue
                # the same in English because its only words are the language's own loanwords
                words = set(re.findall(r"[^\W\d_]+", text))
                if words <= set(TABLE[lang].loanwords):
                    continue
                # A table cell that reads the same in every language is a name or a term
                # of the glossary's language columns, not an untranslated sentence.
                if kind == "cell" and all(
                    text in {t for _, t in other} for other in per_lang.values()
                ):
                    continue
                problems.append(f"{lang}/{doc}.html: English left: {text[:80]!r}")
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} blocks)"


def test_no_english_in_the_theme_and_chrome(site, languages, docnames):
    for lang in complete_languages(languages):
        with (LOCALE / lang / "LC_MESSAGES" / "sphinx.po").open("rb") as f:
            english = [
                m.id
                for m in read_po(f)
                if m.id
                and m.string
                and m.string != m.id
                and len(m.id) >= 4
                and not re.search(r"[<%&]", m.id)
            ]
        assert "Back to top" in english and "Skip to content" in english
        for doc in docnames:
            page = BeautifulSoup((site / lang / f"{doc}.html").read_text("utf-8"), "html.parser")
            page.select_one("#furo-main-content").decompose()
            for s in page(["script", "style"]):
                s.decompose()
            texts = [page.get_text(" ")]
            texts += [
                el[a]
                for a in ("aria-label", "title", "placeholder")
                for el in page.find_all(attrs={a: True})
            ]
            shown = "\n".join(texts)
            left = [m for m in english if re.search(rf"(?<!\w){re.escape(m)}(?!\w)", shown)]
            assert not left, f"{lang}/{doc}.html shows English: {left}"


def test_english_only_pages_say_so(site, languages):
    """The API reference is English in every language, and says so to a screen reader."""
    for lang in translated_languages(languages):
        page = soup(site / lang / "api.html")
        assert page.html["lang"] == lang
        article = page.select_one("#furo-main-content")
        assert [div["lang"] for div in article.find_all("div", lang=True)][:1] == ["en"]
        assert article.find(id="ginrules.play_deal") is not None
        labels = {dt.get_text(strip=True) for dt in article.select("dl.field-list > dt")}
        english = {"Parameters:", "Raises:", "Returns:", "Return type:", "Yields:"}
        assert "Raises:" in labels and labels <= english, lang  # not Sphinx's Lève, Höjer


def test_status_table_matches_the_catalogs(site, languages):
    headers = []
    for lang in languages:
        table = soup(site / lang / "translating.html").select_one("table.translation-status")
        assert table is not None, lang
        rows = [
            [td.get_text(strip=True) for td in tr.find_all("td")] for tr in table.select("tbody tr")
        ]
        expected = []
        for code in translated_languages(languages):
            for path in catalogs(LOCALE, code):
                st = status(path)
                expected.append(
                    [
                        path.name,
                        languages[code],
                        str(st.entries),
                        str(st.translated),
                        str(st.fuzzy),
                        str(st.untranslated),
                    ]
                )
        assert rows == expected, lang
        headers.append([th.get_text(strip=True) for th in table.select("thead th")])
    english = headers[0]
    assert english == ["Catalog", "Language", "Entries", "Translated", "Fuzzy", "Untranslated"]
    for lang, translated in zip(list(languages)[1:], headers[1:], strict=True):
        assert len(translated) == len(english)
        if TABLE[lang].complete:
            assert all(t != e for t, e in zip(translated, english, strict=True)), (lang, translated)


def test_status_list_names_each_language_complete_or_in_progress(site, languages):
    """Above the table, one line per translated language: complete, or in progress with
    the share of its entries translated (what the notice on its pages says)."""
    page = soup(site / next(iter(languages)) / "translating.html")
    lines = [li.get_text(" ", strip=True) for li in page.select("ul.translation-languages > li")]
    expected = []
    for code in translated_languages(languages):
        # each language named in English on the English page (« Suédois » on the French one)
        name = TABLE[code].english_name
        if TABLE[code].complete:
            expected.append(f"{name}: complete.")
        else:
            share = percent(LOCALE, code)
            expected.append(f"{name}: translation in progress, {share} % translated.")
    assert lines == expected
    french = soup(site / "fr" / "translating.html").select("ul.translation-languages > li")
    assert [li.get_text(" ", strip=True).split("\u202f")[0] for li in french][1:] == [
        "Suédois",
        "Allemand",
    ]


# --- broken catalogs -------------------------------------------------------------------


def _fill(po: Path, broken_id: str | None = None, broken: str | None = None) -> None:
    """Give every entry its English text as translation, except one broken entry."""
    with po.open("rb") as f:
        catalog = read_po(f)
    for message in catalog:
        if message.id:
            message.string = message.id
            message.flags.discard("fuzzy")
    if broken_id is not None:
        catalog[broken_id].string = broken
    with po.open("wb") as f:
        write_po(f, catalog, width=0)


def _entry_with(po: Path, needle: str) -> str:
    with po.open("rb") as f:
        return next(m.id for m in read_po(f) if m.id and needle in m.id)


# The broken copies hold English text as "translations", so they are checked as a language
# without typography rules ("xx"); the typography test below uses the real French catalog.
XX = "xx"


@pytest.fixture
def broken_locale(tmp_path: Path) -> Path:
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE / "fr", copy / XX, ignore=shutil.ignore_patterns("*.mo"))
    for po in catalogs(copy, XX):
        _fill(po)
    return copy


BREAKAGES = [
    # (catalog, a piece of the msgid to pick the entry, how to break its translation, report)
    (
        "straight-gin.po",
        "<standard-game-scoring>",
        lambda s: s.replace("<standard-game-scoring>", "<standard-scoring>"),
        "role or reference",
    ),
    (
        "index.po",
        "](standard.md)",
        lambda s: s.replace("](standard.md)", "] (standard.md)"),
        "link target",
    ),
    (
        "translating.po",
        "`make gettext`",
        lambda s: s.replace("`make gettext`", "make gettext"),
        "inline code",
    ),
    ("standard.po", "**Knock:**", lambda s: s.replace("**Knock:**", "**Frapper :"), "bold marker"),
    ("standard.po", "or a longer game to 250", lambda s: s.replace("250", "200"), "number"),
    (
        "sphinx.po",
        "%(copyright)s",
        lambda s: s.replace("%(copyright)s", "%(droits)s"),
        "placeholder",
    ),
]


@pytest.mark.parametrize(("catalog", "needle", "breaker", "kind"), BREAKAGES)
def test_broken_catalog_is_reported_with_file_and_entry(
    broken_locale, catalog, needle, breaker, kind
):
    assert check(broken_locale, [XX]) == []
    po = broken_locale / XX / "LC_MESSAGES" / catalog
    msgid = _entry_with(po, needle)
    _fill(po, msgid, breaker(msgid))
    errors = check(broken_locale, [XX])
    assert errors and all(e.startswith(f"{po}:") for e in errors), errors
    # our own report names the kind of damage and the entry (msgfmt may add its own lines)
    assert any(kind in e and repr(msgid[:50])[:-1] in e for e in errors), errors


def test_msgfmt_errors_name_the_file_and_line(broken_locale):
    po = broken_locale / XX / "LC_MESSAGES" / "sphinx.po"
    msgid = _entry_with(po, "pradyunsg/furo")
    _fill(po, msgid, msgid.strip())  # msgid starts and ends with a newline, msgstr does not
    errors = check(broken_locale, [XX])
    assert any(e.startswith(f"{po}:") and "msgstr" in e for e in errors), errors


def test_untranslated_and_fuzzy_entries_are_named(broken_locale):
    po = broken_locale / XX / "LC_MESSAGES" / "about.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    ids = [m.id for m in catalog if m.id]
    catalog[ids[0]].string = ""
    catalog[ids[1]].flags.add("fuzzy")
    with po.open("wb") as f:
        write_po(f, catalog, width=0)
    errors = check(broken_locale, [XX])
    assert len(errors) == 2, errors
    assert "untranslated entry" in errors[0] and repr(ids[0][:50])[:-1] in errors[0]
    assert "fuzzy entry" in errors[1] and repr(ids[1][:50])[:-1] in errors[1]


def test_check_tool_fails_on_a_broken_catalog(broken_locale):
    tool = [
        sys.executable,
        str(ROOT / "tools" / "check_catalogs.py"),
        "--locale",
        str(broken_locale),
        XX,
    ]
    assert subprocess.run(tool, capture_output=True, text=True).returncode == 0
    po = broken_locale / XX / "LC_MESSAGES" / "oklahoma.po"
    msgid = _entry_with(po, "[standard game](standard.md)")
    _fill(po, msgid, msgid.replace("(standard.md)", "(standrad.md)"))
    result = subprocess.run(tool, capture_output=True, text=True)
    assert result.returncode == 1
    assert f"{po}:" in result.stdout and "standrad.md" in result.stdout


def test_check_tool_takes_language_codes_as_the_docs_say():
    """``tools/check_catalogs.py fr`` (ARCHITECTURE.md, make lang) checks French, its site
    catalogs and its terminal game's; an unknown code is named with the table's file."""
    tool = [sys.executable, str(ROOT / "tools" / "check_catalogs.py")]
    french = subprocess.run([*tool, "fr"], capture_output=True, text=True)
    assert french.returncode == 0, french.stdout + french.stderr
    assert french.stdout.startswith("fr: ") and "\nsv: " not in french.stdout
    assert "`tools/check_catalogs.py fr`" in (ROOT / "ARCHITECTURE.md").read_text("utf-8")
    unknown = subprocess.run([*tool, "es"], capture_output=True, text=True)
    assert unknown.returncode == 2
    assert "unknown language es; ginrules/languages.py has: en, fr, sv, de" in unknown.stderr
    # make lang L=pt, before anything is built
    lang = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site.py"), "lang", "pt"],
        capture_output=True,
        text=True,
    )
    assert lang.returncode == 1 and "conf.py" not in lang.stderr
    assert "unknown language 'pt'; ginrules/languages.py has: en, fr, sv, de" in lang.stderr


def test_a_catalog_with_a_broken_reference_fails_the_build(tmp_path):
    """Sphinx itself, with warnings as errors, refuses a translation whose reference breaks."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("conf.py", "docs", "_templates", "ginrules_site", "ginrules"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, project / name)
    shutil.copytree(LOCALE / "fr", project / "locale" / "fr", ignore=shutil.ignore_patterns("*.mo"))
    po = project / "locale" / "fr" / "LC_MESSAGES" / "straight-gin.po"
    msgid = _entry_with(po, "<standard-game-scoring>")
    _fill(po, msgid, msgid.replace("<standard-game-scoring>", "<standard-scoring>"))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-W",
            "--keep-going",
            "-E",
            "-b",
            "html",
            "-c",
            str(project),
            "-D",
            "language=fr",
            # the main build's statistics (keyed by the engine's fingerprint), not 8,000 deals again
            "-D",
            f"ginrules_cache_dir={ROOT / '_build' / '.cache'}",
            str(project / "docs"),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert result.returncode != 0
    assert "straight-gin" in result.stderr and "standard-scoring" in result.stderr


@pytest.mark.parametrize(
    ("lang", "msgid", "breaker", "kind"),
    [
        (
            "fr",
            "Toggle Light / Dark / Auto color theme",
            lambda s: s.replace("\u202f:", " :"),
            "French typography",
        ),
        ("fr", "Back to top", lambda s: f'"{s}"', "quotes"),
        ("sv", "Back to top", lambda s: f"“{s}”", "quotes"),
    ],
)
def test_typography_is_checked(tmp_path, lang, msgid, breaker, kind):
    catalog_dir = tmp_path / "locale" / lang / "LC_MESSAGES"
    catalog_dir.mkdir(parents=True)
    po = catalog_dir / "sphinx.po"
    shutil.copy(LOCALE / lang / "LC_MESSAGES" / "sphinx.po", po)
    assert check(tmp_path / "locale", [lang]) == []
    with po.open("rb") as f:
        catalog = read_po(f)
    catalog[msgid].string = breaker(catalog[msgid].string)
    with po.open("wb") as f:
        write_po(f, catalog, width=0)
    errors = check(tmp_path / "locale", [lang])
    assert len(errors) == 1 and errors[0].startswith(f"{po}:") and kind in errors[0], errors
    assert repr(msgid)[:-1] in errors[0]


def test_catalogs_are_in_step_with_the_english(tmp_path, languages):
    """Every English message has an entry in every language, and no entry is left over:
    a page changed without ``make update-po`` fails here, even for a short heading."""
    pots = tmp_path / "gettext"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site.py"), "gettext", "-o", str(pots)],
        check=True,
        capture_output=True,
    )
    templates = sorted(pots.glob("*.pot"))
    assert {p.stem for p in templates} >= {"index", "standard", "sphinx", "ginrules_site"}
    # The templates a translation platform reads are committed beside the catalogs, in step
    # (apart from their date), with filled headers and no line numbers that churn the diffs.
    assert [p.name for p in templates] == sorted(p.name for p in LOCALE.glob("*.pot"))
    dated = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*$', re.MULTILINE)
    for pot in templates:
        text = pot.read_text(encoding="utf-8")
        assert dated.sub("", text) == dated.sub("", (LOCALE / pot.name).read_text("utf-8")), (
            f"locale/{pot.name} is out of step with the English: run make gettext"
        )
        assert text.startswith("# Template of the ginrules site's catalog"), pot
        assert not re.search(r"^#: .*:\d+\b", text, re.MULTILINE), pot
    for pot in templates:
        with pot.open("rb") as f:
            want = {m.id for m in read_po(f) if m.id}
        for lang in translated_languages(languages):
            po = LOCALE / lang / "LC_MESSAGES" / f"{pot.stem}.po"
            assert po.is_file(), po
            with po.open("rb") as f:
                have = {m.id for m in read_po(f) if m.id}
            assert not want - have, f"{po}: missing entries, run make update-po: {want - have}"
            assert not have - want, f"{po}: entries no page uses any more: {have - want}"


def test_a_malformed_catalog_stops_the_build_with_file_and_line(tmp_path):
    """Sphinx reads an unterminated ``msgstr`` without a word and shows a cut heading;
    ``make site`` and ``make lang`` stop before Sphinx runs, naming the file and line."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "tools", project / "tools", ignore=shutil.ignore_patterns("*.mjs"))
    shutil.copytree(
        ROOT / "ginrules_site", project / "ginrules_site", ignore=shutil.ignore_patterns("static")
    )
    shutil.copy(ROOT / "conf.py", project / "conf.py")
    shutil.copytree(LOCALE / "fr", project / "locale" / "fr", ignore=shutil.ignore_patterns("*.mo"))
    po = project / "locale" / "fr" / "LC_MESSAGES" / "about.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith('msgstr "') and i > 20)
    lines[cut] = lines[cut][:-1]  # the closing quote is lost
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in (["build", "fr"], ["lang", "fr"]):
        result = subprocess.run(
            [sys.executable, str(project / "tools" / "site.py"), *command],
            capture_output=True,
            text=True,
        )
        assert result.returncode != 0, command
        # msgfmt counts the line on which it finds the string still open: the next one
        assert f"{po}:{cut + 2}: end-of-line within string" in result.stderr, result.stderr
        assert not (project / "_build" / "html" / "fr").exists(), command


def test_update_po_translates_a_repeated_heading_once(tmp_path, monkeypatch):
    """A new or fuzzy entry whose English is translated in another catalog of the language
    takes that translation; an obsolete copy of a live entry is dropped (msgfmt refuses
    both); entries name their files without line numbers."""
    spec = importlib.util.spec_from_file_location("site_tool", ROOT / "tools" / "site.py")
    assert spec and spec.loader
    site_tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site_tool)
    locale = tmp_path / "locale"
    folder = locale / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    header = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    )
    (folder / "a.po").write_text(
        header + '#: docs/a.md:3\nmsgid "Scoring"\nmsgstr "Décompte"\n', encoding="utf-8"
    )
    (folder / "b.po").write_text(
        header + '#: docs/b.md:9\nmsgid "Scoring"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Deadwood"\nmsgstr "Points"\n\n'
        '#~ msgid "Scoring"\n#~ msgstr "Marque"\n',
        encoding="utf-8",
    )
    (folder / "c.po").write_text(
        header + 'msgid "Deadwood"\nmsgstr "Points morts"\n', encoding="utf-8"
    )
    monkeypatch.setattr(site_tool, "LOCALE", locale)
    assert site_tool.tidy_language("fr", "Français") == 2
    with (folder / "b.po").open("rb") as f:
        catalog = read_po(f)
    assert catalog["Scoring"].string == "Décompte" and not catalog.obsolete
    assert catalog["Deadwood"].string == "Points morts" and not catalog["Deadwood"].fuzzy
    assert check(locale, ["fr"]) == []
    assert "#: docs/a.md\n" in (folder / "a.po").read_text(encoding="utf-8")


def test_french_ecart_is_only_the_upcard() -> None:
    """In the French rule books *écart* is the upcard; the score difference is *la
    différence*. A French entry may say *écart* only where the English names the
    upcard or quotes the French word itself."""
    wrong = []
    for po in sorted((LOCALE / "fr" / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle):
                source = " ".join(message.id) if isinstance(message.id, tuple) else message.id
                text = message.string
                text = " ".join(text) if isinstance(text, tuple) else text or ""
                if not re.search(r"(?<!\w)écart(?!\w)", text, re.IGNORECASE):
                    continue
                if "upcard" in source or re.search(r"écart", source, re.IGNORECASE):
                    continue
                wrong.append(f"{po.name}: {source[:70]!r} -> {text[:70]!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", [c for c, lang in TABLE.items() if lang.complete][1:])
def test_card_letters_drawn_are_the_letters_typed(lang: str) -> None:
    """The index letters drawn on the cards (cards_html, from the language's entry) are
    those of the engine's notation for the language, so a reader types what the cards show."""
    from ginrules_site.cards_html import rank_letters

    ranks = NOTATIONS[lang].ranks
    assert list(rank_letters(lang).values()) == [ranks[0], *ranks[10:]]


def test_a_language_in_progress_is_held_at_its_minimum(broken_locale, monkeypatch):
    """In progress, untranslated and fuzzy entries are allowed down to the entry's minimum
    share; below it, one line names the share and the minimum. An entry with nothing to
    translate (a role alone, a number) is neither counted nor reported."""
    import dataclasses

    import ginrules_site.chrome.catalogs as catalogs_module

    # the copies hold English text: no typography rules, as for a language without an entry
    entry = dataclasses.replace(
        TABLE["en"],
        code=XX,
        wrong_quotes="",
        status="in progress",
        minimum=50,
        plural_forms=TABLE["fr"].plural_forms,  # the copies are the French catalogs
    )
    monkeypatch.setitem(catalogs_module.LANGUAGES, XX, entry)
    assert check(broken_locale, [XX]) == []
    po = broken_locale / XX / "LC_MESSAGES" / "standard.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    ids = [m.id for m in catalog if m.id]
    for msgid in ids[: len(ids) // 2]:
        catalog[msgid].string = ""
    catalog[ids[-1]].flags.add("fuzzy")
    with po.open("wb") as f:
        write_po(f, catalog, width=0)
    share = percent(broken_locale, XX)
    assert 50 <= share < 100
    assert check(broken_locale, [XX]) == []  # no line per untranslated or fuzzy entry
    monkeypatch.setitem(
        catalogs_module.LANGUAGES, XX, dataclasses.replace(entry, minimum=share + 1)
    )
    errors = check(broken_locale, [XX])
    assert errors == [
        f"{broken_locale / XX}: {share} % translated, below the minimum {share + 1} % "
        "of ginrules/languages.py"
    ]
    # complete, the same catalogs fail entry by entry
    monkeypatch.setitem(
        catalogs_module.LANGUAGES, XX, dataclasses.replace(entry, status="complete")
    )
    emptied = [m for m in ids[: len(ids) // 2] if not nothing_to_translate(m)]
    assert len(check(broken_locale, [XX])) == len(emptied) + 1


# Gin Rami's own terms, as each language's glossary names them: an English entry that says
# the term must say it in the language's words too (any inflection), in every catalog (the
# site's, the pages', the terminal game's; the terminal game's typed command words aside).
# The standard game's big gin and Gin Rami's grand gin have one name in each language.
PETIT = {"fr": r"petits? gin", "sv": r"lit\w* gin", "de": r"klein\w* Gin"}
GRAND = {"fr": r"grands? gin", "sv": r"stor\w* gin", "de": r"gro(ß|ss)\w* Gin"}


def gin_terms(lang: str, context: str | None, msgid: str) -> list[str]:
    if context == "command":
        return []
    terms = []
    if re.search(r"\bpetit gin", msgid, re.IGNORECASE):
        terms.append(PETIT[lang])
    if re.search(r"\b(grand|big) gin", msgid, re.IGNORECASE):
        terms.append(GRAND[lang])
    return terms


@pytest.mark.parametrize("lang", ["fr", "sv", "de"])
def test_gin_terms_keep_their_names(lang: str) -> None:
    root = Path(__file__).resolve().parents[2]
    paths = [*root.glob(f"locale/{lang}/LC_MESSAGES/*.po")]
    paths += [*root.glob(f"ginrules/locale/{lang}/LC_MESSAGES/*.po")]
    checked, wrong = 0, []
    for path in paths:
        with path.open("rb") as f:
            entries = [m for m in read_po(f, locale=lang) if m.id]
        for message in entries:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            for term in gin_terms(lang, message.context, ids[0]):
                checked += 1
                for text in strs:
                    if not re.search(term, text, re.IGNORECASE):
                        wrong.append(f"{path.name}: {ids[0]!r} -> {text!r}")
    assert checked > 10 and wrong == [], wrong


# In English, Gin Rami's gins have the French names the play page, the score sheet and the
# terminal game give them, petit gin and grand gin; big gin is the standard game's word.
SMALL_GIN = re.compile(r"\bsmall gins?\b", re.IGNORECASE)
BIG_GIN = re.compile(r"\bbig gins?\b", re.IGNORECASE)


def gin_rami_rows(lines: list[str]) -> list[str]:
    """The glossary's rows of a Gin Rami term that names a gin (not only the game)."""
    return [
        line
        for line in lines
        if "(Gin Rami)" in line
        and re.search(r"\bgin\b", line.split("|")[1].replace("(Gin Rami)", ""), re.IGNORECASE)
    ]


def gin_rami_gins_misnamed(docs: Path) -> list[str]:
    """What the English sources say wrong of Gin Rami's gins: small gin on any page, big
    gin on the Gin Rami page or in the glossary's Gin Rami row, either French name missing
    there, or the standard game's big gin gone from the glossary."""
    wrong = []
    for path in sorted(docs.glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        said = [f"{path.name}:{n}: {t[:70]}" for n, t in enumerate(lines, 1) if SMALL_GIN.search(t)]
        wrong += said
    page = (docs / "gin-rami.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    wrong += [f"gin-rami.md:{n}: {t[:70]}" for n, t in enumerate(lines, 1) if BIG_GIN.search(t)]
    glossary = (docs / "glossary.md").read_text(encoding="utf-8").splitlines()
    rows = gin_rami_rows(glossary)
    for text, where in [(page, "gin-rami.md"), (" ".join(rows), "glossary.md, Gin Rami's row")]:
        wrong += [f"{where}: no {name}" for name in ("petit gin", "grand gin") if name not in text]
    wrong += [f"glossary.md: {row[:70]}" for row in rows if BIG_GIN.search(row)]
    if not any(line.startswith("| big gin |") for line in glossary):
        wrong.append("glossary.md: no row for the standard game's big gin")
    return wrong


def built_gins_misnamed(site: Path) -> list[str]:
    """The same on the built English site: no text block of any page says small gin, and the
    glossary's Gin Rami row (its term and meaning, as the reader sees them) says grand gin,
    never big gin."""
    wrong = []
    for path in sorted((site / "en").glob("*.html")):
        wrong += [f"{path.name}: {t[:70]}" for _, t in blocks(path) if SMALL_GIN.search(t)]
    table_rows = soup(site / "en" / "glossary.html").select("#furo-main-content tr")
    cells = [[td.get_text(" ", strip=True) for td in row.find_all("td")] for row in table_rows]
    rows = gin_rami_rows(["|" + " | ".join(c) for c in cells if c])
    if len(rows) != 1 or "grand gin" not in rows[0] or BIG_GIN.search(rows[0]):
        wrong.append(f"glossary.html, Gin Rami's rows: {rows}")
    return wrong


def test_gin_rami_gins_have_their_french_names_in_english(site: Path) -> None:
    assert gin_rami_gins_misnamed(ROOT / "docs") == []
    assert built_gins_misnamed(site) == []


# The standard game's words that Gin Rami never says (its player goes down and keeps a
# count): each language's word for deadwood and for a knock. A hand list, held to the
# catalogs: each alternative must be the word that one of the ANCHORS entries uses in that
# language, so that a catalog that changes its term fails here instead of passing silently.
NOT_GIN_RAMI = {
    "en": r"deadwood|\bknock",
    "fr": r"points? morts?|\bfrapp",
    "sv": r"dödpoäng|okombinerade|\bknack",
    "de": r"deadwood|\bklopf",
}
ANCHORS = ("Deadwood", "Average deadwood when knocking", "Knock, discarding {card:nom}")
# The tutor's codes that the engine gives only with a knock limit (over_limit) or a limit of
# 0 (gin only, an Oklahoma ace, racing for gin; tests/engine/test_tutor_claims.py): never
# under Gin Rami, whose rules have no knock limit (asserted below).
LIMIT_ONLY = {"over_limit", "gin_only", "ace_upcard", "take_keep", "upcard_race", "pile_race"}


def _said(value: object) -> str:
    """A sentence of a page or a catalog (every plural form, every row of a table of
    them), its fields left out."""
    if isinstance(value, dict):  # a plural entry of the page: {"forms": [...], "count": ...}
        value = value.get("forms", list(value.values()))
    texts = value if isinstance(value, list | tuple) else [value]
    return re.sub(
        r"\{[^}]*\}",
        "",
        " / ".join(_said(t) if isinstance(t, dict | list) else str(t) for t in texts),
    )


@pytest.mark.parametrize("lang", [code for code, entry in TABLE.items() if entry.complete])
def test_gin_rami_play_never_says_deadwood_nor_knock(site: Path, lang: str) -> None:
    """Under Gin Rami, every sentence of the play page that a player can meet (its strings
    with the variant's words over them, as its script takes them; the tutor's and the
    chances' codes looked up as the script does) and the terminal game's chances (``ginrules
    play``, ``?``) say count and going down, in every language: never deadwood nor knock."""
    import html
    import json

    from ginrules.cards import CARDS
    from ginrules.cli.game import HINT_GOING_OUT, translation
    from ginrules.coach.hints import HINT_REASONS as HINT_CODES
    from ginrules.coach.tutor import EXPERT_REASONS, WHY_NOT
    from ginrules.coach.words import TUTOR_REASONS, TUTOR_REASONS_DOWN, Plural
    from ginrules.rules import find_variant
    from ginrules_site.live.play import HOLLYWOOD_ONLY, WORDS_FILE, play_strings

    words = NOT_GIN_RAMI[lang]
    anchors = list(ANCHORS)
    if lang != "en":
        with (LOCALE / lang / "LC_MESSAGES" / "ginrules_site.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        anchors = [catalog[msgid].string for msgid in ANCHORS]
    for word in words.split("|"):
        assert any(re.search(word, text, re.IGNORECASE) for text in anchors), (word, anchors)
    rules = find_variant("french")
    assert not rules.gin_only and all(rules.knock_limit(card) is None for card in CARDS)

    page = (site / lang / "play.html").read_text(encoding="utf-8")
    params = re.search(r'data-widget="play"[^>]*data-params="([^"]*)"', page)
    strings = re.search(r'<script type="application/json" class="gr-widget-strings">(.*?)<', page)
    assert params and strings
    assert json.loads(html.unescape(params.group(1)))["variants"]["french"]["upcard_limit"] is False
    own = json.loads((site / lang / "_static" / WORDS_FILE).read_text(encoding="utf-8"))
    said = {**json.loads(strings.group(1)), **own["strings"], **own["variants"]["french"]}
    # the page's own sentences and Gin Rami's words, but Oklahoma's upcard and what only a
    # knock limit gives; then the tutor's and the chances' codes: tutor_<code>, else <code>
    keys = set(play_strings()) | set(own["variants"]["french"])
    keys -= {f"tutor_{c}" for c in LIMIT_ONLY}
    keys -= {"knock_card", "knock_card_limit", "knock_card_gin"}
    texts = {key: said[key] for key in keys if key in said}
    for code in {*EXPERT_REASONS, *WHY_NOT, *HINT_CODES} - LIMIT_ONLY:
        texts[f"tutor_{code}"] = said.get(f"tutor_{code}", said.get(code, ""))
    # and the computer's levels, which the page lists for every variant alike
    levels = re.search(r'<select id="gr-play-level"[^>]*>(.*?)</select>', page)
    assert levels
    texts |= {
        f"level {n}": html.unescape(t)
        for n, t in enumerate(re.findall(r">([^<]+)<", levels.group(1)))
    }
    wrong = {key: text for key, text in texts.items() if re.search(words, _said(text), re.I)}
    assert len(texts) > 150 and wrong == {}, wrong

    # the terminal game's chances under Gin Rami: each reason and way out, translated
    cli = translation(lang)
    lines = [
        cli.ngettext(text.singular, text.plural, 1) + cli.ngettext(text.singular, text.plural, 2)
        if isinstance(text, Plural)
        else cli.gettext(text)
        for code, text in {**TUTOR_REASONS, **TUTOR_REASONS_DOWN}.items()
        if code not in LIMIT_ONLY
        and f"tutor_{code}" not in HOLLYWOOD_ONLY  # one deal: no game of three
    ]
    lines += [cli.gettext(down) for _, down in HINT_GOING_OUT.values()]
    wrong_cli = [line for line in lines if re.search(words, _said(line), re.IGNORECASE)]
    assert len(lines) > 20 and wrong_cli == [], wrong_cli


# Gin Rami's eleven-card gin is its grand gin; big gin is the standard game's. Each language's
# two words are its catalog's score sheet outcome words: the same word but in English (fr grand
# gin, sv stor gin, de großes Gin).
GIN_WORDS = ("big gin", "grand gin")


def gin_words(lang: str) -> tuple[str, str]:
    """A language's words for the standard game's big gin and for Gin Rami's grand gin."""
    if lang == "en":
        return GIN_WORDS
    with (LOCALE / lang / "LC_MESSAGES" / "ginrules_site.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    big, grand = (catalog[msgid].string for msgid in GIN_WORDS)
    assert big and grand, lang
    return big, grand


def variant_strings(page: str) -> dict[str, dict[str, object]]:
    """What a built page's widgets say under each variant: the page's strings with the
    variant's words over them (a widget's params, or each variant of the exercises), as the
    scripts merge them."""
    import html
    import json

    found = re.search(r'<script type="application/json" class="gr-widget-strings">(.*?)<', page)
    assert found
    own: dict[str, dict[str, object]] = {}
    for attrs in re.findall(r'<section class="gr-widget[^>]*>', page):
        params = re.search(r'data-params="([^"]*)"', attrs)
        assert params, attrs[:80]
        data = json.loads(html.unescape(params.group(1)))
        variant = re.search(r'data-variant="([^"]*)"', attrs)
        if variant:
            own.setdefault(variant.group(1), {}).update(data["words"])
        for name, of_variant in data.get("variants", {}).items():
            own.setdefault(name, {}).update(of_variant["words"])
    return {name: {**json.loads(found.group(1)), **words} for name, words in own.items()}


@pytest.mark.parametrize("lang", [code for code, entry in TABLE.items() if entry.complete])
def test_gin_rami_widgets_say_grand_gin_never_big_gin(site: Path, lang: str) -> None:
    """Every string that the widgets of the Gin Rami page and the exercises under Gin Rami
    can say (the page's strings with Gin Rami's words over them, as the scripts take them)
    names the eleven-card gin with the language's grand gin wherever the standard game's
    name it with big gin; where the two words differ (English), none of them says big gin,
    nor does any text of the built Gin Rami page (its examples, its widgets' help, its table
    of the differences from standard)."""
    from ginrules.match import entry_outcomes
    from ginrules.rules import find_variant

    big, grand = (word.lower() for word in gin_words(lang))
    rules = find_variant("french")
    assert rules.big_gin
    # Never said under Gin Rami: the refusal of rules without big gin, and the score sheet's
    # outcome words that are not Gin Rami's (only a reader's refused entry, echoed).
    outcomes = {f"outcome_word_{word}" for word in entry_outcomes(rules)}
    pages = {
        name: variant_strings((site / lang / f"{name}.html").read_text(encoding="utf-8"))
        for name in ("gin-rami", "exercises")
    }

    def unsaid(key: str) -> bool:
        return key == "no_big_gin" or (key.startswith("outcome_word_") and key not in outcomes)

    standard = pages["exercises"]["standard"]
    eleven = {key for key, text in standard.items() if big in _said(text).lower()}
    eleven = {key for key in eleven if not unsaid(key)}
    assert len(eleven) >= 9, eleven
    wrong = {}
    for name, variants in pages.items():
        for key, text in variants["french"].items():
            said = _said(text).lower()
            misnamed = big != grand and big in said
            if not unsaid(key) and (misnamed or (key in eleven and grand not in said)):
                wrong[f"{name}: {key}"] = text
    if big != grand:
        path = site / lang / "gin-rami.html"
        wrong |= {f"gin-rami.html: {t[:60]}": t for _, t in blocks(path) if big in t.lower()}
    assert wrong == {}, wrong


def test_every_language_has_a_plural_rule_gettext_knows():
    """Each entry's rule gives every form to some number, and is gettext's usual rule for
    its code (the GNU gettext manual's, ``GETTEXT_PLURAL_FORMS``): no warning."""
    for code, entry in TABLE.items():
        assert entry.plural_problem() is None, code
        assert entry.plural_warning() is None, code
    odd = dataclasses.replace(TABLE["fr"], plural_forms="nplurals=2; plural=(n != 1);")
    warning = odd.plural_warning()
    assert warning and "'fr'" in warning and "nplurals=2; plural=n>1;" in warning
    broken = dataclasses.replace(TABLE["fr"], plural_forms="nplurals=3; plural=(n > 1);")
    assert "gives the forms [0, 1], not 0 to 2" in str(broken.plural_problem())


def test_plural_forms_other_than_the_entrys_are_named_with_file_and_line(tmp_path):
    """What Babel, Sphinx and msgfmt refuse: more forms than the rule has (the catalog
    sphinx-intl writes with CLDR's rule), or a header with another rule."""
    po = tmp_path / "fr" / "LC_MESSAGES" / "t.po"
    po.parent.mkdir(parents=True)
    header = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: {rule}\\n"\n\n'
    )
    entry = 'msgid "{{n}} card"\nmsgid_plural "{{n}} cards"\nmsgstr[0] "{{n}} carte"\n'
    entry += 'msgstr[1] "{{n}} cartes"\nmsgstr[2] "{{n}} cartes"\n'
    po.write_text(header.format(rule=TABLE["fr"].plural_forms) + entry, encoding="utf-8")
    assert plural_problems(po, "fr") == [
        f"{po}:7: this plural entry has msgstr[0], msgstr[1], msgstr[2], where the entry "
        "'fr' of ginrules/languages.py's rule has 2 forms (msgstr[0] to msgstr[1]): run make "
        "update-po, which gives every plural entry its language's forms"
    ]
    assert unreadable(po, "fr") == plural_problems(po, "fr")
    cldr = "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;"
    po.write_text(header.format(rule=cldr) + entry, encoding="utf-8")
    header_line, forms_line = plural_problems(po, "fr")
    assert header_line == (
        f"{po}:5: the header has Plural-Forms {cldr!r}, not the plural rule of the entry 'fr' "
        f"in ginrules/languages.py, {TABLE['fr'].plural_forms!r}: run make update-po, which "
        "writes it"
    )
    assert forms_line.startswith(f"{po}:7: this plural entry has msgstr[0], msgstr[1], msgstr[2]")


# Every catalog in the repository: the site's and the terminal game's.
COMMITTED = [
    *sorted(LOCALE.glob("*/LC_MESSAGES/*.po")),
    *sorted((ROOT / "ginrules" / "locale").glob("*/LC_MESSAGES/ginrules.po")),
]


def test_every_catalog_passes_plain_msgfmt_check():
    """What Poedit runs as it saves and the platforms' format checks run: plain ``msgfmt
    --check`` on each file as it is. Not a line of output: no error, no warning (a header
    field left at its template value is one). Where the English names a card with its case
    (``{card:nom}``) msgfmt skips the entry; the project's check holds those."""
    languages = [code for code in TABLE if code != "en"]
    assert len(COMMITTED) >= len(languages) * 15  # 14 site catalogs and the terminal game's
    said = []
    for po in COMMITTED:
        run = subprocess.run(
            ["msgfmt", "--check", "-o", os.devnull, str(po)], capture_output=True, text=True
        )
        said += [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
        if run.returncode:
            said.append(f"{po}: exit status {run.returncode}")
    assert said == [], "\n".join(said[:40]) + f"\n({len(said)} lines)"
