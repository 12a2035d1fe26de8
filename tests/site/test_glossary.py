"""The glossary's tables of terms: one column per language of the site, read from each
language's catalog (ginrules_site/directives/glossary.py), so that a new language gets its column
by its catalogs alone; and the rank letters they give agree with the engine's notations."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup, Tag

from ginrules.languages import LANGUAGES
from ginrules_site.directives.glossary import rank_row

ROOT = Path(__file__).resolve().parents[2]
CODES = list(LANGUAGES)


def tables(site: Path, lang: str) -> list[Tag]:
    html = (site / lang / "glossary.html").read_text("utf-8")
    found = BeautifulSoup(html, "html.parser").select(".gin-terms table")
    assert len(found) == 4, "terms, cards, rank letters, card names"
    return found


def rows(table: Tag) -> list[list[str]]:
    body = table.select("tbody tr")
    return [[cell.get_text(" ", strip=True) for cell in tr.select("td")] for tr in body]


def glossary_catalog(code: str) -> dict[str, str]:
    with (ROOT / "locale" / code / "LC_MESSAGES" / "glossary.po").open("rb") as fh:
        return {m.id: m.string for m in read_po(fh) if isinstance(m.id, str) and m.id}


def english_terms() -> list[list[str]]:
    """The English terms of each table, as docs/glossary.md writes them."""
    found: list[list[str]] = []
    inside = False
    for line in (ROOT / "docs" / "glossary.md").read_text("utf-8").splitlines():
        if line.startswith(":::{gin-terms}"):
            inside, table = True, []
            found.append(table)
        elif line.startswith(":::"):
            inside = False
        elif inside and line.startswith("|") and not line.startswith("|--"):
            table.append(line.strip("|").split("|")[0].strip())
    return [table[1:] for table in found]  # without the header


@pytest.mark.parametrize("lang", CODES)
def test_every_language_has_its_column_on_every_page(site: Path, lang: str) -> None:
    names = [language.name for language in LANGUAGES.values()]
    catalogs = {code: glossary_catalog(code) for code in CODES[1:]}
    for table, terms in zip(tables(site, lang), english_terms(), strict=True):
        header = [th.get_text(" ", strip=True) for th in table.select("thead th")]
        assert header[: len(names)] == names
        body = rows(table)
        assert [row[0] for row in body] == terms, "the English column stays English"
        for row, term in zip(body, terms, strict=True):
            for column, code in enumerate(CODES[1:], start=1):
                expected = catalogs[code].get(term) or "—"
                if rank_row(term):  # computed: the entry's letter, the catalog's rank name
                    index, name = rank_row(term)  # type: ignore[misc]
                    expected = f"{LANGUAGES[code].ranks[index]} ({catalogs[code][name]})"
                assert row[column] == expected, (code, term)
                if LANGUAGES[code].complete:
                    # a term kept in English: a French word in English, or the language's
                    # loanword (ginrules/languages.py: German Deadwood, Swedish shutout)
                    loanwords = {word.lower() for word in LANGUAGES[code].loanwords}
                    assert (
                        row[column] not in ("—", term)
                        or term
                        in (
                            "manche",
                            "deadwood",
                            "undercut",
                        )
                        or term.lower() in loanwords
                    ), (code, term)


@pytest.mark.parametrize("code", CODES)
def test_the_rank_letters_are_the_engines(site: Path, code: str) -> None:
    letters = rows(tables(site, "en")[2])
    column = CODES.index(code)
    ranks = LANGUAGES[code].ranks
    # the rows: ace, king, queen, jack; each cell opens with the letter printed on the card
    for row, rank in zip(letters, (ranks[0], ranks[12], ranks[11], ranks[10]), strict=True):
        assert row[column].split(" ")[0] == rank, (code, row)
