"""Issue 9, section 4, read in Chromium on the built pages (en, fr, sv): the prose
around an example names the engine's cards, and the differences tables say what
the engine's rules and options say."""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ginrules import find_variant, parse_hand
from ginrules.melds import best_discards
from ginrules.rules import options
from ginrules_site.directives.examples import option_words

from .conftest import LANGUAGES, each_in_one_language
from .test_widgets import translator

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_straight_gin_names_the_card_the_engine_discards(shared_context: Any, lang: str) -> None:
    context, _log = shared_context
    _ = translator(lang)
    page = context.new_page()
    page.goto(f"/{lang}/straight-gin.html")
    hands = page.locator("div.gr-example.gr-hand").filter(has=page.locator(".gr-caption"))
    first, second = hands.nth(0), hands.nth(1)
    kept = [c.get_attribute("data-card") for c in first.locator(".gr-card[data-card]").all()]
    held = [c.get_attribute("data-card") for c in second.locator(".gr-card[data-card]").all()]
    shown = second.locator(".gr-discard .gr-card[data-card]")
    discard = shown.first.get_attribute("data-card") or ""
    # the second hand is the first after one draw, and the discard is the engine's
    drawn = set(held) - set(kept)
    assert len(drawn) == 1 and set(kept) <= set(held)
    best = best_discards(parse_hand(" ".join(c for c in held if c)), find_variant("straight"))
    assert best[0].discard is not None and discard == best[0].discard.code
    assert discard in kept  # a card the first hand held
    facts = second.locator(".gr-caption .gr-fact")
    # as the caption's role names them: with the article, in the accusative (issue 31)
    expect(facts).to_have_text([the_card(lang, drawn.pop()), the_card(lang, discard)])
    page.close()


def the_card(lang: str, code: str) -> str:
    """A card named with its article in the accusative, from the catalog's entries (the
    play page's): "the five of clubs", « le cinq de trèfle », „die Kreuz-Fünf“."""
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if lang != "en":
        catalog = gettext.translation("ginrules_site", str(ROOT / "locale"), [lang])
    ranks = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king"]  # fmt: skip
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    rank = ranks["A23456789TJQK".index(code[0])]
    template = catalog.pgettext("accusative", f"the {rank} of {{suit}}")
    return template.format(suit=catalog.gettext(suits[code[1]]))


# Each variant page in one complete language in turn: the options are the engine's, their
# words the catalog's.
@pytest.mark.parametrize(
    ("docname", "lang"),
    each_in_one_language(["straight-gin", "oklahoma", "gin-rami", "standard"], 0, LANGUAGES),
)
def test_every_variant_page_shows_the_options_of_its_variant(
    shared_context: Any, lang: str, docname: str
) -> None:
    context, _log = shared_context
    _ = translator(lang)
    page = context.new_page()
    page.goto(f"/{lang}/{docname}.html")
    table = page.locator("table.gr-compare")
    row = table.locator("tr").filter(has_text=_("May be played with"))
    expect(row).to_have_count(1)
    cells = row.locator("td")
    words = option_words()  # English; translated through the catalog below
    variant = {"straight-gin": "straight", "gin-rami": "french", "standard": "classic"}
    rules = find_variant(variant.get(docname, docname))
    expected = ", ".join(_(words[o]) for o in options(rules))
    expect(cells.nth(2)).to_have_text(expected)
    if docname == "straight-gin":
        assert _("Oklahoma rules") in cells.nth(1).inner_text()
        assert _("Oklahoma rules") not in cells.nth(2).inner_text()
        # nobody lays off on a gin in either game: no such row
        expect(table.locator("tr").filter(has_text=_("Laying off on a gin"))).to_have_count(0)
        melded = _("Cards that must be in melds to go down")
        expect(table.locator("tr").filter(has_text=melded)).to_have_count(0)
    page.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_oklahoma_counts_its_upcards(shared_context: Any, lang: str) -> None:
    """ "The same hand under three upcards", and three examples follow."""
    context, _log = shared_context
    page = context.new_page()
    page.goto(f"/{lang}/oklahoma.html")
    hands = page.locator("div.gr-example.gr-hand").filter(has=page.locator(".gr-caption"))
    words = {
        "en": "three upcards",
        "fr": "trois cartes retournées",
        "sv": "tre olika uppvända",
        "de": "drei verschiedenen aufgedeckten Karten",
    }
    expect(hands.first.locator(".gr-caption")).to_contain_text(words[lang])
    first_cards = hands.first.locator(".gr-cardrow:not(:has(.gr-upcard)) [data-card]")
    same = [c.get_attribute("data-card") for c in first_cards.all()]
    upcards = set()
    for i in range(hands.count()):
        cards = hands.nth(i).locator(".gr-cardrow:not(:has(.gr-upcard)) [data-card]")
        if [c.get_attribute("data-card") for c in cards.all()] == same:
            upcards.add(hands.nth(i).locator(".gr-upcard [data-card]").get_attribute("data-card"))
    assert len(upcards) == 3
    page.close()
