"""The 404 page of each language (``docs/404.md``): served for any missing address.

A static host (and ``tools/serve.py``) serves ``<lang>/404.html`` at the address that
was not found, possibly several folders deep, so the page's relative links would
point nowhere. Once the page is written, its relative links become absolute paths
under the site's base URL (``/fr/_static/…``); the page is kept out of the sitemap
and out of search engines.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sphinx.application import Sphinx

DOCNAME = "404"
_RELATIVE = re.compile(
    r'(\s(?:href|src|data-content_root)=")(?!#|/|[a-zA-Z][a-zA-Z0-9+.-]*:)([^"]*)"'
)


def absolute_links(page: str, prefix: str) -> str:
    """``page`` with every relative ``href``, ``src`` and content root made an absolute
    path under ``prefix`` (``../sv/404.html`` -> ``/sv/404.html``)."""

    def absolute(match: re.Match[str]) -> str:
        path = posixpath.normpath(prefix + match.group(2))
        return match.group(1) + path + ("/" if match.group(2).endswith("/") else "") + '"'

    return _RELATIVE.sub(absolute, page)


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if pagename == DOCNAME:
        context["metatags"] = context.get("metatags", "") + '<meta name="robots" content="noindex">'


def _rewrite(app: Sphinx, exception: Exception | None) -> None:
    page = Path(app.outdir) / f"{DOCNAME}.html"
    if exception is not None or app.builder.format != "html" or not page.is_file():
        return
    base = urlsplit(app.config.site_baseurl).path.rstrip("/")
    prefix = f"{base}/{app.config.language or 'en'}/"
    page.write_text(absolute_links(page.read_text(encoding="utf-8"), prefix), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _rewrite)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
