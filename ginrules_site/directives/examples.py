"""Worked examples computed by the engine while Sphinx reads the page.

Directives (MyST shown; reStructuredText takes the same options)::

    ```{gin-hand} 7H 8H 9H KS KH KD 2C 5D AS 3C
    :variant: standard
    :deadwood: 8
    :going-out: knock

    A caption: any text, translated with the page.
    ```

    ```{gin-showdown}
    :knocker: ...10 cards after the discard (11 for a big gin)...
    :defender: ...10 cards...
    :upcard: 7S
    :outcome: undercut
    :points: 32
    ```

    ```{gin-compare} standard straight
    ```

    A knock needs {gin-rule}`standard.knock_max_deadwood` points or less.

``gin-hand`` shows the optimal melds and the deadwood (for 11 cards, the best
discard first) and whether the hand may go out. ``gin-showdown`` shows the spread,
the defender's melds, each lay-off in order, the outcome and a score line whose
terms add up ("difference 7 + undercut bonus 25 = 32"); scored from both hands, it
spreads by the convention of :mod:`ginrules.showdown` (among the knocker's
arrangements of least deadwood, the one that leaves the defender the most deadwood).
``gin-compare`` is the table of every rule knob that differs between two presets.
The role ``gin-rule`` prints one number of a preset (``{gin-rule}`standard.gin_bonus```
is 25), for sentences that state a rule.

Claim options (``:deadwood:``, ``:discard:``, ``:going-out:``, ``:drawn:``,
``:outcome:``, ``:winner:``, ``:points:``, ``:layoffs:``, ``:laid-off:``, ...) state
what the surrounding prose says; in a caption, ``{gin-example}`deadwood``` prints the
example's own number, and ``{gin-example}`discard:acc``` its card, with the article and
in the case the sentence needs (see :class:`ExampleRole`). When the engine disagrees,
or cannot compute the example, the directive
reports one error line through Sphinx's logger, naming the page and the line
(``docs/standard.md:42: ERROR: gin-hand claims deadwood 7, the engine computes 9
(...)``), leaves the example out and makes the build exit non-zero: with ``-W``
as any warning does, and without it through ``app.statuscode``. Pages with such
an error are read again by the next build, so the error is reported until fixed.

Everything the directives write is translated through the ``ginrules_site``
catalog; the caption (the directive's content) is translated with the page.
Text, LaTeX and other builders get a plain-text rendering.
"""

from __future__ import annotations

import hashlib
import re
import string
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar, NoReturn

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

import ginrules
from ginrules.cards import CARDS, Card, parse_hand
from ginrules.cases import CASE_NAMES, parse_case
from ginrules.coach.reports import hand
from ginrules.errors import GinRulesError, IllegalKnockError
from ginrules.going_out import GoingOut
from ginrules.melds import Arrangement, Meld
from ginrules.rules import Rules, find_variant, options
from ginrules.showdown import ShowdownResult, showdown
from ginrules_site.cards_html import (
    card_name,
    card_node,
    cardrow_node,
    definite_card_name,
    gr_card,
    gr_example,
    gr_group,
    group_node,
)
from ginrules_site.messages import Plural, _, fill, ngettext

logger = logging.getLogger(__name__)


class ExampleError(Exception):
    """An example that the engine cannot compute, or a claim that it contradicts.

    Raised inside a directive and reported by :meth:`ExampleDirective.run` as one
    error line with the page and line; it never reaches Sphinx as a crash.
    """


# --- wording -------------------------------------------------------------------------


def variant_name(rules: Rules) -> str:
    """The display name of a preset in the page's language."""
    names = {
        "standard": _("Standard Gin Rummy"),
        "straight": _("Straight Gin"),
        "oklahoma": _("Oklahoma Gin"),
        "french": _("Gin Rami (French rules)"),
        "hollywood": _("Hollywood Gin"),
        "classic": _("Classic school (older rule books)"),
    }
    if rules.name not in names:
        logger.warning("ginrules_site: no display name for the variant %r", rules.name)
        return rules.name
    return str(names[rules.name])


def meld_label(meld: Meld) -> str:
    if meld.kind == "run":
        # Translators: a meld of three or more cards of one suit in sequence (French: suite,
        # Swedish: stege).
        return str(_("Run"))
    # Translators: French distinguishes a brelan (three cards) from a carré (four).
    return str(_("Set") if len(meld.cards) < 4 else _("Set of four"))


def term_label(code: str) -> str:
    labels = {
        "difference": _("difference"),
        "opponent_deadwood": _("opponent's deadwood"),
        "big_gin_bonus": _("big gin bonus"),
        "spade_double": _("spade upcard doubling"),
    }
    if code not in labels:
        logger.warning("ginrules_site: no wording for the score term %r", code)
        return code
    return str(labels[code])


def template_nodes(template: str, **parts: str | nodes.Node | list[nodes.Node]) -> list[nodes.Node]:
    """Fill a translated template whose fields may be nodes (cards, groups)."""
    out: list[nodes.Node] = []
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        if literal:
            out.append(nodes.Text(literal))
        if field is None:
            continue
        value = parts[field]
        if isinstance(value, str):
            out.append(nodes.Text(value))
        elif isinstance(value, list):
            out.extend(value)
        else:
            out.append(value)
    return out


def cards_inline(cards: Iterable[Card], classes: Sequence[str] = ()) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, card in enumerate(cards):
        if i:
            out.append(nodes.Text(" "))
        out.append(card_node(card, classes))
    return out


def paragraph(children: Iterable[nodes.Node], *classes: str) -> nodes.paragraph:
    para = nodes.paragraph("", "", *children, classes=["gr-summary", *classes])
    para["translatable"] = False
    return para


def deadwood_line(cards: Sequence[Card], total: int, rules: Rules) -> nodes.paragraph:
    words = dead_words(rules)
    if len(cards) > 1:
        terms = " + ".join(str(rules.card_value(c)) for c in cards)
        text = str(words["deadwood_terms"]).format(terms=terms, total=total)
    else:
        text = str(words["deadwood_total"]).format(total=total)
    return paragraph([nodes.Text(text)], "gr-deadwood-total")


