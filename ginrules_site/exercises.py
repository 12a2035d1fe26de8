"""The exercises page: hands the engine deals, checks and explains, in the reader's language.

Directive and role (MyST)::

    ```{gin-exercises}
    ```

    {gin-exercise-link}`straight`

``gin-exercises`` writes the trainer: the choosers (variant, kind, level), the series
("ten hands of Straight Gin"), the progress kept in ``localStorage``, the empty exercise
that ``ginrules-exercises.mjs`` fills, and every string that script shows, translated
through the ``ginrules_site`` catalog. Readable without scripts: a few exercises computed
while the page is built (:func:`ginrules.exercises.make_exercise`), each with the
engine's worked solution behind a disclosure.

The site holds no rules logic: questions, answers, checks and every number of an
explanation come from :mod:`ginrules.exercises` (``Exercise.to_dict()`` and
``Verdict.to_dict()``, codes and arguments); this module and the script only word them.
A step ``{"code": c, "args": {...}}`` is worded by the template ``step_<c>`` (see
:func:`step_templates`), its fields filled by their kind: a list of card lists is drawn
as melds, a list of cards as cards, a list of numbers as a sum's terms ("3 + 4 + 10"),
a word by its translation (``word_<value>``).

Test hooks on the live exercise (``<div class="gr-exercise">``): ``data-widget="exercise"``,
``data-kind``, ``data-variant``, ``data-level``, ``data-seed``, ``data-cards`` (the English
codes shown; a showdown's knocker's and defender's separated by `` | ``), ``data-verdict``
(``right``/``wrong``) once checked; buttons ``data-action`` ``check``, ``next``, ``new``,
``series``, ``reset``. Share links: ``#exercise=<variant>/<kind>/<level>/<seed>``;
``#exercises=<variant>`` only chooses it (the variant pages' links).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.writers.html5 import HTML5Translator

from ginrules.cards import CARDS, Card
from ginrules.exercises import KINDS, LEVELS, check_answer, kinds_for, make_exercise
from ginrules.rules import find_variant
from ginrules_site.cards_html import card_html, card_node, cardrow_node, group_node
from ginrules_site.deals import outcome_words
from ginrules_site.examples import (
    going_out_style,
    meld_label,
    paragraph,
    showdown_words,
    template_nodes,
    variant_name,
)
from ginrules_site.messages import Plural, _, fill, ngettext
from ginrules_site.notation import notation_strings, page_notation
from ginrules_site.play import VARIANTS
from ginrules_site.search import page_plural_expression
from ginrules_site.widgets import STATIC_DIR, common_strings

logger = logging.getLogger(__name__)
EXERCISES_DOC = "exercises"
SERIES_LENGTH = 10
# The exercises computed at build time, per variant: (kind, level, seed), where the kind applies.
STATIC_EXERCISES = (("count", 1, 1),)


# --- wording -----------------------------------------------------------------------------


def kind_labels() -> dict[str, Any]:
    return {
        # Translators: the kinds of exercise, as the chooser lists them.
        "count": _("Count the deadwood"),
        "discard": _("Choose the discard"),
        "go_out": _("May this hand go out?"),
        "showdown": _("Settle a showdown"),
        "stock_end": _("The end of the stock"),
        "sheet": _("Read the score sheet"),
    }


def level_labels() -> dict[int, Any]:
    return {
        1: _("Level 1: first hands"),
        2: _("Level 2: practice"),
        3: _("Level 3: hard"),
    }


def question_templates() -> dict[str, Any]:
    """What an exercise asks, by the engine's question code (``question_<code>``)."""
    return {
        "count_deadwood": _("What is this hand's deadwood, with its best melds?"),
        "best_discard": _(
            "Which discard leaves the least deadwood? Any card that ties for the best is right."
        ),
    }


def choice_templates() -> dict[str, Any]:
    """The choices of a multiple-choice exercise, by the engine's choice code."""
    return {}


