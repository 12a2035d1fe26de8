"""Offline and installable (issue 25): a service worker, a web app manifest and icons
for each language, and the link to each variant page's one-page summary (PDF).

Each language's build writes, in its output folder (``_build/html/<lang>/``):

- ``manifest.webmanifest``: the site's name in that language (the ``ginrules_site``
  catalog), its start page and scope (the language's folder), ``display: standalone``,
  and the icons (``_static/favicon.svg``, ``ginrules-icon-192.png``, ``-512.png``, and
  a maskable ``ginrules-icon-maskable-512.png``: PNGs made from the SVGs by
  :func:`render_icons` with the tests' Chromium, and committed). Every page links it,
  with a theme colour and an Apple touch icon.
- ``_static/ginrules-offline.html`` (with ``ginrules-offline.css``): the notice that the
  worker gives, offline, for a page of the language it has not stored, in the
  language's words (:func:`notice_page`).
- ``ginrules-sw.js`` (and its source map): ``static/ginrules-sw.js`` as the site ships it
  (minified), after one line, ``OFFLINE``, that lists what a reader's browser stores,
  each file with the sha256 of its bytes as the request's integrity: the language's
  files (:func:`stored_files`: every page, the assets they load, their scripts' imports
  too, the manifest and its icons); the engine's runtime (:func:`runtime_files`:
  ``../_pyodide/runtime.json`` and each content-hashed file it names), the same in
  every language, with its id (a digest of that list), which names the one cache that
  every language shares; and the notice's files; with the build id, a digest of the
  lists, which names the language's cache. The worker lives in the language's folder
  so that its scope is that folder on any static host (``dist/``). The page registers
  it (``ginrules-live.mjs``) once the reader has used the site: its own language's to
  keep the pages and the runtime, the others' to keep their notice only.

The variant pages (:data:`SUMMARY_PAGES`) get a link "Print the rules (PDF)" to
``<page>.pdf`` beside them, after the play link (or the first paragraph): ``make dist``
prints each one as a one-page summary (``tools/site.py``, :data:`SUMMARY_SCRIPT`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path
from posixpath import normpath
from typing import Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from ginrules_site.messages import _

logger = logging.getLogger(__name__)
STATIC = Path(__file__).parents[1] / "static"
WORKER = "ginrules-sw.js"
MANIFEST = "manifest.webmanifest"
THEME_COLOR = "#1d5c3a"  # the card table's green (the maskable icon's background)
# name in _static/ -> (sizes, type, purpose)
ICONS = {
    "favicon.svg": ("any", "image/svg+xml", "any"),
    "ginrules-icon-192.png": ("192x192", "image/png", "any"),
    "ginrules-icon-512.png": ("512x512", "image/png", "any"),
    "ginrules-icon-maskable-512.png": ("512x512", "image/png", "maskable"),
}
# The pages of the variants' rules, each printed by `make dist` as a one-page summary.
SUMMARY_PAGES = ("standard", "straight-gin", "oklahoma", "hollywood", "gin-rami")
# Asset references in pages (<link href>, <script src>, <img src>) and in scripts and
# style sheets (imports, new URL("x.mjs", import.meta.url), url(...)).
PAGE_REF = re.compile(r"<(?:link|script|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"")
ASSET_REF = re.compile(
    r"""["'(]((?:\.{1,2}/)*[\w.-]+(?:/[\w.-]+)*\.(?:m?js|css|svg|png|json))["')?]"""
)
HASHED = re.compile(r"^[0-9a-f]{16}/[^/]+$")
# The page a language's worker gives offline for a page it has not stored, and its style
# (its address relative to the pages it stands for: all in the language's folder).
NOTICE = "_static/ginrules-offline.html"  # (not a page of the site: no page links it)
NOTICE_FILES = (NOTICE, "_static/ginrules-offline.css")
NOTICE_PAGE = (
    '<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
    '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
    '<title>{title}</title>\n<link rel="stylesheet" href="_static/ginrules-offline.css">\n'
    "</head>\n<body>\n<main>\n<h1>{title}</h1>\n<p>{text}</p>\n</main>\n</body>\n</html>\n"
)