def dead_words(rules: Rules | None = None) -> dict[str, Any]:
    """The words of the cards in no meld and their total; with ``rules``, the variant's own
    words over them (:func:`showdown_words`: Gin Rami's count)."""
    words = {
        "Deadwood": _("Deadwood"),
        "deadwood_terms": _("Deadwood: {terms} = {total}"),
        "deadwood_total": _("Deadwood: {total}"),
        "gin": _("Gin: the hand may go out with no deadwood."),
        "big_gin": _("Big gin: all eleven cards are in melds, with no discard."),
    }
    return words if rules is None else {**words, **showdown_words(rules)}


def going_out_text(result: GoingOut, rules: Rules) -> str:
    fields = {
        "deadwood": result.deadwood,
        "limit": result.limit,
        "melded": result.melded,
        "minimum": rules.knock_min_melded,
    }
    if result.allowed:
        if result.kind in ("gin", "big_gin"):
            msg = dead_words(rules)[result.kind]
        else:
            msg = going_out_templates()["go_down" if result.limit is None else "knock"]
    else:
        reasons = {**reason_messages(), **showdown_words(rules)}
        if result.reason not in reasons:
            logger.warning("ginrules_site: no wording for the reason %r", result.reason)
        msg = reasons.get(result.reason or "", reasons["not_allowed"])
    return fill(msg, **fields)


def going_out_templates() -> dict[str, Any]:
    """The sentences of a hand that may go out (the widgets' keys)."""
    return {
        "go_down": ngettext(
            "May go down: {melded} card is in melds.",
            "May go down: {melded} cards are in melds.",
            "melded",
        ),
        "knock": ngettext(
            "May knock: deadwood {deadwood}, limit {limit}.",
            "May knock: deadwood {deadwood}, limit {limit}.",
            "deadwood",
        ),
    }


def reason_messages() -> dict[str, Any]:
    """The reader's wording of every code the engine gives for refusing something:
    the error codes (``ginrules.errors``), the going-out reasons
    (``ginrules.going_out.REASONS``) and the reasons of a deal's moves
    (``ginrules.deal``). Build-time examples and the live widgets use this table."""
    table = {
        # ginrules.errors
        "error": _("The engine refused this input."),
        "card": _("These cards cannot be read."),
        # {example} is filled in the page's notation (notation.notation_strings)
        "unknown_card": _(
            "{token} is not a card. Write a rank then a suit, for example {example}."
        ),
        "duplicate_card": _("{card:Nom} is given twice."),
        "hand_size": ngettext(
            "{count} card: this needs {expected}.", "{count} cards: this needs {expected}.", "count"
        ),
        "unknown_variant": _("Unknown variant: {name}."),
        "unknown_notation": _("Unknown card notation: {name}."),
        "illegal_knock": _("This hand may not knock."),
        "illegal_action": _("That move is not allowed now."),
        "match_over": _("The match is over."),
        # ginrules.going_out
        "over_limit": ngettext(
            "May not knock: deadwood {deadwood} is over the limit of {limit}.",
            "May not knock: deadwood {deadwood} is over the limit of {limit}.",
            "deadwood",
        ),
        "gin_only": _("May not go out: these rules end a deal only with gin."),
        "ace_upcard": _("May not knock: an ace upcard allows only gin."),
        "too_few_melded": ngettext(
            "May not go down: {melded} card in melds, fewer than {minimum}.",
            "May not go down: {melded} cards in melds, fewer than {minimum}.",
            "melded",
        ),
        "wrong_count": _("Going out needs 10 cards after the discard."),
        "no_big_gin": _(
            "These rules have no big gin: eleven cards never go out. Discard one card first."
        ),
        "not_all_melded": _(
            "Eleven cards go out only when all eleven are in melds (big gin): discard first."
        ),
        "not_allowed": _("May not go out."),
        "bad_spread": _("Those melds are not a way to lay down this hand with the least deadwood."),
        # ginrules.deal
        "not_big_gin": _("Not a big gin: not every card is in a meld."),
        "deal_over": _("The deal is over."),
        "not_your_turn": _("It is the other player's turn."),
        "offer_pending": _("First take the upcard or pass."),
        "no_offer": _("Passing is only for the upcard, on the first turn."),
        "must_draw": _("Draw a card first."),
        "must_discard": _("You have drawn: now discard."),
        "upcard_refused": _("Both players refused the upcard: draw from the stock."),
        "stock_end": _("The last cards of the stock are never drawn."),
        "stock_empty": _("The stock is empty."),
        "discard_empty": _("The discard pile is empty."),
        "not_in_hand": _("{card:Nom} is not in the hand."),
        "just_taken": _("{card:Nom} was just taken from the discard pile: keep it this turn."),
        "not_gin": ngettext(
            "Not gin: deadwood {deadwood} is left.",
            "Not gin: deadwood {deadwood} is left.",
            "deadwood",
        ),
        "is_gin": _("That hand is gin: declare gin, not a knock."),
        "unknown_action": _("That is not a move."),
        "bad_dealer": _("The dealer must be one of the two players."),
        "bad_deck": _("A deck must hold each of the 52 cards once."),
        "log_mismatch": _("That log does not describe a deal."),
    }
    return {code: text if isinstance(text, Plural) else str(text) for code, text in table.items()}


def going_out_claim(result: GoingOut) -> str:
    if not result.allowed or result.kind is None:
        return "no"
    return result.kind.replace("_", "-")


# --- directives ------------------------------------------------------------------------


def _card_option(text: str) -> str:
    return text.strip()


