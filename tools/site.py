#!/usr/bin/env python3
"""Build helper for the ginrules site: every language, the root page, catalogs.

    python tools/site.py build      # _build/html/<lang>/, root index.html, sitemap
    python tools/site.py lang fr    # for translators: check fr's catalogs, build fr only
    python tools/site.py gettext    # locale/*.pot, theme and extension strings included
    python tools/site.py update-po  # sphinx-intl update for every translated language
    python tools/site.py dist       # dist/: the built site for any static host

Languages come from ``ginrules/languages.py`` (through ``LANGUAGES`` in conf.py); the first
one is the source language.
Each language is its own sphinx-build run with warnings as errors; two run at a time.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import html
import importlib.util
import io
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "_build"
HTML = BUILD / "html"
# make lang's preview of one language, apart from the site (make site): _build/preview/<code>
PREVIEW = BUILD / "preview"
LOCALE = ROOT / "locale"  # the catalogs, and their templates (*.pot) for translation platforms
DIST = ROOT / "dist"
BROTLI_CACHE = ROOT / ".cache" / "brotli"
BIN = Path(sys.executable).parent


def git_commit() -> str | None:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return result.stdout.strip() if result.returncode == 0 else None


def site_config() -> dict[str, object]:
    return runpy.run_path(str(ROOT / "conf.py"))


def languages() -> dict[str, str]:
    langs = site_config()["LANGUAGES"]
    assert isinstance(langs, dict)
    return langs


def sphinx_build(*args: str) -> list[str]:
    return [str(BIN / "sphinx-build"), "-q", "-W", "--keep-going", "-c", str(ROOT), *args]


def build_language(code: str, preview: bool = False) -> float:
    """Build one language's pages; ``preview`` (make lang) makes its untranslated
    passages stand out."""
    start = time.perf_counter()
    out = (PREVIEW if preview else HTML) / code
    shutil.rmtree(out, ignore_errors=True)  # no stale pages from an earlier build
    if preview:
        preview_runtime()
    cmd = sphinx_build(
        "-E",
        "-a",
        "-b",
        "html",
        "-D",
        f"language={code}",
        *(["-D", "ginrules_preview=1"] if preview else []),
        "-d",
        str(BUILD / ("doctrees-preview" if preview else "doctrees") / code),
        str(ROOT / "docs"),
        str(out),
    )
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"sphinx-build failed for language {code!r}")
    return time.perf_counter() - start


def preview_runtime() -> None:
    """The preview's pages find the engine where the site's do, one folder up
    (``../_pyodide``): ``_build/preview/_pyodide`` is a link to the site's, if built."""
    PREVIEW.mkdir(parents=True, exist_ok=True)
    link = PREVIEW / "_pyodide"
    if not link.exists() and not link.is_symlink() and (HTML / "_pyodide").is_dir():
        link.symlink_to(Path("..") / "html" / "_pyodide", target_is_directory=True)


# The root page's style and script are files (ROOT_CSS, ROOT_SCRIPT) beside it: the content
# policy of tools/serve.py allows no inline style or script.
ROOT_CSS = """body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto;
        padding: 0 1rem; line-height: 1.5; color: #222; background: #fff; }
@media (prefers-color-scheme: dark) {
  body { color: #ddd; background: #131416; } a { color: #8ab4f8; }
}
ul { list-style: none; padding: 0; font-size: 1.25rem; }
li { margin: 0.75rem 0; }
"""
ROOT_SCRIPT = """(function () {{
  var available = {codes};
  var wanted = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (available.indexOf(code) >= 0) {{ location.replace(code + "/index.html"); return; }}
  }}
  location.replace(available[0] + "/index.html");
}})();
"""
ROOT_PAGE = """<!doctype html>
<html lang="{source}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
{alternates}
<link rel="stylesheet" href="ginrules-root.css">
<script src="ginrules-root.js"></script>
</head>
<body>
<main>
<h1>{title}</h1>
<ul>
{links}
</ul>
</main>
</body>
</html>
"""


