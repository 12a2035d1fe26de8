"""What the content policy of ``tools/serve.py`` asks of the pages: no inline style.

Furo writes the colour variables of its code blocks in a ``<style>`` element of every
page (``partials/_head_css_variables.html``); ``_templates/partials/_head_css_variables.html``
links ``_static/ginrules-variables.css`` instead, which this module writes from Furo's own
partial and the page's context, so that the rules are Furo's to the character. (The inline
scripts of Furo and Sphinx are files of ``ginrules_site/static`` loaded by the templates.)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import furo
import jinja2
from sphinx.application import Sphinx

FURO_PARTIAL = (
    Path(furo.__file__).parent / "theme" / "furo" / "partials" / "_head_css_variables.html"
)
VARIABLES = "ginrules-variables.css"
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def variables_css(context: dict[str, Any]) -> str:
    """The rules of Furo's ``<style>`` element for this page's context."""
    html = jinja2.Environment(autoescape=False).from_string(FURO_PARTIAL.read_text("utf-8"))
    found = _STYLE.search(html.render(context))
    if found is None:
        raise RuntimeError(f"{FURO_PARTIAL} has no <style> element: re-check the override")
    return found.group(1).strip() + "\n"


def _write_variables(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if app.builder.format != "html" or "furo_pygments" not in context:
        return
    target = Path(app.outdir) / "_static" / VARIABLES
    css = variables_css(context)
    if not target.is_file() or target.read_text("utf-8") != css:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(css, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    # After Furo's own handler, which puts furo_pygments in the context.
    app.connect("html-page-context", _write_variables, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
