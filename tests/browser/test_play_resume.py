"""The play table's state survives (issue 30, point 2) and K goes out as the tutor
would (point 3), in Debian's Chromium against the engine in the page.

* A reload in mid-deal resumes the game where it was (the same hand, discard pile,
  stock, sheet and move log, the tutor's switch), in fr, sv and de and three variants
  and schemes; a review open survives it too.
* A link made mid-game carries the whole sheet (Hollywood, a game to 100): the one who
  opens it has the sender's sheet, and the computer plays by the same standing; a link
  of the earlier form (``…/4/you/23-32``) still opens; a malformed sheet gets the
  bad-link message (``test_play.py``'s ``MALFORMED``).
* K goes to the way out the tutor advises, else the one leaving the least deadwood;
  the ways out are ordered by the deadwood they leave.

Positions are reached with seeds and moves chosen in CPython (``ginrules.coach.table``);
the page replays them through its own ``newGame`` (the worker's ``play_new`` with
``moves``), or by clicking the same moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules.coach.table import Table
from ginrules.coach.tutor import action_dict
from ginrules.players import get_player

from .test_play import click_move, settled, strings

ROOT = "section[data-widget='play']"
# What a reload must give back as it was.
SAME = ("deal", "hand", "discard_top", "discard_size", "stock", "sheet", "share", "phase", "turn")


@pytest.fixture
def page(play_page: Page) -> Page:
    """The play page's tests open their pages in the module's play context."""
    return play_page


def state(page: Page) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate("() => window.ginrulesPlay.state")
    return value


def mid_game(variant: str, scheme: str, seed: int, deals: int, moves: int) -> Table:
    """A beginner's table (the computer dealing first) after ``deals`` whole deals and
    ``moves`` of the reader's moves in the next (a seeded good player's)."""
    table = Table(variant, scheme, "beginner", seed, dealer="computer")
    me = get_player("good", seed)
    done, made = 0, 0
    while True:
        table.play_computer()
        now = table.state()
        if now["result"]:
            done += 1
            assert now["phase"] == "over", "the game ended too soon: choose another seed"
            table.next_deal()
            continue
        if done == deals and made == moves:
            return table
        move = action_dict(me.choose(table.view()))
        assert move["action"] not in ("knock", "gin", "big_gin") or done < deals, "went out"
        table.act(move)
        made += done == deals


def open_in_page(page: Page, lang: str, table: Table) -> Locator:
    """The table's game in the page: its first deal's link, then its moves replayed."""
    args = table.arguments()
    page.goto(
        f"/{lang}/play.html#play={args['rules']}/{args['scheme']}/beginner/{args['seed']}/1/computer"
    )
    root = settled(page)
    page.evaluate(
        "args => window.ginrulesPlay.newGame(args)",
        {
            "variant": args["rules"],
            "scheme": args["scheme"],
            "level": "beginner",
            "seed": args["seed"],
            "dealer": "computer",
            "moves": table.moves(),
        },
    )
    expect(root).to_have_attribute("data-seed", str(args["seed"]))
    return settled(page)


def kept(page: Page, moves: int, tutor: bool, review: int | None = None) -> None:
    """Wait until the tab keeps the game as shown (kept once a move has settled)."""
    page.wait_for_function(
        """([moves, tutor, review]) => {
          const kept = JSON.parse(sessionStorage.getItem('ginrules-play-resume') ?? 'null');
          return kept && kept.hash === location.hash && kept.tutor === tutor
            && (kept.review?.turn ?? null) === review && kept.moves.length === moves;
        }""",
        arg=[moves, tutor, review],
    )


RESUMED = [
    ("fr", "standard", "hollywood", 919296562, 2),
    ("sv", "oklahoma", "game250", 8, 1),
    ("de", "french", "manche", 12, 1),
]


@pytest.mark.parametrize(("lang", "variant", "scheme", "seed", "deals"), RESUMED)
def test_a_reload_resumes_mid_deal(
    page: Page, lang: str, variant: str, scheme: str, seed: int, deals: int
) -> None:
    table = mid_game(variant, scheme, seed, deals, 3)
    root = open_in_page(page, lang, table)
    before = state(page)
    for key in SAME:
        assert before[key] == table.state()[key], key
    assert before["sheet"]["rows"], "a sheet with rows: mid-game"
    # the tutor on, by its key
    root.locator(".gr-play-table button[data-action]").first.focus()
    page.keyboard.press("t")
    settled(page)
    expect(root.locator("[data-tutor-advice]")).to_be_visible()
    kept(page, len(table.moves()), True)
    page.reload()
    root = settled(page)
    after = state(page)
    for key in SAME:
        assert after[key] == before[key], key
    expect(root.locator(".gr-status")).to_have_text(strings(page)["resumed"])
    expect(root.locator("button[data-action='tutor']")).to_have_attribute("aria-pressed", "true")
    expect(root.locator("[data-tutor-advice]")).to_be_visible()
    # the game goes on from there as in CPython: the same move log
    moves = page.evaluate(
        "async () => (await window.ginrulesPlay.call('play_moves', "
        "{table: window.ginrulesPlay.table})).moves"
    )
    assert moves == table.moves()


def test_a_reload_keeps_the_review_open(page: Page) -> None:
    table = mid_game("standard", "game100", 31, 0, 0)
    me = get_player("good", 31)
    while not table.deal.over:
        table.play_computer()
        if not table.deal.over:
            table.act(me.choose(table.view()))
    root = open_in_page(page, "sv", table)
    expect(root).to_have_attribute("data-phase", "over")
    root.locator("button[data-action='review']").click()
    settled(page)
    root.locator("button[data-action='review_next']").click()
    settled(page)
    kept(page, len(table.moves()), False, 2)
    page.reload()
    root = settled(page)
    expect(root.locator(".gr-play-review")).to_be_visible()
    assert page.evaluate("() => window.ginrulesPlay.reviewing.turn") == 2
    assert state(page)["hand"] == table.state()["hand"]


def play_to_deal(table: Table, number: int) -> None:
    """Play on (a seeded good reader) until deal ``number`` is dealt, the reader to play."""
    me = get_player("good", 5)
    while True:
        table.play_computer()
        now = table.state()
        assert now["phase"] != "game_over"
        if now["deal"] == number and now["turn"] == "you":
            return
        if now["phase"] == "over":
            table.next_deal()
        else:
            table.act(me.choose(table.view()))


@pytest.mark.parametrize(
    ("scheme", "seed", "number"), [("hollywood", 919296562, 4), ("game100", 31, 3)]
)
def test_a_mid_game_link_restores_the_sheet(
    page: Page, scheme: str, seed: int, number: int
) -> None:
    sender = Table("standard", scheme, "beginner", seed, dealer="computer")
    play_to_deal(sender, number)
    share = sender.state()["share"]
    assert share["sheet"].count(".") == number - 1
    link = f"#play=standard/{scheme}/beginner/{seed}/{number}/{share['dealer']}/{share['sheet']}"
    page.goto(f"/de/play.html{link}")
    root = settled(page)
    expect(root.locator(".gr-status")).to_have_text("")
    opened = state(page)
    mine = sender.state()
    # the sender's sheet, and the computer's first moves by the same standing
    for key in ("sheet", "game", "hand", "discard_top", "stock", "last", "share"):
        assert opened[key] == mine[key], key
    assert root.locator(".gr-share-link").get_attribute("href") == link
    assert page.evaluate("() => location.hash") == link


def test_a_link_of_the_earlier_form_still_opens(page: Page) -> None:
    page.goto("/sv/play.html#play=standard/hollywood/beginner/919296562/4/you/23-32")
    root = settled(page)
    expect(root.locator(".gr-status")).to_have_text("")
    opened = state(page)
    table = Table(
        "standard", "hollywood", "beginner", 919296562, deal=4, dealer="you", scores=[23, 32]
    )
    assert opened["hand"] == table.state()["hand"]
    assert opened["share"] == table.state()["share"]
    assert opened["share"]["scores"] == [23, 32] and opened["share"]["sheet"] is None
    assert (root.locator(".gr-share-link").get_attribute("href") or "").endswith("/4/you/23-32")


# seed 46: after the reader's seventh move, four knocks (leaving 1, 5, 8, 9), the first in
# hand order the ace of spades (5); the tutor's expert knocks with the five of spades.
K_SEED, K_MOVES = 46, 7


def test_k_goes_out_as_the_tutor_would(page: Page) -> None:
    table = Table("standard", "game100", "beginner", K_SEED, dealer="computer")
    reader = get_player("beginner", K_SEED)
    for _ in range(K_MOVES):
        table.play_computer()
        table.act(reader.choose(table.view()))
    table.play_computer()
    advice = table.tutor()["expert"]
    assert advice and advice["action"] == "knock"
    knocks = [s for s in table.state()["spreads"] if s["action"] == "knock"]
    least = min(knocks, key=lambda s: s["options"][0]["deadwood"])
    page.goto(f"/fr/play.html#play=standard/game100/beginner/{K_SEED}/1/computer")
    root = settled(page)
    for move in table.moves():
        click_move(root, {"action": move["action"], "card": move.get("card", "")})
    assert state(page)["hand"] == table.state()["hand"]
    # the ways out are one control: a list whose options carry them
    outs = root.locator(".gr-play-out [data-deadwood]")
    expect(root.locator(".gr-play-out select option")).to_have_count(len(knocks))
    expect(root.locator(".gr-play-out button")).to_have_count(1)
    offered = outs.evaluate_all(
        "bs => bs.map(b => [b.dataset.action, b.dataset.card, Number(b.dataset.deadwood)])"
    )
    # every way out, each with the deadwood it leaves, least first
    assert sorted((c, d) for _, c, d in offered) == sorted(
        (s["card"], s["options"][0]["deadwood"]) for s in knocks
    )
    assert [d for _, _, d in offered] == sorted(d for _, _, d in offered)
    focused = "() => [document.activeElement.dataset.action, document.activeElement.dataset.card]"
    # the tutor off: K goes to the knock leaving the least deadwood
    root.locator("button[data-action='sort']").focus()
    page.keyboard.press("k")
    assert page.evaluate(focused) == ["knock", least["card"]]
    # the tutor on: K goes to its knock; Enter knocks with it
    page.keyboard.press("t")
    settled(page)
    expect(root.locator("[data-tutor-advice]")).to_have_attribute("data-tutor-card", advice["card"])
    page.keyboard.press("k")
    assert page.evaluate(focused) == ["knock", advice["card"]]
    page.keyboard.press("Enter")
    settled(page)
    chooser = root.locator(".gr-play-spread")
    if chooser.count():
        chooser.locator(".gr-play-spread-go").click()
        settled(page)
    table.act({"action": "knock", "card": advice["card"]})
    result = state(page)["result"]
    assert result and result["knocker"] == "you"
    assert result["knocker_deadwood"] == table.state()["result"]["knocker_deadwood"]