def language_table() -> dict[str, Any]:
    """``ginrules.languages.LANGUAGES`` of this tree (the root page's titles, plural rules)."""
    sys.path.insert(0, str(ROOT))
    from ginrules.languages import LANGUAGES

    return dict(LANGUAGES)


def write_root(langs: dict[str, str], baseurl: str, out: Path = HTML) -> None:
    """The root page (every language's link), its sitemap and robots.txt, in ``out``."""
    codes = list(langs)
    base = baseurl.rstrip("/")
    # The title of the root page in each language (the root page is shown in all of them).
    table = language_table()
    title = " · ".join(table[c].root_title for c in codes)
    links = "\n".join(
        f'<li><a href="{c}/index.html" hreflang="{c}" lang="{c}">{html.escape(n)}</a></li>'
        for c, n in langs.items()
    )
    alternates = "\n".join(
        f'<link rel="alternate" hreflang="{c}" href="{base}/{c}/index.html">' for c in codes
    )
    alternates += f'\n<link rel="alternate" hreflang="x-default" href="{base}/index.html">'
    alternates += f'\n<link rel="canonical" href="{base}/index.html">'
    page = ROOT_PAGE.format(
        source=codes[0],
        title=html.escape(title),
        alternates=alternates,
        links=links,
    )
    (out / "index.html").write_text(page, encoding="utf-8")
    (out / "ginrules-root.css").write_text(ROOT_CSS, encoding="utf-8")
    script = ROOT_SCRIPT.format(codes=repr(codes).replace("'", '"'))
    (out / "ginrules-root.js").write_text(script, encoding="utf-8")
    index = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ]
    index += [f"  <sitemap><loc>{base}/{c}/sitemap.xml</loc></sitemap>" for c in codes]
    index.append("</sitemapindex>")
    (out / "sitemap.xml").write_text("\n".join(index) + "\n", encoding="utf-8")
    (out / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {base}/sitemap.xml\n")
    # A static host serves /404.html for an address outside every language (the source
    # language's page; `make lang` may have built another language alone).
    if (out / codes[0] / "404.html").is_file():
        shutil.copyfile(out / codes[0] / "404.html", out / "404.html")


def malformed_catalogs(codes: list[str]) -> list[str]:
    """What makes these languages' catalogs unreadable, naming file and line: msgfmt's
    syntax errors, plural forms other than the language entry's, what Babel refuses.
    Sphinx reads a broken ``.po`` without a word (an unterminated ``msgstr`` becomes a
    cut heading) or stops with a traceback that names no file, so every build runs this
    first, on the languages it builds only: another language's catalog never stops it."""
    sys.path.insert(0, str(ROOT))
    from ginrules_site.chrome.catalogs import catalogs, unreadable

    return [e for code in codes for po in catalogs(LOCALE, code) for e in unreadable(po, code)]


def check_plural_rules(codes: list[str]) -> None:
    """Stop on a language entry whose plural rule cannot be a catalog's; warn (stderr) of
    one that differs from gettext's usual rule for its code."""
    table = language_table()
    problems = [p for c in codes if c in table and (p := table[c].plural_problem())]
    if problems:
        raise SystemExit("\n".join(problems))
    for code in codes:
        warning = table[code].plural_warning() if code in table else None
        if warning:
            print(warning, file=sys.stderr)


def stop_on_malformed(codes: list[str]) -> None:
    check_plural_rules(codes)
    errors = malformed_catalogs(codes)
    if errors:
        sys.stderr.write("\n".join(errors) + "\n")
        raise SystemExit(f"{len(errors)} error(s) in the catalogs: fix the lines above")


def cmd_build(args: argparse.Namespace) -> None:
    langs = languages()
    codes = args.languages or list(langs)
    stop_on_malformed(codes)
    HTML.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        times = dict(zip(codes, pool.map(build_language, codes), strict=True))
    baseurl = os.environ.get("GINRULES_BASEURL", "http://127.0.0.1:8000/")
    write_root(langs, baseurl)
    total = time.perf_counter() - start
    info = {
        "languages": codes,
        "baseurl": baseurl,
        "commit": git_commit(),
        "seconds": {**{c: round(t, 2) for c, t in times.items()}, "total": round(total, 2)},
    }
    (BUILD / "site-build.json").write_text(json.dumps(info, indent=2) + "\n")
    for code, seconds in times.items():
        print(f"built {code} in {seconds:.1f} s -> {HTML / code}")
    print(f"site built in {total:.1f} s ({len(codes)} languages, {args.jobs} at a time)")


def cmd_lang(args: argparse.Namespace) -> None:
    """The translator's loop: one language's catalogs checked, all at once, each problem at
    its ``.po`` file and line (the checks of ``make test``, ``tools/check_catalogs.py
    <code>``: its site catalogs and its terminal game's), then its pages built with warnings
    as errors, as a preview that makes the passages still in English stand out. Only a
    catalog that cannot be read stops before the checks and the build: every other problem
    of the catalogs and the build's come in one run, not in rounds."""
    start = time.perf_counter()
    langs = languages()
    code = args.language
    if code not in langs:
        raise SystemExit(
            f"unknown language {code!r}; ginrules/languages.py has: {', '.join(langs)} "
            "(a new language is an entry there, then make update-po)"
        )
    check_plural_rules([code])
    unreadable = malformed_catalogs([code])
    if unreadable:  # the other checks would read it again; msgfmt has said where
        sys.stderr.write("\n".join(unreadable) + "\n")
        raise SystemExit(
            f"{len(unreadable)} error(s) in the {code} catalogs; the pages are not built "
            "while a catalog cannot be read"
        )
    errors: list[str] = []
    if code != next(iter(langs)):
        from ginrules_site.chrome.catalogs import check, check_terminal

        # the checks of tools/check_catalogs.py: the site's catalogs, the terminal game's
        errors = check(LOCALE, [code]) + check_terminal([code]) + terminal_in_step(code)
    for error in errors:
        print(error)
    try:
        seconds = build_language(code, preview=True)
    except SystemExit as failed:
        if errors:
            raise SystemExit(
                f"{failed}; and {len(errors)} problem(s) in the catalogs above"
            ) from None
        raise
    write_root(langs, os.environ.get("GINRULES_BASEURL", "http://127.0.0.1:8000/"), PREVIEW)
    print(f"built {code} in {seconds:.1f} s -> {PREVIEW / code / 'index.html'}")
    total = time.perf_counter() - start
    if errors:
        raise SystemExit(f"{len(errors)} problem(s) in the {code} catalogs ({total:.1f} s)")
    print(f"{code}: catalogs clean, pages built in {total:.1f} s")
    print(f"to read them: .venv/bin/python tools/serve.py _build/preview (then /{code}/index.html)")
    print(
        "(a preview: the passages still in English are outlined; it leaves the site in"
        " _build/html as it was, and make site builds that)"
    )


def terminal_in_step(code: str) -> list[str]:
    """Whether the terminal game's catalog of ``code`` is as ``tools/cli_catalog.py`` would
    write and compile it (the site's shared translations copied, the ``.mo`` compiled from
    the ``.po``): a line per file that is not."""
    entry = language_table().get(code)
    if entry is None or not entry.terminal or code == next(iter(languages())):
        return []
    spec = importlib.util.spec_from_file_location("cli_catalog", ROOT / "tools" / "cli_catalog.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    built = tool.build(code)
    folder = tool.PACKAGE / code / "LC_MESSAGES"
    return [
        f"{path}: not in step with ginrules.po and the site's catalog: run "
        ".venv/bin/python tools/cli_catalog.py"
        for path, data in ((folder / "ginrules.po", built.po), (folder / "ginrules.mo", built.mo))
        if not path.is_file() or path.read_bytes() != data
    ]


# Theme templates whose strings readers see; Sphinx's gettext builder only reads ours.
def theme_messages() -> list[tuple[str, str]]:
    import furo
    from jinja2 import Environment

    env = Environment(extensions=["jinja2.ext.i18n"])
    theme = Path(furo.__file__).parent / "theme" / "furo"
    found = []
    for template in sorted(theme.rglob("*.html")):
        source = template.read_text(encoding="utf-8")
        for _line, _func, message in env.extract_translations(source):
            if isinstance(message, str):
                found.append((message, f"furo/{template.relative_to(theme).as_posix()}"))
    return found


# Sphinx's own strings that a reader sees (the titles of the ¶ links); Sphinx's catalogs
# lack them in some languages (German had "Link to this heading"), and the gettext builder
# does not extract them: sphinx.pot has them, so every language translates them.
SPHINX_MESSAGES = (
    ("Link to this heading", "sphinx/writers/html5.py"),
    ("Link to this table", "sphinx/writers/html5.py"),
    ("Link to this code", "sphinx/writers/html5.py"),
    ("Link to this image", "sphinx/writers/html5.py"),
    ("Link to this definition", "sphinx/writers/html5.py"),
    ("Link to this term", "sphinx/writers/html5.py"),
)


def po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def cmd_gettext(args: argparse.Namespace) -> None:
    """Write the templates (``*.pot``) of every catalog to ``locale/``, where a translation
    platform (Weblate, Transifex) reads them beside the catalogs. A template whose entries
    have not changed is left as it is, so that its diff stays empty."""
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp)
        cmd = sphinx_build("-E", "-b", "gettext", str(ROOT / "docs"), str(raw))
        subprocess.run(cmd, check=True)
        pot = raw / "sphinx.pot"
        text = pot.read_text(encoding="utf-8")
        seen = set()
        extra = []
        for message, origin in [*SPHINX_MESSAGES, *theme_messages()]:
            key = po_quote(message)
            if f"msgid {key}\n" in text or key in seen:
                continue
            seen.add(key)
            extra.append(f'#: {origin}\nmsgid {key}\nmsgstr ""\n')
        pot.write_text(text.rstrip("\n") + "\n\n" + "\n".join(extra), encoding="utf-8")
        # The extension's own strings: ginrules_site.pot.
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "extract_site_messages.py"), str(raw)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        # The pages in English in every language (the API reference) have no catalog.
        for page in site_config().get("english_only_pages", []):
            (raw / f"{page}.pot").unlink(missing_ok=True)
        names = set()
        for template in sorted(raw.glob("*.pot")):
            names.add(template.name)
            write_template(template, out / template.name)
    for stale in out.glob("*.pot"):
        if stale.name not in names:  # a page that no longer exists
            stale.unlink()
    print(f"{out}: {len(names)} templates, {len(extra)} theme strings added to sphinx.pot")


