"""The one-page rules summary of each variant page, in each language, as a PDF (issue 25).

``make dist`` (``tools/site.py dist``) calls :func:`write_summaries` on ``dist/``: the
tree is served on a free port of 127.0.0.1 by ``tools/serve.py``'s handler, and one
headless Chromium (the tests' own, ``/usr/bin/chromium``) prints, with one tab, each
page of ``ginrules_site.live.offline.SUMMARY_PAGES`` to ``<lang>/<page>.pdf`` beside it (the
page's link "Print the rules (PDF)" points there).

The summary is the page as it prints (``ginrules-print.css``: no navigation, no
widget fields) with the class ``gr-print-summary`` on ``<html>``: its title, its
introduction and its sections up to the first one holding a worked example or a widget
(that section and those after it are left out), in two columns, on one A4 page: the
scale is the largest of 1, 0.95, ... that fits the page. The PDF's title (its metadata,
from the document's title, and its first heading) is the page's heading.

    python tools/summaries.py [DIR]      # DIR: a built tree (default: dist)
"""

from __future__ import annotations

import sys
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import ARGS, CHROMIUM  # noqa: E402

MARGIN_MM = {"top": 14, "bottom": 14, "left": 12, "right": 12}  # as @page in ginrules-print.css
A4_MM = (210, 297)
PX_PER_MM = 96 / 25.4
SCALES = [round(1 - 0.05 * i, 2) for i in range(11)]  # 1.0 ... 0.5

# Marks the sections left out, sets the title, and returns it.
PREPARE = """() => {
  const top = document.querySelector("article h1").closest("section");
  let skip = false;
  for (const section of top.querySelectorAll(":scope > section")) {
    skip ||= Boolean(section.querySelector(".gr-example, .gr-widget"));
    if (skip) section.classList.add("gr-summary-skip");
  }
  document.documentElement.classList.add("gr-print-summary");
  const heading = top.querySelector("h1").cloneNode(true);
  heading.querySelectorAll(".headerlink").forEach((link) => link.remove());
  document.title = heading.textContent.trim();
  return document.title;
}"""


def write_summaries(tree: Path, languages: list[str]) -> list[Path]:
    """Print every summary page of ``languages`` in ``tree``; return the PDFs written."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import SiteHandler

    from ginrules_site.live.offline import SUMMARY_PAGES

    width_mm = A4_MM[0] - MARGIN_MM["left"] - MARGIN_MM["right"]
    height_mm = A4_MM[1] - MARGIN_MM["top"] - MARGIN_MM["bottom"]
    quiet = type("QuietHandler", (SiteHandler,), {"log_message": lambda *args: None})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(quiet, directory=str(tree)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    written = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.emulate_media(media="print")
            for lang in languages:
                for doc in SUMMARY_PAGES:
                    if not (tree / lang / f"{doc}.html").is_file():
                        continue
                    page.goto(f"{base}/{lang}/{doc}.html", wait_until="load")
                    page.evaluate(PREPARE)
                    scale = fitting_scale(page, width_mm, height_mm)
                    target = tree / lang / f"{doc}.pdf"
                    page.pdf(
                        path=str(target),
                        format="A4",
                        scale=scale,
                        print_background=True,
                        # a tagged PDF: its structure, and the page's language (/Lang) for
                        # a screen reader and the reader's hyphenation
                        tagged=True,
                        margin={k: f"{v}mm" for k, v in MARGIN_MM.items()},
                    )
                    written.append(target)
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return written


def fitting_scale(page: object, width_mm: float, height_mm: float) -> float:
    """The largest scale of :data:`SCALES` at which the page's content, laid out at the
    width it then has on paper, fits the printable height (the smallest one else)."""
    for scale in SCALES:
        width = round(width_mm * PX_PER_MM / scale)
        page.set_viewport_size({"width": width, "height": 800})  # type: ignore[attr-defined]
        height = page.evaluate("document.documentElement.scrollHeight")  # type: ignore[attr-defined]
        # 2 % to spare: the printed layout rounds lines and columns a little differently.
        if height * scale * 1.02 <= height_mm * PX_PER_MM:
            return scale
    return SCALES[-1]


def main(argv: list[str]) -> int:
    tree = Path(argv[1]) if len(argv) > 1 else ROOT / "dist"
    languages = sorted(p.parent.name for p in tree.glob("*/index.html"))
    start = time.perf_counter()
    written = write_summaries(tree, languages)
    print(f"{len(written)} summaries (PDF) in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
