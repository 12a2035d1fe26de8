"""``ginrules play``: one deal against the computer in a terminal, in every language
of :mod:`ginrules.languages` whose entry says ``terminal``.

``ginrules play [--variant V] [--seed S] [--level LEVEL] [--dealer D]
[--lang en|fr|sv|de]`` plays one deal against the computer (a level of
:data:`ginrules.players.LEVELS`, default ``good``). ``--lang`` picks the
language of every line and of the cards (``R♠`` in French, ``K♠`` in Swedish,
``KS`` in English, as the site writes them; suit symbols are read in every
language), and the move words the player may type (the English ones are read
too). The words are those of the variant: nobody knocks in Straight Gin, and
under the French rules a player goes down.

The sentences come from the package's catalog ``ginrules/locale/<lang>/
LC_MESSAGES/ginrules.po`` (compiled to ``.mo``, read with the standard
library's :mod:`gettext`). Every sentence the site also says (the engine's
reasons for refusing a move, the outcomes, "Deadwood: {total}") is written with
the site's English and has the site catalog's translation
(``locale/<lang>/LC_MESSAGES/ginrules_site.po``): ``tools/cli_catalog.py``
copies those translations into the package's catalog and compiles it, and a test
fails when the two catalogs disagree.
"""

from __future__ import annotations

import argparse
import gettext
import os
import random
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ginrules.cards import SUIT_SYMBOLS, Card, find_notation
from ginrules.cases import CASES
from ginrules.cli.base import Command, add_variant, variant, whole_number
from ginrules.coach.words import TUTOR_REASONS, TUTOR_REASONS_DOWN, Plural
from ginrules.deal import (
    Action,
    BigGin,
    Deal,
    DealResult,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Pass,
)
from ginrules.errors import CardError, GinRulesError, IllegalActionError
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.languages import SOURCE
from ginrules.match import outcome_entry
from ginrules.melds import best_arrangement, best_discards
from ginrules.players import LEVELS, get_player
from ginrules.rules import PRESETS, SCHOOLS, Rules
from ginrules.view import PlayerView

__all__ = ["COMMANDS", "LANGUAGES", "LOCALE", "Voice", "run_play"]

# The languages of the terminal game (their move words: the table's too).
LANGUAGES = tuple(code for code, language in LANGUAGE_TABLE.items() if language.terminal)
LOCALE = Path(__file__).parents[1] / "locale"
DOMAIN = "ginrules"


def translation(lang: str) -> gettext.NullTranslations:
    """The package's catalog for ``lang`` (English: the source strings). A line the catalog
    does not translate is said in English, and so is every line of a language whose catalog
    is not written yet (``tools/cli_catalog.py`` writes it)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE, languages=[lang], fallback=True)


def N_(text: str) -> str:
    """Mark a string for the catalog without translating it here."""
    return text


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural entry for the catalog without translating it here."""
    return (singular, plural)


def C_(word: str) -> str:
    """Mark a move word for the catalog (context ``command``)."""
    return word


