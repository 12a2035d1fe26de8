"""Page weight: a page links only the style sheets and scripts it uses
(ginrules_site/live/assets.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
LANGUAGES = list(LANGUAGE_TABLE)  # every language the site builds


def assets(page: str) -> list[str]:
    found = re.findall(r'<(?:link rel="stylesheet"[^>]*href|script[^>]*src)="([^"?]+)', page)
    return [name.rsplit("/", 1)[-1] for name in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_links_what_it_uses(lang: str) -> None:
    pages = sorted((SITE / lang).glob("*.html"))
    assert len(pages) > 5
    for path in pages:
        page = path.read_text(encoding="utf-8")
        linked = assets(page)
        uses = {
            "pygments.css": 'class="highlight' in page,
            "ginrules-widgets.mjs": 'class="gr-widget gr-widget-' in page,
            "ginrules-play.mjs": 'class="gr-widget gr-play"' in page,
            "ginrules-play.css": 'class="gr-widget gr-play"' in page,
            "ginrules-exercises.mjs": 'class="gr-widget gr-exercises"' in page,
            "ginrules-exercises.css": 'class="gr-widget gr-exercises"' in page,
            "ginrules-widgets.css": 'class="gr-widget ' in page,
            "gr-cards.css": 'class="gr-card' in page,
        }
        for name, used in uses.items():
            assert (name in linked) == used, f"{path.name}: {name}"
        # Furo's style sheet for extensions this site does not use: on no page, and
        # none of the markup it styles either.
        assert "furo-extensions.css" not in linked, path.name
        assert not re.search(r'class="[^"]*\b(copybtn|sd-[a-z]|sphinx-bs|rst-versions)', page)
        # Sphinx's highlighting script: only through the small loader (the search page
        # keeps the script itself, which its results rely on).
        if path.name != "search.html":
            assert "sphinx_highlight.js" not in linked, path.name
            assert "ginrules-highlight.js" in linked, path.name
        else:
            assert "sphinx_highlight.js" in linked
        # and what only it and the search use: loaded by the loader, before the script,
        # except on the search page and the module index (whose table doctools.js folds)
        loader = re.search(r'<script data-load="([^"]*)"[^>]*ginrules-highlight\.js', page)
        if path.name in ("search.html", "py-modindex.html"):
            assert "doctools.js" in linked, path.name
        else:
            assert "doctools.js" not in linked and "translations.js" not in linked, path.name
            assert loader, path.name
            order = loader.group(1).split()
            assert order == ["doctools.js", "translations.js", "sphinx_highlight.js"], order
        for tag in re.findall(r"<script[^>]*src=[^>]*>", page):
            # Furo's theme line (a file for the content policy) runs before the page is
            # drawn, as it did inline.
            theme = "ginrules-theme.js" in tag
            if path.name != "search.html" and 'type="module"' not in tag and not theme:
                assert 'defer="defer"' in tag, f"{path.name}: {tag}"


def test_the_pages_that_need_them_keep_them() -> None:
    assert "pygments.css" in assets((SITE / "en" / "translating.html").read_text("utf-8"))
    standard = assets((SITE / "fr" / "standard.html").read_text("utf-8"))
    assert {"ginrules-widgets.mjs", "ginrules-widgets.css", "gr-cards.css"} <= set(standard)
    play = set(assets((SITE / "en" / "play.html").read_text("utf-8")))
    needed = {"ginrules-play.mjs", "ginrules-play.css", "ginrules-widgets.css", "gr-cards.css"}
    assert needed <= play
    assert "ginrules-widgets.mjs" not in play
    assert "ginrules-play.mjs" not in standard
    glossary = assets((SITE / "sv" / "glossary.html").read_text("utf-8"))
    assert "ginrules-widgets.mjs" not in glossary and "pygments.css" not in glossary


def test_the_sites_own_scripts_go_out_minified_with_their_source_maps() -> None:
    source = Path(__file__).resolve().parents[2] / "ginrules_site" / "static"
    static = SITE / "en" / "_static"
    names = sorted(p.name for p in source.iterdir() if p.suffix in {".mjs", ".js", ".css"})
    assert "ginrules-worker.mjs" in names and "gr-cards.css" in names
    for name in names:
        shipped = (static / name).read_text(encoding="utf-8")
        written = (source / name).read_text(encoding="utf-8")
        assert len(shipped) < 0.85 * len(written), name
        # The map names the readable source, whole, for the browser's developer tools.
        assert re.search(rf"sourceMappingURL={re.escape(name)}\.map( \*/)?\s*$", shipped), name
        mapped = json.loads((static / f"{name}.map").read_text(encoding="utf-8"))
        if name == "ginrules-worker.mjs":
            # One file, its import inlined: the worker starts without a second request.
            snapshot = (source / "ginrules-snapshot.mjs").read_text(encoding="utf-8")
            assert sorted(mapped["sourcesContent"]) == sorted([written, snapshot])
            assert "ginrules-snapshot.mjs" not in shipped.split("sourceMappingURL")[0]
        else:
            assert mapped["sourcesContent"] == [written], name
