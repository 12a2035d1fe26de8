"""The root page in a real browser: it sends the reader to their language, and offers
plain links when scripts are off."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.languages import SOURCE

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    spec = importlib.util.spec_from_file_location("serve", ROOT / "tools" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    handler = functools.partial(serve.SiteHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.mark.parametrize(
    ("accept", "lang"),
    # every language the site builds, from the browser's locale; one it does not: the source
    [*((f"{code}-{code.upper()}", code) for code in LANGUAGE_TABLE), ("nl-NL", SOURCE)],
)
def test_root_sends_the_reader_to_their_language(browser, base_url, accept, lang):
    context = browser.new_context(locale=accept)
    page = context.new_page()
    page.goto(base_url + "/")
    page.wait_for_url(f"{base_url}/{lang}/index.html")
    assert page.locator("html").get_attribute("lang") == lang
    context.close()


def test_root_offers_plain_links_without_scripts(browser, base_url, languages):
    context = browser.new_context(java_script_enabled=False, locale="sv-SE")
    page = context.new_page()
    page.goto(base_url + "/")
    assert page.url == base_url + "/"
    links = page.get_by_role("link")
    assert links.all_inner_texts() == list(languages.values())
    links.nth(1).click()
    page.wait_for_url(f"{base_url}/{list(languages)[1]}/index.html")
    context.close()


def test_switcher_is_reachable_by_keyboard(browser, base_url):
    page = browser.new_page()
    page.goto(base_url + "/fr/glossary.html")
    page.keyboard.press("Tab")  # the skip link
    assert page.evaluate("document.activeElement.className").startswith("skip-to-content")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # English, Français, Svenska
    assert page.evaluate("document.activeElement.textContent") == "Svenska"
    page.keyboard.press("Enter")
    page.wait_for_url(base_url + "/sv/glossary.html")
    page.close()
