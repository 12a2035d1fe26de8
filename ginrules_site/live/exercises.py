"""The exercises page: hands the engine deals, checks and explains, in the reader's language.

Directive and role (MyST)::

    ```{gin-exercises}
    ```

    {gin-exercise-link}`straight`              (or `straight/showdown`: a kind chosen too)

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
``#exercises=<variant>[/<kind>]`` deals one of that variant and kind (the variant pages' links).
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
from ginrules.coach.exercises import (
    HOLLYWOOD_LEVEL,
    KINDS,
    LEVELS,
    check_answer,
    kinds_for,
    make_exercise,
)
from ginrules.rules import Rules, find_variant
from ginrules_site.cards_html import card_node, cardrow_node, group_node
from ginrules_site.chrome.search import page_plural_expression
from ginrules_site.directives.deals import sheet_entry, turn_sentences
from ginrules_site.directives.examples import (
    going_out_style,
    paragraph,
    showdown_words,
    template_nodes,
    variant_name,
)
from ginrules_site.directives.notation import notation_strings, page_notation
from ginrules_site.live.play import VARIANTS
from ginrules_site.live.widgets import add_static, common_strings, page_strings_html
from ginrules_site.messages import Plural, _, ngettext, pgettext

logger = logging.getLogger(__name__)
EXERCISES_DOC = "exercises"
SERIES_LENGTH = 10
# The exercises computed at build time, per variant: (kind, level, seed), where the kind applies.
STATIC_EXERCISES = (
    ("count", 1, 1),
    ("go_out", 2, 1),
    ("showdown", 2, 1),
    ("stock_end", 1, 1),
    ("sheet", 1, 1),
)


# --- wording -----------------------------------------------------------------------------


def kind_labels() -> dict[str, Any]:
    return {
        # Translators: the kinds of exercise, as the chooser lists them.
        "count": _("Count the deadwood"),
        "discard": _("Choose the discard"),
        "go_out": _("Going out or playing on"),
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
        # Translators: a hand that may go gin may also knock, and any hand may play on: the
        # question asks for the best call, the way out that scores most, if any.
        "may_go_out": _(
            "These ten cards are kept after the discard. What is the best call: the way out "
            "that scores most, or play on if the hand may not go out?"
        ),
        "settle_showdown": _(
            "The deal has ended with the spread shown. Which of the other player's cards are "
            "laid off, who scores, and how many points?"
        ),
        "stock_end": _("After the moves below, what happens?"),
        "sheet_leader": _("After these deals, who leads, and by how many points?"),
        # Translators: a Hollywood match under way: its three games stand apart, so the
        # question is about one of them.
        "sheet_leader_game": _("After these deals, who leads game {game}, and by how many points?"),
    }


def choice_templates() -> dict[str, Any]:
    """The choices of a multiple-choice exercise, by the engine's choice code."""
    return {
        "go_out_knock": _("Knock"),
        "go_out_gin": _("Go gin"),
        "go_out_big_gin": _("Go big gin"),
        # Translators: Gin Rami: lay down the hand with enough cards in melds (French: étaler).
        "go_out_go_down": _("Go down"),
        "go_out_none": _("None of these: play on"),
        "stock_continue": _("Play goes on"),
        "stock_dead": _("The deal is dead: nobody scores"),
        "stock_reshuffle": _("The discard pile is shuffled into a new stock"),
        "leader_none": _("Nobody: the totals are equal"),
    }


