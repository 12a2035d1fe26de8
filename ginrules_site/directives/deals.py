"""Whole deals played by the engine's computer players, and figures measured by simulation.

Directives (MyST)::

    ```{gin-deal-log}
    :variant: straight
    :seed: 8
    :focus: stock-end
    :outcome: dead

    Caption, translated with the page.
    ```

    ```{gin-statistic}
    :variant: straight
    :measure: dead
    :deals: 1000
    ```

``gin-deal-log`` deals ``Deal.new(rules, seed, dealer)`` and lets two computer
players (``good``: ``GoodPlayer``; ``random``: ``RandomPlayer`` that always goes
out when it can) play it to its end; it shows both hands, the upcard, every turn
(``:focus: stock-end`` keeps the turns around the first reshuffle or dead end of
the stock) and the showdown or the dead deal. Claims: ``:outcome:``,
``:reshuffles:``, ``:turns:``.

``gin-statistic`` runs the engine's ``simulate`` while the page is built and
prints one figure with the number of deals behind it. Results are cached as
JSON under ``ginrules_cache_dir`` (default ``_build/.cache`` beside ``conf.py``),
keyed by the engine's fingerprint (version and source hash) and the parameters,
so the three languages and later builds reuse them. Claims: ``:at-least:`` and
``:at-most:`` (percent for shares, the value for averages).
"""

from __future__ import annotations

import copy
import fcntl
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

from ginrules.cards import Card
from ginrules.coach.reports import deal_log
from ginrules.deal import Deal
from ginrules.errors import GinRulesError
from ginrules.match import score_sheet
from ginrules.players import GoodPlayer, play_match
from ginrules.players.duels import simulate
from ginrules.rules import Rules
from ginrules_site.cards_html import card_node, cardrow_node, group_node
from ginrules_site.directives.examples import (
    ExampleDirective,
    paragraph,
    showdown_nodes,
    showdown_words,
    template_nodes,
    variant_name,
)
from ginrules_site.messages import Plural, _, ngettext

logger = logging.getLogger(__name__)

# --- deal log ----------------------------------------------------------------------------


def player_letter(player: int, dealer: int) -> str:
    """A player's name in the sentences ("Player {player} draws..."): the non-dealer is A."""
    return "A" if player != dealer else "B"


def player_name(player: int, dealer: int) -> str:
    """A player's label beside a hand: "Player A", in the page's language."""
    # Translators: the two players of an example deal: A plays first, B deals.
    return str(_("Player A") if player != dealer else _("Player B"))


def turn_sentences() -> dict[str, str]:
    """The sentence templates of a deal log, keyed by action (``"draw_stock+discard"`` for a
    draw and its discard) or event; shared by the deal log and the stock-end widget."""
    return {
        "draw_stock+discard": _(
            "Player {player} draws {drawn} from the stock and discards {card}."
        ),
        "draw_discard+discard": _(
            "Player {player} takes {drawn} from the discard pile and discards {card}."
        ),
        "draw_stock+knock": _(
            "Player {player} draws {drawn} from the stock, knocks and discards {card} face down."
        ),
        "draw_discard+knock": _(
            "Player {player} takes {drawn} from the discard pile, knocks and discards {card} "
            "face down."
        ),
        "draw_stock+gin": _(
            "Player {player} draws {drawn} from the stock, goes gin and discards {card} face down."
        ),
        "draw_discard+gin": _(
            "Player {player} takes {drawn} from the discard pile, goes gin and discards {card} "
            "face down."
        ),
        "draw_stock+big_gin": _(
            "Player {player} draws {drawn} from the stock and goes big gin with all eleven cards."
        ),
        "draw_discard+big_gin": _(
            "Player {player} takes {drawn} from the discard pile and goes big gin "
            "with all eleven cards."
        ),
        "pass": _("Player {player} refuses the upcard."),
        "draw_stock": _("Player {player} draws {card} from the stock."),
        "draw_discard": _("Player {player} takes {card} from the discard pile."),
        "discard": _("Player {player} discards {card}."),
        "reshuffle": ngettext(
            "The stock is used up: the discard pile except its top card, {card}, "
            "is shuffled into a new stock of {n} card.",
            "The stock is used up: the discard pile except its top card, {card}, "
            "is shuffled into a new stock of {n} cards.",
            "n",
        ),
        "dead": ngettext(
            "Only {n} card is left in the stock and nobody went out: the deal is dead.",
            "Only {n} cards are left in the stock and nobody went out: the deal is dead.",
            "n",
        ),
    }