# The engine's reasons for refusing a move, in the site's words (ginrules_site/
# examples.py, reason_messages), with the params the sentence uses.
REASONS: dict[str, str] = {
    "deal_over": N_("The deal is over."),
    "not_your_turn": N_("It is the other player's turn."),
    "offer_pending": N_("First take the upcard or pass."),
    "no_offer": N_("Passing is only for the upcard, on the first turn."),
    "must_draw": N_("Draw a card first."),
    "must_discard": N_("You have drawn: now discard."),
    "upcard_refused": N_("Both players refused the upcard: draw from the stock."),
    "stock_end": N_("The last cards of the stock are never drawn."),
    "stock_empty": N_("The stock is empty."),
    "discard_empty": N_("The discard pile is empty."),
    "not_in_hand": N_("{card:Nom} is not in the hand."),
    "just_taken": N_("{card:Nom} was just taken from the discard pile: keep it this turn."),
    "gin_only": N_("May not go out: these rules end a deal only with gin."),
    "ace_upcard": N_("May not knock: an ace upcard allows only gin."),
    "no_big_gin": N_(
        "These rules have no big gin: eleven cards never go out. Discard one card first."
    ),
    "not_all_melded": N_(
        "Eleven cards go out only when all eleven are in melds (big gin): discard first."
    ),
    "not_allowed": N_("May not go out."),
    "not_big_gin": N_("Not a big gin: not every card is in a meld."),
}
# The same, where the sentence has a number: (singular, plural, the counted param).
PLURAL_REASONS: dict[str, tuple[tuple[str, str], str]] = {
    "over_limit": (
        NP_(
            "May not knock: deadwood {deadwood} is over the limit of {limit}.",
            "May not knock: deadwood {deadwood} is over the limit of {limit}.",
        ),
        "deadwood",
    ),
    "too_few_melded": (
        NP_(
            "May not go down: {melded} card in melds, fewer than {minimum}.",
            "May not go down: {melded} cards in melds, fewer than {minimum}.",
        ),
        "melded",
    ),
    "not_gin": (
        NP_("Not gin: deadwood {deadwood} is left.", "Not gin: deadwood {deadwood} is left."),
        "deadwood",
    ),
}
ANY_REASON = N_("That move is not allowed now.")
# Under the French rules (a player goes down), gin is petit gin, big gin grand gin
# and deadwood a count, as the site's play page says.
GOING_DOWN_REASONS: dict[str, tuple[tuple[str, str], str]] = {
    "not_gin": (
        NP_(
            "Not a petit gin: a count of {deadwood} is left.",
            "Not a petit gin: a count of {deadwood} is left.",
        ),
        "deadwood",
    ),
}

# How a deal ended, by score sheet entry word, in the site's words (deals.outcome_words).
OUTCOMES = {
    "knock": N_("knock"),
    "undercut": N_("undercut"),
    "gin": N_("gin"),
    "big_gin": N_("big gin"),
    "going_down": N_("going down"),
    "petit_gin": N_("petit gin"),
    "grand_gin": N_("grand gin"),
}

# The presets' names, in the site's words (examples.variant_name).
VARIANTS = {
    "standard": N_("Standard Gin Rummy"),
    "straight": N_("Straight Gin"),
    "oklahoma": N_("Oklahoma Gin"),
    "french": N_("Gin Rami (French rules)"),
}

# The move words typed at the prompt (context "command"), by engine action name.
COMMAND_WORDS = {
    "take": C_("take"),
    "pass": C_("pass"),
    "stock": C_("stock"),
    "discard": C_("discard"),
    "knock": C_("knock"),
    "go_down": C_("go down"),
    "gin": C_("gin"),
    "big_gin": C_("big gin"),
    "help": C_("help"),
    "quit": C_("quit"),
}


# Other words each language may type for a move (besides its catalog word and
# the English ones): the forms a player writes without thinking, accents optional
# (``move_words`` of each entry of ginrules.languages).
MORE_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    code: dict(language.move_words) for code, language in LANGUAGE_TABLE.items()
}

# The computer's levels, in the site's words (play.level_labels); random: the CLI's.
LEVEL_NAMES = {
    "random": N_("Random"),
    "beginner": N_("Beginner"),
    "good": N_("Good"),
    "camper": N_("Gin camper"),
    "expert": N_("Expert"),
}


# The table of chances (typed '?'): the play page's words (ginrules_site/live/play.py), so
# that the site's catalog translates them (tools/cli_catalog.py).
HINT_WORDS: dict[str, str] = {
    "act_hints_on": N_("Show the chances"),
    "hints_title": N_("Your moves: the expert's choice first, then by your chance of winning"),
    "hints_range": N_("{value} ({low} to {high})"),
    "hints_expert": N_("the expert's choice"),
    "hints_tie": N_("a tie with the expert's choice: the difference is within the sampling noise"),
    "hints_ahead": N_(
        "more wins than the expert's choice in these play-outs, beyond the sampling noise"
    ),
    "act_pass": N_("Pass"),
    "act_stock": N_("Draw from the stock"),
    "act_discard": N_("Discard {card:nom}"),
    "act_take_upcard": N_("Take the upcard, {card:nom}"),
    "act_take_pile": N_("Take {card:nom} from the pile"),
}
HINT_MODEL = NP_(
    "Each move was played out to the end of this deal in {worlds} deal "
    "drawn to match what you can see, both players then playing a quick "
    "version of the expert; the chance is that of scoring in this deal, a "
    "dead deal counting as half.",
    "Each move was played out to the end of this deal in {worlds} deals "
    "drawn to match what you can see, both players then playing a quick "
    "version of the expert; the chance is that of scoring in this deal, a "
    "dead deal counting as half.",
)
HINT_GOING_OUT: dict[str, tuple[str, str]] = {
    "knock": (N_("Knock, discarding {card:nom}"), N_("Go down, discarding {card:nom}")),
    "gin": (N_("Go gin, discarding {card:nom}"), N_("Petit gin, discarding {card:nom}")),
    "big_gin": (N_("Big gin: keep all eleven cards"), N_("Grand gin: keep all eleven cards")),
}


