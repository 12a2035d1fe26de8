"""The extension's own message catalog, ``ginrules_site``, in the page's language.

Every string that the extension writes into a page (labels of the card examples,
score lines, the wording of the variant comparison) is English in the source,
wrapped in ``_()``, and translated through the catalog
``locale/<lang>/LC_MESSAGES/ginrules_site.po``, which lives beside the pages'
catalogs in the site's ``locale_dirs``. ``make update-po`` extracts the strings
(``tools/extract_site_messages.py``) and merges them into each language's catalog.

Use it in any feature module::

    from ginrules_site.messages import _

    label = _("Deadwood")            # a str in the language of the build

The catalog is compiled (``.mo``) and loaded when the builder starts, so strings
must be looked up while reading or writing, never at import time.

Where one English string means two things ("Game": a column of the score sheet, or how
long the game lasts), :func:`pgettext` gives each its own entry, told apart by a context.

Wherever a number meets a noun, the sentence is a plural entry: ``ngettext(singular,
plural, count)`` names the field that holds the number, and :func:`fill` picks the form by
the catalog's ``Plural-Forms`` (French says "0 carte", "1 carte", "2 cartes"). The
widget script gets every form and the plural rule from the page (:meth:`Plural.forms`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sphinx.locale
from sphinx.application import Sphinx
from sphinx.util.i18n import CatalogRepository

from ginrules.coach.words import Plural as EnginePlural

CATALOG = "ginrules_site"

_ = sphinx.locale.get_translation(CATALOG)


@dataclass(frozen=True)
class Plural:
    """A sentence whose words follow the number in its field ``count``."""

    singular: str
    plural: str
    count: str

    def text(self, n: int) -> str:
        return sphinx.locale.get_translator(CATALOG).ngettext(self.singular, self.plural, n)

    def format(self, **fields: Any) -> str:
        return self.text(int(fields[self.count])).format(**fields)

    def forms(self) -> dict[str, Any]:
        """Every form of the page's language, by plural index, for the widget script."""
        translator = sphinx.locale.get_translator(CATALOG)
        rule = getattr(translator, "plural", lambda n: int(n != 1))
        first: dict[int, int] = {}
        for n in range(1000):
            first.setdefault(int(rule(n)), n)
        return {
            "forms": [self.text(first[index]) for index in sorted(first)],
            "count": self.count,
        }


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """A plural entry (extracted with keyword spec (1, 2)); ``count`` names its number."""
    return Plural(singular, plural, count)


def translated(text: str | EnginePlural) -> Any:
    """A sentence the engine writes in English (:mod:`ginrules.coach.words`, marked
    ``N_``/``NP_`` there and extracted with this catalog's), in the page's language."""
    if isinstance(text, EnginePlural):
        return ngettext(text.singular, text.plural, text.field)
    return _(text)


def pgettext(context: str, message: str) -> str:
    """``message`` where one English string means two things: the catalog entry with this
    ``msgctxt`` (extracted with keyword spec ((1, "c"), 2)), looked up when called."""
    return sphinx.locale.get_translator(CATALOG).pgettext(context, message)


def fill(template: object, **fields: Any) -> str:
    """A template (a plural entry or a plain string) with its fields filled in."""
    if isinstance(template, Plural):
        return template.format(**fields)
    return str(template).format(**fields)


_BUILD: dict[str, str] = {}


def page_language() -> str:
    """The code of the language being built (the source language's outside a build)."""
    from ginrules.languages import SOURCE

    return _BUILD.get("language", SOURCE)


def _load_catalog(app: Sphinx) -> None:
    """Compile ``ginrules_site.po`` if needed and load it for ``app.config.language``."""
    from ginrules.languages import SOURCE

    _BUILD["language"] = app.config.language or SOURCE
    repo = CatalogRepository(
        app.srcdir, app.config.locale_dirs, app.config.language, app.config.source_encoding
    )
    dirs: list[Path] = []
    for catalog in repo.catalogs:
        if catalog.domain == CATALOG:
            if catalog.is_outdated():
                catalog.write_mo(app.config.language)
            dirs.append(Path(catalog.base_dir).parents[1])
    # One process may build several languages one after the other (tests, tools):
    # start from a clean slate, or the first language would shadow the next.
    sphinx.locale.translators.pop(("general", CATALOG), None)
    sphinx.locale.init(dirs, app.config.language, CATALOG)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _load_catalog)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