def step_templates() -> dict[str, Any]:
    """The worked solution's sentences, by step key (:func:`step_key`): ``step_<key>``, or
    ``step_<key>_no_<field>`` where that field is an empty list."""
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
        "sum_one": _("Deadwood: {total}."),
        "sum_no_cards": _("Deadwood: 0."),
        "ties": ngettext(
            "{arrangements} way to meld the cards leaves this deadwood.",
            "{arrangements} ways to meld the cards leave this same deadwood; any of them will do.",
            "arrangements",
        ),
        "discards": _("The deadwood left by each discard, least first: {options}."),
        "knock_max": _("Knock limit: {max}. This hand's deadwood: {deadwood}."),
        "upcard_limit": _("The upcard {upcard} sets the knock limit: {max}."),
        "all_melded": ngettext(
            "All {melded} card is in melds.", "All {melded} cards are in melds.", "melded"
        ),
        "melded_min": _("Cards in melds: {melded}. Going down needs at least {min}."),
        "going_out_knock": _("So the hand may knock."),
        "going_out_gin": _("So the hand may go gin."),
        "going_out_big_gin": _("So the hand may go big gin."),
        "going_out_go_down": _("So the hand may go down."),
        "going_out_over_limit": _("So the hand may not knock: play on."),
        "going_out_ace_upcard": _("An ace upcard allows only gin: play on."),
        "going_out_gin_only": _("These rules end a deal only with gin: play on."),
        "going_out_too_few_melded": _("Too few cards are in melds to go down: play on."),
        "going_out_none": _("So the hand plays on."),
        "spread": _("{who}: melds {melds}; left over {deadwood_cards}."),
        "spread_no_deadwood_cards": _("{who}: melds {melds}; no card left over."),
        "defender_melds": _("{who}: melds {melds}; left over {deadwood_cards}."),
        "defender_melds_no_melds": _("{who}: no meld; left over {deadwood_cards}."),
        "defender_melds_no_deadwood_cards": _("{who}: melds {melds}; no card left over."),
        "no_layoffs": _("No card is laid off."),
        "no_layoffs_gin": _("No card is laid off on a gin."),
        "stock_count": _(
            "Cards in the stock before these moves: {start}; drawn from it: {draws}; left: {left}."
        ),
        "stock_rule_reshuffle": _(
            "Under these rules, when the stock runs out the discard pile except its top card "
            "becomes the new stock."
        ),
        "stock_rule_dead_hand": _(
            "Under these rules, the last cards of the stock are never drawn ({cards} of them): "
            "when a discard leaves no more than that, the deal is dead."
        ),
        "stock_result_continue": ngettext(
            "So play goes on, with {stock} card left in the stock.",
            "So play goes on, with {stock} cards left in the stock.",
            "stock",
        ),
        "stock_result_dead": _("So the deal is dead: nobody scores."),
        "stock_result_reshuffle": ngettext(
            "So the discard pile is shuffled into a new stock of {stock} card.",
            "So the discard pile is shuffled into a new stock of {stock} cards.",
            "stock",
        ),
        "row": _("Deal {deal}: {entry}. Totals: player A {a}, player B {b}."),
        "row_total": _("{entry}. Totals: player A {a}, player B {b}."),
        # Translators: a Hollywood sheet's line for one deal in one game; {entries} are
        # that game's rows for the deal ("Player B scores 76 (gin)"), each a sentence,
        # joined by ". ".
        "game_rows": _(
            "Deal {deal}, game {game}. {entries}. Game {game}: player A {a}, player B {b}."
        ),
        "lead": _("Totals: player A {a}, player B {b}. Player {leader} leads by {lead}."),
        "lead_none": _("Totals: player A {a}, player B {b}. Nobody leads."),
        "game_lead": _("Game {game}: player A {a}, player B {b}. Player {leader} leads by {lead}."),
        "game_lead_none": _("Game {game}: player A {a}, player B {b}. Nobody leads."),
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
        # Translators: as "discard {value}": what the answer does, said after a colon.
        "layoffs": _("lay off {value}"),
        "layoffs_none": _("lay off nothing"),
        # the winner and the points as one phrase, the leader and the lead too: each
        # said mid-sentence, with its article, lower case (not a label's "Knocker")
        "winner_knocker": _("the knocker scores {points}"),
        "winner_defender": _("the defender scores {points}"),
        "leader": _("player {player} leads by {lead}"),
        "leader_none": _("nobody leads, the totals are equal"),
    }


def answer_choice_templates() -> dict[str, Any]:
    """A choice as an answer says it mid-sentence (``answer_choice_<code>``): lower case,
    no colon (the verdict's own colon comes before it)."""
    return {
        # Translators: the verb, what the hand does (not the noun of a score sheet row); the
        # answers after "Right:" (German: a whole sentence after a colon starts upper case).
        "go_out_knock": pgettext("answer", "knock"),
        "go_out_gin": _("go gin"),
        "go_out_big_gin": _("go big gin"),
        "go_out_go_down": _("go down"),
        "go_out_none": _("play on, the hand may not go out"),
        "stock_continue": pgettext("answer", "play goes on"),
        "stock_dead": pgettext("answer", "the deal is dead and nobody scores"),
        "stock_reshuffle": pgettext("answer", "the discard pile is shuffled into a new stock"),
    }


