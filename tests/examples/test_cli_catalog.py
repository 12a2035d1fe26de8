"""The terminal game's catalogs (``ginrules/locale``) are complete in every complete
language of ``ginrules.languages`` (a language in progress may leave lines in English),
compiled, and say what the site's catalogs say wherever both have a string."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ginrules.cli.game import LANGUAGES, LOCALE, translation
from ginrules.languages import LANGUAGES as TABLE
from ginrules.languages import SOURCE

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
