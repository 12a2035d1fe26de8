"""The terminal game's catalog (``ginrules play --lang``), kept in step with the site's.

    python tools/cli_catalog.py           # write ginrules/locale/<lang>/LC_MESSAGES/ginrules.*
    python tools/cli_catalog.py --check   # exit 1 if that would change a file or one is missing

The English strings are read from ``ginrules/cli/game.py`` (the calls ``say("...")``,
``say.plural("...", "...", n)``, ``N_("...")``, ``NP_("...", "...")`` and, with
the context ``command``,
``C_("...")``). For each language, a string that the site's own catalog
(``locale/<lang>/LC_MESSAGES/ginrules_site.po``) translates takes the site's
translation; the others keep the translation written in the package's ``.po``.
The ``.po`` is written, then compiled to the ``.mo`` that the engine reads with
the standard library's :mod:`gettext`. An entry with no translation is reported,
and the exit status is 1 for a complete language (``ginrules/languages.py``); a
language in progress plays its untranslated lines in English. A translation whose
fields differ from the English's (``{texto}`` for ``{text}``, a wrong case) is reported
with its file and line and kept out of the ``.mo`` (the line plays in English), and the
exit status is 1: ``make lang`` and the tests check the ``.po`` as they check the site's.

The languages are those of ``ginrules/languages.py`` whose entry says ``terminal``.
"""

from __future__ import annotations

import argparse
import array
import ast
import io
import re
import struct
import sys
import time
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ginrules.languages import LANGUAGES as TABLE  # noqa: E402
from ginrules.languages import SOURCE as SOURCE_LANGUAGE  # noqa: E402
from ginrules_site.chrome.catalogs import field_problems  # noqa: E402

SOURCES = (ROOT / "ginrules" / "cli" / "game.py", ROOT / "ginrules" / "coach" / "words.py")
PACKAGE = ROOT / "ginrules" / "locale"
SITE = ROOT / "locale"
# The terminal game's translated languages: code -> English name.
LANGUAGES = {
    code: language.english_name
    for code, language in TABLE.items()
    if language.terminal and code != SOURCE_LANGUAGE
}

Key = tuple[str | None, str | tuple[str, str]]


def extract(sources: tuple[Path, ...] = SOURCES) -> list[Key]:
    """The (context, msgid) of every string of the terminal game, sorted."""
    return sorted(places(sources), key=lambda k: (k[0] or "", str(k[1])))


def places(sources: tuple[Path, ...] = SOURCES) -> dict[Key, list[str]]:
    """The (context, msgid) of every string of the terminal game, with the files (from the
    project's folder) that say it."""
    found: dict[Key, list[str]] = {}
    nodes = (
        (_shown(s).as_posix(), n)
        for s in sources
        for n in ast.walk(ast.parse(s.read_text(encoding="utf-8")))
    )
    for source, node in nodes:
        if not isinstance(node, ast.Call) or not node.args:
            continue
        texts = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
        if not texts or not all(isinstance(t, str) for t in texts):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        key: Key
        if name in ("say", "N_"):
            key = (None, texts[0])
        elif name == "C_":
            key = ("command", texts[0])
        elif name in ("plural", "NP_") and len(texts) == 2:
            key = (None, (texts[0], texts[1]))
        else:
            continue
        files = found.setdefault(key, [])
        if source not in files:
            files.append(source)
    return found