def exercise_table() -> dict[str, Any]:
    """Every string of the trainer, besides the widgets' (common_strings), by key: the
    script's keys, used by the build-time exercises too (plural entries as Plural)."""
    table: dict[str, Any] = {
        "right_more": _("Right: {answer}."),
        "wrong_more": _("Wrong: the answer is {answer}. The working:"),
        # what a screen reader names the explanation after a check (the focus goes there)
        "working": _("The working, step by step"),
        "rule_link": _("The rule: {section}"),
        # Translators: the link of "The rule: {section}", to the rule's section.
        "rule_section": _("read it on the {page} page"),
        "Your answer": _("Your answer"),
        "Laid off": _("Laid off"),
        "Who scores": _("Who scores"),
        "Points": _("Points"),
        "Who leads": _("Who leads"),
        "Lead": _("By how many points"),
        "Spread": _("Spread"),
        "last_hand": _("Hand of the player who discards last"),
        "stock_before": _("Cards in the stock before these moves: {n}."),
        "draw_stock_hidden": _("Player {player} draws a card from the stock."),
        "sheet_scoring": _("Scoring: {scheme}."),
        "exercise_of": _("{kind}, {variant}, level {level}"),
        "series_of": _("Hand {n} of {total} of the series: {right} right so far."),
        "series_done": ngettext(
            "Series done: {right} right out of {total}.",
            "Series done: {right} right out of {total}.",
            "right",
        ),
        "progress_cell": _("{right} of {tried}"),
        # a progress cell read with the variant's own name of the kind (Gin Rami's count)
        "fact": _("{label}: {value}"),
        "progress_none": _("not tried"),
        "progress_reset": _("Your progress was reset."),
        "share_exercise": _("Link to this exercise"),
        "bad_link": _("This link names no exercise: {text}."),
        "bad_number": _("{value} is not a number: write a whole number, for example 12."),
        "bad_number_empty": _("Write a whole number, for example 12."),
        "bad_number_range": _("{value} is out of range: write a whole number from 0 to {max}."),
        "pick_one": _("Choose one answer first."),
        "unknown_form": _("This page cannot show this exercise yet: reload it."),
        "exercise_refused": _("The engine cannot make this exercise: choose another one."),
        "exercise_bad_melds": _("These cards are not one meld: {cards}. Undo it and try again."),
        "arrange_legend": _("Your melds (optional)"),
        "arrange_help": _(
            "Choose the cards of one meld, then make it; the engine checks your melds too."
        ),
        "make_meld": _("Make a meld of the chosen cards"),
        "undo_meld": _("Undo this meld"),
        "meld_separator": _(" and "),
    }
    for prefix, entries in (
        ("question", question_templates()),
        ("choice", choice_templates()),
        ("step", step_templates()),
        ("answer", answer_templates()),
        ("answer_choice", answer_choice_templates()),
        ("item", item_templates()),
        ("kind", kind_labels()),
    ):
        table.update({f"{prefix}_{key}": text for key, text in entries.items()})
    table.update({f"level_{key}": text for key, text in level_labels().items()})
    table.update({f"scheme_{name}": text for name, text in scheme_labels().items()})
    table.update(turn_sentences())
    return table


def scheme_labels() -> dict[str, Any]:
    """The scoring of a score sheet exercise (``scheme``, with ``target`` for a game)."""
    return {
        "game100": _("A game to 100"),
        "game250": _("A game to 250"),
        "hollywood": _("Hollywood: three games at once"),
        "manche": _("A manche to 250"),
        "partie": _("A partie of three manches"),
    }


def exercise_strings() -> dict[str, Any]:
    """:func:`exercise_table` for the script (plural entries with all their forms)."""
    return {
        key: value.forms() if isinstance(value, Plural) else str(value)
        for key, value in exercise_table().items()
    }


