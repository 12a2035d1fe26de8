"""Live widgets: the examples of ``examples.py``, made editable, answered by the
engine running in the reader's browser (Pyodide in a Web Worker).

Directives (MyST)::

    ```{gin-meld-finder} 7H 8H 9H KS KH KD 2C 5D AS 3C QC
    :variant: oklahoma
    :upcard: 5S
    ```

    ```{gin-showdown-widget}
    :knocker: 7H 8H 9H KS KH KD AC 2C 3C 4D
    :defender: TH JH 5S 5C 5D QS QC 2D 3S 9S
    ```

Each widget is the build-time example (``gin-hand`` or ``gin-showdown``, computed
while Sphinx builds the page, readable with scripts off) wrapped with its
controls: text fields, and for the meld finder a 52-card picker drawn with the
cards of ``cards_html``. The controls stay hidden until ``ginrules-widgets.mjs``
runs; the static result stays until the first live result replaces it, and
nothing of Pyodide is fetched before the reader changes something (or opens a
link that carries a widget's state in its fragment).

Every string the script shows is written into the page here, translated through
the ``ginrules_site`` catalog, as one JSON object per widget. Test hooks:
``data-widget`` (``melds``, ``showdown``), ``data-state`` (``static``,
``loading``, ``ready``, ``error``), ``data-start`` once live (``snapshot`` or
``fresh``: how the engine started), on the meld finder's result
``data-deadwood`` and ``data-going-out`` (``knock``, ``gin``, ``big_gin`` or
``no``: the verdict for the hand shown), and ``data-stale="true"`` on a result
(and the picker) left from the last valid input after a refused one. The
stock-end widget's share link carries the step shown (``<id>-step``).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

from ginrules.cards import CARDS, Card, Notation, parse_hand
from ginrules.coach.reports import hand, score_sheet_report
from ginrules.errors import GinRulesError
from ginrules.match import entry_outcomes
from ginrules.rules import Rules
from ginrules.score_entries import SCHEMES, schemes
from ginrules_site.cards_html import card_html, suit_name
from ginrules_site.chrome.search import page_plural_expression
from ginrules_site.directives.deals import (
    DealLogDirective,
    outcome_words,
    seat_name,
    sheet_nodes,
    sheet_templates,
    turn_sentences,
)
from ginrules_site.directives.examples import (
    ExampleDirective,
    HandDirective,
    ShowdownDirective,
    dead_words,
    going_out_templates,
    page_words,
    reason_messages,
    showdown_words,
    variant_name,
)
from ginrules_site.directives.notation import (
    notation_help,
    notation_strings,
    page_notation,
    written,
)
from ginrules_site.messages import Plural, _, ngettext

STATIC_DIR = Path(__file__).parents[1] / "static"


class gr_widget(nodes.container):
    """A live widget; other builders show only its static example (its children)."""


def common_strings() -> dict[str, Any]:
    """Strings shared by every widget, in the page's language."""
    table = {
        "loading": _("Loading the engine: {percent} % of {size} (one-time download)."),
        "ask": _(
            "Your browser asks to save data. Download the engine ({size}, once) "
            "to compute this live?"
        ),
        # Translators: a button: download the rules engine to the browser.
        "download": _("Download"),
        # Translators: a button: do not download the engine, keep the page's example.
        "not_now": _("Not now"),
        "declined": _("The engine was not downloaded: the result below is the page's example."),
        "timeout": _("The engine did not load in time. Check your connection and try again."),
        "loading_start": _("Starting Python in your browser…"),
        "loading_engine": _("Starting the rules engine…"),
        "failed": _("The engine could not be loaded. Reload the page to try again."),
        "failed_file": _(
            "The engine could not be loaded: the site's file {file} is missing or damaged. "
            "Reload the page to try again."
        ),
        "ready": _("Live result, computed in your browser."),
        # Translators: a label and its value ("Deadwood: 9") made a sentence, where the
        # live result's status line reads it among sentences.
        "sentence": _("{text}."),
        "long_link": ngettext(
            "The link is too long to be read: a field of this example takes at most {max} "
            "character.",
            "The link is too long to be read: a field of this example takes at most {max} "
            "characters.",
            "max",
        ),
        "share": _("Link to this example"),
        "stale": _("Out of date: this result is for the last valid input, not the fields above."),
        "full_hand": _(
            "The hand already holds 11 cards: remove one (a chosen card) before adding {card:nom}."
        ),
        "no_upcard": _("No upcard yet: the knock limit is {limit}. Enter the upcard to apply it."),
        "internal": _("The engine failed on this input: {message}"),
        # Translators: joins two choices in a widget's message: "7♥ or 8♥".
        "or": _("or"),
        # Translators: a range of card counts, e.g. "12 cards: this needs 1 to 11."
        "range": _("{min} to {max}"),
        # the labels and sentences of the build-time examples (examples.py)
        "Run": _("Run"),
        "Set": _("Set"),
        "Set of four": _("Set of four"),
        **dead_words(),
        "Best discard": _("Best discard"),
        "Upcard": _("Upcard"),
        "Laid off": _("Laid off"),
        "upcard_limit": _("The upcard sets the knock limit: {limit}."),
        "spade_double": _("A spade upcard doubles the score."),
        "layoff_run": _("{card} onto the run {meld}"),
        "layoff_set": _("{card} onto the set {meld}"),
        "term": _("{label} {value}"),
        "score": _("Score: {terms} = {points}"),
        "score_one": _("Score: {term}"),
        "term_difference": _("difference"),
        "term_opponent_deadwood": _("opponent's deadwood"),
        "term_big_gin_bonus": _("big gin bonus"),
        "term_spade_double": _("spade upcard doubling"),
    }
    table.update(going_out_templates())
    table.update(reason_messages())
    table.update(deal_log_strings())
    table.update(score_sheet_strings())
    strings = {
        key: value.forms() if isinstance(value, Plural) else str(value)
        for key, value in table.items()
    }
    for suit in range(4):
        strings[f"suit_{suit}"] = suit_name(CARDS[suit * 13])
    return strings