class ExampleDirective(SphinxDirective):
    """Shared plumbing: the variant, cards, claims, the frame and its caption."""

    has_content = True
    example_class: ClassVar[str] = ""
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "variant": directives.unchanged_required,
        "upcard": _card_option,
    }

    def run(self) -> list[nodes.Node]:
        try:
            return self.example_nodes()
        except ExampleError as error:
            report_example_error(self, str(error))
            return []

    def example_nodes(self) -> list[nodes.Node]:
        """The example's nodes; :meth:`fail` stops it with an error for the page."""
        raise NotImplementedError

    def fail(self, message: str) -> NoReturn:
        raise ExampleError(f"{self.name}: {message}")

    def contradict(self, claim: str, engine: str) -> NoReturn:
        """Stop on a claim of the page that the engine contradicts."""
        raise ExampleError(f"{self.name} claims {claim}, {engine}")

    def rules(self) -> Rules:
        name = self.options.get("variant", self.config.ginrules_default_variant)
        try:
            return find_variant(name)
        except GinRulesError as error:
            self.fail(str(error))

    def cards(self, text: str, sizes: Sequence[int] | None = None) -> list[Card]:
        try:
            return parse_hand(text, sizes=sizes)
        except GinRulesError as error:
            self.fail(str(error))

    def upcard(self) -> Card | None:
        text = self.options.get("upcard")
        if not text:
            return None
        try:
            return Card.parse(text)
        except GinRulesError as error:
            self.fail(str(error))

    def claim(self, option: str, actual: object, what: str) -> None:
        """Stop the build when the option states something else than the engine."""
        if option in self.options and self.options[option] != actual:
            self.contradict(
                f"{option} {self.options[option]}", f"the engine computes {actual} ({what})"
            )

    def frame(self, rules: Rules, facts: dict[str, object] | None = None) -> gr_example:
        """The example's frame and its caption; ``facts`` are what the role
        ``gin-example`` may print in that caption (a card or a number)."""
        example = gr_example("", classes=[self.example_class], variant=rules.name)
        example["facts"] = {
            name: f"card:{value.code}" if isinstance(value, Card) else str(value)
            for name, value in (facts or {}).items()
        }
        self.set_source_info(example)
        if self.content:
            caption = nodes.container("", classes=["gr-caption"])
            caption += self.parse_content_to_nodes()
            example += caption
        return example


def arrangement_groups(
    arrangement: Arrangement, rules: Rules, dead_label: str | None = None
) -> list[gr_group]:
    groups = [group_node(meld_label(m), m.cards, f"gr-meld gr-{m.kind}") for m in arrangement.melds]
    if arrangement.unmatched:
        groups.append(
            group_node(
                dead_label or str(dead_words(rules)["Deadwood"]),
                arrangement.unmatched,
                "gr-deadwood",
                ["gr-dead"],
            )
        )
    return groups


class HandDirective(ExampleDirective):
    """``gin-hand``: optimal melds and deadwood; for 11 cards, the best discard."""

    required_arguments = 1
    final_argument_whitespace = True
    example_class = "gr-hand"
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        **ExampleDirective.option_spec,
        "deadwood": directives.nonnegative_int,
        "discard": _card_option,
        "going-out": lambda arg: directives.choice(arg, ("knock", "gin", "big-gin", "no")),
        "drawn": _card_option,
    }

    def example_nodes(self) -> list[nodes.Node]:
        rules = self.rules()
        cards = self.cards(self.arguments[0], sizes=range(1, 12))
        upcard = self.upcard()
        what = f"{rules.name} rules, hand {' '.join(c.code for c in cards)}"
        facts = self.drawn_facts(cards)
        rows: list[nodes.Node] = []
        try:
            report = hand(cards, rules, upcard)
        except GinRulesError as error:
            self.fail(str(error))
        arrangement, going, discards = report.arrangement, report.going_out, report.discards
        if discards is not None:
            if discards[0] is None:
                self.claim("discard", "none", f"big gin, {what}")
            else:
                if "discard" in self.options:
                    claimed = self.cards(self.options["discard"], sizes=(1,))[0]
                    if claimed not in discards:
                        best_codes = " or ".join(d.code for d in discards if d)
                        self.contradict(
                            f"the best discard is {claimed.code}",
                            f"the engine finds {best_codes} ({what})",
                        )
                shown = [d for d in discards if d is not None]
                discard_group = group_node(str(_("Best discard")), shown, "gr-discard", ["gr-dead"])
                rows.append(cardrow_node([discard_group]))
                facts["discard"] = discards[0]

        self.claim("deadwood", arrangement.deadwood, what)
        if going is not None:
            self.claim("going-out", going_out_claim(going), what)
        facts["deadwood"] = arrangement.deadwood
        # what the hand shown may do: knock, gin, big_gin or no (the meld finder's hook)
        self.verdict = going.kind if going is not None and going.allowed and going.kind else "no"
        if len(arrangement.unmatched) == 1:
            facts["unmatched"] = arrangement.unmatched[0]
        self.env.temp_data["gin-last-hand"] = cards
        example = self.frame(rules, facts)
        example += rows
        if upcard is not None:
            example += cardrow_node([group_node(str(_("Upcard")), [upcard], "gr-upcard")])
        example += cardrow_node(arrangement_groups(arrangement, rules))
        example += deadwood_line(arrangement.unmatched, arrangement.deadwood, rules)
        if going is not None:
            example += paragraph([nodes.Text(going_out_text(going, rules))], "gr-going-out")
        return [example]

    def drawn_facts(self, cards: list[Card]) -> dict[str, object]:
        """``:drawn: 5C``: this hand is the page's previous ``gin-hand`` after drawing
        that card; the build stops when it is not (a card the hand never held)."""
        if "drawn" not in self.options:
            return {}
        drawn = self.cards(self.options["drawn"], sizes=(1,))[0]
        before: list[Card] | None = self.env.temp_data.get("gin-last-hand")
        if before is None:
            self.fail("the option :drawn: needs a gin-hand before it on the page")
        expected = sorted([*before, drawn])
        if drawn in before or sorted(cards) != expected:
            self.contradict(
                f"this hand is the previous one after drawing {drawn.code}",
                "but the previous hand plus that card is " + " ".join(c.code for c in expected),
            )
        return {"drawn": drawn}