def trainer_words(rules: Rules) -> dict[str, Any]:
    """The trainer's words where the variant has its own: Gin Rami counts the cards left in
    hand (its page's *count*, where the other variants count deadwood) and names its gins
    petit and grand."""
    if going_out_style(rules) != "going_down":
        return {}
    return {
        "kind_count": _("Count the cards left in hand"),
        "question_count_deadwood": _("What is this hand's count, with its best melds?"),
        "question_best_discard": _(
            "Which discard leaves the lowest count? Any card that ties for the best is right."
        ),
        "step_melds": _(
            "The melds that leave the lowest count: {melds}. Left over: {deadwood_cards}."
        ),
        "step_melds_no_melds": _("No card fits in a meld: all of them count: {deadwood_cards}."),
        "step_your_melds": _("Your melds: {melds}. Left over: {deadwood_cards}, count {deadwood}."),
        "step_your_melds_no_melds": _("You chose no meld: every card counts, {deadwood}."),
        "step_sum": _("Count: {values} = {total}."),
        "step_sum_one": _("Count: {total}."),
        "step_sum_no_cards": _("Count: 0."),
        "step_ties": ngettext(
            "{arrangements} way to meld the cards leaves this count.",
            "{arrangements} ways to meld the cards leave this same count; any of them will do.",
            "arrangements",
        ),
        "step_discards": _("The count left by each discard, lowest first: {options}."),
        "answer_deadwood": _("count {value}"),
        "choice_go_out_gin": _("Go petit gin"),
        "choice_go_out_big_gin": _("Go grand gin"),
        "answer_choice_go_out_gin": _("go petit gin"),
        "answer_choice_go_out_big_gin": _("go grand gin"),
        "step_going_out_gin": _("So the hand may go petit gin."),
        "step_going_out_big_gin": _("So the hand may go grand gin."),
    }


def variant_words(rules: Rules) -> dict[str, Any]:
    """A variant's own words over the page's: who went out and how
    (:func:`~ginrules_site.directives.examples.showdown_words`), and what the cards in no meld are
    called (:func:`trainer_words`)."""
    return {**showdown_words(rules), **trainer_words(rules), **winner_words(rules)}


def winner_words(rules: Rules) -> dict[str, Any]:
    """Who scores, as an answer says it, where the variant names the players its own way
    (as :func:`~ginrules_site.directives.examples.showdown_words` does), and where the
    player went gin or big gin (``answer_winner_knocker_gin``: see :func:`outcome_words`)."""
    style = going_out_style(rules)
    gin = {
        "answer_winner_knocker_gin": _("the player who went gin scores {points}"),
        "answer_winner_defender_gin": _("the opponent scores {points}"),
        "answer_winner_knocker_big_gin": _("the player who went big gin scores {points}"),
        "answer_winner_defender_big_gin": _("the opponent scores {points}"),
    }
    if style == "gin_only":
        return {
            **gin,
            "answer_winner_knocker": _("the player who went gin scores {points}"),
            "answer_winner_defender": _("the opponent scores {points}"),
        }
    if style == "going_down":
        return {
            **gin,
            "answer_winner_knocker_gin": _("the player who went petit gin scores {points}"),
            "answer_winner_knocker_big_gin": _("the player who went grand gin scores {points}"),
            "answer_winner_knocker": _("the player who went down scores {points}"),
            "answer_winner_defender": _("the opponent scores {points}"),
        }
    return gin


OUTCOME_WORDS = ("Knocker", "Defender", "answer_winner_knocker", "answer_winner_defender")
"""The words of a showdown exercise that name its players by how the hand went out."""


def went_out(data: dict[str, Any]) -> str:
    """How a showdown exercise's hand goes out, as its cards show it: ``big_gin`` (eleven
    cards), ``gin`` (every card in the spread) or ``knock`` (going down in Gin Rami)."""
    if len(data["knocker"]) == 11:
        return "big_gin"
    melded = sum(len(meld) for meld in data["spread"])
    return "gin" if melded == len(data["knocker"]) else "knock"