def deal_log_strings() -> dict[str, Any]:
    """The sentences of the build-time deal log (deals.py), for the stock-end widget."""
    return {
        "Player A": _("Player A"),
        "Player B": _("Player B"),
        "Hand": _("Hand"),
        "deals_intro": _("Player B deals; player A plays first."),
        "stock_left": _("Cards left in the stock: {n}."),
        "showdown_after": _("The showdown, after player {player} goes out:"),
        "dead_deal": _("The deal is dead: nobody scores."),
        "deal_summary": _("Turns played: {turns}. Reshuffles of the stock: {reshuffles}."),
        **turn_sentences(),
        # the stock-end widget's own
        "bad_seed": _("{seed} is not a deal number: write a whole number, for example 8."),
        "bad_seed_empty": _("Write a deal number: a whole number, for example 8."),
        # Translators: turns as the deal summary counts them (refusals of the upcard are no turns)
        "turn_of": _("Turn {n} of {total}."),
    }


def score_sheet_strings() -> dict[str, Any]:
    """The score sheet's rows (deals.py) and the score sheet widget's messages."""
    return {
        **{f"row_{kind}": text for kind, text in sheet_templates().items()},
        "row_deal": _("Player {player} scores {points} ({outcome})"),
        "row_entered": _("Player {player} scores {points} ({outcome}), entered in: {games}"),
        "game_n": _("game {n}"),
        **{f"outcome_word_{word}": text for word, text in outcome_words().items()},
        "Deal": _("Deal"),
        "Entry": _("Entry"),
        "Game": _("Game"),
        "Manche": _("Manche"),
        "Game {n}": _("Game {n}"),
        "Manche {n}": _("Manche {n}"),
        "Player": _("Player"),
        "Winner": _("Winner"),
        "final_totals": _("Final totals: player A {a}, player B {b}."),
        "totals_so_far": _("Totals so far: player A {a}, player B {b}."),
        "sheet_empty": _("No deal entered yet."),
        "bad_entry": _("{entry} is not a deal result."),
        "bad_entry_empty": _("An empty entry is not a deal result."),
        "bad_points": _("{points} is not a score: write a whole number from 0 to 9999."),
        "bad_points_empty": _("Write the points: a whole number from 0 to 9999."),
        "bad_scheme": _("{scheme} is not a scoring method of this sheet."),
        "bad_scheme_empty": _("No scoring method is named: choose one that this sheet offers."),
        "impossible_outcome": _("{entry}: {outcome} is not how a deal ends under these rules."),
        "impossible_too_few": _("{entry} is impossible: {outcome} scores at least {minimum}."),
        "impossible_too_many": _("{entry} is impossible: {outcome} scores at most {maximum}."),
        "match_over": _(
            "The match is over: deal {deal} cannot be entered. Remove a deal or start again."
        ),
    }


