"""Cards drawn in HTML and CSS, with a plain-text form for every other builder.

Markup (the live widgets render the very same classes from JavaScript)::

    <span class="gr-card gr-suit-h" role="img" aria-label="roi de cœur" data-card="KH">
      <span class="gr-rank" aria-hidden="true">R</span>
      <span class="gr-suit" aria-hidden="true">♥︎</span>
    </span>

- ``gr-suit-s``, ``gr-suit-h``, ``gr-suit-d``, ``gr-suit-c`` give the colour: red
  and black, or four colours (diamonds blue, clubs green) inside any element with
  the class ``gr-four-colour`` (for example ``<html class="gr-four-colour">``;
  ``gr-cards.js`` offers the toggle and remembers it in ``localStorage``).
- ``gr-dead`` on a card marks deadwood (dashed outline), ``gr-laid-off`` a card
  laid off by the defender (dotted outline). Colour never carries meaning alone:
  every group of cards has a text label.
- The suit symbol is followed by U+FE0E (text presentation, never an emoji).
- ``aria-label`` is the spoken name in the page's language; ``data-card`` is the
  engine's notation.

A group of cards (a meld, the deadwood, a lay-off)::

    <span class="gr-group gr-meld gr-run" role="group" aria-label="Suite">
      <span class="gr-group-label">Suite</span>
      <span class="gr-cards"> …cards… </span>
    </span>

Group kinds: ``gr-meld gr-run``, ``gr-meld gr-set``, ``gr-deadwood``,
``gr-layoff``, ``gr-upcard``, ``gr-discard``. Groups sit in a row,
``<div class="gr-cardrow">``, and rows in an example,
``<div class="gr-example gr-<directive>" data-variant="standard">``.

A sentence names a card with its article and in the case its slot needs
(:func:`definite_card_name`, :mod:`ginrules.cases`: German „Nimm den Kreuz-Buben“);
a label or a list names it bare (:func:`card_name`).

Rank letters and spoken names come from the ``ginrules_site`` catalog: English
A, J, Q, K and "ten of spades"; French A, V, D, R and « dix de pique »; Swedish
E, Kn, D, K and "spader tio" (the letters of Swedish bridge notation, where the
ace is *ess*). The template ``{rank} of {suit}`` lets each language choose the
order of the words.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator

from ginrules.cards import Card
from ginrules.cases import CASE_NAMES, CardName
from ginrules.languages import LANGUAGES, SOURCE
from ginrules_site.messages import _, page_language, pgettext

STATIC_DIR = Path(__file__).parent / "static"
VS15 = "\ufe0e"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_CLASSES = ("gr-suit-s", "gr-suit-h", "gr-suit-d", "gr-suit-c")
LATEX_SUITS = (r"\spadesuit", r"\heartsuit", r"\diamondsuit", r"\clubsuit")


def rank_letter(card: Card) -> str:
    """The rank index printed on the card, in the page's language (``10``, ``R``, ``Kn``):
    the letters of the language's entry in ``ginrules/languages.py``, the one place that
    defines them (the card codes of the text and the command line read them too)."""
    if 2 <= card.rank <= 10:
        return str(card.rank)
    return rank_letters(page_language())[card.rank]


def rank_letters(code: str) -> dict[int, str]:
    """The letters of the ace and the court cards (ranks 1, 11, 12, 13) in ``code``'s
    entry, English's for a code without one."""
    entry = LANGUAGES.get(code) or LANGUAGES[SOURCE]
    return {1: entry.ranks[0], 11: entry.ranks[10], 12: entry.ranks[11], 13: entry.ranks[12]}


def rank_name(card: Card) -> str:
    names = (
        # Translators: the ranks, ace to king, as they fill {rank} in "{rank} of {suit}" (a card's
        # spoken name).
        _("ace"),
        _("two"),
        _("three"),
        _("four"),
        _("five"),
        _("six"),
        _("seven"),
        _("eight"),
        _("nine"),
        _("ten"),
        _("jack"),
        _("queen"),
        _("king"),
    )
    return str(names[card.rank - 1])


