"""The site's own words and data on the built pages: the home page's title, the
glossary's terms, and the glossary's table of card notations (from the engine)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from ginrules import NOTATIONS, parse_hand
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE

ROOT = Path(__file__).resolve().parents[2]
# The languages of ginrules.languages whose translation is complete (the source first).
COMPLETE = [code for code, language in LANGUAGE_TABLE.items() if language.complete]


def words(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation("ginrules_site", str(ROOT / "locale"), [lang])


def page(site: Path, lang: str, docname: str) -> BeautifulSoup:
    return BeautifulSoup((site / lang / f"{docname}.html").read_text("utf-8"), "html.parser")


@pytest.mark.parametrize("lang", COMPLETE)
def test_home_page_title_is_the_site_name_in_the_readers_language(site: Path, lang: str) -> None:
    name = words(lang).gettext("Gin Rummy rules")
    assert page(site, lang, "index").title.get_text() == name
    assert "ginrules" not in page(site, lang, "index").title.get_text()
    assert page(site, lang, "standard").title.get_text().endswith(name)


GLOSSARY_TERMS = {
    "fr": [
        "petit gin",
        "manche",
        "étaler",  # one verb (locale/fr/terminology.csv)
        "limite pour frapper",  # one term: rules pages, widgets, terminal
        "compte",
        "adversaire",
    ],
    "sv": ["liten gin", "manche", "gå ner", "knackgräns", "poängsumma", "motståndaren"],
    "de": ["kleines Gin", "Durchgang", "auslegen", "Klopfgrenze", "Summe", "Gegner"],
}


@pytest.mark.parametrize("lang", list(GLOSSARY_TERMS))  # the terms are each language's
def test_glossary_names_the_sites_own_words(site: Path, lang: str) -> None:
    cells = [td.get_text(" ", strip=True) for td in page(site, lang, "glossary").select("td")]
    for term in GLOSSARY_TERMS[lang]:
        assert any(term in cell for cell in cells), term


@pytest.mark.parametrize("lang", list(LANGUAGE_TABLE))
def test_glossary_notation_table_is_the_engines(site: Path, lang: str) -> None:
    table = page(site, lang, "glossary").select_one("table.gr-notations")
    assert table is not None
    rows = [
        [c.get_text(" ", strip=True) for c in tr.select("td")] for tr in table.select("tbody tr")
    ]
    assert len(rows) == len(NOTATIONS)
    examples = parse_hand("KS TH JD")
    for row, (code, notation) in zip(rows, NOTATIONS.items(), strict=True):
        assert row[0] == LANGUAGE_TABLE[code].name  # as the language switcher names it
        assert row[1] == " ".join(notation.ranks)
        assert row[2] == " ".join(notation.suits)
        assert row[3] == " ".join(notation.format(c) for c in examples)
        # what the page writes, the page reads
        assert [notation.parse(t) for t in row[3].split()] == examples