def text_field(widget_id: str, name: str, label: str, value: str, help_text: str) -> str:
    base = f"{widget_id}-{name}"
    return (
        f'<div class="gr-field"><label for="{base}">{html.escape(label)}</label>'
        f'<input id="{base}" class="gr-input" name="{name}" type="text"'
        f' value="{html.escape(value)}" autocomplete="off" autocapitalize="characters"'
        f' spellcheck="false"'
        f' aria-describedby="{base}-help {base}-error">'
        f'<p id="{base}-help" class="gr-help">{html.escape(help_text)}</p>'
        f'<p id="{base}-error" class="gr-error" data-for="{name}"></p></div>'
    )


def upcard_field(widget_id: str, options: dict[str, Any], notation: Notation) -> str:
    """The upcard's field, when the directive names an upcard, in the page's notation."""
    if not options.get("upcard"):
        return ""
    example = notation.format(Card.parse("5S"))
    return text_field(
        widget_id,
        "upcard",
        str(_("Upcard")),
        notation.format(Card.parse(options["upcard"])),
        str(_("The first upcard, for example {example}.")).format(example=example),
    )


def picker_html(widget_id: str) -> str:
    """The frame of the 52-card picker; the script fills it with toggle buttons
    holding clones of the page's deck (one row per suit, labelled by suit)."""
    legend = html.escape(str(_("Choose cards (arrow keys move, Space or Enter picks)")))
    return (
        f'<fieldset class="gr-picker" id="{widget_id}-picker"><legend>{legend}</legend></fieldset>'
    )


def visit_widget_html(self: HTML5Translator, node: gr_widget) -> None:
    attrs = {
        "class": f"gr-widget gr-widget-{node['widget']}",
        "id": node["widget_id"],
        "data-widget": node["widget"],
        "data-state": "static",
        "data-variant": node["variant"],
        "data-lang": node["lang"],
        "aria-labelledby": f"{node['widget_id']}-title",
        "data-params": node["params"],
    }
    opening = " ".join(f'{k}="{html.escape(str(v))}"' for k, v in attrs.items())
    self.body.append(f"<section {opening}>\n")
    self.body.append(
        f'<p class="gr-widget-title" id="{node["widget_id"]}-title">'
        f"{html.escape(node['title'])}</p>\n"
    )
    self.body.append(f'<form class="gr-controls" hidden>{node["controls"]}')
    self.body.append(
        '<p class="gr-status" role="status" aria-live="polite"></p>'
        '<p class="gr-share"><a class="gr-share-link" href="#"></a></p></form>\n'
    )
    result_attrs = f' data-deadwood="{node["deadwood"]}"' if node["deadwood"] != "" else ""
    if node.get("going_out"):
        result_attrs += f' data-going-out="{node["going_out"]}"'
    if node["first"]:
        # Once per page: the widgets' strings, and the 52 cards of cards_html that the
        # script clones for live results.
        self.body.append(
            page_strings_html(
                {
                    **common_strings(),
                    **notation_strings(page_notation(node["lang"])),
                    "plural_rule": page_plural_expression(self.builder.config),
                }
            )
        )
    self.body.append(f'<div class="gr-result"{result_attrs}>\n')


