"""The play page's paths, prompts, recap, sheet and statistics (issue 21), in Debian's
Chromium against the engine in the page.

* Every path of the setup ends in the game chosen: a fresh page, a shared link, a reload
  in mid-deal, a game over, a review, a what-if; the game list follows the variant
  chosen; on every path no internal name (``one_deal``, ``draw_stock``…) reaches the
  reader, in en, fr and sv.
* The turn prompt names only the moves the engine lists as legal.
* The recap of a knock, an undercut, a gin, a big gin and a dead deal speaks from the
  reader's seat, in each language, with the engine's numbers (its result for the same
  seed and moves, computed here in CPython) and the sum written out.
* One row per deal in a Hollywood sheet; the statistics count a game as it ends and the
  tutor once each time the reader opens it.

Deals are reached with seeds and the reader's moves chosen by a seeded computer player
in CPython (``moves_to_end``); the page replays them through its own ``newGame`` (the
worker's ``play_new`` with ``moves``), then shows the state as it shows any other.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules.cases import CASE_NAMES, CardName
from ginrules.coach.table import Table
from ginrules.coach.tutor import action_dict
from ginrules.players import get_player
from ginrules.rules import find_variant
from ginrules.score_entries import schemes
from ginrules_site.live.play import WORDS_FILE

from .conftest import LANGUAGES, LIVE_TIMEOUT, SITE, Server, in_turn, open_context
from .test_play import deal_anew as deal
from .test_play import sheet_row_text, strings, the_card
from .test_widgets import translator

ROOT = "section[data-widget='play']"

# What no reader should read: a snake_case name (one_deal, draw_stock, big_gin…), a
# scheme's code (game100), a field never filled ({points}), or JavaScript's empty values.
INTERNAL = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\bgame\d+\b|\{\w+\}|\bundefined\b|\bnull\b|\bNaN\b|\[object"
)


@pytest.fixture
def page(play_page: Page) -> Page:
    """The play page's tests open their pages in the module's play context."""
    return play_page


def settled(page: Page) -> Locator:
    root = page.locator(ROOT)
    expect(root).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    expect(root).to_have_attribute("data-busy", "false", timeout=LIVE_TIMEOUT)
    return root


def shown_texts(root: Locator) -> list[str]:
    """Every text the widget shows or says: its visible text, the choosers' options,
    the labels read out (aria-label) and the status line."""
    texts: list[str] = root.evaluate(
        """root => [root.innerText,
            ...[...root.querySelectorAll('option')].map(o => o.textContent),
            ...[...root.querySelectorAll('[aria-label]')].map(n => n.getAttribute('aria-label')),
            root.querySelector('.gr-status').textContent]"""
    )
    return texts


def no_internal_names(root: Locator) -> None:
    for text in shown_texts(root):
        found = INTERNAL.findall(text)
        assert not found, f"{found} in {text!r}"


def share(root: Locator) -> list[str]:
    """The table's game as its link says it: [variant, scheme, level, seed, deal, dealer…]."""
    href = root.locator(".gr-share-link").get_attribute("href") or ""
    return href.removeprefix("#play=").split("/")


def choose(
    root: Locator, variant: str, scheme: str | None = None, level: str | None = None
) -> None:
    form = root.locator("form.gr-play-setup")
    form.locator("select[name='variant']").select_option(variant)
    # the game list follows the variant chosen, whatever the table shows
    labels = scheme_labels(root.page, variant)
    options = form.locator("select[name='scheme'] option")
    expect(options).to_have_count(len(labels))
    assert options.evaluate_all("os => os.map(o => [o.value, o.textContent])") == labels
    if scheme:
        form.locator("select[name='scheme']").select_option(scheme)
    if level:
        form.locator("select[name='level']").select_option(level)


def scheme_labels(page: Page, variant: str) -> list[list[str]]:
    params = page.locator(ROOT).get_attribute("data-params") or "{}"
    labels: list[list[str]] = json.loads(params)["variants"][variant]["schemes"]
    assert [value for value, _ in labels] == schemes(find_variant(variant))
    return labels


