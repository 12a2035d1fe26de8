"""The play page as a card table (issue 21, point 4), in Debian's Chromium.

On a 390 × 844 phone, in fr and sv, light and dark: once a game is dealt, the
computer's hand (``data-hand="opponent"``), the stock and the pile, the reader's hand,
the moves and the tutor's one-line advice (``data-tutor-advice``) are all in sight
below Furo's sticky header, without the reader scrolling, and nothing lies over them
(the element at the middle of each is its own; Furo's back-to-top button stays hidden).
On a 1280 px desktop a card is at least ``DESKTOP_CARD_PX`` wide (it was 42). The hand is
arranged by dragging a card with the mouse or a finger and with Shift+arrow keys, and the discard
keys follow the order shown; the card just drawn and the card the computer took from
the pile are marked; cards glide, and not when the reader asks for reduced motion.

Seed 7 (the computer deals; standard and Oklahoma): the reader passes, the computer
takes the upcard; every card the tests expect comes from the same game replayed in CPython.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from ginrules.cases import CASES
from ginrules.coach.table import Table

from .conftest import LIVE_TIMEOUT, Server, open_context
from .test_play import (
    GOING_OUT,
    choose,
    click_move,
    hand_codes,
    offered,
    settled,
    spoken,
    strings,
    the_card,
)

ROOT = "section[data-widget='play']"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
DESKTOP_CARD_PX = 50
SEED = 7
# what must be in sight at once, by its test hook
IN_SIGHT = {
    "computer's hand": "[data-hand='opponent']",
    "stock and pile": ".gr-play-centre",
    "reader's hand": ".gr-play-hand",
    "moves": ".gr-play-moves",
    "tutor's advice": "[data-tutor-advice]",
}
# The number of Element.animate calls, counted on the page.
COUNT_GLIDES = """
window.GINRULES_PLAY_PACE_MS = 0;
window.ginrulesGlides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.ginrulesGlides += 1;
  return animate.apply(this, args);
};
"""


def replay(variant: str, *moves: str) -> dict[str, Any]:
    """The reader's view after these moves, the computer answering, in CPython."""
    table = Table(variant, "game100", "beginner", SEED, dealer="computer")
    for action in moves:
        table.act({"action": action})
        while table.state()["turn"] == "computer":
            table.computer_move()
    state: dict[str, Any] = table.state()
    return state


def opened(context: BrowserContext, lang: str, variant: str = "standard") -> tuple[Page, Locator]:
    page = context.new_page()
    page.goto(f"/{lang}/play.html#play={variant}/game100/beginner/{SEED}/1/computer")
    return page, settled(page)


def finger(page: Page, path: list[tuple[float, float]]) -> None:
    """A finger put down, moved along the path and lifted (Chromium's own touch
    events, as a phone sends them)."""
    session = page.context.new_cdp_session(page)
    for i, (x, y) in enumerate(path):
        kind = "touchStart" if i == 0 else "touchMove"
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def play(page: Page, action: str) -> None:
    """A move, or a switch (the tutor's, the chances'): the button of that action."""
    page.locator(
        f"{ROOT} :is(.gr-play-moves, .gr-play-switches) button[data-action='{action}']"
    ).click()
    settled(page)


