"""Any real language, whatever its plural rule (issue 31, point 1): in a copy of the project,
real language codes of every gettext plural family are added the documented way (an entry in
``ginrules/languages.py``, in progress, then ``make update-po``), each given a handful of real
translations, among them a plural entry, and built. Babel's plural data (CLDR) gives Spanish,
Italian and Portuguese three forms where gettext's rule has two: ``update-po`` writes every
catalog with its entry's rule and that many forms, and the build shows each form.

Families: Japanese (one form), Spanish, Italian and Portuguese (two), Polish (three), Slovenian
(four), Irish (five: CLDR's rule, which Irish translators use; the GNU gettext manual gives three,
so ``update-po`` warns), Arabic (six). A catalog written with the wrong number of forms (the bug
of the issue) stops its own language's build with file, line and a sentence, and no other's.

The copy reuses the main build's caches (the deal statistics, the minified scripts) and
``node_modules``, as ``test_new_language.py`` does.
"""

from __future__ import annotations

import gettext
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from bs4 import BeautifulSoup

from ginrules.languages import Language, same_plural_rule
from ginrules_site.live.play import WORDS_FILE

from .conftest import copy_project

ROOT = Path(__file__).resolve().parents[2]
MARKER = "        # A new language: its entry here"
NOTICE = "Translation in progress: {percent} % of this site is translated."
STOCK = ("{n} card", "{n} cards")  # the play page's count of the stock: a plural entry
GIN = "nplurals=2; plural=(n != 1);"
IRISH = "nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4);"
ARABIC = (
    "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 "
    ": n%100>=11 ? 4 : 5);"
)
POLISH = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
SLOVENIAN = "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);"

# code: (the entry's fields, its translations: the notice, the stock's count in every form,
# and two of the theme's words, "Back to top" and "Skip to content")
FAMILIES: dict[str, tuple[dict[str, object], dict[str, object]]] = {
    "ja": (
        dict(
            name="日本語",
            english_name="Japanese",
            root_title="ジン・ラミーのルール",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms="nplurals=1; plural=0;",
            quotes="「 」",
            decimal_point=".",
            percent="{}%",
        ),
        {
            NOTICE: "翻訳中：このサイトの{percent}%が翻訳済みです。",
            STOCK: ("{n}枚",),
            "Back to top": "トップに戻る",
            "Skip to content": "コンテンツにスキップ",
        },
    ),
    "es": (
        dict(
            name="Español",
            english_name="Spanish",
            root_title="Reglas del gin rummy",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms=GIN,
            quotes="« »",
        ),
        {
            NOTICE: "Traducción en curso: el {percent} % de este sitio está traducido.",
            STOCK: ("{n} carta", "{n} cartas"),
            "Back to top": "Volver arriba",
            "Skip to content": "Saltar al contenido",
        },
    ),
    "it": (
        dict(
            name="Italiano",
            english_name="Italian",
            root_title="Regole del gin rummy",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms=GIN,
            quotes="« »",
            percent="{}%",
        ),
        {
            NOTICE: "Traduzione in corso: il {percent}% di questo sito è tradotto.",
            STOCK: ("{n} carta", "{n} carte"),
            "Back to top": "Torna su",
            "Skip to content": "Vai al contenuto",
        },
    ),
    "pt": (
        dict(
            name="Português",
            english_name="Portuguese",
            root_title="Regras do gin rummy",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms=GIN,
            quotes="« »",
        ),
        {
            NOTICE: "Tradução em curso: {percent} % deste site está traduzido.",
            STOCK: ("{n} carta", "{n} cartas"),
            "Back to top": "Voltar ao topo",
            "Skip to content": "Saltar para o conteúdo",
        },
    ),
    "pl": (
        dict(
            name="Polski",
            english_name="Polish",
            root_title="Zasady gin rummy",
            ranks=("A", *map(str, range(2, 11)), "W", "D", "K"),
            plural_forms=POLISH,
            quotes="„ ”",
        ),
        {
            NOTICE: "Tłumaczenie w toku: przetłumaczono {percent} % tej witryny.",
            STOCK: ("{n} karta", "{n} karty", "{n} kart"),
            "Back to top": "Powrót na górę",
            "Skip to content": "Przejdź do treści",
        },
    ),
    "sl": (
        dict(
            name="Slovenščina",
            english_name="Slovenian",
            root_title="Pravila igre gin rummy",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms=SLOVENIAN,
            quotes="„ “",
        ),
        {
            NOTICE: "Prevod v teku: prevedeno je {percent} % tega spletnega mesta.",
            STOCK: ("{n} karta", "{n} karti", "{n} karte", "{n} kart"),
            "Back to top": "Na vrh",
            "Skip to content": "Preskoči na vsebino",
        },
    ),
    "ga": (
        dict(
            name="Gaeilge",
            english_name="Irish",
            root_title="Rialacha gin rummy",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms=IRISH,
            decimal_point=".",
            percent="{}%",
        ),
        {
            NOTICE: "Aistriúchán ar siúl: tá {percent}% den suíomh seo aistrithe.",
            # 1 to 6 lenite the noun, 7 to 10 eclipse it, the others leave it as it is
            STOCK: ("{n} chárta", "{n} chárta", "{n} chárta", "{n} gcárta", "{n} cárta"),
            "Back to top": "Ar ais go barr",
            "Skip to content": "Léim go dtí an t-ábhar",
        },
    ),
    "ar": (
        dict(
            name="العربية",
            english_name="Arabic",
            root_title="قواعد جين رامي",
            ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
            plural_forms=ARABIC,
            quotes="« »",
            decimal_point=".",
            percent="{}%",
        ),
        {
            NOTICE: "الترجمة جارية: تُرجم {percent}% من هذا الموقع.",
            # zero, one, two (the dual), 3 to 10 (plural), 11 to 99 and 100 on (singular)
            STOCK: (
                "{n} ورقة",
                "{n} ورقة",
                "{n} ورقتان",
                "{n} أوراق",
                "{n} ورقة",
                "{n} ورقة",
            ),
            "Back to top": "العودة إلى الأعلى",
            "Skip to content": "انتقل إلى المحتوى",
        },
    ),
}
CODES = list(FAMILIES)