def depart_widget_html(self: HTML5Translator, node: gr_widget) -> None:
    self.body.append("</div>\n</section>\n")


class WidgetMixin:
    """Wrap the example of the directive it is mixed into in a ``gr_widget``."""

    widget: ClassVar[str] = ""
    env: Any
    state: Any

    def title(self, rules: Rules) -> str:
        raise NotImplementedError

    def controls(self, widget_id: str) -> str:
        raise NotImplementedError

    def static_deadwood(self, rules: Rules) -> str:
        return ""

    def static_going_out(self) -> str:
        return ""

    def params(self, rules: Rules) -> dict[str, Any]:
        params: dict[str, Any] = {"minimum": rules.knock_min_melded}
        # The variant's words (who went out, how): they replace the page's strings.
        params["words"] = {
            key: text.forms() if isinstance(text, Plural) else str(text)
            for key, text in showdown_words(rules).items()
        }
        if rules.upcard_sets_knock_limit:
            # Oklahoma: with the upcard field empty, the widget says which limit holds.
            params["no_upcard_limit"] = rules.knock_limit(None)
        return params

    def wrap(self, rules: Rules, example: list[nodes.Node]) -> list[nodes.Node]:
        serial = self.env.new_serialno("gr-widget")
        widget_id = f"gr-{self.widget}-{serial + 1}"
        node = gr_widget(
            "",
            *example,
            widget=self.widget,
            widget_id=widget_id,
            variant=rules.name,
            lang=self.env.config.language or "en",
            title=self.title(rules),
            params=json.dumps(self.params(rules), separators=(",", ":")),
            controls=self.controls(widget_id),
            deadwood=self.static_deadwood(rules),
            going_out=self.static_going_out(),
            first=serial == 0,
        )
        return [node]


class MeldFinderDirective(WidgetMixin, HandDirective):
    """``gin-meld-finder``: the ``gin-hand`` example, live."""

    widget = "melds"

    def title(self, rules: Rules) -> str:
        return str(_("Meld finder: {variant}")).format(variant=variant_name(rules))

    def hand(self) -> list[Card]:
        return self.cards(self.arguments[0], sizes=range(1, 12))

    def static_deadwood(self, rules: Rules) -> str:
        cards = self.hand()
        try:
            return str(hand(cards, rules).arrangement.deadwood)
        except GinRulesError as error:
            self.fail(str(error))

    def static_going_out(self) -> str:
        return str(self.verdict)

    def controls(self, widget_id: str) -> str:
        notation = page_notation(self.env.config.language)
        example = written(parse_hand("7H 8H 9H TS"), notation)
        fields = text_field(
            widget_id,
            "cards",
            str(_("Cards")),
            written(self.hand(), notation),
            str(_("Up to 11 cards, for example {example}.")).format(example=example)
            + " "
            + notation_help(notation),
        )
        return fields + upcard_field(widget_id, self.options, notation) + picker_html(widget_id)

    def example_nodes(self) -> list[nodes.Node]:
        return self.wrap(self.rules(), super().example_nodes())


class ShowdownWidgetDirective(WidgetMixin, ShowdownDirective):
    """``gin-showdown-widget``: the ``gin-showdown`` example, live."""

    widget = "showdown"

    def title(self, rules: Rules) -> str:
        return str(_("Showdown: {variant}")).format(variant=variant_name(rules))

    def controls(self, widget_id: str) -> str:
        own = {
            "help_big_gin": _("10 cards after the discard, or 11 for a big gin."),
            **page_words(self.rules()),
        }
        knocker_help = (
            own["help_big_gin"] if self.rules().big_gin else _("10 cards after the discard.")
        )
        notation = page_notation(self.env.config.language)
        words = showdown_words(self.rules())
        fields = text_field(
            widget_id,
            "knocker",
            str(words["knocker_hand"]),
            written(parse_hand(self.options["knocker"]), notation),
            str(knocker_help) + " " + notation_help(notation),
        )
        fields += text_field(
            widget_id,
            "defender",
            str(words["defender_hand"]),
            written(parse_hand(self.options["defender"]), notation),
            str(_("10 cards.")),
        )
        return fields + upcard_field(widget_id, self.options, notation)

    def example_nodes(self) -> list[nodes.Node]:
        return self.wrap(self.rules(), super().example_nodes())