def turn_nodes(entries: list[dict[str, Any]], dealer: int, rules: Rules) -> list[nodes.Node]:
    """One turn (a draw and a discard, or a single action) or one event, as a sentence."""
    sentences = {**turn_sentences(), **showdown_words(rules)}
    first = entries[0]
    parts: dict[str, str | nodes.Node | list[nodes.Node]] = {}
    if "player" in first:
        parts["player"] = player_letter(first["player"], dealer)
    if len(entries) == 2:
        second = entries[1]
        parts["drawn"] = card_node(Card.parse(first["card"]))
        if "card" in second:
            parts["card"] = card_node(Card.parse(second["card"]))
        template = sentences[f"{first['type']}+{second['type']}"]
    else:
        code = first.get("card") or first.get("top")
        if code:
            parts["card"] = card_node(Card.parse(code))
        if "stock" in first:
            parts["n"] = str(first["stock"])
        template = sentences[first.get("event") or first["type"]]
    if isinstance(template, Plural):
        return template_nodes(template.text(int(first["stock"])), **parts)
    return template_nodes(str(template), **parts)


def play(
    rules: Rules, seed: int, dealer: int, kind: str
) -> tuple[Deal, list[list[Card]], list[int]]:
    """The engine's deal log (``ginrules.reports.deal_log``): the deal played to its
    end, the hands dealt and the stock after each log entry (-1 where an event came
    in the same action)."""
    log = deal_log(rules, seed, dealer, "random" if kind == "random" else "good")
    return log.deal, log.dealt, log.stock_after


def turn_items(deal: Deal, stock_after: list[int]) -> list[tuple[bool, list[int]]]:
    """Group the log into items: (is_event, indices of the entries)."""
    items: list[tuple[bool, list[int]]] = []
    for i, entry in enumerate(deal.log):
        if "event" in entry:
            if entry["event"] != "showdown":
                items.append((True, [i]))
            continue
        last = items[-1] if items else None
        same_turn = (
            last is not None
            and not last[0]
            and deal.log[last[1][-1]].get("player") == entry["player"]
            and deal.log[last[1][-1]]["type"] in ("draw_stock", "draw_discard")
        )
        if same_turn and last is not None:
            last[1].append(i)
        else:
            items.append((False, [i]))
    return items


