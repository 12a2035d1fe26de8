"""The exercises page in Chromium, in every language: each kind answered rightly and
wrongly, the verdict and the working read from the page and compared with
``ginrules.exercises`` run here (every number of the explanation is the engine's); a
share link restores the same exercise; the next exercise, the series, the progress kept
in localStorage and its reset; axe on the live exercise.

One page per language for the module: the engine loads once per page, and each exercise
after the first comes from a share link set in the page's address (``hashchange``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules.coach.exercises import KINDS, check_answer, kinds_for, make_exercise
from ginrules_site.live.exercises import probe_answer
from tests.site.test_exercises_page import numbers

from .conftest import LANGUAGES, LIVE_TIMEOUT
from .test_accessibility import serious_violations
from .test_play import spoken
from .test_widgets import translator

READY = "section.gr-exercises form.gr-exercises-setup:not([hidden])"
EXERCISE = "div[data-widget='exercise']"
# (variant, level, seed) per kind: a spread of variants, each exercise with ties or
# lay-offs where the kind has them
CASES: dict[str, tuple[str, int, int]] = {
    "count": ("standard", 3, 4),
    "discard": ("oklahoma", 2, 3),
    "go_out": ("french", 2, 3),
    "showdown": ("standard", 2, 0),
    "stock_end": ("straight", 2, 5),
    "sheet": ("french", 2, 3),
}


ERRORS: list[str] = []


@pytest.fixture(scope="module")
def opened(pages: Callable[[str, str], Page]) -> Iterator[Callable[[str], Page]]:
    """The page of a language, opened once; its script errors fail the test that saw them."""
    watched: set[str] = set()

    def get(lang: str) -> Page:
        page = pages(lang, "exercises")
        if lang not in watched:
            watched.add(lang)
            page.on("pageerror", lambda error: ERRORS.append(f"{lang}: {error}"))
        return page

    yield get


@pytest.fixture(autouse=True)
def _no_script_errors() -> Iterator[None]:
    ERRORS.clear()
    yield
    assert ERRORS == []


def said_numbers(text: str) -> Counter[int]:
    return Counter(int(n) for n in re.findall(r"\b\d+\b", text))


def texts_without_cards(locator: Locator) -> list[str]:
    """Each element's text with its cards left out (their rank digits are no numbers)."""
    texts: list[str] = locator.evaluate_all(
        """els => els.map(el => {
            const copy = el.cloneNode(true);
            for (const card of copy.querySelectorAll('.gr-card')) card.replaceWith(' ');
            return copy.textContent;
        })"""
    )
    return texts


def open_exercise(page: Page, variant: str, kind: str, level: int, seed: int) -> Locator:
    # the same link twice is no change of the address: go through an empty one
    page.evaluate(
        "hash => { location.hash = ''; location.hash = hash; }",
        f"exercise={variant}/{kind}/{level}/{seed}",
    )
    box = page.locator(EXERCISE)
    expect(box).not_to_have_attribute("data-verdict", re.compile("."), timeout=LIVE_TIMEOUT)
    expect(box).to_have_attribute("data-seed", str(seed), timeout=LIVE_TIMEOUT)
    expect(box).to_have_attribute("data-kind", kind)
    expect(box).to_have_attribute("data-variant", variant)
    return box


def wrong_answer(data: dict[str, Any], accepted: list[dict[str, Any]]) -> dict[str, Any]:
    """An answer of the right shape that the engine refuses."""
    right = accepted[0]
    form = data["answer_form"]
    if form == "number":
        return {"deadwood": right["deadwood"] + 1}
    if form == "card":
        taken = {a["card"] for a in accepted}
        return {"card": next(c for c in data["cards"] if c not in taken)}
    if form == "choice":
        taken = {a["choice"] for a in accepted}
        return {"choice": next(c["value"] for c in data["choices"] if c["value"] not in taken)}
    if form == "leader+number":
        return {**right, "lead": right["lead"] + 1}
    return {**right, "points": right["points"] + 1}


def give(box: Locator, data: dict[str, Any], answer: dict[str, Any]) -> None:
    """Fill the form with an answer, by keyboard where a reader would (Space ticks a box)."""
    for key, value in answer.items():
        if key == "layoffs":
            for code in value:
                box.locator(f"input[name='layoffs'][value='{code}']").press("Space")
        elif key in ("card", "choice", "winner", "leader"):
            box.locator(f"input[name='{key}'][value='{value}']").check()
        else:
            box.locator(f"input[name='{key}']").fill(str(value))
    box.locator("[data-action='check']").press("Enter")


