"""A sentence that opens with a card names it with a capital (``{card:Nom}``,
``ginrules/cases.py``) in every catalog, English included; and the translating page
teaches the cases ("Cards in sentences: cases") in every language with what the German
catalog, ``ginrules/cases.py`` and the catalog check really hold."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sphinx.locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup, Tag

from ginrules.cards import Card
from ginrules.cases import CARD_FIELDS, CASE_NAMES, CASES, parse_case
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules_site.cards_html import card_name, definite_card_name
from ginrules_site.chrome.catalogs import check
from ginrules_site.directives.deals import turn_sentences
from ginrules_site.messages import CATALOG, Plural

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
COMPLETE = [code for code, language in LANGUAGE_TABLE.items() if language.complete]
# every catalog: the site's templates (the English text), each language's site and page
# catalogs, the terminal game's
CATALOGS = [
    *sorted(LOCALE.glob("*.pot")),
    *sorted(LOCALE.glob("*/LC_MESSAGES/*.po")),
    *sorted((ROOT / "ginrules" / "locale").glob("*/LC_MESSAGES/*.po")),
]
# a field at the start of a text or of a sentence in it
OPENER = re.compile(r"(?:^|[.!?]\s+)\{(\w+)(?::(\w*))?\}")
# Where the page shows the card's picture, not its name, the field stays bare: the
# lay-offs (ginrules-render.mjs puts the picture in place of "{card}" exactly), the
# exercises' list of discards, and the turns of a deal (deal_turns: the stock-end widget's
# sentence() reads "{card}" only).
PICTURES = ("{card} onto the run {meld}", "{card} onto the set {meld}", "{card} → {deadwood}")
JACK = Card.parse("JC")


def deal_turns() -> list[str]:
    """The msgids of a deal log's sentences (``deals.turn_sentences``) that name a card."""
    found = []
    for template in turn_sentences().values():
        texts = [template.singular, template.plural] if isinstance(template, Plural) else [template]
        found += [str(text) for text in texts if "{card}" in str(text) or "{drawn}" in str(text)]
    return found


def texts(path: Path, english: bool = True) -> Iterator[tuple[int, str, str]]:
    """(line, msgid, text) for every text a reader may get from a catalog: its English
    (each msgid, unless ``english`` is false) and its translations (each msgstr form)."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in (ids if english else []) + strings:
            if text:
                yield message.lineno, ids[0], text


def test_a_card_field_that_opens_a_sentence_starts_with_a_capital() -> None:
    openers, bare = 0, []
    for path in CATALOGS:
        for line, msgid, text in texts(path):
            if msgid in PICTURES:
                continue
            for name, spec in OPENER.findall(text):
                if name not in CARD_FIELDS:
                    continue
                openers += 1
                case = parse_case(spec)
                if case is None or not case[1]:
                    bare.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    assert bare == []
    # the English and each language's "{card:Nom} is not in the hand." at least
    assert openers >= 4 * len(COMPLETE)


def test_a_card_shown_as_its_picture_keeps_the_bare_field(tmp_path: Path) -> None:
    with speaking("en", tmp_path):
        pictures = {*PICTURES, *deal_turns()}
    with (LOCALE / f"{CATALOG}.pot").open("rb") as handle:
        english = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle)}
    assert set(PICTURES) <= english and len(pictures) > 10  # each is a template of the site
    cased = []
    for path in CATALOGS:
        for line, msgid, text in texts(path):
            if msgid in pictures and re.search(r"\{\w+:\w+\}", text):
                cased.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    assert cased == []


@contextmanager
def speaking(lang: str, tmp_path: Path) -> Iterator[None]:
    """The extension's catalog of ``lang``, loaded as the build loads it."""
    sphinx.locale.translators.pop(("general", CATALOG), None)
    if lang != "en":
        po = LOCALE / lang / "LC_MESSAGES" / f"{CATALOG}.po"
        mo = tmp_path / lang / "LC_MESSAGES" / f"{CATALOG}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source, mo.open("wb") as target:
            write_mo(target, read_po(source, locale=lang))
    sphinx.locale.init([str(tmp_path)], lang, CATALOG)
    try:
        yield
    finally:
        sphinx.locale.translators.pop(("general", CATALOG), None)


def site_texts(lang: str) -> list[tuple[str, str]]:
    """(msgid, text) of every message of the extension's catalog in ``lang``."""
    if lang == "en":
        return [(msgid, text) for _line, msgid, text in texts(LOCALE / f"{CATALOG}.pot")]
    path = LOCALE / lang / "LC_MESSAGES" / f"{CATALOG}.po"
    return [(msgid, text) for _line, msgid, text in texts(path, english=False)]