def fold(text: str) -> str:
    """Typed words as the move table compares them: case folded (German ``ß`` is ``ss``,
    as ``GROSSES`` writes it), no accents, ``_`` and ``-`` as spaces, one space between words.

    >>> fold("  Défausse-TOI ")
    'defausse toi'
    >>> fold("großes Gin") == fold("GROSSES GIN")
    True
    """
    plain = unicodedata.normalize("NFKD", text.casefold().replace("_", " ").replace("-", " "))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def _said(text: str, english: str, fields: dict[str, Any]) -> str:
    """A sentence with its fields filled, in English where the translation's fields are
    not the English's (``{texto}`` for ``{text}``, an unknown case): the catalog checks
    refuse such a translation and ``tools/cli_catalog.py`` keeps it out of the compiled
    catalog, but a game never stops on one."""
    try:
        return CASES.format(text, **fields)
    except (KeyError, IndexError, ValueError):
        return CASES.format(english, **fields)


class Voice:
    """The terminal's language: its sentences, its cards and its move words."""

    def __init__(self, lang: str, rules: Rules) -> None:
        self.lang = lang
        self.rules = rules
        self.catalog = translation(lang)
        self.notation = find_notation(lang)
        self.words = {
            name: self.catalog.pgettext("command", word) for name, word in COMMAND_WORDS.items()
        }
        # every phrase this language reads, folded: its words, the English ones, the others
        self.moves: dict[str, str] = {}
        for table in (MORE_WORDS[SOURCE], MORE_WORDS.get(lang, {})):
            for name, more in table.items():
                self.moves.update((fold(w), name) for w in more)
        self.moves.update((fold(w), name) for name, w in COMMAND_WORDS.items())
        self.moves.update((fold(w), name) for name, w in self.words.items())

    def __call__(self, message: str, /, **fields: Any) -> str:
        return _said(self.catalog.gettext(message), message, fields)

    def plural(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        english = singular if n == 1 else plural
        return _said(self.catalog.ngettext(singular, plural, n), english, fields)

    # cards -------------------------------------------------------------------------

    def card(self, card: Card) -> str:
        """A card as this language writes it, with its suit symbol: ``10♥``, ``R♠``: a label,
        with no article, which a template's case (``{card:acc}``, :mod:`ginrules.cases`)
        leaves as it is (German „Nimm B♥“ where the site says „Nimm den Herz-Buben“)."""
        if self.lang == "en":
            return ("10" if card.rank == 10 else card.rank_char) + SUIT_SYMBOLS[card.suit]
        return self.notation.format(card)

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def melds(self, melds: Sequence[Any]) -> str:
        return "  ".join("[" + self.cards(m.cards) + "]" for m in melds)

    # the variant's words -----------------------------------------------------------

    @property
    def knocks(self) -> bool:
        """Do these rules have a knock (no: gin only)?"""
        return not self.rules.gin_only

    @property
    def goes_down(self) -> bool:
        """Do these rules go down by melded cards (the French rules)?"""
        return bool(self.rules.knock_min_melded)

    def reason(self, error: GinRulesError, melded: int = 0) -> str:
        """The engine's refusal in this language (``melded``: the cards in melds of
        the hand that tried to go out)."""
        params = {
            k: self.card(Card.parse(v)) if k == "card" and isinstance(v, str) else v
            for k, v in error.params.items()
        }
        params.setdefault("minimum", self.rules.knock_min_melded)
        params.setdefault("melded", melded)
        code = getattr(error, "reason", error.code)
        if self.goes_down and code in GOING_DOWN_REASONS:
            (one, many), count = GOING_DOWN_REASONS[code]
            return self.plural(one, many, int(params.get(count, 0)), **params)
        if code in REASONS:
            return self(REASONS[code], **params)
        if code in PLURAL_REASONS:
            (one, many), count = PLURAL_REASONS[code]
            return self.plural(one, many, int(params.get(count, 0)), **params)
        return self(ANY_REASON)


# What ``ginrules play --help`` says, in the game's language (argparse's own words too).
HELP_WORDS: dict[str, str] = {
    "description": N_(
        "play a deal against the computer in the terminal (type 'help' at the prompt)"
    ),
    "usage": N_("usage:"),
    "options": N_("options"),
    "examples": N_("examples:"),
    "help": N_("show this help message and exit"),
    "variant": N_(
        "the rules: {names} or an alias of one (an unknown name lists them all; default standard)"
    ),
    "seed": N_("seed of the deal (default: random)"),
    "dealer": N_("who deals (the other player is offered the upcard first; default computer)"),
    "level": N_("the computer's level (default good)"),
    "lang": N_("the language of the game, its cards and its move words (default en)"),
}
HELP_LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the help finds the reader's language without ``--lang``, in gettext's order."""


def help_language(argv: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """The language of ``ginrules play --help``: that of ``--lang`` on the command line
    (wherever it stands, ``--help`` may come first), else the first of the environment's
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them) that the
    game has, else English. The game itself plays in ``--lang``'s language (default en).

    >>> help_language(["play", "--help", "--lang", "SV"]), help_language(["play", "--lang=de"])
    ('sv', 'de')
    >>> help_language(["play"], {"LANG": "fr_FR.UTF-8"}), help_language(["play"], {"LANG": "C"})
    ('fr', 'en')
    """
    for i, arg in enumerate(argv):
        value = arg[len("--lang=") :] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value is not None and value.lower() in LANGUAGES:
            return value.lower()
    env = os.environ if environ is None else environ
    for name in HELP_LANGUAGE_VARIABLES:
        if env.get(name):  # the first one set, as gettext reads them
            for wanted in env[name].split(":"):
                code = wanted.split("_")[0].split(".")[0].lower()
                if code in LANGUAGES:
                    return code
            break
    return SOURCE


class _UsageFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's layout with its "usage: " in the game's language."""

    prefix = "usage: "

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.prefix if prefix is None else prefix)