def entry_source(code: str) -> str:
    fields, _words = FAMILIES[code]
    lines = [f"            code={code!r},"]
    lines += [f"            {name}={value!r}," for name, value in fields.items()]
    lines += [
        "            suits=SUIT_SYMBOLS,",
        '            status="in progress",',
        "            minimum=0,",
    ]
    return "        Language(\n" + "\n".join(lines) + "\n        ),\n"


def entry(code: str) -> Language:
    fields, _words = FAMILIES[code]
    suits = ("♠", "♥", "♦", "♣")
    return Language(code=code, suits=suits, status="in progress", minimum=0, **fields)  # type: ignore[arg-type]


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=project, check=False
    )


def translate(project: Path, code: str) -> None:
    """As a translator does in a catalog editor: the handful of entries, every form."""
    _fields, words = FAMILIES[code]
    folder = project / "locale" / code / "LC_MESSAGES"
    for name in ("ginrules_site.po", "sphinx.po"):
        po = folder / name
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            key = message.id if isinstance(message.id, str) else tuple(message.id)
            if message.id and key in words and not message.context:
                message.string = words[key]  # type: ignore[assignment]
                message.flags.discard("fuzzy")
            if "python-brace-format" in message.flags:
                # Babel flags "{percent} % of" python-format as it reads it; an editor
                # leaves the flags as make update-po wrote them
                message.flags.discard("python-format")
        with po.open("wb") as f:
            write_po(f, catalog, width=0)