class DealLogDirective(ExampleDirective):
    """``gin-deal-log``: a seeded deal played turn by turn to its end."""

    example_class = "gr-deal-log"
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "variant": directives.unchanged_required,
        "seed": directives.nonnegative_int,
        "dealer": lambda arg: int(directives.choice(arg, ("0", "1"))),
        "players": lambda arg: directives.choice(arg, ("good", "random")),
        "focus": lambda arg: directives.choice(arg, ("all", "stock-end")),
        "outcome": lambda arg: directives.choice(
            arg, ("knock", "undercut", "gin", "big-gin", "dead")
        ),
        "reshuffles": directives.nonnegative_int,
        "turns": directives.nonnegative_int,
    }

    def example_nodes(self) -> list[nodes.Node]:
        rules = self.rules()
        if "seed" not in self.options:
            self.fail("the option :seed: is required")
        seed, dealer = self.options["seed"], self.options.get("dealer", 0)
        try:
            deal, dealt, stock_after = play(
                rules, seed, dealer, self.options.get("players", "good")
            )
        except GinRulesError as error:
            self.fail(str(error))
        result = deal.result
        assert result is not None
        what = f"{rules.name} rules, seed {seed}"
        self.claim("outcome", result.outcome.replace("_", "-"), what)
        self.claim("reshuffles", result.reshuffles, what)
        self.claim("turns", result.turns, what)
        items = turn_items(deal, stock_after)
        if self.options.get("focus") == "stock-end":
            ends = [n for n, (event, _i) in enumerate(items) if event]
            if not ends:
                self.fail(f"the stock never runs out in this deal ({what})")
            shown = range(max(0, ends[0] - 4), min(len(items), ends[0] + 3))
        else:
            shown = range(len(items))

        example = self.frame(rules)
        example += paragraph([nodes.Text(str(_("Player B deals; player A plays first.")))])
        for player in (1 - dealer, dealer):
            example += cardrow_node(
                # Translators: the label above one player's ten dealt cards.
                [group_node(str(_("Hand")), dealt[player], "gr-hand-cards")],
                label=player_name(player, dealer),
            )
        # Translators: the label above the first card turned face up beside the stock.
        example += cardrow_node([group_node(str(_("Upcard")), [deal.upcard], "gr-upcard")])

        listing = nodes.bullet_list("", classes=["gr-log"])
        if shown.start > 0:
            text = str(_("Turns not shown: {n}.")).format(n=shown.start)
            listing += nodes.list_item("", paragraph([nodes.Text(text)], "gr-log-skip"))
        for n in shown:
            event, indices = items[n]
            children = turn_nodes([deal.log[i] for i in indices], dealer, rules)
            if not event and stock_after[indices[-1]] >= 0:
                stock = str(_("Cards left in the stock: {n}.")).format(n=stock_after[indices[-1]])
                children += [nodes.Text(" "), nodes.inline("", stock, classes=["gr-stock-count"])]
            classes = ["gr-log-event"] if event else ["gr-log-turn"]
            listing += nodes.list_item("", paragraph(children, *classes))
        if shown.stop < len(items):
            text = str(_("Turns not shown: {n}.")).format(n=len(items) - shown.stop)
            listing += nodes.list_item("", paragraph([nodes.Text(text)], "gr-log-skip"))
        example += listing

        if result.showdown is not None and result.going_out is not None:
            going = str(_("The showdown, after player {player} goes out:")).format(
                player=player_letter(result.going_out, dealer)
            )
            example += paragraph([nodes.Text(going)], "gr-showdown-intro")
            matters = rules.upcard_sets_knock_limit or rules.spade_doubling != "none"
            example += showdown_nodes(result.showdown, rules, deal.upcard if matters else None)
        else:
            example += paragraph(
                [nodes.Text(str(_("The deal is dead: nobody scores.")))], "gr-outcome"
            )
        summary = str(_("Turns played: {turns}. Reshuffles of the stock: {reshuffles}.")).format(
            turns=result.turns, reshuffles=result.reshuffles
        )
        example += paragraph([nodes.Text(summary)], "gr-deal-summary")
        return [example]


# --- statistic ---------------------------------------------------------------------------

SHARES = ("dead", "reshuffled", "gin", "big_gin", "knock", "undercut")
AVERAGES = ("average_turns", "average_points")


