"""Sphinx configuration of the ginrules site (all languages).

Sources are in ``docs/``, catalogs in ``locale/<lang>/LC_MESSAGES/<docname>.po``.
Each language is its own build: ``sphinx-build -c . -D language=fr docs _build/html/fr``
(``make site`` builds them all). The languages, their order and every fact about them
that is not in a catalog are in ``ginrules/languages.py``: adding a language is one entry
there plus its catalogs (``make update-po``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from ginrules import __version__  # noqa: E402
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE  # noqa: E402

project = "ginrules"
author = "the ginrules contributors"
copyright = "the ginrules contributors"
version = release = __version__

# Language code -> native name, in the order the switcher shows them (the first is the source).
LANGUAGES: dict[str, str] = {code: language.name for code, language in LANGUAGE_TABLE.items()}
language = "en"
locale_dirs = [str(ROOT / "locale")]
gettext_compact = False
gettext_uuid = False
gettext_location = True

extensions = ["myst_parser", "sphinx.ext.autodoc", "ginrules_site"]
# Pages in English in every language, left out of the catalogs (tools/site.py gettext) and
# marked lang="en" on the other languages' pages: the API reference, from the docstrings.
english_only_pages = ["api"]
autodoc_member_order = "bysource"
root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns: list[str] = []
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

html_theme = "furo"
html_title = "ginrules"
html_static_path: list[str] = []
templates_path = [str(ROOT / "_templates")]
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
# The canonical URL of the whole site; each language lives under <base>/<lang>/.
site_baseurl = os.environ.get("GINRULES_BASEURL", "http://127.0.0.1:8000/")
site_languages = LANGUAGES
# The announcement bar at the top of every page holds the language switcher
# (see _templates/page.html); the text here is never shown.
html_theme_options = {"announcement": "language switcher"}
# Furo's footer would otherwise show English that no catalog can translate.
html_show_sphinx = False
html_show_copyright = False
# Our own favicon: a card with a heart, drawn in SVG.
html_favicon = str(ROOT / "ginrules_site" / "static" / "favicon.svg")
