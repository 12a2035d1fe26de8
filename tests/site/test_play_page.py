"""The play page as built: every code the engine's tutor and table may send has words
in every language (``ginrules.tutor``), the static fallback links to the rules."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from ginrules.coach.tutor import EXPERT_REASONS, WHY_NOT
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.rules import find_variant
from ginrules.score_entries import schemes
from ginrules_site.live.play import HOLLYWOOD_ONLY, PAGE_KEYS, WORDS_FILE

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
STATIC = Path(__file__).resolve().parents[2] / "ginrules_site" / "static"
LANGUAGES = list(LANGUAGE_TABLE)  # every language the site builds
# the translated languages whose translation is complete
COMPLETE = [code for code, language in LANGUAGE_TABLE.items() if language.complete][1:]


def page(lang: str) -> str:
    return (SITE / lang / "play.html").read_text("utf-8")


def page_strings(lang: str) -> dict[str, Any]:
    """The strings in the page itself."""
    found = re.search(
        r'<script type="application/json" class="gr-widget-strings">(.*?)</script>', page(lang)
    )
    assert found
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def words_file(lang: str) -> dict[str, Any]:
    """The table's strings and every variant's words, as the play script fetches them."""
    data: dict[str, Any] = json.loads((SITE / lang / "_static" / WORDS_FILE).read_text("utf-8"))
    return data


def strings(lang: str) -> dict[str, Any]:
    """The page's strings and its table's, as the play script has them at a table."""
    return {**page_strings(lang), **words_file(lang)["strings"]}


def variants(lang: str) -> dict[str, Any]:
    found = re.search(r'data-widget="play"[^>]*data-params="([^"]*)"', page(lang))
    assert found
    data: dict[str, Any] = json.loads(html.unescape(found.group(1)))["variants"]
    return data


def variant_words(lang: str) -> dict[str, Any]:
    """Every variant's words, as the play script fetches them (not in the page)."""
    data: dict[str, Any] = words_file(lang)["variants"]
    return data


def _body(text: str, start: str) -> str:
    """The function of a script that starts with the line ``start``, to its closing brace."""
    at = text.index(start)
    return text[at : text.index("\n}\n", at)]


def read_before_a_deal() -> set[str]:
    """The strings the play page's scripts read before a table is dealt (the words file
    is then not yet fetched): every ``STRINGS.key`` of the modules the page loads, the
    cards' names, the engine's loading (goLive, askDownload) and the settings
    (mountSettings, each of its paces)."""
    loaded = ("play", "render", "live", "links", "settings")  # its module and their imports
    scripts = {
        f"ginrules-{n}.mjs": (STATIC / f"ginrules-{n}.mjs").read_text("utf-8") for n in loaded
    }
    keys = {k for text in scripts.values() for k in re.findall(r"\bSTRINGS\.(\w+)", text)}
    render, settings = scripts["ginrules-render.mjs"], scripts["ginrules-settings.mjs"]
    assert "STRINGS[`suit_${" in render and "S[`pace_${name}`]" in settings
    keys |= {f"suit_{i}" for i in range(4)}
    paces = re.search(r"export const PACES = .*?\{(.*?)\}", settings)
    assert paces
    keys |= {f"pace_{name}" for name in re.findall(r"(\w+):", paces.group(1))}
    for text, start in (
        (render, "export async function goLive("),
        (render, "function askDownload("),
        (settings, "export function mountSettings("),
    ):
        keys |= set(re.findall(r"\bS\.(\w+)", _body(text, start)))
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_holds_only_what_it_reads_before_a_deal(lang: str) -> None:
    """The page's weight before any interaction has a budget (BENCHMARKS.md): the page
    holds the strings read before a table is dealt, and the table's other strings come
    with the words file, fetched on the reader's intent; nothing is in both, and nothing
    the scripts read before a deal is only in the file."""
    inline, table = set(page_strings(lang)), set(words_file(lang)["strings"])
    needed = read_before_a_deal()
    assert len(needed) > 25
    assert needed <= inline, needed - inline
    assert inline == PAGE_KEYS
    assert not inline & table
    assert len(table) > 200


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tutor_code_has_words_in_every_variant(lang: str) -> None:
    base = strings(lang)
    own = variant_words(lang)
    assert set(own) == set(variants(lang))
    for name in variants(lang):
        words = {**base, **own[name]}
        hollywood = "hollywood" in schemes(find_variant(name))
        for reason in EXPERT_REASONS:
            if f"tutor_{reason}" in HOLLYWOOD_ONLY and not hollywood:
                # advice that names one of Hollywood's games, where no game has three
                assert f"tutor_{reason}" not in words, (name, reason)
                continue
            assert f"tutor_{reason}" in words, (name, reason)
        for code in WHY_NOT:
            assert f"tutor_{code}" in words or code in words, (name, code)
        for move in ("pass", "take", "stock", "discard", "knock", "gin", "big_gin"):
            for who in ("you", "computer"):
                assert f"{who}_{move}" in words, (name, who, move)


