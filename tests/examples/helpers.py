"""Tiny Sphinx projects that use the example directives, built with sphinx.testing."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from sphinx.util.console import strip_escape_sequences

from ginrules.cases import CARD_FIELDS, parse_case

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"


def write_project(srcdir: Path, body: str, extra_conf: str = "") -> Path:
    """A MyST project with one page, ``index.md``, whose text is ``body``."""
    srcdir.mkdir(parents=True, exist_ok=True)
    (srcdir / "conf.py").write_text(
        textwrap.dedent(
            f"""
            extensions = ["myst_parser", "ginrules_site.directives.examples",
                          "ginrules_site.directives.deals"]
            locale_dirs = [{str(LOCALE)!r}]
            gettext_compact = False
            ginrules_cache_dir = {str(srcdir / "_cache")!r}
            """
        )
        + extra_conf
    )
    (srcdir / "index.md").write_text("# Examples\n\n" + textwrap.dedent(body))
    return srcdir


def build(
    make_app: Callable[..., Any],
    srcdir: Path,
    buildername: str = "html",
    language: str = "en",
) -> Any:
    app, warnings = _built(make_app, srcdir, buildername, language)
    assert "WARNING" not in warnings and "ERROR" not in warnings, warnings
    return app


def _built(make_app: Callable[..., Any], srcdir: Path, *how: str) -> tuple[Any, str]:
    """The app after a fresh build of ``srcdir`` (``how``: the builder's name and the
    language), and its warnings."""
    buildername, language = how
    app = make_app(
        buildername,
        srcdir=srcdir,
        builddir=srcdir / f"_build-{language}",
        confoverrides={"language": language},
        freshenv=True,
    )
    app.build()
    warnings = app.warning.getvalue() if hasattr(app, "warning") else app._warning.getvalue()
    # Free docutils' global registries now, so a test may build more than once.
    app.cleanup()
    return app, str(warnings)


def build_failing(
    make_app: Callable[..., Any],
    srcdir: Path,
    buildername: str = "html",
    language: str = "en",
) -> str:
    """Build a project whose example must fail: the error output, checked to be clean.

    The failure is one ``ERROR`` line per example, naming the page and line, the
    build's status is non-zero, and no exception escapes (no crash report).
    """
    app, warnings = _built(make_app, srcdir, buildername, language)
    warnings = strip_escape_sequences(warnings)
    assert app.statuscode != 0, warnings
    assert "Traceback" not in warnings and "Exception occurred" not in warnings, warnings
    assert "ERROR: " in warnings, warnings
    return str(warnings)


class ExampleParser(HTMLParser):
    """Collects, per example, the cards of each group and the summary paragraphs."""

    def __init__(self) -> None:
        super().__init__()
        self.examples: list[dict[str, Any]] = []
        self._group: dict[str, Any] | None = None
        self._para: list[str] | None = None
        self._para_class = ""
        self._depth = 0
        self._example_depth = -1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        cls = a.get("class", "").split()
        if tag == "div":
            self._depth += 1
            if "gr-example" in cls:
                self._example_depth = self._depth
                self.examples.append(
                    {
                        "classes": cls,
                        "variant": a["data-variant"],
                        "groups": [],
                        "lines": {},
                        "names": [],
                    }
                )
        if "gr-group" in cls:
            self._group = {"classes": cls, "label": a["aria-label"], "cards": []}
            self.examples[-1]["groups"].append(self._group)
        if "gr-card" in cls:
            self.examples[-1]["names"].append(a["aria-label"])
            if self._group is not None:
                self._group["cards"].append(a["data-card"])
        if tag == "p" and "gr-summary" in cls:
            self._para = []
            self._para_class = next((c for c in cls if c != "gr-summary"), "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            if self._depth == self._example_depth:
                self._example_depth = -1
            self._depth -= 1
            self._group = None
        if tag == "p" and self._para is not None:
            text = re.sub(r"\s+", " ", "".join(self._para)).strip()
            self.examples[-1]["lines"].setdefault(self._para_class, []).append(text)
            self._para = None

    def handle_data(self, data: str) -> None:
        if self._para is not None:
            self._para.append(data)


def parse_examples(html: str) -> list[dict[str, Any]]:
    parser = ExampleParser()
    parser.feed(html)
    return parser.examples


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a text, a card field's case (``{card:acc}``, chosen by the
    translator: :mod:`ginrules.cases`) read as the bare field, any other spec kept."""
    found = set()
    for name, spec in re.findall(r"\{(\w+)(?::(\w+))?\}", text):
        if spec and name in CARD_FIELDS and parse_case(spec) is not None:
            spec = ""
        found.add(f"{{{name}:{spec}}}" if spec else f"{{{name}}}")
    return found
