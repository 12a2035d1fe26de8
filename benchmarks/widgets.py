"""Live widgets: bytes before interaction, time to the first live result, time per update.

    .venv/bin/python benchmarks/widgets.py [--runs 3]

Needs the built site (``make site``) and Chromium (``/usr/bin/chromium``). Serves
``_build/html`` on 127.0.0.1 with the project's server and prints:

1. bytes each variant page transfers before any interaction (aim: under 150 KB);
2. time from the first interaction to the first live result, cold (empty cache)
   and warm (cache kept), against a bare page that only runs ``loadPyodide()``
   (and imports ginrules) in the same run (aim: at most 1.2 times the bare page);
3. time per widget update once live, from a click in the card picker to the new
   result on screen (aim: under 50 ms).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import statistics
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
PAGES = ROOT / "tests" / "browser" / "pages"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VARIANT_PAGES = ["standard", "straight-gin", "gin-rami", "oklahoma", "hollywood"]

# In the page: change the meld finder's hand, resolve with the ms until its result shows.
FIRST_RESULT = """async (text) => {
    const widget = document.querySelector("section[data-widget='melds']");
    const input = widget.querySelector("input[name='cards']");
    const started = performance.now();
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((resolve) => {
        const done = () => widget.dataset.state === "ready" && input.value === text;
        if (done()) return resolve();
        new MutationObserver((_, observer) => {
            if (done()) { observer.disconnect(); resolve(); }
        }).observe(widget, { attributes: true, subtree: true, childList: true });
    });
    return performance.now() - started;
}"""

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


def serve() -> tuple[ThreadingHTTPServer, str]:
    spec = importlib.util.spec_from_file_location("ginrules_serve", ROOT / "tools" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class Handler(module.SiteHandler):  # type: ignore[misc,name-defined]
        def translate_path(self, path: str) -> str:
            clean = urlsplit(path).path
            if clean.startswith("/__test__/"):
                return str(PAGES / clean.removeprefix("/__test__/"))
            return str(super().translate_path(path))

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def bytes_before_interaction(browser: Browser, url: str, path: str) -> int:
    context = browser.new_context(base_url=url)
    page = context.new_page()
    sizes: list[int] = []
    page.on("requestfinished", lambda request: sizes.append(request.sizes()["responseBodySize"]))
    page.goto(path)
    page.wait_for_load_state("networkidle")
    total = sum(sizes)
    context.close()
    return total


def bare_load(page: Page, url: str) -> float:
    page.goto(f"{url}/__test__/bare.html")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    return float(page.evaluate("() => window.loadBare()"))


def widget_first(page: Page, url: str, text: str) -> float:
    page.goto(f"{url}/en/standard.html")
    page.wait_for_selector("section.gr-widget form.gr-controls:not([hidden])")
    return float(page.evaluate(FIRST_RESULT, text))


def measure(kind: str, page: Page, url: str, hand: str) -> float:
    return bare_load(page, url) if kind == "bare" else widget_first(page, url, hand)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    httpd, url = serve()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)

        print("1. bytes before any interaction (aim < 150 KB)")
        size = bytes_before_interaction(browser, url, "/en/glossary.html")
        print(f"   en/glossary.html (no widget, the theme's baseline): {size / 1000:.1f} KB")
        for lang in ("en", "fr", "sv"):
            for name in VARIANT_PAGES:
                size = bytes_before_interaction(browser, url, f"/{lang}/{name}.html")
                print(f"   {lang}/{name}.html: {size / 1000:.1f} KB")

        print("2. first live result, ms (median of runs; aim: widget <= 1.2 x bare)")
        timings: dict[str, list[float]] = {
            k: [] for k in ("bare cold", "bare warm", "widget cold", "widget warm")
        }
        for run in range(args.runs):
            for kind in ("bare", "widget"):
                context = browser.new_context()
                page = context.new_page()
                hand = (
                    "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"
                    if run % 2
                    else "AS 2S 3S 4S 8H 8D 8C 9D TD JD KC"
                )
                timings[f"{kind} cold"].append(measure(kind, page, url, hand))
                page.close()
                page = context.new_page()
                timings[f"{kind} warm"].append(measure(kind, page, url, hand))
                context.close()
        for key, values in timings.items():
            runs = ", ".join(f"{v:.0f}" for v in values)
            print(f"   {key}: {statistics.median(values):.0f} ms  (runs: {runs})")
        for cache in ("cold", "warm"):
            ratio = statistics.median(timings[f"widget {cache}"]) / statistics.median(
                timings[f"bare {cache}"]
            )
            print(f"   ratio widget/bare, {cache}: {ratio:.2f}")

        print("3. one update once live, ms (aim < 50 ms)")
        context = browser.new_context()
        page = context.new_page()
        widget_first(page, url, "7H 8H 9H 7S 7D 7C 2C 3C 4C")
        updates = [float(page.evaluate(PICKER_UPDATE, code)) for code in ["KS", "KS"] * 10]
        engine = page.evaluate(
            "() => document.querySelector(\"section[data-widget='melds']\").dataset.ms"
        )
        print(
            f"   picker click to result: median {statistics.median(updates):.1f} ms, "
            f"max {max(updates):.1f} ms over {len(updates)} updates "
            f"(engine call in the worker, last: {engine} ms)"
        )
        context.close()
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
