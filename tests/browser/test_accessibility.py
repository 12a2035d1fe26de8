"""axe-core (npm, injected from disk) on every page, light and dark: no serious or critical
violation, with the widgets as built and once they are live. Each page is read once in each
theme, in one language in turn (another one in dark mode), so every language is read on
several pages and a new language adds no page to the suite; the live widgets run in every
complete language (their messages are that language's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import LANGUAGES, add_axe, each_in_one_language

ROOT = Path(__file__).resolve().parents[2]
DOCNAMES = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))


def serious_violations(page: Page) -> list[str]:
    add_axe(page)
    result: dict[str, Any] = page.evaluate(
        "async () => await axe.run(document, { resultTypes: ['violations'] })"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture(scope="module")
def page(shared_context: Any) -> Page:
    context, _log = shared_context
    return context.new_page()


@pytest.mark.parametrize(("docname", "lang"), each_in_one_language(DOCNAMES))
def test_no_serious_violation(page: Page, lang: str, docname: str) -> None:
    page.goto(f"/{lang}/{docname}.html")
    page.wait_for_load_state("load")
    assert serious_violations(page) == []


@pytest.fixture(scope="module")
def dark_page(browser: Any, server: Any) -> Iterator[Page]:
    """A page with Furo's toggle on dark while the system is light (the case that
    ``prefers-color-scheme`` alone misses)."""
    context = browser.new_context(base_url=server.url, color_scheme="light")
    context.add_init_script("localStorage.setItem('theme', 'dark')")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(("docname", "lang"), each_in_one_language(DOCNAMES, offset=1))
def test_no_serious_violation_in_dark_mode(dark_page: Page, lang: str, docname: str) -> None:
    dark_page.goto(f"/{lang}/{docname}.html")
    dark_page.wait_for_load_state("load")
    expect(dark_page.locator("body")).to_have_attribute("data-theme", "dark")
    assert serious_violations(dark_page) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_violation_with_live_widgets(page: Page, lang: str) -> None:
    page.goto(f"/{lang}/oklahoma.html")
    widget = page.locator("section[data-widget='melds']").first
    widget.locator("input[name='cards']").fill("7H 8H 9H 7S 7D 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).not_to_be_empty(timeout=90_000)
    assert serious_violations(page) == []
    # suit symbols read the same in every language (on a French page C is cœur)
    widget.locator("input[name='cards']").fill("7H 8H 9H 7S 7D 7♣ 2♣ 3♣ 4♣ 9D")
    expect(widget.locator(".gr-result")).to_have_attribute("data-deadwood", "9", timeout=90_000)
    assert serious_violations(page) == []