def cached_simulation(
    cache_dir: Path, fingerprint: str, rules: Rules, deals: int, seed: int
) -> dict[str, Any]:
    """``simulate(rules, deals, seed)``, read from the cache when it holds the result."""
    key = json.dumps(
        {"engine": fingerprint, "rules": rules.to_dict(), "deals": deals, "seed": seed},
        sort_keys=True,
    )
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    cache_dir.mkdir(parents=True, exist_ok=True)
    path = cache_dir / f"simulate-{digest}.json"
    # One lock per entry: languages built at the same time wait for one simulation.
    with (cache_dir / f"simulate-{digest}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            if data.get("key") == key:
                return dict(data["result"])
        result = simulate(rules, deals, seed=seed)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": key, "result": result}), encoding="utf-8")
        tmp.replace(path)
        return result


def number_locale(language: str | None) -> str:
    """The locale whose numbers a language's pages write: its own, or English for a code
    that Babel's CLDR data does not know."""
    try:
        return str(Locale.parse(language or "en"))
    except (ValueError, UnknownLocaleError):
        return "en"


def percent(share: float, locale: str) -> str:
    """A share as a percentage with one decimal, the way the language writes it."""
    pattern = copy.copy(Locale.parse(locale).percent_formats[None])
    pattern.frac_prec = (1, 1)
    return pattern.apply(share, locale)


class StatisticDirective(ExampleDirective):
    """``gin-statistic``: one figure measured by simulation at build time."""

    example_class = "gr-statistic"
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "variant": directives.unchanged_required,
        "measure": lambda arg: directives.choice(arg, SHARES + AVERAGES),
        "deals": directives.positive_int,
        "seed": directives.nonnegative_int,
        "at-least": float,
        "at-most": float,
    }

    def example_nodes(self) -> list[nodes.Node]:
        rules = self.rules()
        measure = self.options.get("measure")
        if measure is None:
            self.fail("the option :measure: is required")
        deals, seed = self.options.get("deals", 1000), self.options.get("seed", 1)
        try:
            fingerprint = self.config.ginrules_engine_fingerprint
            cache = Path(self.config.ginrules_cache_dir)
            data = cached_simulation(cache, fingerprint, rules, deals, seed)
        except GinRulesError as error:
            self.fail(str(error))
        locale = number_locale(self.config.language)
        if measure in SHARES:
            count = int(data[measure])
            value = 100.0 * count / deals
            of_deals = ngettext(
                "{percent} ({count} of {deals} deal)",
                "{percent} ({count} of {deals} deals)",
                "deals",
            )
            shown = of_deals.text(deals).format(
                percent=percent(count / deals, locale),
                count=count,
                deals=format_decimal(deals, locale=locale),
            )
        else:
            value = float(data[measure])
            shown = format_decimal(value, "#,##0.0#", locale=locale)
        what = f"{rules.name} rules, {measure} over {deals} deals, seed {seed}"
        measured = f"the engine measures {value} ({what})"
        if "at-least" in self.options and value < self.options["at-least"]:
            self.contradict(f"at least {self.options['at-least']}", measured)
        if "at-most" in self.options and value > self.options["at-most"]:
            self.contradict(f"at most {self.options['at-most']}", measured)

        sentences = {
            "dead": _("Deals that end dead, with no score: {value}."),
            "reshuffled": _("Deals in which the stock runs out and is reshuffled: {value}."),
            "gin": _("Deals that end with gin: {value}."),
            "big_gin": _("Deals that end with big gin: {value}."),
            "knock": _("Deals won by the knocker: {value}."),
            "undercut": _("Deals that end with an undercut: {value}."),
            "average_turns": _("Turns per deal, on average: {value}."),
            "average_points": _("Points per deal that scores, on average: {value}."),
        }
        example = self.frame(rules)
        example += paragraph([nodes.strong("", variant_name(rules))], "gr-statistic-variant")
        example += paragraph(
            [nodes.Text(str(sentences[measure]).format(value=shown))], "gr-statistic-value"
        )
        played = ngettext(
            "Measured while this page was built: {deals} deal played by the "
            "engine's computer players (seed {seed}).",
            "Measured while this page was built: {deals} deals played by the "
            "engine's computer players (seed {seed}).",
            "deals",
        )
        method = played.text(deals).format(deals=format_decimal(deals, locale=locale), seed=seed)
        example += paragraph([nodes.Text(method)], "gr-statistic-method")
        return [example]


# --- score sheet -------------------------------------------------------------------------


def sheet_entry(row: dict[str, Any]) -> str:
    """The wording of one row of a score sheet (``ScoreLine.to_dict()``)."""
    player = "" if row["player"] is None else "AB"[row["player"]]
    detail = row["detail"]
    if row["kind"] in ("deal", "entered"):
        words = outcome_words()
        outcome = words[detail.get("entry", detail["outcome"])]
        fields = {"player": player, "points": row["points"], "outcome": outcome}
        if row["kind"] == "entered":
            game = str(_("game {n}"))
            fields["games"] = ", ".join(game.format(n=n) for n in detail["games"])
            entered = _("Player {player} scores {points} ({outcome}), entered in: {games}")
            return str(entered).format(**fields)
        return str(_("Player {player} scores {points} ({outcome})")).format(**fields)
    templates = sheet_templates()
    if row["kind"] not in templates:
        logger.warning("ginrules_site: no wording for the score sheet row %r", row["kind"])
        return f"{row['kind']} {player} {row['points']}"
    fields = {"player": player, "points": row["points"], **detail}
    return str(templates[row["kind"]]).format(**fields)