def plays(root: Locator, variant: str, scheme: str, level: str) -> None:
    """The table plays the game chosen, and its statistics are that game's."""
    expect(root).to_have_attribute("data-variant", variant)
    assert share(root)[:3] == [variant, scheme, level]
    name = scheme_name(root.page, variant)
    expect(root.locator(".gr-play-facts")).to_contain_text(name)
    expect(root.locator(".gr-play-stats")).to_contain_text(name)
    no_internal_names(root)


def scheme_name(page: Page, variant: str) -> str:
    params = json.loads(page.locator(ROOT).get_attribute("data-params") or "{}")
    name: str = params["variants"][variant]["name"]
    return name


# --- deals reached with seeds -------------------------------------------------------------

CASES = {
    # outcome: (variant, scheme, seed, who went out)
    "knock": ("standard", "one_deal", 3, "you"),
    "undercut": ("standard", "one_deal", 17, "you"),
    "gin": ("oklahoma", "one_deal", 7, "computer"),
    "big_gin": ("french", "manche", 1209, "you"),
    "dead": ("straight", "one_deal", 2, None),
}


def moves_to_end(variant: str, scheme: str, seed: int, deals: int = 1) -> tuple[Table, list[Any]]:
    """The reader's moves (a seeded good player's, big gin whenever it may) until
    ``deals`` deals are over, the computer (beginner) dealing first."""
    table = Table(variant, scheme, "beginner", seed, dealer="computer")
    me = get_player("good", seed)
    moves: list[dict[str, str]] = []
    over = 0
    while True:
        table.play_computer()
        state = table.state()
        if state["result"]:
            over += 1
            if over == deals or state["phase"] == "game_over":
                return table, moves
            moves.append({"action": "next"})
            table.next_deal()
            continue
        big = [m for m in state["legal"] if m["action"] == "big_gin"]
        move = big[0] if big else action_dict(me.choose(table.view()))
        moves.append(move)
        table.act(move)


def replay_in_page(root: Locator, variant: str, scheme: str, seed: int, moves: list[Any]) -> None:
    args = {"variant": variant, "scheme": scheme, "level": "beginner", "seed": seed}
    root.page.evaluate(
        "args => window.ginrulesPlay.newGame(args)", {**args, "dealer": "computer", "moves": moves}
    )
    expect(root).to_have_attribute("data-seed", str(seed))
    settled(root.page)


def open_table(page: Page, lang: str) -> Locator:
    page.goto(f"/{lang}/play.html#play=standard/one_deal/beginner/1/1/computer")
    return settled(page)


def end_of(root: Locator, outcome: str) -> tuple[Table, dict[str, Any]]:
    variant, scheme, seed, _who = CASES[outcome]
    table, moves = moves_to_end(variant, scheme, seed)
    result = table.state()["result"]
    assert result["kind"] == outcome, f"seed {seed} of {variant} no longer ends in {outcome}"
    replay_in_page(root, variant, scheme, seed, moves)
    expect(root).to_have_attribute("data-phase", re.compile("over"))
    return table, result