def all_in_sight(page: Page, viewport: dict[str, int]) -> None:
    """Each part of the table inside the screen, below the sticky header (if any), and
    the topmost element at its middle is inside it."""
    header = page.locator(".mobile-header")
    top = 0.0
    if header.is_visible():
        box = header.bounding_box()
        assert box
        top = box["y"] + box["height"]
    expect(page.locator(f"{ROOT} [data-tutor-advice]")).to_be_visible()
    for name, selector in IN_SIGHT.items():
        node = page.locator(f"{ROOT} {selector}")
        box = node.bounding_box()
        assert box, name
        assert top <= box["y"], (name, box, top)
        assert box["y"] + box["height"] <= viewport["height"], (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (name, box)
        own = node.evaluate(
            """(node) => {
                const box = node.getBoundingClientRect();
                const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
                const hit = document.elementFromPoint(x, y);
                return node.contains(hit);
            }"""
        )
        assert own, f"something lies over the {name}"
    expect(page.locator(".back-to-top")).to_be_hidden()


@pytest.fixture(scope="module")
def phone(browser: Any, server: Server) -> Iterator[BrowserContext]:
    context, log = open_context(browser, server, viewport=PHONE, has_touch=True)
    context.add_init_script("window.GINRULES_PLAY_PACE_MS = 0;")
    yield context
    context.close()
    assert not log.foreign


# Oklahoma adds its knock card and its sentence beside the stock and the pile.
@pytest.mark.parametrize(("lang", "variant"), [("fr", "standard"), ("sv", "oklahoma")])
def test_on_a_phone_the_table_fits_one_screen(
    phone: BrowserContext, lang: str, variant: str
) -> None:
    page, root = opened(phone, lang, variant)
    play(page, "tutor")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        all_in_sight(page, PHONE)
    # the reader passes, the computer takes the upcard: it stays in sight, face up
    taken = replay(variant, "pass")["last"][-2]
    assert taken["who"] == "computer" and taken["action"] == "take"
    play(page, "pass")
    mark = root.locator("[data-hand='opponent'] .gr-play-taken")
    expect(mark).to_have_attribute("data-taken", taken["card"])
    label = strings(page)["fact"].format(
        label=strings(page)["computer_took"], value=spoken(page, taken["card"])
    )
    expect(mark).to_have_attribute("aria-label", label)
    all_in_sight(page, PHONE)
    # eleven cards: the one drawn marked, all still in sight, with the going-out moves
    drawn = replay(variant, "pass", "stock")["drawn"]
    play(page, "stock")
    expect(root.locator(f".gr-play-hand .gr-drawn[data-card='{drawn}']")).to_be_visible()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        all_in_sight(page, PHONE)
    # a finger drags the first card past the third
    codes = hand_codes(root)
    cards = root.locator(".gr-play-hand .gr-cards > .gr-play-card")
    first, third = cards.nth(0).bounding_box(), cards.nth(2).bounding_box()
    assert first and third
    start = first["x"] + first["width"] / 2
    end = third["x"] + third["width"] * 0.75
    y = first["y"] + first["height"] / 2
    finger(page, [(start + (end - start) * step / 5, y) for step in range(6)])
    expect(root.locator(".gr-play-hand .gr-arranged")).to_have_count(1)
    assert hand_codes(root) == [*codes[1:3], codes[0], *codes[3:]]
    expect(root).to_have_attribute("data-phase", "discard")
    all_in_sight(page, PHONE)
    # scrolling up would show Furo's back-to-top button: not over the table
    page.mouse.wheel(0, 400)
    page.mouse.wheel(0, -200)
    page.wait_for_timeout(300)
    expect(page.locator(".back-to-top")).to_be_hidden()
    page.close()


def test_a_desktop_table_is_large_and_the_hand_is_arranged_by_hand(
    browser: Any, server: Server
) -> None:
    context, log = open_context(browser, server, viewport=DESKTOP)
    context.add_init_script(COUNT_GLIDES + "window.GINRULES_PLAY_MOVE_MS = 250;")
    try:
        page, root = opened(context, "fr")
        S = strings(page)
        play(page, "tutor")
        all_in_sight(page, DESKTOP)
        width = root.locator(".gr-play-hand .gr-card").first.evaluate(
            "c => c.getBoundingClientRect().width"
        )
        assert width >= DESKTOP_CARD_PX
        # cards glide: the upcard the computer takes goes from the pile to its side
        play(page, "pass")
        assert page.evaluate("window.ginrulesGlides") > 0
        # none when the reader asks for reduced motion
        page.emulate_media(reduced_motion="reduce")
        glides = page.evaluate("window.ginrulesGlides")
        play(page, "stock")
        assert page.evaluate("window.ginrulesGlides") == glides
        codes = hand_codes(root)
        assert len(codes) == 11
        # the first card dragged by the mouse past the fourth
        cards = root.locator(".gr-play-hand .gr-cards > .gr-play-card")
        first, fourth = cards.nth(0).bounding_box(), cards.nth(3).bounding_box()
        assert first and fourth
        page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
        page.mouse.down()
        page.mouse.move(first["x"] + first["width"], first["y"] + first["height"] / 2, steps=3)
        y = fourth["y"] + fourth["height"] / 2
        page.mouse.move(fourth["x"] + fourth["width"] * 0.75, y, steps=5)
        page.mouse.up()
        order = [*codes[1:4], codes[0], *codes[4:]]
        expect(root.locator(".gr-play-hand .gr-arranged")).to_have_count(1)
        assert hand_codes(root) == order
        expect(root).to_have_attribute("data-phase", "discard")  # a drag discards nothing
        # Shift+Right moves the card with the focus one place right; the page says so
        cards.nth(0).focus()
        page.keyboard.press("Shift+ArrowRight")
        order[0], order[1] = order[1], order[0]
        assert hand_codes(root) == order
        moved = CASES.format(S["card_moved"], card=the_card(S, order[1]), place=2, n=11)
        expect(root.locator(".gr-play-announce")).to_contain_text(moved)
        expect(cards.nth(1)).to_be_focused()
        # the discard keys follow the order shown: 1 discards the card now first
        page.keyboard.press("1")
        settled(page)
        said = CASES.format(S["you_discard"], card=the_card(S, order[0]))
        expect(root.locator(".gr-play-announce")).to_contain_text(said)
        assert order[0] not in hand_codes(root)
        # a sort button goes back to the melds
        root.locator("button[data-action='sort']").click()
        expect(root.locator(".gr-play-hand .gr-arranged")).to_have_count(0)
    finally:
        context.close()
    assert not log.foreign


# One deal per variant, the tutor on, on the phone: at every decision of the reader the
# whole table is in sight with nothing over anything; the recap's score sheet reflows.
# Every variant in German (the longest words of the four languages; seeds with many ways
# out); in French (the longest move labels and advice lines) and Swedish, the two variants
# with the tallest tables: Oklahoma (its knock card beside the stock and the pile) and Gin
# Rami (its long going-down labels and counts). Standard and Straight Gin add nothing there
# the German deals do not check; each deal costs about 5 s.
WHOLE_DEALS = [
    ("de", "standard", 51),
    ("de", "straight", 3),
    ("de", "oklahoma", 25),
    ("de", "french", 92),
    ("fr", "oklahoma", 25),
    ("fr", "french", 92),
    ("sv", "oklahoma", 25),
    ("sv", "french", 92),
]


# The parts of the table measured in one call: each inside the screen below the sticky
# header, its middle its own (nothing over it), no two sharing a pixel. Returns the faults.
MEASURE = """([root, parts, width, height]) => {
  const header = document.querySelector(".mobile-header");
  const hb = header && header.offsetParent !== null ? header.getBoundingClientRect() : null;
  const top = hb ? hb.bottom : 0;
  const faults = [];
  const boxes = [];
  for (const [name, selector] of Object.entries(parts)) {
    const node = document.querySelector(`${root} ${selector}`);
    if (!node) { faults.push(`${name}: missing`); continue; }
    const b = node.getBoundingClientRect();
    if (b.top < top - 0.5 || b.bottom > height + 0.5 || b.left < 0 || b.right > width + 0.5) {
      faults.push(`${name}: out of the screen ${JSON.stringify(b)} (top ${top})`);
    }
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    if (!node.contains(hit)) faults.push(`${name}: covered by ${hit?.className}`);
    boxes.push([name, b]);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [[a, p], [c, q]] = [boxes[i], boxes[j]];
    const apart = p.bottom <= q.top + 0.5 || q.bottom <= p.top + 0.5
      || p.right <= q.left + 0.5 || q.right <= p.left + 0.5;
    if (!apart) faults.push(`${a} overlaps ${c}`);
  }
  return faults;
}"""


@pytest.mark.parametrize(("lang", "variant", "seed"), WHOLE_DEALS)
def test_on_a_phone_every_decision_of_a_deal_fits(
    phone: BrowserContext, lang: str, variant: str, seed: int
) -> None:
    page = phone.new_page()
    page.goto(f"/{lang}/play.html#play={variant}/game100/beginner/{seed}/1/computer")
    root = settled(page)
    play(page, "tutor")
    # the hand keeps its title; the switches are apart from the moves (trial L2)
    S = strings(page)
    expect(root.locator(".gr-play-hand .gr-row-label")).to_have_text(S["your_hand"])
    expect(root.locator(".gr-play-hand .gr-row-label")).to_be_visible()
    moves_grid = ".gr-play-moves .gr-buttons:not(.gr-play-switches)"
    expect(root.locator(f"{moves_grid} [data-action='tutor']")).to_have_count(0)
    expect(root.locator(".gr-play-switches button[data-action='tutor']")).to_have_count(1)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(80):
        if root.get_attribute("data-phase") in ("over", "game_over"):
            break
        advice = root.locator("[data-tutor-advice]")
        expect(advice).to_be_visible(timeout=LIVE_TIMEOUT)
        args = [ROOT, IN_SIGHT, PHONE["width"], PHONE["height"]]
        assert page.evaluate(MEASURE, args) == [], root.get_attribute("data-phase")
        decisions += 1
        moves = offered(root)
        # the ways out are one control: never more than one going-out button
        assert len([m for m in moves if m["action"] in GOING_OUT]) <= 1, moves
        click_move(root, choose(rng, moves))
    assert root.get_attribute("data-phase") in ("over", "game_over")
    assert decisions >= 3
    # the recap and the score sheet reflow: nothing wider than the phone
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    sheet = root.locator(".gr-play-sheet")
    if sheet.count():
        box = sheet.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    page.close()


# Each table of the score sheet, as wide as its box at most: nothing cut at the right edge
# nor left to a sideways scroll (a header that does not fit wraps, or is shorter).
TABLES_FIT = """root => [...document.querySelectorAll(`${root} .gr-play-sheet .table-wrapper`)]
  .filter((w) => w.scrollWidth > w.clientWidth)
  .map((w) => `${w.className}: ${w.scrollWidth} > ${w.clientWidth}`)"""


SHEETS = {
    "hollywood": "standard/hollywood/expert/7/3/computer/v1.B27gin.A26gin",
    "partie": "french/partie/expert/11/2/you/v1.B27petit_gin",
}


@pytest.mark.parametrize(
    ("lang", "scheme"), [("fr", "hollywood"), ("de", "hollywood"), ("fr", "partie")]
)
def test_on_a_phone_the_score_sheet_fits(phone: BrowserContext, lang: str, scheme: str) -> None:
    """Issue 30 (trial L1): at 390 px the French sheet was 339 px in a 325 px box, its
    'Joueur B (l'ordinateur)' header cut; the sheet of three Hollywood games, with the
    longest headers (fr) and the longest words (de), now fits, and so does Gin Rami's
    (its Manche column, 336 px in French before)."""
    page = phone.new_page()
    page.goto(f"/{lang}/play.html#play={SHEETS[scheme]}")
    root = settled(page)
    expect(root.locator(".gr-play-sheet table.gr-sheet")).to_have_count(1)
    if scheme == "hollywood":
        expect(root.locator(".gr-play-sheet table.gr-sheet-columns")).to_have_count(1)
    assert page.evaluate(TABLES_FIT, ROOT) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.close()
