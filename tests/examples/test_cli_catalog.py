"""The terminal game's catalogs (``ginrules/locale``) are complete in every complete
language of ``ginrules.languages`` (a language in progress may leave lines in English),
compiled, and say what the site's catalogs say wherever both have a string."""

from __future__ import annotations

import dataclasses
import gettext
import importlib.util
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ginrules.cli.game import LANGUAGES, LOCALE, translation
from ginrules.languages import LANGUAGES as TABLE
from ginrules.languages import SOURCE
from ginrules_site.chrome.catalogs import check_terminal

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "cli_catalog.py"
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
COMPLETE = [lang for lang in TRANSLATED if TABLE[lang].complete]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("cli_catalog", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalogs_are_in_step_with_the_source_and_the_site() -> None:
    run = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("lang", COMPLETE)
def test_no_entry_is_fuzzy_or_untranslated(lang: str) -> None:
    """As ``../shared/tools/po_status.py ginrules/locale`` checks (it exits 0)."""
    with (LOCALE / lang / "LC_MESSAGES" / "ginrules.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    entries = [m for m in catalog if m.id]
    assert len(entries) > 60
    for message in entries:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy and all(strings), message.id


@pytest.mark.parametrize("lang", COMPLETE)
def test_every_string_of_the_game_is_translated_in_the_compiled_catalog(lang: str) -> None:
    catalog = translation(lang)
    keys = _tool().extract()
    assert len(keys) > 60
    for context, msgid in keys:
        if isinstance(msgid, tuple):
            one, many = catalog.ngettext(*msgid, 1), catalog.ngettext(*msgid, 5)
            assert one not in msgid or many not in msgid, msgid
        elif context:
            assert catalog.pgettext(context, msgid), msgid
        else:
            assert catalog.gettext(msgid), msgid


@pytest.mark.parametrize("lang", TRANSLATED)
def test_shared_strings_say_what_the_site_says(lang: str) -> None:
    site_path = ROOT / "locale" / lang / "LC_MESSAGES" / "ginrules_site.po"
    if not TABLE[lang].complete and not site_path.is_file():
        pytest.skip(f"{lang} is in progress and has no site catalog yet")
    with site_path.open("rb") as handle:
        # an entry the site leaves untranslated (a language in progress) is English in both
        site = {
            (m.context, m.id): m.string
            for m in read_po(handle, locale=lang)
            if m.id and m.string and not m.fuzzy
        }
    catalog = translation(lang)
    shared = 0
    for context, msgid in _tool().extract():
        if (context, msgid) not in site or isinstance(msgid, tuple):
            continue
        shared += 1
        assert catalog.gettext(msgid) == site[(context, msgid)], msgid
    if TABLE[lang].complete:
        assert shared >= 20  # the engine's refusals, the outcomes, the variants' names


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_is_checked_as_the_sites_are(lang: str) -> None:
    """Plain msgfmt --check, plural forms, fields and markup, typography, complete when the
    language is: what make lang and tools/check_catalogs.py run on it."""
    assert check_terminal([lang]) == []
    path = LOCALE / lang / "LC_MESSAGES" / "ginrules.po"
    head = path.read_text(encoding="utf-8").partition("\n\n")[0]
    assert "YEAR" not in head and "FULL NAME" not in head and "EMAIL@ADDRESS" not in head
    assert f'"Language-Team: {TABLE[lang].name}\\n"' in head
    assert re.search(r'^"PO-Revision-Date: \d{4}-\d\d-\d\d \d\d:\d\d\+0000\\n"$', head, re.M)
    assert f'"Plural-Forms: {TABLE[lang].plural_forms}\\n"' in head


def test_a_translation_with_other_fields_is_named_and_kept_out(tmp_path, monkeypatch) -> None:
    """``{texto}`` for ``{text}`` (the issue: ``ginrules play --lang es`` ended in
    ``KeyError: 'texto'``): the tool names file and line and exits 1, the compiled catalog
    leaves the line in English, and the catalog check names it too."""
    tool = _tool()
    shutil.copytree(LOCALE, tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    po = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "ginrules.po"
    english = "'{text}' is neither a move nor a card; type '{help}' for the moves."
    lines = po.read_text(encoding="utf-8").split("\n")
    at = lines.index(f'msgid "{english}"')
    assert "{text}" in lines[at + 1]
    lines[at + 1] = lines[at + 1].replace("{text}", "{texto}")
    po.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr(tool, "PACKAGE", tmp_path / "locale")
    built = tool.build("fr")
    assert built.refused == [
        f"{po}:{at + 1}: placeholder differs from the English; missing {{text}}; unexpected "
        f"{{texto}}: msgid {english[:60]!r}; kept out of ginrules.mo, the line plays in English"
    ]
    assert built.po == po.read_bytes()  # the translator's line is kept, to be mended
    compiled = gettext.GNUTranslations(io.BytesIO(built.mo))
    assert compiled.gettext(english) == english
    assert compiled.gettext("You pass.") == translation("fr").gettext("You pass.") != "You pass."
    monkeypatch.setattr(sys, "argv", ["cli_catalog.py"])
    assert tool.main() == 1
    said = check_terminal(["fr"], tmp_path / "locale")
    assert any(
        line.startswith(f"{po}:{at + 1}: placeholder differs") and "{texto}" in line
        for line in said
    ), said


def test_a_plural_entry_has_the_forms_of_the_languages_rule(monkeypatch) -> None:
    """Under a rule of three forms (Polish's), every plural entry is written with three, and
    a translation written for two is not taken for one of three."""
    tool = _tool()
    polish = (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    )
    monkeypatch.setitem(tool.TABLE, "fr", dataclasses.replace(TABLE["fr"], plural_forms=polish))
    built = tool.build("fr")
    text = built.po.decode("utf-8")
    assert f'"Plural-Forms: {polish}\\n"' in text
    plurals = re.findall(r"^msgid_plural .*\n((?:msgstr\[\d\] .*\n)+)", text, re.M)
    assert len(plurals) > 5
    assert all(block.count("msgstr[") == 3 and 'msgstr[2] ""' in block for block in plurals)
    # the two French forms are not taken for three: every plural entry is left to translate
    assert all(isinstance(key[1], str) for key in tool.extract() if key not in built.missing)
