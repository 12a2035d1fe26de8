"""The built site: every page in every language, the switcher, head links, footer, root page."""

from __future__ import annotations

import functools
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from ginrules import __version__

ROOT = Path(__file__).resolve().parents[2]
BASEURL = "http://127.0.0.1:8000"


@functools.cache
def soup(path: Path) -> BeautifulSoup:
    """The parsed page (shared between tests: do not modify it)."""
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def pages(site: Path, languages: dict[str, str], docnames: list[str]):
    for lang in languages:
        for doc in docnames:
            yield lang, doc, site / lang / f"{doc}.html"


def test_every_page_exists_in_every_language(site, languages, docnames):
    assert {
        "index",
        "standard",
        "straight-gin",
        "gin-rami",
        "oklahoma",
        "hollywood",
        "glossary",
        "translating",
        "about",
    } <= set(docnames)
    missing = [str(p) for _, _, p in pages(site, languages, docnames) if not p.is_file()]
    assert not missing


def test_html_lang_is_the_page_language(site, languages, docnames):
    for lang, _doc, path in pages(site, languages, docnames):
        assert soup(path).html["lang"] == lang, path


def test_switcher_links_lead_to_the_same_page_in_each_language(site, languages, docnames):
    for lang, doc, path in pages(site, languages, docnames):
        nav = soup(path).select_one("nav.language-switcher")
        assert nav is not None, path
        links = nav.find_all("a")
        assert [a.get_text(strip=True) for a in links] == list(languages.values()), path
        current = [a for a in links if a.get("aria-current") == "page"]
        assert [a["hreflang"] for a in current] == [lang], path
        for a in links:
            # the 404 page's links are absolute paths: it is served at any address
            href = a["href"]
            target = site / href.lstrip("/") if href.startswith("/") else path.parent / href
            target = target.resolve()
            assert target.is_file(), f"{path}: {a['href']} does not exist"
            assert target.parent == (site / a["hreflang"]).resolve(), a["href"]
            assert target.stem == doc
            assert a["lang"] == a["hreflang"]
            assert soup(target).html["lang"] == a["hreflang"]


def test_switcher_comes_first_after_the_skip_link(site):
    body = soup(site / "sv" / "oklahoma.html").body
    links = body.find_all("a")
    assert "skip-to-content" in links[0]["class"]
    assert links[0]["href"] == "#furo-main-content"
    assert body.find(id="furo-main-content") is not None
    assert links[1].find_parent("nav", class_="language-switcher") is not None


def test_canonical_and_hreflang_alternates(site, languages, docnames):
    for lang, doc, path in pages(site, languages, docnames):
        head = soup(path).head
        canonical = head.find_all("link", rel="canonical")
        assert [c["href"] for c in canonical] == [f"{BASEURL}/{lang}/{doc}.html"], path
        alternates = {
            link["hreflang"]: link["href"] for link in head.find_all("link", rel="alternate")
        }
        expected = {code: f"{BASEURL}/{code}/{doc}.html" for code in languages}
        expected["x-default"] = f"{BASEURL}/{next(iter(languages))}/{doc}.html"
        assert alternates == expected, path


def test_footer_shows_version_and_commit(site, languages, docnames):
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    for _lang, _doc, path in pages(site, languages, docnames):
        line = soup(path).select_one("footer .site-build")
        assert line is not None, path
        assert line.get_text(strip=True) == f"v{__version__} · {commit}"


def test_root_page_offers_every_language(site, languages):
    root = soup(site / "index.html")
    links = {a["hreflang"]: (a["href"], a.get_text(strip=True)) for a in root.find_all("a")}
    assert links == {code: (f"{code}/index.html", name) for code, name in languages.items()}
    for href, _ in links.values():
        assert (site / href).is_file()
    # the script that picks the reader's language is a file (the content policy runs no
    # inline script)
    script = (site / root.find("script")["src"]).read_text(encoding="utf-8")
    assert "navigator.languages" in script and "location.replace" in script
    assert root.find("meta", attrs={"http-equiv": re.compile("refresh", re.I)}) is None


def test_sitemaps_list_every_page_with_alternates(site, languages, docnames):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    index = ET.parse(site / "sitemap.xml").getroot()
    listed = [loc.text for loc in index.findall("s:sitemap/s:loc", ns)]
    assert listed == [f"{BASEURL}/{code}/sitemap.xml" for code in languages]
    for code in languages:
        urlset = ET.parse(site / code / "sitemap.xml").getroot()
        locs = [u.find("s:loc", ns).text for u in urlset.findall("s:url", ns)]
        listed_docs = [d for d in docnames if d != "404"]  # the 404 page is not a page to index
        assert sorted(locs) == sorted(f"{BASEURL}/{code}/{d}.html" for d in listed_docs)
        for url in urlset.findall("s:url", ns):
            alts = {a.get("hreflang") for a in url.findall("x:link", ns)}
            assert alts == set(languages)
    assert "Sitemap:" in (site / "robots.txt").read_text()


def test_no_request_to_another_origin(site, languages, docnames):
    for _lang, _doc, path in pages(site, languages, docnames):
        page = soup(path)
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src")):
            for el in page.find_all(tag):
                url = el.get(attr)
                if not url or (tag == "link" and el.get("rel") in (["canonical"], ["alternate"])):
                    continue
                assert not urlsplit(url).netloc, f"{path}: {url}"


def test_every_code_block_can_be_focused_to_scroll_it(site, languages, docnames):
    """A code block wider than the page scrolls sideways: a keyboard reader reaches it
    with Tab (axe's scrollable-region-focusable found the translating page's long
    error lines unreachable)."""
    blocks = 0
    for _lang, _doc, path in pages(site, languages, docnames):
        for pre in soup(path).select("div.highlight > pre"):
            blocks += 1
            assert pre.get("tabindex") == "0", f"{path}: {str(pre)[:80]}"
    assert blocks >= len(languages), blocks


def test_template_copies_match_the_pinned_furo():
    """_templates/page.html and partials/icons.html are copies of Furo's; a new Furo needs a
    new copy (see the comment at the top of each file)."""
    import furo

    for name in ("page.html", "partials/icons.html"):
        first_line = (ROOT / "_templates" / name).read_text(encoding="utf-8").splitlines()[0]
        assert f"Furo {furo.__version__} " in first_line, f"re-copy _templates/{name}"
