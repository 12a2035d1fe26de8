"""Sphinx extension of the ginrules site: site chrome, engine-computed examples, live widgets.

The site holds no rules logic: every number comes from the ``ginrules`` engine.
Each feature is its own module with its own ``setup(app)``; this one loads them all.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

# Feature modules, each with setup(app). Add a module here to load it.
FEATURES: list[str] = [
    "messages",
    "cards_html",
    "directives.examples",
    "chrome.layout",
    "chrome.policy",
    "directives.deals",
    "live.widgets",
    "live.play",
    "directives.ladder",
    "live.exercises",
    "live.assets",
    "directives.notation",
    "directives.glossary",
    "chrome.notfound",
    "chrome.search",
    "chrome.english_only",
    "live.offline",
]


def setup(app: Sphinx) -> dict[str, Any]:
    for name in FEATURES:
        app.setup_extension(f"ginrules_site.{name}")
    return {"version": "0.1.0", "parallel_read_safe": True, "parallel_write_safe": True}