# --- point 2: no dead end -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_path_deals_the_game_chosen(page: Page, lang: str) -> None:
    _ = translator(lang)
    # a fresh page: the game list is the standard one; choosing Gin Rami lists its games
    page.goto(f"/{lang}/play.html")
    root = page.locator(ROOT)
    expect(root.locator("form.gr-play-setup")).to_be_visible()
    choose(root, "standard")
    choose(root, "french", "partie", "good")
    deal(root)
    plays(root, "french", "partie", "good")

    # a shared Oklahoma link, then Gin Rami chosen: the list offers Gin Rami's games
    page.goto(f"/{lang}/play.html#play=oklahoma/game100/beginner/5/1/computer")
    root = settled(page)
    plays(root, "oklahoma", "game100", "beginner")
    choose(root, "french")
    pending = _(
        "The table is still your match of {variant}: “Start a new match” starts the one "
        "you have just chosen."
    )
    expect(root.locator(".gr-status")).to_have_text(
        pending.format(variant=scheme_name(page, "oklahoma"))
    )
    no_internal_names(root)
    deal(root)
    plays(root, "french", "manche", "beginner")
    expect(root.locator(".gr-status")).to_have_text("")

    # a reload in mid-deal resumes it (issue 30); then another game and level
    first = root.locator(".gr-play-moves button[data-action]").first
    first.click()
    settled(page)
    link = share(root)
    hand = page.evaluate("() => window.ginrulesPlay.state.hand")
    page.wait_for_function(
        "() => { const k = JSON.parse(sessionStorage.getItem('ginrules-play-resume') ?? 'null');"
        " return k?.hash === location.hash && k.moves.length === 1; }"
    )
    page.reload()
    root = settled(page)
    assert share(root) == link
    assert page.evaluate("() => window.ginrulesPlay.state.hand") == hand
    choose(root, "straight", "game250", "expert")
    deal(root)
    plays(root, "straight", "game250", "expert")

    # a game over, then another variant
    end_of(root, "knock")
    expect(root).to_have_attribute("data-phase", "game_over")
    no_internal_names(root)
    choose(root, "oklahoma", "hollywood", "beginner")
    deal(root)
    plays(root, "oklahoma", "hollywood", "beginner")

    # a review open, then another variant
    end_of(root, "knock")
    root.locator("button[data-action='review']").click()
    settled(page)
    expect(root.locator(".gr-play-review")).to_be_visible()
    no_internal_names(root)
    choose(root, "straight", "one_deal")
    deal(root)
    plays(root, "straight", "one_deal", "beginner")
    expect(root.locator(".gr-play-review")).to_have_count(0)

    # a what-if, then another variant: a scored game, not the what-if
    end_of(root, "knock")
    root.locator("button[data-action='whatif']").click()
    settled(page)
    expect(root.locator(".gr-play-whatif")).to_be_visible()
    no_internal_names(root)
    choose(root, "french", "manche")
    deal(root)
    plays(root, "french", "manche", "beginner")
    expect(root.locator(".gr-play-whatif")).to_have_count(0)

    # an engine refusal says what is wrong in the reader's words, without the scheme's code
    page.evaluate("() => window.ginrulesPlay.newGame({variant: 'french', scheme: 'one_deal'})")
    refusal = _("This scoring is not offered with this variant: choose one from the list.")
    expect(root.locator(".gr-status")).to_have_text(refusal)
    no_internal_names(root)


def test_a_new_game_asked_while_the_computer_plays_is_dealt(browser: Any, server: Server) -> None:
    """At the page's own pace, "Deal a new game" during the computer's turns deals the
    game chosen; the old table's turns stop."""
    context, log = open_context(browser, server)
    context.add_init_script("window.GINRULES_PLAY_PACE_MS = 400;")
    try:
        page = context.new_page()
        # seed 1, the computer deals: the reader passes, the computer then thinks
        page.goto("/en/play.html#play=standard/one_deal/beginner/1/1/computer")
        root = settled(page)
        root.locator("button[data-action='pass']").click()
        expect(root.locator(".gr-play-turn")).to_have_attribute("data-turn", "computer")
        choose(root, "french", "manche")
        deal(root)
        plays(root, "french", "manche", "beginner")
        page.wait_for_timeout(1000)  # two of the old table's paced turns, had they gone on
        assert share(root)[0] == "french"
        expect(root.locator(".gr-play-turn")).to_have_attribute("data-turn", "you")
    finally:
        context.close()
    assert not log.foreign


# --- the prompt -----------------------------------------------------------------------------

