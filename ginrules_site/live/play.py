"""The play page: whole deals against the computer, refereed by the engine in the browser.

Directive (MyST)::

    ```{gin-play}
    ```

It writes the table's frame: the static fallback (readable with scripts off: what the
table needs, and links to the rules), the choosers (variant, game, computer's level),
the empty table and its polite live region, the list of keys, and every string the
script ``ginrules-play.mjs`` shows, translated through the ``ginrules_site`` catalog
(one JSON object), with what the script must know of each variant (its schemes, its
words), all taken from the engine's presets at build time. The rules themselves stay
in the engine: the script only draws ``ginrules.table.Table.state()``, which the worker
(``play_*`` calls of ``ginrules_live.py``) sends, and offers the moves it lists.

Test hooks on the root: ``data-widget="play"``, ``data-state`` (``static``,
``loading``, ``ready``, ``error``), ``data-phase``, ``data-variant``, ``data-seed``,
``data-turn`` (``you``, ``computer``, ``none``);
each move button carries ``data-action`` and, for a card, ``data-card`` (the English
code); each way out (a button, or an option of the ways' list) ``data-action``,
``data-card`` and ``data-deadwood`` (what it leaves); the deadwood readout carries
``data-deadwood``; the live region ``.gr-play-announce`` says each line the reader
hears; the computer's hand ``data-hand="opponent"`` (and the card it took from the
pile, ``data-taken``); the tutor's one-line advice ``data-tutor-advice``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Final

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.writers.html5 import HTML5Translator

from ginrules.coach.words import TUTOR_REASONS, TUTOR_REASONS_DOWN, Text
from ginrules.rules import find_variant
from ginrules.score_entries import schemes
from ginrules_site.cards_html import definite_table
from ginrules_site.chrome.search import page_plural_expression
from ginrules_site.directives.examples import going_out_style, showdown_words, variant_name
from ginrules_site.directives.notation import notation_strings, page_notation
from ginrules_site.live.widgets import add_static, common_strings, page_strings_html
from ginrules_site.messages import Plural, _, ngettext, pgettext, translated

# The variants a reader may play, with the page that gives their rules.
VARIANTS = {
    "standard": "standard",
    "straight": "straight-gin",
    "oklahoma": "oklahoma",
    "french": "gin-rami",
}
LEVELS = ("beginner", "good", "camper", "expert")
DEFAULT_LEVEL = "good"


logger = logging.getLogger(__name__)
PLAY_DOC = "play"


class gr_play(nodes.container):
    """The play table; other builders show only the static fallback (its children)."""


# The tutor's reasons of going out or playing on, which a variant words its own way.
GOING_OUT_REASONS = frozenset(
    {
        *("gin", "big_gin", "knock", "play_on", "play_on_knocker", "play_on_deal"),
        *("play_on_games", "play_on_knocker_games", "play_on_game", "play_on_knocker_game"),
    }
)


# The tutor's reasons that only Hollywood scoring gives (they name one of its games).
HOLLYWOOD_ONLY = (
    "tutor_play_on_games",
    "tutor_play_on_knocker_games",
    "tutor_play_on_game",
    "tutor_play_on_knocker_game",
)


def reason_words(words: Mapping[str, Text], going_out: bool) -> dict[str, Any]:
    """The tutor's reasons (:mod:`ginrules.coach.words`, written once for the page and the
    terminal game) as the page's ``tutor_<code>`` strings: those of going out or playing
    on (:data:`GOING_OUT_REASONS`), or the others."""
    return {
        f"tutor_{code}": translated(text)
        for code, text in words.items()
        if (code in GOING_OUT_REASONS) == going_out
    }


def scheme_labels() -> dict[str, Any]:
    return {
        "one_deal": _("One deal"),
        # Translators: the choices of the "Scoring" field ("Scoring: To 100 points"): how the
        # match at the table is scored.
        "game100": _("To 100 points"),
        "game250": _("To 250 points"),
        "hollywood": _("Hollywood scoring (three games at once)"),
        "manche": _("A manche to 250"),
        "partie": _("A partie of three manches"),
    }


def scoring_label() -> Any:
    # Translators: the field that sets how the match at the table is scored: one deal, a game
    # to 100 points, Hollywood scoring (three games at once), Gin Rami's manche or partie.
    # "Match" is the whole played at the table; "game" is kept for Hollywood's three games.
    return pgettext("setting: how the match at the table is scored", "Scoring")


def level_labels() -> dict[str, Any]:
    return {
        "beginner": _("Beginner"),
        # Translators: the computer's levels, weakest first (Beginner, Good, Expert): a level name,
        # not praise.
        "good": _("Good"),
        # Translators: a computer level in the style of the 2021 EAAI challenge winner: it waits
        # for gin and knocks only in its first turns.
        "camper": _("Gin camper"),
        "expert": _("Expert"),
    }


def level_hints() -> dict[str, Any]:
    """What the level list says of a level whose name does not say how it plays (in the
    words of every variant: the list is the same for all)."""
    return {"camper": _("patient: plays for gin, goes out without gin only early in the deal")}


def going_out_words(style: str) -> dict[str, Any]:
    """The move buttons and announcements of going out, in the variant's words:
    nobody knocks in Straight Gin, a Gin Rami player goes down."""
    words: dict[str, Any] = {
        "act_knock": _("Knock, discarding {card:nom}"),
        "act_gin": _("Go gin, discarding {card:nom}"),
        "act_big_gin": _("Big gin: keep all eleven cards"),
        "advice_knock": pgettext("advice", "Knock, discarding {card:nom}"),
        "advice_gin": pgettext("advice", "Go gin, discarding {card:nom}"),
        "advice_big_gin": pgettext("advice", "Big gin: keep all eleven cards"),
        "you_knock": _("You knock and discard {card:nom} face down."),
        "you_gin": _("You go gin and discard {card:nom} face down."),
        "you_big_gin": _("You go big gin."),
        "computer_knock": _("The computer knocks and discards {card:nom} face down."),
        "computer_gin": _("The computer goes gin and discards {card:nom} face down."),
        "computer_big_gin": _("The computer goes big gin."),
        "stat_knock_deadwood": _("Average deadwood when knocking"),
        "stat_undercuts": _("Undercuts suffered"),
        "tutor_may_knock": _("You may knock now, with deadwood {deadwood}."),
        "tutor_may_gin": _("You may go gin now."),
        "tutor_may_big_gin": _("You may go big gin now, keeping all eleven cards."),
        # the ways out in one list, least deadwood first, and one button that plays the one chosen
        "out_choice": _("Ways to go out, least deadwood left first"),
        # Translators: an entry of that list: {move} is the card discarded ("Four of clubs"),
        # or the button's label ("Knock, discarding the four of clubs") where the list has
        # several kinds of move.
        "out_option": _("{move} (deadwood left: {deadwood})"),
        **reason_words(TUTOR_REASONS, going_out=True),
    }
    if style == "gin_only":
        # nobody knocks in Straight Gin, so nobody is undercut
        del words["stat_knock_deadwood"], words["stat_undercuts"]
    if style == "going_down":
        words.update(
            {
                "act_knock": _("Go down, discarding {card:nom}"),
                "act_gin": _("Petit gin, discarding {card:nom}"),
                "act_big_gin": _("Grand gin: keep all eleven cards"),
                "advice_knock": pgettext("advice", "Go down, discarding {card:nom}"),
                "advice_gin": pgettext("advice", "Petit gin, discarding {card:nom}"),
                "advice_big_gin": pgettext("advice", "Grand gin: keep all eleven cards"),
                "you_knock": _("You go down and discard {card:nom} face down."),
                "you_gin": _("You go petit gin and discard {card:nom} face down."),
                "you_big_gin": _("You go grand gin."),
                "computer_knock": _("The computer goes down and discards {card:nom} face down."),
                "computer_gin": _("The computer goes petit gin and discards {card:nom} face down."),
                "computer_big_gin": _("The computer goes grand gin."),
                "stat_knock_deadwood": _("Average count when going down"),
                # Translators: the French rules have no word for an undercut.
                "stat_undercuts": _("Deals lost on the count after going down"),
                "tutor_may_knock": _("You may go down now, keeping a count of {deadwood}."),
                "tutor_may_gin": _("You may go petit gin now."),
                "tutor_may_big_gin": _("You may go grand gin now, keeping all eleven cards."),
                "out_choice": _("Ways to go down, lowest count left first"),
                "out_option": _("{move} (count left: {deadwood})"),
                **reason_words(TUTOR_REASONS_DOWN, going_out=True),
            }
        )
    return words


def recap_words(style: str) -> dict[str, Any]:
    """The recap of a deal's end and the prompt to discard, from the reader's seat and in
    the variant's words: "You knock with deadwood 7.", "The computer goes petit gin.",
    and why the winner scores. Keys: ``recap_<how>_<who went out>`` (the headline),
    ``why_<outcome>_<who went out>``, ``recap_layoff_<who lays off>``."""
    words: dict[str, Any] = {
        "turn_discard_knock": _("Your turn: discard a card, or knock."),
        "turn_discard_gin": _("Your turn: discard a card, or go gin."),
        "turn_discard_big_gin": _("Your turn: discard a card, or go big gin."),
        "recap_knock_you": _("You knock with deadwood {deadwood}."),
        "recap_knock_computer": _("The computer knocks with deadwood {deadwood}."),
        "recap_gin_you": _("You go gin."),
        "recap_gin_computer": _("The computer goes gin."),
        "recap_big_gin_you": _("You go big gin."),
        "recap_big_gin_computer": _("The computer goes big gin."),
        "recap_layoff_you": _(
            "You lay off {cards:nom} on the computer's melds: your deadwood falls from {before} "
            "to {after}."
        ),
        "recap_layoff_computer": _(
            "The computer lays off {cards:nom} on your melds: its deadwood falls from {before} "
            "to {after}."
        ),
        "recap_totals": _("Deadwood: you {you}, the computer {computer}."),
        "recap_dead": ngettext(
            "Nobody went out before the last {n} card of the stock, which is never drawn.",
            "Nobody went out before the last {n} cards of the stock, which are never drawn.",
            "n",
        ),
        "why_knock_you": _("Your deadwood is lower: you score the difference."),
        "why_knock_computer": _("The computer's deadwood is lower: it scores the difference."),
        "why_undercut_you": _(
            "Undercut: the computer's deadwood is not higher than yours, so the computer "
            "scores the difference and the undercut bonus."
        ),
        "why_undercut_computer": _(
            "Undercut: your deadwood is not higher than the computer's, so you score the "
            "difference and the undercut bonus."
        ),
        "why_gin_you": _("Gin: you score the computer's deadwood and the gin bonus."),
        "why_gin_computer": _("Gin: the computer scores your deadwood and the gin bonus."),
        "why_big_gin_you": _("Big gin: you score the computer's deadwood and the big gin bonus."),
        "why_big_gin_computer": _(
            "Big gin: the computer scores your deadwood and the big gin bonus."
        ),
    }
    if style == "gin_only":
        words["recap_dead"] = ngettext(
            "Nobody went gin before the last {n} card of the stock, which is never drawn.",
            "Nobody went gin before the last {n} cards of the stock, which are never drawn.",
            "n",
        )
    if style == "going_down":
        words.update(
            {
                "turn_discard_knock": _("Your turn: discard a card, or go down."),
                "turn_discard_gin": _("Your turn: discard a card, or go petit gin."),
                "turn_discard_big_gin": _("Your turn: discard a card, or go grand gin."),
                "recap_knock_you": _("You go down with a count of {deadwood}."),
                "recap_knock_computer": _("The computer goes down with a count of {deadwood}."),
                "recap_gin_you": _("You go petit gin."),
                "recap_gin_computer": _("The computer goes petit gin."),
                "recap_big_gin_you": _("You go grand gin."),
                "recap_big_gin_computer": _("The computer goes grand gin."),
                "recap_layoff_you": _(
                    "You lay off {cards:nom} on the computer's melds: your count falls from "
                    "{before} to {after}."
                ),
                "recap_layoff_computer": _(
                    "The computer lays off {cards:nom} on your melds: its count falls from "
                    "{before} to {after}."
                ),
                "recap_totals": _("Count: you {you}, the computer {computer}."),
                "recap_dead": ngettext(
                    "Nobody went down before the last {n} card of the stock, which is never drawn.",
                    "Nobody went down before the last {n} cards of the stock, which are never "
                    "drawn.",
                    "n",
                ),
                "why_knock_you": _("Your count is lower: you score the difference."),
                "why_knock_computer": _("The computer's count is lower: it scores the difference."),
                "why_undercut_you": _(
                    "The computer's count is not higher than yours: the computer scores "
                    "the difference and the opponent's bonus."
                ),
                "why_undercut_computer": _(
                    "Your count is not higher than the computer's: you score the difference "
                    "and the opponent's bonus."
                ),
                "why_gin_you": _(
                    "Petit gin: you score the computer's count and the petit gin bonus."
                ),
                "why_gin_computer": _(
                    "Petit gin: the computer scores your count and the petit gin bonus."
                ),
                "why_big_gin_you": _(
                    "Grand gin: you score the computer's count and the grand gin bonus."
                ),
                "why_big_gin_computer": _(
                    "Grand gin: the computer scores your count and the grand gin bonus."
                ),
            }
        )
    return words


def tutor_words(style: str) -> dict[str, Any]:
    """The tutor's and the chances' sentences in the variant's words, where they differ
    from the page's (:func:`play_strings`): a Gin Rami player keeps a *count*, never
    deadwood. Only the sentences its tutor can give: the reasons of a knock limit or of
    gin only (``over_limit``, ``gin_only``, ``take_keep``, ``*_race``: the engine gives
    them only where the knock limit is 0 or a number) never come under Gin Rami."""
    if style != "going_down":
        return {}
    return {
        "tutor_discards": _("Best discards (count left):"),
        "tutor_outs": ngettext(
            "Cards that would join a meld and lower your count: {cards:nom}. {n} of them is "
            "still unseen.",
            "Cards that would join a meld and lower your count: {cards:nom}. {n} of them are "
            "still unseen.",
            "n",
        ),
        "tutor_outs_after": ngettext(
            "Once you discard {card:nom}, these cards would join a meld and lower your count: "
            "{cards:nom}. {n} of them is still unseen.",
            "Once you discard {card:nom}, these cards would join a meld and lower your count: "
            "{cards:nom}. {n} of them are still unseen.",
            "n",
        ),
        "tutor_no_outs": _("No single card would join a meld and lower your count now."),
        "tutor_no_outs_after": _(
            "Once you discard {card:nom}, no single card would join a meld and lower your count."
        ),
        **reason_words(TUTOR_REASONS_DOWN, going_out=False),
    }


# The widgets' strings that only a deal log writes (the stock-end widget's, deals.py): the
# table announces its moves in its own words (you_*, computer_*), so its page goes without.
_DEAL_LOG_ONLY = frozenset(
    {"deals_intro", "stock_left", "showdown_after", "dead_deal", "deal_summary", "reshuffle"}
)


def _for_the_table(strings: dict[str, Any]) -> dict[str, Any]:
    """``strings`` without those of a deal log: its events, and its turns of a draw and a
    discard (keyed ``draw_stock+discard``), which the play page never writes."""
    return {k: v for k, v in strings.items() if k not in _DEAL_LOG_ONLY and "+" not in k}


def variant_params(name: str) -> dict[str, Any]:
    """What the script must know of a variant, from its preset, before a game is dealt
    (its words come with the first deal: :func:`variant_words`)."""
    rules = find_variant(name)
    labels = scheme_labels()
    return {
        "name": variant_name(rules),
        "schemes": [[scheme, str(labels[scheme])] for scheme in schemes(rules)],
        "upcard_limit": rules.upcard_sets_knock_limit,
        "minimum": rules.knock_min_melded,
        # the cards of the stock never drawn, where a deal may end dead
        "dead_cards": rules.dead_hand_cards,
    }


def variant_words(name: str) -> dict[str, Any]:
    """The variant's own words, which the script puts over the page's strings: its
    showdown, its going out, its recap, its tutor (nobody knocks in Straight Gin; a Gin
    Rami player goes down and keeps a count)."""
    rules = find_variant(name)
    style = going_out_style(rules)
    words = {
        **showdown_words(rules),
        **going_out_words(style),
        **recap_words(style),
        **tutor_words(style),
    }
    if "hollywood" not in schemes(rules):  # the advice that names a game of three
        words = {k: v for k, v in words.items() if not k.startswith(HOLLYWOOD_ONLY)}
    return {key: _plain(value) for key, value in _for_the_table(words).items()}


# The table's strings and every variant's words, in the language's static folder beside
# the play script, which fetches them when a game is first dealt (or the reader's pointer
# or focus comes to the table): not in the page, whose weight before any interaction has a
# budget (BENCHMARKS.md). {"strings": the table's strings, "variants": {name: its words}}.
WORDS_FILE = "ginrules-play-words.json"

# The strings the page reads before a table is dealt, which stay in the page: the engine's
# loading (goLive and askDownload in ginrules-render.mjs), the cards' names and the plural
# rule (ginrules-render.mjs), the settings (mountSettings in ginrules-settings.mjs), the
# page's notation, and what ginrules-play.mjs reads from STRINGS. The others come with the
# words file; tests/site/test_play_page.py checks that every string those scripts read
# before a deal is here.
PAGE_KEYS: Final = frozenset(
    {
        *("loading", "ask", "download", "not_now", "declined", "timeout"),
        *("loading_start", "loading_engine", "failed", "failed_file"),
        *("plural_rule", "card_names", "suit_0", "suit_1", "suit_2", "suit_3"),
        *("unknown_card", "notation", "notation_ranks", "notation_suits"),
        *("settings_title", "pace_label", "pace_slow", "pace_normal", "pace_fast"),
        *("pace_instant", "setting_four_colour", "setting_large_cards", "settings_note"),
        *("bad_link", "choice_pending", "play_failed", "resumed", "share", "took_back"),
    }
)


def table_strings(config: Config) -> dict[str, Any]:
    """Every string of the play page and its table, in the build's language (the variants'
    own words go over them); :data:`PAGE_KEYS` stay in the page, the others come with
    :data:`WORDS_FILE`."""
    return _for_the_table(
        {
            **common_strings(),
            **play_strings(),
            **notation_strings(page_notation(config.language)),
            "plural_rule": page_plural_expression(config),
            **{f"level_{k}": str(v) for k, v in level_labels().items()},
        }
    )


def write_variant_words(outdir: Path, config: Config) -> Path:
    """Write :data:`WORDS_FILE` (the table's strings that are not in the page, and every
    variant's words) in ``outdir``'s static folder, in the language of the build."""
    path = outdir / "_static" / WORDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    strings = {k: v for k, v in table_strings(config).items() if k not in PAGE_KEYS}
    words = {
        "strings": strings,
        "variants": {name: variant_words(name) for name in VARIANTS},
    }
    text = json.dumps(words, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    path.write_text(text, encoding="utf-8")
    return path


def _write_words(app: Sphinx, exception: Exception | None) -> None:
    # before the offline worker's list of files (offline.py, priority 990), which has it
    if exception is None and app.builder.format == "html":
        write_variant_words(Path(app.outdir), app.config)


def _plain(value: Any) -> Any:
    return value.forms() if isinstance(value, Plural) else str(value)


def seat_rows() -> dict[str, list[Any]]:
    """The score sheet's rows in the reader's words, by row kind: [the reader's, the
    computer's] (the sheet's other widgets say "player A" and "player B")."""
    return {
        "deal": [
            _("You score {points} ({outcome})"),
            _("The computer scores {points} ({outcome})"),
        ],
        "entered": [
            _("You score {points} ({outcome}), entered in: {games}"),
            _("The computer scores {points} ({outcome}), entered in: {games}"),
        ],
        "game_bonus": [
            _("Game bonus for you: {points}"),
            _("Game bonus for the computer: {points}"),
        ],
        "shutout": [
            _("Shutout: your deal points are doubled, {points} more"),
            _("Shutout: the computer's deal points are doubled, {points} more"),
        ],
        "line_bonus": [
            _("Line bonus for you: {deals} × {each} = {points}"),
            _("Line bonus for the computer: {deals} × {each} = {points}"),
        ],
        "manche_bonus": [
            _("Manche bonus for you: {points}"),
            _("Manche bonus for the computer: {points}"),
        ],
        "petit_gin_bonus": [
            _("Petit gin bonus for you: {gins} × {each} = {points}"),
            _("Petit gin bonus for the computer: {gins} × {each} = {points}"),
        ],
        "grand_gin_bonus": [
            _("Grand gin bonus for you: {gins} × {each} = {points}"),
            _("Grand gin bonus for the computer: {gins} × {each} = {points}"),
        ],
    }


def play_strings() -> dict[str, Any]:
    """The play page's own strings (the widgets' common strings come too)."""
    table: dict[str, Any] = {
        "You": _("You"),
        "Computer": _("Computer"),
        "seat_you": _("Player A (you)"),
        "seat_computer": _("Player B (the computer)"),
        "your_hand": _("Your hand"),
        "computer_hand": _("The computer's hand"),
        "face_down": ngettext("{n} card, face down", "{n} cards, face down", "n"),
        # Translators: the face-down pile players draw from (French: pioche, Swedish: talong).
        "Stock": _("Stock"),
        "stock_count": ngettext("{n} card", "{n} cards", "n"),
        "stock_drawable": ngettext("{n} may still be drawn", "{n} may still be drawn", "n"),
        "Discard pile": _("Discard pile"),
        # Translators: the discard pile has no card (the pile's label precedes it).
        "pile_empty": _("empty"),
        # Oklahoma's upcard, kept on show for the deal since its value sets the knock limit:
        # under the one name the rules pages, widgets and exercises give it (the upcard)
        "knock_card": _("Upcard"),
        "knock_card_limit": _("The upcard is {card:nom}: the knock limit of this deal is {limit}."),
        "knock_card_gin": _("The upcard is {card:nom}: with an ace, only gin ends this deal."),
        # Translators: beside the card the reader has just taken from the stock.
        "just_drawn": _("just drawn"),
        "just_taken": _("just taken from the pile"),
        # the reader's own order of the hand (dragged, or moved with Shift+arrow keys)
        "your_order": _("In your order"),
        "in_meld": _("in a meld"),
        "card_moved": _("Card moved: {card:nom}, now at place {place} of {n}."),
        # Translators: a card's place in the reader's hand, said after its name ("3 of 11").
        "card_place": _("{place} of {n}"),
        # what a screen reader hears when a deal starts (the dealer, the hand, the upcard follow)
        "deal_start": _("Deal {deal}."),
        # Translators: the score read aloud (key G), one game or manche of several:
        # "Game 2: you 18, the computer 5."
        "score_column": _("{name}: you {a}, the computer {b}."),
        # Translators: after the Hollywood games that have a score (key G, the recap): the
        # games nobody has scored in yet.
        "other_games_nil": _("The other games stand at 0 to 0."),
        # the card the computer took from the pile, shown face up beside its hand
        "computer_took": _("Taken by the computer"),
        # Translators: a label and its value, e.g. "Variant: Straight Gin", "Discard pile: empty".
        "fact": _("{label}: {value}"),
        "Variant": _("Variant"),
        "Scoring": scoring_label(),
        "level_label": _("The computer's level"),
        "dealer_you": _("You deal."),
        "dealer_computer": _("The computer deals."),
        "whatif": _("What-if replay: this deal is not scored."),
        # the prompts name only the moves the engine lists as legal
        "turn_offer": _("Your turn: take the upcard or pass."),
        "turn_offer_pass": _("Your turn: pass."),
        "turn_draw": _("Your turn: draw from the stock or take the pile's top card."),
        "turn_draw_stock": _("Your turn: draw from the stock."),
        "turn_draw_pile": _("Your turn: take the pile's top card."),
        "turn_discard": _("Your turn: discard a card."),
        # Translators: said as well as shown: no "below" (speech points at no place); K is
        # the key that moves to the ways out.
        "turn_discard_out": _("Your turn: discard a card, or choose a way out (key K)."),
        "turn_computer": _("The computer is playing."),
        "turn_over": _("The deal is over."),
        "turn_game_over": _("The match is over."),
        "sort_suit": _("Sort by suit"),
        "sort_rank": _("Sort by rank"),
        # Translators: a button on the first turn: refuse the upcard (a verb).
        "act_pass": _("Pass"),
        "act_take_upcard": _("Take the upcard, {card:nom}"),
        "act_take_pile": _("Take {card:nom} from the pile"),
        "act_stock": _("Draw from the stock"),
        "act_discard": _("Discard {card:nom}"),
        # Translators: the tutor's one-line advice names a move ("Advice: Discard the king of
        # spades"); the tutor speaks to the reader, so where a button's label is an
        # infinitive (German) the advice is an imperative, as the tutor's reasons are.
        "advice_pass": pgettext("advice", "Pass"),
        "advice_take_upcard": pgettext("advice", "Take the upcard, {card:nom}"),
        "advice_take_pile": pgettext("advice", "Take {card:nom} from the pile"),
        "advice_stock": pgettext("advice", "Draw from the stock"),
        "advice_discard": pgettext("advice", "Discard {card:nom}"),
        "act_next": _("Next deal"),
        "act_new": _("Start a new match"),
        "act_take_back": _("Take back"),
        # Translators: the heading of the list of both players' moves in this deal.
        "moves": _("Moves"),
        "going_out": _("Going out"),
        # the chooser of spread: going out, the reader picks how to lay down their melds
        "spread_legend": _("How to spread your melds"),
        "spread_why": _(
            "These ways of laying down your melds are worth the same to you. The suggested "
            "one fits the fewest cards the computer may hold, so it has the fewest to lay off."
        ),
        "spread_suggested": _("Suggested:"),
        "spread_fits": _("Cards you have not seen that would fit these melds: {cards:nom}."),
        "spread_fits_none": _("No card you have not seen would fit these melds."),
        "spread_known": _("Of these, the computer surely holds {cards:nom}, from the pile."),
        "spread_cancel": _("Cancel"),
        "you_pass": _("You pass."),
        "you_take": _("You take {card:nom}."),
        "you_stock": _("You draw {card:nom} from the stock."),
        "you_discard": _("You discard {card:nom}."),
        "computer_pass": _("The computer passes."),
        "computer_take": _("The computer takes {card:nom}."),
        "computer_stock": _("The computer draws from the stock."),
        "computer_discard": _("The computer discards {card:nom}."),
        "took_back": _("Taken back: {card:nom} is on the pile again."),
        "result_you": ngettext("You score {points} point.", "You score {points} points.", "points"),
        "result_computer": ngettext(
            "The computer scores {points} point.", "The computer scores {points} points.", "points"
        ),
        "result_dead": _("The deal is dead: nobody scores."),
        "hands_face_up": _("Both hands, face up"),
        "game_won": _("The match is over: you win, {you} to {computer}."),
        "game_lost": _("The match is over: the computer wins, {computer} to {you}."),
        "game_drawn": _("The match is over: a draw, {you} to {computer}."),
        "score_sheet": _("Score sheet"),
        # the score sheet's totals in the reader's words (the other widgets say player A, B)
        "final_totals": _("Final totals: you {a}, the computer {b}."),
        "totals_so_far": _("Totals so far: you {a}, the computer {b}."),
        "share": _("Link to this deal"),
        # a reload in mid-game: the table comes back as it was (kept in the tab's storage)
        "resumed": _("The match resumes where you left it."),
        "bad_link": _(
            "This link does not describe a deal that can be played here: a new deal is dealt."
        ),
        # the engine's refusals on this page, never with its internal names
        "play_error": _("The engine refused this move."),
        "play_error_internal": _("The engine failed on this move. Reload the page to try again."),
        "play_error_bad_scheme": _(
            "This scoring is not offered with this variant: choose one from the list."
        ),
        "play_error_unknown_variant": _("This variant cannot be played here."),
        "play_error_unknown_level": _("The computer has no such level."),
        "play_error_bad_seed": _("This deal number cannot be dealt."),
        "choice_pending": _(
            "The table is still your match of {variant}: “Start a new match” starts the one "
            "you have just chosen."
        ),
        "act_whatif": _("Replay this deal as a what-if"),
        "act_back": _("Back to the match"),
        "act_review": _("Review this deal"),
        "act_tutor_on": _("Tutor: show advice"),
        "act_tutor_off": _("Tutor: hide advice"),
        "tutor_title": _("Tutor: what you can see from your seat"),
        "tutor_discards": _("Best discards (deadwood left):"),
        "tutor_discard": _("{card:Nom}: {deadwood}"),
        # Translators: after the first best discards, the others that leave as little.
        "tutor_discards_more": ngettext(
            "and {count} more that leaves as little",
            "and {count} more that leave as little",
            "count",
        ),
        # Translators: the tutor's advice in one line; {move} is a move button's label.
        "tutor_advice": _("Advice: {move}"),
        "tutor_outs": ngettext(
            "Cards that would join a meld and lower your deadwood: {cards:nom}. {n} of them is "
            "still unseen.",
            "Cards that would join a meld and lower your deadwood: {cards:nom}. {n} of them are "
            "still unseen.",
            "n",
        ),
        "tutor_outs_after": ngettext(
            "Once you discard {card:nom}, these cards would join a meld and lower your deadwood: "
            "{cards:nom}. {n} of them is still unseen.",
            "Once you discard {card:nom}, these cards would join a meld and lower your deadwood: "
            "{cards:nom}. {n} of them are still unseen.",
            "n",
        ),
        "tutor_no_outs": _("No single card would join a meld and lower your deadwood now."),
        "tutor_no_outs_after": _(
            "Once you discard {card:nom}, no single card would join a meld and lower your deadwood."
        ),
        "tutor_take_or_pass": _(
            "You may go out only after drawing: first take {card:nom} or pass."
        ),
        "tutor_must_draw": _(
            "You may go out only after drawing: draw from the stock or take {card:nom} from the "
            "pile."
        ),
        "tutor_must_draw_stock": _(
            "You may go out only after drawing: draw from the stock (the pile's card may not be "
            "taken now)."
        ),
        "tutor_must_take": _(
            "You may go out only after drawing: take {card:nom} from the pile (the stock may not "
            "be drawn now)."
        ),
        "tutor_expert": _("{reason} That is what the expert computer would do."),
        **reason_words(TUTOR_REASONS, going_out=False),
        "tutor_gin_only": _(
            "You may go out only with gin: under these rules nothing else ends a deal."
        ),
        "tutor_over_limit": _(
            "You may not knock yet: your deadwood ({deadwood}) is over the limit of {limit}."
        ),
        "tutor_too_few_melded": ngettext(
            "You may not go down yet: whatever you discard, at most {melded} of your cards is "
            "in a meld, and going down needs {needed}.",
            "You may not go down yet: whatever you discard, at most {melded} of your cards are "
            "in melds, and going down needs {needed}.",
            "melded",
        ),
        "tutor_too_few_melded_none": _(
            "You may not go down yet: whatever you discard, none of your cards is in a meld, "
            "and going down needs {needed}."
        ),
        # the table of chances (ginrules.hints): every move ranked by the chance of winning
        "act_hints_on": _("Show the chances"),
        "act_hints_off": _("Hide the chances"),
        "hints_working": _("Playing each of your moves out to the end of the deal…"),
        "hints_title": _("Your moves: the expert's choice first, then by your chance of winning"),
        "hints_model_game": ngettext(
            "Each move was played out to the end of this deal in {worlds} deal drawn to "
            "match what you can see, both players then playing a quick version of the "
            "expert; the points of the deal give the chance of reaching {target} first, if "
            "later deals go either way as often and score as deals between two experts do.",
            "Each move was played out to the end of this deal in {worlds} deals drawn to "
            "match what you can see, both players then playing a quick version of the "
            "expert; the points of the deal give the chance of reaching {target} first, if "
            "later deals go either way as often and score as deals between two experts do.",
            "worlds",
        ),
        # Translators: Hollywood scoring: the chance is of game {game}, the first game still
        # open, which every deal won is entered in.
        "hints_model_games": ngettext(
            "Each move was played out to the end of this deal in {worlds} deal drawn to "
            "match what you can see, both players then playing a quick version of the "
            "expert; the points of the deal give the chance of reaching {target} first in "
            "game {game}, the first game still open, if later deals go either way as often "
            "and score as deals between two experts do.",
            "Each move was played out to the end of this deal in {worlds} deals drawn to "
            "match what you can see, both players then playing a quick version of the "
            "expert; the points of the deal give the chance of reaching {target} first in "
            "game {game}, the first game still open, if later deals go either way as often "
            "and score as deals between two experts do.",
            "worlds",
        ),
        "hints_model_deal": ngettext(
            "Each move was played out to the end of this deal in {worlds} deal drawn to "
            "match what you can see, both players then playing a quick version of the "
            "expert; the chance is that of scoring in this deal, a dead deal counting as "
            "half.",
            "Each move was played out to the end of this deal in {worlds} deals drawn to "
            "match what you can see, both players then playing a quick version of the "
            "expert; the chance is that of scoring in this deal, a dead deal counting as "
            "half.",
            "worlds",
        ),
        # Translators: the columns of the table of chances; {confidence} is "95 %" as the
        # page writes a percentage.
        "hints_move": _("Move"),
        "hints_win": _("Chance of winning ({confidence} interval)"),
        "hints_points": _("Points of this deal for you ({confidence} interval)"),
        "hints_why": _("Why"),
        # Translators: a value and its interval, "48 (41 to 55)".
        "hints_range": _("{value} ({low} to {high})"),
        "hints_expert": _("the expert's choice"),
        "hints_tie": _(
            "a tie with the expert's choice: the difference is within the sampling noise"
        ),
        "hints_ahead": _(
            "more wins than the expert's choice in these play-outs, beyond the sampling noise"
        ),
        "review_title": ngettext(
            "Review of deal {deal}: your turn {turn} of {turns}.",
            "Review of deal {deal}: your turn {turn} of {turns}.",
            "turns",
        ),
        "review_move": _("Your move then: {move}"),
        "review_previous": _("Previous turn"),
        "review_next": _("Next turn"),
        "review_close": _("Close the review"),
        "stats_title": _("Your statistics on this device"),
        "stats_for": _("{variant}, against the computer (level: {level})"),
        "stat_games": _("Matches finished"),
        "stat_wins": _("Matches won"),
        # Translators: a count in the reader's statistics: deals the reader ended with gin.
        "stat_gins": _("Gins"),
        "stat_deals": _("Deals played"),
        "stat_deals_won": _("Deals won"),
        # Translators: the points the reader scored, averaged over the deals played.
        "stat_points_per_deal": _("Points per deal"),
        # Translators: counted from the moment the tutor shows its advice, once per position.
        "stat_tutor": _("Tutor's advice followed"),
        "stat_tutor_value": _("{followed} of {shown}"),
        "stat_none": _("none yet"),
        "history_title": _("Your last matches"),
        "history_none": _("No match finished yet."),
        # Translators: one finished game; {date}: the day and month, as the browser writes them.
        "history_won": _("{variant}, {date}: won, you {you}, the computer {computer}"),
        "history_lost": _("{variant}, {date}: lost, you {you}, the computer {computer}"),
        "history_drawn": _("{variant}, {date}: a draw, you {you}, the computer {computer}"),
        # the settings (ginrules-settings.mjs), kept in this browser
        "settings_title": _("Settings on this device"),
        "pace_label": _("The computer's pace"),
        "pace_slow": _("Slow"),
        "pace_normal": _("Normal"),
        "pace_fast": _("Fast"),
        "pace_instant": _("Instant"),
        "setting_four_colour": _("Four-colour deck (diamonds blue, clubs green)"),
        "setting_large_cards": _("Larger cards"),
        "settings_note": _("Kept in this browser only, for every match."),
        "stats_reset": _("Reset these statistics"),
        "stats_reset_done": _("The statistics of this variant and level are reset."),
        "play_failed": _("The table could not be dealt: {message}"),
    }
    strings = {key: _plain(value) for key, value in table.items()}
    strings["seat_rows"] = {
        kind: [str(text) for text in texts] for kind, texts in seat_rows().items()
    }
    # the cards as sentences name them ("You take the queen of hearts.", „Nimm den
    # Kreuz-Buben“): templates by case, for theCard in ginrules-render.mjs
    strings["card_names"] = definite_table()
    return strings


def key_list() -> list[tuple[str, Any]]:
    """The keys of the table, as the page lists them."""
    return [
        ("S", _("draw from the stock")),
        ("P", _("take the upcard or the pile's top card")),
        ("X", _("pass (first turn only)")),
        (
            "1–9, 0, -",
            _(
                "the keys of the row of digits: discard the card at that place in your hand "
                "(from the left), whatever your keyboard's layout types on them"
            ),
        ),
        (
            "K",
            _(
                "choose the way out the tutor would take (else the one leaving the least "
                "deadwood) and move to its button; Enter confirms"
            ),
        ),
        # Translators: the key list: what each key does (lower case, after the key's name).
        ("N", _("next deal")),
        ("V", _("sort by rank or by suit")),
        ("U", _("take back")),
        ("T", _("show or hide the tutor's advice")),
        ("H", _("read your hand: its melds, its other cards, your deadwood")),
        ("L", _("read the table: the computer's cards, the stock, the pile, whose turn it is")),
        ("G", _("read the score")),
        ("← →", _("on a card of your hand: go to the card on the left or right")),
        (
            f"{_('Shift')} + ← →",
            _(
                "move that card one place left or right in your hand (a card can also be "
                "dragged with the mouse or a finger)"
            ),
        ),
    ]


class PlayDirective(SphinxDirective):
    """``gin-play``: the table, its choosers and its static fallback."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        node = gr_play()
        fallback = nodes.paragraph(
            "",
            str(
                _(
                    "This table needs JavaScript: it runs the rules engine in your browser "
                    "(a one-time download). Without it, the rules are on the variant pages."
                )
            ),
        )
        node += fallback
        return [node]


