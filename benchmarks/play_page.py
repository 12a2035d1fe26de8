"""The play page in Chromium: its weight before interaction, and the reader's wait.

    .venv/bin/python benchmarks/play_page.py [--moves 60] [--levels beginner good expert]
        [--hints 40]

Needs ``make dist`` and Chromium (``/usr/bin/chromium``); serves ``dist/`` as
``benchmarks/widgets.py`` does (the project's server, brotli or gzip when accepted).
Prints:

1. the bytes ``/<lang>/play.html`` transfers before any interaction: as sent here
   (brotli), as a gzip-only host sends them, and raw (budget: 50,000 sent); and the
   table's strings and the variants' words the page fetches on the first deal
   (``WORDS_FILE``), brotli and raw;
2. for each level of the computer, the time from the reader's move (a click on a
   discard or a pass, in the page) to the computer's reply on screen (the table
   back to the reader's turn), with the page's pacing off
   (``GINRULES_PLAY_PACE_MS = 0``): what the engine and the page add to the pacing.
   Median and 99th percentile over ``--moves`` moves, with min and max. The reader
   discards at random among the offered discards and draws from the stock.
3. the table of chances (``ginrules.hints``, Pyodide): for ``--hints`` of the reader's
   positions (each phase: the offer, draws and discards), the time from a click on
   "Show the chances" to the table on screen (``.gr-play-hints[data-state=ready]``);
   median, 99th percentile, min and max, in standard and in Gin Rami (the slowest in
   CPython, ``benchmarks/hints.py``). Between two positions the table is closed and
   the reader moves at random (take or pass, the stock, a discard).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE

HERE = Path(__file__).resolve().parent
LANGUAGES = tuple(LANGUAGE_TABLE)  # every language of ginrules/languages.py
WORDS_FILE = "ginrules-play-words.json"  # ginrules_site/live/play.py's, beside the play script

# In the page: click a move button, resolve with the ms until the reader's turn again.
TIMED_MOVE = """async ([action, card]) => {
    const root = document.querySelector("section[data-widget='play']");
    const selector = `.gr-play-table button[data-action='${action}']`
        + (card ? `[data-card='${card}']` : "");
    const started = performance.now();
    root.querySelector(selector).click();
    await new Promise((resolve) => {
        const done = () => root.dataset.busy === "false";
        if (done()) return resolve();
        new MutationObserver((_, observer) => {
            if (done()) { observer.disconnect(); resolve(); }
        }).observe(root, { attributes: true, attributeFilter: ["data-busy"] });
    });
    return performance.now() - started;
}"""

# In the page: open the table of chances, resolve with the ms until it is on screen.
TIMED_HINTS = """async () => {
    const root = document.querySelector("section[data-widget='play']");
    const started = performance.now();
    root.querySelector(".gr-play-table button[data-action='hints']").click();
    await new Promise((resolve) => {
        const done = () => root.querySelector(".gr-play-hints")?.dataset.state === "ready";
        if (done()) return resolve();
        new MutationObserver((_, observer) => {
            if (done()) { observer.disconnect(); resolve(); }
        }).observe(root, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
    });
    return performance.now() - started;
}"""

OFFERED = """() => [...document.querySelectorAll(
    "section[data-widget='play'] .gr-play-table button[data-action]")]
    .map((b) => [b.dataset.action, b.dataset.card ?? ""])"""


def widgets_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_widgets", HERE / "widgets.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def unpaced(
    browser: Browser, url: str, measure: Callable[..., list[float]], *args: Any
) -> list[float]:
    """``measure(page, *args)`` in a fresh context whose play page does not pace the
    computer's moves."""
    context = browser.new_context(base_url=url)
    context.add_init_script("window.GINRULES_PLAY_PACE_MS = 0;")
    values = measure(context.new_page(), *args)
    context.close()
    return values


def summary(values: list[float]) -> str:
    """Median, 99th percentile, least and most, and how many (the caller names them)."""
    return (
        f"median {statistics.median(values):.0f}, p99 {percentile(values, 0.99):.0f} "
        f"(min {min(values):.0f}, max {max(values):.0f}, {len(values)}"
    )


READY = "section[data-widget='play'][data-state='ready'][data-busy='false']"


def deal_first(page: Page, **fields: str) -> None:
    """The English play page with its set-up's ``fields`` chosen (variant, level,
    scheme), its first deal dealt and the table ready."""
    page.goto("/en/play.html")
    for name, value in fields.items():
        page.select_option(f"select[name='{name}']", value)
    page.click("button[data-action='new']")
    page.wait_for_selector(READY, timeout=120_000)


def offered_moves(page: Page) -> tuple[list[list[str]], set[str]]:
    """The moves the table offers (action, card) and their kinds; at the end of a deal,
    the next deal dealt and none (the caller asks again)."""
    offered: list[list[str]] = page.evaluate(OFFERED)
    kinds = {action for action, _card in offered}
    if "next" in kinds or "new" in kinds:
        page.click("button[data-action='next'], button[data-action='new']")
        page.wait_for_selector(READY)
        return [], set()
    return offered, kinds


def waits(page: Page, level: str, moves: int, rng: random.Random) -> list[float]:
    """Play deals at ``level`` until ``moves`` turn-passing moves are timed."""
    deal_first(page, level=level, scheme="game250")
    timed: list[float] = []
    while len(timed) < moves:
        offered, kinds = offered_moves(page)
        if not kinds:
            continue
        if "stock" in kinds:
            page.evaluate(TIMED_MOVE, ["stock", ""])
            continue
        passing = [m for m in offered if m[0] in ("discard", "pass")]
        move = rng.choice(passing)
        timed.append(float(page.evaluate(TIMED_MOVE, move)))
    return timed


def hint_waits(page: Page, variant: str, count: int, rng: random.Random) -> list[float]:
    """Time the table of chances at ``count`` of the reader's positions."""
    deal_first(page, variant=variant, level="expert")
    timed: list[float] = []
    missed = 0
    while len(timed) < count:
        offered, kinds = offered_moves(page)
        if not kinds:
            continue
        if "hints" not in kinds:
            missed += 1
            if missed > 50:
                raise SystemExit("no 'Show the chances' button: is dist/ built from this checkout?")
            page.wait_for_timeout(100)
            continue
        missed = 0
        timed.append(float(page.evaluate(TIMED_HINTS)))
        page.click(".gr-play-table button[data-action='hints']")  # closed again
        moves = [m for m in offered if m[0] in ("take", "pass", "stock", "discard")]
        page.evaluate(TIMED_MOVE, rng.choice(moves))
    return timed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--levels", nargs="*", default=["beginner", "good", "expert"])
    parser.add_argument("--hints", type=int, default=40, help="positions per variant")
    args = parser.parse_args(argv)
    bench = widgets_module()
    if not (bench.DIST / "_headers").is_file():
        print("dist/ is missing: run `make dist` first", file=sys.stderr)
        return 2
    httpd, url = bench.serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=bench.CHROMIUM, args=bench.ARGS)
            print(f"load average: {bench.load()}")
            print("1. bytes of the play page before any interaction (sent / gzip host / raw)")
            print("   and of the variants' words, fetched on the first deal (brotli / raw)")
            for lang in LANGUAGES:
                sizes = bench.page_weight(browser, url, f"/{lang}/play.html")
                words = bench.DIST / lang / "_static" / WORDS_FILE
                packed = words.with_name(words.name + ".br")
                print(
                    f"   {lang}: {sizes['sent']:,} / {sizes['gzip']:,} / {sizes['raw']:,};"
                    f" words {packed.stat().st_size:,} / {words.stat().st_size:,}"
                )
            print("2. the reader's move to the computer's reply on screen, pacing off (ms)")
            for level in args.levels:
                values = unpaced(browser, url, waits, level, args.moves, random.Random(level))
                print(f"   {level}: {summary(values)} moves)")
            print("3. the table of chances: a click to the table on screen (ms)")
            for variant in ("standard", "french"):
                rng = random.Random(variant)
                values = unpaced(browser, url, hint_waits, variant, args.hints, rng)
                print(f"   {variant}: {summary(values)} tables)")
            browser.close()
    finally:
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
