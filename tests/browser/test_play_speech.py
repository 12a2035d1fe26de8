"""The play table without sight (issue 30, point 6), in Debian's Chromium, in fr, sv, de.

A whole deal is played by keyboard only; every line the live region (``role=log``,
``aria-live=polite``) said is recorded as it is added (a MutationObserver) and checked
against the same deal replayed in CPython: the deal's start (its number, the dealer, the
reader's hand, the upcard, Oklahoma's knock card), then after each move the moves of
both players and what the reader may do now, and the end (how it ended, the working,
the score, the totals). Nothing is said twice in a row; the focus is never left on a
control that is gone; the digit keys are read by their place (an AZERTY 6 types "-");
the tutor's advice is said once per position; H, L and G read the hand, the table and
the score. The exercises: an error is an alert tied to its field, a wrong answer says
so in words, and the focus goes to the working after Check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from ginrules.cases import CASES
from ginrules.coach.exercises import check_answer, make_exercise
from ginrules.coach.table import Table
from ginrules.coach.tutor import action_dict
from ginrules.players import get_player
from ginrules_site.live.exercises import probe_answer

from .conftest import LIVE_TIMEOUT, Server, open_context
from .test_exercises import READY, give, open_exercise, wrong_answer
from .test_play import settled, spoken, strings, the_card
from .test_play_paths import moves_to_end, replay_in_page

ROOT = "section[data-widget='play']"
# Every line added to the play table's live region, in order.
RECORD = """
window.GINRULES_PLAY_PACE_MS = 0;
window.ginrulesSaid = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    const line = node.nodeType === 1 && node.classList.contains("gr-play-line");
    if (line && node.parentElement?.matches(".gr-play-announce")) {
      window.ginrulesSaid.push(node.textContent);
    }
  }
}).observe(document, { childList: true, subtree: true });
"""
# A short deal per language (the reader plays as the "good" level would, the computer
# deals): the reader goes out in each.
DEALS = [
    ("fr", "standard", "game100", 51),
    ("sv", "french", "manche", 92),
    ("de", "oklahoma", "game100", 25),
]
KEYS = {"stock": "s", "take": "p", "pass": "x"}
DIGITS = [*(f"Digit{n}" for n in "1234567890"), "Minus"]


@pytest.fixture(scope="module")
def speaking(browser: Any, server: Server) -> Iterator[BrowserContext]:
    context, log = open_context(browser, server)
    context.add_init_script(RECORD)
    yield context
    context.close()
    assert not log.foreign


def said(page: Page) -> list[str]:
    lines: list[str] = page.evaluate("() => window.ginrulesSaid")
    return lines


def focused(page: Page) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate(
        """() => { const a = document.activeElement;
        return {tag: a.tagName, action: a.dataset.action ?? '', card: a.dataset.card ?? '',
                inTable: Boolean(a.closest('.gr-play-table'))}; }"""
    )
    return value


def plain(S: dict[str, Any], key: str, **fields: Any) -> str:
    """A page string filled as the script's fill() does (a plural by its count)."""
    text = S[key]
    if isinstance(text, dict):  # {forms: [one, other], count: field} (counts above 1 here)
        count = fields[text["count"]]
        assert count > 1, (key, count)
        text = text["forms"][-1]
    return CASES.format(text, **fields)