def _translate_help(parser: argparse.ArgumentParser, lang: str) -> None:
    """The help of ``play`` in ``lang`` (a line the catalog lacks stays English)."""
    catalog = translation(lang)

    def word(key: str, **fields: Any) -> str:
        english = HELP_WORDS[key]
        return _said(catalog.gettext(english), english, fields)

    names = ", ".join([*PRESETS, *SCHOOLS])
    for action in parser._actions:
        if action.dest in HELP_WORDS:  # argparse %-formats an option's help
            action.help = word(action.dest, names=names).replace("%", "%%")
    parser.description = word("description")
    if parser.epilog and parser.epilog.startswith("examples:"):
        parser.epilog = word("examples") + parser.epilog[len("examples:") :]
    # argparse writes a colon after the heading: French sets a narrow space before it
    space = "\u202f" if ":" in LANGUAGE_TABLE[lang].space_before else ""
    parser._optionals.title = word("options") + space
    prefix = word("usage") + " "

    class Formatter(_UsageFormatter):
        pass

    Formatter.prefix = prefix
    parser.formatter_class = Formatter


def _configure_play(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument(
        "--seed", type=whole_number, default=None, help="seed of the deal (default: random)"
    )
    parser.add_argument(
        "--dealer",
        choices=("computer", "you"),
        type=str.lower,
        default="computer",
        help="who deals (the other player is offered the upcard first; default computer)",
    )
    parser.add_argument(
        "--level",
        choices=tuple(LEVELS),
        type=str.lower,
        default="good",
        help="the computer's level (default good)",
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        type=str.lower,
        default="en",
        help="the language of the game, its cards and its move words (default en)",
    )
    _translate_help(parser, help_language(getattr(parser, "argv", ())))


# --------------------------------------------------------------------------- the lines


def _help(say: Voice) -> str:
    w = say.words
    seven = say.card(Card.parse("7H"))
    notation = say.notation
    king = notation.ranks[12] + (notation.suits[0] if notation.suits[0].isalpha() else "S")
    examples = ", ".join(dict.fromkeys([seven, say.card(Card.parse("KS")), king]))
    rows = [
        (w["take"], say("take the upcard or the top of the discard pile")),
        (w["pass"], say("refuse the upcard (first turn only)")),
        (w["stock"], say("draw from the stock")),
        (
            seven,
            say("discard {card:nom} (also: {discard} {card})", card=seven, discard=w["discard"]),
        ),
    ]
    if say.goes_down:
        rows.append((f"{w['go_down']} {seven}", say("discard {card:nom} and go down", card=seven)))
    elif say.knocks:
        rows.append((f"{w['knock']} {seven}", say("discard {card:nom} and knock", card=seven)))
    if say.goes_down:
        rows.append((f"{w['gin']} {seven}", say("discard {card:nom} and go petit gin", card=seven)))
    else:
        rows.append((f"{w['gin']} {seven}", say("discard {card:nom} and go gin", card=seven)))
    if say.rules.big_gin:
        rows.append((w["big_gin"], say("go out with all eleven cards in melds, no discard")))
    rows.append(("?", say(HINT_WORDS["act_hints_on"])))
    rows.append((w["help"], say("this list")))
    rows.append((w["quit"], say("leave the game")))
    lines = [say("Moves (cards as {examples}):", examples=examples)]
    width = max(len(r[0]) for r in rows) + 2
    lines += [f"  {command.ljust(width)}{text}" for command, text in rows]
    return "\n".join(lines)


def _hand_lines(say: Voice, deal: Deal, player: int) -> list[str]:
    hand = sorted(deal.hands[player])
    rules = deal.rules
    lines = [say("Your hand: {cards}", cards=say.cards(hand))]
    if len(hand) == 11:
        best = best_discards(hand, rules)[0]
        if best.discard is None:
            lines.append(say("All eleven cards are in melds."))
        else:
            after = (
                N_("Count after discarding {card:nom}: {deadwood}")
                if say.goes_down
                else N_("Deadwood after discarding {card:nom}: {deadwood}")
            )
            card = say.card(best.discard)
            lines.append(say(after, card=card, deadwood=best.arrangement.deadwood))
        arrangement = best.arrangement
    else:
        arrangement = best_arrangement(hand, rules)
        total = N_("Count: {total}") if say.goes_down else N_("Deadwood: {total}")
        lines.append(say(total, total=arrangement.deadwood))
    if arrangement.melds:
        lines.append(say("Melds: {melds}", melds=say.melds(arrangement.melds)))
    return lines


def _prompt(say: Voice, deal: Deal) -> str:
    if deal.phase == "offer":
        return say("Take the upcard {card:nom} or pass? ", card=say.card(deal.discard_pile[-1]))
    if deal.phase == "draw":
        if DrawDiscard() in deal.legal_actions():
            top = say.card(deal.discard_pile[-1])
            return say("Draw from the stock, or take {card:nom}? ", card=top)
        return say("Draw from the stock: ")
    if say.goes_down:
        return say("Discard (or go down / petit gin): ")
    if say.knocks:
        return say("Discard (or knock / gin): ")
    return say("Discard (or go gin): ")


# Going out, said by the player who goes out and of the computer, in the standard words
# and in Gin Rami's (going down, petit and grand gin).
GOING_OUT_SAID: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "knock": (
        (
            N_("You knock, discarding {card:nom}."),
            N_("The computer knocks, discarding {card:nom}."),
        ),
        (
            N_("You go down, discarding {card:nom}."),
            N_("The computer goes down, discarding {card:nom}."),
        ),
    ),
    "gin": (
        (
            N_("You go gin, discarding {card:nom}."),
            N_("The computer goes gin, discarding {card:nom}."),
        ),
        (
            N_("You go petit gin, discarding {card:nom}."),
            N_("The computer goes petit gin, discarding {card:nom}."),
        ),
    ),
    "big_gin": (
        (N_("You go big gin."), N_("The computer goes big gin.")),
        (N_("You go grand gin."), N_("The computer goes grand gin.")),
    ),
}


