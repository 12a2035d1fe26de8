"""Pages in English in every language (``english_only_pages`` in conf.py): the API
reference, generated from the engine's docstrings. ``tools/site.py gettext`` makes no
catalog for them; here, the other languages mark their text ``lang="en"``, so that a
screen reader reads it in English."""

from __future__ import annotations

import html
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import _ as sphinx_label

from ginrules_site.messages import _


def mark_english(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    english = pagename in app.config.english_only_pages
    if english and (app.config.language or "en") != "en" and "body" in context:
        title = english_titles().get(pagename)
        if title:
            context["title"] = title  # the tab's and the search result's title
        notice = html.escape(str(english_notice()))
        context["body"] = (
            f'<p class="english-only-notice">{notice}</p><div lang="en">{context["body"]}</div>'
        )


def english_notice() -> str:
    """The line above an English page, in the reader's language."""
    # Translators: above the API reference in every language but English; the page
    # documents the Python package, whose names and docstrings are English.
    return str(
        _(
            "This page is in English in every language: it documents the Python package, "
            "whose names and docstrings are English."
        )
    )


# The labels of the Python domain's field lists, which Sphinx writes in the build's language.
FIELD_LABELS = (
    "Parameters",
    "Returns",
    "Return type",
    "Raises",
    "Variables",
    "Keyword Arguments",
    "Yields",
)


def english_labels(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """On an English page of a French or Swedish build, ``Paramètres`` reads ``Parameters``."""
    if docname not in app.config.english_only_pages or (app.config.language or "en") == "en":
        return
    english = {str(sphinx_label(label)): label for label in FIELD_LABELS}
    for name in doctree.findall(nodes.field_name):
        text = name.astext()
        if text in english:
            name.children = [nodes.Text(english[text])]


def english_titles() -> dict[str, str]:
    """What the navigation of a French or Swedish page calls each English page."""
    return {
        # Translators: the API reference page's entry in the navigation; the page is in English.
        "api": str(_("API reference (in English)")),
    }


def title_in_the_language(app: Sphinx, env: Any) -> None:
    """The navigation names an English page in the reader's language and says it is in
    English (its own heading stays English)."""
    if (app.config.language or "en") == "en":
        return
    titles = english_titles()
    for docname in app.config.english_only_pages:
        if docname in env.titles and docname in titles:
            env.titles[docname] = nodes.title("", titles[docname])
        # the toctree (the sidebar, the index page's list) names a page by its table of
        # contents' first entry, the page's own English heading: that entry too
        toc = env.tocs.get(docname) if docname in titles else None
        first = next(iter(toc.findall(nodes.reference)), None) if toc is not None else None
        if first is not None:
            first.children = [nodes.Text(titles[docname])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("english_only_pages", [], "env", types=[list])
    app.connect("doctree-resolved", english_labels)
    app.connect("html-page-context", mark_english)
    app.connect("env-updated", title_in_the_language)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
