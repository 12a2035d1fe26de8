"""The live widgets in Chromium, in every language, against the engine in CPython.

One page per language and variant is opened for the whole module, so Pyodide
loads once per page; every answer read from the page is compared with what
``ginrules`` computes here, and every string with the ``ginrules_site`` catalog.
"""

from __future__ import annotations

import gettext
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules import CARDS, NOTATIONS, find_variant, parse_hand
from ginrules.cases import CASES
from ginrules.going_out import GoingOut, check_going_out
from ginrules.melds import best_arrangement, best_discards
from ginrules.showdown import showdown

from .conftest import LANGUAGES, LIVE_TIMEOUT, in_turn

ROOT = Path(__file__).resolve().parents[2]


def translator(lang: str) -> Callable[..., str]:
    """The catalog's ``gettext`` (one argument) and ``ngettext`` (singular, plural, n)."""
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if lang != "en":
        catalog = gettext.translation("ginrules_site", str(ROOT / "locale"), [lang])

    def _(message: str, plural: str | None = None, n: int = 1) -> str:
        if plural is None:
            return catalog.gettext(message)
        return catalog.ngettext(message, plural, n)

    return _


def card_name(_: Any, code: str) -> str:
    """A card's spoken name, as the page's deck says it (its aria-label)."""
    rank = "A23456789TJQK".index(code[0])
    ranks = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king"]  # fmt: skip
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return _("{rank} of {suit}").format(rank=_(ranks[rank]), suit=_(suits[code[1]]))


def melds_widget(page: Page, index: int = 0) -> Locator:
    return page.locator("section[data-widget='melds']").nth(index)


def written(codes: str, lang: str) -> str:
    """Cards given by their codes, as the page of this language writes them (R♠, Kn♥)."""
    return " ".join(NOTATIONS[lang].format(card) for card in parse_hand(codes))


def type_cards(widget: Locator, text: str, field: str = "cards") -> None:
    widget.locator(f"input[name='{field}']").fill(text)


def wait_live(widget: Locator, expected_cards: str) -> None:
    """Until the widget shows the answer for this text (the share link follows it)."""
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    widget.page.wait_for_function(
        """([el, text]) => {
            const input = el.querySelector("input[name='cards'], input[name='knocker']");
            return el.dataset.state === "ready" && input.value === text &&
                decodeURIComponent(el.querySelector(".gr-share-link").getAttribute("href")
                    .replaceAll("+", " ")).includes(text);
        }""",
        arg=[widget.element_handle(), expected_cards],
        timeout=LIVE_TIMEOUT,
    )


def expected_melds(
    text: str, variant: str, upcard: str | None = None, lang: str = "en"
) -> tuple[int, GoingOut | None]:
    rules = find_variant(variant)
    cards = parse_hand(text, notation=lang)
    kept = cards
    if len(cards) == 11:
        best = best_discards(cards, rules)[0]
        deadwood = best.arrangement.deadwood
        if best.discard is not None:
            kept = [c for c in cards if c is not best.discard]
    else:
        deadwood = best_arrangement(cards, rules).deadwood
    up = parse_hand(upcard, notation=lang)[0] if upcard else None
    going = check_going_out(kept, rules, up) if len(kept) >= 10 else None
    return deadwood, going


def going_out_sentence(_: Callable[..., str], going: GoingOut, minimum: int) -> str:
    fields = {
        "deadwood": going.deadwood,
        "limit": going.limit,
        "melded": going.melded,
        "minimum": minimum,
    }
    if going.allowed:
        if going.kind == "gin":
            return _("Gin: the hand may go out with no deadwood.")
        if going.kind == "big_gin":
            return _("Big gin: all eleven cards are in melds, with no discard.")
        if going.limit is None:
            return _(
                "May go down: {melded} card is in melds.",
                "May go down: {melded} cards are in melds.",
                going.melded,
            ).format(**fields)
        knock = "May knock: deadwood {deadwood}, limit {limit}."
        return _(knock, knock, going.deadwood).format(**fields)
    over = "May not knock: deadwood {deadwood} is over the limit of {limit}."
    reasons = {
        "over_limit": (over, over, going.deadwood),
        "gin_only": ("May not go out: these rules end a deal only with gin.",),
        "ace_upcard": ("May not knock: an ace upcard allows only gin.",),
        "too_few_melded": (
            "May not go down: {melded} card in melds, fewer than {minimum}.",
            "May not go down: {melded} cards in melds, fewer than {minimum}.",
            going.melded,
        ),
    }
    return _(*reasons[going.reason or ""]).format(**fields)