def _describe(say: Voice, action: Action, deal: Deal, you: bool) -> str:
    """One sentence on an action just played (``you``: the human player)."""
    entry: dict[str, Any] = next((e for e in reversed(deal.log) if "type" in e), {})
    card = say.card(Card.parse(entry["card"])) if entry.get("card") else ""
    if isinstance(action, Pass):
        return say("You pass.") if you else say("The computer passes.")
    if isinstance(action, DrawStock):
        return say("You draw from the stock.") if you else say("The computer draws from the stock.")
    if isinstance(action, DrawDiscard):
        return (
            say("You take {card:nom}.", card=card)
            if you
            else say("The computer takes {card:nom}.", card=card)
        )
    if isinstance(action, Discard):
        if you:
            return say("You discard {card:nom}.", card=card)
        return say("The computer discards {card:nom}.", card=card)
    kind = "knock" if isinstance(action, Knock) else "gin" if isinstance(action, Gin) else "big_gin"
    said = GOING_OUT_SAID[kind][1 if say.goes_down else 0]
    return say(said[0] if you else said[1], card=card)


def _result_lines(say: Voice, deal: Deal, result: DealResult, you: int) -> list[str]:
    lines = [
        say("Your hand: {cards}", cards=say.cards(sorted(deal.hands[you]))),
        say("Computer's hand: {cards}", cards=say.cards(sorted(deal.hands[1 - you]))),
    ]
    if result.winner is None:
        lines.append(say("Dead deal: nobody scores") + ".")
        return lines
    shown = result.showdown
    if shown is not None:
        # the French rules count the cards left: a count, the opponent's
        spread = (
            N_("Spread: {melds}; count {deadwood}")
            if say.goes_down
            else N_("Spread: {melds}; deadwood {deadwood}")
        )
        melds = say.melds(shown.spread.melds)
        lines.append(say(spread, melds=melds, deadwood=shown.knocker_deadwood))
        if shown.layoffs:
            laid = say.cards([lay.card for lay in shown.layoffs])
            lines.append(say("Laid off: {cards}", cards=laid))
        other = (
            N_("Opponent's count: {deadwood}")
            if say.goes_down
            else N_("Defender's deadwood: {deadwood}")
        )
        lines.append(say(other, deadwood=shown.defender_deadwood))
    outcome = say(OUTCOMES[outcome_entry(deal.rules, result.outcome)])
    outcome = outcome[:1].upper() + outcome[1:]
    if result.winner == you:
        lines.append(say("{outcome}. You score {points}.", outcome=outcome, points=result.points))
    else:
        lines.append(
            say("{outcome}. The computer scores {points}.", outcome=outcome, points=result.points)
        )
    return lines


