"""Site chrome: language switcher, hreflang and canonical links, build footer,
translation status table, the notice of a language in progress and a sitemap for each
language.

Every language is its own Sphinx build (``-D language=fr``); this module gives each
page links to the same page in the other languages (``site_languages`` in conf.py),
sets ``html_baseurl`` to ``<site_baseurl>/<lang>/`` so the canonical URL names the
language, and writes ``sitemap.xml`` in the language's output directory.
A language in progress (its entry in ``ginrules/languages.py``) says so at the top of each
page, in its own words, with the share of its catalogs' entries translated; the switcher
shows that share beside its name, and every passage its catalogs leave untranslated
(English) is marked ``lang="en"``.
Template strings go through the ``sphinx`` catalog (``locale/<lang>/LC_MESSAGES/sphinx.po``,
with the theme's strings); strings written by this module through the extension's
``ginrules_site`` catalog.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

from ginrules.languages import LANGUAGES, SOURCE
from ginrules_site.chrome.catalogs import catalogs, percent, status
from ginrules_site.messages import _

DEFAULT_LANGUAGES = {"en": "English"}
SKIP_IN_SITEMAP = {"genindex", "search", "py-modindex", "404"}


def short_commit(root: Path) -> str | None:
    """The short hash of the checked-out commit, or None without git or a repository."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def in_progress(locale_dir: Path, codes: list[str]) -> dict[str, int]:
    """The languages in progress among ``codes``, each with its percentage translated."""
    return {
        code: percent(locale_dir, code)
        for code in codes
        if code in LANGUAGES and not LANGUAGES[code].complete
    }


def _config_inited(app: Sphinx, config: Config) -> None:
    base = config.site_baseurl.rstrip("/")
    config.html_baseurl = f"{base}/{config.language}/"
    app.site_commit = short_commit(Path(app.confdir))  # type: ignore[attr-defined]
    locale_dir = Path(config.locale_dirs[0]) if config.locale_dirs else Path(app.confdir)
    progress = in_progress(locale_dir, list(config.site_languages))
    app.site_progress = progress  # type: ignore[attr-defined]
    # Sphinx's class on every passage its catalogs leave in English (lang="en" below).
    if (config.language or SOURCE) != SOURCE:
        config.translation_progress_classes = "untranslated"


# An element Sphinx marked untranslated: its start tag, up to the end of its class list.
_UNTRANSLATED = re.compile(
    r'(<[a-z][a-z0-9]*\b[^<>]*?\bclass="(?:[^"]*\s)?untranslated(?:\s[^"]*)?")'
)


def mark_untranslated(body: str) -> str:
    """``lang="en"`` on every element Sphinx marked ``untranslated``: a screen reader reads
    the English passages of a language in progress in English."""
    # docutils writes lang="en" itself for the class language-en (EnglishWhereUntranslated)
    return _UNTRANSLATED.sub(r'\1 lang="en"', body).replace(' lang="en" lang="en"', ' lang="en"')


def progress_notice(percentage: int) -> tuple[str, bool]:
    """The notice of a language in progress, and whether it is still in English."""
    # Translators: at the top of every page while this language is being translated; the
    # percentage of the site's text translated (French: « Traduction en cours : 62 % »).
    template = str(_("Translation in progress: {percent} % of this site is translated."))
    english = template == "Translation in progress: {percent} % of this site is translated."
    return template.format(percent=percentage), english


def _page_url(app: Sphinx, language: str, pagename: str) -> str:
    base = app.config.site_baseurl.rstrip("/")
    return f"{base}/{language}/{app.builder.get_target_uri(pagename)}"


