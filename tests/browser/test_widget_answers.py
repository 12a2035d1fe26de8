"""Issue 9 in Chromium, in every language: eleven cards judged by the variant's rules,
results that never look current after a refused input, errors under their own field,
the Oklahoma upcard, and the stock-end stepper counting turns as the engine does."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules import find_variant, parse_hand
from ginrules.cases import CASES
from ginrules.going_out import REASONS, check_going_out
from ginrules.melds import best_discards

from .conftest import LANGUAGES, LIVE_TIMEOUT, each_in_one_language, in_turn
from .test_widgets import (
    going_out_sentence,
    melds_widget,
    translator,
    type_cards,
    wait_live,
    written,
)

ELEVEN = "2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H"


def result(widget: Locator) -> Locator:
    return widget.locator(".gr-result")


def discards_shown(widget: Locator) -> list[str]:
    cards = widget.locator(".gr-result .gr-discard [data-card]")
    return [cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())]


# --- 1. eleven cards under rules without big gin ------------------------------------------


@pytest.mark.parametrize(
    ("page_variant", "lang"),
    each_in_one_language([("standard", "standard"), ("straight-gin", "straight")], 0, LANGUAGES),
)
def test_eleven_melded_cards_discard_and_go_gin(
    pages: Callable[[str, str], Page], page_variant: tuple[str, str], lang: str
) -> None:
    """Under rules without big gin, eleven melded cards show the best discards and
    the verdict gin (it was: no discard shown, "May not go out", deadwood 0)."""
    docname, variant = page_variant
    _ = translator(lang)
    widget = melds_widget(pages(lang, docname))
    type_cards(widget, written(ELEVEN, lang))
    wait_live(widget, written(ELEVEN, lang))
    rules = find_variant(variant)
    best = best_discards(parse_hand(ELEVEN), rules)
    assert [d.discard.code for d in best if d.discard] == ["2C", "6C"]
    expect(result(widget)).to_have_attribute("data-going-out", "gin")
    expect(result(widget)).to_have_attribute("data-deadwood", "0")
    assert discards_shown(widget) == ["2C", "6C"]
    expect(widget.locator(".gr-going-out")).to_have_text(
        _("Gin: the hand may go out with no deadwood.")
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_eleven_melded_cards_are_big_gin_in_gin_rami(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    widget = melds_widget(pages(lang, "gin-rami"))
    type_cards(widget, written(ELEVEN, lang))
    wait_live(widget, written(ELEVEN, lang))
    expect(result(widget)).to_have_attribute("data-going-out", "big_gin")
    assert discards_shown(widget) == []  # no discard, as the build-time example shows
    expect(widget.locator(".gr-going-out")).to_have_text(  # Gin Rami's own name for it
        _("Grand gin: all eleven cards are in melds, with no discard.")
    )


@pytest.mark.parametrize("lang", in_turn(0))  # behaviour: one language
def test_the_static_result_carries_the_verdict(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    """Before any interaction, the build-time result has the hook too."""
    page = pages(lang, "oklahoma")
    widget = melds_widget(page)
    cards = widget.locator("input[name='cards']").input_value()
    upcard = widget.locator("input[name='upcard']").input_value()
    going = check_going_out(parse_hand(cards), find_variant("oklahoma"), parse_hand(upcard)[0])
    expected = going.kind if going.allowed else "no"
    assert widget.get_attribute("data-state") == "static"
    expect(result(widget)).to_have_attribute("data-going-out", expected or "no")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_showdown_help_and_eleven_cards_without_big_gin(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    page = pages(lang, "standard")
    widget = page.locator("section[data-widget='showdown']").first
    help_line = widget.locator("[id$='-knocker-help']")
    expect(help_line).to_contain_text(_("10 cards after the discard."))
    expect(help_line).not_to_contain_text(_("10 cards after the discard, or 11 for a big gin."))
    knocker = "AH 2H 3H 4H 6C 7C 8C 9C KS KH KD"  # all eleven meld; none is the defender's
    widget.locator("input[name='knocker']").fill(written(knocker, lang))
    going = check_going_out(parse_hand(knocker), find_variant("standard"))
    assert going.reason == "no_big_gin"
    expect(widget.locator(".gr-error[data-for='knocker']")).to_have_text(
        _("These rules have no big gin: eleven cards never go out. Discard one card first."),
        timeout=LIVE_TIMEOUT,
    )
    expect(widget.locator(".gr-error[data-for='defender']")).to_have_text("")
    # Gin Rami's eleven-card gin is its grand gin: the help, and the refusal of eleven cards
    # that do not all meld (its page is live from the grand gin test above)
    rami = pages(lang, "gin-rami").locator("section[data-widget='showdown']").first
    expect(rami.locator("[id$='-knocker-help']")).to_contain_text(
        _("10 cards after the discard, or 11 for a grand gin.")
    )
    eleven = "AH 2H 3H 4H 9C TC JC QC QS QH 5D"  # none is the defender's
    assert check_going_out(parse_hand(eleven), find_variant("french")).reason == "not_all_melded"
    rami.locator("input[name='knocker']").fill(written(eleven, lang))
    expect(rami.locator(".gr-error[data-for='knocker']")).to_have_text(
        _("Eleven cards go out only when all eleven are in melds (grand gin): discard first."),
        timeout=LIVE_TIMEOUT,
    )
    assert "no_big_gin" in REASONS


# --- 5. widgets after an error ----------------------------------------------------------


@pytest.mark.parametrize("lang", in_turn(1))  # behaviour: one language
def test_a_refused_hand_marks_the_result_and_the_picker_out_of_date(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    widget = melds_widget(pages(lang, "straight-gin"))
    good = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"
    type_cards(widget, written(good, lang))
    wait_live(widget, written(good, lang))
    expect(result(widget)).not_to_have_attribute("data-stale", "true")
    type_cards(widget, written("7H 8H 9H", lang) + " 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).not_to_be_empty(timeout=LIVE_TIMEOUT)
    expect(result(widget)).to_have_attribute("data-stale", "true")
    expect(widget.locator("fieldset.gr-picker")).to_have_attribute("data-stale", "true")
    note = widget.locator(".gr-stale-note")
    expect(note).to_have_text(
        _("Out of date: this result is for the last valid input, not the fields above.")
    )
    # a click in the picker puts the field back in step with the picker
    widget.locator("button.gr-pick[data-card='9D']").click()
    wait_live(widget, written("7H 8H 9H 7S 7D 7C 2C 3C 4C", lang))
    expect(result(widget)).not_to_have_attribute("data-stale", "true")
    expect(note).to_have_count(0)
    expect(widget.locator("button.gr-pick[data-card='9D']")).to_have_attribute(
        "aria-pressed", "false"
    )


@pytest.mark.parametrize("lang", in_turn(2))  # behaviour: one language
def test_a_twelfth_card_is_explained_and_the_result_kept(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    """The standard page's example holds 11 cards: a click on another card says to
    remove one first (it said "12 cards: 1 to 11 needed"), and nothing is lost."""
    _ = translator(lang)
    page = pages(lang, "standard")
    widget = melds_widget(page)
    field = widget.locator("input[name='cards']")
    text = field.input_value()
    assert len(text.split()) == 11
    before = result(widget).inner_html()
    assert "QD" not in [c.code for c in parse_hand(text, notation=lang)]
    pick = widget.locator("button.gr-pick[data-card='QD']")
    name = pick.locator("[data-card]").get_attribute("aria-label")
    pick.click()
    expect(widget.locator(".gr-error[data-for='cards']")).to_have_text(
        CASES.format(
            _(
                "The hand already holds 11 cards: remove one (a chosen card) before adding "
                "{card:nom}."
            ),
            card=name,
        )
    )
    assert field.input_value() == text
    expect(field).not_to_have_attribute("aria-invalid", "true")
    assert result(widget).inner_html() == before
    expect(pick).to_have_attribute("aria-pressed", "false")
    # removing a card, then adding, works
    last = parse_hand(text.split()[-1], notation=lang)[0].code
    widget.locator(f"button.gr-pick[data-card='{last}']").click()
    ten = " ".join(text.split()[:-1])
    wait_live(widget, ten)
    expect(widget.locator(".gr-error[data-for='cards']")).to_have_text("")
    pick.click()
    wait_live(widget, ten + " " + written("QD", lang))
    expect(pick).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_showdown_errors_appear_under_their_field(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    widget = pages(lang, "oklahoma").locator("section[data-widget='showdown']").first
    defender = widget.locator("input[name='defender']")
    good = defender.input_value()
    nine = " ".join(good.split()[:9])
    defender.fill(nine)
    sizes = ("{count} card: this needs {expected}.", "{count} cards: this needs {expected}.")
    expect(widget.locator(".gr-error[data-for='defender']")).to_have_text(
        _(*sizes, 9).format(count=9, expected=10),
        timeout=LIVE_TIMEOUT,
    )
    # one card: the singular ("1 carte : il en faut 10.", not "1 cartes")
    defender.fill(good.split()[0])
    expect(widget.locator(".gr-error[data-for='defender']")).to_have_text(
        _(*sizes, 1).format(count=1, expected=10), timeout=LIVE_TIMEOUT
    )
    if lang == "fr":
        assert _(*sizes, 1).startswith("{count} carte\u202f:")
    defender.fill(nine)
    expect(widget.locator(".gr-error[data-for='knocker']")).to_have_text("")
    expect(defender).to_have_attribute("aria-invalid", "true")
    expect(result(widget)).to_have_attribute("data-stale", "true")
    defender.fill(good)
    expect(widget.locator(".gr-error[data-for='defender']")).to_have_text("", timeout=LIVE_TIMEOUT)
    expect(result(widget)).not_to_have_attribute("data-stale", "true", timeout=LIVE_TIMEOUT)


# --- 4. Oklahoma without an upcard ------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_oklahoma_without_an_upcard_says_its_limit(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    _ = translator(lang)
    widget = melds_widget(pages(lang, "oklahoma"))
    cards = widget.locator("input[name='cards']").input_value()
    widget.locator("input[name='upcard']").fill("")
    rules = find_variant("oklahoma")
    limit = rules.knock_limit(None)
    expect(widget.locator(".gr-no-upcard")).to_have_text(
        _("No upcard yet: the knock limit is {limit}. Enter the upcard to apply it.").format(
            limit=limit
        ),
        timeout=LIVE_TIMEOUT,
    )
    going = check_going_out(parse_hand(cards), rules, None)
    expect(widget.locator(".gr-going-out")).to_have_text(going_out_sentence(_, going, 0))
    widget.locator("input[name='upcard']").fill(written("4D", lang))
    expect(widget.locator(".gr-no-upcard")).to_have_count(0, timeout=LIVE_TIMEOUT)


# --- the stock-end stepper ------------------------------------------------------------------


def turns_in(deal: Any, items: list[tuple[bool, list[int]]]) -> int:
    return sum(1 for event, i in items if not event and deal.log[i[0]]["type"] != "pass")


@pytest.mark.parametrize("lang", in_turn(3))  # behaviour: one language
def test_the_stepper_counts_turns_as_the_summary_and_goes_back(
    pages: Callable[[str, str], Page], shared_context: Any, lang: str
) -> None:
    from ginrules_site.directives.deals import play, turn_items

    _ = translator(lang)
    page = pages(lang, "standard")
    widget = page.locator("section[data-widget='stock']").first
    seed = int(widget.locator("input[name='seed']").input_value())
    deal, _dealt, stock_after = play(find_variant("standard"), seed, 0, "random")
    assert deal.result is not None
    items = turn_items(deal, stock_after)
    total = deal.result.turns
    assert turns_in(deal, items) == total  # the engine's count, also the log's

    status = widget.locator(".gr-status")
    widget.locator("button[data-action='end']").click()
    expect(widget.locator(".gr-log li")).to_have_count(len(items), timeout=LIVE_TIMEOUT)
    expect(status).to_contain_text(_("Turn {n} of {total}.").format(n=total, total=total))
    expect(widget.locator(".gr-deal-summary")).to_contain_text(
        _("Turns played: {turns}. Reshuffles of the stock: {reshuffles}.").format(
            turns=total, reshuffles=deal.result.reshuffles
        )
    )
    for _back in range(3):
        widget.locator("button[data-action='previous']").click()
    step = len(items) - 3
    expect(widget.locator(".gr-log li")).to_have_count(step)
    expect(status).to_contain_text(
        _("Turn {n} of {total}.").format(n=turns_in(deal, items[:step]), total=total)
    )
    # the share link keeps the step: a new page opened on it shows the same turns
    href = widget.locator(".gr-share-link").get_attribute("href") or ""
    state = parse_qs(href[1:])
    wid = widget.get_attribute("id")
    assert state[f"{wid}-step"] == [str(step)] and state[f"{wid}-seed"] == [str(seed)]
    context, _log = shared_context
    other = context.new_page()
    other.goto(f"/{lang}/standard.html{href}")
    restored = other.locator(f"section#{wid}")
    expect(restored.locator(".gr-log li")).to_have_count(step, timeout=LIVE_TIMEOUT)
    expect(restored.locator(".gr-status")).to_contain_text(
        _("Turn {n} of {total}.").format(n=turns_in(deal, items[:step]), total=total)
    )
    other.close()
    assert re.fullmatch(r"\d+", str(step))


@pytest.mark.parametrize("lang", in_turn(4))  # behaviour: one language
def test_a_too_long_share_link_is_told_in_the_readers_language(
    shared_context: Any, lang: str
) -> None:
    """A fragment over the widget's limit is refused with a sentence (it said "900 > 400")."""
    _ = translator(lang)
    context, _log = shared_context
    page = context.new_page()
    try:
        page.goto(f"/{lang}/standard.html")
        widget_id = melds_widget(page).get_attribute("id")
        page.goto(f"/{lang}/oklahoma.html")  # a real navigation, so the page reads its fragment
        page.goto(f"/{lang}/standard.html#{widget_id}-cards={'7H' * 450}")
        status = melds_widget(page).locator(".gr-status")
        singular = "The link is too long to be read: a field of this example takes at most {max} "
        expect(status).to_have_text(
            _(singular + "character.", singular + "characters.", 400).format(max=400)
        )
    finally:
        page.close()