PROMPTS = {
    frozenset({"take", "pass"}): "Your turn: take the upcard or pass.",
    frozenset({"pass"}): "Your turn: pass.",
    frozenset({"stock", "take"}): "Your turn: draw from the stock or take the pile's top card.",
    frozenset({"stock"}): "Your turn: draw from the stock.",
    frozenset({"take"}): "Your turn: take the pile's top card.",
    frozenset({"discard"}): "Your turn: discard a card.",
    frozenset({"discard", "knock"}): "Your turn: discard a card, or knock.",
    frozenset({"discard", "gin"}): "Your turn: discard a card, or go gin.",
    frozenset({"discard", "big_gin"}): "Your turn: discard a card, or go big gin.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prompt_names_only_legal_moves(page: Page, lang: str) -> None:
    """Seed 1: both players pass the upcard; the reader may then only draw from the
    stock, and the prompt says so. Then, along the deal the knock case plays, each
    prompt is the one of the moves the engine lists."""
    _ = translator(lang)
    root = open_table(page, lang)
    root.locator("button[data-action='pass']").click()
    settled(page)
    table = Table("standard", "one_deal", "beginner", 1, dealer="computer")
    table.act({"action": "pass"})
    table.play_computer()
    assert [m["action"] for m in table.state()["legal"]] == ["stock"]
    expect(root.locator(".gr-play-turn")).to_have_text(_("Your turn: draw from the stock."))
    # every prompt of a whole deal, move by move
    variant, scheme, seed, _who = CASES["knock"]
    whole, moves = moves_to_end(variant, scheme, seed)
    for number in range(len(moves)):
        table = Table.replay(variant, scheme, "beginner", seed, moves[:number], dealer="computer")
        legal = frozenset(m["action"] for m in table.state()["legal"])
        replay_in_page(root, variant, scheme, seed, moves[:number])
        expect(root.locator(".gr-play-turn")).to_have_text(_(PROMPTS[legal]))
    assert whole.state()["result"]["kind"] == "knock"


# --- point 3: the recap ---------------------------------------------------------------------

# The recap's headline and reason, by (style, outcome, who went out), in English.
HEADLINES = {
    "knock": (
        "You knock with deadwood {deadwood}.",
        "The computer knocks with deadwood {deadwood}.",
    ),
    "gin": ("You go gin.", "The computer goes gin."),
    "big_gin": ("You go big gin.", "The computer goes big gin."),
}
HEADLINES_DOWN = {
    "knock": (
        "You go down with a count of {deadwood}.",
        "The computer goes down with a count of {deadwood}.",
    ),
    "gin": ("You go petit gin.", "The computer goes petit gin."),
    "big_gin": ("You go grand gin.", "The computer goes grand gin."),
}
REASONS = {
    "knock": (
        "Your deadwood is lower: you score the difference.",
        "The computer's deadwood is lower: it scores the difference.",
    ),
    "undercut": (
        "Undercut: the computer's deadwood is not higher than yours, so the computer "
        "scores the difference and the undercut bonus.",
        "Undercut: your deadwood is not higher than the computer's, so you score the "
        "difference and the undercut bonus.",
    ),
    "gin": (
        "Gin: you score the computer's deadwood and the gin bonus.",
        "Gin: the computer scores your deadwood and the gin bonus.",
    ),
    "big_gin": (
        "Big gin: you score the computer's deadwood and the big gin bonus.",
        "Big gin: the computer scores your deadwood and the big gin bonus.",
    ),
}
REASONS_DOWN = {
    "big_gin": (
        "Grand gin: you score the computer's count and the grand gin bonus.",
        "Grand gin: the computer scores your count and the grand gin bonus.",
    ),
}
TERMS = {
    "gin_bonus": "gin bonus",
    "undercut_bonus": "undercut bonus",
    "big_gin_bonus": "big gin bonus",
}
TERMS_DOWN = {
    "gin_bonus": "petit gin bonus",
    "undercut_bonus": "opponent's bonus",
    "big_gin_bonus": "grand gin bonus",
}
# who lays off: [the reader, the computer], by "count" words (Gin Rami) or not
LAYOFFS = {
    False: (
        "You lay off {cards:nom} on the computer's melds: your deadwood falls from {before} "
        "to {after}.",
        "The computer lays off {cards:nom} on your melds: its deadwood falls from {before} to "
        "{after}.",
    ),
    True: (
        "You lay off {cards:nom} on the computer's melds: your count falls from {before} to "
        "{after}.",
        "The computer lays off {cards:nom} on your melds: its count falls from {before} to "
        "{after}.",
    ),
}
AND = {"en": "and", "fr": "et", "sv": "och", "de": "und"}


def listed(lang: str, names: list[str]) -> str:
    """Names joined as the browser's Intl.ListFormat joins them."""
    if len(names) < 3:
        return f" {AND[lang]} ".join(names)
    comma = "," if lang == "en" else ""
    return f"{', '.join(names[:-1])}{comma} {AND[lang]} {names[-1]}"


def written_sum(lang: str, down: bool, kind: str, showdown: dict[str, Any]) -> str:
    """The engine's terms as the recap writes them: 48 − 8, (11 + gin bonus 25) × 2."""
    _ = translator(lang)
    labels = TERMS_DOWN if down else TERMS
    knocker, defender = showdown["knocker_deadwood"], showdown["defender_deadwood"]
    parts: list[str] = []
    doubled = False
    for term in showdown["terms"]:
        code, value = term["code"], term["value"]
        if code == "difference":
            high, low = (knocker, defender) if kind == "undercut" else (defender, knocker)
            assert high - low == value
            parts.append(f"{high} − {low}")
        elif code == "opponent_deadwood":
            assert value == defender
            parts.append(str(value))
        elif code == "spade_double":
            doubled = True
        else:
            parts.append(_("{label} {value}").format(label=_(labels[code]), value=value))
    text = " + ".join(parts)
    if doubled:
        # a sum or a difference doubled whole: (53 − 2) × 2
        whole = len(parts) > 1 or " − " in text
        text = f"({text}) × {showdown['multiplier']}" if whole else f"{text} × 2"
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("outcome", list(CASES))
def test_the_recap_speaks_from_the_readers_seat(page: Page, lang: str, outcome: str) -> None:
    _ = translator(lang)
    root = open_table(page, lang)
    variant, _scheme, _seed, who = CASES[outcome]
    table, result = end_of(root, outcome)
    S = strings(page)
    recap = root.locator(".gr-play-result")
    points = result["points"]
    if outcome == "dead":
        expect(recap.locator(".gr-play-verdict")).to_have_text(
            _("The deal is dead: nobody scores.")
        )
        # why: Straight Gin never draws the stock's last two cards
        cards = find_variant(variant).dead_hand_cards
        why = _(
            "Nobody went gin before the last {n} card of the stock, which is never drawn.",
            "Nobody went gin before the last {n} cards of the stock, which are never drawn.",
            cards,
        )
        expect(recap.locator(".gr-play-went-out")).to_have_text(why.format(n=cards))
    else:
        showdown = result["showdown"]
        down = variant == "french"
        seat = 0 if who == "you" else 1
        how = "knock" if outcome == "undercut" else outcome
        headline = (HEADLINES_DOWN if down else HEADLINES)[how][seat]
        expect(recap.locator(".gr-play-went-out")).to_have_text(
            _(headline).format(deadwood=showdown["knocker_deadwood"])
        )
        # the hands are labelled by seat, never by role
        labels = recap.locator(".gr-row-label").all_inner_texts()
        assert labels == ([_("Your hand"), _("The computer's hand")][:: 1 if seat == 0 else -1])
        deadwood: dict[str, int] = {str(who): showdown["knocker_deadwood"]}
        deadwood["computer" if who == "you" else "you"] = showdown["defender_deadwood"]
        totals = (
            "Count: you {you}, the computer {computer}."
            if down
            else ("Deadwood: you {you}, the computer {computer}.")
        )
        expect(recap.locator(".gr-deadwood-total")).to_have_text(_(totals).format(**deadwood))
        reason = (REASONS_DOWN if down and outcome in REASONS_DOWN else REASONS)[outcome][seat]
        expect(recap.locator(".gr-outcome")).to_have_text(_(reason))
        terms = written_sum(lang, down, outcome, showdown)
        score = (
            _("Score: {term}").format(term=terms)  # one number is no sum ("3 = 3")
            if terms == str(showdown["points"])
            else _("Score: {terms} = {points}").format(terms=terms, points=showdown["points"])
        )
        expect(recap.locator(".gr-scoreline")).to_have_text(score)
        # the upcard only where it decided something: Oklahoma's knock card, by that name
        upcard = recap.locator(".gr-upcard")
        expect(upcard).to_have_count(1 if variant == "oklahoma" else 0)
        if variant == "oklahoma":
            expect(upcard.locator(".gr-group-label")).to_have_text(S["knock_card"])
        layoffs = showdown["layoffs"]
        layoff = recap.locator(".gr-play-layoff")
        if layoffs:
            cards = [the_card(S, lay["card"]) for lay in layoffs]
            joined = {case: listed(lang, [c.form(case) for c in cards]) for case in CASE_NAMES}
            names = CardName(joined.pop("nom"), **joined)
            template = LAYOFFS[down][0 if who == "computer" else 1]
            expect(layoff).to_have_text(
                _(template).format(
                    cards=names,
                    before=showdown["defender_deadwood_before_layoffs"],
                    after=showdown["defender_deadwood"],
                )
            )
        else:
            expect(layoff).to_have_count(0)
        verdict = (
            _("You score {points} point.", "You score {points} points.", points)
            if result["winner"] == "you"
            else _(
                "The computer scores {points} point.",
                "The computer scores {points} points.",
                points,
            )
        )
        expect(recap.locator(".gr-play-verdict")).to_have_text(verdict.format(points=points))
    # nothing left over from the deal's start: who dealt is not said over the recap
    expect(root.locator(".gr-play-info")).not_to_contain_text(_("The computer deals."))
    assert table.state()["result"]["points"] == points
    no_internal_names(root)


# --- the sheet and the statistics -------------------------------------------------------------


def test_a_hollywood_sheet_has_one_row_per_deal(page: Page) -> None:
    root = open_table(page, "fr")
    table, moves = moves_to_end("standard", "hollywood", 3, deals=3)
    replay_in_page(root, "standard", "hollywood", 3, moves)
    sheet = table.state()["sheet"]
    entered = {row["deal"] for row in sheet["rows"] if row["kind"] == "entered"}
    assert entered, "no deal was won in this game"
    expected = [r for r in sheet["rows"] if r["kind"] != "deal" or r["deal"] not in entered]
    rows = root.locator(".gr-play-sheet table.gr-sheet tbody tr")
    expect(rows).to_have_count(len(expected))
    cells = rows.evaluate_all("rs => rs.map(r => [r.cells[0].textContent, r.cells[1].textContent])")
    assert cells == [[str(r["deal"]), sheet_row_text("fr", r)] for r in expected]
    scored = [r["deal"] for r in expected if r["kind"] in ("deal", "entered", "dead")]
    assert len(scored) == len(set(scored)) == 3, "a deal appears twice, or not at all"


def test_the_statistics_follow_the_game_as_it_ends(page: Page) -> None:
    root = open_table(page, "en")
    stats = root.locator(".gr-play-stats")
    key = "standard/beginner"

    def stored(name: str) -> int:
        value: int = page.evaluate(
            "([key, name]) => JSON.parse(localStorage.getItem('ginrules-play-stats') ?? '{}')"
            "[key]?.[name] ?? 0",
            [key, name],
        )
        return value

    games, wins, shown = stored("games"), stored("wins"), stored("advice")
    # the tutor: counted from the moment its advice shows, once per position (closed and
    # opened again on the same position, not again)
    tutor = root.locator("button[data-action='tutor']")
    tutor.click()
    expect(root.locator("[data-tutor-advice]")).to_be_visible()
    page.wait_for_function(
        "n => (JSON.parse(localStorage.getItem('ginrules-play-stats') ?? '{}')"
        "['standard/beginner']?.advice ?? 0) === n",
        arg=shown + 1,
    )
    tutor.click()
    tutor.click()
    expect(root.locator("[data-tutor-advice]")).to_be_visible()
    settled(page)
    assert stored("advice") == shown + 1
    S = strings(page)
    followed = stored("followed")
    expect(stats.locator("[data-stat='tutor']")).to_have_text(
        S["stat_tutor_value"].format(followed=followed, shown=shown + 1)
    )
    root.locator("button[data-action='pass']").click()
    settled(page)
    root.locator("button[data-action='stock']").click()
    settled(page)
    # a won one-deal game: counted and shown as it ends, without a reload
    end_of(root, "knock")
    assert stored("games") == games + 1 and stored("wins") == wins + 1
    expect(stats.locator("[data-stat='games']")).to_have_text(str(games + 1))
    expect(stats.locator("[data-stat='wins']")).to_have_text(str(wins + 1))
    # the panel is the game's, whatever the form says
    root.locator("form.gr-play-setup select[name='variant']").select_option("french")
    expect(stats).to_contain_text(scheme_name(page, "standard"))


@pytest.mark.parametrize("lang", in_turn(2))
def test_the_variants_words_come_with_the_first_deal(page: Page, server: Server, lang: str) -> None:
    """The page's weight: no variant's words before any interaction; the first deal waits
    for them, says so in the reader's words while they cannot be had (and deals once they
    can), and Gin Rami's tutor then keeps a count, not deadwood."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith(WORDS_FILE) else None)
    missing = {"now": True}

    def answer(route: Any) -> None:
        if missing["now"]:
            route.fulfill(status=404, body="")
        else:
            route.continue_()

    page.route(f"**/{WORDS_FILE}", answer)
    page.goto(f"{server.url}/{lang}/play.html#play=french")
    root = page.locator(ROOT)
    expect(root.locator("form.gr-play-setup")).to_be_visible()
    page.wait_for_timeout(300)
    assert asked == []  # not with the page: it is fetched on the reader's intent
    S = strings(page)
    # what the page shows before a deal is in the page itself: the settings, whole
    settings = root.locator("details.gr-play-settings")
    settings.locator("summary").click()
    expect(settings.locator("summary")).to_have_text(S["settings_title"])
    shown = settings.text_content() or ""
    for key in ("pace_label", "pace_slow", "setting_four_colour", "settings_note"):
        assert S[key] in shown, key
    assert "undefined" not in (root.inner_text() or "")
    root.locator("form.gr-play-setup button[data-action='new']").click()
    expect(root).to_have_attribute("data-state", "error", timeout=LIVE_TIMEOUT)
    expect(root.locator(".gr-status")).to_contain_text(S["play_failed"].split("{")[0].strip())
    missing["now"] = False
    refused = len(asked)
    deal(root)
    assert len(asked) == refused + 1
    words = json.loads((SITE / lang / "_static" / WORDS_FILE).read_text(encoding="utf-8"))
    root.locator("button[data-action='tutor']").click()
    settled(page)
    outs = root.locator(".gr-play-tutor-outs")
    expect(outs).to_be_visible(timeout=LIVE_TIMEOUT)
    said = outs.text_content() or ""
    french = words["variants"]["french"]
    own = [french["tutor_outs"]["forms"][0], french["tutor_no_outs"]]
    general = [S["tutor_outs"]["forms"][0], S["tutor_no_outs"]]
    assert any(said.startswith(t.split("{")[0].strip()) for t in own), said
    assert not any(said.startswith(t.split("{")[0].strip()) for t in general), said
    assert len(asked) == refused + 1  # once: every deal after has them