def focusable_code(body: str) -> str:
    """``body`` with every code block reachable from the keyboard: a block wider than
    the page scrolls sideways, and a reader without a mouse must be able to focus it
    to scroll it (axe: scrollable-region-focusable).

    >>> focusable_code('<div class="highlight"><pre><span>x</span></pre></div>')
    '<div class="highlight"><pre tabindex="0"><span>x</span></pre></div>'
    """
    return body.replace('<div class="highlight"><pre>', '<div class="highlight"><pre tabindex="0">')


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    current = app.config.language
    up = "../" * (pagename.count("/") + 1)
    uri = app.builder.get_target_uri(pagename)
    progress: dict[str, int] = app.site_progress  # type: ignore[attr-defined]
    context["site_languages"] = [
        {
            "code": code,
            "name": name,
            "href": f"{up}{code}/{uri}",
            "url": _page_url(app, code, pagename),
            "current": code == current,
            "progress": progress.get(code),  # None: complete
        }
        for code, name in app.config.site_languages.items()
    ]
    if "body" in context:
        context["body"] = focusable_code(context["body"])
    if current in progress:
        notice, english = progress_notice(progress[current])
        context["site_progress"] = notice
        context["site_progress_lang"] = SOURCE if english else current
    if current != SOURCE and "body" in context:
        context["body"] = mark_untranslated(context["body"])
        locale_dir = Path(app.config.locale_dirs[0])
        page_catalog = locale_dir / current / "LC_MESSAGES" / f"{pagename}.po"
        english_only = pagename in app.config.english_only_pages  # marked by english_only
        if pagename in app.env.found_docs and not english_only and not page_catalog.is_file():
            # no catalog yet: Sphinx marks nothing, the whole page is in English
            context["body"] = f'<div lang="{SOURCE}">{context["body"]}</div>'
    source = next(iter(app.config.site_languages))
    context["site_xdefault"] = _page_url(app, source, pagename)
    # Translators: in the footer after the version ("v0.1.0 · unknown commit"): the build's git
    # commit is not known.
    commit = getattr(app, "site_commit", None) or _("unknown commit")
    context["site_build"] = f"v{app.config.version} · {commit}"


def name_in(code: str, reader: str, own: str) -> str:
    """The name of the language ``code`` in the language ``reader`` (CLDR's, through Babel:
    Swedish is « Suédois » in French prose, not Svenska), capitalised as at the start of a
    line; ``own`` (its own name) where CLDR has none.

    >>> name_in("sv", "fr", "Svenska"), name_in("fr", "en", "Français")
    ('Suédois', 'French')
    """
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(reader).languages.get(code)
    except (ValueError, UnknownLocaleError):
        name = None
    return name[:1].upper() + name[1:] if name else own