# --------------------------------------------------------------------------- reading moves


def _hint_lines(say: Voice, deal: Deal, you: int, seed: int) -> list[str]:
    """The table of chances (:func:`ginrules.hints.hints`) for the reader's position, in
    the play page's words: each move with its chance of winning (this deal: a dead deal
    counts as half) and its points, with their 95 % intervals, the marks and the reason."""
    from ginrules.coach.hints import hints

    view = PlayerView.of(deal, seat=you)
    table = hints(view, seed)
    language = LANGUAGE_TABLE[say.lang]

    def number(value: float, sign: bool = False) -> str:
        if not sign:
            return language.percent.format(round(value * 100))
        text = f"{value:+.1f}" if round(value, 1) else f"{value:.1f}"
        return text.replace(".", language.decimal_point)

    def card(code: str) -> str:
        return say.card(Card.parse(code))

    lines = [
        say(HINT_WORDS["hints_title"]),
        say.plural(*HINT_MODEL, table["worlds"], worlds=table["worlds"]),
    ]
    top = view.discard_pile[-1].code if view.discard_pile else "7H"
    ranges = HINT_WORDS["hints_range"]
    for rank, row in enumerate(table["rows"], 1):
        action = row["action"]
        code = row.get("card", top)
        if action in HINT_GOING_OUT:
            move = say(HINT_GOING_OUT[action][say.goes_down], card=card(code))
        elif action == "take":
            key = "act_take_upcard" if view.phase == "offer" else "act_take_pile"
            move = say(HINT_WORDS[key], card=card(top))
        else:
            move = say(HINT_WORDS[f"act_{action}"], card=card(code))
        marks = [say(HINT_WORDS[f"hints_{k}"]) for k in ("expert", "tie", "ahead") if row[k]]
        low, high = row["win_low"], row["win_high"]
        win = say(ranges, value=number(row["win"]), low=number(low), high=number(high))
        low, high = row["points_low"], row["points_high"]
        points = say(
            ranges,
            value=number(row["points"], True),
            low=number(low, True),
            high=number(high, True),
        )
        params = dict(row["params"])
        for name in ("card", "avoided", "replaces", "discard", "near"):
            if params.get(name):
                params[name] = card(params[name])
        if params.get("with"):
            params["first"], params["second"] = (card(c) for c in params["with"])
        down = say.goes_down and row["reason"] in TUTOR_REASONS_DOWN
        text = TUTOR_REASONS_DOWN[row["reason"]] if down else TUTOR_REASONS[row["reason"]]
        if isinstance(text, Plural):
            reason = say.plural(text.singular, text.plural, params[text.field], **params)
        else:
            reason = say(text, **params)
        mark = f" ({', '.join(marks)})" if marks else ""
        colon, semicolon = (("\u202f" if m in language.space_before else "") + m for m in ":;")
        lines.append(f"  {rank}. {move}{mark}{colon} {win}{semicolon} {points}")
        lines.append(f"     {reason}")
    return lines