def outcome_words(S: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """``S`` for this exercise: a showdown's players named by what the hand did ("Player
    who went gin", never "Knocker", for a gin), as ``outcomeWords`` of
    ``ginrules-exercises.mjs`` does."""
    if data.get("kind") != "showdown":
        return S
    how = went_out(data)
    return {**S, **{key: S.get(f"{key}_{how}", S[key]) for key in OUTCOME_WORDS}}


def words_for(rules: Rules) -> dict[str, Any]:
    """The strings of the build-time exercises of a variant: the page's, and the
    variant's own words (who went out, how), as the script merges them."""
    return {**common_strings(), **exercise_table(), **variant_words(rules)}


# --- build-time exercises ------------------------------------------------------------------
# The same rendering as ginrules-exercises.mjs, from the same strings (``S``).


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in CODES


CODES = frozenset(card.code for card in CARDS)
PAGES = ("standard", "straight-gin", "oklahoma", "gin-rami", "hollywood")
"""The pages whose sections a verdict's ``rule`` may name (``<page>-<section>``)."""


def rule_page(anchor: str) -> str:
    return next(page for page in sorted(PAGES, key=len, reverse=True) if anchor.startswith(page))


def cards_of(codes: Iterable[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def form_of(template: Any, args: dict[str, Any]) -> str:
    if isinstance(template, Plural):
        return template.text(int(args[template.count]))
    return str(template)


def meld_group(S: dict[str, Any], codes: list[str]) -> nodes.Node:
    """A meld of an explanation, labelled as the examples label theirs (a run: one suit)."""
    kind = "run" if len({code[1] for code in codes}) == 1 and len(codes) > 1 else "set"
    label = S["Run"] if kind == "run" else S["Set"] if len(codes) < 4 else S["Set of four"]
    return group_node(str(label), cards_of(codes), f"gr-meld gr-{kind}")


Parts = str | list[nodes.Node]


def field_nodes(S: dict[str, Any], value: Any, code: str = "") -> Parts:
    """One field of a step, drawn by its kind (see the module docstring); ``code``: the
    step's, whose ``item_<code>`` template words each item of a list of objects."""
    out: list[nodes.Node] = []
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, item in enumerate(value):
            if i:
                out.append(nodes.Text(", "))
            out.extend(sentence_nodes(S, S[f"item_{code}"], item))
        return out
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        for i, meld in enumerate(value):
            if i:
                out.append(nodes.Text(str(S["meld_separator"])))
            out.append(meld_group(S, meld))
        return out
    if isinstance(value, list) and all(is_card(v) for v in value):
        for i, card in enumerate(value):
            if i:
                out.append(nodes.Text(" "))
            out.append(card_node(Card.parse(card)))
        return out
    if isinstance(value, list):
        return " + ".join(str(v) for v in value)
    if is_card(value):
        return [card_node(Card.parse(value))]
    return str(value)


def sentence_nodes(
    S: dict[str, Any], template: Any, args: dict[str, Any], code: str = ""
) -> list[nodes.Node]:
    parts = {key: field_nodes(S, value, code) for key, value in args.items()}
    return template_nodes(form_of(template, args), **parts)


def step_key(S: dict[str, Any], step: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The template key (``step_<key>``) of a step and its fields: the engine's arguments,
    with the words a template needs (who, the score sheet row's sentence)."""
    code, args = step["code"], dict(step["args"])
    if code == "going_out":
        code = f"going_out_{args['reason'] or args['choice']}"
    elif code == "stock_rule":
        code = f"stock_rule_{args['rule']}"
    elif code == "stock_result":
        code = f"stock_result_{args['choice']}"
    elif code == "no_layoffs" and f"step_no_layoffs_{args.get('outcome')}" in S:
        code = f"no_layoffs_{args['outcome']}"
    elif code in ("spread", "defender_melds"):
        args["who"] = S["Knocker"] if code == "spread" else S["Defender"]
    elif code == "sum" and len(args["values"]) == 1:
        code = "sum_one"  # "Deadwood: 3." (not "3 = 3")
    elif code in ("lead", "game_lead"):
        args["a"], args["b"] = args.pop("totals")
        if args["leader"] == "none":
            code = f"{code}_none"
    for key, value in step["args"].items():
        if value == [] and f"step_{code}_no_{key}" in S:
            return f"{code}_no_{key}", args
    return code, args


def step_nodes(S: dict[str, Any], step: dict[str, Any]) -> list[nodes.Node]:
    code, args = step_key(S, step)
    if step["code"] == "layoff":
        meld = args["meld"]
        run = len({c[1] for c in meld}) == 1
        return sentence_nodes(S, S["layoff_run" if run else "layoff_set"], args)
    if step["code"] == "score":
        terms = " + ".join(
            str(S["term"]).format(label=S.get(f"term_{t['code']}", t["code"]), value=t["value"])
            for t in args["terms"]
        )
        if len(args["terms"]) == 1:
            score = str(S["score_one"]).format(term=terms)
        else:
            score = str(S["score"]).format(terms=terms, points=args["points"])
        totals = str(S["totals"]).format(
            knocker=args["knocker_deadwood"], defender=args["defender_deadwood"]
        )
        score = str(S["sentence"]).format(text=score)
        return [nodes.Text(f"{totals} {S['outcome_' + args['outcome']]} {score}")]
    if step["code"] == "row":
        player = args["player"]
        entry = sheet_entry({**args, "player": None if player is None else "AB".index(player)})
        a, b = args["totals"]
        key = "step_row" if args["kind"] in ("deal", "entered", "dead") else "step_row_total"
        return [nodes.Text(str(S[key]).format(deal=args["deal"], entry=entry, a=a, b=b))]
    if step["code"] == "game_rows":
        entries = ". ".join(
            sheet_entry(
                {**row, "player": None if row["player"] is None else "AB".index(row["player"])}
            )
            for row in args["rows"]
        )
        a, b = args["totals"]
        text = str(S["step_game_rows"]).format(
            deal=args["deal"], game=args["game"], entries=entries, a=a, b=b
        )
        return [nodes.Text(text)]
    if f"step_{code}" not in S:
        raise ValueError(f"no wording for the exercise step {code!r}")
    return sentence_nodes(S, S[f"step_{code}"], args, step["code"])


def hand_rows(S: dict[str, Any], data: dict[str, Any]) -> list[nodes.Node]:
    """The cards (and what else) an exercise shows, as the script shows them."""
    rows: list[nodes.Node] = []
    if data["kind"] == "showdown":
        spread = [meld_group(S, meld) for meld in data["spread"]]
        rows.append(
            cardrow_node(
                [group_node(str(S["Hand"]), cards_of(data["knocker"]), "gr-hand-cards")],
                str(S["Knocker"]),
            )
        )
        rows.append(cardrow_node(spread, str(S["Spread"])))  # type: ignore[arg-type]
        rows.append(
            cardrow_node(
                [group_node(str(S["Hand"]), cards_of(data["defender"]), "gr-hand-cards")],
                str(S["Defender"]),
            )
        )
    elif data["kind"] == "stock_end":
        rows.append(paragraph([nodes.Text(str(S["stock_before"]).format(n=data["stock_left"]))]))
        moves = nodes.enumerated_list("", classes=["gr-moves"])
        for move in data["moves"]:
            moves += nodes.list_item("", paragraph(move_nodes(S, move)))
        rows.append(moves)
        rows.append(
            cardrow_node(
                [group_node(str(S["Hand"]), cards_of(data["cards"]), "gr-hand-cards")],
                str(S["last_hand"]),
            )
        )
    elif data["kind"] == "sheet":
        rows.append(
            paragraph([nodes.Text(str(S["sheet_scoring"]).format(scheme=scheme_name(S, data)))])
        )
        deals = nodes.enumerated_list("", classes=["gr-deals"])
        for deal in data["deals"]:
            deals += nodes.list_item("", paragraph([nodes.Text(deal_text(S, deal))]))
        rows.append(deals)
    elif data["cards"]:
        rows.append(
            cardrow_node([group_node(str(S["Hand"]), cards_of(data["cards"]), "gr-hand-cards")])
        )
    if data.get("upcard"):
        rows.append(
            cardrow_node([group_node(str(S["Upcard"]), [Card.parse(data["upcard"])], "gr-upcard")])
        )
    return rows


def move_nodes(S: dict[str, Any], move: dict[str, Any]) -> list[nodes.Node]:
    key = "draw_stock_hidden" if move["code"] == "draw_stock" and not move["card"] else move["code"]
    args = {"player": move["player"], **({"card": move["card"]} if move["card"] else {})}
    return sentence_nodes(S, S[key], args)


def scheme_name(S: dict[str, Any], data: dict[str, Any]) -> str:
    scheme = f"game{data['target']}" if data["scheme"] == "game" else data["scheme"]
    return str(S[f"scheme_{scheme}"])


def deal_text(S: dict[str, Any], deal: dict[str, Any]) -> str:
    if deal["outcome"] == "dead":
        return str(S["row_dead"])
    outcome = S[f"outcome_word_{deal['outcome']}"]
    return str(S["row_deal"]).format(player=deal["player"], points=deal["points"], outcome=outcome)


def answer_phrase(
    S: dict[str, Any], data: dict[str, Any], answer: dict[str, Any], key: str
) -> str | None:
    """The phrases of an answer said as a whole (as ginrules-exercises.mjs): a choice,
    who scores how much, who leads by how much; ``None`` for the other keys."""
    value = answer[key]
    if key == "choice":
        code = next(c["code"] for c in data["choices"] if c["value"] == value)
        return str(S[f"answer_choice_{code}"])
    if key == "winner":
        return str(S[f"answer_winner_{value}"]).format(points=answer["points"])
    if key == "leader":
        if value == "none":
            return str(S["answer_leader_none"])
        return str(S["answer_leader"]).format(player=value, lead=answer["lead"])
    return None


# the keys said with another one (the points with the winner, the lead with the leader)
JOINED = {"points": "winner", "lead": "leader"}


def answer_nodes(
    S: dict[str, Any], data: dict[str, Any], answer: dict[str, Any]
) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for key, value in answer.items():
        if JOINED.get(key) in answer:
            continue
        phrase = answer_phrase(S, data, answer, key)
        template = S.get(f"answer_{key}")
        if template is None and phrase is None:
            continue
        if out:
            out.append(nodes.Text(", "))
        if phrase is not None:
            out.append(nodes.Text(phrase))
            continue
        if key == "layoffs" and not value:
            out.append(nodes.Text(str(S["answer_layoffs_none"])))
            continue
        out.extend(template_nodes(str(template), value=field_nodes(S, value)))
    return out


def probe_answer(data: dict[str, Any]) -> dict[str, Any]:
    """An answer of the right shape, whatever it is worth: its verdict carries the
    engine's accepted answers and worked solution."""
    form = data["answer_form"]
    if form == "number":
        return {"deadwood": 0}
    if form == "card":
        return {"card": data["cards"][0]}
    if form == "choice":
        return {"choice": data["choices"][0]["value"]}
    if form == "leader+number":
        return {"leader": "A", "lead": 0}
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


def static_exercise(variant: str, kind: str, level: int, seed: int) -> nodes.Node:
    """One exercise computed now, with its question and, behind a disclosure, the answer
    and the engine's working."""
    rules = find_variant(variant)
    S = words_for(rules)
    exercise = make_exercise(rules, kind, level, seed)
    data = exercise.to_dict()
    S = outcome_words(S, data)
    verdict = check_answer(exercise, probe_answer(data)).to_dict()
    box = nodes.container("", classes=["gr-exercise-static"])
    box["ids"] = [f"exercise-{variant}-{kind}-{level}-{seed}"]
    title = str(S["exercise_of"]).format(
        kind=S[f"kind_{kind}"], variant=variant_name(rules), level=level
    )
    box += paragraph([nodes.strong("", title)], "gr-exercise-title")
    question = data["question"]
    box += paragraph(
        sentence_nodes(S, S[f"question_{question['code']}"], question["args"]), "gr-question"
    )
    box += hand_rows(S, data)
    details = gr_details()
    details += gr_summary("", str(_("Solution")))
    answers: list[nodes.Node] = []
    for i, answer in enumerate(verdict["accepted"]):
        if i:
            answers.append(nodes.Text(f" {S['or']} "))
        answers.extend(answer_nodes(S, data, answer))
    details += paragraph(
        template_nodes(str(_("The answer: {answer}.")), answer=answers), "gr-accepted"
    )
    steps = nodes.enumerated_list("", classes=["gr-steps"])
    for step in verdict["steps"]:
        steps += nodes.list_item("", paragraph(step_nodes(S, step)))
    details += steps
    page = rule_page(verdict["rule"])
    link = nodes.reference(
        "",
        str(S["rule_section"]).format(page=page_title(page)),
        refuri=f"{page}.html#{verdict['rule']}",
    )
    details += paragraph(template_nodes(str(S["rule_link"]), section=[link]), "gr-rule-link")
    box += details
    return box


def page_title(page: str) -> str:
    """A variant page's name in the page's language (the Hollywood page's too)."""
    if page == "hollywood":
        # Translators: the Hollywood page's title, as its heading says it (French
        # « Décompte Hollywood », with a capital; mid-sentence the option is lower case).
        return pgettext("page title", "Hollywood scoring")
    variant = next(name for name, p in VARIANTS.items() if p == page)
    return variant_name(find_variant(variant))


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
        for variant in VARIANTS:
            rules = find_variant(variant)
            section = nodes.container("", classes=["gr-exercises-variant"])
            section += paragraph([nodes.strong("", variant_name(rules))], "gr-exercises-heading")
            for kind, level, seed in STATIC_EXERCISES:
                if kind in kinds_for(rules):
                    section += static_exercise(variant, kind, level, seed)
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
            "words": {
                key: text.forms() if isinstance(text, Plural) else str(text)
                for key, text in variant_words(rules).items()
            },
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
        "pages": {page: page_title(page) for page in PAGES},
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
        '<p class="gr-error" id="gr-answer-error" role="alert"></p>'
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
    self.body.append(
        page_strings_html(
            {
                **common_strings(),
                **exercise_strings(),
                **notation_strings(page_notation(self.builder.config.language)),
                "plural_rule": page_plural_expression(self.builder.config),
            }
        )
    )
    self.body.append("</section>\n")


# --- links from the other pages ------------------------------------------------------------


def rule_link_texts() -> dict[str, Any]:
    """The links "practise this rule" at the end of a rule's section, by kind."""
    return {
        "count": _("Practise this rule: count the deadwood of a hand"),
        "discard": _("Practise this rule: choose the best discard"),
        "go_out": _("Practise this rule: may this hand go out?"),
        "showdown": _("Practise this rule: settle a showdown"),
        "stock_end": _("Practise this rule: the end of the stock"),
        "sheet": _("Practise this rule: read a score sheet"),
    }


class ExerciseLinkRole(SphinxRole):
    """``{gin-exercise-link}`straight```: "Practise these rules: exercises of Straight
    Gin", a link to the exercises page with that variant chosen
    (``exercises.html#exercises=straight``); ``straight/showdown``: "Practise this rule:
    settle a showdown", with that kind chosen too; ``hollywood``: "Practise this rule:
    read a Hollywood score sheet", the standard rules' score sheets at the level whose
    sheets are Hollywood's (``exercises.html#exercises=standard/sheet/3``)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        if self.text.strip() == "hollywood":
            node = nodes.reference(
                self.rawtext,
                str(_("Practise this rule: read a Hollywood score sheet")),
                classes=["gr-exercise-link"],
            )
            node["gr_exercises"] = f"standard/sheet/{HOLLYWOOD_LEVEL}"
            return [node], []
        variant, _slash, kind = self.text.strip().partition("/")
        if variant not in VARIANTS or (kind and kind not in kinds_for(variant)):
            logger.error(
                f"{self.name}: {self.text!r} is not a variant (with a kind of exercise) of the "
                f"exercises page: {', '.join(VARIANTS)}; {', '.join(KINDS)}",
                location=self.get_location(),
            )
            return [nodes.Text(self.text)], []
        if kind:
            text = str(rule_link_texts()[kind])
        else:
            name = variant_name(find_variant(variant))
            text = str(_("Practise these rules: exercises of {variant}")).format(variant=name)
        node = nodes.reference(self.rawtext, text, classes=["gr-exercise-link"])
        node["gr_exercises"] = self.text.strip()
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
    add_static(app, "ginrules-exercises")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.live.widgets")
    app.add_node(gr_exercises, html=(visit_exercises_html, depart_exercises_html))
    app.add_node(gr_details, html=(visit_details_html, depart_details_html))
    app.add_node(gr_summary, html=(visit_summary_html, depart_summary_html))
    app.add_directive("gin-exercises", ExercisesDirective)
    app.add_role("gin-exercise-link", ExerciseLinkRole())
    app.connect("doctree-resolved", _resolve)
    app.connect("builder-inited", _add_static)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