def step_templates() -> dict[str, Any]:
    """The worked solution's sentences, by the engine's step code (``step_<code>``);
    ``step_<code>_no_<field>`` where that field is an empty list."""
    return {
        "melds": _(
            "The melds that leave the least deadwood: {melds}. Left over: {deadwood_cards}."
        ),
        "melds_no_melds": _("No card fits in a meld: all of them are deadwood: {deadwood_cards}."),
        "melds_no_deadwood_cards": _("The melds: {melds}. No card is left over."),
        "your_melds": _("Your melds: {melds}. Left over: {deadwood_cards}, deadwood {deadwood}."),
        "your_melds_no_melds": _("You chose no meld: every card is deadwood, {deadwood}."),
        "your_melds_no_deadwood_cards": _("Your melds: {melds}. No card is left over."),
        "sum": _("Deadwood: {values} = {total}."),
        "sum_no_cards": _("Deadwood: 0."),
        "ties": ngettext(
            "{arrangements} way to meld the cards leaves this deadwood.",
            "{arrangements} ways to meld the cards leave this same deadwood; any of them will do.",
            "arrangements",
        ),
        "discards": _("The deadwood left by each discard, least first: {options}."),
    }


def item_templates() -> dict[str, Any]:
    """One item of a list in a step (``item_<code>``), such as each discard and its deadwood."""
    return {
        # Translators: one discard and the deadwood it leaves, in a list: "K♠ → 12".
        "discards": _("{card} → {deadwood}"),
    }


def answer_templates() -> dict[str, Any]:
    """An accepted answer, key by key (``answer_<key>``)."""
    return {
        "deadwood": _("deadwood {value}"),
        "card": _("discard {value}"),
    }


def exercise_strings() -> dict[str, Any]:
    """Every string of the trainer's script, besides the widgets' (common_strings)."""
    table: dict[str, Any] = {
        "right_more": _("Right: {answer}."),
        "wrong_more": _("The answer is {answer}. The working:"),
        "rule_link": _("The rule: {section}"),
        "rule_section": _("its section on the {variant} page"),
        "Your answer": _("Your answer"),
        "Hand": _("Hand"),
        "Knocker": _("Knocker"),
        "Defender": _("Defender"),
        "Upcard": _("Upcard"),
        "exercise_of": _("{kind}, {variant}, level {level}"),
        "series_of": _("Hand {n} of {total} of the series: {right} right so far."),
        "series_done": ngettext(
            "Series done: {right} right out of {total}.",
            "Series done: {right} right out of {total}.",
            "right",
        ),
        "progress_cell": _("{right} of {tried}"),
        "progress_none": _("not tried"),
        "progress_reset": _("Your progress was reset."),
        "share_exercise": _("Link to this exercise"),
        "bad_link": _("This link names no exercise: {text}."),
        "bad_number": _("{value} is not a number: write a whole number, for example 12."),
        "bad_number_empty": _("Write a whole number, for example 12."),
        "pick_one": _("Choose one answer first."),
        "unknown_form": _("This page cannot show this exercise yet: reload it."),
        "meld_separator": _(" and "),
    }
    for prefix, entries in (
        ("question", question_templates()),
        ("choice", choice_templates()),
        ("step", step_templates()),
        ("answer", answer_templates()),
        ("item", item_templates()),
        ("kind", kind_labels()),
    ):
        table.update({f"{prefix}_{key}": text for key, text in entries.items()})
    table.update({f"level_{key}": text for key, text in level_labels().items()})
    table.update({f"word_{key}": text for key, text in outcome_words().items()})
    return {
        key: value.forms() if isinstance(value, Plural) else str(value)
        for key, value in table.items()
    }


# --- build-time exercises ------------------------------------------------------------------


def is_card(value: object) -> bool:
    try:
        return isinstance(value, str) and len(value) == 2 and Card.parse(value).code == value
    except Exception:
        return False