def sheet_game(row: dict[str, Any]) -> str:
    """The game (or manche) cell of a row: the games an ``entered`` row went to."""
    if row["kind"] == "entered":
        return ", ".join(str(n) for n in row["detail"]["games"])
    return str(row["game"])


def sheet_totals(row: dict[str, Any], seat: int) -> str:
    """A row's running total for ``seat``; a Hollywood win's ``entered`` row: the totals,
    after it, of each game it was entered in, as the engine's row gives them
    (``detail["standing"]``; never the games added together)."""
    if row["kind"] != "entered":
        return str(row["totals"][seat])
    totals = {g["number"]: g["totals"] for g in row["detail"]["standing"]}
    return ", ".join(str(totals[n][seat]) for n in row["detail"]["games"])


def outcome_words() -> dict[str, Any]:
    """How a deal ended, by score sheet entry word (``ginrules.match.entry_outcomes``)."""
    return {
        # Translators: how a deal ended, in a score sheet row: "Player A scores 18 (knock)". Nouns,
        # lower case.
        "knock": _("knock"),
        "undercut": _("undercut"),
        "gin": _("gin"),
        "big_gin": _("big gin"),
        # Translators: how a deal of Gin Rami ended: a player went down (French: descente).
        "going_down": _("going down"),
        # Translators: Gin Rami's gins keep their French names in English, as on its play page.
        "petit_gin": _("petit gin"),
        "grand_gin": _("grand gin"),
    }


def sheet_templates() -> dict[str, Any]:
    """The sentences of the score sheet rows other than a deal's, by row kind."""
    return {
        "dead": _("Dead deal: nobody scores"),
        "game_bonus": _("Game bonus for player {player}: {points}"),
        "shutout": _("Shutout: the deal points of player {player} are doubled, {points} more"),
        "line_bonus": _("Line bonus for player {player}: {deals} × {each} = {points}"),
        "manche_bonus": _("Manche bonus for player {player}: {points}"),
        "petit_gin_bonus": _("Petit gin bonus for player {player}: {gins} × {each} = {points}"),
        "grand_gin_bonus": _("Grand gin bonus for player {player}: {gins} × {each} = {points}"),
    }


def seat_name(seat: int) -> str:
    return str(_("Player A") if seat == 0 else _("Player B"))


def sheet_nodes(data: dict[str, Any]) -> list[nodes.Node]:
    """A score sheet (``ScoreSheet.to_dict()``) as a table, one row per entry; for
    Hollywood and the manches the games side by side; then the totals.

    ``ginrules-widgets.mjs`` (``renderSheet``) draws the same markup live.
    """
    table = nodes.table("", classes=["gr-sheet"])
    group = nodes.tgroup("", cols=5)
    table += group
    for width in (8, 52, 10, 15, 15):
        group += nodes.colspec("", colwidth=width)
    head = nodes.thead()
    manches = data["scheme"] in ("manche", "partie")
    # Translators: column headings of a score sheet: the deal's number, the score entered, and the
    # running total of the game (or manche, the French rules' word, kept as it is).
    game_label = _("Manche") if manches else _("Game")
    head += _sheet_row(
        [str(_("Deal")), str(_("Entry")), str(game_label), seat_name(0), seat_name(1)]
    )
    group += head
    body = nodes.tbody()
    for row in data["rows"]:
        body += _sheet_row(
            [
                str(row["deal"]),
                sheet_entry(row),
                sheet_game(row),
                sheet_totals(row, 0),
                sheet_totals(row, 1),
            ],
            f"gr-sheet-{row['kind'].replace('_', '-')}",
        )
    group += body
    result: list[nodes.Node] = [table]
    columns = data.get("games") or data.get("manches", [])
    if columns and (len(columns) > 1 or not manches):
        result.append(_columns_table(columns, manches))
    if data["totals"] is None:
        # a Hollywood match under way: the games' table is the standing (the engine gives
        # no totals: the three games added up are the score of nothing)
        return result
    a, b = data["totals"]
    if data["over"]:
        final = str(_("Final totals: player A {a}, player B {b}.")).format(a=a, b=b)
    else:
        final = str(_("Totals so far: player A {a}, player B {b}.")).format(a=a, b=b)
    result.append(paragraph([nodes.Text(final)], "gr-sheet-total"))
    return result


