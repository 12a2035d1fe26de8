"""Every rules page prints (issue 25): the print style sheet (``ginrules-print.css``)
hides the site's navigation and the widgets' fields and keeps examples whole, and
``make dist`` writes each variant page's one-page summary, ``dist/<lang>/<page>.pdf``
(``tools/summaries.py``), which each variant page links, titled with the page's heading
in its language. The PDFs are read with pypdf."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from ginrules_site.live.offline import SUMMARY_PAGES

from .conftest import serving

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
H1 = re.compile(r"<h1>(.*?)<a class=\"headerlink\"", re.S)


def heading(page: Path) -> str:
    """The page's first heading, as text."""
    match = H1.search(page.read_text(encoding="utf-8"))
    assert match, page
    return unescape(re.sub(r"<[^>]+>", "", match.group(1))).strip()


@pytest.fixture(scope="module")
def dist(languages: dict[str, str]) -> Path:
    if not (DIST / "_headers").is_file():
        pytest.fail(f"{DIST} is missing: run `make dist`")
    return DIST


def test_every_variant_page_links_its_one_page_summary_titled_in_its_language(
    dist: Path, languages: dict[str, str]
) -> None:
    titles = {}
    for lang in languages:
        for doc in SUMMARY_PAGES:
            page = dist / lang / f"{doc}.html"
            links = re.findall(r'<a class="gr-print-link[^"]*" href="([^"]+)"', page.read_text())
            assert links == [f"{doc}.pdf"], (page, links)
            pdf = PdfReader(dist / lang / links[0])
            title = heading(page)
            assert len(pdf.pages) == 1, f"{lang}/{doc}.pdf has {len(pdf.pages)} pages"
            assert pdf.metadata is not None and pdf.metadata.title == title
            # tagged, in the page's language (a screen reader's voice, hyphenation)
            assert pdf.trailer["/Root"].get("/Lang") == lang, (lang, doc)
            text = pdf.pages[0].extract_text()
            assert text.splitlines()[0].strip() == title, (lang, doc, text[:80])
            # the rules' sections, not the worked examples nor the sources
            found = re.findall(r'<h2>(.*?)<a class="headerlink"', page.read_text(), re.S)
            names = [unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in found]
            assert names[0] in text and names[7] in text, (lang, doc, names[:8])
            assert not any(name in text for name in names[8:]), (lang, doc, names[8:])
            titles[lang, doc] = title
    # one title per page and language where the language has its own
    assert len(set(titles.values())) > len(SUMMARY_PAGES)


@pytest.fixture(scope="module")
def base_url(dist: Path) -> Iterator[str]:
    """``dist/`` served, where the summaries are."""
    with serving(dist) as url:
        yield url


# What the print style sheet hides, and what it keeps, on a variant page with widgets.
HIDDEN = [
    ".announcement",
    ".sidebar-drawer",
    ".toc-drawer",
    ".related-pages",
    ".gr-play-link",
    ".gr-exercise-link",
    ".gr-print-link",
    "section.gr-widget form",
    "section.gr-widget button",
]
SHOWN = ["article h1", ".gr-example .gr-card", "section.gr-widget .gr-result"]
STYLE = """(selector) => {
  const style = getComputedStyle(document.querySelector(selector));
  return {border: style.borderTopColor, width: style.borderTopWidth, inside: style.breakInside};
}"""


def test_the_print_style_sheet_hides_the_navigation_and_keeps_examples_whole(
    browser: Any, base_url: str
) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{base_url}/fr/standard.html")
    for selector in HIDDEN + SHOWN:  # on screen, all there
        assert page.locator(selector).first.is_visible(), selector
    page.emulate_media(media="print")
    for selector in HIDDEN:
        assert not page.locator(selector).first.is_visible(), selector
    for selector in SHOWN:
        assert page.locator(selector).first.is_visible(), selector
    card = page.evaluate(STYLE, ".gr-example .gr-card:not(.gr-dead, .gr-laid-off)")
    assert card["border"] == "rgb(0, 0, 0)" and card["width"] == "1px", card
    assert page.evaluate(STYLE, ".gr-example")["inside"] == "avoid"
    page.close()