def _options(choices: list[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{html.escape(value)}"{" selected" if value == chosen else ""}>'
        f"{html.escape(label)}</option>"
        for value, label in choices
    )


def _select(name: str, label: str, options: str) -> str:
    base = f"gr-play-{name}"
    return (
        f'<div class="gr-field"><label for="{base}">{html.escape(label)}</label>'
        f'<select id="{base}" class="gr-input" name="{name}">{options}</select></div>'
    )


def visit_play_html(self: HTML5Translator, node: gr_play) -> None:
    lang = self.builder.config.language or "en"
    params = {name: variant_params(name) for name in VARIANTS}
    attrs = {
        "class": "gr-widget gr-play",
        "id": "gr-play",
        "data-widget": "play",
        "data-state": "static",
        "data-phase": "",
        "data-variant": "standard",
        "data-seed": "",
        "data-lang": lang,
        "aria-labelledby": "gr-play-title",
        "data-params": json.dumps(
            {"variants": params, "levels": list(LEVELS), "default_level": DEFAULT_LEVEL},
            ensure_ascii=False,
            separators=(",", ":"),
        ),
    }
    opening = " ".join(f'{k}="{html.escape(str(v))}"' for k, v in attrs.items())
    self.body.append(f"<section {opening}>\n")
    title = html.escape(str(_("The card table")))
    self.body.append(f'<h2 class="gr-widget-title" id="gr-play-title">{title}</h2>\n')
    self.body.append('<div class="gr-play-static">')


def depart_play_html(self: HTML5Translator, node: gr_play) -> None:
    params = {name: variant_params(name) for name in VARIANTS}
    docname = self.builder.current_docname
    links = "".join(
        f'<li><a href="{html.escape(self.builder.get_relative_uri(docname, page))}">'
        f"{html.escape(params[name]['name'])}</a></li>"
        for name, page in VARIANTS.items()
    )
    self.body.append(f'<ul class="gr-play-rules">{links}</ul></div>\n')
    variants = _options([(name, p["name"]) for name, p in params.items()], "standard")
    games = _options([(s, label) for s, label in params["standard"]["schemes"]], "game100")
    hints = level_hints()
    levels = _options(
        [
            (k, str(_("{level} ({hint})")).format(level=v, hint=hints[k]) if k in hints else str(v))
            for k, v in level_labels().items()
        ],
        DEFAULT_LEVEL,
    )
    deal = html.escape(str(_("Start a new match")))
    self.body.append(
        '<form class="gr-controls gr-play-setup" hidden>'
        + _select("variant", str(_("Variant")), variants)
        + _select("scheme", str(scoring_label()), games)
        + _select("level", str(_("The computer's level")), levels)
        + f'<p class="gr-buttons"><button type="submit" class="gr-button" data-action="new">'
        f"{deal}</button></p>"
        '<p class="gr-status" role="status" aria-live="polite"></p></form>\n'
    )
    self.body.append('<div class="gr-play-table" hidden></div>\n')
    # Both players' moves, announced as they are played.
    self.body.append('<p class="gr-play-announce" role="log" aria-live="polite"></p>\n')
    self.body.append('<p class="gr-share" hidden><a class="gr-share-link" href="#"></a></p>\n')
    keys = "".join(
        f"<li><kbd>{html.escape(key)}</kbd> {html.escape(str(text))}</li>"
        for key, text in key_list()
    )
    summary = html.escape(str(_("Keys")))
    note = html.escape(
        str(
            _(
                "With a screen reader: these single-letter keys reach the table only in focus "
                "mode (forms mode); in browse mode your screen reader uses them itself. Switch "
                "modes first (NVDA: Insert+Space; JAWS: Enter on a control), or use the "
                "buttons. Each move, each turn, the tutor's advice and each deal's start and "
                "end are read out as they come."
            )
        )
    )
    self.body.append(
        f'<details class="gr-play-keys" hidden><summary>{summary}</summary>'
        f'<p class="gr-play-keys-note">{note}</p><ul>{keys}</ul></details>\n'
    )
    self.body.append(
        page_strings_html(
            {
                key: value
                for key, value in table_strings(self.builder.config).items()
                if key in PAGE_KEYS
            }
        )
    )
    self.body.append("</section>\n")


class PlayLinkRole(SphinxRole):
    """``{gin-play-link}`straight```: "Play Straight Gin against the computer", a link to
    the play page with that variant chosen (``play.html#play=straight``)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        variant = self.text.strip()
        if variant not in VARIANTS:
            logger.error(
                f"{self.name}: {variant!r} is not a variant of the play page "
                f"({', '.join(VARIANTS)})",
                location=self.get_location(),
            )
            return [nodes.Text(self.text)], []
        text = str(_("Play {variant} against the computer")).format(
            variant=variant_name(find_variant(variant))
        )
        node = nodes.reference(self.rawtext, text, classes=["gr-play-link"])
        node["gr_play_variant"] = variant
        return [node], []


def _resolve_play_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The play links' addresses, relative to the page they are on."""
    for node in doctree.findall(nodes.reference):
        variant = node.get("gr_play_variant")
        if variant and app.builder.format == "html":
            node["refuri"] = f"{app.builder.get_relative_uri(docname, PLAY_DOC)}#play={variant}"


def _add_static(app: Sphinx) -> None:
    add_static(app, "ginrules-play")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.live.widgets")
    app.add_node(gr_play, html=(visit_play_html, depart_play_html))
    app.add_directive("gin-play", PlayDirective)
    app.add_role("gin-play-link", PlayLinkRole())
    app.connect("doctree-resolved", _resolve_play_links)
    app.connect("builder-inited", _add_static)
    app.connect("build-finished", _write_words)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