class ShowdownDirective(ExampleDirective):
    """``gin-showdown``: spread, lay-offs in order, outcome and score line."""

    example_class = "gr-showdown"
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        **ExampleDirective.option_spec,
        "knocker": directives.unchanged_required,
        "defender": directives.unchanged_required,
        "outcome": lambda arg: directives.choice(arg, ("knock", "undercut", "gin", "big-gin")),
        "winner": lambda arg: directives.choice(arg, ("knocker", "defender")),
        "points": directives.nonnegative_int,
        "layoffs": directives.nonnegative_int,
        "knocker-deadwood": directives.nonnegative_int,
        "defender-deadwood": directives.nonnegative_int,
        "laid-off": directives.unchanged_required,
    }

    def example_nodes(self) -> list[nodes.Node]:
        rules = self.rules()
        for required in ("knocker", "defender"):
            if required not in self.options:
                self.fail(f"the option :{required}: is required")
        knocker = self.cards(self.options["knocker"], sizes=(10, 11))
        defender = self.cards(self.options["defender"], sizes=(10,))
        upcard = self.upcard()
        try:
            result = showdown(knocker, defender, rules, upcard)
        except IllegalKnockError as error:
            self.fail(f"the engine does not allow this knock ({error.reason}): {error}")
        except GinRulesError as error:
            self.fail(str(error))

        what = f"{rules.name} rules, knocker {' '.join(c.code for c in knocker)}"
        self.claim("outcome", result.outcome.replace("_", "-"), what)
        self.claim("winner", result.winner, what)
        self.claim("points", result.points, what)
        self.claim("layoffs", len(result.layoffs), what)
        self.claim("knocker-deadwood", result.knocker_deadwood, what)
        self.claim("defender-deadwood", result.defender_deadwood, what)
        if "laid-off" in self.options:
            claimed = [c.code for c in self.cards(self.options["laid-off"], sizes=range(1, 11))]
            laid_off = [layoff.card.code for layoff in result.layoffs]
            if claimed != laid_off:
                self.contradict(
                    f"the cards laid off are {' '.join(claimed)}",
                    f"the engine lays off {' '.join(laid_off) or 'nothing'} ({what})",
                )
        facts: dict[str, object] = {
            "points": result.points,
            "knocker-deadwood": result.knocker_deadwood,
            "defender-deadwood": result.defender_deadwood,
        }
        example = self.frame(rules, facts)
        example += showdown_nodes(result, rules, upcard)
        return [example]


def going_out_style(rules: Rules) -> str:
    """How a player ends a deal under ``rules``, for the words the site uses: ``knock``
    (with some deadwood, under a limit), ``gin_only`` (Straight Gin: nobody knocks) or
    ``going_down`` (Gin Rami: enough melded cards, no deadwood limit)."""
    if rules.gin_only:
        return "gin_only"
    if rules.knock_max_deadwood is None and rules.knock_min_melded > 0:
        return "going_down"
    return "knock"


def showdown_words(rules: Rules) -> dict[str, Any]:
    """The words of a showdown and of a deal log's going out, as this variant's rules make
    them: who went out is "the knocker" only where a player may knock with deadwood; where
    only gin ends a deal (Straight Gin) it is "the player who went gin"; where a player goes
    down by melding enough cards and no deadwood limit applies (Gin Rami), "the player who
    went down", whose gin is a *petit gin*, whose total is the *count*, and whose opponent's
    20 points are a bonus (the French rules have no word for the undercut). Keyed as the
    widgets' strings are; the build-time examples use the same table."""
    words: dict[str, Any] = {
        "Knocker": _("Knocker"),
        # Translators: the player who did not knock; "Opponent" below is the same player in the
        # variants without a knock.
        "Defender": _("Defender"),
        # Translators: the field of the showdown widget for the hand that ends the deal, by a
        # knock, a gin or a big gin: what the hand will do is not known until it is typed in.
        "knocker_hand": _("Hand of the player who goes out"),
        "defender_hand": _("Defender's hand"),
        "totals": _("Deadwood: knocker {knocker}, defender {defender}."),
        "outcome_knock": _("Knock: the knocker scores."),
        "outcome_undercut": _("Undercut: the defender scores."),
        "outcome_gin": _("Gin: the player who went gin scores."),
        "outcome_big_gin": _("Big gin: the player who went big gin scores."),
        "term_gin_bonus": _("gin bonus"),
        "term_undercut_bonus": _("undercut bonus"),
    }
    style = going_out_style(rules)
    # Who went out, named by what they did when it was a gin or a big gin (never "Knocker"):
    # the labels and the totals of a showdown with that outcome (see showdown_labels).
    words.update(
        {
            "Knocker_gin": _("Player who went gin"),
            "Defender_gin": _("Opponent"),
            "totals_gin": _("Deadwood: player who went gin {knocker}, opponent {defender}."),
            "Knocker_big_gin": _("Player who went big gin"),
            "Defender_big_gin": _("Opponent"),
            "totals_big_gin": _(
                "Deadwood: player who went big gin {knocker}, opponent {defender}."
            ),
        }
    )
    if style == "going_down":
        words.update(
            {
                "Knocker_gin": _("Player who went petit gin"),
                "totals_gin": _("Count: player who went petit gin {knocker}, opponent {defender}."),
                "Knocker_big_gin": _("Player who went grand gin"),
                "totals_big_gin": _(
                    "Count: player who went grand gin {knocker}, opponent {defender}."
                ),
            }
        )
    if style == "gin_only":
        words.update(
            {
                "Knocker": _("Player who went gin"),
                "Defender": _("Opponent"),
                "knocker_hand": _("Hand of the player who went gin"),
                "defender_hand": _("Opponent's hand"),
                "totals": _("Deadwood: player who went gin {knocker}, opponent {defender}."),
            }
        )
    elif style == "going_down":
        words.update(
            {
                "Knocker": _("Player who went down"),
                "Defender": _("Opponent"),
                "knocker_hand": _("Hand of the player who went down"),
                "defender_hand": _("Opponent's hand"),
                "totals": _("Count: player who went down {knocker}, opponent {defender}."),
                "outcome_knock": _("Going down: the player who went down scores."),
                "outcome_undercut": _(
                    "The opponent's count is lower or equal: the opponent scores, with a bonus."
                ),
                "outcome_gin": _("Petit gin: the player who went gin scores."),
                "outcome_big_gin": _("Grand gin: the player who went grand gin scores."),
                "term_gin_bonus": _("petit gin bonus"),
                "term_undercut_bonus": _("opponent's bonus"),
                # Gin Rami counts the cards left in hand (the page's "count"), not "deadwood".
                # Translators: Gin Rami: the label above the cards in no meld, which count against
                # their holder.
                "Deadwood": _("Left in hand"),
                "deadwood_terms": _("Count: {terms} = {total}"),
                "deadwood_total": _("Count: {total}"),
                "term_opponent_deadwood": _("opponent's count"),
                "term_big_gin_bonus": _("grand gin bonus"),
                "gin": _("Petit gin: every card is in a meld after the discard."),
                "not_gin": ngettext(
                    "Not petit gin: a count of {deadwood} is left.",
                    "Not petit gin: a count of {deadwood} is left.",
                    "deadwood",
                ),
                "bad_spread": _(
                    "Those melds are not a way to lay down this hand with the lowest count."
                ),
                "big_gin": _("Grand gin: all eleven cards are in melds, with no discard."),
                "not_all_melded": _(
                    "Eleven cards go out only when all eleven are in melds (grand gin): "
                    "discard first."
                ),
                "not_big_gin": _("Not a grand gin: not every card is in a meld."),
                "draw_stock+big_gin": _(
                    "Player {player} draws {drawn} from the stock and goes grand gin with all "
                    "eleven cards."
                ),
                "draw_discard+big_gin": _(
                    "Player {player} takes {drawn} from the discard pile and goes grand gin "
                    "with all eleven cards."
                ),
                "draw_stock+knock": _(
                    "Player {player} draws {drawn} from the stock, goes down and discards {card} "
                    "face down."
                ),
                "draw_discard+knock": _(
                    "Player {player} takes {drawn} from the discard pile, goes down and discards "
                    "{card} face down."
                ),
                "draw_stock+gin": _(
                    "Player {player} draws {drawn} from the stock, goes petit gin and discards "
                    "{card} face down."
                ),
                "draw_discard+gin": _(
                    "Player {player} takes {drawn} from the discard pile, goes petit gin "
                    "and discards {card} face down."
                ),
            }
        )
    return words