def tidy_locations(catalog: Catalog, base: Path) -> None:
    """Each entry names the files it comes from, relative to the project and without line
    numbers: moving a paragraph changes no catalog."""
    for message in catalog:
        places = []
        for filename, _line in message.locations:
            name = filename
            if filename.startswith("../"):
                name = os.path.relpath((base / filename).resolve(), ROOT)
            if (name, None) not in places:
                places.append((name, None))
        message.locations = places


def render(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, include_lineno=False)
    return buffer.getvalue().decode("utf-8")


def unchanged(new: str, path: Path) -> bool:
    """Whether ``path`` holds ``new`` already, apart from the dates of its header."""
    if not path.is_file():
        return False
    dated = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*$', re.MULTILINE)
    return dated.sub("", path.read_text(encoding="utf-8")) == dated.sub("", new)


def brace_only(catalog: Catalog) -> None:
    """Babel flags a brace template with a literal "%" ("{percent} % of") python-format
    as it reads it; msgfmt --check then refuses the catalog. The extension formats with
    str.format only."""
    for message in catalog:
        if "python-brace-format" in message.flags:
            message.flags.discard("python-format")


# The header fields of every template (``*.pot``, the terminal game's included), real
# values where gettext's tools leave placeholders (``ginrules VERSION``, ``EMAIL@ADDRESS``,
# ``FULL NAME``, ``YEAR-MO-DA``): a platform shows them, and a new language's catalog starts
# from them (``fix_header`` then names its language team).
TEMPLATE_TEAM = "ginrules translators"
PLACEHOLDERS = ("VERSION", "EMAIL@ADDRESS", "FULL NAME", "YEAR-MO-DA", "LL@li.org", "LANGUAGE")


