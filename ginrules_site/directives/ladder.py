"""The ladder of the computer's levels on the play page (``{gin-ladder}``), from its JSON.

``benchmarks/players.py --json ginrules_site/data/ladder.json`` measures, in every
variant, each level of the play page against the beginner (the EAAI 2021 challenge's
baseline) and against the gin camper, by mirrored games; this directive renders that
file at build time, a table per variant: the share of games won, its 95 % interval and
the games it rests on, the numbers written the way the page's language writes them,
with a sentence saying what a game is and when (which commit) the figures were measured.
BENCHMARKS.md shows the same tables (``benchmarks/ladder_table.py``); the site tests check
both against the JSON.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

from ginrules.rules import PRESETS
from ginrules_site.directives.deals import number_locale, percent
from ginrules_site.directives.examples import variant_name
from ginrules_site.live.play import LEVELS, level_labels
from ginrules_site.messages import _

DATA = Path(__file__).resolve().parents[1] / "data" / "ladder.json"
OPPONENTS = ("beginner", "camper")
NONE = "—"


def load(path: Path = DATA) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def figure(row: dict[str, Any] | None, locale: str) -> list[str]:
    """The three cells of one figure: games won, 95 % interval, games (or dashes)."""
    if row is None:
        return [NONE, NONE, NONE]
    low, high = row["ci95"]
    return [
        percent(row["win_rate"], locale),
        f"{percent(low, locale)}–{percent(high, locale)}",
        format_decimal(row["games"], locale=locale),
    ]


def _table(caption: str, header: list[str], rows: list[list[str]]) -> nodes.table:
    table = nodes.table(classes=["gr-ladder-table"])
    table += nodes.title(text=caption)
    group = nodes.tgroup(cols=len(header))
    table += group
    for _column in header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    body = nodes.tbody()
    group += head
    group += body
    for target, cells in [(head, header), *((body, r) for r in rows)]:
        row = nodes.row()
        for text in cells:
            row += nodes.entry("", nodes.paragraph(text=text))
        target += row
    return table


class LadderDirective(Directive):
    """``{gin-ladder}``: the tables of the levels' games won (no options, no content)."""

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        env.note_dependency(str(DATA))
        language = env.config.language or "en"
        locale = number_locale(language)
        data = load()
        labels = level_labels()
        measured = format_date(
            datetime.date.fromisoformat(data["date"]), format="long", locale=locale
        )
        confidence = format_percent(0.95, locale=locale)
        heading = nodes.rubric(text=str(_("How strong each level is")))
        heading["heading-level"] = 2
        heading["translatable"] = False  # translated here, from the extension's catalog
        container = nodes.container(classes=["gr-ladder"])
        container += heading
        container += nodes.paragraph(
            text=str(
                _(
                    "Each figure is the share of games that the row's level won against the "
                    "beginner (the baseline player of the EAAI 2021 gin rummy challenge) or "
                    "against the gin camper, with its {share} confidence interval and the "
                    "number of games. A game runs to the variant's target (in standard Gin "
                    "Rummy, 100 points as the challenge scored them), and the games come in "
                    "mirrored pairs: both games of a pair deal the same cards, with the seats "
                    "swapped."
                )
            ).format(share=confidence)
        )
        container += nodes.paragraph(
            text=str(_("Measured on {date} (commit {commit}, seed {seed}).")).format(
                date=measured, commit=", ".join(data["commits"]), seed=data["seed"]
            )
        )
        header = [
            str(_("Level")),
            str(_("Against the beginner")),
            str(_("Interval ({share})")).format(share=confidence),
            str(_("Games")),
            str(_("Against the gin camper")),
            str(_("Interval ({share})")).format(share=confidence),
            str(_("Games")),
        ]
        for variant in [name for name in PRESETS if name in data["variants"]]:
            figures = data["variants"][variant]
            rows = [
                [str(labels[level])]
                + [
                    cell
                    for opponent in OPPONENTS
                    for cell in figure(figures.get(level, {}).get(opponent), locale)
                ]
                for level in LEVELS
            ]
            # the id on a box of its own: the theme's wrapper would repeat a table's id
            box = nodes.container(ids=[f"gr-ladder-{variant}"])
            box += _table(variant_name(PRESETS[variant]), header, rows)
            container += box
        return [container]


def _drop_wrapper_ids(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Sphinx gives a captioned table an id (``id1``) and the theme's wrapper around the
    table repeats it: two elements with one id. The wrapper loses its copy."""
    for node in doctree.findall(nodes.container):
        if "gr-ladder-table" in node["classes"]:
            node["ids"] = []


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("gin-ladder", LadderDirective)
    app.connect("doctree-resolved", _drop_wrapper_ids)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