def showdown_labels(words: dict[str, Any], outcome: str) -> tuple[str, str, str]:
    """The labels of the player who went out and of the other, and the totals' sentence,
    for a showdown with this outcome: "Player who went gin" for a gin, "Knocker" for a knock
    (``renderShowdown`` of ``ginrules-render.mjs`` picks them alike)."""
    knocker, defender, totals = (
        str(words.get(f"{key}_{outcome}", words[key])) for key in ("Knocker", "Defender", "totals")
    )
    return knocker, defender, totals


def showdown_nodes(result: ShowdownResult, rules: Rules, upcard: Card | None) -> list[nodes.Node]:
    """The showdown drawn as nodes: upcard, spread, defender, lay-offs, score line."""
    example: list[nodes.Node] = []
    if upcard is not None:
        limit = rules.knock_limit(upcard)
        example.append(cardrow_node([group_node(str(_("Upcard")), [upcard], "gr-upcard")]))
        if rules.upcard_sets_knock_limit and limit is not None:
            text = str(_("The upcard sets the knock limit: {limit}.")).format(limit=limit)
            example.append(paragraph([nodes.Text(text)]))
        if rules.score_multiplier(upcard) > 1:
            example.append(paragraph([nodes.Text(str(_("A spade upcard doubles the score.")))]))

    words = showdown_words(rules)
    knocker, defender, totals_text = showdown_labels(words, result.outcome)
    spread = arrangement_groups(result.spread, rules)
    example.append(cardrow_node(spread, label=knocker))
    laid_off = [layoff.card for layoff in result.layoffs]
    defender_groups = [
        group_node(meld_label(m), m.cards, f"gr-meld gr-{m.kind}") for m in result.defender_melds
    ]
    if laid_off:
        defender_groups.append(
            # Translators: the label above the defender's cards laid off on the knocker's melds.
            group_node(str(_("Laid off")), laid_off, "gr-layoff", ["gr-laid-off"])
        )
    if result.defender_unmatched:
        defender_groups.append(
            group_node(
                str(words.get("Deadwood", _("Deadwood"))),
                result.defender_unmatched,
                "gr-deadwood",
                ["gr-dead"],
            )
        )
    example.append(cardrow_node(defender_groups, label=defender))

    if result.layoffs:
        example.append(layoff_list(result))
    totals = totals_text.format(knocker=result.knocker_deadwood, defender=result.defender_deadwood)
    example.append(paragraph([nodes.Text(totals)], "gr-deadwood-total"))
    example.append(paragraph([nodes.Text(str(words[f"outcome_{result.outcome}"]))], "gr-outcome"))
    terms = " + ".join(
        # Translators: one part of a score: a label and its points ("difference 9"); reorder if
        # needed.
        str(_("{label} {value}")).format(
            label=str(words.get(f"term_{t.code}") or term_label(t.code)), value=t.value
        )
        for t in result.terms
    )
    if len(result.terms) == 1:  # "difference 11", not "difference 11 = 11"
        line = str(_("Score: {term}")).format(term=terms)
    else:
        line = str(_("Score: {terms} = {points}")).format(terms=terms, points=result.points)
    example.append(paragraph([nodes.Text(line)], "gr-scoreline"))
    return example


def layoff_list(result: ShowdownResult) -> nodes.Node:
    """Each lay-off in order, onto the meld as it stands at that moment."""
    melds = [list(m.cards) for m in result.spread.melds]
    listing = nodes.enumerated_list("", classes=["gr-layoffs"], enumtype="arabic")
    for layoff in result.layoffs:
        target = melds[layoff.meld_index]
        kind = result.spread.melds[layoff.meld_index].kind
        template = (
            _("{card} onto the run {meld}") if kind == "run" else _("{card} onto the set {meld}")
        )
        parts = template_nodes(
            str(template), card=card_node(layoff.card), meld=cards_inline(target)
        )
        item = nodes.list_item("", paragraph(parts))
        listing += item
        # Show the meld as it grows: a card one rank below a run's first card
        # goes in front, any other at the end.
        if kind == "run" and (target[0].rank - layoff.card.rank) % 13 == 1:
            target.insert(0, layoff.card)
        else:
            target.append(layoff.card)
    return listing


# --- variant comparison --------------------------------------------------------------


def _yes_no(value: object) -> str:
    # Translators: the value of a yes/no rule in the rules table ("Runs round the corner: yes").
    return str(_("yes") if value else _("no"))


def _allowed(value: object) -> str:
    # Translators: the value of a rule in the rules table ("Knocking: allowed"); agree with the
    # rule's noun where your language must.
    return str(_("allowed") if value else _("not allowed"))


def _number(value: object) -> str:
    return str(value)


def _knock_limit(value: object) -> str:
    if value is None:
        return str(_("no deadwood test"))
    if value == 0:
        return str(_("0 (gin only)"))
    return str(value)