def real_header(catalog: Catalog) -> None:
    """Give a template (read by Babel) the project's header fields, as every ``.pot`` has."""
    sys.path.insert(0, str(ROOT))
    from ginrules import __version__

    catalog.project = "ginrules"
    catalog.version = __version__
    catalog.copyright_holder = "the ginrules contributors"
    catalog.msgid_bugs_address = ""
    catalog.revision_date = catalog.creation_date
    catalog.last_translator = TEMPLATE_TEAM
    catalog.language_team = TEMPLATE_TEAM


COMMENTS = LOCALE / "comments.toml"


def translator_comments() -> dict[str, dict[str, str]]:
    """``locale/comments.toml``: notes for translators on the pages' entries, by template
    (``all``: every page's), which Sphinx's page catalogs cannot carry themselves."""
    import tomllib

    with COMMENTS.open("rb") as f:
        return tomllib.load(f)


# A translators' note reaches a template as lines of at most COMMENT_WIDTH characters:
# Babel rewraps a longer line at every write, at any space, and a French example
# (« … 62 % ») then came out split at its spaces, "%" and "»" alone on their lines.
COMMENT_WIDTH = 76
_GLUED_BEFORE = tuple("%»:;?!)”“")  # a word starting so stays on the line before it
_GLUED_AFTER = ("«", "„", "(")  # such a word stays on the line after it