def check_verdict(box: Locator, right: bool, verdict: dict[str, Any]) -> None:
    expect(box).to_have_attribute(
        "data-verdict", "right" if right else "wrong", timeout=LIVE_TIMEOUT
    )
    # the accepted answers, and every number of the working, are the engine's
    (said,) = texts_without_cards(box.locator(".gr-verdict-text"))
    assert said_numbers(said) == numbers(verdict["accepted"]), said
    steps = texts_without_cards(box.locator(".gr-explanation .gr-steps > li"))
    assert len(steps) == len(verdict["steps"])
    said_all: Counter[int] = Counter()
    for text, step in zip(steps, verdict["steps"], strict=True):
        engine = numbers(step["args"])
        # each number the page says is the engine's (a sum's terms are written out)
        assert said_numbers(text) <= engine + engine, (text, step)
        said_all += said_numbers(text)
    # and every number of the working is said (a sheet row's deal and game numbers aside)
    told = [
        {k: v for k, v in s["args"].items() if s["code"] != "row" or k not in ("deal", "game")}
        for s in verdict["steps"]
    ]
    assert set(said_all) >= set(numbers(told)), (said_all, verdict["steps"])
    rule = box.locator(".gr-explanation a.gr-rule-link")
    assert (rule.get_attribute("href") or "").endswith(f"#{verdict['rule']}")
    expect(box.locator("[data-action='next']")).to_be_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_answered_rightly_and_wrongly(opened: Callable[[str], Page], lang: str) -> None:
    page = opened(lang)
    for kind in KINDS:
        variant, level, seed = CASES[kind]
        assert kind in kinds_for(variant)
        exercise = make_exercise(variant, kind, level, seed)
        data = exercise.to_dict()
        accepted = check_answer(exercise, probe_answer(data)).accepted
        for answer in (accepted[-1], wrong_answer(data, accepted)):
            box = open_exercise(page, variant, kind, level, seed)
            # the share link restored the engine's exercise: its cards, as the hook says
            cards = " ".join(data["cards"])
            if kind == "showdown":
                cards = f"{' '.join(data['knocker'])} | {' '.join(data['defender'])}"
            expect(box).to_have_attribute("data-cards", cards)
            expect(box.locator(".gr-share-link")).to_have_attribute(
                "href", f"#exercise={variant}/{kind}/{level}/{seed}"
            )
            verdict = check_answer(exercise, answer)
            give(box, data, answer)
            check_verdict(box, verdict.right, verdict.to_dict())
            assert verdict.right == (answer is accepted[-1]), (kind, answer)