def _min_melded(value: object) -> str:
    return str(_("no minimum")) if value == 0 else str(value)


def _ace_limit(value: object) -> str:
    return str(_("gin only")) if value == 0 else str(value)


def _spades(value: object) -> str:
    words = {
        "none": _("nothing"),
        "all": _("every score of the deal"),
        "bonuses": _("the bonuses only"),
    }
    return str(words[str(value)])


def _stock_end(value: object) -> str:
    words = {
        "reshuffle": _("the discard pile is shuffled into a new stock"),
        "dead_hand": _("the deal ends with no score"),
    }
    return str(words[str(value)])


def _target(value: object) -> str:
    if value is None:
        # Translators: the value of "Game played to" in the rules table for a game of a single deal.
        return str(_("one deal"))
    return fill(ngettext("{n} point", "{n} points", "n"), n=value)


def _match(value: object) -> str:
    words = {
        "game": _("a game, with game and line bonuses"),
        "manche": _("manches, with manche bonuses"),
    }
    return str(words[str(value)])


def _shutout(value: object) -> str:
    words = {
        "double": _("the winner's points are doubled"),
        "bonus": _("a larger game bonus"),
    }
    return str(words[str(value)])


def knob_wording() -> dict[str, tuple[str, str, Callable[[object], str]]]:
    """Each knob of :class:`Rules`: its topic, its label and how to word its value.

    Topics follow the rows of the seeds' comparison tables, in page order.
    """
    cards = str(_("Cards and melds"))
    going = str(_("Going out"))
    scoring = str(_("Deal scoring"))
    layoff = str(_("Lay-off and undercut"))
    stock = str(_("End of the stock"))
    game = str(_("Game scoring"))
    return {
        "ace_value": (cards, _("Value of an ace"), _number),
        "face_value": (cards, _("Value of a jack, queen or king"), _number),
        "round_the_corner": (cards, _("Runs round the corner (Q-K-A, K-A-2)"), _yes_no),
        "gin_only": (
            going,
            _("Knocking"),
            lambda v: str(_("not allowed: gin only") if v else _("allowed")),
        ),
        "knock_max_deadwood": (going, _("Highest deadwood to knock"), _knock_limit),
        "upcard_sets_knock_limit": (going, _("The upcard sets the knock limit"), _yes_no),
        "ace_upcard_knock_limit": (going, _("Knock limit with an ace upcard"), _ace_limit),
        "knock_min_melded": (going, _("Cards that must be in melds to go down"), _min_melded),
        "big_gin": (going, _("Big gin: eleven cards in melds, no discard"), _allowed),
        "gin_bonus": (scoring, _("Gin bonus"), _number),
        "big_gin_bonus": (scoring, _("Big gin bonus"), _number),
        "spade_doubling": (scoring, _("A spade upcard doubles"), _spades),
        "layoffs": (layoff, _("Laying off after a knock"), _allowed),
        "layoff_on_gin": (layoff, _("Laying off on a gin"), _allowed),
        "undercut_bonus": (layoff, _("Undercut bonus"), _number),
        "tie_is_undercut": (layoff, _("Equal deadwood is an undercut"), _yes_no),
        "stock_end": (stock, _("When the stock runs out"), _stock_end),
        "dead_hand_cards": (stock, _("Stock cards that are never drawn"), _number),
        "game_target": (game, _("Game played to"), _target),
        "match_scoring": (game, _("Played as"), _match),
        "game_bonus": (game, _("Game bonus"), _number),
        "line_bonus": (game, _("Line bonus per deal won"), _number),
        # Translators: a row of the rules table: the rule for a game the loser ends without a point
        # (French: capot).
        "shutout": (game, _("Shutout"), _shutout),
        "shutout_game_bonus": (game, _("Game bonus for a shutout"), _number),
        "manche_bonus": (game, _("Manche bonus"), _number),
        "manche_shutout_bonus": (game, _("Manche bonus for a shutout"), _number),
        "petit_gin_manche_bonus": (game, _("Manche bonus per petit gin"), _number),
        "grand_gin_manche_bonus": (game, _("Manche bonus per grand gin"), _number),
    }


def page_words(rules: Rules) -> dict[str, Any]:
    """A variant's own words for what the build writes into the page and the scripts never
    say: the labels of the rules table, by knob, and the showdown widget's help
    (``help_big_gin``). Gin Rami's eleven-card gin is its grand gin, as in
    :func:`showdown_words`."""
    if going_out_style(rules) != "going_down":
        return {}
    return {
        "big_gin": _("Grand gin: eleven cards in melds, no discard"),
        "big_gin_bonus": _("Grand gin bonus"),
        "help_big_gin": _("10 cards after the discard, or 11 for a grand gin."),
    }


NOT_COMPARED = frozenset({"name", "aliases"})


def _game(r: Rules) -> bool:
    return r.match_scoring == "game"


def _manche(r: Rules) -> bool:
    return r.match_scoring == "manche"


def _knocks(r: Rules) -> bool:
    return not r.gin_only


# A knob that another knob switches off is shown as "does not apply", so that a
# table never compares a bonus that one of the variants never pays. (Laying off on
# a gin applies everywhere: every variant has gin, with or without knocking.)
APPLIES: dict[str, Callable[[Rules], bool]] = {
    "knock_max_deadwood": _knocks,
    "knock_min_melded": _knocks,
    "ace_upcard_knock_limit": lambda r: r.upcard_sets_knock_limit,
    "big_gin_bonus": lambda r: r.big_gin,
    "layoffs": _knocks,
    "undercut_bonus": _knocks,
    "tie_is_undercut": _knocks,
    "dead_hand_cards": lambda r: r.stock_end == "dead_hand",
    "game_bonus": _game,
    "line_bonus": _game,
    "shutout": _game,
    "shutout_game_bonus": lambda r: _game(r) and r.shutout == "bonus",
    "manche_bonus": _manche,
    "manche_shutout_bonus": _manche,
    "petit_gin_manche_bonus": _manche,
    "grand_gin_manche_bonus": _manche,
}


# A rule that is in force only with some values of its knob: a row whose rule is in
# force in neither variant (no minimum of melded cards, and no knocking at all) is
# left out, although the two values are worded differently.
IN_FORCE: dict[str, Callable[[Rules], bool]] = {
    "knock_min_melded": lambda r: _knocks(r) and r.knock_min_melded > 0,
}


