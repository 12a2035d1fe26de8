"""The sentences the extension and the widgets assemble, as a reader of each language and
of each variant reads them (issue 10, items 1, 2 and 4).

Straight Gin has no knock: its examples and the strings its widgets use never name the
knocker, a knock or an undercut. Gin Rami goes down and has no word for the undercut.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.rules import find_variant
from ginrules_site.directives.examples import showdown_words

# The words of a knock, per language; a complete language needs its entry here.
KNOCK_WORDS = {
    "en": r"\bknock|\bundercut",
    "fr": r"\bfrapp|\bcontre\b",
    "sv": r"knack|undercut",
    "de": r"klopf|undercut|unterbiet",
}
COMPLETE = [code for code, language in LANGUAGE_TABLE.items() if language.complete]
# What a showdown and a deal log of Straight Gin print (the widget script's keys).
STRAIGHT_KEYS = (
    "Knocker",
    "Defender",
    "knocker_hand",
    "defender_hand",
    "totals",
    "outcome_gin",
    "outcome_big_gin",
    "showdown_after",
    "draw_stock+gin",
    "draw_discard+gin",
    "term_gin_bonus",
    "term_opponent_deadwood",
)


def page(site: Path, lang: str, name: str) -> BeautifulSoup:
    return BeautifulSoup((site / lang / f"{name}.html").read_text(encoding="utf-8"), "html.parser")


def example_text(doc: BeautifulSoup) -> list[str]:
    """The text the extension wrote in every example: the page's own captions and the rule
    comparison table (which names the rules a variant does not have) aside."""
    texts = []
    for node in doc.select(".gr-example"):
        if "gr-compare" in node.get("class", []):
            continue
        for caption in node.select(".gr-caption"):
            caption.decompose()
        texts.append(" ".join(node.get_text(" ").split()))
    return texts


@pytest.mark.parametrize("lang", COMPLETE)
def test_straight_gin_examples_never_knock(site: Path, lang: str) -> None:
    doc = page(site, lang, "straight-gin")
    texts = example_text(doc)
    assert any(doc.select(".gr-example.gr-showdown")) and any(
        doc.select(".gr-example.gr-deal-log")
    )
    wrong = [t for t in texts if re.search(KNOCK_WORDS[lang], t, re.IGNORECASE)]
    assert wrong == []


@pytest.mark.parametrize("lang", COMPLETE)
def test_straight_gin_widgets_use_the_words_of_gin(site: Path, lang: str) -> None:
    """What a widget on the page writes comes from the page's strings, overridden by the
    words of the widget's variant: none of those a Straight Gin showdown prints knocks."""
    doc = page(site, lang, "straight-gin")
    strings = json.loads(doc.select_one("script.gr-widget-strings").string)
    widgets = doc.select("[data-widget]")
    assert widgets
    for widget in widgets:
        params = json.loads(widget["data-params"])
        merged = {**strings, **params["words"]}
        for key in STRAIGHT_KEYS:
            text = re.sub(r"\{\w+\}", "", merged[key])
            assert not re.search(KNOCK_WORDS[lang], text, re.IGNORECASE), (key, text)
    labels = [label.get_text(" ") for label in doc.select(".gr-widget label")]
    assert not [t for t in labels if re.search(KNOCK_WORDS[lang], t, re.IGNORECASE)]


def test_words_come_from_the_rules() -> None:
    """The role follows the rules, not the page: gin only, going down, or knocking."""
    straight, french, standard = (find_variant(n) for n in ("straight", "french", "standard"))
    assert str(showdown_words(straight)["Knocker"]) == "Player who went gin"
    assert str(showdown_words(french)["Knocker"]) == "Player who went down"
    assert str(showdown_words(standard)["Knocker"]) == "Knocker"
    # Oklahoma knocks (its limit comes from the upcard); the classic school too.
    for name in ("oklahoma", "classic"):
        assert str(showdown_words(find_variant(name))["Knocker"]) == "Knocker"


@pytest.mark.parametrize("lang", COMPLETE[1:])
def test_gin_rami_goes_down_and_has_no_undercut_word(site: Path, lang: str) -> None:
    doc = page(site, lang, "gin-rami")
    texts = " ".join(
        " ".join(n.get_text(" ").split())
        for n in doc.select(".gr-example.gr-showdown, .gr-example.gr-deal-log")
    )
    undercut = {
        "fr": r"\bcontre\b|prime de contre|\bfrapp",
        "sv": r"undercut|knack",
        "de": r"undercut|unterbiet|klopf",
    }[lang]
    assert not re.search(undercut, texts, re.IGNORECASE), texts[:300]
    role = {
        "fr": "joueur qui a étalé",
        "sv": "den som gick ner",
        "de": "spieler, der ausgelegt hat",
    }[lang]
    assert role in texts.lower()