def test_next_series_progress_and_reset(opened: Callable[[str], Page]) -> None:
    page = opened("en")
    page.evaluate("() => localStorage.removeItem('ginrules-exercises-progress')")
    box = open_exercise(page, "straight", "count", 1, 11)
    exercise = make_exercise("straight", "count", 1, 11)
    give(
        box,
        exercise.to_dict(),
        {"deadwood": check_answer(exercise, {"deadwood": 0}).accepted[0]["deadwood"]},
    )
    expect(box).to_have_attribute("data-verdict", "right", timeout=LIVE_TIMEOUT)
    cell = page.locator(".gr-progress td[data-variant='straight'][data-kind='count']")
    expect(cell).to_have_text("1 of 1")
    # the next exercise: the same choosers, another hand
    box.locator("[data-action='next']").click()
    expect(box).not_to_have_attribute("data-seed", "11", timeout=LIVE_TIMEOUT)
    expect(box).not_to_have_attribute("data-verdict", re.compile("."))
    # a series of ten hands of the chosen variant, its kinds in turn
    setup = page.locator("form.gr-exercises-setup")
    setup.locator("select[name='variant']").select_option("oklahoma")
    setup.locator("[data-action='series']").click()
    expect(box).to_have_attribute("data-variant", "oklahoma", timeout=LIVE_TIMEOUT)
    expect(box).to_have_attribute("data-kind", KINDS[0])
    expect(box.locator(".gr-series-status")).to_contain_text("Hand 1 of 10")
    # a variant page's link "practise this rule": a first exercise of that variant and kind
    page.evaluate("() => { location.hash = 'exercises=french/stock_end'; }")
    expect(box).to_have_attribute("data-variant", "french", timeout=LIVE_TIMEOUT)
    expect(box).to_have_attribute("data-kind", "stock_end")
    expect(box).to_have_attribute("data-level", "1")
    expect(box.locator(".gr-series-status")).to_be_empty()
    # the Hollywood page's link: a standard score sheet at the level of Hollywood's sheets
    page.evaluate("() => { location.hash = 'exercises=standard/sheet/3'; }")
    expect(box).to_have_attribute("data-variant", "standard", timeout=LIVE_TIMEOUT)
    expect(box).to_have_attribute("data-kind", "sheet")
    expect(box).to_have_attribute("data-level", "3")
    expect(box.locator(".gr-summary")).to_contain_text("Hollywood")
    # after a Gin Rami exercise, each column in its own variant's words: the rows keep the
    # page's, Gin Rami's cell says its own name of the kind
    box = open_exercise(page, "french", "count", 1, 2)
    give(box, make_exercise("french", "count", 1, 2).to_dict(), {"deadwood": 999})
    expect(box).to_have_attribute("data-verdict", re.compile("right|wrong"), timeout=LIVE_TIMEOUT)
    kind_row = page.locator(".gr-progress tbody tr", has=page.locator("td[data-kind='count']"))
    expect(kind_row.locator("th")).to_have_text("Count the deadwood")
    gin_rami = page.locator(".gr-progress td[data-variant='french'][data-kind='count']")
    expect(gin_rami).to_have_attribute("aria-label", "Count the cards left in hand: 0 of 1")
    # the progress stays across a reload; the reset clears it
    page.reload()
    page.wait_for_selector(READY)
    expect(cell).to_have_text("1 of 1")
    page.locator("[data-action='reset']").click()
    expect(cell).to_have_text("not tried")
    assert page.evaluate("() => localStorage.getItem('ginrules-exercises-progress')") is None


def test_bad_input_is_told_and_axe_finds_nothing(opened: Callable[[str], Page]) -> None:
    page = opened("sv")
    box = open_exercise(page, "standard", "count", 1, 2)
    box.locator("input[name='deadwood']").fill("tolv")
    box.locator("[data-action='check']").click()
    expect(box.locator("#gr-answer-error")).to_contain_text("tolv")
    expect(box.locator("input[name='deadwood']")).to_have_attribute("aria-invalid", "true")
    assert box.get_attribute("data-verdict") is None
    # a whole number out of range is a number (the minus sign U+2212 as well): said so
    _ = translator("sv")
    for text in ("-5", "\u22125", "12345"):
        box.locator("input[name='deadwood']").fill(text)
        box.locator("[data-action='check']").click()
        expect(box.locator("#gr-answer-error")).to_have_text(
            _("{value} is out of range: write a whole number from 0 to {max}.").format(
                value=text, max=9999
            )
        )
        assert box.get_attribute("data-verdict") is None
    box.locator("input[name='deadwood']").fill("3")
    box.locator("[data-action='check']").click()
    expect(box).to_have_attribute("data-verdict", re.compile("right|wrong"), timeout=LIVE_TIMEOUT)
    assert serious_violations(page) == []
    # in the dark theme too (Furo's toggle sets it on the body), verdict and working shown
    page.evaluate("() => { document.body.dataset.theme = 'dark'; }")
    assert serious_violations(page) == []
    page.evaluate("() => { document.body.dataset.theme = 'light'; }")
    # and on a phone, where the progress table scrolls sideways in a frame
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious_violations(page) == []
    assert size
    page.set_viewport_size(size)
    # a link that names no exercise says so, and deals nothing
    page.evaluate("() => { location.hash = 'exercise=standard/poker/1/2'; }")
    expect(page.locator("form.gr-exercises-setup .gr-status")).to_contain_text("standard/poker/1/2")