def option_words() -> dict[str, str]:
    """The wording of each option of :data:`ginrules.rules.OPTIONS`."""
    return {
        "oklahoma": str(_("Oklahoma rules")),
        "one-deal": str(_("one deal")),
        "game-100": str(_("a game to 100")),
        "game-250": str(_("a game to 250")),
        "hollywood": str(_("Hollywood scoring")),
        "manche": str(_("one manche to 250")),
        "partie": str(_("a partie of several manches")),
    }


def _options(rules: Rules) -> str:
    words = option_words()
    chosen = options(rules)
    # Translators: the value of "Other options" in the rules table when a variant has none.
    return ", ".join(words[o] for o in chosen) if chosen else str(_("none"))


def rule_differences(a: Rules, b: Rules) -> list[tuple[str, str, str, str]]:
    """The rows (topic, label, value in ``a``, value in ``b``) of the knobs that differ,
    and last the options that combine with each (always shown)."""
    wording = knob_wording()
    da, db = a.to_dict(), b.to_dict()
    rows: list[tuple[str, str, str, str]] = []
    for knob in list(wording) + sorted(set(da) - set(wording)):
        if knob in NOT_COMPARED:
            continue
        if knob not in wording:
            if da.get(knob) != db.get(knob):
                logger.warning("ginrules_site: no wording for the Rules knob %r", knob)
                rows.append(("", knob, str(da.get(knob)), str(db.get(knob))))
            continue
        topic, label, word = wording[knob]
        applies = APPLIES.get(knob, lambda r: True)
        values = [
            word(data[knob]) if applies(rules) else str(_("does not apply"))
            for rules, data in ((a, da), (b, db))
        ]
        in_force = IN_FORCE.get(knob)
        if in_force is not None and not (in_force(a) or in_force(b)):
            continue
        # A rule is named in the words of the variants that have it, where they agree (Gin
        # Rami's grand gin beside a standard game without big gin), else in the general words.
        names = {
            str(page_words(rules).get(knob, label))
            for rules, data in ((a, da), (b, db))
            if applies(rules) and data[knob] is not False
        }
        if len(names) == 1:
            label = names.pop()
        if values[0] != values[1]:
            rows.append((topic, str(label), values[0], values[1]))
    other = str(_("Other options"))
    rows.append((other, str(_("May be played with")), _options(a), _options(b)))
    return rows


def _row(cells: Sequence[str], classes: Sequence[str] = ()) -> nodes.row:
    row = nodes.row("", classes=list(classes))
    for text in cells:
        para = nodes.paragraph("", text)
        para["translatable"] = False
        row += nodes.entry("", para)
    return row


def _topic_row(topic: str) -> nodes.row:
    row = _row([topic], ["gr-topic"])
    row[0]["morecols"] = 2
    return row


class CompareDirective(ExampleDirective):
    """``gin-compare``: the table of rule differences between two presets."""

    required_arguments = 2
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {}

    def example_nodes(self) -> list[nodes.Node]:
        try:
            a, b = (find_variant(name) for name in self.arguments)
        except GinRulesError as error:
            self.fail(str(error))
        rows = rule_differences(a, b)
        if not rows:
            self.fail(f"{a.name} and {b.name} have the same rules")
        table = nodes.table("", classes=["gr-compare"])
        group = nodes.tgroup("", cols=3)
        table += group
        for width in (40, 30, 30):
            group += nodes.colspec("", colwidth=width)
        head = nodes.thead()
        head += _row([str(_("Rule")), variant_name(a), variant_name(b)])
        group += head
        body = nodes.tbody()
        topic = None
        for row in rows:
            if row[0] != topic and row[0]:
                body += _topic_row(row[0])
            topic = row[0]
            body += _row(row[1:])
        group += body
        self.set_source_info(table)
        result: list[nodes.Node] = [table]
        if self.content:
            caption = nodes.container("", classes=["gr-caption"])
            caption += self.parse_content_to_nodes()
            result.insert(0, caption)
        return result


# --- rule constants in the text --------------------------------------------------------


class RuleRole(SphinxRole):
    """``{gin-rule}`standard.gin_bonus```: a number of a preset, printed from the engine.

    For sentences that state a rule (the knock limit, a bonus), so that the page
    says what the preset says. Only whole numbers: a knob that is a word or a
    switch is worded by the page, not printed.
    """

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        variant, _dot, knob = self.text.strip().partition(".")
        try:
            rules = find_variant(variant)
        except GinRulesError as error:
            return self.fail(str(error))
        value = rules.to_dict().get(knob)
        if isinstance(value, bool) or not isinstance(value, int):
            return self.fail(f"{rules.name} has no number named {knob!r}")
        node = nodes.inline(self.rawtext, str(value), classes=["gr-rule"])
        return [node], []

    def fail(self, message: str) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        logger.error(
            f"{self.name}: {message}",
            location=self.get_location(),
            type="ginrules",
            subtype="example",
        )
        errors = example_errors(self.env)
        errors[self.env.docname] = errors.get(self.env.docname, 0) + 1
        return [nodes.Text(self.text)], []


class gr_fact(nodes.inline):
    """A fact of the example around it (``{gin-example}`discard```), filled in by
    :func:`_fill_facts` once the page, or its translation, is read."""