def plural_entries(po: Path) -> list[tuple[int, int]]:
    """(line of the msgid, number of msgstr[n]) of each plural entry of a catalog."""
    found: list[tuple[int, int]] = []
    for number, line in enumerate(po.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("msgid_plural"):
            found.append((number - 1, 0))
        elif line.startswith("msgstr[") and found:
            found[-1] = (found[-1][0], found[-1][1] + 1)
    return found


def built(root: Path, code: str, page: str) -> Path:
    """A page of a language as built: Spanish by make lang, in its preview folder; the
    others by the site's build."""
    return root / "_build" / ("preview" if code == "es" else "html") / code / page


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    project = copy_project(tmp_path_factory.mktemp("plural-families") / "project")
    # 1. the entries, in progress
    table = project / "ginrules" / "languages.py"
    text = table.read_text(encoding="utf-8")
    assert MARKER in text
    entries = "".join(entry_source(code) for code in CODES)
    table.write_text(text.replace(MARKER, entries + MARKER, 1), encoding="utf-8")
    # 2. make update-po: the templates, then every catalog
    gettext_run = run(project, "tools/site.py", "gettext")
    assert gettext_run.returncode == 0, gettext_run.stdout + gettext_run.stderr
    update = run(project, "tools/site.py", "update-po")
    assert update.returncode == 0, update.stdout + update.stderr
    written = {
        code: {po.name: plural_entries(po) for po in (project / "locale" / code).rglob("*.po")}
        for code in CODES
    }
    # 3. the translator's handful
    for code in CODES:
        translate(project, code)
    # 4. the bug of the issue: Spanish with CLDR's three forms in its plural entries (a header
    # that says two); its build stops, naming the file and line, and the others build
    site_po = project / "locale" / "es" / "LC_MESSAGES" / "ginrules_site.po"
    good = site_po.read_text(encoding="utf-8")
    broken = re.sub(r'(msgstr\[1\] "([^"\n]*)"\n)', r'\1msgstr[2] "\2"\n', good)
    site_po.write_text(broken, encoding="utf-8")
    refused = run(project, "tools/site.py", "build", "es")
    others = [code for code in CODES if code != "es"]
    built = run(project, "tools/site.py", "build", *others)
    assert built.returncode == 0, built.stdout + built.stderr
    # 5. make update-po mends it (the translated entries it changes turn fuzzy), the
    # translator checks them, and Spanish builds and passes the checks of make lang
    repaired = run(project, "tools/site.py", "update-po", "es")
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    with site_po.open("rb") as f:
        mended = {m.id: (m.string, m.fuzzy) for m in read_po(f) if m.id == STOCK}
    spanish = run(project, "tools/site.py", "lang", "es")
    assert spanish.returncode == 0, spanish.stdout + spanish.stderr
    checks = run(project, "tools/check_catalogs.py", *CODES)
    return {
        "path": project,
        "update": update,
        "written": written,
        "refused": refused,
        "broken": broken,
        "mended": mended,
        "checks": checks,
    }


def test_update_po_writes_each_language_with_its_entrys_plural_forms(
    project: dict[str, object],
) -> None:
    root = project["path"]
    assert isinstance(root, Path)
    written = project["written"]
    assert isinstance(written, dict)
    for code in CODES:
        forms = entry(code).nplurals
        assert written[code]["ginrules_site.po"], code  # the site catalog has plural entries
        for name, counts in written[code].items():
            assert {count for _line, count in counts} <= {forms}, (code, name, counts)
        for po in sorted((root / "locale" / code).rglob("*.po")):
            header = re.search(r'^"Plural-Forms: (.*)\\n"$', po.read_text("utf-8"), re.M)
            assert header and same_plural_rule(header.group(1), entry(code).plural_forms), po
            # what Poedit and the platforms run: not a line to say
            said = subprocess.run(
                ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
            )
            assert said.returncode == 0 and not (said.stdout + said.stderr).strip(), said.stderr


def test_a_rule_other_than_gettexts_usual_one_is_warned_of(project: dict[str, object]) -> None:
    update = project["update"]
    assert isinstance(update, subprocess.CompletedProcess)
    warnings = [line for line in update.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, update.stderr
    assert "'ga'" in warnings[0] and IRISH in warnings[0]
    assert "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;" in warnings[0]  # the manual's rule
    assert [entry(code).plural_warning() is None for code in CODES] == [
        code != "ga" for code in CODES
    ]


def test_a_catalog_with_other_forms_stops_only_its_own_build(project: dict[str, object]) -> None:
    refused = project["refused"]
    assert isinstance(refused, subprocess.CompletedProcess)
    said = refused.stdout + refused.stderr
    assert refused.returncode != 0
    assert "Traceback" not in said and "Extension error" not in said
    po = Path(str(project["path"])) / "locale" / "es" / "LC_MESSAGES" / "ginrules_site.po"
    broken = str(project["broken"]).splitlines()
    lines = [line for line in said.splitlines() if line.startswith(f"{po}:")]
    assert lines and all("plural entry has msgstr[0], msgstr[1], msgstr[2]" in x for x in lines)
    first = int(lines[0].split(":")[1])
    assert broken[first - 1].startswith("msgid ")  # the line of the entry's msgid
    assert "2 forms" in lines[0] and "make update-po" in lines[0]
    # the Spanish build stopped before Sphinx; the others were built meanwhile
    root = Path(str(project["path"]))
    assert all(built(root, code, "index.html").is_file() for code in CODES)
    # mended by make update-po: the form that no Spanish number takes is gone, the two that
    # gettext's rule gives are kept as translated
    assert project["mended"] == {STOCK: (FAMILIES["es"][1][STOCK], False)}


def test_the_catalog_checks_of_make_lang_pass(project: dict[str, object]) -> None:
    checks = project["checks"]
    assert isinstance(checks, subprocess.CompletedProcess)
    assert checks.returncode == 0, checks.stdout + checks.stderr


@pytest.mark.parametrize("code", CODES)
def test_each_language_builds_in_progress_in_its_words(
    project: dict[str, object], code: str
) -> None:
    root = Path(str(project["path"]))
    _fields, words = FAMILIES[code]
    page = BeautifulSoup(
        built(root, code, "index.html").read_text("utf-8"), "html.parser"
    )
    assert page.html is not None and page.html["lang"] == code
    notice = page.select_one("p.translation-progress")
    assert notice is not None
    share = int(re.findall(r"\d+", notice.get_text())[0])
    assert notice.get_text(strip=True) == str(words[NOTICE]).format(percent=share)
    texts = {" ".join(t.split()) for t in page.stripped_strings}
    assert {words["Back to top"], words["Skip to content"]} <= texts


@pytest.mark.parametrize("code", CODES)
def test_a_plural_message_is_shown_in_each_form(project: dict[str, object], code: str) -> None:
    root = Path(str(project["path"]))
    language = entry(code)
    forms = list(FAMILIES[code][1][STOCK])  # type: ignore[arg-type]
    assert len(forms) == language.nplurals
    # a number that takes each form: Arabic 0, 1, 2, 3, 11, 100
    numbers = [
        next(n for n in range(1000) if language.plural_index(n) == i) for i in range(len(forms))
    ]
    # the catalog the build compiled, read as Python's gettext reads it
    mo = root / "locale" / code / "LC_MESSAGES" / "ginrules_site.mo"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert [compiled.ngettext(*STOCK, n) for n in numbers] == forms
    # the play page: the rule in the page, every form in the table's strings it fetches
    # (the words file), as its script reads them, the form picked for each number by that
    # rule as the browser runs it
    play = BeautifulSoup(
        built(root, code, "play.html").read_text("utf-8"), "html.parser"
    )
    script = play.select_one("script.gr-widget-strings")
    assert script is not None and script.string
    strings = json.loads(script.string)
    table = json.loads(built(root, code, f"_static/{WORDS_FILE}").read_text("utf-8"))
    assert table["strings"]["stock_count"] == {"forms": forms, "count": "n"}
    probe = (
        f"const rule = new Function('n', 'return ' + {json.dumps(strings['plural_rule'])});"
        f"process.stdout.write(JSON.stringify({json.dumps(numbers)}.map((n) => rule(n))));"
    )
    picked = subprocess.run(["node", "-e", probe], capture_output=True, text=True, check=True)
    assert json.loads(picked.stdout) == list(range(len(forms)))


def test_the_preview_marks_what_is_left_in_english_with_english_quotes(
    project: dict[str, object],
) -> None:
    """``make lang es`` is a preview: the passages still in English stand out (its own
    stylesheet, which ``make site``'s build does not load), are marked ``lang="en"`` and
    keep English quotation marks (the issue saw «Differences from standard»)."""
    root = Path(str(project["path"]))
    html = root / "_build" / "html"
    preview = root / "_build" / "preview"
    spanish = BeautifulSoup((preview / "es" / "index.html").read_text("utf-8"), "html.parser")
    assert spanish.select_one('link[href*="ginrules-preview.css"]') is not None
    quoted = [
        p for p in spanish.select(".untranslated") if "Differences from standard" in p.get_text()
    ]
    assert quoted and quoted[0]["lang"] == "en"
    text = quoted[0].get_text()
    assert "\u201cDifferences from standard\u201d" in text and "\u00ab" not in text
    plain = next(code for code in CODES if code != "es")  # built by tools/site.py build
    assert "ginrules-preview.css" not in (html / plain / "index.html").read_text("utf-8")
    # the preview has its own folder: the site's pages are never the preview's
    assert not any("ginrules-preview.css" in p.read_text("utf-8") for p in html.rglob("*.html"))
    assert (root / "ginrules_site" / "static" / "ginrules-preview.css").is_file()