# --- the meld finder ------------------------------------------------------------------

VARIANT_PAGES = [("standard", "standard"), ("straight-gin", "straight"), ("gin-rami", "french")]


@pytest.mark.parametrize("lang", in_turn(1))  # behaviour: one language
def test_static_result_until_the_first_interaction(
    pages: Callable[[str, str], Page], shared_context: Any, lang: str
) -> None:
    page = pages(lang, "oklahoma")
    _ = translator(lang)
    widget = melds_widget(page)
    assert widget.get_attribute("data-state") == "static"
    assert widget.get_attribute("data-variant") == "oklahoma"
    text = widget.locator("input[name='cards']").input_value()
    upcard = widget.locator("input[name='upcard']").input_value()
    deadwood, _going = expected_melds(text, "oklahoma", upcard, lang)
    assert widget.locator(".gr-result").get_attribute("data-deadwood") == str(deadwood)
    assert widget.locator(".gr-widget-title").inner_text() == _("Meld finder: {variant}").format(
        variant=_("Oklahoma Gin")
    )
    assert widget.locator("label").first.inner_text() == _("Cards")
    assert widget.locator(".gr-pick").count() == 52
    # every card in the picker has its spoken name in the page's language
    names = widget.locator(".gr-pick .gr-card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert len(set(names)) == 52
    assert _("{rank} of {suit}").format(rank=_("ten"), suit=_("spades")) in names
    _context, log = shared_context
    assert not [u for u in log.urls if "/_pyodide/" in u]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_live_melds_equal_the_engine(pages: Callable[[str, str], Page], lang: str) -> None:
    page = pages(lang, "oklahoma")
    _ = translator(lang)
    widget = melds_widget(page)
    upcard = widget.locator("input[name='upcard']").input_value()
    rng = random.Random(f"melds-{lang}")
    hands = ["7H 8H 9H 7S 7D 7C 2C 3C 4C 9D", "AS 2S 3S 4S 8H 8D 8C 9D TD JD KC"]
    hands += [" ".join(c.code for c in rng.sample(CARDS, rng.choice((10, 11)))) for _i in range(4)]
    for codes in hands:
        text = written(codes, lang)
        type_cards(widget, text)
        wait_live(widget, text)
        deadwood, going = expected_melds(text, "oklahoma", upcard, lang)
        assert widget.locator(".gr-result").get_attribute("data-deadwood") == str(deadwood), text
        assert going is not None
        sentence = going_out_sentence(_, going, 0)
        expect(widget.locator(".gr-result .gr-going-out")).to_have_text(sentence)
        # The status line reads as sentences: "Live result, computed in your browser.
        # Deadwood: 9. May knock: deadwood 9, limit 10."
        status = widget.locator(".gr-status")
        expect(status).to_contain_text(f"{_('{text}.').format(text=deadwood)} {sentence}")
        assert status.inner_text().startswith(_("Live result, computed in your browser."))
        pressed = widget.locator(".gr-pick[aria-pressed='true']").evaluate_all(
            "bs => bs.map(b => b.dataset.card)"
        )
        assert sorted(pressed) == sorted(codes.split())


@pytest.mark.parametrize(("docname", "variant"), VARIANT_PAGES)
def test_every_variant_page_has_a_meld_finder_for_its_variant(
    pages: Callable[[str, str], Page], docname: str, variant: str
) -> None:
    page = pages("sv", docname)
    _ = translator("sv")
    widget = melds_widget(page)
    assert widget.get_attribute("data-variant") == variant
    text = "JH QH KH AH 5S 5D 5C 5H 8D KC"
    type_cards(widget, text)
    wait_live(widget, text)
    deadwood, going = expected_melds(text, variant)
    assert widget.locator(".gr-result").get_attribute("data-deadwood") == str(deadwood)
    assert going is not None
    minimum = find_variant(variant).knock_min_melded
    expect(widget.locator(".gr-going-out")).to_have_text(going_out_sentence(_, going, minimum))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bad_input_is_explained_next_to_the_field(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    page = pages(lang, "standard")
    _ = translator(lang)
    widget = melds_widget(page)
    error = widget.locator(".gr-error[data-for='cards']")
    field = widget.locator("input[name='cards']")
    cases = {
        "7H 8H 1Z": _(
            "{token} is not a card. Write a rank then a suit, for example {example}."
        ).format(token="1Z", example=written("7H TS", lang)),
        "7H 8H 7h": CASES.format(_("{card:Nom} is given twice."), card=card_name(_, "7H")),
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS": _(
            "{count} card: this needs {expected}.", "{count} cards: this needs {expected}.", 12
        ).format(count=12, expected=_("{min} to {max}").format(min=1, max=11)),
    }
    for text, message in cases.items():
        type_cards(widget, text)
        expect(error).to_have_text(message, timeout=LIVE_TIMEOUT)
        expect(field).to_have_attribute("aria-invalid", "true")
        assert widget.get_attribute("data-state") == "ready"
    # and it keeps working
    good = written("7H 8H 9H 7S 7D 7C 2C 3C 4C 9D", lang)
    type_cards(widget, good)
    wait_live(widget, good)
    expect(error).to_have_text("")
    expect(field).to_have_attribute("aria-invalid", "false")
    assert widget.locator(".gr-result").get_attribute("data-deadwood") == "9"


def test_keyboard_only(pages: Callable[[str, str], Page]) -> None:
    page = pages("en", "straight-gin")
    widget = melds_widget(page)
    field = widget.locator("input[name='cards']")
    field.focus()
    field.press("Control+a")
    page.keyboard.type("7H 8H 9H 7S 7D 7C 2C 3C 4C")
    wait_live(widget, "7H 8H 9H 7S 7D 7C 2C 3C 4C")
    # Tab reaches the picker (one stop), arrows move, Space picks
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.dataset.card")
    assert focused in {"7S", "AS"}
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")  # AH
    page.keyboard.press("ArrowDown")  # AD
    page.keyboard.press("ArrowRight")  # 2D
    assert page.evaluate("() => document.activeElement.dataset.card") == "2D"
    page.keyboard.press("Space")
    wait_live(widget, "7H 8H 9H 7S 7D 7C 2C 3C 4C 2D")
    deadwood, _going = expected_melds("7H 8H 9H 7S 7D 7C 2C 3C 4C 2D", "straight")
    assert widget.locator(".gr-result").get_attribute("data-deadwood") == str(deadwood)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"


# --- share links ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_share_link_restores_the_hand(shared_context: Any, lang: str) -> None:
    context, _log = shared_context
    text = written("AS 2S 3S 4S 8H 8D 8C 9D TD JD KC", lang)
    page = context.new_page()
    page.goto(f"/{lang}/hollywood.html#" + urlencode({"gr-melds-1-cards": text}))
    widget = melds_widget(page)
    wait_live(widget, text)
    deadwood, _going = expected_melds(text, "standard", lang=lang)
    assert widget.locator(".gr-result").get_attribute("data-deadwood") == str(deadwood)
    href = widget.locator(".gr-share-link").get_attribute("href")
    assert href == "#" + urlencode({"gr-melds-1-cards": text})
    page.close()


def test_hostile_fragment_never_becomes_markup(shared_context: Any) -> None:
    context, _log = shared_context
    page = context.new_page()
    hostile = '<img src=x onerror="window.pwned=1">'
    page.goto("/fr/standard.html#" + urlencode({"gr-melds-1-cards": hostile}))
    widget = melds_widget(page)
    error = widget.locator(".gr-error[data-for='cards']")
    _ = translator("fr")
    message = _("{token} is not a card. Write a rank then a suit, for example {example}.")
    example = written("7H TS", "fr")
    expect(error).to_have_text(message.format(token="<img", example=example), timeout=LIVE_TIMEOUT)
    assert page.evaluate("() => window.pwned") is None
    assert widget.locator("img").count() == 0
    assert widget.locator("input[name='cards']").input_value() == hostile
    # a fragment that is not percent-encoded properly is only text too
    page.goto("/fr/standard.html#gr-melds-1-cards=%E0%A4%A")
    page.reload()
    expect(widget.locator(".gr-error[data-for='cards']")).not_to_be_empty(timeout=LIVE_TIMEOUT)
    page.close()


# --- the showdown ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_live_showdown_equals_the_engine(pages: Callable[[str, str], Page], lang: str) -> None:
    page = pages(lang, "oklahoma")
    _ = translator(lang)
    widget = page.locator("section[data-widget='showdown']").first
    upcard = widget.locator("input[name='upcard']").input_value()
    knocker = widget.locator("input[name='knocker']").input_value()
    defender = written("TH JH 5S 5C 5D QS QC 2D 3S 8S", lang)
    widget.locator("input[name='defender']").fill(defender)
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    up = parse_hand(upcard, notation=lang)[0]
    result = showdown(
        parse_hand(knocker, notation=lang),
        parse_hand(defender, notation=lang),
        find_variant("oklahoma"),
        up,
    )
    labels = {
        "difference": "difference",
        "opponent_deadwood": "opponent's deadwood",
        "gin_bonus": "gin bonus",
        "undercut_bonus": "undercut bonus",
        "spade_double": "spade upcard doubling",
        "big_gin_bonus": "big gin bonus",
    }
    terms = " + ".join(
        _("{label} {value}").format(label=_(labels[t.code]), value=t.value) for t in result.terms
    )
    if len(result.terms) == 1:
        line = _("Score: {term}").format(term=terms)
    else:
        line = _("Score: {terms} = {points}").format(terms=terms, points=result.points)
    expect(widget.locator(".gr-result .gr-scoreline")).to_have_text(line, timeout=LIVE_TIMEOUT)
    totals = _("Deadwood: knocker {knocker}, defender {defender}.").format(
        knocker=result.knocker_deadwood, defender=result.defender_deadwood
    )
    expect(widget.locator(".gr-result .gr-deadwood-total")).to_have_text(totals)
    assert widget.locator(".gr-layoffs li").count() == len(result.layoffs)

    # a knock the rules forbid is explained, in the page's language
    illegal = written("7H 8H 9H KS KH KD AC 2C 9C 9D", lang)
    widget.locator("input[name='knocker']").fill(illegal)
    going = check_going_out(parse_hand(illegal, notation=lang), find_variant("oklahoma"), up)
    assert not going.allowed
    expect(widget.locator(".gr-error[data-for='knocker']")).to_have_text(
        going_out_sentence(_, going, 0), timeout=LIVE_TIMEOUT
    )
    # a card in both hands is named in words, as one given twice in one hand is
    widget.locator("input[name='knocker']").fill(knocker)
    nine = "TH JH 5S 5C 5D QS QC 2D 3S"
    shared = next(c for c in parse_hand(knocker, notation=lang) if c.code not in nine)
    widget.locator("input[name='defender']").fill(written(f"{nine} {shared.code}", lang))
    twice = CASES.format(_("{card:Nom} is given twice."), card=card_name(_, shared.code))
    expect(widget.locator(".gr-error", has_text=twice)).to_have_count(1, timeout=LIVE_TIMEOUT)


# Who went out, as the variant's rules name the role
# (ginrules_site.directives.examples.showdown_words).
ROLE_WORDS = {
    "straight": (
        "Player who went gin",
        "Deadwood: player who went gin {knocker}, opponent {defender}.",
        "Gin: the player who went gin scores.",
        "Hand of the player who went gin",
    ),
    "french": (
        "Player who went petit gin",
        "Count: player who went petit gin {knocker}, opponent {defender}.",
        "Petit gin: the player who went gin scores.",
        "Hand of the player who went down",
    ),
    # a gin where players may knock: named by what happened, never "Knocker" (issue 31)
    "standard": (
        "Player who went gin",
        "Deadwood: player who went gin {knocker}, opponent {defender}.",
        "Gin: the player who went gin scores.",
        "Hand of the player who goes out",
    ),
}
GIN_HAND = "AS 2S 3S 3H 4H 5H 9D 9H 9S 9C"
KNOCK_WORDS = {
    "en": r"\bknock|\bundercut",
    "fr": r"\bfrapp|\bcontre\b",
    "sv": r"knack|undercut",
    "de": r"klopf|undercut|unterbiet",
}


@pytest.mark.parametrize(
    ("lang", "docname", "variant"),
    [
        *((lang, "straight-gin", "straight") for lang in LANGUAGES),
        ("fr", "gin-rami", "french"),
        *((lang, "standard", "standard") for lang in LANGUAGES),
    ],
)
def test_live_showdown_names_the_variants_roles(
    pages: Callable[[str, str], Page], lang: str, docname: str, variant: str
) -> None:
    """Nobody knocks in Straight Gin, and in Gin Rami the player goes down: the live
    showdown says so in every language, with no knock or undercut word."""
    import re

    page = pages(lang, docname)
    _ = translator(lang)
    widget = page.locator("section[data-widget='showdown']").first
    if variant == "standard":  # the page's example is a knock: a gin instead
        widget.locator("input[name='knocker']").fill(written(GIN_HAND, lang))
    knocker = widget.locator("input[name='knocker']").input_value()
    defender = written("6H 7H KS KD 5C 4D 8S 8C JS TC", lang)
    widget.locator("input[name='defender']").fill(defender)
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    result = showdown(
        parse_hand(knocker, notation=lang),
        parse_hand(defender, notation=lang),
        find_variant(variant),
    )
    assert result.outcome == "gin"
    label, totals, outcome, hand_label = (_(text) for text in ROLE_WORDS[variant])
    expect(widget.locator(".gr-result .gr-deadwood-total")).to_have_text(
        totals.format(knocker=result.knocker_deadwood, defender=result.defender_deadwood),
        timeout=LIVE_TIMEOUT,
    )
    expect(widget.locator(".gr-result .gr-outcome")).to_have_text(outcome)
    expect(widget.locator(".gr-result .gr-row-label").first).to_have_text(label)
    expect(widget.locator(".gr-result .gr-row-label").nth(1)).to_have_text(_("Opponent"))
    expect(widget.locator("label[for$='-knocker']")).to_have_text(hand_label)
    shown = widget.locator(".gr-result").inner_text()
    if variant != "standard":  # where nobody knocks, the form neither
        shown += widget.locator("form").inner_text()
    assert not re.search(KNOCK_WORDS[lang], shown, re.IGNORECASE), shown


# --- the stock end ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", in_turn(2))  # behaviour: one language
def test_stock_end_steps_a_seeded_deal_to_its_end(
    pages: Callable[[str, str], Page], lang: str
) -> None:
    from ginrules_site.directives.deals import play, turn_items

    page = pages(lang, "straight-gin")
    _ = translator(lang)
    widget = page.locator("section[data-widget='stock']").first
    assert widget.get_attribute("data-variant") == "straight"
    seed = int(widget.locator("input[name='seed']").input_value())
    deal, _dealt, stock_after = play(find_variant("straight"), seed, 0, "random")
    result = deal.result
    assert result is not None
    items = turn_items(deal, stock_after)

    widget.locator("button[data-action='next']").click()
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    widget.locator("button[data-action='next']").click()
    expect(widget.locator(".gr-log li")).to_have_count(2)
    # turns as the deal summary counts them: a refusal of the upcard is no turn
    turns = sum(1 for event, i in items[:2] if not event and deal.log[i[0]]["type"] != "pass")
    expect(widget.locator(".gr-status")).to_contain_text(
        _("Turn {n} of {total}.").format(n=turns, total=result.turns)
    )
    widget.locator("button[data-action='end']").click()
    expect(widget.locator(".gr-log li")).to_have_count(len(items))
    summary = _("Turns played: {turns}. Reshuffles of the stock: {reshuffles}.").format(
        turns=result.turns, reshuffles=result.reshuffles
    )
    expect(widget.locator(".gr-result .gr-deal-summary")).to_have_text(summary)
    assert result.outcome == "dead"  # the dead-hand rule of Straight Gin
    expect(widget.locator(".gr-result .gr-outcome")).to_have_text(
        _("The deal is dead: nobody scores.")
    )

    widget.locator("input[name='seed']").fill("<b>8")
    expect(widget.locator(".gr-error[data-for='seed']")).to_have_text(
        _("{seed} is not a deal number: write a whole number, for example 8.").format(seed="<b>8")
    )
    widget.locator("input[name='seed']").fill("")
    widget.locator("button[data-action='end']").click()
    expect(widget.locator(".gr-error[data-for='seed']")).to_have_text(
        _("Write a deal number: a whole number, for example 8.")
    )
    widget.locator("button[data-action='new']").click()
    expect(widget.locator(".gr-error[data-for='seed']")).to_have_text("")
    new_seed = widget.locator("input[name='seed']").input_value()
    assert new_seed.isdigit() and int(new_seed) != seed
    expect(widget.locator(".gr-log li")).to_have_count(1)


ALL_VARIANT_PAGES = [*VARIANT_PAGES, ("oklahoma", "oklahoma"), ("hollywood", "standard")]


@pytest.mark.parametrize(("docname", "variant"), ALL_VARIANT_PAGES)
def test_every_variant_page_has_a_stock_end_widget(
    shared_context: Any, docname: str, variant: str
) -> None:
    context, _log = shared_context
    page = context.new_page()
    page.goto(f"/en/{docname}.html")
    widget = page.locator("section[data-widget='stock']").first
    assert widget.get_attribute("data-variant") == variant
    assert widget.get_attribute("data-state") in ("static", "ready")
    # the build-time log shows the end of the stock: a reshuffle or a dead deal
    assert widget.locator(".gr-result .gr-log-event").count() >= 1
    page.close()


def test_stock_end_shows_the_reshuffle_live(pages: Callable[[str, str], Page]) -> None:
    from ginrules_site.directives.deals import play, turn_items

    page = pages("fr", "oklahoma")
    widget = page.locator("section[data-widget='stock']").first
    seed = int(widget.locator("input[name='seed']").input_value())
    deal, _dealt, stock_after = play(find_variant("oklahoma"), seed, 0, "random")
    assert deal.result is not None and deal.result.reshuffles >= 1
    events = [n for n, (event, _i) in enumerate(turn_items(deal, stock_after)) if event]
    widget.locator("button[data-action='end']").click()
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    items = widget.locator(".gr-log li")
    expect(items).to_have_count(len(turn_items(deal, stock_after)))
    assert [i for i in range(items.count()) if items.nth(i).locator(".gr-log-event").count()] == (
        events
    )
    # French names a player with the article: "Le joueur A pioche…", never "Joueur A pioche…"
    turns = widget.locator(".gr-result .gr-log-turn")
    assert turns.count() > 0
    for text in turns.all_inner_texts():
        assert text.startswith(("Le joueur A ", "Le joueur B ")), text