def suit_name(card: Card) -> str:
    # Translators: the suits as they fill {suit} in "{rank} of {suit}" (French: pique, Swedish:
    # spader).
    names = (_("spades"), _("hearts"), _("diamonds"), _("clubs"))
    return str(names[card.suit])


def card_name(card: Card) -> str:
    """The spoken name: "ten of spades", « dix de pique », "spader tio"."""
    # Translators: the spoken name of a card, e.g. "ten of spades"; reorder freely.
    return str(_("{rank} of {suit}")).format(rank=rank_name(card), suit=suit_name(card))


def definite_templates() -> dict[str, tuple[str, ...]]:
    """The 13 templates of a card named in a sentence, ace to king, by case
    (:data:`ginrules.cases.CASE_NAMES`): "the ace of {suit}" in English, « l’as de {suit} »,
    "{suit} ess"; German „das {suit}-Ass“, accusative „den {suit}-Buben“. A language
    without cases translates every case as its nominative."""
    # Translators: a card named in a sentence ("You discard the ace of hearts."), with the
    # article your language needs (French: « l’as de {suit} »; Swedish: "{suit} ess"). This
    # is the nominative (the subject: "{card} joins a meld"); the same names follow with the
    # contexts accusative, dative and genitive, for templates that write {card:acc},
    # {card:dat} or {card:gen} (German „den {suit}-Buben“, „dem {suit}-Buben“).
    nominative = (
        _("the ace of {suit}"),
        _("the two of {suit}"),
        _("the three of {suit}"),
        _("the four of {suit}"),
        _("the five of {suit}"),
        _("the six of {suit}"),
        _("the seven of {suit}"),
        _("the eight of {suit}"),
        _("the nine of {suit}"),
        _("the ten of {suit}"),
        _("the jack of {suit}"),
        _("the queen of {suit}"),
        _("the king of {suit}"),
    )
    # Translators: a card as the object of a verb ("Take {card:acc}"): German „den {suit}-Buben“;
    # a language without cases writes its nominative (the entry without context).
    accusative = (
        pgettext("accusative", "the ace of {suit}"),
        pgettext("accusative", "the two of {suit}"),
        pgettext("accusative", "the three of {suit}"),
        pgettext("accusative", "the four of {suit}"),
        pgettext("accusative", "the five of {suit}"),
        pgettext("accusative", "the six of {suit}"),
        pgettext("accusative", "the seven of {suit}"),
        pgettext("accusative", "the eight of {suit}"),
        pgettext("accusative", "the nine of {suit}"),
        pgettext("accusative", "the ten of {suit}"),
        pgettext("accusative", "the jack of {suit}"),
        pgettext("accusative", "the queen of {suit}"),
        pgettext("accusative", "the king of {suit}"),
    )
    # Translators: a card after a preposition that takes the dative ("with {first:dat}"):
    # German „dem {suit}-Buben“; a language without cases writes its nominative.
    dative = (
        pgettext("dative", "the ace of {suit}"),
        pgettext("dative", "the two of {suit}"),
        pgettext("dative", "the three of {suit}"),
        pgettext("dative", "the four of {suit}"),
        pgettext("dative", "the five of {suit}"),
        pgettext("dative", "the six of {suit}"),
        pgettext("dative", "the seven of {suit}"),
        pgettext("dative", "the eight of {suit}"),
        pgettext("dative", "the nine of {suit}"),
        pgettext("dative", "the ten of {suit}"),
        pgettext("dative", "the jack of {suit}"),
        pgettext("dative", "the queen of {suit}"),
        pgettext("dative", "the king of {suit}"),
    )
    # Translators: a card in the genitive ("instead of {avoided:gen}"): German
    # „des {suit}-Buben“; a language without cases writes its nominative.
    genitive = (
        pgettext("genitive", "the ace of {suit}"),
        pgettext("genitive", "the two of {suit}"),
        pgettext("genitive", "the three of {suit}"),
        pgettext("genitive", "the four of {suit}"),
        pgettext("genitive", "the five of {suit}"),
        pgettext("genitive", "the six of {suit}"),
        pgettext("genitive", "the seven of {suit}"),
        pgettext("genitive", "the eight of {suit}"),
        pgettext("genitive", "the nine of {suit}"),
        pgettext("genitive", "the ten of {suit}"),
        pgettext("genitive", "the jack of {suit}"),
        pgettext("genitive", "the queen of {suit}"),
        pgettext("genitive", "the king of {suit}"),
    )
    forms = (nominative, accusative, dative, genitive)
    return {case: tuple(map(str, texts)) for case, texts in zip(CASE_NAMES, forms, strict=True)}


