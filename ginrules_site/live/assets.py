"""Page weight: each page links only the style sheets and scripts it uses.

Sphinx and Furo put ``pygments.css``, the widget and card assets of this
extension and the Sphinx scripts on every page. At ``html-page-context`` (after
the other handlers) this module drops, per page:

- ``pygments.css`` where the page shows no highlighted code (``class="highlight``);
- the live widgets' style sheet where the page has no widget (nor the play table), their
  script where it has none, the play table's style sheet and script where it has none;
- the cards' style sheet and script where the page draws no card;
- Furo's ``furo-extensions.css`` everywhere: it styles extensions that this site
  does not use (sphinx-copybutton, sphinx-design, the Read the Docs flyout and ads);
- Sphinx's ``sphinx_highlight.js`` (2 KB compressed), which marks the words of a
  search on the page that a search result opened, and what only it and the search use
  there, ``doctools.js`` and the catalog's ``translations.js`` (2.5 KB): a small file,
  ``ginrules-highlight.js``, loads them, in their order, only then (the words come in
  ``?highlight=`` or in ``localStorage``, as the script itself reads them);

and defers the classic scripts that stay (Sphinx's and Furo's, in their order),
so that none of them blocks the first paint. The search page keeps them as they
are: its index script is loaded by ``searchtools.js`` at once.

The site's own scripts and style sheets (``ginrules_site/static/``) are shipped
minified by esbuild (from ``node_modules``), each with its source map: about 6 KB
less on a variant page, as a gzip-only host sends it. The worker's script goes out
with its one import inlined (``BUNDLED``). The tests run the same
files as readers get. Without esbuild (no ``npm ci``) the files go out as they are,
with a warning.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.builders.html._assets import _JavaScript
from sphinx.util import logging

from ginrules_site.live.widgets import STATIC_DIR

logger = logging.getLogger(__name__)
ESBUILD = Path(__file__).resolve().parents[2] / "node_modules" / ".bin" / "esbuild"
MINIFIED = {".mjs", ".js", ".css"}
# Shipped with their imports inlined: the worker's script imports ginrules-snapshot.mjs,
# and a reader's browser would ask for it only once the worker's script has arrived (on
# a real host, where both are revalidated, one more round trip before the engine starts).
BUNDLED = {"ginrules-worker.mjs"}

# asset file name -> the markup that a page must hold to need it
NEEDS = {
    "pygments.css": 'class="highlight',
    "ginrules-widgets.css": 'class="gr-widget ',
    "ginrules-widgets.mjs": 'class="gr-widget gr-widget-',
    "ginrules-play.css": 'class="gr-widget gr-play"',
    "ginrules-play.mjs": 'class="gr-widget gr-play"',
    "ginrules-exercises.css": 'class="gr-widget gr-exercises"',
    "ginrules-exercises.mjs": 'class="gr-widget gr-exercises"',
    "gr-cards.css": 'class="gr-card',
    "gr-cards.js": 'class="gr-card',
}
NEVER = {"furo-extensions.css"}
KEEP_BLOCKING = {"search"}
HIGHLIGHT = "sphinx_highlight.js"
# what only the highlighting script uses on a page other than the search page and the
# module index (whose table doctools.js makes collapsible)
FOR_HIGHLIGHT = {"doctools.js", "translations.js"}
DOMAIN_INDEX = "modindex"

# Loads Sphinx's highlighting script when the page was opened from a search result (a
# file, not an inline script: the content policy of tools/serve.py allows none).
HIGHLIGHT_LOADER = "_static/ginrules-highlight.js"

# The scripts that load the engine (ginrules-live.mjs): a page with one of them names, in
# a <meta name="ginrules-runtime"> (data, not a script: the content policy allows it),
# the runtime's big files as runtime.json lists them, so that the reader's intent starts
# their downloads at once, not once runtime.json has arrived (issue 34).
LIVE_SCRIPTS = {"ginrules-widgets.mjs", "ginrules-play.mjs", "ginrules-exercises.mjs"}
RUNTIME_HINT = "ginrules-runtime"


def runtime_hint(outdir: Path) -> str | None:
    """The meta tag naming the runtime of ``outdir``'s site (``../_pyodide/runtime.json``):
    its snapshot key, its WebAssembly module and its published snapshot, relative to
    ``_pyodide/``; None if the runtime is not built."""
    runtime = outdir.parent / "_pyodide" / "runtime.json"
    try:
        return _hint(runtime, runtime.stat().st_mtime_ns)
    except OSError:
        return None


@functools.lru_cache(maxsize=4)
def _hint(runtime: Path, mtime: int) -> str | None:
    """runtime_hint's tag, read once per version of the file (``mtime``)."""
    try:
        manifest = json.loads(runtime.read_text(encoding="utf-8"))
        hint = {
            "key": str(manifest["snapshot_key"]),
            "wasm": f"{manifest['runtime']}pyodide.asm.wasm",
            "snapshot": manifest.get("snapshot") or None,
        }
    except (OSError, ValueError, KeyError, TypeError):
        return None
    content = html.escape(json.dumps(hint, separators=(",", ":")), quote=True)
    return f'<meta name="{RUNTIME_HINT}" content="{content}">\n'