def comment_lines(text: str, width: int = COMMENT_WIDTH) -> list[str]:
    """``text`` as the lines of a translators' note, none longer than ``width`` (unless
    one word is), breaking at spaces only, never before punctuation that French sets
    after a space (« 62 % », « : ») nor after an opening quotation mark: lines that
    Babel then writes as they are.

    >>> comment_lines("French: « Traduction en cours : 62 % ».", 36)
    ['French: « Traduction en cours :', '62 % ».']
    """
    words: list[str] = []
    for word in text.split(" "):
        if not word:
            continue
        if words and (word.startswith(_GLUED_BEFORE) or words[-1].endswith(_GLUED_AFTER)):
            words[-1] += " " + word
        else:
            words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def reflow_comments(catalog: Catalog) -> None:
    """The source's notes of each entry, which an earlier write wrapped, as one paragraph
    in lines that no later write rewraps (:func:`comment_lines`)."""
    for message in catalog:
        if message.auto_comments:
            message.auto_comments = comment_lines(" ".join(message.auto_comments))


def add_comments(catalog: Catalog, name: str) -> None:
    """The notes of ``locale/comments.toml`` on the entries of the template ``name`` (a
    page's; the extension's own ``ginrules_site`` has its comments in its code), and the
    note that an entry has nothing to translate."""
    sys.path.insert(0, str(ROOT))
    from ginrules_site.chrome.catalogs import NOTHING_TO_TRANSLATE, nothing_to_translate

    notes = translator_comments()
    page = {} if name == "ginrules_site" else {**notes.get("all", {}), **notes.get(name, {})}
    for message in catalog:
        if not message.id:
            continue
        said = []
        if isinstance(message.id, str) and message.id in page:
            said.append(page[message.id])
        if nothing_to_translate(message.id):
            said.append(NOTHING_TO_TRANSLATE)
        notes = [line for note in said for line in comment_lines(note)]
        message.auto_comments = [*notes, *(c for c in message.auto_comments if c not in notes)]


