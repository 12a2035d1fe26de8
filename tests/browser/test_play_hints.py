"""The table of chances on the play page (issue 22, point 3): "Show the chances" opens the
engine's hint table (``ginrules.hints.table_hints``) for the reader's position, the same
rows in the same order as CPython gives for the same game, the expert's choice and the
ties marked, every field filled in the reader's language. Speed: benchmarks/play_page.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules.coach.hints import table_hints

from .conftest import LIVE_TIMEOUT
from .test_play import GOING_OUT, Game, click_move, offered, start, strings


@pytest.fixture
def page(play_page: Page) -> Page:
    """The play page's tests open their pages in the module's play context."""
    return play_page


def check_table(root: Locator, expected: dict[str, Any], words: dict[str, Any]) -> None:
    panel = root.locator(".gr-play-hints")
    expect(panel).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    expect(panel).to_have_attribute("data-seed", str(expected["seed"]))
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(len(expected["rows"]))
    for line, row in zip(rows.all(), expected["rows"], strict=True):
        assert line.get_attribute("data-hint-action") == row["action"]
        assert line.get_attribute("data-hint-card") == (row.get("card") or "")
        assert line.get_attribute("data-hint-reason") == row["reason"]
        assert line.get_attribute("data-hint-expert") == str(row["expert"]).lower()
        assert line.get_attribute("data-hint-tie") == str(row["tie"]).lower()
        assert line.get_attribute("data-hint-ahead") == str(row["ahead"]).lower()
        assert float(line.get_attribute("data-hint-win") or "nan") == row["win"]
        text = line.inner_text()
        if row["expert"]:
            assert words["hints_expert"] in text
        if row["tie"]:
            assert words["hints_tie"] in text
        if row["ahead"]:
            assert words["hints_ahead"] in text
    # the first row is the expert's move (issue 32)
    assert rows.first.get_attribute("data-hint-expert") == "true"
    text = panel.inner_text()
    assert words["hints_title"] in text and words["hints_why"] in text
    for bad in ("{", "}", "_", "undefined", "NaN"):
        assert bad not in text, (bad, text)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_chances_are_the_engines_table(page: Page, lang: str) -> None:
    root = start(page, lang, "standard", "game100", level="good", seed=4242)
    words = strings(page)
    game = Game.at(root)
    root.locator("button[data-action='hints']").click()
    expect(root.locator("button[data-action='hints']")).to_have_attribute("aria-pressed", "true")
    rng = random.Random(lang)
    checked = 0
    for _ in range(3):
        if root.get_attribute("data-phase") not in ("offer", "draw", "discard"):
            break
        check_table(root, table_hints(game.table("standard", "game100", "good")), words)
        checked += 1
        moves = [m for m in offered(root) if m["action"] not in GOING_OUT]  # hints: LOCAL
        if not moves:
            break
        move = rng.choice(moves)
        game.moves.append({k: v for k, v in move.items() if v})
        click_move(root, move)
    assert checked >= 2
    # closed while a table may still be on its way: the table never comes back. The
    # tutor's answer comes after the chances' (the engine answers in turn), so once it is
    # on screen the table has arrived and was not shown.
    root.locator("button[data-action='hints']").click()
    expect(root.locator(".gr-play-hints")).to_be_hidden()
    if root.get_attribute("data-phase") in ("offer", "draw", "discard"):
        root.locator("button[data-action='tutor']").click()
        expect(root.locator(".gr-play-tutor")).to_be_visible(timeout=LIVE_TIMEOUT)
        expect(root.locator(".gr-play-hints")).to_be_hidden()
        root.locator("button[data-action='tutor']").click()