def integrity(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def _local(base: str, ref: str) -> str | None:
    """``ref`` (found in the file at ``base``, both relative to the language's folder) as a
    path relative to that folder, or None for another origin, a data: URL or a fragment."""
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    folder = base.rsplit("/", 1)[0] + "/" if "/" in base else ""
    return normpath(folder + parts.path)


def stored_files(outdir: Path) -> list[str]:
    """What the service worker of the language built in ``outdir`` stores in the
    language's cache, relative to that folder: its pages, what they load (recursively),
    the manifest and icons (the runtime is :func:`runtime_files`, the notice
    :data:`NOTICE_FILES`)."""
    pages = sorted(p.name for p in outdir.glob("*.html"))
    found: set[str] = set(pages)
    todo = list(pages)
    while todo:
        name = todo.pop()
        text = (outdir / name).read_text(encoding="utf-8", errors="replace")
        refs = PAGE_REF.findall(text) if name.endswith(".html") else ASSET_REF.findall(text)
        for ref in refs:
            path = _local(name, ref)
            if path is None or path in found or path.startswith("../"):
                continue
            file = outdir / path
            if file.is_file() and not path.endswith((".map", ".pdf")) and path != WORKER:
                found.add(path)
                if file.suffix in (".js", ".mjs", ".css"):
                    todo.append(path)
    found.add(MANIFEST)
    found.update(f"_static/{icon}" for icon in ICONS)
    return sorted(found - set(NOTICE_FILES))


def runtime_files(outdir: Path) -> list[str]:
    """The runtime beside the languages, relative to the language's folder
    (``../_pyodide/runtime.json`` and each content-hashed file it names), if built: the
    same for every language, stored once for all of them."""
    runtime = outdir.parent / "_pyodide" / "runtime.json"
    if not runtime.is_file():
        return []
    found = {"../_pyodide/runtime.json"}
    manifest = json.loads(runtime.read_text(encoding="utf-8"))
    manifest.pop("lock", None)  # inlined: never fetched
    for value in _strings(manifest):
        if HASHED.match(value) and (runtime.parent / value).is_file():
            found.add(f"../_pyodide/{value}")
    return sorted(found)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def web_manifest(language: str) -> dict[str, Any]:
    return {
        "name": str(_("Gin Rummy rules")),
        # Translators: the site's name under its icon on a phone's home screen: at most
        # about 12 characters.
        "short_name": str(_("Gin rules")),
        # Translators: the site's description where a phone offers to install it.
        "description": str(
            _("The rules of Gin Rummy and its variants, worked out by a rules engine.")
        ),
        "lang": language,
        "dir": "ltr",
        "id": "./",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": f"_static/{name}", "sizes": sizes, "type": kind, "purpose": purpose}
            for name, (sizes, kind, purpose) in ICONS.items()
        ],
    }


def notice_page(language: str) -> str:
    """The page that the language's service worker gives, offline, for a page of the
    language that it has not stored (the reader has not visited the language yet)."""
    # Translators: the title of the page shown, with the network off, for a page of
    # the site that is not stored on the reader's device.
    title = html.escape(str(_("Not stored on this device")))
    text = html.escape(
        str(
            # Translators: the text of that page.
            _(
                "The pages in this language are not stored on this device yet, and the "
                "site cannot be reached now. Open a page in this language once while "
                "online and use it: from then on its pages work offline too."
            )
        )
    )
    return NOTICE_PAGE.format(lang=html.escape(language), title=title, text=text)


