"""The built pages show the engine's numbers in every language (issue 5).

Each ``gin-hand`` and ``gin-showdown`` block of ``docs/*.md`` is computed again here
with the engine and compared with what the built page of each language shows.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ginrules import parse_hand
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.melds import best_arrangement, best_discards
from ginrules.rules import find_variant
from ginrules.showdown import showdown
from tests.examples.helpers import parse_examples

ROOT = Path(__file__).resolve().parents[2]
VARIANT_PAGES = ["standard", "straight-gin", "oklahoma", "gin-rami", "hollywood"]
BLOCK = re.compile(r"```\{(gin-[a-z-]+)\}([^\n]*)\n(.*?)```", re.S)


def blocks(docname: str) -> list[tuple[str, str, dict[str, str]]]:
    text = (ROOT / "docs" / f"{docname}.md").read_text(encoding="utf-8")
    found = []
    for name, argument, body in BLOCK.findall(text):
        options = dict(re.findall(r"^:([a-z-]+): *(.*)$", body, re.M))
        found.append((name, argument.strip(), options))
    return found


@pytest.mark.parametrize("docname", VARIANT_PAGES)
def test_every_variant_page_has_engine_examples(site: Path, docname: str) -> None:
    kinds = [name for name, _a, _o in blocks(docname)]
    assert len([k for k in kinds if k != "gin-compare"]) >= 4, kinds
    assert "gin-hand" in kinds
    assert "gin-showdown" in kinds


@pytest.mark.parametrize("language", list(LANGUAGE_TABLE))  # the engine's numbers, everywhere
@pytest.mark.parametrize("docname", VARIANT_PAGES)
def test_pages_show_the_engines_numbers(site: Path, docname: str, language: str) -> None:
    html = (site / language / f"{docname}.html").read_text(encoding="utf-8")
    examples = parse_examples(html)
    # The live widgets show the same static example (gr-hand, gr-showdown) until they load.
    hands = ("gin-hand", "gin-meld-finder")
    showdowns = ("gin-showdown", "gin-showdown-widget")
    computed = [b for b in blocks(docname) if b[0] in hands + showdowns]
    shown = [e for e in examples if {"gr-hand", "gr-showdown"} & set(e["classes"])]
    assert len(shown) == len(computed)
    for (name, argument, options), example in zip(computed, shown, strict=True):
        rules = find_variant(options.get("variant", "standard"))
        upcard = parse_hand(options["upcard"])[0] if "upcard" in options else None
        if name in hands:
            check_hand(example, parse_hand(argument), rules)
        else:
            result = showdown(
                parse_hand(options["knocker"]), parse_hand(options["defender"]), rules, upcard
            )
            line = example["lines"]["gr-scoreline"][0]
            # several terms add up to the points; a single term is the points
            tail = f" = {result.points}" if len(result.terms) > 1 else f" {result.points}"
            assert line.endswith(tail) and line.count(" = ") == (len(result.terms) > 1), line
            for term in result.terms:
                assert f" {term.value}" in line
            laid = [g["cards"] for g in example["groups"] if "gr-layoff" in g["classes"]]
            assert laid == ([[lo.card.code for lo in result.layoffs]] if result.layoffs else [])


def check_hand(example: dict[str, Any], cards: list[Any], rules: Any) -> None:
    if len(cards) == 11:
        arrangement = best_discards(cards, rules)[0].arrangement
    else:
        arrangement = best_arrangement(cards, rules)
    melds = [g["cards"] for g in example["groups"] if "gr-meld" in g["classes"]]
    assert melds == [[c.code for c in m.cards] for m in arrangement.melds]
    total = example["lines"]["gr-deadwood-total"][0]
    assert total.endswith(f" {arrangement.deadwood}"), total


@cache
def simulated(variant: str, deals: int) -> dict[str, Any]:
    """``simulate(variant, deals, seed=1)`` as the build ran it: its cache is keyed by the
    engine's source hash, so a changed engine simulates again here (that the cache holds
    the simulation's own result is tests/examples/test_deals.py's subject)."""
    from ginrules_site.directives.deals import cached_simulation
    from ginrules_site.directives.examples import engine_fingerprint

    cache_dir = ROOT / "_build" / ".cache"
    return cached_simulation(cache_dir, engine_fingerprint(), find_variant(variant), deals, 1)


@pytest.mark.parametrize("docname", VARIANT_PAGES)
def test_deal_logs_and_statistics_show_the_engines_numbers(site: Path, docname: str) -> None:
    from ginrules_site.directives.deals import play

    # The stock-end widget shows the same static deal log (random players by default).
    logs = [
        {"players": "random", **o} if name == "gin-stock-end" else o
        for name, _a, o in blocks(docname)
        if name in ("gin-deal-log", "gin-stock-end")
    ]
    stats = [o for name, _a, o in blocks(docname) if name == "gin-statistic"]
    assert logs, "every variant page shows the end of the stock"
    for language in LANGUAGE_TABLE:
        html = (site / language / f"{docname}.html").read_text(encoding="utf-8")
        summaries = re.findall(r'<p class="gr-summary gr-deal-summary">(.*?)</p>', html, re.S)
        assert len(summaries) == len(logs)
        for options, summary in zip(logs, summaries, strict=True):
            deal, _dealt, _stock = play(
                find_variant(options["variant"]),
                int(options["seed"]),
                int(options.get("dealer", 0)),
                options.get("players", "good"),
            )
            assert deal.result is not None
            # the numbers as the language writes them ("72.", German "1-mal.")
            assert re.search(rf" {deal.result.turns}\b", summary), summary
            assert re.search(rf" {deal.result.reshuffles}\b", summary), summary
        values = re.findall(r'<p class="gr-summary gr-statistic-value">(.*?)</p>', html, re.S)
        assert len(values) == len(stats)
        for options, value in zip(stats, values, strict=True):
            data = simulated(options["variant"], int(options["deals"]))
            assert f"({data[options['measure']]} " in value, value