def _read(say: Voice, text: str) -> Action | str:
    """The move typed (in this language's words or English, cards in its notation),
    or the command ``help`` / ``quit``.

    :raises IllegalActionError: (reason ``unknown_action``) for no move, or a
        move word that needs a card and has none (``needs_card``).
    :raises CardError: for a card that cannot be read.
    """
    words = text.strip().lower().replace("_", " ").replace("-", " ").split()
    folded = fold(text)
    for phrase in sorted(say.moves, key=len, reverse=True):
        if folded == phrase or folded.startswith(phrase + " "):
            name = say.moves[phrase]
            # the card keeps its own characters: count the words of the phrase
            rest = words[len(phrase.split()) :]
            break
    else:
        name, rest = ("discard", words) if len(words) == 1 else ("", [])
    plain: dict[str, Action] = {
        "take": DrawDiscard(),
        "pass": Pass(),
        "stock": DrawStock(),
        "big_gin": BigGin(),
    }
    if name in ("help", "quit") and not rest:
        return name
    if name in plain and not rest:
        return plain[name]
    with_card: dict[str, type[Discard] | type[Knock] | type[Gin]] = {
        "discard": Discard,
        "knock": Knock,
        "go_down": Knock,
        "gin": Gin,
    }
    if name in with_card:
        if not rest:
            raise IllegalActionError("needs_card", "needs a card", word=say.words[name])
        if len(rest) == 1:
            return with_card[name](say.notation.parse(rest[0]))
    raise IllegalActionError("unknown_action", f"not an action: {text!r}", action=text)


def _spread(say: Voice, deal: Deal, move: Knock | Gin | BigGin, inp: TextIO, out: TextIO) -> Action:
    """Going out where spreads of least deadwood differ in the cards they fit: list
    them (the suggestion first, :meth:`PlayerView.spread_options`, from the player's
    view) and read a number; Enter, or anything else, takes the suggestion."""
    card = None if isinstance(move, BigGin) else move.card
    options = PlayerView.of(deal).spread_options(card)
    if len({o.fits for o in options}) < 2:
        return move

    def line(text: str) -> None:
        out.write(text + "\n")

    line(say("How to spread your melds"))
    line(
        say(
            "These ways of laying down your melds are worth the same to you. The suggested "
            "one fits the fewest cards the computer may hold, so it has the fewest to lay off."
        )
    )
    for number, option in enumerate(options, 1):
        fits = (
            say(
                "Cards you have not seen that would fit these melds: {cards:nom}.",
                cards=say.cards(option.fits),
            )
            if option.fits
            else say("No card you have not seen would fit these melds.")
        )
        mark = say("Suggested:") + " " if number == 1 else ""
        line(f"{number}. {say.melds(option.spread.melds)}  {mark}{fits}")
    out.write(f"1-{len(options)} [1]: ")
    out.flush()
    typed = inp.readline().strip()
    index = int(typed) - 1 if typed.isdigit() and 1 <= int(typed) <= len(options) else 0
    melds = tuple(m.cards for m in options[index].spread.melds)
    return BigGin(melds) if isinstance(move, BigGin) else type(move)(move.card, melds)


