"""Live widgets against a bare Pyodide page: page weight, first live result, updates.

    .venv/bin/python benchmarks/widgets.py [--runs 5] [--no-published]

Needs ``make dist`` (the site as a static host serves it, with precompressed
files) and Chromium (``/usr/bin/chromium``). Serves ``dist/`` on 127.0.0.1 with the
project's server (``tools/serve.py``: brotli or gzip when accepted, immutable
runtime folders), and the npm Pyodide as shipped at ``/__bare__/`` for the bare
page, which only runs ``loadPyodide()`` (no snapshot, the default ``.py``
standard library). Bare and site runs alternate, so the machine's noise falls on
both. Every figure is printed with its runs (min, median, max) and the load
average of the machine. Prints:

1. bytes each variant page transfers before any interaction: as sent here
   (brotli), as a gzip-only host sends them (the ``.gz`` files of ``dist/``),
   and raw (aim: at most 50 KB compressed);
2. first live result, from the reader's first change to the result on screen
   (each reader a new browser profile on disk, empty):
   on a first page with an empty cache, which restores the snapshot published with
   the site (aim: at most 0.3 x the bare page); on a second page of the site,
   opened as the first closes, which finds the engine still running in the site's
   shared worker (aim: at most 0.1 x the bare page); and on a next visit, the
   browser started again on the same profile, where the page restores the snapshot
   that the first page kept (aim: at most 0.2 x the bare page); then, for each,
   every stage of the start (the page's ``ginrules:`` performance marks: the
   runtime's and the worker's, see ginrules-live.mjs), as the median ms since the
   change and since the stage before: where the time goes; each run's ratios, and
   whether a next visit was ever slower than the first page of its run (aim: never);
   and the play page's first dealt hand (from the click on the choosers' "new game",
   the reader's first action there, to the reader's hand on screen), cold (an empty
   profile) and on a next visit (the browser started again on that profile), against
   the widget's first answer (aim: within 0.1 x the bare page of it);
3. one update once live, from a click in the card picker to the new result
   (aim: under 50 ms);
4. the runtime's files as sent (raw, gzip, brotli from ``dist/``): what a first
   page downloads on first use, the published snapshot among them.

``--no-published``: the server answers 404 for the published snapshot, so the
first page starts Python the normal way and makes its own snapshot (the start
before the snapshot was made at build time), for a before/after in one build.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginrules.languages import LANGUAGES  # noqa: E402
from tools.chromium import ARGS, CHROMIUM  # noqa: E402

DIST = ROOT / "dist"
PAGES = ROOT / "tests" / "browser" / "pages"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
VARIANT_PAGES = ["standard", "straight-gin", "gin-rami", "oklahoma", "hollywood"]
HANDS = ["7H 8H 9H 7S 7D 7C 2C 3C 4C 9D", "AS 2S 3S 4S 8H 8D 8C 9D TD JD KC"]

# In the page: `act` (JavaScript, on the element `root`) as the reader's first action, then
# resolve with the ms until `done` (an expression) holds, the engine's start path and the
# page time the action began.
FIRST_ANSWER = """async (arg) => {{
    const root = document.querySelector("{root}");
    const started = performance.now();
    {act}
    await new Promise((resolve) => {{
        const done = () => {done};
        if (done()) return resolve();
        new MutationObserver((_, observer) => {{
            if (done()) {{ observer.disconnect(); resolve(); }}
        }}).observe(root, {{ attributes: true, subtree: true, childList: true }});
    }});
    return {{ ms: performance.now() - started, start: root.dataset.start, started }};
}}"""
CARDS = "root.querySelector(\"input[name='cards']\")"
# The meld finder: its hand changed (to `arg`), until its result for that hand shows.
FIRST_RESULT = FIRST_ANSWER.format(
    root="section[data-widget='melds']",
    act=f"{CARDS}.value = arg; {CARDS}.dispatchEvent(new Event('input', {{ bubbles: true }}));",
    done=f"root.dataset.state === 'ready' && {CARDS}.value === arg",
)
# The play page: a deal from the choosers (a click on the form's "new game" button, as the
# reader's first action: no pointer over the table before it), until the reader's hand of
# the first deal is on screen.
FIRST_DEAL = FIRST_ANSWER.format(
    root="section[data-widget='play']",
    act="root.querySelector(\"form.gr-play-setup button[data-action='new']\").click();",
    done="root.dataset.state === 'ready' "
    "&& root.querySelector('.gr-play-hand .gr-card[data-card]') !== null",
)

# The runtime's marks (ginrules-live.mjs: "ginrules:<stage>", the worker's stages too),
# in ms since `started`.
STAGES = """(started) => performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("ginrules:"))
    .map((m) => [m.name.slice("ginrules:".length), m.startTime - started])"""

# In the page: click a card of the picker, resolve with the ms until the new result.
PICKER_UPDATE = """async (code) => {
    const widget = document.querySelector("section[data-widget='melds']");
    const result = widget.querySelector(".gr-result");
    const before = result.firstElementChild;
    const started = performance.now();
    widget.querySelector(`button.gr-pick[data-card='${code}']`).click();
    await new Promise((resolve) => {
        const check = () => result.firstElementChild !== before;
        new MutationObserver((_, observer) => {
            if (check()) { observer.disconnect(); resolve(); }
        }).observe(result, { childList: true });
    });
    return performance.now() - started;
}"""

# True once the page's worker has told that it saved its snapshot and kept the decoded
# runtime files (ginrules-live.mjs's marks), which it does once the reader is idle.
SAVED_MARK = """() => [["snapshot saved", "snapshot stored offline"], ["stdlib kept"]].every(
    (stages) => stages.some(
        (stage) => performance.getEntriesByName(`ginrules:worker ${stage}`).length > 0))"""

# Whether the offline worker held the published snapshot, so that none was kept in IndexedDB.
STORED_OFFLINE = """() =>
    performance.getEntriesByName("ginrules:worker snapshot stored offline").length > 0"""

# Resolves with whether IndexedDB holds the snapshot of `key`.
SNAPSHOT_SAVED = """(key) => new Promise((resolve) => {
    const open = indexedDB.open("ginrules-engine", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
    open.onsuccess = () => {
        const get = open.result.transaction("snapshots").objectStore("snapshots").get("engine");
        get.onsuccess = () => { open.result.close(); resolve(get.result?.key === key); };
    };
})"""

# Every response of the page so far: [path, bytes on the wire (body), bytes decoded].
RESOURCES = """() => [performance.getEntriesByType("navigation")[0],
                     ...performance.getEntriesByType("resource")]
    .map((e) => [new URL(e.name).pathname, e.encodedBodySize, e.decodedBodySize])"""


def serve(hidden: frozenset[str] = frozenset()) -> tuple[ThreadingHTTPServer, str]:
    """The server; the paths in ``hidden`` are answered 404."""
    spec = importlib.util.spec_from_file_location("ginrules_serve", ROOT / "tools" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class Handler(module.SiteHandler):  # type: ignore[misc,name-defined]
        def translate_path(self, path: str) -> str:
            clean = urlsplit(path).path
            if clean.startswith("/__test__/"):
                return str(PAGES / clean.removeprefix("/__test__/"))
            if clean.startswith("/__bare__/"):
                return str(NPM_PYODIDE / clean.removeprefix("/__bare__/"))
            return str(super().translate_path(path))

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            if urlsplit(self.path).path in hidden:
                self.send_error(404)
                return
            super().do_GET()

    class Server(ThreadingHTTPServer):
        def handle_error(self, request: Any, client_address: Any) -> None:
            # A page closed while a file was on its way (a service worker's install, a
            # snapshot's fetch): not an error of the server.
            if not isinstance(sys.exc_info()[1], ConnectionError):
                super().handle_error(request, client_address)

    httpd = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(DIST)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def load() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"load {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def spread(values: list[float], unit: str = "ms", digits: int = 0) -> str:
    runs = ", ".join(f"{v:.{digits}f}" for v in values)
    return (
        f"min {min(values):.{digits}f} / median {statistics.median(values):.{digits}f} / "
        f"max {max(values):.{digits}f} {unit}  (runs: {runs})"
    )


def page_weight(browser: Browser, url: str, path: str) -> dict[str, int]:
    context = browser.new_context(base_url=url)
    page = context.new_page()
    page.goto(path)
    page.wait_for_load_state("networkidle")
    sizes = {"sent": 0, "gzip": 0, "raw": 0}
    for name, encoded, decoded in page.evaluate(RESOURCES):
        sizes["sent"] += encoded
        sizes["raw"] += decoded
        file = DIST / name.lstrip("/")
        gz = file.with_name(file.name + ".gz")
        sizes["gzip"] += gz.stat().st_size if gz.is_file() else decoded
    context.close()
    return sizes


def bare(page: Page, url: str) -> float:
    page.goto(f"{url}/__test__/bare.html")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    return float(page.evaluate("() => window.loadBare()"))


Stages = dict[str, float]


def site_first(page: Page, url: str, path: str, hand: str) -> tuple[float, str, float]:
    """The first live result of ``path``: ms, start path, and the page time it began."""
    page.goto(f"{url}{path}")
    page.wait_for_selector("section.gr-widget form.gr-controls:not([hidden])")
    result = page.evaluate(FIRST_RESULT, hand)
    return float(result["ms"]), str(result["start"]), float(result["started"])


PLAY = "section[data-widget='play']"


def play_first(page: Page, url: str) -> tuple[float, str, float]:
    """The play page's first dealt hand: ms, start path, and the page time it began."""
    page.goto(f"{url}/en/play.html")
    page.wait_for_selector(
        "section[data-widget='play'] form.gr-play-setup button[data-action='new']"
    )
    result = page.evaluate(FIRST_DEAL)
    return float(result["ms"]), str(result.get("start")), float(result["started"])


def stages(page: Page, started: float, ms: float) -> Stages:
    """Each stage of the start, in ms since the reader's change (the first of a name)."""
    found: Stages = {}
    for name, at in page.evaluate(STAGES, started):
        found.setdefault(str(name), float(at))
    found["result shown"] = ms
    return found


def wait_snapshot(page: Page, key: str) -> None:
    page.wait_for_function(SAVED_MARK, timeout=60_000, polling=100)
    if not page.evaluate(STORED_OFFLINE) and not page.evaluate(SNAPSHOT_SAVED, key):
        raise SystemExit("the worker said it saved its snapshot, but IndexedDB does not hold it")


def reader(playwright: Playwright, profile: str | None = None) -> BrowserContext:
    """A new reader: a browser with a profile of its own on disk, empty (HTTP cache,
    IndexedDB and the wasm code cache work as for a reader; an incognito context
    keeps no code cache); with ``profile``, the same reader back, the browser started
    anew on that profile (the caller removes it)."""
    folder = profile or tempfile.mkdtemp(prefix="ginrules-bench-")
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=ARGS
    )
    if profile is None:
        context.on("close", lambda _: shutil.rmtree(folder, ignore_errors=True))
    return context