def _name(asset: Any) -> str:
    return str(getattr(asset, "filename", asset)).rsplit("/", 1)[-1].split("?", 1)[0]


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    body = str(context.get("body", ""))

    def needed(asset: Any) -> bool:
        marker = NEEDS.get(_name(asset))
        return _name(asset) not in NEVER and (marker is None or marker in body)

    if "css_files" in context:
        context["css_files"] = [a for a in context["css_files"] if needed(a)]
    if "script_files" in context:
        scripts = [a for a in context["script_files"] if needed(a)]
        if pagename not in KEEP_BLOCKING:
            keep = pagename.endswith(DOMAIN_INDEX)
            later = [] if keep else [_name(a) for a in scripts if _name(a) in FOR_HIGHLIGHT]
            scripts = [
                _on_search(a, [*later, HIGHLIGHT]) if _name(a) == HIGHLIGHT else _deferred(a)
                for a in scripts
                if _name(a) not in later
            ]
        context["script_files"] = scripts
        if any(_name(a) in LIVE_SCRIPTS for a in scripts):
            hint = runtime_hint(Path(app.outdir))
            if hint:
                context["metatags"] = str(context.get("metatags", "")) + hint


def _on_search(asset: Any, names: list[str]) -> Any:
    """Sphinx's highlighting script, loaded only on a page opened from a search, after
    the scripts it uses (``names``, in ``_static``, in the order they load, its own last)."""
    priority = getattr(asset, "priority", 500)
    load = {"data-load": " ".join(names)}
    return _JavaScript(HIGHLIGHT_LOADER, priority=priority, defer="defer", **load)


def _deferred(asset: Any) -> Any:
    """The same script with ``defer``, unless it is a module, async or inline."""
    if not isinstance(asset, _JavaScript) or not asset.filename:
        return asset
    attributes = dict(asset.attributes)
    if attributes.get("type") == "module" or "async" in attributes or "body" in attributes:
        return asset
    attributes["defer"] = "defer"
    return _JavaScript(asset.filename, priority=asset.priority, **attributes)


def minified(source: Path, cache: Path, esbuild: Path = ESBUILD) -> Path:
    """A copy of the folder ``source`` with its scripts and style sheets minified,
    each with a source map, made once under ``cache`` for the same files."""
    files = sorted(p for p in source.iterdir() if p.is_file())
    digest = hashlib.sha256(repr(sorted(BUNDLED)).encode())  # how, then what
    for path in [esbuild.resolve(), *files]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    out = cache / f"static-{digest.hexdigest()[:16]}"
    if out.is_dir():
        return out
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="static-", dir=cache))
    for path in files:
        if path.suffix in MINIFIED:
            command = [str(esbuild), str(path), "--minify", "--sourcemap", "--log-level=warning"]
            if path.name in BUNDLED:
                command += ["--bundle", "--format=esm"]
            loader = "css" if path.suffix == ".css" else "js"
            command += [f"--loader:{path.suffix}={loader}", f"--outfile={work / path.name}"]
            subprocess.run(command, check=True, capture_output=True, text=True)
        else:
            shutil.copyfile(path, work / path.name)
    try:
        work.rename(out)  # another build (a language built beside this one) may have won
    except OSError:
        shutil.rmtree(work, ignore_errors=True)
    return out


def _minified_static(app: Sphinx) -> None:
    source = str(STATIC_DIR)
    if app.builder.format != "html" or source not in app.config.html_static_path:
        return
    if not ESBUILD.is_file():
        logger.warning("esbuild is not installed (npm ci): the site's scripts go out as written")
        return
    try:
        folder = str(minified(STATIC_DIR, Path(app.config.ginrules_cache_dir)))
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or error
        raise RuntimeError(f"esbuild could not minify {STATIC_DIR}: {detail}") from error
    paths = app.config.html_static_path
    app.config.html_static_path = [folder if p == source else p for p in paths]


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ginrules_site.directives.deals")  # its ginrules_cache_dir setting
    app.connect("builder-inited", _minified_static, priority=900)
    app.connect("html-page-context", _page_assets, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