class StockEndDirective(WidgetMixin, DealLogDirective):
    """``gin-stock-end``: a seeded deal stepped turn by turn to its end, live."""

    widget = "stock"

    def title(self, rules: Rules) -> str:
        return str(_("End of the stock: {variant}")).format(variant=variant_name(rules))

    def params(self, rules: Rules) -> dict[str, Any]:
        return {**super().params(rules), "players": self.options.get("players", "random")}

    def controls(self, widget_id: str) -> str:
        field = text_field(
            widget_id,
            "seed",
            str(_("Deal number")),
            str(self.options["seed"]),
            str(_("Each whole number is one shuffle of the deck.")),
        )
        buttons = "".join(
            f'<button type="button" class="gr-button" data-action="{action}">'
            f"{html.escape(label)}</button> "
            for action, label in (
                ("previous", str(_("Previous turn"))),
                ("next", str(_("Next turn"))),
                ("end", str(_("To the end"))),
                ("new", str(_("New deal"))),
            )
        )
        return field + f'<p class="gr-buttons">{buttons}</p>'

    def example_nodes(self) -> list[nodes.Node]:
        self.options.setdefault("players", "random")
        self.options["focus"] = "stock-end"
        return self.wrap(self.rules(), super().example_nodes())


class ScoreSheetWidgetDirective(WidgetMixin, ExampleDirective):
    """``gin-score-sheet-widget``: deal results entered by the reader, scored live.

    ``:scheme:`` is the scoring chosen first (``game100``, ``game250``,
    ``hollywood``, ``manche``; manche only for the French rules), ``:deals:`` the
    deals already entered, as ``A 25 knock; B 37 gin; dead``.
    """

    widget = "scoresheet"
    example_class = "gr-score-sheet"
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        **ExampleDirective.option_spec,
        "scheme": lambda arg: directives.choice(arg, SCHEMES),
        "deals": directives.unchanged,
    }

    def title(self, rules: Rules) -> str:
        return str(_("Score sheet: {variant}")).format(variant=variant_name(rules))

    def schemes(self, rules: Rules) -> list[tuple[str, str]]:
        labels = {
            "one_deal": _("A one-deal game"),
            "game100": _("A game to 100"),
            "game250": _("A game to 250"),
            "hollywood": _("Hollywood: three games at once"),
            "manche": _("A manche to 250"),
            "partie": _("A partie of three manches"),
        }
        return [(name, str(labels[name])) for name in schemes(rules)]

    def controls(self, widget_id: str) -> str:
        rules = self.rules()
        chosen = self.options.get("scheme", "game100")
        options = "".join(
            f'<option value="{value}"{" selected" if value == chosen else ""}>'
            f"{html.escape(label)}</option>"
            for value, label in self.schemes(rules)
        )
        base = f"{widget_id}-"
        scoring = html.escape(str(_("Scoring")))
        scheme = (
            f'<div class="gr-field"><label for="{base}scheme">{scoring}'
            f'</label><select id="{base}scheme" class="gr-input" name="scheme"'
            f' aria-describedby="{base}scheme-error">{options}</select>'
            f'<p id="{base}scheme-error" class="gr-error" data-for="scheme"></p></div>'
        )
        deals = html.escape(self.entries_text())
        state = (
            f'<input type="hidden" class="gr-input" name="deals" value="{deals}">'
            f'<p id="{base}deals-error" class="gr-error" data-for="deals"></p>'
        )
        winners = [
            ("A", seat_name(0)),
            ("B", seat_name(1)),
            ("dead", str(_("Nobody: a dead deal"))),
        ]
        words = outcome_words()
        outcomes = [(word, words[word]) for word in entry_outcomes(rules)]

        def select(name: str, label: str, choices: list[tuple[str, Any]]) -> str:
            opts = "".join(
                f'<option value="{v}">{html.escape(str(t))}</option>' for v, t in choices
            )
            return (
                f'<div class="gr-field"><label for="{base}{name}">{html.escape(label)}</label>'
                f'<select id="{base}{name}" class="gr-entry" name="{name}">{opts}</select></div>'
            )

        # Translators: the field of the score sheet widget where the points a deal scored are typed.
        points_label = html.escape(str(_("Points")))
        points = (
            f'<div class="gr-field"><label for="{base}points">{points_label}'
            f'</label><input id="{base}points" class="gr-entry" name="points" type="text"'
            f' inputmode="numeric" autocomplete="off" value=""'
            f' aria-describedby="{base}points-error">'
            f'<p id="{base}points-error" class="gr-error" data-for="points"></p></div>'
        )
        legend = html.escape(str(_("A deal")))
        entry = (
            f'<fieldset class="gr-sheet-entry"><legend>{legend}</legend>'
            + select("winner", str(_("Who scores")), winners)
            + select("outcome", str(_("How the deal ended")), outcomes)
            + points
            + "</fieldset>"
        )
        buttons = "".join(
            f'<button type="button" class="gr-button" data-action="{action}">'
            f"{html.escape(label)}</button> "
            for action, label in (
                ("add", str(_("Enter the deal"))),
                ("undo", str(_("Remove the last deal"))),
                ("reset", str(_("Start again"))),
            )
        )
        return scheme + state + entry + f'<p class="gr-buttons">{buttons}</p>'

    def entries_text(self) -> str:
        return self.options.get("deals", "")

    def example_nodes(self) -> list[nodes.Node]:
        rules = self.rules()
        try:
            data = score_sheet_report(
                rules, self.options.get("scheme", "game100"), self.entries_text()
            )
        except GinRulesError as error:
            self.fail(str(error))
        self.options["deals"] = "; ".join(data["entries"])
        example = self.frame(rules)
        example += sheet_nodes(data)
        return self.wrap(rules, [example])