def write_template(raw: Path, target: Path) -> None:
    with raw.open("rb") as f:
        catalog = read_po(f)
    brace_only(catalog)
    real_header(catalog)
    reflow_comments(catalog)
    add_comments(catalog, target.stem)
    sys.path.insert(0, str(ROOT))
    from ginrules_site.directives.glossary import rank_row

    for message in list(catalog):
        # computed from the language table (the glossary's rank letters): nothing to translate
        if message.id and isinstance(message.id, str) and rank_row(message.id):
            catalog.delete(message.id, message.context)
    tidy_locations(catalog, raw.parent)
    catalog.header_comment = (
        f"# Template of the ginrules site's catalog {target.stem!r}: the English text,\n"
        f"# extracted by `make gettext`. Its translations: locale/<language>/LC_MESSAGES/"
        f"{target.stem}.po\n"
        "# Copyright (C) the ginrules contributors\n"
        "# This file is distributed under the same license as the ginrules package."
    )
    text = render(catalog)
    if not unchanged(text, target):
        target.write_text(text, encoding="utf-8")


def cmd_update_po(args: argparse.Namespace) -> None:
    codes = args.languages or list(languages())[1:]
    check_plural_rules(codes)
    cmd = [
        str(BIN / "sphinx-intl"),
        "update",
        "-p",
        str(LOCALE),
        "-d",
        str(LOCALE),
        "-w",
        "0",
    ]
    for code in codes:
        cmd += ["-l", code]
    subprocess.run(cmd, check=True)
    write_language_list()
    langs = languages()
    for code in codes:
        filled = tidy_language(code, langs.get(code, code))
        if filled:
            print(f"{code}: {filled} new entries took the translation of the same English text")


LINGUAS = LOCALE / "LINGUAS"
LANGUAGE_LIST = LOCALE / "languages.json"


def language_list() -> dict[str, str]:
    """The files a translation platform reads to know the languages (``ginrules/languages.py``
    as data): ``locale/LINGUAS``, gettext's list of the translated codes (what Weblate's
    "Update LINGUAS file" add-on keeps), and ``locale/languages.json``, each language's
    names, plural rule, status and catalogs. Written by ``make update-po``; a test keeps
    them in step with the table."""
    table = language_table()
    source = next(iter(table))
    translated = [code for code in table if code != source]
    linguas = (
        "# The translated languages of ginrules (gettext's LINGUAS): written by make update-po\n"
        "# from ginrules/languages.py, where a language is added.\n" + "\n".join(translated) + "\n"
    )
    entries = {
        code: {
            "name": entry.name,
            "english_name": entry.english_name,
            "source": code == source,
            "status": entry.status,
            "minimum_percent": entry.threshold,
            "plural_forms": entry.plural_forms,
            "nplurals": entry.nplurals,
            "terminal": entry.terminal,
            "catalogs": (
                []
                if code == source
                else [
                    f"locale/{code}/LC_MESSAGES/{p.stem}.po" for p in sorted(LOCALE.glob("*.pot"))
                ]
                + ([f"ginrules/locale/{code}/LC_MESSAGES/ginrules.po"] if entry.terminal else [])
            ),
            "terminology": None if code == source else f"locale/{code}/terminology.csv",
        }
        for code, entry in table.items()
    }
    data = {
        "_comment": "Written by make update-po from ginrules/languages.py; do not edit.",
        "source_language": source,
        "languages": entries,
    }
    return {
        "LINGUAS": linguas,
        "languages.json": json.dumps(data, indent=2, ensure_ascii=False) + "\n",
    }


