"""The score sheet widget in Chromium, in every language, against ``ginrules.match``
in CPython: the reader enters deal results, the engine in the page's worker scores
them, and every row read from the page must be the engine's row here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules import find_variant
from ginrules.match import ScoreSheet
from ginrules.score_entries import new_sheet, parse_entries

from .conftest import LANGUAGES, LIVE_TIMEOUT, in_turn
from .test_widgets import translator

Entry = tuple[str, int, str]  # winner ("A", "B" or "dead"), points, outcome


READY = "section[data-widget='scoresheet'] form.gr-controls:not([hidden])"


def engine_sheet(variant: str, scheme: str, entries: list[Entry]) -> ScoreSheet:
    """The sheet the engine keeps for these entries (the widget's schemes)."""
    rules = find_variant(variant)
    sheet = new_sheet(rules, scheme)
    text = "; ".join("dead" if w == "dead" else f"{w} {p} {o}" for w, p, o in entries)
    for result in parse_entries(text, rules):
        sheet.record(result)
    return sheet


OUTCOME_WORDS = {
    "big_gin": "big gin",
    "going_down": "going down",
    "petit_gin": "petit gin",
    "grand_gin": "grand gin",
}


def entry_text(_: Callable[[str], str], row: Any) -> str:
    """The wording of a row, from the ginrules_site catalog (as deals.sheet_entry)."""
    player = "" if row.player is None else "AB"[row.player]
    if row.kind in ("deal", "entered"):
        word = row.detail["entry"]
        fields = {
            "player": player,
            "points": row.points,
            "outcome": _(OUTCOME_WORDS.get(word, word)),
        }
        if row.kind == "entered":
            games = ", ".join(_("game {n}").format(n=n) for n in row.detail["games"])
            return _("Player {player} scores {points} ({outcome}), entered in: {games}").format(
                games=games, **fields
            )
        return _("Player {player} scores {points} ({outcome})").format(**fields)
    templates = {
        "dead": "Dead deal: nobody scores",
        "game_bonus": "Game bonus for player {player}: {points}",
        "shutout": "Shutout: the deal points of player {player} are doubled, {points} more",
        "line_bonus": "Line bonus for player {player}: {deals} × {each} = {points}",
        "manche_bonus": "Manche bonus for player {player}: {points}",
        "petit_gin_bonus": "Petit gin bonus for player {player}: {gins} × {each} = {points}",
        "grand_gin_bonus": "Grand gin bonus for player {player}: {gins} × {each} = {points}",
    }
    return _(templates[row.kind]).format(player=player, points=row.points, **row.detail)


def sheet_widget(page: Page) -> Locator:
    return page.locator("section[data-widget='scoresheet']").first


def add_deal(widget: Locator, winner: str, points: str, outcome: str = "knock") -> None:
    widget.locator("select[name='winner']").select_option(winner)
    if winner != "dead":
        widget.locator("select[name='outcome']").select_option(outcome)
    widget.locator("input[name='points']").fill(points)
    widget.locator("button[data-action='add']").click()


def wait_rows(widget: Locator, count: int, live: bool = True) -> None:
    expect(widget.locator(".gr-result table.gr-sheet tbody tr")).to_have_count(
        count, timeout=LIVE_TIMEOUT
    )
    if live:
        expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)


def assert_sheet(widget: Locator, sheet: ScoreSheet, lang: str, live: bool = True) -> None:
    _ = translator(lang)
    wait_rows(widget, len(sheet.rows), live)
    cells = widget.locator(".gr-result table.gr-sheet tbody tr").evaluate_all(
        "rows => rows.map(r => [r.className, ...[...r.cells].map(c => c.textContent)])"
    )
    expected = [
        [
            f"gr-sheet-{row.kind.replace('_', '-')} {'row-odd' if i % 2 else 'row-even'}",
            str(row.deal),
            entry_text(_, row),
            ", ".join(map(str, row.detail["games"])) if row.kind == "entered" else str(row.game),
            *running(sheet, row),
        ]
        for i, row in enumerate(sheet.rows)
    ]
    assert cells == expected
    if sheet.scheme == "hollywood" and not sheet.over:
        # the three games added up are the score of nothing: no "totals so far" then
        expect(widget.locator(".gr-sheet-total")).to_have_count(0)
        if live:
            sum_words = _("Totals so far: player A {a}, player B {b}.").split("{")[0]
            expect(widget.locator(".gr-status")).not_to_contain_text(sum_words)
        return
    assert sheet.totals is not None
    a, b = sheet.totals
    total = _(
        "Final totals: player A {a}, player B {b}."
        if sheet.over
        else "Totals so far: player A {a}, player B {b}."
    ).format(a=a, b=b)
    expect(widget.locator(".gr-sheet-total")).to_have_text(total)
    if live:
        expect(widget.locator(".gr-status")).to_contain_text(total)