# Gin Rami counts the cards left in hand: its examples and widgets say "count", as its page.
DEADWOOD_WORDS = {
    "en": r"deadwood",
    "fr": r"points? morts?",
    "sv": r"dödpoäng|döda kort",
    "de": r"deadwood",
}
# Strings that only a knock can show (Gin Rami has no knock limit): they may say deadwood.
KNOCK_ONLY = {"knock", "over_limit", "step_knock_max"}


def deadwood_keys(strings: dict[str, object], lang: str) -> list[str]:
    """The keys whose text (placeholders aside) says the deadwood word."""
    found = []
    for key, value in strings.items():
        if isinstance(value, dict):  # a plural entry: its forms (and the name of its count)
            value = value.get("forms", value)
        text = re.sub(r"\{\w+\}", "", json.dumps(value, ensure_ascii=False))
        if key not in KNOCK_ONLY and re.search(DEADWOOD_WORDS[lang], text, re.IGNORECASE):
            found.append(key)
    return found


@pytest.mark.parametrize("lang", COMPLETE)
def test_gin_rami_examples_widgets_and_exercises_count_the_cards_left(
    site: Path, lang: str
) -> None:
    doc = page(site, lang, "gin-rami")
    texts = example_text(doc)
    assert len(texts) > 5
    wrong = [t for t in texts if re.search(DEADWOOD_WORDS[lang], t, re.IGNORECASE)]
    assert wrong == []
    strings = json.loads(doc.select_one("script.gr-widget-strings").string)
    widgets = doc.select("[data-widget]")
    assert widgets
    for widget in widgets:
        merged = {**strings, **json.loads(widget["data-params"])["words"]}
        assert deadwood_keys(merged, lang) == []
    # the trainer: its strings with Gin Rami's words over them, and its build-time exercises
    trainer = page(site, lang, "exercises")
    strings = json.loads(trainer.select_one("script.gr-widget-strings").string)
    params = json.loads(trainer.select_one("section.gr-exercises")["data-params"])
    assert deadwood_keys({**strings, **params["variants"]["french"]["words"]}, lang) == []
    assert deadwood_keys(strings, lang)  # the other variants say deadwood
    built = [
        " ".join(box.get_text(" ").split())
        for box in trainer.select("[id^='exercise-french-']")
    ]
    assert built and not [t for t in built if re.search(DEADWOOD_WORDS[lang], t, re.I)]
    if lang == "en":
        assert any("Count: " in t for t in texts)
        # and its gins are petit or grand, in the trainer as on the page
        words = {**strings, **params["variants"]["french"]["words"]}
        for key in ("choice_go_out_", "step_going_out_"):
            assert "petit gin" in words[f"{key}gin"] and "grand gin" in words[f"{key}big_gin"]


# A number placeholder followed by a counted noun, per language: such a sentence must be a
# plural entry (ngettext), or "1 cards", "0 donnes" would show.
COUNTED = {
    "en": r"\{\w+\}\s+(cards?|deals?|points?|turns?|games?|manches?|melds?)\b",
    "fr": r"\{\w+\}\s+(cartes?|donnes?|points?|tours?|parties?|manches?|combinaisons?)\b",
    "sv": r"\{\w+\}\s+(kort|givar?|poäng|drag|partier?|mancher?|dödpoäng|kombinationer)\b",
    "de": r"\{\w+\}\s+(Karten?|Runden?|Punkte?|Züge?|Zug|Partien?|Meldungen?|Kombinationen?)\b",
}


@pytest.mark.parametrize("lang", COMPLETE[1:])
def test_every_counted_noun_goes_through_a_plural_form(lang: str) -> None:
    from babel.messages.pofile import read_po

    path = Path(__file__).resolve().parents[2] / "locale" / lang / "LC_MESSAGES"
    with (path / "ginrules_site.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    plural_entries = 0
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            plural_entries += 1
            continue
        for text, language in ((message.id, "en"), (message.string, lang)):
            if re.search(COUNTED[language], text or ""):
                wrong.append(f"{message.id!r} -> {message.string!r}")
    assert wrong == []
    assert plural_entries >= 10