@pytest.mark.parametrize("lang", COMPLETE)
def test_the_reader_gets_a_capital_where_a_sentence_opens_with_a_card(
    lang: str, tmp_path: Path
) -> None:
    with speaking(lang, tmp_path):
        names = [definite_card_name(JACK), card_name(JACK)]  # as a sentence, as spoken
    said = []
    for msgid, text in site_texts(lang):
        match = OPENER.match(text)
        if msgid in PICTURES or not match or match.group(1) not in CARD_FIELDS:
            continue
        fields = {name: 7 for name in re.findall(r"\{(\w+)", text)}
        for name in names:
            said.append(CASES.format(text, **{**fields, match.group(1): name}))
    assert len(said) >= 8
    assert [s for s in said if not s[0].isupper()] == []


# --- the translating page ---------------------------------------------------------------


def section(site: Path, lang: str) -> Tag:
    page = BeautifulSoup((site / lang / "translating.html").read_text("utf-8"), "html.parser")
    found = page.find(id="translating-cases")
    assert isinstance(found, Tag), lang
    return found


def codes(node: Tag) -> list[str]:
    return [code.get_text() for code in node.select("code")]


def german_catalog() -> dict[str, str]:
    with (LOCALE / "de" / "LC_MESSAGES" / f"{CATALOG}.po").open("rb") as handle:
        # the entries with no context: the same English in a context ("advice") is another entry
        return {
            m.id: m.string
            for m in read_po(handle)
            if isinstance(m.id, str) and m.id and m.context is None
        }


def test_the_translating_page_teaches_the_cases_from_the_catalogs(
    site: Path, tmp_path: Path
) -> None:
    english = section(site, "en")
    german = german_catalog()
    with speaking("de", tmp_path):
        jack = definite_card_name(JACK)
    text = english.get_text(" ")
    # the worked example is a real pair of the German catalog, and its button reads so
    pair = english.select_one("div.highlight-po pre")
    assert pair is not None
    msgid, msgstr = re.findall(r'^msg(?:id|str) "(.*)"$', pair.get_text(), re.MULTILINE)
    assert german[msgid] == msgstr
    assert f"“{CASES.format(msgstr, card=jack)}”" in text
    # the table: one row per case, each a phrase of the German catalog and what it gives
    rows = [[td.get_text(" ", strip=True) for td in tr.select("td")] for tr in english("tr")[1:]]
    specs = []
    for _case, phrase, shown in rows:
        name, spec = re.findall(r"\{(\w+)(?::(\w+))?\}", phrase)[0]
        assert name in CARD_FIELDS and any(phrase in s for s in german.values()), phrase
        assert CASES.format(phrase, **{name: jack}) == shown
        specs.append(parse_case(spec))
    assert specs == [(case, False) for case in CASE_NAMES]
    # the card fields, as ginrules/cases.py has them
    fields = next(p for p in english.select("p") if "CARD_FIELDS" in codes(p))
    named = codes(fields)
    assert set(named[: named.index("CARD_FIELDS")]) == CARD_FIELDS
    # a wrong case: the lines the catalog check prints, as the page quotes them
    quoted = english.select_one("div.highlight-text pre")
    assert quoted is not None and "{card:akk}" in codes(english)
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE / "de", copy / "de", ignore=shutil.ignore_patterns("*.mo"))
    po = copy / "de" / "LC_MESSAGES" / f"{CATALOG}.po"
    entry = f'msgid "{msgid}"\nmsgstr "{msgstr}"\n'
    source = po.read_text(encoding="utf-8")
    assert source.count(entry) == 1
    po.write_text(source.replace(entry, entry.replace(":Acc}", ":akk}")), encoding="utf-8")

    def lines(texts: list[str]) -> list[str]:
        # the file from locale/ on, without its line number
        where = re.compile(r"^.*?(locale/de/LC_MESSAGES/\S+\.po):\d+:")
        return [where.sub(r"\1:", line) for line in texts if f"{CATALOG}.po" in line]

    assert lines(check(copy, ["de"])) == lines(quoted.get_text().strip().split("\n"))


def test_every_language_has_the_section_with_the_same_code(site: Path, languages) -> None:
    english = sorted(codes(section(site, "en")))
    assert len(english) > 20
    for lang in list(languages)[1:]:
        assert sorted(codes(section(site, lang))) == english, lang