def definite_card_name(card: Card) -> CardName:
    """The spoken name as a sentence uses it, with its article: "the ten of spades",
    « la dame de cœur », « l’as de pique », "spader tio" (French articles follow the rank),
    with its other cases where the language has them (German „der Kreuz-Bube“, ``{card:acc}``
    „den Kreuz-Buben“): see :mod:`ginrules.cases`."""
    suit = suit_name(card)
    templates = definite_templates()
    forms = {case: texts[card.rank - 1].format(suit=suit) for case, texts in templates.items()}
    return CardName(forms.pop("nom"), **forms)


def definite_table() -> dict[str, Any]:
    """The names of :func:`definite_card_name` for the play page's script (``theCard`` of
    ``ginrules-render.mjs``), compactly, the suits' names being sent apart (``suit_0`` to
    ``suit_3``): the nominative's 13 templates, ace to king, joined by ``|``, then each
    other case (in the order of :data:`~ginrules.cases.CASE_NAMES`) that differs from the
    case before it, with an empty template where it is the same: German ``"acc":
    "||||||||||den {suit}-Buben||den {suit}-König"``; none in English, French or Swedish.
    (A name holding ``|`` would read wrong: ``tests/site/test_card_cases.py`` compares the
    script's names with Python's in every language.)"""
    templates = definite_templates()
    table: dict[str, Any] = {"nom": "|".join(templates["nom"])}
    before = templates["nom"]
    for case in CASE_NAMES[1:]:
        texts = templates[case]
        if texts != before:
            table[case] = "|".join("" if t == b else t for t, b in zip(texts, before, strict=True))
        before = texts
    return table


def card_text(card: Card) -> str:
    """The short printed form, rank letter and suit symbol: ``10♠︎``, ``R♥︎``."""
    return rank_letter(card) + SUIT_SYMBOLS[card.suit] + VS15


def card_html(card: Card, classes: Iterable[str] = ()) -> str:
    """The markup of one card (see the module docstring)."""
    cls = " ".join(["gr-card", SUIT_CLASSES[card.suit], *classes])
    return (
        f'<span class="{html.escape(cls)}" role="img" aria-label="{html.escape(card_name(card))}"'
        f' data-card="{card.code}">'
        f'<span class="gr-rank" aria-hidden="true">{html.escape(rank_letter(card))}</span>'
        f'<span class="gr-suit" aria-hidden="true">{SUIT_SYMBOLS[card.suit]}{VS15}</span>'
        "</span>"
    )


# --- doctree nodes ---------------------------------------------------------------
# Each node subclasses a docutils node whose standard visitors give every builder
# a plain-text rendering (Sphinx looks visitors up along the class hierarchy);
# HTML gets its own markup, LaTeX proper suit symbols.


class gr_card(nodes.inline):
    """One card; its text child is the plain form (``10♠︎``)."""


class gr_group(nodes.inline):
    """A labelled group of cards: label, ``": "``, then the cards separated by spaces."""


class gr_sep(nodes.inline):
    """A separator between groups, for plain text only."""


class gr_cardrow(nodes.paragraph):
    """A row of groups."""


class gr_example(nodes.container):
    """The frame of one example; ``variant`` is the preset's name."""


def card_node(card: Card, classes: Iterable[str] = ()) -> gr_card:
    node = gr_card("", card_text(card), card=card.code, extra=list(classes))
    return node