def page_strings_html(strings: dict[str, Any]) -> str:
    """Once per page with a live script: its strings as JSON (never closing the script
    element), and the 52 cards of cards_html that the script clones for live results."""
    data = json.dumps(strings, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    cards = "".join(card_html(card) for card in CARDS)
    return (
        f'<script type="application/json" class="gr-widget-strings">{data}</script>\n'
        f'<template class="gr-deck">{cards}</template>\n'
    )


def add_static(app: Sphinx, name: str) -> None:
    """The static folder, and a page's style sheet and script module (``name``: their
    file name without its suffix), for the HTML builders."""
    if app.builder.format != "html":
        return
    if str(STATIC_DIR) not in app.config.html_static_path:
        app.config.html_static_path.append(str(STATIC_DIR))
    app.add_css_file(f"{name}.css")
    app.add_js_file(f"{name}.mjs", type="module")


def _add_static(app: Sphinx) -> None:
    add_static(app, "ginrules-widgets")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.directives.examples")
    app.setup_extension("ginrules_site.directives.deals")
    app.add_node(gr_widget, html=(visit_widget_html, depart_widget_html))
    app.add_directive("gin-meld-finder", MeldFinderDirective)
    app.add_directive("gin-showdown-widget", ShowdownWidgetDirective)
    app.add_directive("gin-stock-end", StockEndDirective)
    app.add_directive("gin-score-sheet-widget", ScoreSheetWidgetDirective)
    app.connect("builder-inited", _add_static)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
