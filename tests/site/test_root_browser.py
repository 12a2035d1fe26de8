"""The root page in a real browser: it sends the reader to their language, and offers
plain links when scripts are off."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.languages import SOURCE

ROOT = Path(__file__).resolve().parents[2]


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