def cards_of(codes: Iterable[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def meld_group(codes: list[str]) -> nodes.Node:
    """A meld of the engine's explanation, labelled as the examples label theirs."""
    from ginrules.melds import Meld

    cards = cards_of(codes)
    kind = "run" if len({c.suit for c in cards}) == 1 and len(cards) > 1 else "set"
    label = meld_label(Meld(kind, tuple(cards)))  # type: ignore[arg-type]
    return group_node(label, cards, f"gr-meld gr-{kind}")


def field_nodes(value: Any, code: str = "") -> str | list[nodes.Node]:
    """One field of a step, drawn by its kind (see the module docstring); ``code``: the
    step's, whose ``item_<code>`` template words each item of a list of objects."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        template = str(item_templates()[code])
        out: list[nodes.Node] = []
        for i, item in enumerate(value):
            if i:
                out.append(nodes.Text(", "))
            parts = {key: field_nodes(v) for key, v in item.items()}
            out.extend(template_nodes(template, **parts))
        return out
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        out = []
        for i, meld in enumerate(value):
            if i:
                out.append(nodes.Text(str(_(" and "))))
            out.append(meld_group(meld))
        return out
    if isinstance(value, list) and all(is_card(v) for v in value):
        out = []
        for i, code_ in enumerate(value):
            if i:
                out.append(nodes.Text(" "))
            out.append(card_node(Card.parse(code_)))
        return out
    if isinstance(value, list):
        return " + ".join(str(v) for v in value)
    if is_card(value):
        return [card_node(Card.parse(value))]
    if isinstance(value, str):
        words: dict[str, Any] = {**outcome_words(), **choice_templates()}
        return str(words.get(value, value))
    return str(value)


def step_template(step: dict[str, Any]) -> Any:
    """The template of a step: ``step_<code>``, or ``step_<code>_no_<field>`` for its
    first field that is an empty list, where the catalog has one."""
    templates = step_templates()
    for key, value in step["args"].items():
        if value == [] and f"{step['code']}_no_{key}" in templates:
            return templates[f"{step['code']}_no_{key}"]
    if step["code"] not in templates:
        raise ValueError(f"no wording for the exercise step {step['code']!r}")
    return templates[step["code"]]


def step_nodes(step: dict[str, Any]) -> list[nodes.Node]:
    template = step_template(step)
    args = step["args"]
    text = (
        template.text(int(args[template.count])) if isinstance(template, Plural) else str(template)
    )
    parts = {key: field_nodes(value, step["code"]) for key, value in args.items()}
    return template_nodes(text, **parts)


def hand_rows(data: dict[str, Any]) -> list[nodes.Node]:
    rows: list[nodes.Node] = []
    if "knocker" in data and "defender" in data:
        for key, label in (("knocker", _("Knocker")), ("defender", _("Defender"))):
            group = group_node(str(_("Hand")), cards_of(data[key]), "gr-hand-cards")
            rows.append(cardrow_node([group], str(label)))
    elif data.get("cards"):
        rows.append(
            cardrow_node([group_node(str(_("Hand")), cards_of(data["cards"]), "gr-hand-cards")])
        )
    if data.get("upcard"):
        rows.append(
            cardrow_node([group_node(str(_("Upcard")), [Card.parse(data["upcard"])], "gr-upcard")])
        )
    return rows


def answer_words(answer: dict[str, Any], data: dict[str, Any]) -> list[nodes.Node]:
    templates = answer_templates()
    choices = {c["value"]: c for c in data.get("choices") or []}
    out: list[nodes.Node] = []
    for key, value in answer.items():
        if key not in templates:
            continue
        if key == "choice" and value in choices:
            shown: str | list[nodes.Node] = str(
                choice_templates().get(choices[value]["code"], value)
            )
        elif key in ("winner", "leader"):
            shown = str(choice_templates().get(value, value))
        else:
            shown = field_nodes(value)
        if out:
            out.append(nodes.Text(", "))
        out.extend(template_nodes(str(templates[key]), value=shown))
    return out


def probe_answer(data: dict[str, Any]) -> dict[str, Any]:
    """An answer of the right shape, whatever it is worth: its verdict carries the
    engine's accepted answers and worked solution."""
    form = data.get("answer_form")
    if form == "number":
        return {"deadwood": 0}
    if form == "card":
        return {"card": data["cards"][0]}
    if form == "choice":
        return {"choice": data["choices"][0]["value"]}
    if form == "sheet":
        return {"leader": data["choices"][0]["value"], "lead": 0}
    return {"layoffs": [], "points": 0, "winner": "knocker"}


class gr_details(nodes.container):
    """A disclosure (``<details>``) whose first child is its summary."""


class gr_summary(nodes.paragraph):
    pass


def visit_details_html(self: HTML5Translator, node: gr_details) -> None:
    self.body.append('<details class="gr-solution">')


def depart_details_html(self: HTML5Translator, node: gr_details) -> None:
    self.body.append("</details>\n")


def visit_summary_html(self: HTML5Translator, node: gr_summary) -> None:
    self.body.append("<summary>")


def depart_summary_html(self: HTML5Translator, node: gr_summary) -> None:
    self.body.append("</summary>\n")


def static_exercise(variant: str, kind: str, level: int, seed: int, rule_uri: str) -> nodes.Node:
    """One exercise computed now, with its question and, behind a disclosure, the answer
    and the engine's working."""
    rules = find_variant(variant)
    exercise = make_exercise(rules, kind, level, seed)
    data = exercise.to_dict()
    verdict = check_answer(exercise, probe_answer(data)).to_dict()
    box = nodes.container("", classes=["gr-exercise-static"])
    box["ids"] = [f"exercise-{variant}-{kind}-{level}-{seed}"]
    title = str(_("{kind}, {variant}, level {level}")).format(
        kind=kind_labels()[kind], variant=variant_name(rules), level=level
    )
    box += paragraph([nodes.strong("", title)], "gr-exercise-title")
    question = question_templates()[data["question"]["code"]]
    box += paragraph(
        [nodes.Text(fill(question, **data["question"].get("args", {})))], "gr-question"
    )
    box += hand_rows(data)
    details = gr_details()
    details += gr_summary("", str(_("Solution")))
    accepted = verdict["accepted"]
    answers: list[nodes.Node] = []
    for i, answer in enumerate(accepted):
        if i:
            answers.append(nodes.Text(" " + str(_("or")) + " "))
        answers.extend(answer_words(answer, data))
    details += paragraph(
        template_nodes(str(_("The answer: {answer}.")), answer=answers), "gr-accepted"
    )
    steps = nodes.enumerated_list("", classes=["gr-steps"])
    for step in verdict["steps"]:
        steps += nodes.list_item("", paragraph(step_nodes(step)))
    details += steps
    link = nodes.reference(
        "",
        str(_("The rule on the {variant} page")).format(variant=variant_name(rules)),
        refuri=f"{rule_uri}#{verdict['rule']}",
    )
    details += paragraph([link], "gr-rule-link")
    box += details
    return box


# --- the directive -------------------------------------------------------------------------


class gr_exercises(nodes.container):
    """The trainer; its children are the build-time exercises (readable without scripts)."""


class ExercisesDirective(SphinxDirective):
    """``gin-exercises``: the trainer and, for each variant, exercises solved at build time."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        node = gr_exercises()
        node += paragraph(
            [
                nodes.Text(
                    str(
                        _(
                            "The exercises below are solved in advance. With JavaScript, the "
                            "rules engine deals new ones in your browser and checks your answers "
                            "(a one-time download)."
                        )
                    )
                )
            ],
            "gr-exercises-intro",
        )
        for variant, page in VARIANTS.items():
            rules = find_variant(variant)
            section = nodes.container("", classes=["gr-exercises-variant"])
            section += paragraph([nodes.strong("", variant_name(rules))], "gr-exercises-heading")
            uri = f"{page}.html"  # resolved per builder in _resolve
            for kind, level, seed in STATIC_EXERCISES:
                if kind in kinds_for(rules):
                    section += static_exercise(variant, kind, level, seed, uri)
            node += section
        return [node]


def variant_params() -> dict[str, Any]:
    """What the script must know of each variant: its name, kinds, words, page."""
    out: dict[str, Any] = {}
    for variant, page in VARIANTS.items():
        rules = find_variant(variant)
        out[variant] = {
            "name": variant_name(rules),
            "kinds": list(kinds_for(rules)),
            "page": page,
            "style": going_out_style(rules),
            "words": {key: str(text) for key, text in showdown_words(rules).items()},
        }
    return out


def _select(name: str, label: str, options: list[tuple[str, str]]) -> str:
    base = f"gr-exercises-{name}"
    opts = "".join(
        f'<option value="{html.escape(value)}">{html.escape(text)}</option>'
        for value, text in options
    )
    return (
        f'<div class="gr-field"><label for="{base}">{html.escape(label)}</label>'
        f'<select id="{base}" class="gr-input" name="{name}">{opts}</select></div>'
    )


def visit_exercises_html(self: HTML5Translator, node: gr_exercises) -> None:
    lang = self.builder.config.language or "en"
    params = {
        "variants": variant_params(),
        "levels": list(LEVELS),
        "kinds": list(KINDS),
        "series": SERIES_LENGTH,
    }
    attrs = {
        "class": "gr-widget gr-exercises",
        "id": "gr-exercises",
        "data-state": "static",
        "data-lang": lang,
        "aria-labelledby": "gr-exercises-title",
        "data-params": json.dumps(params, ensure_ascii=False, separators=(",", ":")),
    }
    opening = " ".join(f'{k}="{html.escape(str(v))}"' for k, v in attrs.items())
    self.body.append(f"<section {opening}>\n")
    title = html.escape(str(_("Exercises")))
    self.body.append(f'<h2 class="gr-widget-title" id="gr-exercises-title">{title}</h2>\n')
    self.body.append(controls_html())
    self.body.append('<div class="gr-exercises-static">')


def controls_html() -> str:
    """The choosers, the live exercise and the progress, hidden until the script runs."""
    variants = [(v, p["name"]) for v, p in variant_params().items()]
    kinds = [(k, str(t)) for k, t in kind_labels().items()]
    levels = [(str(k), str(t)) for k, t in level_labels().items()]
    button = '<button type="{type}" class="gr-button" data-action="{action}">{label}</button> '
    buttons = "".join(
        button.format(type=t, action=a, label=html.escape(str(label)))
        for t, a, label in (
            ("submit", "new", _("New exercise")),
            ("button", "series", _("Ten hands of this variant")),
        )
    )
    setup = (
        '<form class="gr-controls gr-exercises-setup" hidden>'
        + _select("variant", str(_("Variant")), variants)
        + _select("kind", str(_("Kind of exercise")), kinds)
        + _select("level", str(_("Level")), levels)
        + f'<p class="gr-buttons">{buttons}</p>'
        + '<p class="gr-status" role="status" aria-live="polite"></p></form>\n'
    )
    # The live exercise: filled by the script (test hooks in the module docstring).
    check = html.escape(str(_("Check")))
    following = html.escape(str(_("Next exercise")))
    exercise = (
        '<div class="gr-exercise" data-widget="exercise" data-kind="" data-variant=""'
        ' data-level="" data-seed="" data-cards="" hidden>'
        '<h3 class="gr-exercise-title" id="gr-exercise-title"></h3>'
        '<p class="gr-series-status"></p>'
        '<p class="gr-question" id="gr-exercise-question"></p><div class="gr-exercise-hand"></div>'
        '<form class="gr-answer" aria-labelledby="gr-exercise-question">'
        '<div class="gr-answer-fields"></div>'
        '<p class="gr-error" id="gr-answer-error"></p>'
        f'<p class="gr-buttons"><button type="submit" class="gr-button" data-action="check">{check}'
        "</button></p></form>"
        '<div class="gr-verdict" role="status" aria-live="polite"></div>'
        '<div class="gr-explanation"></div>'
        '<p class="gr-buttons"><button type="button" class="gr-button" data-action="next" hidden>'
        f"{following}</button></p>"
        '<p class="gr-share"><a class="gr-share-link" href="#"></a></p></div>\n'
    )
    progress = html.escape(str(_("Your progress")))
    note = html.escape(str(_("Kept in this browser only: right answers out of exercises tried.")))
    reset = html.escape(str(_("Reset the progress")))
    progress_html = (
        f'<div class="gr-progress" hidden><h3 id="gr-progress-title">{progress}</h3>'
        f'<p class="gr-help">{note}</p><div class="gr-progress-table"></div>'
        '<p class="gr-buttons"><button type="button" class="gr-button" data-action="reset">'
        f"{reset}</button></p></div>\n"
    )
    return setup + exercise + progress_html


def depart_exercises_html(self: HTML5Translator, node: gr_exercises) -> None:
    self.body.append("</div>\n")
    strings = json.dumps(
        {
            **common_strings(),
            **exercise_strings(),
            **notation_strings(page_notation(self.builder.config.language)),
            "plural_rule": page_plural_expression(self.builder.config),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    ).replace("<", "\\u003c")
    self.body.append(
        f'<script type="application/json" class="gr-widget-strings">{strings}</script>\n'
    )
    cards = "".join(card_html(card) for card in CARDS)
    self.body.append(f'<template class="gr-deck">{cards}</template>\n')
    self.body.append("</section>\n")


# --- links from the other pages ------------------------------------------------------------


class ExerciseLinkRole(SphinxRole):
    """``{gin-exercise-link}`straight```: "Practise these rules: exercises of Straight
    Gin", a link to the exercises page with that variant chosen
    (``exercises.html#exercises=straight``)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        variant = self.text.strip()
        if variant not in VARIANTS:
            logger.error(
                f"{self.name}: {variant!r} is not a variant of the exercises page "
                f"({', '.join(VARIANTS)})",
                location=self.get_location(),
            )
            return [nodes.Text(self.text)], []
        name = variant_name(find_variant(variant))
        text = str(_("Practise these rules: exercises of {variant}")).format(variant=name)
        node = nodes.reference(self.rawtext, text, classes=["gr-exercise-link"])
        node["gr_exercises"] = variant
        return [node], []


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Addresses relative to the page: the exercise links, the build-time rule links."""
    if app.builder.format != "html":
        return
    for node in doctree.findall(nodes.reference):
        target = node.get("gr_exercises")
        if target:
            uri = app.builder.get_relative_uri(docname, EXERCISES_DOC)
            node["refuri"] = f"{uri}#exercises={target}"
    for box in doctree.findall(gr_exercises):
        for ref in box.findall(nodes.reference):
            page, _hash, anchor = ref["refuri"].partition("#")
            if page.endswith(".html") and "/" not in page:
                uri = app.builder.get_relative_uri(docname, page.removesuffix(".html"))
                ref["refuri"] = f"{uri}#{anchor}"


def _add_static(app: Sphinx) -> None:
    if app.builder.format != "html":
        return
    if str(STATIC_DIR) not in app.config.html_static_path:
        app.config.html_static_path.append(str(STATIC_DIR))
    app.add_css_file("ginrules-exercises.css")
    app.add_js_file("ginrules-exercises.mjs", type="module")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.widgets")
    app.add_node(gr_exercises, html=(visit_exercises_html, depart_exercises_html))
    app.add_node(gr_details, html=(visit_details_html, depart_details_html))
    app.add_node(gr_summary, html=(visit_summary_html, depart_summary_html))
    app.add_directive("gin-exercises", ExercisesDirective)
    app.add_role("gin-exercise-link", ExerciseLinkRole())
    app.connect("doctree-resolved", _resolve)
    app.connect("builder-inited", _add_static)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
