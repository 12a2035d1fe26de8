"""The card notation of the page's language (``ginrules.cards.NOTATIONS``) on the site.

A reader types cards as the page writes them: the live widgets' fields are
filled in the page's notation, their help line says which letters the page reads
(and how a letter that means two things is read), and the worker parses with the
same notation (``ginrules_live``). The directive ``gin-notations`` prints the
table of every notation on the glossary page, from the engine's data.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ginrules.cards import CARDS, NOTATIONS, RANKS, SUIT_SYMBOLS, SUITS, Card, Notation, parse_hand
from ginrules.languages import LANGUAGES, SOURCE
from ginrules_site.cards_html import rank_name, suit_name
from ginrules_site.messages import _


def page_notation(language: str | None) -> Notation:
    """The notation of a page in this language (the source's for a language without one)."""
    return NOTATIONS.get(language or SOURCE, NOTATIONS[SOURCE])


def written(cards: Iterable[Card], notation: Notation) -> str:
    """Cards as the page writes them, separated by spaces."""
    return " ".join(notation.format(card) for card in cards)


def _ranks(notation: Notation) -> str:
    """``A 2–9 T/10 J Q K``, ``A 2–10 V D R``: the letters of the page, with the numbers."""
    ranks = notation.ranks
    numbers = ["2–10"] if ranks[9] == "10" else ["2–9", f"{ranks[9]}/10"]
    return " ".join([ranks[0], *numbers, *ranks[10:]])


def _suits(notation: Notation) -> str:
    symbols = " ".join(SUIT_SYMBOLS)
    if tuple(notation.suits) == tuple(SUIT_SYMBOLS):
        return symbols
    return str(_("{letters} or {symbols}")).format(
        letters=" ".join(notation.suits), symbols=symbols
    )


def _english_letters(notation: Notation) -> str:
    """The English letters that this notation also reads as English does (its own
    letters with the same meaning left out, and those that are one of its own letters for
    something else: German D is Dame, so the hint does not offer D for diamonds)."""
    own = {r.upper() for r in notation.ranks} | {s.upper() for s in notation.suits}
    ranks = [
        letter
        for rank, letter in enumerate(RANKS, start=1)
        if not letter.isdigit()
        and notation.parse(letter + SUIT_SYMBOLS[0]).rank == rank
        and letter not in own
    ]
    suits = [
        letter
        for suit, letter in enumerate(SUITS)
        if notation.parse("2" + letter).suit == suit
        and letter not in own
    ]
    return " ".join(ranks + suits)


def _clash_sentence(notation: Notation) -> list[str]:
    sentences = []
    for letter, kind, index in notation.clashes():
        card = CARDS[index * 13] if kind == "suit" else CARDS[index - 1]
        english = SUITS.index(letter) if kind == "suit" else RANKS.index(letter) + 1
        other = CARDS[english * 13] if kind == "suit" else CARDS[english - 1]
        name = suit_name if kind == "suit" else rank_name
        sentences.append(
            # Translators: a letter that English reads another way, e.g. "Here C means hearts
            # (♥), not clubs."
            str(_("Here {letter} means {here} ({symbol}), not {english}.")).format(
                letter=letter,
                here=name(card),
                symbol=SUIT_SYMBOLS[card.suit] if kind == "suit" else notation.ranks[card.rank - 1],
                english=name(other),
            )
        )
    return sentences


def notation_help(notation: Notation) -> str:
    """The help line's sentences on the letters the page reads."""
    sentences = [
        str(_("Ranks {ranks}; suits {suits}.")).format(
            ranks=_ranks(notation), suits=_suits(notation)
        )
    ]
    extra = _english_letters(notation)
    if notation.name != "en" and extra:
        sentences.append(str(_("English letters work too: {letters}.")).format(letters=extra))
    return " ".join(sentences + _clash_sentence(notation))


def notation_strings(notation: Notation) -> dict[str, str]:
    """What the widget script needs to write cards in the page's notation."""
    example = written(parse_hand("7H TS"), notation)
    unknown = _("{token} is not a card. Write a rank then a suit, for example {example}.")
    return {
        "unknown_card": str(unknown).format(token="{token}", example=example),
        "notation": notation.name,
        "notation_ranks": " ".join(notation.ranks),
        "notation_suits": " ".join(SUIT_SYMBOLS if notation.written == "symbol" else SUITS),
    }


class NotationsDirective(SphinxDirective):
    """``gin-notations``: one row per notation of the engine (one per language of
    ``ginrules.languages``, named as the language switcher names it): ranks, suits, how the
    page writes two cards, the English letters it also reads, and how it reads a
    letter that means two things."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        head = [
            _("Language of the page"),
            _("Ranks, ace to king"),
            _("Suits ♠ ♥ ♦ ♣"),
            _("Written by the page"),
            _("English letters also read"),
            _("Letters read another way"),
        ]
        examples = [Card.parse("KS"), Card.parse("TH"), Card.parse("JD")]
        rows = []
        for code, notation in NOTATIONS.items():
            rows.append(
                [
                    LANGUAGES[code].name if code in LANGUAGES else code,
                    " ".join(notation.ranks),
                    " ".join(notation.suits),
                    written(examples, notation),
                    (_english_letters(notation) if code != "en" else "") or "—",
                    " ".join(_clash_sentence(notation)) or "—",
                ]
            )
        table = nodes.table(classes=["gr-notations"])
        group = nodes.tgroup(cols=len(head))
        table += group
        for _column in head:
            group += nodes.colspec(colwidth=1)
        thead = nodes.thead()
        tbody = nodes.tbody()
        group += thead
        group += tbody
        for cells, section in (([str(h) for h in head], thead), *((r, tbody) for r in rows)):
            line = nodes.row()
            for text in cells:
                entry = nodes.entry()
                entry += nodes.paragraph(text=text)
                line += entry
            section += line
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("gin-notations", NotationsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