def running(sheet: ScoreSheet, row: Any) -> list[str]:
    """A row's running totals as the sheet shows them: a Hollywood win's row gives, for each
    game it was entered in, that game's totals after the deal (never the match's sum)."""
    if row.kind != "entered":
        return [str(row.totals[0]), str(row.totals[1])]
    after = {r.game: r.totals for r in sheet.rows if r.kind != "entered" and r.deal == row.deal}
    games = row.detail["games"]
    cells = [", ".join(str(after[n][seat]) for n in games) for seat in (0, 1)]
    # the engine's row carries the same standing; no sum of the games while the match runs
    standing = {g["number"]: tuple(g["totals"]) for g in row.detail["standing"]}
    assert all(standing[n] == after[n] for n in games)
    assert row.totals is None or (row is sheet.rows[-1] and sheet.over)
    return cells


def reset(widget: Locator) -> None:
    widget.locator("button[data-action='reset']").click()
    wait_rows(widget, 0)


# --- a game to 100, entered deal by deal, in every language ----------------------------


GAME: list[Entry] = [("A", 25, "knock"), ("B", 41, "gin"), ("dead", 0, ""), ("A", 80, "gin")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_to_100_equals_the_engine(pages: Callable[[str, str], Page], lang: str) -> None:
    page = pages(lang, "standard")
    widget = sheet_widget(page)
    # the build-time sheet (:deals: of the page) is the engine's
    static = [("A", 25, "knock"), ("B", 41, "gin"), ("A", 12, "knock")]
    expect(widget).to_have_attribute("data-state", "static")
    assert_sheet(widget, engine_sheet("standard", "game100", static), lang, live=False)
    reset(widget)
    for n, (winner, points, outcome) in enumerate(GAME, 1):
        add_deal(widget, winner, str(points), outcome)
        assert_sheet(widget, engine_sheet("standard", "game100", GAME[:n]), lang)
    sheet = engine_sheet("standard", "game100", GAME)
    assert sheet.over
    assert {r.kind for r in sheet.rows} >= {"game_bonus", "line_bonus", "dead"}
    # a shutout: player B never scores
    shutout: list[Entry] = [("A", 60, "gin"), ("A", 45, "knock")]
    reset(widget)
    for winner, points, outcome in shutout:
        add_deal(widget, winner, str(points), outcome)
    sheet = engine_sheet("standard", "game100", shutout)
    assert "shutout" in {r.kind for r in sheet.rows}
    assert_sheet(widget, sheet, lang)


@pytest.mark.parametrize("lang", in_turn(0))  # behaviour: one language
def test_bad_input_is_explained_and_the_sheet_keeps_working(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    page = pages(lang, "standard")
    widget = sheet_widget(page)
    reset(widget)
    error = widget.locator(".gr-error[data-for='points']")
    for bad in ("-5", "douze", "12.5"):
        add_deal(widget, "A", bad)
        message = _("{points} is not a score: write a whole number from 0 to 9999.")
        expect(error).to_have_text(message.format(points=bad), timeout=LIVE_TIMEOUT)
        expect(widget.locator("input[name='points']")).to_have_attribute("aria-invalid", "true")
        wait_rows(widget, 0)
    # An empty field is asked for, not quoted back (" is not a score").
    add_deal(widget, "A", "")
    message = _("Write the points: a whole number from 0 to 9999.")
    expect(error).to_have_text(message, timeout=LIVE_TIMEOUT)
    wait_rows(widget, 0)
    add_deal(widget, "B", "30", "gin")
    expect(error).to_be_empty(timeout=LIVE_TIMEOUT)
    assert_sheet(widget, engine_sheet("standard", "game100", [("B", 30, "gin")]), lang)
    # a deal after the end of the game: the engine refuses it, the sheet stays
    add_deal(widget, "B", "90", "knock")
    over = engine_sheet("standard", "game100", [("B", 30, "gin"), ("B", 90, "knock")])
    assert over.over
    assert_sheet(widget, over, lang)
    add_deal(widget, "A", "10", "knock")
    message = _(
        "The match is over: deal {deal} cannot be entered. Remove a deal or start again."
    ).format(deal=3)
    expect(error).to_have_text(message, timeout=LIVE_TIMEOUT)
    expect(widget.locator(".gr-status")).to_have_text(message)
    assert_sheet(widget, over, lang, live=False)
    # remove the last deal: the game is open again
    widget.locator("button[data-action='undo']").click()
    assert_sheet(widget, engine_sheet("standard", "game100", [("B", 30, "gin")]), lang)


# --- Hollywood and the manche -------------------------------------------------------------

HOLLYWOOD: list[Entry] = [
    ("A", 25, "knock"),
    ("B", 41, "gin"),
    ("A", 12, "knock"),
    ("A", 30, "undercut"),
    ("A", 50, "gin"),
    ("B", 35, "knock"),
    ("A", 40, "gin"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hollywood_three_columns_equal_the_engine(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    page = pages(lang, "hollywood")
    widget = sheet_widget(page)
    expect(widget.locator("select[name='scheme']")).to_have_value("hollywood")
    reset(widget)
    for n, (winner, points, outcome) in enumerate(HOLLYWOOD, 1):
        add_deal(widget, winner, str(points), outcome)
        wait_rows(widget, len(engine_sheet("standard", "hollywood", HOLLYWOOD[:n]).rows))
    sheet = engine_sheet("standard", "hollywood", HOLLYWOOD)
    assert_sheet(widget, sheet, lang)
    assert {r.game for r in sheet.rows if r.kind != "entered"} == {1, 2, 3}
    columns = widget.locator(".gr-result table.gr-sheet-columns")
    cells = columns.locator("tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    games = sheet.to_dict()["games"]
    seat = [_("Player A"), _("Player B")]
    assert cells == [
        [_("Player"), *[_("Game {n}").format(n=g["game"]) for g in games]],
        [seat[0], *[str(g["totals"][0]) for g in games]],
        [seat[1], *[str(g["totals"][1]) for g in games]],
        [_("Winner"), *["" if g["winner"] is None else seat[g["winner"]] for g in games]],
    ]


MANCHE: list[Entry] = [
    ("A", 40, "petit_gin"),
    ("B", 15, "going_down"),
    ("A", 62, "grand_gin"),
    ("A", 135, "petit_gin"),
    ("A", 20, "going_down"),
    ("B", 22, "undercut"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_gin_rami_partie_speaks_gin_rami(pages: Callable[[str, str], Page], lang: str) -> None:
    _ = translator(lang)
    page = pages(lang, "gin-rami")
    widget = sheet_widget(page)
    expect(widget.locator("select[name='scheme']")).to_have_value("partie")
    # the build-time sheet of the page is the engine's, in Gin Rami's words
    static = [("A", 40, "petit_gin"), ("B", 15, "going_down"), ("A", 62, "grand_gin")]
    assert_sheet(widget, engine_sheet("french", "partie", static), lang, live=False)
    # going down, petit gin, grand gin, and the opponent's win after going down: no knock
    options = widget.locator("select[name='outcome'] option")
    expect(options).to_have_count(4)
    assert options.evaluate_all("os => os.map(o => [o.value, o.textContent])") == [
        ["going_down", _("going down")],
        ["undercut", _("undercut")],
        ["petit_gin", _("petit gin")],
        ["grand_gin", _("grand gin")],
    ]
    schemes = widget.locator("select[name='scheme'] option")
    assert schemes.evaluate_all("os => os.map(o => o.value)") == ["manche", "partie"]
    reset(widget)
    for n, (winner, points, outcome) in enumerate(MANCHE, 1):
        add_deal(widget, winner, str(points), outcome)
        wait_rows(widget, len(engine_sheet("french", "partie", MANCHE[:n]).rows))
    sheet = engine_sheet("french", "partie", MANCHE)
    assert not sheet.over
    assert {"manche_bonus", "petit_gin_bonus", "grand_gin_bonus"} <= {r.kind for r in sheet.rows}
    assert_sheet(widget, sheet, lang)
    # manche 1 ended at deal 5 (257 points); deal 6 opened manche 2; the partie totals both
    assert sheet.rows[-1].game == 2
    cells = widget.locator(".gr-result table.gr-sheet-columns tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    manches = sheet.to_dict()["manches"]
    assert cells[0] == [_("Player"), _("Manche {n}").format(n=1), _("Manche {n}").format(n=2)]
    assert cells[1][1:] == [str(m["totals"][0]) for m in manches]
    # one manche only: the same deals, the manche is over at deal 5, deal 6 is refused
    widget.locator("select[name='scheme']").select_option("manche")
    error = widget.locator(".gr-error[data-for='deals']")
    message = _(
        "The match is over: deal {deal} cannot be entered. Remove a deal or start again."
    ).format(deal=6)
    expect(error).to_have_text(message, timeout=LIVE_TIMEOUT)


@pytest.mark.parametrize("lang", in_turn(1))  # behaviour: one language
def test_gin_rami_refuses_impossible_entries(pages: Callable[[str, str], Page], lang: str) -> None:
    _ = translator(lang)
    page = pages(lang, "gin-rami")
    widget = sheet_widget(page)
    widget.locator("select[name='scheme']").select_option("partie")
    reset(widget)
    error = widget.locator(".gr-error[data-for='points']")
    cases = [
        (
            "A",
            "20",
            "petit_gin",
            "{entry} is impossible: {outcome} scores at least {minimum}.",
            {"outcome": _("petit gin"), "minimum": 25},
        ),
        (
            "B",
            "45",
            "grand_gin",
            "{entry} is impossible: {outcome} scores at least {minimum}.",
            {"outcome": _("grand gin"), "minimum": 50},
        ),
        (
            "B",
            "19",
            "undercut",
            "{entry} is impossible: {outcome} scores at least {minimum}.",
            {"outcome": _("undercut"), "minimum": 20},
        ),
        (
            "A",
            "400",
            "going_down",
            "{entry} is impossible: {outcome} scores at most {maximum}.",
            {"outcome": _("going down"), "maximum": 110},
        ),
    ]
    for winner, points, outcome, template, fields in cases:
        add_deal(widget, winner, points, outcome)
        text = _(template).format(entry=f"{winner} {points} {outcome}", **fields)
        expect(error).to_have_text(text, timeout=LIVE_TIMEOUT)
        expect(widget.locator(".gr-status")).to_have_text(text)
        wait_rows(widget, 0)
    # a share link that still says knock: refused with its reason, in the reader's language
    wid = widget.get_attribute("id")
    page.goto(f"/{lang}/gin-rami.html#" + urlencode({f"{wid}-deals": "A 30 knock"}))
    page.reload()
    expect(widget.locator(".gr-error[data-for='deals']")).to_have_text(
        _("{entry}: {outcome} is not how a deal ends under these rules.").format(
            entry="A 30 knock", outcome=_("knock")
        ),
        timeout=LIVE_TIMEOUT,
    )
    page.goto(f"/{lang}/gin-rami.html")
    page.wait_for_selector("section[data-widget='scoresheet'] form.gr-controls:not([hidden])")


# --- the case that dropped a deal: B's first win after game 1 closed --------------------

NO_DROP: list[Entry] = [
    ("A", 30, "knock"),
    ("A", 45, "gin"),
    ("A", 30, "knock"),
    ("B", 10, "knock"),
]


@pytest.mark.parametrize("lang", in_turn(2))  # behaviour: one language
def test_hollywood_never_drops_a_deal(pages: Callable[[str, str], Page], lang: str) -> None:
    _ = translator(lang)
    page = pages(lang, "hollywood")
    page.goto(f"/{lang}/hollywood.html")  # without the fragment of earlier tests
    page.wait_for_selector("section[data-widget='scoresheet'] form.gr-controls:not([hidden])")
    widget = sheet_widget(page)
    # the page's own sheet is this case, computed at build time
    assert_sheet(widget, engine_sheet("standard", "hollywood", NO_DROP), lang, live=False)
    reset(widget)
    for n, (winner, points, outcome) in enumerate(NO_DROP, 1):
        add_deal(widget, winner, str(points), outcome)
        wait_rows(widget, len(engine_sheet("standard", "hollywood", NO_DROP[:n]).rows))
    sheet = engine_sheet("standard", "hollywood", NO_DROP)
    assert_sheet(widget, sheet, lang)
    # B's deal has its row: entered in game 2, and the status line says so
    b_row = widget.locator(".gr-result table.gr-sheet tbody tr").last
    said = _("Player {player} scores {points} ({outcome}), entered in: {games}").format(
        player="B", points=10, outcome=_("knock"), games=_("game {n}").format(n=2)
    )
    expect(b_row.locator("td").nth(1)).to_have_text(said)
    expect(b_row.locator("td").nth(2)).to_have_text("2")
    expect(widget.locator(".gr-status")).to_contain_text(said)
    columns = widget.locator(".gr-result table.gr-sheet-columns tr")
    expect(columns.nth(2).locator("td")).to_have_text([_("Player B"), "0", "10", "0"])
    # game 2 closes later: B scored in it while it was open, so it is no shutout
    add_deal(widget, "A", "30", "knock")
    closed = engine_sheet("standard", "hollywood", [*NO_DROP, ("A", 30, "knock")])
    assert [r.kind for r in closed.rows if r.game == 2].count("shutout") == 0
    assert_sheet(widget, closed, lang)


# --- the one-deal game on the standard page -------------------------------------------


@pytest.mark.parametrize("lang", in_turn(3))  # behaviour: one language
def test_one_deal_game_on_standard(pages: Callable[[str, str], Page], lang: str) -> None:
    _ = translator(lang)
    page = pages(lang, "standard")
    widget = sheet_widget(page)
    scheme = widget.locator("select[name='scheme']")
    expect(scheme.locator("option[value='one_deal']")).to_have_text(_("A one-deal game"))
    scheme.select_option("one_deal")
    reset(widget)
    add_deal(widget, "B", "33", "gin")
    assert_sheet(widget, engine_sheet("standard", "one_deal", [("B", 33, "gin")]), lang)
    expect(widget.locator(".gr-sheet-total")).to_have_text(
        _("Final totals: player A {a}, player B {b}.").format(a=0, b=33)
    )
    add_deal(widget, "A", "10", "knock")
    message = _(
        "The match is over: deal {deal} cannot be entered. Remove a deal or start again."
    ).format(deal=2)
    expect(widget.locator(".gr-error[data-for='points']")).to_have_text(
        message, timeout=LIVE_TIMEOUT
    )
    # an undercut below its bonus is refused before it reaches the sheet
    reset(widget)
    add_deal(widget, "A", "12", "undercut")
    expect(widget.locator(".gr-error[data-for='points']")).to_have_text(
        _("{entry} is impossible: {outcome} scores at least {minimum}.").format(
            entry="A 12 undercut", outcome=_("undercut"), minimum=25
        ),
        timeout=LIVE_TIMEOUT,
    )
    scheme.select_option("game100")
    reset(widget)


# --- share links, hostile fragments, keyboard -----------------------------------------------


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_share_link_restores_the_sheet(shared_context: Any, lang: str) -> None:
    context, _log = shared_context
    page = context.new_page()
    page.goto(f"/{lang}/standard.html")
    widget = sheet_widget(page)
    wid = widget.get_attribute("id")
    entries: list[Entry] = [("A", 25, "knock"), ("dead", 0, ""), ("B", 31, "gin")]
    deals = "A 25 knock; dead; B 31 gin"
    fragment = urlencode({f"{wid}-scheme": "game250", f"{wid}-deals": deals})
    page.goto(f"/{lang}/standard.html#{fragment}")
    page.reload()
    assert_sheet(widget, engine_sheet("standard", "game250", entries), lang)
    expect(widget.locator("select[name='scheme']")).to_have_value("game250")
    expect(widget.locator(".gr-share-link")).to_have_attribute("href", f"#{fragment}")
    # the link follows the sheet: one more deal, then a new page opens the same sheet
    add_deal(widget, "A", "28", "undercut")
    entries.append(("A", 28, "undercut"))
    assert_sheet(widget, engine_sheet("standard", "game250", entries), lang)
    href = widget.locator(".gr-share-link").get_attribute("href")
    assert href is not None
    other = context.new_page()
    other.goto(f"/{lang}/standard.html{href}")
    assert_sheet(sheet_widget(other), engine_sheet("standard", "game250", entries), lang)
    other.close()
    page.close()


def test_hostile_fragment_never_becomes_markup(shared_context: Any) -> None:
    context, _log = shared_context
    _ = translator("fr")
    page = context.new_page()
    page.goto("/fr/hollywood.html")
    widget = sheet_widget(page)
    wid = widget.get_attribute("id")
    hostile = '<img src=x onerror="window.pwned=1">'
    page.goto("/fr/hollywood.html#" + urlencode({f"{wid}-deals": hostile}))
    page.reload()
    error = widget.locator(".gr-error[data-for='deals']")
    expect(error).to_have_text(
        _("{entry} is not a deal result.").format(entry=hostile), timeout=LIVE_TIMEOUT
    )
    assert page.evaluate("() => window.pwned") is None
    assert widget.locator("img").count() == 0
    # the build-time sheet stays, and the widget still works once started again
    add_deal(widget, "B", "10", "knock")
    expect(widget.locator(".gr-error[data-for='points']")).to_be_empty()
    widget.locator("button[data-action='reset']").click()
    expect(error).to_be_empty(timeout=LIVE_TIMEOUT)
    add_deal(widget, "B", "10", "knock")
    expect(error).to_be_empty(timeout=LIVE_TIMEOUT)
    assert_sheet(widget, engine_sheet("standard", "hollywood", [("B", 10, "knock")]), "fr")
    # a scheme that is not offered
    page.goto("/fr/hollywood.html#" + urlencode({f"{wid}-scheme": "<b>x</b>", f"{wid}-deals": ""}))
    page.reload()
    expect(widget.locator(".gr-error[data-for='scheme']")).to_have_text(
        _("{scheme} is not a scoring method of this sheet.").format(scheme="<b>x</b>"),
        timeout=LIVE_TIMEOUT,
    )
    assert widget.locator("b").count() == 0
    page.close()


def test_keyboard_only(pages: Callable[[str, str], Page]) -> None:
    page = pages("sv", "standard")
    widget = sheet_widget(page)
    reset(widget)
    widget.locator("select[name='outcome']").select_option("knock")
    widget.locator("select[name='winner']").focus()
    page.keyboard.press("ArrowDown")  # player B
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")  # undercut
    page.keyboard.press("Tab")
    page.keyboard.type("27")
    page.keyboard.press("Enter")  # submits: the deal is entered
    assert_sheet(widget, engine_sheet("standard", "game100", [("B", 27, "undercut")]), "sv")
    page.keyboard.press("Tab")  # "Enter the deal"
    page.keyboard.press("Tab")  # "Remove the last deal"
    expect(widget.locator("button[data-action='undo']")).to_be_focused()
    page.keyboard.press("Enter")
    assert_sheet(widget, engine_sheet("standard", "game100", []), "sv")


# Last in the module: it leaves the English standard page's sheet live, where the tests
# above begin from its build-time sheet.
def test_deals_entered_at_once_are_all_kept(pages: Callable[[str, str], Page]) -> None:
    """Two deals entered in one go, the second before the first is scored: both are on
    the sheet, in order, and the points field is cleared once."""
    widget = sheet_widget(pages("en", "standard"))
    reset(widget)
    widget.evaluate(
        """(root) => {
          const set = (name, value) => { root.querySelector(`[name="${name}"]`).value = value; };
          const add = root.querySelector("button[data-action='add']");
          set("winner", "A"); set("outcome", "gin"); set("points", "60"); add.click();
          set("winner", "A"); set("outcome", "knock"); set("points", "45"); add.click();
        }"""
    )
    entries: list[Entry] = [("A", 60, "gin"), ("A", 45, "knock")]
    assert_sheet(widget, engine_sheet("standard", "game100", entries), "en")
    expect(widget.locator("input[name='points']")).to_have_value("")