def _shown(path: Path) -> Path:
    """``path`` from the project's folder, as a message shows it."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _read(path: Path, lang: str) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _translation(catalog: Catalog | None, key: Key, forms: int) -> object:
    """The translation of ``key`` in ``catalog`` (None if missing, fuzzy or empty, or a
    plural entry without the ``forms`` of the language's plural rule)."""
    if catalog is None:
        return None
    context, msgid = key
    message = catalog.get(msgid, context=context)
    if message is None or message.fuzzy:
        return None
    string = message.string
    if isinstance(string, tuple | list) != isinstance(msgid, tuple):
        return None  # a plural entry for a plain one, or the other way round
    if isinstance(string, tuple | list):
        written = tuple(string)
        if len(written) != forms:
            return None  # written for another plural rule
        return written if all(written) else None
    return string or None


class Built(NamedTuple):
    """A language's catalog as written (``po``) and compiled (``mo``), the keys it leaves
    untranslated, and the translations kept out of the ``.mo`` (a line each, with the
    file and line of the ``.po``)."""

    po: bytes
    mo: bytes
    missing: list[Key]
    refused: list[str]


def build(lang: str) -> Built:
    """The catalog of ``lang``, from the sources, the site's catalog and its own ``.po``."""
    keys = extract()
    site = _read(SITE / lang / "LC_MESSAGES" / "ginrules_site.po", lang)
    own_path = PACKAGE / lang / "LC_MESSAGES" / "ginrules.po"
    own = _read(own_path, lang)
    catalog = Catalog(
        locale=lang,
        domain="ginrules",
        project="ginrules",
        version="",
        charset="utf-8",
        fuzzy=False,
    )
    # gettext's rule, the entry's, not Babel's CLDR one (three French forms)
    catalog.mime_headers = [("Plural-Forms", TABLE[lang].plural_forms)]
    forms = TABLE[lang].nplurals
    missing = []
    refused: list[str] = []
    skip: set[Key] = set()
    for key in keys:
        from_site = _translation(site, key, forms)
        string = from_site or _translation(own, key, forms)
        if string is None:
            missing.append(key)
            string = ("",) * forms if isinstance(key[1], tuple) else ""
        elif not from_site and own is not None:
            # the site's own translations are checked with the site's catalog
            english = key[1] if isinstance(key[1], str) else key[1][0]
            said = [string] if isinstance(string, str) else list(string)  # type: ignore[call-overload]
            problems = sorted({p for text in said for p in field_problems(english, text)})
            if problems:
                line = own.get(key[1], key[0]).lineno  # type: ignore[union-attr]
                where = _shown(own_path)
                refused += [
                    f"{where}:{line}: {problem}: msgid {english[:60]!r}; kept out of "
                    "ginrules.mo, the line plays in English"
                    for problem in problems
                ]
                skip.add(key)
        comment = "from the site's catalog" if from_site else None
        catalog.add(
            key[1],
            string,  # type: ignore[arg-type]
            context=key[0],
            auto_comments=[comment] if comment else [],
        )
    po = io.BytesIO()
    write_po(po, catalog, width=0, omit_header=False, no_location=True, sort_output=False)
    text = po.getvalue().decode("utf-8")
    _head, sep, rest = text.partition("\n\n")
    po_bytes = (header(lang, rest) + sep + rest).encode("utf-8")
    compiled = read_po(io.BytesIO(po_bytes), locale=lang)
    return Built(po_bytes, compile_mo(compiled, lang, skip), missing, refused)


# A header field as the catalog holds it, and the values gettext's templates leave in it.
_FIELD = re.compile(r'^"([\w-]+): (.*)\\n"$', re.MULTILINE)
_TEMPLATE_VALUES = ("FULL NAME", "EMAIL@ADDRESS", "YEAR-MO-DA", "LL@li.org")


def header(lang: str, entries: str) -> str:
    """The catalog's header: real fields, which msgfmt --check and the catalog editors
    expect (a translator's tool fills Last-Translator and PO-Revision-Date as it saves).
    The revision date and translator of the committed catalog stay while its entries do;
    the date is the day's when they change."""
    path = PACKAGE / lang / "LC_MESSAGES" / "ginrules.po"
    kept: dict[str, str] = {}
    if path.is_file():
        old_head, _sep, old_entries = path.read_text(encoding="utf-8").partition("\n\n")
        kept = {
            name: value
            for name, value in _FIELD.findall(old_head)
            if not any(placeholder in value for placeholder in _TEMPLATE_VALUES)
        }
        if old_entries != entries:
            kept.pop("PO-Revision-Date", None)
    language = TABLE[lang]
    fields = {
        "Project-Id-Version": "ginrules",
        "PO-Revision-Date": kept.get(
            "PO-Revision-Date", time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime())
        ),
        "Last-Translator": kept.get("Last-Translator", "ginrules translators"),
        "Language-Team": kept.get("Language-Team", language.name),
        "Language": lang,
        "Plural-Forms": language.plural_forms,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    lines = [
        f"# {LANGUAGES[lang]} words of the terminal game (ginrules play --lang {lang}).",
        "# Its English is in ginrules/cli/game.py and ginrules/coach/words.py; the lines the",
        "# site also says take the site's translation (locale/<lang>/LC_MESSAGES/",
        "# ginrules_site.po). Written by tools/cli_catalog.py, which compiles it to ginrules.mo.",
        'msgid ""',
        'msgstr ""',
        *(f'"{name}: {value}\\n"' for name, value in fields.items()),
    ]
    return "\n".join(lines)


TEMPLATE = PACKAGE / "ginrules.pot"


def template() -> bytes:
    """The terminal game's template (``ginrules/locale/ginrules.pot``): its English strings,
    each with the files that say it, under the same real header fields as the site's
    templates (``tools/site.py``). A translation platform starts a new language from it;
    it lives beside the catalogs it is the template of, not in ``locale/``, whose every
    template ``make update-po`` turns into a site catalog."""
    site_tool = _site_tool()
    catalog = Catalog(project="ginrules", version="", charset="utf-8", fuzzy=False)
    for key, files in sorted(places().items(), key=lambda kv: (kv[0][0] or "", str(kv[0][1]))):
        catalog.add(key[1], context=key[0], locations=[(f, None) for f in files])
    site_tool.real_header(catalog)
    catalog.creation_date = catalog.revision_date = _kept_date()
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_lineno=False, sort_output=False)
    text = out.getvalue().decode("utf-8")
    head = (
        "# Template of the terminal game's catalog (ginrules play --lang): the English of\n"
        "# ginrules/cli/game.py and ginrules/coach/words.py, written by tools/cli_catalog.py.\n"
        "# Its translations: ginrules/locale/<language>/LC_MESSAGES/ginrules.po\n"
        "# Copyright (C) the ginrules contributors\n"
        "# This file is distributed under the same license as the ginrules package.\n"
    )
    return (head + text[text.index('msgid ""') :]).encode("utf-8")


