"""The search page's sentences, in the page's language, with a plural rule that works.

Sphinx's ``searchtools.js`` reads its sentences from ``_static/translations.js``,
built from Sphinx's own catalog, whose plural rule for Swedish, ``(n != 1)``, yields a
boolean: ``ngettext`` then looks up ``forms[true]``, gets nothing, and the search
fails before its result line shows. Its stock sentences also speak of things this
site does not have ("enough categories"). So, for every language (English too), this
module writes the script's catalog itself: Sphinx's own messages for the words it
shows, our sentences from the ``ginrules_site`` catalog for the result line, and the
catalog's plural rule turned into a number (``Number(n > 1)``). Sphinx picks the file
up as ``<locale_dir>/<lang>/LC_MESSAGES/sphinx.js``; it is written beside the
doctrees, never into the sources.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import sphinx
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from sphinx.application import Sphinx
from sphinx.config import Config

from ginrules_site.messages import CATALOG

# searchtools.js's own message ids, and ours (English; translated in ginrules_site.po).
NO_MATCH = (
    "Your search did not match any documents. Please make sure that all words are spelled "
    "correctly and that you've selected enough categories."
)
FOUND = (
    "Search finished, found one page matching the search query.",
    "Search finished, found ${resultCount} pages matching the search query.",
)


def _(message: str) -> str:
    """Mark a sentence for extraction; it is looked up in the catalog by :func:`_catalog`."""
    return message


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural sentence for extraction (``{n}`` is the number)."""
    return singular, plural


OUR_NO_MATCH = _(
    "No page of this site contains all the words you searched for. Check their spelling, "
    "or search for fewer words."
)
OUR_FOUND = ngettext(
    "Search finished: {n} page contains all the words you searched for.",
    "Search finished: {n} pages contain all the words you searched for.",
)


def _catalog(config: Config) -> Catalog:
    """The ``ginrules_site`` catalog of the build's language (empty for English)."""
    language = config.language or "en"
    for directory in config.locale_dirs:
        po = Path(directory) / language / "LC_MESSAGES" / f"{CATALOG}.po"
        if po.is_file():
            with po.open("rb") as handle:
                return read_po(handle, locale=language)
    return Catalog(locale="en")


def _stock(language: str) -> dict[str, Any]:
    """Sphinx's own script catalog for this language (``{}`` if it has none)."""
    js = Path(sphinx.__file__).parent / "locale" / language / "LC_MESSAGES" / "sphinx.js"
    if not js.is_file():
        return {}
    text = js.read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text[text.index("{") : text.rindex("}") + 1])
    return data


def plural_expression(catalog: Catalog) -> str:
    """The catalog's plural rule as a JavaScript expression that yields an index."""
    match = re.search(r"plural=(.+?);?\s*$", catalog.plural_forms or "")
    rule = match.group(1) if match and catalog.locale_identifier != "en" else "(n != 1)"
    return f"Number({rule})"


def page_plural_expression(config: Config) -> str:
    """The plural rule of the build's ``ginrules_site`` catalog, as JavaScript."""
    return plural_expression(_catalog(config))


def script_catalog(config: Config) -> dict[str, Any]:
    """What ``translations.js`` holds for this build: locale, messages, plural rule."""
    language = config.language or "en"
    catalog = _catalog(config)

    def translated(message: str) -> str:
        entry = catalog.get(message)
        return str(entry.string) if entry is not None and entry.string else message

    entry = catalog.get(OUR_FOUND[0])
    if entry is not None and isinstance(entry.string, tuple) and all(entry.string):
        forms = [str(form) for form in entry.string]
    else:
        forms = list(OUR_FOUND)
    messages = dict(_stock(language).get("messages", {}))
    messages[NO_MATCH] = translated(OUR_NO_MATCH)
    messages[FOUND[0]] = [form.replace("{n}", "${resultCount}") for form in forms]
    return {"locale": language, "messages": messages, "plural_expr": plural_expression(catalog)}


def translations_script(catalog: dict[str, Any]) -> str:
    """``translations.js``: what Sphinx's ``Documentation.addTranslations(catalog)`` does,
    but with the plural rule written as code, not handed to ``new Function`` (which the
    content policy of tools/serve.py, without ``'unsafe-eval'``, refuses)."""
    messages = json.dumps(catalog["messages"], ensure_ascii=False, indent=1, sort_keys=True)
    return (
        f"Object.assign(Documentation.TRANSLATIONS, {messages});\n"
        f"Documentation.PLURAL_EXPR = (n) => {catalog['plural_expr']};\n"
        f"Documentation.LOCALE = {json.dumps(catalog['locale'])};\n"
    )


def _write_script_catalog(app: Sphinx, config: Config) -> None:
    language = config.language or "en"
    directory = Path(app.doctreedir) / "search-catalog"
    target = directory / language / "LC_MESSAGES" / "sphinx.js"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(translations_script(script_catalog(config)), encoding="utf-8")
    # Before Sphinx's own catalogs (which come after every locale_dirs entry).
    config.locale_dirs = [*config.locale_dirs, str(directory)]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _write_script_catalog)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