@pytest.mark.parametrize("lang", COMPLETE)
def test_the_tables_words_are_translated(lang: str) -> None:
    english, local = strings("en"), strings(lang)
    english.pop("tutor_discard")  # "{card:Nom}: {deadwood}" is the same in Swedish
    same = [
        key
        for key in english
        if key.startswith(("tutor_", "act_", "you_", "computer_")) and english[key] == local[key]
    ]
    assert same == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_scripts_the_page_says_what_it_needs_and_links_the_rules(lang: str) -> None:
    text = page(lang)
    fallback = re.search(r'<div class="gr-play-static">(.*?)</div>', text, re.S)
    assert fallback and "JavaScript" in fallback.group(1)
    links = re.findall(r'href="([^"]+)"', fallback.group(1))
    assert links == ["standard.html", "straight-gin.html", "oklahoma.html", "gin-rami.html"]
    assert re.search(r'<form class="gr-controls gr-play-setup" hidden>', text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_and_variant_pages_link_the_play_page(lang: str) -> None:
    assert 'href="play.html"' in (SITE / lang / "index.html").read_text("utf-8")
    for doc, variant in [
        ("standard", "standard"),
        ("straight-gin", "straight"),
        ("oklahoma", "oklahoma"),
        ("gin-rami", "french"),
    ]:
        text = (SITE / lang / f"{doc}.html").read_text("utf-8")
        assert f'href="play.html#play={variant}"' in text, doc


# The play page's sentences about the whole played at the table: under Hollywood scoring it
# holds three games, so none of these may use the word that names one of them ("Game 2").
WHOLE_MATCH = (
    "Scoring", "act_new", "turn_game_over", "game_won", "game_lost", "game_drawn", "resumed",
    "choice_pending", "act_back", "play_error_bad_scheme", "stat_games", "stat_wins",
    "history_title", "history_none", "settings_note", "match_over",
)  # fmt: skip


@pytest.mark.parametrize("lang", ["en", *COMPLETE])
def test_the_match_and_its_games_have_two_words(lang: str) -> None:
    """One word for one thing: the play page names the whole match (the button that starts
    it, its end, the statistics, the scoring setting) with a word that is not the one for
    each of Hollywood's three games (the sheet's "Game 1"), in every complete language."""
    said = strings(lang)
    noun = said["Game {n}"].replace("{n}", "").strip()
    assert noun and said["Game"].strip() == noun
    # a plural entry is said in each of its forms
    texts = {key: json.dumps(said[key], ensure_ascii=False) for key in WHOLE_MATCH}
    # the form's label and button as the page shows them, before its script runs
    form = re.search(r'<form class="gr-controls gr-play-setup".*?</form>', page(lang), re.S)
    assert form
    label = re.search(r'<label for="gr-play-scheme">([^<]+)<', form.group(0))
    assert label and html.unescape(label.group(1)) == said["Scoring"]
    texts["button"] = html.unescape(re.findall(r'data-action="new">([^<]+)<', form.group(0))[0])
    assert texts["button"] == said["act_new"]
    word = re.compile(rf"\b{re.escape(noun)}\w*", re.IGNORECASE)
    wrong = {key: text for key, text in texts.items() if word.search(text)}
    assert wrong == {}, (noun, wrong)
