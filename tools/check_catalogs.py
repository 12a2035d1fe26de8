#!/usr/bin/env python3
"""Check the catalogs before they ship; exit status 1 on any problem.

    python tools/check_catalogs.py              # every translated language
    python tools/check_catalogs.py fr de        # these languages
    python tools/check_catalogs.py --locale DIR xx   # the catalogs of another folder

For each language: its site catalogs (``locale/<lang>/LC_MESSAGES/*.po``) and, for a language
of the terminal game, its catalog ``ginrules/locale/<lang>/LC_MESSAGES/ginrules.po``. Fails
on what plain ``msgfmt --check`` says (errors and warnings), plural forms other than the
language's rule, fuzzy or untranslated entries (in a complete language), and translations
whose markup, references, link targets, inline code, placeholders, card cases or numbers
differ from the English, or whose typography is not the language's. Each problem names the
file, the line and the entry. The languages and their rules are those of
``ginrules/languages.py``; ``make lang L=<code>`` runs the same checks after its build.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrules.languages import LANGUAGES, SOURCE  # noqa: E402
from ginrules_site.chrome.catalogs import catalogs, check, check_terminal, status  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "languages", nargs="*", help="language codes (default: every translated language)"
    )
    parser.add_argument(
        "--locale",
        type=Path,
        default=ROOT / "locale",
        help="the folder of the site's catalogs (default: locale); its languages are checked "
        "without the terminal game's catalogs",
    )
    args = parser.parse_args(argv)
    languages = args.languages or [code for code in LANGUAGES if code != SOURCE]
    unknown = [code for code in languages if code not in LANGUAGES]
    if unknown and args.locale == ROOT / "locale":
        parser.error(
            f"unknown language {', '.join(unknown)}; ginrules/languages.py has: "
            f"{', '.join(LANGUAGES)}"
        )
    for language in languages:
        counts = [status(p) for p in catalogs(args.locale, language)]
        entries = sum(c.entries for c in counts)
        done = sum(c.translated for c in counts)
        fuzzy = sum(c.fuzzy for c in counts)
        print(
            f"{language}: {done}/{entries} translated, {fuzzy} fuzzy, "
            f"{entries - done - fuzzy} untranslated"
        )
    errors = check(args.locale, languages)
    if args.locale == ROOT / "locale":
        errors += check_terminal(languages)
    for error in errors:
        print(error)
    if errors:
        print(f"{len(errors)} problem(s) in the catalogs")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