def write_offline(outdir: Path, language: str) -> dict[str, Any]:
    """Write the manifest, the notice and the service worker of the language built in
    ``outdir``; return the worker's ``OFFLINE`` (build id, the language's files, the
    runtime's id and files, the notice's files)."""
    (outdir / MANIFEST).write_text(
        json.dumps(web_manifest(language), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (outdir / NOTICE).write_text(notice_page(language), encoding="utf-8")

    def listed(paths: list[str] | tuple[str, ...]) -> list[list[str]]:
        return [[path, integrity(outdir / path)] for path in paths]

    files = listed(stored_files(outdir))
    runtime = listed(runtime_files(outdir))
    notice = listed(NOTICE_FILES)
    build = hashlib.sha256(json.dumps([files, runtime, notice]).encode()).hexdigest()[:16]
    runtime_id = hashlib.sha256(json.dumps(runtime).encode()).hexdigest()[:16]
    offline = {
        "build": build,
        "files": files,
        "runtime": {"id": runtime_id, "files": runtime},
        "notice": notice,
    }
    # The worker as the site ships its scripts (minified, assets.py), OFFLINE in front, and
    # its source map one line down.
    shipped = outdir / "_static" / WORKER
    source = (shipped if shipped.is_file() else STATIC / WORKER).read_text(encoding="utf-8")
    head = f"const OFFLINE = {json.dumps(offline, separators=(',', ':'))};\n"
    (outdir / WORKER).write_text(head + source, encoding="utf-8")
    source_map = outdir / "_static" / f"{WORKER}.map"
    if source_map.is_file():
        mapped = json.loads(source_map.read_text(encoding="utf-8"))
        mapped["mappings"] = ";" + mapped["mappings"]
        (outdir / f"{WORKER}.map").write_text(json.dumps(mapped), encoding="utf-8")
    return offline


def _build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    offline = write_offline(Path(app.outdir), app.config.language)
    logger.info(
        f"offline: {len(offline['files'])} files, build {offline['build']}, "
        f"runtime {offline['runtime']['id']} ({len(offline['runtime']['files'])} files)"
    )


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    pathto = context["pathto"]
    context["metatags"] = context.get("metatags", "") + (
        f'\n<link rel="manifest" href="{pathto(MANIFEST, 1)}">'
        f'\n<meta name="theme-color" content="{THEME_COLOR}">'
        f'\n<link rel="apple-touch-icon" href="{pathto("_static/ginrules-icon-192.png", 1)}">'
    )


def _print_link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The link to the page's one-page summary (PDF), after its play link, or after its
    first paragraph."""
    if docname not in SUMMARY_PAGES or app.builder.format != "html":
        return
    paragraphs = list(doctree.findall(nodes.paragraph))
    if not paragraphs:
        return
    after = next(
        (
            p
            for p in paragraphs
            if any("gr-play-link" in r["classes"] for r in p.findall(nodes.reference))
        ),
        paragraphs[0],
    )
    # Translators: a link on each variant page to its rules on one page, a PDF to print.
    text = _("Print the rules (PDF)")
    link = nodes.reference("", text, refuri=f"{docname}.pdf", classes=["gr-print-link"])
    link["type"] = "application/pdf"
    paragraph = nodes.paragraph("", "", link, classes=["gr-print-links"])
    after.parent.insert(after.parent.index(after) + 1, paragraph)


def _add_assets(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.add_css_file("ginrules-print.css", media="print")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.chrome.layout")  # the static folder in html_static_path
    app.connect("builder-inited", _add_assets)
    app.connect("doctree-resolved", _print_link)
    app.connect("html-page-context", _page_context)
    # Last: the pages, the search index and every other file are written by then.
    app.connect("build-finished", _build_finished, priority=990)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


# --- the PNG icons, made from the SVGs with the tests' Chromium (run when they change) ----

ICON_PAGE = """<!doctype html><html><head><style>
html, body {{ margin: 0; background: transparent; }}
img {{ display: block; width: {size}px; height: {size}px; }}
</style></head><body><img src="data:image/svg+xml;base64,{svg}"></body></html>"""


def render_icons(chromium: str = "/usr/bin/chromium") -> None:
    """Write the PNG icons of :data:`ICONS` from ``favicon.svg`` (the "any" ones) and
    ``ginrules-icon-maskable.svg`` (the card inside the safe circle, on the table's
    green): ``.venv/bin/python -m ginrules_site.live.offline``."""
    from playwright.sync_api import sync_playwright

    sources = {
        "ginrules-icon-192.png": ("favicon.svg", 192),
        "ginrules-icon-512.png": ("favicon.svg", 512),
        "ginrules-icon-maskable-512.png": ("ginrules-icon-maskable.svg", 512),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        for name, (svg, size) in sources.items():
            data = base64.b64encode((STATIC / svg).read_bytes()).decode()
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(ICON_PAGE.format(size=size, svg=data))
            page.screenshot(path=str(STATIC / name), omit_background=True)
            print(f"wrote {STATIC / name}")
        browser.close()


if __name__ == "__main__":
    render_icons()
