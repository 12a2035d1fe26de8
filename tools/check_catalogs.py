#!/usr/bin/env python3
"""Check the site's catalogs before they ship; exit status 1 on any problem.

    python tools/check_catalogs.py [LOCALE_DIR] [LANG ...]

Fails on ``msgfmt --check`` errors, fuzzy or untranslated entries, and translations
whose markup, references, link targets, inline code, placeholders or numbers differ
from the English. Each problem names the file, the line and the entry.
The languages default to every translated language in conf.py.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrules_site.chrome.catalogs import catalogs, check, status  # noqa: E402


def main(argv: list[str]) -> int:
    locale_dir = Path(argv[0]) if argv else ROOT / "locale"
    languages = argv[1:] or list(runpy.run_path(str(ROOT / "conf.py"))["LANGUAGES"])[1:]
    for language in languages:
        counts = [status(p) for p in catalogs(locale_dir, language)]
        entries = sum(c.entries for c in counts)
        done = sum(c.translated for c in counts)
        fuzzy = sum(c.fuzzy for c in counts)
        print(
            f"{language}: {done}/{entries} translated, {fuzzy} fuzzy, "
            f"{entries - done - fuzzy} untranslated"
        )
    errors = check(locale_dir, languages)
    for error in errors:
        print(error)
    if errors:
        print(f"{len(errors)} problem(s) in the catalogs")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