def start_text(page: Page, S: dict[str, Any], W: dict[str, Any], state: dict[str, Any]) -> str:
    fact = S["fact"]
    # the hand in the order shown on screen (its places, the digit keys), not the engine's
    shown = page.locator(f"{ROOT} .gr-play-hand .gr-card[data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    assert sorted(shown) == sorted(state["hand"]), (shown, state["hand"])
    names = ", ".join(spoken(page, c) for c in shown)
    parts = [
        plain(S, "deal_start", deal=state["deal"]),
        S["dealer_you"] if state["dealer"] == "you" else S["dealer_computer"],
        fact.format(label=S["your_hand"], value=names) + ".",
        fact.format(label=S["Discard pile"], value=spoken(page, state["discard_top"])) + ".",
    ]
    if state["variant"] == "oklahoma":
        key = "knock_card_gin" if state["knock_limit"] is None else "knock_card_limit"
        parts.append(
            CASES.format(S[key], card=the_card(S, state["upcard"]), limit=state["knock_limit"])
        )
    return " ".join(parts)


def move_line(S: dict[str, Any], W: dict[str, Any], who: str, record: dict[str, Any]) -> str:
    words = {**S, **W}
    card = record.get("card")
    return CASES.format(words[f"{who}_{record['action']}"], card=the_card(S, card) if card else "")


@pytest.mark.parametrize(("lang", "variant", "scheme", "seed"), DEALS)
def test_a_deal_by_keyboard_is_said_from_start_to_end(
    speaking: BrowserContext, lang: str, variant: str, scheme: str, seed: int
) -> None:
    page = speaking.new_page()
    page.goto(f"/{lang}/play.html#play={variant}/{scheme}/beginner/{seed}/1/computer")
    root = settled(page)
    S = strings(page)
    W = page.evaluate("() => window.ginrulesPlay.S")  # the variant's own words over the page's
    table = Table(variant, scheme, "beginner", seed, dealer="computer")
    reader = get_player("good", seed)
    # the start: the deal, the dealer, the hand, the upcard; then what the reader may do
    lines = said(page)
    prompt = root.locator(".gr-play-turn").inner_text()
    assert lines == [start_text(page, S, W, table.state()), prompt]
    # the focus is on the table (a move), not left on the page's top
    assert focused(page)["inTable"], focused(page)
    azerty = False
    for _ in range(40):
        state = table.state()
        if state["result"]:
            break
        before = len(said(page))
        move = action_dict(reader.choose(table.view()))
        action, card = move["action"], move.get("card") or ""
        if action in KEYS:
            page.keyboard.press(KEYS[action])
            record = {"action": action, "card": state["discard_top"] if action == "take" else None}
        elif action == "discard":
            codes = root.locator(".gr-play-hand .gr-card[data-card]").evaluate_all(
                "cs => cs.map(c => c.dataset.card)"
            )
            place = codes.index(card)
            if not azerty:
                # the first discard from an AZERTY keyboard, whose unshifted digit keys type
                # & é " ' ( - è _ ç à ): the key's place counts, not what it types
                azerty = True
                root.evaluate(
                    "(r, [key, code]) => r.dispatchEvent(new KeyboardEvent('keydown', "
                    "{key, code, bubbles: true, cancelable: true}))",
                    ["&é\"'(-è_çà)"[place], DIGITS[place]],
                )
            else:
                page.keyboard.press(DIGITS[place])
            record = {"action": "discard", "card": card}
        else:
            # going out: K chooses the way (the least deadwood, the tutor off) and its button
            page.keyboard.press("k")
            go = focused(page)
            assert go["tag"] == "BUTTON" and go["action"] in ("knock", "gin", "big_gin"), go
            action, card = go["action"], go["card"]
            page.keyboard.press("Enter")
            if root.locator(".gr-play-spread").count():
                page.keyboard.press("Tab")
                page.keyboard.press("Enter")
            record = {"action": action, "card": card or None}
        settled(page)
        table.act({"action": action, **({"card": card} if card else {})})
        if action == "stock":
            record["card"] = table.state()["drawn"]
        expected = [move_line(S, W, "you", record)]
        for rec in table.play_computer():
            expected.append(move_line(S, W, "computer", rec))
        now = table.state()
        if now["result"]:
            end = said(page)[before + len(expected) :]
            assert len(end) == 1, end
            # the way out was just said (the last move line): the recap goes on from there
            assert record["action"] in ("knock", "gin", "big_gin"), record
            check_end(root, S, W, now, end[0], said_out=True)
        else:
            expected.append(root.locator(".gr-play-turn").inner_text())
        assert said(page)[before : before + len(expected)] == expected, (
            said(page)[before:],
            expected,
        )
        # the focus stays on the table, on a control still there
        assert focused(page)["inTable"], focused(page)
    assert table.state()["result"], "the deal did not end"
    assert azerty or lang == "fr"  # (the French deal's only discard is the knock's)
    assert root.get_attribute("data-phase") in ("over", "game_over")
    # after the end, the focus is on the review, not on "Next deal" (Enter would skip the result)
    assert focused(page)["action"] == "review"
    lines = said(page)
    assert all(a != b for a, b in pairwise(lines)), lines
    # no glyph of the page's drawing read aloud (▶, ↺, ✓, ✗, ⚠)
    assert not any(ch in " ".join(lines) for ch in "▶↺✓✗⚠"), lines
    # nor a place on the screen ("below"): speech points at no layout; the prompts and the
    # status line's words too, whether this deal said them or not
    assert not layout_words(lang, lines), lines
    prompts = [v for k, v in {**S, **W}.items() if k.startswith("turn_") or k == "choice_pending"]
    assert not layout_words(lang, prompts), layout_words(lang, prompts)
    # the review by keyboard: Enter opens it on its first turn, the focus on "Next turn";
    # Enter again shows the second turn and the focus stays there (not thrown to "Next deal")
    page.keyboard.press("Enter")
    review = root.locator(".gr-play-review")
    expect(review).to_have_attribute("data-turn", "1")
    assert focused(page)["action"] == "review_next", focused(page)
    page.keyboard.press("Enter")
    expect(review).to_have_attribute("data-turn", "2")
    assert focused(page)["action"].startswith("review_"), focused(page)
    root.locator("button[data-action='review_close']").click()
    # G reads the score, the same words as the sheet's totals
    page.keyboard.press("g")
    assert said(page)[-1].endswith(score_words(S, now["sheet"]))
    if now["phase"] == "game_over":
        # the game's end, in the same words as the page (Oklahoma's 102 points in one deal)
        over = root.locator(".gr-play-game-over").inner_text()
        assert over and over in said(page)[-2], said(page)[-2:]
        page.close()
        return
    # the next deal by keyboard: its start said, the focus on the new table
    page.keyboard.press("n")
    settled(page)
    table.next_deal()
    table.play_computer()
    deal_two = table.state()
    expect(root.locator(".gr-play-facts")).to_contain_text(str(deal_two["deal"]))
    assert start_text(page, S, W, deal_two) in said(page)
    # one rule, whoever played first: the focus on the first move offered (trial F8)
    first = root.locator(".gr-play-moves button").first.get_attribute("data-action")
    assert focused(page)["inTable"] and focused(page)["action"] == first, (focused(page), first)
    page.close()


# Words that point at the screen's layout, per language (as whole words).
LAYOUT_WORDS = {
    "fr": ["ci-dessous", "ci-dessus", "en dessous", "au-dessus"],
    "sv": ["nedan", "ovan", "nedanför", "ovanför"],
    "de": ["unten", "oben"],
}


def layout_words(lang: str, lines: list[Any]) -> list[str]:
    """The lines (strings, or plural entries) that name a place on the screen."""
    found = []
    for line in lines:
        text = " ".join(line["forms"]) if isinstance(line, dict) else str(line)
        words = re.findall(r"[\w-]+", text.lower())
        joined = " ".join(words)
        if any(w in words or (" " in w and w in joined) for w in LAYOUT_WORDS[lang]):
            found.append(text)
    return found


def check_end(
    root: Locator,
    S: dict[str, Any],
    W: dict[str, Any],
    state: dict[str, Any],
    line: str,
    said_out: bool = False,
) -> None:
    """The end as said: the recap's headline first (left out when the move that went out
    has just been said: nothing said twice), the working, the score, the totals."""
    words = {**S, **W}
    result = state["result"]
    showdown = result["showdown"]
    kind = result["kind"]
    how = "knock" if kind == "undercut" else kind
    template = words[f"recap_{how}_{result['knocker']}"]
    headline = template.format(deadwood=showdown["knocker_deadwood"])
    if said_out:
        assert headline not in line, (line, headline)
        after = root.locator(".gr-play-result > p:not(.gr-play-went-out)").first.inner_text()
        assert line.startswith(after.strip()), (line, after)
    else:
        assert line.startswith(headline), (line, headline)
    assert root.locator(".gr-scoreline").inner_text() in line
    assert str(showdown["points"]) in root.locator(".gr-scoreline").inner_text()
    winner = "result_you" if result["winner"] == "you" else "result_computer"
    assert plain(S, winner, points=result["points"]) in line
    assert line.endswith(score_words(S, state["sheet"])), line


def score_words(S: dict[str, Any], sheet: dict[str, Any]) -> str:
    """The score as said (G, the recap's end): the totals; under Hollywood in progress the
    standing of each game scored in (those still 0 to 0 in one phrase), never their sum."""
    if sheet["totals"] is not None:
        a, b = sheet["totals"]
        manches = "manches" in sheet
        columns = sheet.get("games") or sheet.get("manches") or []
        label = S["Manche {n}"] if manches else S["Game {n}"]
        parts = [
            S["score_column"].format(
                name=label.format(n=c["manche" if manches else "game"]),
                a=c["totals"][0],
                b=c["totals"][1],
            )
            for c in (columns if len(columns) > 1 else [])
        ]
        key = "final_totals" if sheet["over"] else "totals_so_far"
        return " ".join([*parts, S[key].format(a=a, b=b)])
    assert sheet["scheme"] == "hollywood" and not sheet["over"]
    games = sheet["games"]
    scored = [g for g in games if any(g["totals"])]
    parts = [
        S["score_column"].format(
            name=S["Game {n}"].format(n=g["game"]), a=g["totals"][0], b=g["totals"][1]
        )
        for g in scored or games
    ]
    if scored and len(scored) < len(games):
        parts.append(S["other_games_nil"])
    return " ".join(parts)


# Focus, in sight, on a control still there: what the page's focus must be on.
IN_SIGHT_FOCUS = """() => {
  const a = document.activeElement;
  const r = a.getBoundingClientRect();
  return {action: a.dataset.action ?? '', connected: a.isConnected,
          inTable: Boolean(a.closest('.gr-play-table')),
          inSight: r.width > 0 && r.top >= 0 && r.bottom <= innerHeight
                   && r.left >= 0 && r.right <= innerWidth}; }"""


def test_after_a_new_deal_the_computer_plays_first_then_the_focus_is_on_a_move(
    speaking: BrowserContext,
) -> None:
    """Trial F8: the reader lost deal 1 and deals deal 2, so the computer plays first; after
    "Next deal" the focus is on the first move the reader is offered once the computer has
    played, in sight, never a control gone (Next deal) or off screen, nor a card."""
    seed = 1
    table, moves = moves_to_end("standard", "game100", seed)
    assert table.state()["result"]["winner"] == "computer", "seed 1 no longer loses deal 1"
    page = speaking.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/sv/play.html#play=standard/game100/beginner/{seed}/1/computer")
    root = settled(page)
    replay_in_page(root, "standard", "game100", seed, moves)
    root.locator("button[data-action='next']").click()
    expect(root).to_have_attribute("data-turn", "you", timeout=LIVE_TIMEOUT)
    settled(page)
    state = page.evaluate("() => window.ginrulesPlay.state")
    assert (state["deal"], state["dealer"]) == (2, "you")
    # the computer played first (the upcard was offered to it): its move is in the log
    assert state["last"] and state["last"][0]["who"] == "computer", state["last"]
    first = root.locator(".gr-play-moves button").first.get_attribute("data-action")
    where = page.evaluate(IN_SIGHT_FOCUS)
    assert where == {"action": first, "connected": True, "inTable": True, "inSight": True}, where
    assert first in ("take", "pass", "stock"), first
    page.close()


def test_hollywood_score_is_each_game_never_their_sum(speaking: BrowserContext) -> None:
    """Issue 30 (trial F1): two wins by the reader stand 53-0 in game 1 and 26-0 in game 2;
    G says those two games and the third in one phrase, never the sum 79 (nobody's score)."""
    page = speaking.new_page()
    page.goto("/fr/play.html#play=standard/hollywood/expert/7/3/computer/v1.A27gin.A26gin")
    root = settled(page)
    S = strings(page)
    sheet = page.evaluate("() => window.ginrulesPlay.state.sheet")
    assert [g["totals"] for g in sheet["games"]] == [[53, 0], [26, 0], [0, 0]]
    page.keyboard.press("g")
    line = said(page)[-1]
    assert line == score_words(S, sheet), line
    assert "79" not in line and S["totals_so_far"].split("{")[0] not in line, line
    # the sheet: the second win's row gives each game's score after it, not the sum
    root.locator(".gr-play-sheet").first.wait_for(state="attached")
    cells = root.locator(".gr-play-sheet tr.gr-sheet-entered").last.evaluate(
        "r => [...r.cells].slice(2).map(c => c.textContent)"
    )
    assert cells == ["1, 2", "53, 26", "0, 0"], cells
    expect(root.locator(".gr-play-sheet .gr-sheet-total")).to_have_count(0)
    page.close()


def test_the_tutor_and_the_reading_keys_are_said_once(speaking: BrowserContext) -> None:
    """T: the advice said once; a redraw of the same position (V sorts) says nothing
    again; H reads the hand with each card named; L the table; the card places."""
    page = speaking.new_page()
    page.goto("/de/play.html#play=standard/game100/beginner/51/1/computer")
    root = settled(page)
    S = strings(page)
    page.keyboard.press("t")
    settled(page)
    advice = root.locator("[data-tutor-advice]")
    expect(advice).to_be_visible(timeout=LIVE_TIMEOUT)
    text = advice.inner_text()
    page.wait_for_function("t => window.ginrulesSaid.includes(t)", arg=text)
    page.keyboard.press("v")
    page.keyboard.press("v")
    settled(page)
    expect(advice).to_be_visible()
    assert said(page).count(text) == 1
    state = page.evaluate("() => window.ginrulesPlay.state")
    page.keyboard.press("h")
    hand = said(page)[-1]
    assert hand.startswith(S["sentence"].format(text=S["your_hand"]))
    assert all(spoken(page, code) in hand for code in state["hand"])
    page.keyboard.press("l")
    assert spoken(page, state["discard_top"]) in said(page)[-1]
    # each card of the hand says its place: "3 von 10"
    cards = root.locator(".gr-play-hand .gr-cards > :is(.gr-play-card, .gr-card)")
    n = cards.count()
    third = cards.nth(2).get_attribute("aria-label") or ""
    assert third.endswith(S["card_place"].format(place=3, n=n)), third
    page.close()


# --- the exercises --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "sv", "de"])
def test_the_exercises_say_errors_and_verdicts(speaking: BrowserContext, lang: str) -> None:
    """Check with no choice: "Choose one answer first." in the alert, the radios invalid
    and described by it, the first focused; "abc" in a number field: the same for it; a
    wrong answer: the verdict says so in words, the focus on the working."""
    page = speaking.new_page()
    page.goto(f"/{lang}/exercises.html")
    expect(page.locator(READY)).to_be_visible(timeout=LIVE_TIMEOUT)
    S = strings_of(page)
    error = page.locator("#gr-answer-error")
    expect(error).to_have_attribute("role", "alert")
    # a number field: "abc" is not a number
    box = open_exercise(page, "standard", "count", 1, 2)
    field = box.locator("input[name='deadwood']")
    field.fill("abc")
    box.locator("[data-action='check']").press("Enter")
    expect(error).to_have_text(S["bad_number"].format(value="abc"))
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_attribute("aria-describedby", "gr-answer-error")
    expect(field).to_be_focused()
    # a choice: none chosen
    variant, kind, level, seed = "oklahoma", "discard", 2, 3
    box = open_exercise(page, variant, kind, level, seed)
    box.locator("[data-action='check']").press("Enter")
    expect(error).to_have_text(S["pick_one"])
    radios = box.locator(".gr-answer-fields input[type='radio']")
    expect(radios.first).to_have_attribute("aria-invalid", "true")
    expect(radios.first).to_have_attribute("aria-describedby", "gr-answer-error")
    expect(radios.first).to_be_focused()
    # a wrong answer: "wrong" in words, the marks gone, the focus on the working
    exercise = make_exercise(variant, kind, level, seed)
    data = exercise.to_dict()
    accepted = check_answer(exercise, probe_answer(data)).accepted
    give(box, data, wrong_answer(data, accepted))
    expect(box).to_have_attribute("data-verdict", "wrong", timeout=LIVE_TIMEOUT)
    expect(error).to_have_text("")
    expect(radios.first).not_to_have_attribute("aria-invalid", "true")
    verdict = box.locator(".gr-verdict-text")
    expect(verdict).to_contain_text(S["wrong_more"].split("{answer}")[0].strip())
    expect(box.locator(".gr-verdict")).to_have_attribute("aria-live", "polite")
    working = box.locator(".gr-explanation")
    expect(working).to_be_focused()
    expect(working).to_have_attribute("aria-label", S["working"])
    page.close()


def strings_of(page: Page) -> dict[str, Any]:
    text = page.locator("section.gr-exercises script.gr-widget-strings").text_content()
    assert text
    data: dict[str, Any] = json.loads(text)
    return data


def test_at_200_percent_zoom_the_hidden_drawers_are_out_of_the_tab_order(
    speaking: BrowserContext,
) -> None:
    """A 1280 px window at 200 % zoom is 640 CSS px wide: Furo's navigation and contents
    drawers are off screen; Tab never lands in them until a drawer is opened."""
    page = speaking.new_page()
    page.set_viewport_size({"width": 640, "height": 450})
    page.goto("/fr/play.html")
    in_drawer = "() => Boolean(document.activeElement.closest('.sidebar-drawer, .toc-drawer'))"
    links = page.locator(".sidebar-drawer a, .toc-drawer a")
    assert links.count() > 10
    for _ in range(25):
        page.keyboard.press("Tab")
        assert not page.evaluate(in_drawer)
    # opened (the header's button), the navigation's links are reachable again
    page.locator("label.nav-overlay-icon").click()
    expect(page.locator(".sidebar-drawer a").first).to_be_visible()
    page.close()