def test_the_reader_lays_out_the_melds(opened: Callable[[str], Page]) -> None:
    """Count: the melds laid out card by card (keyboard), checked by the engine with the
    deadwood; cards that are no meld are refused with their names."""
    page = opened("fr")
    exercise = make_exercise("standard", "count", 2, 7)
    melds = next(s for s in check_answer(exercise, {"deadwood": 0}).steps if s.code == "melds")
    box = open_exercise(page, "standard", "count", 2, 7)
    for meld in melds.args["melds"]:
        for code in meld:
            box.locator(f".gr-meld-maker button[data-card='{code}']").press("Enter")
        box.locator("[data-action='meld']").press("Enter")
    expect(box.locator(".gr-my-melds li")).to_have_count(len(melds.args["melds"]))
    answer = {"deadwood": melds.args["deadwood"], "melds": melds.args["melds"]}
    verdict = check_answer(exercise, answer)
    assert verdict.right and verdict.steps[0].code == "your_melds"
    give(box, exercise.to_dict(), {"deadwood": melds.args["deadwood"]})
    check_verdict(box, True, verdict.to_dict())
    # two loose cards are no meld: the engine refuses them, the page names them
    box = open_exercise(page, "standard", "count", 2, 8)
    loose = make_exercise("standard", "count", 2, 8).to_dict()["cards"][:2]
    for code in loose:
        box.locator(f".gr-meld-maker button[data-card='{code}']").click()
    box.locator("[data-action='meld']").click()
    give(box, {}, {"deadwood": 5})
    names = [spoken(page, code) for code in loose]
    expect(box.locator("#gr-answer-error")).to_contain_text(", ".join(names), timeout=LIVE_TIMEOUT)
    assert box.get_attribute("data-verdict") is None


def test_a_hollywood_sheet_is_explained_one_line_per_deal_and_game(
    opened: Callable[[str], Page],
) -> None:
    """Issue 30, point 4: the Hollywood sheet's working names the deal and the game on
    each line, one line per deal and game, every number the engine's."""
    page = opened("de")
    exercise = make_exercise("standard", "sheet", 3, 588345)
    data = exercise.to_dict()
    assert data["scheme"] == "hollywood"
    answer = check_answer(exercise, probe_answer(data)).accepted[0]
    box = open_exercise(page, "standard", "sheet", 3, 588345)
    give(box, data, answer)
    verdict = check_answer(exercise, answer).to_dict()
    check_verdict(box, True, verdict)
    lines = [s["args"] for s in verdict["steps"] if s["code"] == "game_rows"]
    assert len({(line["deal"], line["game"]) for line in lines}) == len(lines) >= 8
    steps = box.locator(".gr-explanation .gr-steps > li").all_inner_texts()
    for text, line in zip(steps, lines, strict=False):
        assert text.startswith(f"Runde {line['deal']}, Partie {line['game']}. "), text
    # the match runs: the question and the lead are of one game, never the games added up
    assert data["question"] == {"code": "sheet_leader_game", "args": {"game": 2}}
    expect(box.locator(".gr-question")).to_contain_text("in Partie 2")
    lead = verdict["steps"][-1]["args"]
    assert verdict["steps"][-1]["code"] == "game_lead" and lead["game"] == 2
    assert steps[-1].startswith(f"Partie 2: Spieler A {lead['totals'][0]}, "), steps[-1]


@pytest.mark.parametrize("lang", ["en", "de"])  # wording: one translation besides English
def test_a_gin_showdown_exercise_names_the_gin_player(
    opened: Callable[[str], Page], lang: str
) -> None:
    """standard/showdown/1/1 is a gin: the script labels the hand and offers the winner as
    the player who went gin, never "Knocker" (issue 31), and says so in the answer."""
    _ = translator(lang)
    variant, kind, level, seed = "standard", "showdown", 1, 1
    exercise = make_exercise(variant, kind, level, seed)
    data = exercise.to_dict()
    assert check_answer(exercise, probe_answer(data)).accepted[0]["winner"] == "knocker"
    box = open_exercise(opened(lang), variant, kind, level, seed)
    gin = _("Player who went gin")
    expect(box.locator(".gr-row-label").first).to_have_text(gin)
    expect(box.locator(".gr-exercise-hand")).not_to_contain_text(_("Knocker"))
    winner = box.locator("label.gr-choice", has=box.page.locator("input[value='knocker']"))
    expect(winner).to_contain_text(gin)
    give(box, data, check_answer(exercise, probe_answer(data)).accepted[0])
    expect(box.locator(".gr-verdict-text")).to_contain_text(
        _("the player who went gin scores {points}").split("{points}")[0].strip()
    )
