"""Tables of terms with a column per language, filled from each language's catalog.

The glossary's tables are written in English only, one column of English terms and,
optionally, more columns (the meaning)::

    :::{gin-terms}
    | English | Meaning |
    |---|---|
    | deal / dealer | One hand of play, ... |
    :::

Translators translate each term in their catalog as any other text. Every page, in
every language, then shows the English term, one column per language of the site
(``site_languages`` in conf.py, read from ``ginrules/languages.py``) holding that
language's translation of the term, read from that language's catalog of the same
page, and the remaining columns translated as usual. A new language therefore gets
its column in every glossary by its catalogs alone. A term that a language in
progress has not translated yet shows as a dash.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from ginrules.languages import LANGUAGES, SOURCE

UNTRANSLATED = "—"

# A row of the rank letters' table ("K (king)"): its cells are computed, each language's
# letter from its entry in ginrules/languages.py (the one place that defines the letters)
# and the rank's name from the catalog (the Cards table's "king"); no catalog entry.
RANK_ROW = re.compile(r"^([AJQK]) \((ace|jack|queen|king)\)$")
_RANK_INDEX = {"ace": 0, "jack": 10, "queen": 11, "king": 12}


def rank_row(term: str) -> tuple[int, str] | None:
    """The index (in an entry's ``ranks``) and the English name of a rank-letter row."""
    match = RANK_ROW.match(term)
    return (_RANK_INDEX[match.group(2)], match.group(2)) if match else None


def rank_cell(locale_dir: Path, code: str, docname: str, term: str) -> str:
    index, name = rank_row(term) or (0, "")
    entry = LANGUAGES.get(code)
    if entry is None:
        return UNTRANSLATED
    said = name if code == SOURCE else translation(locale_dir, code, docname, name)
    return f"{entry.ranks[index]} ({said})" if said != UNTRANSLATED else entry.ranks[index]


class gin_terms(nodes.container):
    """The container of one multilingual table (``:::{gin-terms}``)."""


class TermsDirective(Directive):
    has_content = True

    def run(self) -> list[nodes.Node]:
        node = gin_terms(classes=["gin-terms"])
        self.state.nested_parse(self.content, self.content_offset, node)
        # The parser leaves the nested text without a source, which would keep it out
        # of the catalogs and of their translation (sphinx.util.nodes.is_translatable).
        source, line = self.state_machine.get_source_and_line(self.lineno)
        for text in node.findall(nodes.TextElement):
            if not text.source:
                text.source, text.line = source, line
        tables = list(node.findall(nodes.table))
        if len(tables) != 1:
            raise self.error("gin-terms holds exactly one table")
        for row in tables[0].findall(nodes.row):
            first = row.children[0]
            # the English term, kept before the page's own catalog translates the cell
            row["gin_term"] = first.astext().strip()
        return [node]


@cache
def catalog(path: Path, mtime: float) -> dict[str, str]:
    """Every translated, non-fuzzy singular entry of one .po file (mtime: cache key)."""
    with path.open("rb") as fh:
        po = read_po(fh)
    return {
        m.id: m.string
        for m in po
        if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string and not m.fuzzy
    }


def translation(locale_dir: Path, code: str, docname: str, term: str) -> str:
    path = locale_dir / code / "LC_MESSAGES" / f"{docname}.po"
    if not path.exists():
        return UNTRANSLATED
    return catalog(path, path.stat().st_mtime).get(term, UNTRANSLATED)


def cell(text: str) -> nodes.entry:
    # no source: not a message of the page's catalog (sphinx.util.nodes.is_translatable)
    return nodes.entry("", nodes.paragraph(text=text))


class TermColumns(SphinxTransform):
    """Rebuild the columns after the page's own translation (i18n.Locale, priority 20)."""

    default_priority = 25

    def apply(self, **kwargs: Any) -> None:
        if self.app.builder.name == "gettext":
            return  # the catalog holds the English terms, as written
        languages: dict[str, str] = self.config.site_languages
        source, *others = languages
        locale_dir = Path(self.config.locale_dirs[0])
        if not locale_dir.is_absolute():
            locale_dir = Path(self.app.confdir) / locale_dir
        docname = self.env.docname
        for container in self.document.findall(gin_terms):
            for table in container.findall(nodes.table):
                self.widen(table, len(others))
                for row in table.findall(nodes.row):
                    term = row["gin_term"]
                    is_header = isinstance(row.parent, nodes.thead)
                    first = row.children[0]
                    if is_header:
                        first.replace_self(cell(languages[source]))
                        added = [cell(languages[code]) for code in others]
                    elif rank_row(term):
                        first.replace_self(cell(rank_cell(locale_dir, source, docname, term)))
                        added = [
                            cell(rank_cell(locale_dir, code, docname, term)) for code in others
                        ]
                    else:
                        first.replace_self(cell(term))
                        added = [
                            cell(translation(locale_dir, code, docname, term)) for code in others
                        ]
                    for offset, entry in enumerate(added, start=1):
                        row.insert(offset, entry)

    @staticmethod
    def widen(table: nodes.table, extra: int) -> None:
        group = next(table.findall(nodes.tgroup))
        specs = list(group.findall(nodes.colspec))
        group["cols"] = len(specs) + extra
        for _ in range(extra):
            group.insert(group.index(specs[0]) + 1, nodes.colspec(colwidth=specs[0]["colwidth"]))


def visit_terms(self: Any, node: gin_terms) -> None:
    self.body.append(self.starttag(node, "div"))


def depart_terms(self: Any, node: gin_terms) -> None:
    self.body.append("</div>\n")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(gin_terms, html=(visit_terms, depart_terms))
    app.add_directive("gin-terms", TermsDirective)
    app.add_transform(TermColumns)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