def _columns_table(columns: list[dict[str, Any]], manches: bool) -> nodes.table:
    """The games (Hollywood) or manches side by side: one column each, a row per player."""
    table = nodes.table("", classes=["gr-sheet-columns"])
    group = nodes.tgroup("", cols=len(columns) + 1)
    table += group
    for _column in range(len(columns) + 1):
        group += nodes.colspec("", colwidth=10)
    head = nodes.thead()
    label = _("Manche {n}") if manches else _("Game {n}")
    numbers = [c.get("game", c.get("manche")) for c in columns]
    head += _sheet_row([str(_("Player"))] + [str(label).format(n=n) for n in numbers])
    group += head
    body = nodes.tbody()
    for seat in (0, 1):
        cells = [seat_name(seat)]
        cells += [str(column["totals"][seat]) for column in columns]
        body += _sheet_row(cells)
    winners = ["" if c["winner"] is None else seat_name(c["winner"]) for c in columns]
    # Translators: the last row of a score sheet: who won each game (a player's name follows).
    body += _sheet_row([str(_("Winner")), *winners])
    group += body
    return table


class ScoreSheetDirective(ExampleDirective):
    """``gin-score-sheet``: a whole match played by the computer players, row by row."""

    example_class = "gr-score-sheet"
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "variant": directives.unchanged_required,
        "scheme": lambda arg: directives.choice(arg, ("game", "hollywood", "manche")),
        "seed": directives.nonnegative_int,
        "winner": lambda arg: directives.choice(arg, ("a", "b", "draw")),
        "deals": directives.positive_int,
    }

    def example_nodes(self) -> list[nodes.Node]:
        rules = self.rules()
        seed = self.options.get("seed", 1)
        scheme = self.options.get("scheme")
        try:
            sheet, _deals = play_match(
                rules,
                (GoodPlayer(seed), GoodPlayer(seed + 1)),
                seed=seed,
                sheet=score_sheet(rules, scheme),
            )
        except GinRulesError as error:
            self.fail(str(error))
        what = f"{rules.name} rules, seed {seed}"
        winner = {0: "a", 1: "b", None: "draw"}[sheet.winner]
        self.claim("winner", winner, what)
        self.claim("deals", len(sheet.results), what)
        example = self.frame(rules)
        example += sheet_nodes(sheet.to_dict())
        return [example]


def _sheet_row(cells: list[str], row_class: str = "") -> nodes.row:
    row = nodes.row(classes=[row_class] if row_class else [])
    for text in cells:
        para = nodes.paragraph("", text)
        para["translatable"] = False
        row += nodes.entry("", para)
    return row


def _default_cache(app: Sphinx, config: Config) -> None:
    """The build's cache folder, for every module that keeps one: ``ginrules_cache_dir``,
    else ``_build/.cache`` beside conf.py."""
    default = Path(app.confdir, "_build", ".cache")
    config.ginrules_cache_dir = config.ginrules_cache_dir or str(default)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.directives.examples")
    app.add_config_value("ginrules_cache_dir", "", "", types=[str])
    app.connect("config-inited", _default_cache)
    app.add_directive("gin-deal-log", DealLogDirective)
    app.add_directive("gin-statistic", StatisticDirective)
    app.add_directive("gin-score-sheet", ScoreSheetDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
