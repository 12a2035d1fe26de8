"""Pages in English in every language (``english_only_pages`` in conf.py): the API
reference, generated from the engine's docstrings. ``tools/site.py gettext`` makes no
catalog for them; here, the other languages mark their text ``lang="en"``, so that a
screen reader reads it in English."""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def mark_english(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    english = pagename in app.config.english_only_pages
    if english and (app.config.language or "en") != "en" and "body" in context:
        context["body"] = f'<div lang="en">{context["body"]}</div>'


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("english_only_pages", [], "env", types=[list])
    app.connect("html-page-context", mark_english)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