# A next visit, hours later: no page of the site was open in the last minute, so the
# page does not join the engine as it opens (ginrules-live.mjs's localStorage note).
NEXT_VISIT = "localStorage.removeItem('ginrules-engine-live');"


def timed(
    runs: int, playwright: Playwright, url: str, key: str, loads: list[str], first: str
) -> tuple[dict[str, list[float]], dict[str, list[Stages]]]:
    timings: dict[str, list[float]] = {
        k: []
        for k in (
            "bare cold",
            "bare second",
            "site cold",
            "site second",
            "site next visit",
            "play cold",
            "play next visit",
        )
    }
    breakdown: dict[str, list[Stages]] = {k: [] for k in timings if not k.startswith("bare")}
    starts: list[str] = []

    def bare_run(context: BrowserContext, hand: str) -> None:
        page = context.new_page()
        timings["bare cold"].append(bare(page, url))
        page.close()
        page = context.new_page()
        timings["bare second"].append(bare(page, url))

    def site_run(context: BrowserContext, hand: str) -> None:
        page = context.new_page()
        ms, start, started = site_first(page, url, "/en/standard.html", hand)
        timings["site cold"].append(ms)
        starts.append(start)
        wait_snapshot(page, key)
        breakdown["site cold"].append(stages(page, started, ms))
        page.close()
        page = context.new_page()
        ms, start, started = site_first(page, url, "/en/oklahoma.html", hand)
        timings["site second"].append(ms)
        starts.append(start)
        breakdown["site second"].append(stages(page, started, ms))

    def play_run(context: BrowserContext, hand: str) -> None:
        page = context.new_page()
        ms, _start, started = play_first(page, url)
        timings["play cold"].append(ms)
        wait_snapshot(page, key)
        breakdown["play cold"].append(stages(page, started, ms))

    def play_next_visit(profile: str) -> None:
        context = reader(playwright, profile)
        context.add_init_script(NEXT_VISIT)
        page = context.new_page()
        ms, _start, started = play_first(page, url)
        timings["play next visit"].append(ms)
        breakdown["play next visit"].append(stages(page, started, ms))
        context.close()

    def next_visit(profile: str, hand: str) -> None:
        context = reader(playwright, profile)
        context.add_init_script(NEXT_VISIT)
        page = context.new_page()
        ms, start, started = site_first(page, url, "/en/gin-rami.html", hand)
        timings["site next visit"].append(ms)
        starts.append(start)
        breakdown["site next visit"].append(stages(page, started, ms))
        context.close()

    for run in range(runs):
        steps: list[Callable[[BrowserContext, str], None]] = [bare_run, site_run, play_run]
        if run % 2:
            steps.reverse()
        for step in steps:
            profile = tempfile.mkdtemp(prefix="ginrules-bench-")
            context = reader(playwright, profile)
            step(context, HANDS[run % 2])
            context.close()
            if step is site_run:
                next_visit(profile, HANDS[run % 2])
            if step is play_run:
                play_next_visit(profile)
            shutil.rmtree(profile, ignore_errors=True)
        loads.append(load())
    if starts != [first, "running", "snapshot"] * runs:
        print(f"   warning: start paths {starts}, expected {first}, running, snapshot")
    return timings, breakdown


