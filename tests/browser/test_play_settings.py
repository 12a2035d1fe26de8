"""The play page's settings and statistics (issue 30, point 5), in Chromium with the engine
in the page: the pace, the four-colour deck and larger cards kept across a reload and
applied (classes, colours, sizes; axe in light and dark); the statistics of a deal and a
game played to its end (deals, deals won, points per deal, the last games); the tutor's
advice counted from the moment it is shown, and followed.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ginrules.coach.table import Table
from ginrules.coach.tutor import action_dict
from ginrules.players import get_player

from .test_accessibility import serious_violations
from .test_play import settled, strings
from .test_play_resume import open_in_page

ROOT = "section[data-widget='play']"


@pytest.fixture
def page(play_page: Page) -> Page:
    return play_page


def style(page: Page, selector: str, prop: str) -> str:
    value: str = page.locator(selector).first.evaluate(
        "(node, prop) => getComputedStyle(node)[prop]", prop
    )
    return value


def test_the_settings_are_kept_and_applied(page: Page) -> None:
    page.goto("/de/play.html#play=standard/game100/beginner/5/1/you")
    root = settled(page)
    page.evaluate("() => localStorage.clear()")
    settings = root.locator("details.gr-play-settings")
    settings.locator("summary").click()
    size = float(style(page, ".gr-play-hand .gr-rank", "fontSize").removesuffix("px"))
    expect(root).to_have_attribute("data-pace", "normal")
    settings.locator("select[name='pace']").select_option("instant")
    settings.locator("input[name='four-colour']").check()
    settings.locator("input[name='large-cards']").check()
    html = page.locator("html")
    expect(html).to_have_class(_has("gr-four-colour"))
    expect(html).to_have_class(_has("gr-large-cards"))
    expect(root).to_have_attribute("data-pace", "instant")
    assert style(page, ".gr-play-hand .gr-suit-d", "color") == "rgb(0, 71, 171)"
    assert style(page, ".gr-play-hand .gr-suit-c", "color") == "rgb(11, 107, 44)"
    assert float(style(page, ".gr-play-hand .gr-rank", "fontSize").removesuffix("px")) > size
    # the settings and the four-colour deck keep AA contrast (the cards are white in both
    # themes; the dark one is the harder for the settings' text)
    page.evaluate("() => { document.body.dataset.theme = 'dark'; }")
    assert serious_violations(page) == []
    # kept across a reload: applied as the page starts, before the engine is there
    page.reload()
    settings = page.locator(f"{ROOT} details.gr-play-settings")
    expect(settings.locator("select[name='pace']")).to_have_value("instant")
    expect(settings.locator("input[name='four-colour']")).to_be_checked()
    expect(settings.locator("input[name='large-cards']")).to_be_checked()
    expect(html).to_have_class(_has("gr-four-colour"))
    expect(html).to_have_class(_has("gr-large-cards"))
    expect(page.locator(ROOT)).to_have_attribute("data-pace", "instant")
    page.evaluate("() => localStorage.clear()")


def _has(name: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){name}(\s|$)")


def one_deal_to_go_out(seed: int) -> tuple[Table, dict[str, Any]]:
    """A one-deal game (the computer dealing) played by a seeded good player up to the
    reader's first way out: the table and that move."""
    table = Table("standard", "one_deal", "beginner", seed, dealer="computer")
    me = get_player("good", seed)
    while True:
        table.play_computer()
        state = table.state()
        assert not state["result"], "the computer went out first: choose another seed"
        move = action_dict(me.choose(table.view()))
        if move["action"] in ("knock", "gin", "big_gin"):
            return table, move
        table.act(move)


def test_a_deal_and_a_game_are_counted_and_the_tutor_from_its_advice(page: Page) -> None:
    table, out = one_deal_to_go_out(3)
    page.goto("/sv/play.html")
    page.evaluate("() => localStorage.clear()")
    root = open_in_page(page, "sv", table)
    S = strings(page)
    stats = root.locator("details.gr-play-stats")
    expect(stats.locator("[data-stat='tutor']")).to_have_text(S["stat_none"])
    # the tutor on: its advice shown is counted at once, once per position
    root.locator("button[data-action='tutor']").click()
    expect(root.locator("[data-tutor-advice]")).to_be_visible()
    expect(stats.locator("[data-stat='tutor']")).to_have_text(
        S["stat_tutor_value"].format(followed=0, shown=1)
    )
    advice = root.locator("[data-tutor-advice]")
    advised = {
        "action": advice.get_attribute("data-tutor-advice") or "",
        "card": advice.get_attribute("data-tutor-card") or None,
    }
    # the reader goes out as the tutor advises (its way out: the same move, or another)
    move = advised if advised["action"] in ("knock", "gin", "big_gin") else out
    page.evaluate(
        "([action, card]) => window.ginrulesPlay.move(action, card)", [move["action"], move["card"]]
    )
    settled(page)
    chooser = root.locator(".gr-play-spread")
    if chooser.count():
        chooser.locator(".gr-play-spread-go").click()
        settled(page)
    result = page.evaluate("() => window.ginrulesPlay.state.result")
    game = page.evaluate("() => window.ginrulesPlay.state.game")
    assert game["over"]
    followed = 1 if move == advised else 0
    expect(stats.locator("[data-stat='tutor']")).to_have_text(
        S["stat_tutor_value"].format(followed=followed, shown=1)
    )
    expect(stats.locator("[data-stat='deals']")).to_have_text("1")
    won = result["winner"] == "you"
    expect(stats.locator("[data-stat='deals_won']")).to_have_text("1" if won else "0")
    expect(stats.locator("[data-stat='points_per_deal']")).to_have_text(
        str(result["points"] if won else 0)
    )
    expect(stats.locator("[data-stat='games']")).to_have_text("1")
    # the last games, with their scores; still there after a reload
    you, computer = game["totals"]
    for _ in range(2):
        item = root.locator(".gr-play-history li")
        expect(item).to_have_count(1)
        expect(item).to_have_attribute("data-totals", f"{you} {computer}")
        page.reload()
        root = settled(page)
    page.evaluate("() => localStorage.clear()")
