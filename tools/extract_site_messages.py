"""Extract the ``_()`` strings of the Sphinx extension into ``ginrules_site.pot``.

The pages' templates come from ``sphinx-build -b gettext``; the extension's own
strings (card names, example labels, score lines) come from here. ``make
update-po`` runs both, then merges every template into ``locale/<lang>/``.

Usage: ``python tools/extract_site_messages.py [OUTPUT_DIR]`` (default ``_build/gettext``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = "ginrules_site"
ENGINE_WORDS = (ROOT / "ginrules" / "coach" / "words.py",)


def site_catalog() -> Catalog:
    catalog = Catalog(project="ginrules", version="", fuzzy=False)
    found = extract_from_dir(
        ROOT / "ginrules_site",
        method_map=[("**.py", "python")],
        keywords={"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)},
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        path = f"ginrules_site/{filename}"
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    # The sentences the engine writes for the play page and the terminal game alike
    # (the tutor's reasons), marked N_ and NP_ in the engine, which has no catalog of its own
    for words in ENGINE_WORDS:
        with words.open("rb") as handle:
            marked = {"N_": None, "NP_": (1, 2)}
            for lineno, message, comments, context in extract(
                "python", handle, marked, ["Translators:"], strip_comment_tags=True
            ):
                path = words.relative_to(ROOT).as_posix()
                catalog.add(
                    message, None, [(path, lineno)], auto_comments=comments, context=context
                )
    # The extension formats with str.format only; Babel would flag a literal "%"
    # ("50 % of") as python-format, and msgfmt --check would then reject it.
    for entry in catalog:
        entry.flags.discard("python-format")
    return catalog


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "_build" / "gettext"
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{DOMAIN}.pot"
    with target.open("wb") as handle:
        write_po(handle, site_catalog(), width=79, omit_header=False, sort_output=False)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
