"""Adding a language is one entry in ``ginrules/languages.py`` plus its catalogs (issue 23,
points 1 and 2): in a copy of the project, a made-up language ``xx`` with its own card
notation and a few catalogs, in progress, builds with ``tools/site.py lang xx`` (the
translator's loop); its pages carry ``lang="xx"``, the root page its title, a widget its
build-time example in the made-up notation, and, as a language in progress, the notice
in its own words with the share of its catalogs translated, its untranslated passages
marked ``lang="en"``, and its share in the language switcher. It is a language of the
terminal game too (issue 31, point 4): its catalog is written by ``tools/cli_catalog.py``,
a translation with a wrong field fails ``make lang`` naming the file, and the game plays on.

The copy reuses the main build's caches (the deal statistics, keyed by the engine's source,
which the table of languages is not part of; the minified scripts) and ``node_modules``.
"""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from bs4 import BeautifulSoup

from ginrules.cards import SUIT_SYMBOLS, Notation, parse_hand
from ginrules.languages import REQUIRED_MOVES
from ginrules_site.chrome.catalogs import percent

from .conftest import copy_project

ROOT = Path(__file__).resolve().parents[2]
NOTICE = "Translation in progress: {percent} % of this site is translated."
# The made-up language: ranks Y 2-10 W X Z, suits by their symbols.
RANKS = ("Y", "2", "3", "4", "5", "6", "7", "8", "9", "10", "W", "X", "Z")
# What a player of the made-up language types besides the catalog's words.
MOVE_WORDS = {move: (f"x{move}",) for move in REQUIRED_MOVES}
ENTRY = f"""
        Language(
            code="xx",
            name="Xish",
            english_name="Made-up",
            root_title="Xish gin rules",
            ranks={RANKS!r},
            suits=SUIT_SYMBOLS,
            quotes="“ ”",
            wrong_quotes="",
            status="in progress",
            minimum=30,
            terminal=True,
            move_words={MOVE_WORDS!r},
        ),
"""
MARKER = "        # A new language: its entry here"


def translate_some(template: Path, po: Path, share: float) -> None:
    """A catalog of the made-up language from an English template: the first ``share`` of
    its entries translated (the English with a prefix: markup and numbers kept)."""
    with template.open("rb") as f:
        catalog = read_po(f, locale="en")
    entries = [m for m in catalog if m.id and isinstance(m.id, str)]
    for message in entries[: round(share * len(entries))]:
        message.string = f"Xx {message.id}"
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as f:
        write_po(f, translators(catalog), width=0)