def _melded(deal: Deal, move: Action) -> int:
    """The cards in melds of the hand kept by a knock or gin (for its refusal)."""
    card = getattr(move, "card", None)
    if deal.phase != "discard" or not isinstance(card, Card) or card not in deal.hands[0]:
        return 0
    return deal.check_going_out(card).melded


def run_play(
    args: argparse.Namespace,
    stdout: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """The ``play`` command: you are player 0, the computer player 1.

    :raises UnknownVariantError: for an unknown ``--variant``.
    """
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    rules = variant(args)
    say = Voice(getattr(args, "lang", "en"), rules)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    you, computer = 0, 1
    dealer = computer if args.dealer == "computer" else you
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    bot = get_player(args.level, seed)

    def line(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    dealt = say("The computer deals.") if dealer == computer else say("You deal.")
    name = say(VARIANTS[rules.name]) if rules.name in VARIANTS else rules.name
    line(say("{variant}, deal number {seed}.", variant=name, seed=seed) + " " + dealt)
    line(say("Computer's level: {level}.", level=say(LEVEL_NAMES.get(args.level, args.level))))
    line(
        say("Upcard: {card}.", card=say.card(deal.upcard))
        + " "
        + say("Type '{help}' for the moves.", help=say.words["help"])
    )
    while not deal.over:
        if deal.current == computer:
            action = bot.choose(PlayerView.of(deal))
            deal.apply(action)
            line(_describe(say, action, deal, you=False))
            continue
        line()
        top = say.card(deal.discard_pile[-1]) if deal.discard_pile else say("empty")
        count = len(deal.stock)
        line(
            say.plural("Stock: {count} card.", "Stock: {count} cards.", count, count=count)
            + " "
            + say("Discard pile: {card}", card=top)
        )
        for text in _hand_lines(say, deal, you):
            line(text)
        while True:
            out.write(_prompt(say, deal))
            out.flush()
            try:
                typed = inp.readline()
            except KeyboardInterrupt:
                # Ctrl-C at the prompt: say so in the game's language; the command
                # line then ends with status 130
                line()
                line(say("Game left."))
                raise
            if not typed:
                line()
                line(say("Game left."))
                return 1
            text = typed.strip()
            if text == "?":
                for hint in _hint_lines(say, deal, you, seed):
                    line(hint)
                continue
            try:
                move = _read(say, text)
            except CardError:
                line(
                    say(
                        "'{text}' is neither a move nor a card; type '{help}' for the moves.",
                        text=text,
                        help=say.words["help"],
                    )
                )
                continue
            except IllegalActionError as error:
                if error.reason == "needs_card":
                    example = say.card(Card.parse("7H"))
                    line(say("{word} needs a card: {word} {card}", card=example, **error.params))
                else:
                    line(say("Type '{help}' for the moves.", help=say.words["help"]))
                continue
            if move == "help":
                line(_help(say))
                continue
            if move == "quit":
                line(say("Game left."))
                return 0
            assert not isinstance(move, str)
            if isinstance(move, Knock | Gin | BigGin) and move in deal.legal_actions():
                move = _spread(say, deal, move, inp, out)
            try:
                deal.apply(move, player=you)
            except GinRulesError as error:
                line(say("Not possible: {reason}", reason=say.reason(error, _melded(deal, move))))
                continue
            line(_describe(say, move, deal, you=True))
            break
    assert deal.result is not None
    line()
    for text in _result_lines(say, deal, deal.result, you):
        line(text)
    return 0


COMMANDS: list[Command] = [
    Command(
        "play",
        "play a deal against the computer in the terminal (type 'help' at the prompt)",
        _configure_play,
        run_play,
        ("ginrules play --seed 7", "ginrules play --lang fr --variant french --level beginner"),
    ),
]
"""The sub-command :func:`ginrules.cli.main` adds from this module."""