def write_language_list() -> None:
    for name, text in language_list().items():
        path = LOCALE / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def tidy_language(code: str, name: str) -> int:
    """Bring one language's catalogs to one form (header, locations without line numbers)
    and fill each new or fuzzy entry whose English (and context) is translated elsewhere in
    the language, as gettext's compendium does: a heading shared by six pages is translated
    once. Returns the number of entries filled."""
    sys.path.insert(0, str(ROOT))
    from ginrules_site.chrome.catalogs import nothing_to_translate

    read = {}
    entry = language_table().get(code)
    for po in sorted((LOCALE / code / "LC_MESSAGES").rglob("*.po")):
        # Babel says nothing useful of the forms beyond the header's (plural_forms drops them)
        with po.open("rb") as f, contextlib.redirect_stdout(io.StringIO()):
            read[po] = read_po(f)
        template = LOCALE / f"{po.stem}.pot"
        if template.is_file():
            # sphinx-intl writes a catalog only when its set of msgids changes: an entry
            # that differs by its context alone, new comments or places would not reach it.
            with template.open("rb") as f:
                read[po].update(read_po(f))
        brace_only(read[po])
        if entry is not None:
            plural_forms(read[po], entry.plural_forms)
    known: dict[tuple[object, str | None], object] = {}
    for catalog in read.values():
        for message in [*catalog, *catalog.obsolete.values()]:
            if message.id and not message.fuzzy and all(_strings(message.string)):
                known.setdefault((message.id, message.context), message.string)
    filled = 0
    for po, catalog in read.items():
        # An obsolete entry whose English came back (Babel keeps both: msgfmt refuses that)
        # gives its translation to the live entry.
        for key, old in list(catalog.obsolete.items()):
            if catalog.get(old.id, old.context) is not None:
                del catalog.obsolete[key]
        for message in catalog:
            key = (message.id, message.context)
            if nothing_to_translate(message.id) and message.string != message.id:
                message.string = message.id  # markup or a number: the same in every language
                message.flags.discard("fuzzy")
            elif key in known and (message.fuzzy or not any(_strings(message.string))):
                message.string = known[key]  # the same English: no guess, no fuzzy flag
                message.flags.discard("fuzzy")
                filled += 1
        catalog.header_comment = (
            f"# {name} ({code}) translation of the ginrules site's catalog {po.stem!r}.\n"
            f"# Its template, the English text: locale/{po.stem}.pot\n"
            "# Copyright (C) the ginrules contributors\n"
            "# This file is distributed under the same license as the ginrules package."
        )
        text = render(catalog)
        if not unchanged(text, po):
            po.write_text(text, encoding="utf-8")
        fix_header(po, code, name)
    return filled


def _strings(string: object) -> list[object]:
    return list(string) if isinstance(string, tuple | list) else [string]


def plural_forms(catalog: Catalog, rule: str) -> None:
    """Give the catalog the language entry's plural rule and each plural entry that many
    forms. sphinx-intl creates a catalog with Babel's rule (CLDR's: three forms for
    Spanish, Italian, Portuguese and French, where gettext's rule has two), which msgfmt
    and Sphinx then refuse. A translated entry whose number of forms changes is marked
    fuzzy, for its translator to check."""
    catalog.mime_headers = [("Plural-Forms", rule)]
    count = catalog.num_plurals
    for message in [*catalog, *catalog.obsolete.values()]:
        if not isinstance(message.id, tuple | list):
            continue
        forms = [str(form or "") for form in _strings(message.string)]
        if len(forms) != count:
            if any(forms):
                message.flags.add("fuzzy")
            message.string = tuple((forms + [""] * count)[:count])


def fix_header(po: Path, code: str, name: str) -> None:
    """Fill the header fields sphinx-intl leaves at their template values."""
    text = po.read_text(encoding="utf-8")
    head, sep, rest = text.partition("\n\n")
    lines = [line for line in head.splitlines() if line != "#, fuzzy"]
    today = time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime())
    table = language_table()
    for i, line in enumerate(lines):
        if line.startswith('"PO-Revision-Date: YEAR'):
            lines[i] = f'"PO-Revision-Date: {today}\\n"'
        elif line.startswith('"Last-Translator: FULL NAME'):
            lines[i] = '"Last-Translator: ginrules translators\\n"'
        elif line.startswith('"Language-Team: '):
            lines[i] = f'"Language-Team: {name}\\n"'
        elif line.startswith('"Project-Id-Version: ') and "VERSION" in line:
            from ginrules import __version__

            lines[i] = f'"Project-Id-Version: ginrules {__version__}\\n"'
        elif line.startswith('"Report-Msgid-Bugs-To: ') and "EMAIL@ADDRESS" in line:
            lines[i] = '"Report-Msgid-Bugs-To: \\n"'
        elif line.startswith('"Plural-Forms: ') and code in table:
            # gettext's own rule; Babel writes CLDR ones that msgfmt does not know.
            lines[i] = f'"Plural-Forms: {table[code].plural_forms}\\n"'
    # A brace template is never a %-format: Babel flags a literal "%" ("50 % of") as
    # python-format when it reads the template, and msgfmt --check then rejects it.
    rest = rest.replace("#, python-brace-format, python-format\n", "#, python-brace-format\n")
    new = "\n".join(lines) + sep + rest
    if new != text:
        po.write_text(new, encoding="utf-8")