def print_stages(name: str, runs: list[Stages]) -> None:
    """Median time of each stage since the reader's change, and since the stage before."""
    print(f"   {name}: stage, median ms since the change (+ ms since the stage before)")
    names = {stage for run in runs for stage in run}
    medians = {
        stage: statistics.median(run[stage] for run in runs if stage in run) for stage in names
    }
    before = 0.0
    for stage, at in sorted(medians.items(), key=lambda item: item[1]):
        seen = sum(stage in run for run in runs)
        note = "" if seen == len(runs) else f"  (in {seen} of {len(runs)} runs)"
        print(f"     {at:7.0f} (+{at - before:5.0f})  {stage}{note}")
        before = at


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--no-published", action="store_true", help="404 for the published snapshot"
    )
    args = parser.parse_args(argv)
    if not (DIST / "_headers").is_file():
        raise SystemExit(f"{DIST} is missing: run `make dist` first")
    manifest = json.loads((DIST / "_pyodide" / "runtime.json").read_text())
    key = manifest["snapshot_key"]
    hidden = frozenset({f"/_pyodide/{manifest['snapshot']}"} if args.no_published else ())
    first = "fresh" if args.no_published else "published"
    httpd, url = serve(hidden)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        print(f"machine: {load()}")

        print("1. bytes before any interaction, KB (aim: at most 50 KB compressed)")
        print("   page: brotli as sent here / gzip-only host / raw")
        weights: dict[str, list[float]] = {"sent": [], "gzip": [], "raw": []}
        for lang in LANGUAGES:  # every language of ginrules/languages.py
            for name in ["glossary", *VARIANT_PAGES]:
                sizes = page_weight(browser, url, f"/{lang}/{name}.html")
                print(
                    f"   {lang}/{name}.html: {sizes['sent'] / 1000:.1f} / "
                    f"{sizes['gzip'] / 1000:.1f} / {sizes['raw'] / 1000:.1f}"
                    + ("  (no widget)" if name == "glossary" else "")
                )
                if name != "glossary":
                    for k in weights:
                        weights[k].append(sizes[k] / 1000)
        for k, label in (("sent", "brotli"), ("gzip", "gzip"), ("raw", "raw")):
            print(f"   variant pages, {label}: {spread(weights[k], 'KB', 1)}")

        print(f"2. first live result, ms, {args.runs} runs, bare and site interleaved")
        loads: list[str] = []
        timings, breakdown = timed(args.runs, playwright, url, key, loads, first)
        for name, values in timings.items():
            print(f"   {name}: {spread(values)}")
        for name, runs in breakdown.items():
            print_stages(name, runs)
        median = {k: statistics.median(v) for k, v in timings.items()}
        cold = median["site cold"] / median["bare cold"]
        print(f"   ratio site/bare, first page ({first}): {cold:.2f} (aim <= 0.3)")
        labels = {
            "site second": ("second page (running)", 0.1),
            "site next visit": ("next visit (snapshot)", 0.2),
        }
        for name, (label, aim) in labels.items():
            print(
                f"   ratio site/bare, {label}: "
                f"{median[name] / median['bare cold']:.2f} against the bare cold page, "
                f"{median[name] / median['bare second']:.2f} against its second page"
                f" (aim <= {aim} against the bare cold page)"
            )
        per_run = ", ".join(
            f"{c / b:.2f}/{n / b:.2f}"
            for b, c, n in zip(
                timings["bare cold"], timings["site cold"], timings["site next visit"], strict=True
            )
        )
        print(f"   ratios of each run, first page/next visit against its bare cold page: {per_run}")
        slower = sum(
            n > c for c, n in zip(timings["site cold"], timings["site next visit"], strict=True)
        )
        print(
            f"   next visit against the first page of its run: median ratio "
            f"{median['site next visit'] / median['site cold']:.2f}, slower in {slower} of "
            f"{len(timings['site cold'])} runs (aim: never slower)"
        )
        for play, widget in (("play cold", "site cold"), ("play next visit", "site next visit")):
            mine = median[play] / median["bare cold"]
            theirs = median[widget] / median["bare cold"]
            print(
                f"   play page, first dealt hand, {play.removeprefix('play ')}: "
                f"{mine:.2f} x the bare cold page, the widget's first answer {theirs:.2f} x: "
                f"{mine - theirs:+.2f} (aim: within 0.1)"
            )
        print(f"   machine during the runs: {'; '.join(loads)}")

        print("3. one update once live, ms (aim < 50 ms)")
        context = reader(playwright)
        page = context.new_page()
        site_first(page, url, "/en/standard.html", "7H 8H 9H 7S 7D 7C 2C 3C 4C")
        updates = [float(page.evaluate(PICKER_UPDATE, code)) for code in ["KS", "KS"] * 10]
        print(f"   picker click to result: {spread(updates, 'ms', 1)}")
        context.close()
        browser.close()
    print("4. the runtime's files, bytes: raw / gzip / brotli (as dist/ sends them)")
    for name in manifest["files"]:
        file = DIST / "_pyodide" / name
        packed = [file.with_name(file.name + s) for s in (".gz", ".br")]
        sizes = [file.stat().st_size, *(p.stat().st_size if p.is_file() else 0 for p in packed)]
        print(f"   {name}: " + " / ".join(f"{size:,}" for size in sizes))
    print(f"machine: {load()}")
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