class TranslationStatus(SphinxDirective):
    """A table of entries, translated, fuzzy and untranslated per catalog and language."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        locale_dir = Path(self.config.locale_dirs[0])
        headers = [
            # Translators: a column of the translation status table: the file of one page's
            # translations.
            _("Catalog"),
            _("Language"),
            # Translators: a column of the translation status table: the number of messages in a
            # catalog.
            _("Entries"),
            # Translators: a column of the translation status table: how many entries (plural) are
            # translated.
            _("Translated"),
            # Translators: a column of the translation status table: entries marked fuzzy (to
            # review), gettext's term.
            _("Fuzzy"),
            # Translators: a column of the translation status table: how many entries have no
            # translation.
            _("Untranslated"),
        ]
        rows: list[list[str]] = []
        languages = list(self.config.site_languages.items())[1:]
        for code, name in languages:
            for path in catalogs(locale_dir, code):
                self.env.note_dependency(str(path))
                st = status(path)
                name_in_dir = path.relative_to(locale_dir / code / "LC_MESSAGES").as_posix()
                rows.append(
                    [
                        name_in_dir,
                        name,
                        str(st.entries),
                        str(st.translated),
                        str(st.fuzzy),
                        str(st.untranslated),
                    ]
                )
        table = nodes.table(classes=["translation-status"])
        group = nodes.tgroup(cols=len(headers))
        summary = self._summary(locale_dir, languages)
        table += group
        for _h in headers:
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        head += self._row(headers)
        body = nodes.tbody()
        for row in rows:
            body += self._row(row)
        group += head
        group += body
        return [summary, table]

    def _summary(self, locale_dir: Path, languages: list[tuple[str, str]]) -> nodes.bullet_list:
        """One line per translated language: complete, or in progress with its share."""
        progress = in_progress(locale_dir, [code for code, _name in languages])
        items = nodes.bullet_list(classes=["translation-languages"])
        reader = self.config.language or SOURCE
        for code, own in languages:
            name = name_in(code, reader, own)
            if code in progress:
                text = str(
                    # Translators: a line of the status list on the translating page, for a
                    # language whose translation is not finished; {language} is its name in
                    # the page's language (French: Suédois).
                    _("{language}: translation in progress, {percent} % translated.")
                ).format(language=name, percent=progress[code])
            else:
                # Translators: a line of the status list on the translating page, for a
                # language whose every entry is translated; {language} is its name in the
                # page's language (French: Suédois).
                text = str(_("{language}: complete.")).format(language=name)
            item = nodes.list_item(classes=["in-progress" if code in progress else "complete"])
            item += nodes.paragraph(text=text)
            items += item
        return items

    @staticmethod
    def _row(cells: list[str]) -> nodes.row:
        row = nodes.row()
        for text in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=str(text))
            row += entry
        return row


def _write_sitemap(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for docname in sorted(app.env.found_docs):
        if docname in SKIP_IN_SITEMAP:
            continue
        lines.append("  <url>")
        lines.append(f"    <loc>{escape(_page_url(app, app.config.language, docname))}</loc>")
        for code in app.config.site_languages:
            href = quoteattr(_page_url(app, code, docname))
            lines.append(f'    <xhtml:link rel="alternate" hreflang="{code}" href={href}/>')
        lines.append("  </url>")
    lines.append("</urlset>")
    Path(app.outdir, "sitemap.xml").write_text("\n".join(lines) + "\n", encoding="utf-8")


class EnglishWhereUntranslated(SphinxTransform):
    """A passage its catalog leaves in English keeps English quotation marks: Sphinx's
    smart quotes (a later transform) read a node's language from a ``language-<code>``
    class, and would otherwise give an English sentence the page's own marks («…» on a
    Spanish page)."""

    default_priority = 30  # after Sphinx's Locale transform (20), before smart quotes (750)

    def apply(self, **kwargs: Any) -> None:
        if (self.config.language or SOURCE) == SOURCE:
            return
        for node in self.document.findall(nodes.Element):
            if node.get("translated") is False:
                node["classes"].append(f"language-{SOURCE}")


def _add_assets(app: Sphinx) -> None:
    # The site's name in the reader's language: the home page's <title>, the brand in
    # the sidebar and the end of every other page's <title> (never the package name).
    app.config.html_title = str(_("Gin Rummy rules"))
    if app.builder.format == "html":
        app.config.html_static_path.append(str(Path(__file__).parents[1] / "static"))
        app.add_css_file("ginrules-chrome.css")
        if app.config.ginrules_preview and (app.config.language or SOURCE) != SOURCE:
            # make lang's preview: the passages still in English stand out (the published
            # site shows them plainly, marked lang="en" only)
            app.add_css_file("ginrules-preview.css")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("site_languages", DEFAULT_LANGUAGES, "html", types=[dict])
    app.add_config_value("site_baseurl", "http://127.0.0.1:8000/", "html", types=[str])
    # True in `make lang`'s build only (tools/site.py lang): a translator's preview
    app.add_config_value("ginrules_preview", False, "html", types=[bool])
    app.add_transform(EnglishWhereUntranslated)
    app.connect("config-inited", _config_inited)
    app.connect("builder-inited", _add_assets)
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _write_sitemap)
    app.add_directive("translation-status", TranslationStatus)
    return {"version": "0.1.0", "parallel_read_safe": True, "parallel_write_safe": True}