def group_node(
    label: str, cards: Iterable[Card], kind: str, card_classes: Iterable[str] = ()
) -> gr_group:
    """A labelled group; ``kind`` is a space-separated list of ``gr-`` classes."""
    group = gr_group("", kind=kind, label=label)
    # Translators: a labelled group of cards in plain text, e.g. "Run: 7♥ 8♥ 9♥".
    template = str(_("{label}: {cards}"))
    head, _sep, tail = template.partition("{label}")
    before, _sep, after = tail.partition("{cards}")
    extra = list(card_classes)
    group += nodes.Text(head)
    group += nodes.inline("", label, classes=["gr-group-label"])
    group += nodes.Text(before)
    for i, card in enumerate(cards):
        if i:
            group += nodes.Text(" ")
        group += card_node(card, extra)
    group += nodes.Text(after)
    return group


def cardrow_node(groups: Iterable[gr_group], label: str | None = None) -> gr_cardrow:
    """A row of groups, optionally headed by a label such as "Knocker"."""
    row = gr_cardrow("", label=label or "")
    row["translatable"] = False
    if label:
        row += nodes.strong("", label, classes=["gr-row-label"])
        row += gr_sep("", " — ")
    for i, group in enumerate(groups):
        if i:
            row += gr_sep("", " · ")
        row += group
    return row


# --- HTML --------------------------------------------------------------------------


def visit_card_html(self: HTML5Translator, node: gr_card) -> None:
    self.body.append(card_html(Card.parse(node["card"]), node.get("extra", [])))
    raise nodes.SkipNode


def group_html(node: gr_group) -> str:
    """The markup of a labelled group (see the module docstring)."""
    kind = html.escape("gr-group " + node["kind"])
    label = html.escape(node["label"])
    cards = "".join(
        card_html(Card.parse(child["card"]), child.get("extra", []))
        for child in node.findall(gr_card)
    )
    return (
        f'<span class="{kind}" role="group" aria-label="{label}">'
        f'<span class="gr-group-label">{label}</span><span class="gr-cards">{cards}</span></span>'
    )


def visit_group_html(self: HTML5Translator, node: gr_group) -> None:
    self.body.append(group_html(node))
    raise nodes.SkipNode


def visit_sep_html(self: HTML5Translator, node: gr_sep) -> None:
    raise nodes.SkipNode


def visit_cardrow_html(self: HTML5Translator, node: gr_cardrow) -> None:
    self.body.append('<div class="gr-cardrow">')
    if node["label"]:
        self.body.append(f'<span class="gr-row-label">{html.escape(node["label"])}</span>')
    self.body.extend(group_html(child) for child in node.children if isinstance(child, gr_group))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def visit_example_html(self: HTML5Translator, node: gr_example) -> None:
    classes = " ".join(["gr-example", *node["classes"]])
    # Translators: the label of the button that switches to a four-colour deck.
    deck = html.escape(str(_("Four-colour deck")))
    self.body.append(
        f'<div class="{html.escape(classes)}" data-variant="{html.escape(node["variant"])}"'
        f' data-deck-label="{deck}">\n'
    )


def depart_example_html(self: HTML5Translator, node: gr_example) -> None:
    self.body.append("</div>\n")


# --- LaTeX -------------------------------------------------------------------------


def visit_card_latex(self: LaTeXTranslator, node: gr_card) -> None:
    card = Card.parse(node["card"])
    self.body.append(self.encode(rank_letter(card)) + r"\(" + LATEX_SUITS[card.suit] + r"\)")
    raise nodes.SkipNode


def _add_static(app: Sphinx) -> None:
    if app.builder.format != "html":
        return
    app.config.html_static_path.append(str(STATIC_DIR))
    app.add_css_file("gr-cards.css")
    app.add_js_file("gr-cards.js", defer="defer")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.messages")
    app.add_node(gr_card, html=(visit_card_html, None), latex=(visit_card_latex, None))
    app.add_node(gr_group, html=(visit_group_html, None))
    app.add_node(gr_sep, html=(visit_sep_html, None))
    app.add_node(gr_cardrow, html=(visit_cardrow_html, None))
    app.add_node(gr_example, html=(visit_example_html, depart_example_html))
    app.connect("builder-inited", _add_static)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