class ExampleRole(SphinxRole):
    """``{gin-example}`deadwood```, ``{gin-example}`discard:acc```, in an example's
    caption: a number or card of that example, printed from the engine. A card is named
    as sentences name it, with its article, in the case written after the colon (``nom``,
    ``acc``, ``dat``, ``gen``; a capital first letter, ``Nom``, starts it with a capital:
    :mod:`ginrules.cases`), from the same catalog entries as the play page's sentences:
    "the five of clubs", « la dame de cœur », "klöver fem", German „den Kreuz-Buben“.
    A card field written without a case stops the build: each language's translator
    chooses the case of the slot. ``gin-hand`` gives ``discard`` (11 cards),
    ``deadwood``, ``unmatched`` (when one card is left over) and ``drawn`` (with
    ``:drawn:``); ``gin-showdown`` gives ``points``, ``knocker-deadwood`` and
    ``defender-deadwood``. Anything else, or the role outside a caption, stops the
    build with the page and line."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        node = gr_fact(
            self.rawtext, self.text.strip(), classes=["gr-fact"], field=self.text.strip()
        )
        self.set_source_info(node)
        return [node], []


def _fill_facts(app: Sphinx, doctree: nodes.document) -> None:
    """Print each ``gin-example`` fact from its example (after translation, so
    that translated captions get the same engine values)."""
    for node in list(doctree.findall(gr_fact)):
        field, _colon, case = node["field"].partition(":")
        example = node.parent
        while example is not None and not isinstance(example, gr_example):
            example = example.parent
        facts: dict[str, str] = example.get("facts", {}) if example is not None else {}
        if field not in facts:
            where = "its example" if example is not None else "this place"
            known = ", ".join(sorted(facts)) or "nothing"
            logger.error(
                f"gin-example: {where} has no {field!r} (it has {known}); the role works"
                " in the caption of a gin-hand or gin-showdown example",
                location=node,
                type="ginrules",
                subtype="example",
            )
            errors = example_errors(app.env)
            errors[app.env.docname] = errors.get(app.env.docname, 0) + 1
            node.replace_self(nodes.inline(node.rawsource, field, classes=["gr-fact"]))
            continue
        value = facts[field]
        problem = fact_problem(field, case, value)
        if problem:
            logger.error(
                f"gin-example: {problem}", location=node, type="ginrules", subtype="example"
            )
            errors = example_errors(app.env)
            errors[app.env.docname] = errors.get(app.env.docname, 0) + 1
            text = field
        elif value.startswith("card:"):
            text = format(definite_card_name(Card.parse(value[5:])), case)
        else:
            text = value
        node.replace_self(nodes.inline(node.rawsource, text, classes=["gr-fact"]))
    _check_named_cards(app, doctree)


def fact_problem(field: str, case: str, value: str) -> str | None:
    """What is wrong with ``{gin-example}`field:case``` for this fact, if anything: a card
    needs a case (its article and form depend on it), a case must be one of
    :data:`~ginrules.cases.CASE_NAMES`."""
    cases = ", ".join(f"{field}:{c}" for c in CASE_NAMES)
    if value.startswith("card:") and not case:
        return (
            f"{field!r} is a card, named with its article in the case the sentence needs:"
            f" write {cases} (Nom, Acc, ... for a capital first letter)"
        )
    if case and parse_case(case) is None:
        return f"unknown case {case!r} in {field}:{case}: write {cases}"
    return None


def _check_named_cards(app: Sphinx, doctree: nodes.document) -> None:
    """A card that a caption names in full ("the king of spades", « roi de pique »,
    "spader kung") must be one of its example's cards: the build stops otherwise."""
    names = {card_name(card).lower(): card.code for card in CARDS}
    pattern = re.compile(
        r"(?<!\w)("
        + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        + r")(?!\w)"
    )
    for example in doctree.findall(gr_example):
        held = {card["card"] for card in example.findall(gr_card)}
        for caption in example.findall(nodes.container):
            if "gr-caption" not in caption["classes"]:
                continue
            for para in caption.findall(nodes.paragraph):
                for found in pattern.findall(para.astext().lower()):
                    if names[found] in held:
                        continue
                    logger.error(
                        f"{example.get('kind', 'example')}: the caption names the {found}"
                        f" ({names[found]}), a card this example does not show",
                        location=para,
                        type="ginrules",
                        subtype="example",
                    )
                    errors = example_errors(app.env)
                    errors[app.env.docname] = errors.get(app.env.docname, 0) + 1


# --- errors: one line for the page, a non-zero exit for the build ---------------------


def example_errors(env: BuildEnvironment) -> dict[str, int]:
    """Pages whose examples failed, with the number of errors (kept in the environment)."""
    if not hasattr(env, "ginrules_example_errors"):
        env.ginrules_example_errors = {}
    errors: dict[str, int] = env.ginrules_example_errors
    return errors


def report_example_error(directive: SphinxDirective, message: str) -> None:
    """Log ``page:line: ERROR: message`` and remember the page for the exit status."""
    where = nodes.Element()
    directive.set_source_info(where)
    logger.error(message, location=where, type="ginrules", subtype="example")
    errors = example_errors(directive.env)
    errors[directive.env.docname] = errors.get(directive.env.docname, 0) + 1


def _purge_errors(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    example_errors(env).pop(docname, None)


def _merge_errors(
    app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment
) -> None:
    example_errors(env).update(example_errors(other))


def _reread_failed(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    # A page whose example failed is read again by the next build, so the error is
    # reported (and fails the build) until the page or the engine is fixed.
    return sorted(set(example_errors(env)) - removed)


def _fail_the_build(app: Sphinx, exception: BaseException | None) -> None:
    # With -W the logged errors already fail the build; without it, this does.
    if exception is None and example_errors(app.env):
        app.statuscode = 1


def engine_fingerprint() -> str:
    """The engine's version and a hash of its source: a new engine re-reads every page.
    The table of languages (``languages.py``: names, notations) decides no number, so a
    new language keeps the cached statistics."""
    digest = hashlib.sha256()
    package = Path(ginrules.__file__).parent
    for path in sorted(package.rglob("*.py")):
        if path.name == "languages.py":
            continue
        name = path.relative_to(package).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes())
    return f"{ginrules.__version__}-{digest.hexdigest()[:16]}"


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.cards_html")
    # Not for conf.py: its value changes with the engine's code, and a changed
    # value makes Sphinx read every page again (no stale numbers after an update).
    app.add_config_value("ginrules_engine_fingerprint", engine_fingerprint(), "env", types=[str])
    app.add_config_value("ginrules_default_variant", "standard", "env", types=[str])
    app.add_directive("gin-hand", HandDirective)
    app.add_directive("gin-showdown", ShowdownDirective)
    app.add_directive("gin-compare", CompareDirective)
    app.add_role("gin-rule", RuleRole())
    app.add_role("gin-example", ExampleRole())
    app.connect("doctree-read", _fill_facts)
    app.connect("env-purge-doc", _purge_errors)
    app.connect("env-merge-info", _merge_errors)
    app.connect("env-get-outdated", _reread_failed)
    app.connect("build-finished", _fail_the_build)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