# Already compressed: a .gz or .br beside them would save nothing.
PACKED = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".whl", ".gz", ".br"}
COMPRESS_MIN = 1024


def brotli_bytes(data: bytes) -> bytes:
    """Brotli at its best quality; cached by content (the runtime rarely changes)."""
    import brotli  # type: ignore[import-not-found,unused-ignore]

    cached = BROTLI_CACHE / f"{hashlib.sha256(data).hexdigest()}.br"
    if cached.is_file():
        return cached.read_bytes()
    packed: bytes = brotli.compress(data, quality=11)
    BROTLI_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(packed)
    return packed


def precompress(path: Path) -> dict[str, int]:
    """Write ``path.gz`` and ``path.br`` where they save at least a tenth; return sizes."""
    data = path.read_bytes()
    sizes = {"raw": len(data)}
    if len(data) < COMPRESS_MIN or path.suffix.lower() in PACKED:
        return sizes
    for suffix, packed in ((".gz", gzip.compress(data, 9, mtime=0)), (".br", brotli_bytes(data))):
        if len(packed) < 0.9 * len(data):
            path.with_name(path.name + suffix).write_bytes(packed)
            sizes[suffix] = len(packed)
    return sizes


def cmd_dist(args: argparse.Namespace) -> None:
    """Copy the built site to a static tree any host can serve, with precompressed
    ``.gz``/``.br`` files, the cache headers (``_headers``) and ``.nojekyll``."""
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import headers_file

    out = Path(args.output)
    if not (HTML / "index.html").is_file() or not (HTML / "_pyodide" / "runtime.json").is_file():
        raise SystemExit(f"{HTML} is not built: run `make site` first")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(HTML, out, ignore=shutil.ignore_patterns(".*"))
    (out / "_headers").write_text(headers_file(out), encoding="utf-8")
    # GitHub Pages runs Jekyll unless told not to, and Jekyll drops _static/ and _pyodide/.
    (out / ".nojekyll").write_text("", encoding="utf-8")
    # Each variant page's rules on one page, as a PDF beside it (tools/summaries.py).
    from summaries import write_summaries

    start = time.perf_counter()
    pdfs = write_summaries(out, [code for code in languages() if (out / code).is_dir()])
    print(f"{len(pdfs)} rules summaries (PDF) in {time.perf_counter() - start:.1f} s")
    totals = {"raw": 0, ".gz": 0, ".br": 0}
    files = [p for p in sorted(out.rglob("*")) if p.is_file()]
    for path in files:
        sizes = precompress(path)
        for key in totals:
            totals[key] += sizes.get(key, sizes["raw"])
    print(
        f"{out}: {len(files)} files, {totals['raw'] / 1e6:.1f} MB raw; as sent with "
        f"gzip {totals['.gz'] / 1e6:.1f} MB, with brotli {totals['.br'] / 1e6:.1f} MB"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True)
    p = sub.add_parser("build", help="build every language and the root page")
    p.add_argument("languages", nargs="*")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("lang", help="check one language's catalogs and build its pages")
    p.add_argument("language")
    p.set_defaults(func=cmd_lang)
    p = sub.add_parser("dist", help="copy the built site to a tree for static hosts")
    p.add_argument("-o", "--output", default=str(DIST), help="default: dist")
    p.set_defaults(func=cmd_dist)
    p = sub.add_parser("gettext", help="extract the message templates")
    p.add_argument("-o", "--output", default=str(LOCALE), help="default: locale")
    p.set_defaults(func=cmd_gettext)
    p = sub.add_parser("update-po", help="update the catalogs from the templates")
    p.add_argument("languages", nargs="*")
    p.set_defaults(func=cmd_update_po)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
