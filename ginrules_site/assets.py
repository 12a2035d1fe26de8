"""Page weight: each page links only the style sheets and scripts it uses.

Sphinx and Furo put ``pygments.css``, the widget and card assets of this
extension and the Sphinx scripts on every page. At ``html-page-context`` (after
the other handlers) this module drops, per page:

- ``pygments.css`` where the page shows no highlighted code (``class="highlight``);
- the live widgets' style sheet where the page has no widget (nor the play table), their
  script where it has none, the play table's style sheet and script where it has none;
- the cards' style sheet and script where the page draws no card;

and defers the classic scripts that stay (Sphinx's and Furo's, in their order),
so that none of them blocks the first paint. The search page keeps them as they
are: its index script is loaded by ``searchtools.js`` at once.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.builders.html._assets import _JavaScript

# asset file name -> the markup that a page must hold to need it
NEEDS = {
    "pygments.css": 'class="highlight',
    "ginrules-widgets.css": 'class="gr-widget ',
    "ginrules-widgets.mjs": 'class="gr-widget gr-widget-',
    "ginrules-play.css": 'class="gr-widget gr-play"',
    "ginrules-play.mjs": 'class="gr-widget gr-play"',
    "gr-cards.css": 'class="gr-card',
    "gr-cards.js": 'class="gr-card',
}
KEEP_BLOCKING = {"search"}


def _name(asset: Any) -> str:
    return str(getattr(asset, "filename", asset)).rsplit("/", 1)[-1].split("?", 1)[0]


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    body = str(context.get("body", ""))

    def needed(asset: Any) -> bool:
        marker = NEEDS.get(_name(asset))
        return marker is None or marker in body

    if "css_files" in context:
        context["css_files"] = [a for a in context["css_files"] if needed(a)]
    if "script_files" in context:
        scripts = [a for a in context["script_files"] if needed(a)]
        if pagename not in KEEP_BLOCKING:
            scripts = [_deferred(a) for a in scripts]
        context["script_files"] = scripts


def _deferred(asset: Any) -> Any:
    """The same script with ``defer``, unless it is a module, async or inline."""
    if not isinstance(asset, _JavaScript) or not asset.filename:
        return asset
    attributes = dict(asset.attributes)
    if attributes.get("type") == "module" or "async" in attributes or "body" in attributes:
        return asset
    attributes["defer"] = "defer"
    return _JavaScript(asset.filename, priority=asset.priority, **attributes)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _page_assets, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
