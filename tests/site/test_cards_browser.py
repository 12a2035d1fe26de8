"""Cards of the worked examples in a real browser: colours, the four-colour toggle, print."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RED = "rgb(192, 0, 26)"
BLUE = "rgb(0, 71, 171)"


@pytest.fixture(scope="module")
def page(browser: Any, base_url: str) -> Iterator[Any]:
    page = browser.new_page()
    page.goto(base_url + "/fr/standard.html")
    yield page
    page.close()


def colour(page: Any, code: str) -> str:
    return str(
        page.locator(f'.gr-card[data-card="{code}"]').first.evaluate(
            "e => getComputedStyle(e).color"
        )
    )


def test_cards_are_red_and_black_then_four_colours(page: Any) -> None:
    assert colour(page, "9D") == RED
    assert colour(page, "7H") == RED
    assert colour(page, "7C") != RED
    toggle = page.locator(".gr-deck-toggle")
    assert toggle.count() == 1
    assert toggle.inner_text() == "Jeu à quatre couleurs"
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert colour(page, "9D") == BLUE
    assert colour(page, "7H") == RED
    page.reload()  # the choice is remembered
    assert colour(page, "9D") == BLUE
    page.locator(".gr-deck-toggle").click()
    assert colour(page, "9D") == RED


def test_every_card_has_a_french_spoken_name(page: Any) -> None:
    names = page.locator(".gr-card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert names and all(names)
    assert "sept de cœur" in names
    assert page.locator(".gr-card[role=img]").count() == len(names)


def test_print_hides_the_toggle(page: Any) -> None:
    page.emulate_media(media="print")
    assert not page.locator(".gr-deck-toggle").is_visible()
    page.emulate_media(media="screen")