def translators(catalog: Catalog) -> Catalog:
    """The header as a catalog editor (or make update-po) fills it: plain msgfmt --check,
    which make lang runs, warns of the template's values."""
    catalog.revision_date = datetime.datetime(2026, 12, 1, 12, 0, tzinfo=datetime.UTC)
    catalog.last_translator = "Xish translators"
    catalog.language_team = "Xish"
    return catalog


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("new-language") / "project")
    # 1. the entry
    table = project / "ginrules" / "languages.py"
    text = table.read_text(encoding="utf-8")
    assert MARKER in text
    table.write_text(text.replace(MARKER, ENTRY.rstrip("\n") + "\n" + MARKER, 1), "utf-8")
    # 2. its catalogs: two pages, part translated; the notice in its own words
    folder = project / "locale" / "xx" / "LC_MESSAGES"
    translate_some(project / "locale" / "index.pot", folder / "index.po", 0.4)
    translate_some(project / "locale" / "about.pot", folder / "about.po", 0.4)
    site = Catalog(locale="en", project="ginrules", fuzzy=False)
    site.add(NOTICE, f"Xx {NOTICE}")
    with (folder / "ginrules_site.po").open("wb") as f:
        write_po(f, translators(site), width=0)
    # the terminal game's catalog: its lines in English until they are translated
    terminal = subprocess.run(
        [sys.executable, str(project / "tools" / "cli_catalog.py")],
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert terminal.returncode == 0, terminal.stdout + terminal.stderr
    assert "xx: in progress," in terminal.stdout
    # 3. its build, as a translator runs it (make lang L=xx)
    result = subprocess.run(
        [sys.executable, str(project / "tools" / "site.py"), "lang", "xx"],
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return project


def page(project: Path, name: str) -> BeautifulSoup:
    """A page of make lang's preview, which has its own folder (the site's is _build/html)."""
    path = project / "_build" / "preview" / name
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_the_pages_are_in_the_new_language(project: Path) -> None:
    index = page(project, "xx/index.html")
    assert index.html["lang"] == "xx"
    switcher = index.select_one(".language-switcher")
    assert switcher is not None
    current = switcher.select_one("a[aria-current]")
    assert current is not None and current["lang"] == "xx" and current.get_text() == "Xish"
    root = page(project, "index.html")
    assert "Xish gin rules" in root.title.get_text()
    assert root.select_one('a[href="xx/index.html"][lang="xx"]').get_text() == "Xish"


def test_a_widget_writes_its_example_in_the_new_notation(project: Path) -> None:
    field = page(project, "xx/standard.html").select_one("input#gr-melds-1-cards")
    assert field is not None
    written = field["value"].split()
    assert "Z♠" in written  # the king of spades, as the made-up notation writes it
    made_up = Notation("xx", RANKS, SUIT_SYMBOLS)
    # the hand of the page's first meld finder, written the made-up way
    source = (project / "docs" / "standard.md").read_text(encoding="utf-8")
    match = re.search(r"^```\{gin-meld-finder\} (.+)$", source, re.MULTILINE)
    assert match is not None
    assert written == [made_up.format(card) for card in parse_hand(match.group(1))]


def test_a_language_in_progress_says_so_and_marks_its_english(project: Path) -> None:
    share = percent(project / "locale", "xx")
    assert 30 <= share < 100
    index = page(project, "xx/index.html")
    notice = index.select_one("p.translation-progress")
    assert notice is not None and notice["lang"] == "xx"
    assert notice.get_text(strip=True) == f"Xx {NOTICE}".format(percent=share)
    mark = index.select_one('.language-switcher a[lang="xx"] ~ .language-progress')
    assert mark is not None and mark["data-progress"] == str(share)
    article = index.select_one("#furo-main-content")
    assert article is not None
    translated = [p for p in article.find_all("p") if p.get_text().startswith("Xx ")]
    english = article.select('p.untranslated[lang="en"]')
    assert translated and english
    assert all(p.get("lang") is None for p in translated)
    # a page without a catalog is English as a whole, and says so
    body = page(project, "xx/glossary.html").select_one("#furo-main-content")
    assert body is not None
    assert [div["lang"] for div in body.find_all("div", lang=True, recursive=False)] == ["en"]
    # the status list on the translating page names it with its share
    status = page(project, "xx/translating.html").select("ul.translation-languages > li")
    assert f"Xish: translation in progress, {share} % translated." in [
        re.sub(r"\s+", " ", li.get_text(" ", strip=True)) for li in status
    ]


def test_a_wrong_field_in_the_terminal_catalog_fails_make_lang(project: Path) -> None:
    """``{texto}`` for ``{text}`` (the issue's Spanish): ``make lang L=xx`` names the file and
    line; ``ginrules play --lang xx`` says that line in English instead of a ``KeyError``."""
    po = project / "ginrules" / "locale" / "xx" / "LC_MESSAGES" / "ginrules.po"
    english = "'{text}' is neither a move nor a card; type '{help}' for the moves."
    lines = po.read_text(encoding="utf-8").split("\n")
    at = lines.index(f'msgid "{english}"')
    assert lines[at + 1] == 'msgstr ""'  # in progress: not translated yet
    lines[at + 1] = "msgstr \"Xx '{texto}' xx; xx '{help}' xx.\""
    # and a good line, which tools/cli_catalog.py has not compiled yet
    passes = lines.index('msgid "You pass."')
    lines[passes + 1] = 'msgstr "Xx you pass."'
    po.write_text("\n".join(lines), encoding="utf-8")
    lang = subprocess.run(
        [sys.executable, str(project / "tools" / "site.py"), "lang", "xx"],
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert lang.returncode == 1, lang.stdout + lang.stderr
    named = [line for line in lang.stdout.splitlines() if line.startswith(f"{po}:")]
    assert any(
        line.startswith(f"{po}:{at + 1}: placeholder differs from the English; missing {{text}}")
        for line in named
    ), lang.stdout
    assert f"{po.with_suffix('.mo')}: not in step with ginrules.po" in lang.stdout
    compiled = subprocess.run(
        [sys.executable, str(project / "tools" / "cli_catalog.py")],
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert compiled.returncode == 1 and "kept out of ginrules.mo" in compiled.stdout
    game = subprocess.run(
        [sys.executable, "-m", "ginrules", "play", "--lang", "xx", "--seed", "3"],
        input="zzz\nxquit\n",
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert game.returncode == 0 and "Traceback" not in game.stderr, game.stderr
    assert "'zzz' is neither a move nor a card; type 'help' for the moves." in game.stdout