def _kept_date() -> object:
    """The creation date of the committed template while its entries stay (no diff from a
    run that changes nothing), else now."""
    import datetime

    now = datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0)
    if not TEMPLATE.is_file():
        return now
    with TEMPLATE.open("rb") as handle:
        old = read_po(handle)
    same = [(m.context, m.id, m.locations) for m in old if m.id] == [
        (k[0], k[1], [(f, None) for f in files])
        for k, files in sorted(places().items(), key=lambda kv: (kv[0][0] or "", str(kv[0][1])))
    ]
    return old.creation_date if same else now


def _site_tool():  # type: ignore[no-untyped-def]
    import importlib.util

    spec = importlib.util.spec_from_file_location("ginrules_site_tool", ROOT / "tools" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _key_id(msgid: object) -> str | tuple[str, str]:
    return msgid if isinstance(msgid, str) else (str(msgid[0]), str(msgid[1]))  # type: ignore[index]


def compile_mo(catalog: Catalog, lang: str, skip: set[Key] | None = None) -> bytes:
    """The ``.mo`` of ``catalog`` (translated entries only, none of ``skip``), as msgfmt
    writes it: the same bytes for the same entries, whatever the time or Babel's version."""
    header = f"Content-Type: text/plain; charset=UTF-8\nLanguage: {lang}\n"
    header += f"Plural-Forms: {TABLE[lang].plural_forms}\n"
    messages = {b"": header.encode("utf-8")}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if skip and (message.context, _key_id(message.id)) in skip:
            continue
        msgid = message.id
        key = "\0".join(msgid) if isinstance(msgid, tuple | list) else msgid
        if message.context:
            key = f"{message.context}\x04{key}"
        string = message.string
        value = "\0".join(string) if isinstance(string, tuple | list) else string
        if value and all(value.split("\0")):
            messages[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(messages)
    ids = strs = b""
    table = []
    for key in keys:
        table.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    start = 7 * 4 + 16 * len(keys)
    offsets: list[int] = []
    for id_at, id_len, _, _ in table:
        offsets += [id_len, id_at + start]
    for _, _, str_at, str_len in table:
        offsets += [str_len, str_at + start + len(ids)]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return head + array.array("i", offsets).tobytes() + ids + strs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args()
    status = 0
    pot = template()
    if not (TEMPLATE.is_file() and TEMPLATE.read_bytes() == pot):
        if args.check:
            print(f"{_shown(TEMPLATE)} is not in step: run tools/cli_catalog.py")
            status = 1
        else:
            TEMPLATE.write_bytes(pot)
            print(f"wrote {_shown(TEMPLATE)}")
    for lang in LANGUAGES:
        po, mo, missing, refused = build(lang)
        folder = PACKAGE / lang / "LC_MESSAGES"
        for path, data in ((folder / "ginrules.po", po), (folder / "ginrules.mo", mo)):
            if path.is_file() and path.read_bytes() == data:
                continue
            if args.check:
                print(f"{_shown(path)} is not in step: run tools/cli_catalog.py")
                status = 1
            else:
                folder.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                print(f"wrote {_shown(path)}")
        for context, msgid in missing:
            where = f" (context {context})" if context else ""
            print(f"{lang}: no translation for {msgid!r}{where}")
            if TABLE[lang].complete:
                status = 1
        if missing and not TABLE[lang].complete:
            print(f"{lang}: in progress, {len(missing)} lines in English")
        for line in refused:
            print(line)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
