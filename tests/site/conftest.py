"""The built site, shared by the site tests: built once per session, or reused when fresh.

``make test`` builds the site before pytest; run alone, the fixture builds it when any
source (pages, catalogs, templates, extension, engine, conf.py) is newer than the last
build or the commit has changed since.
"""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "_build"
HTML = BUILD / "html"
INFO = BUILD / "site-build.json"
SOURCES = ["conf.py", "docs", "locale", "_templates", "ginrules_site", "ginrules", "tools"]


def _newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        for f in files:
            if f.suffix in {".mo", ".pyc"}:
                continue
            newest = max(newest, f.stat().st_mtime)
    return newest


def _commit() -> str | None:
    out = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return out.stdout.strip() if out.returncode == 0 else None


def _fresh(languages: list[str]) -> bool:
    if not INFO.is_file():
        return False
    info = json.loads(INFO.read_text())
    return (
        info.get("languages") == languages
        and info.get("commit") == _commit()
        and INFO.stat().st_mtime >= _newest_source()
    )


@pytest.fixture(scope="session")
def languages() -> dict[str, str]:
    langs = runpy.run_path(str(ROOT / "conf.py"))["LANGUAGES"]
    assert isinstance(langs, dict)
    return langs


@pytest.fixture(scope="session")
def site(languages: dict[str, str]) -> Path:
    """The root of the built site, ``_build/html``."""
    if not _fresh(list(languages)):
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "site.py"), "build"], cwd=ROOT, check=True
        )
    return HTML


@pytest.fixture(scope="session")
def build_info(site: Path) -> dict[str, object]:
    return json.loads(INFO.read_text())


@pytest.fixture(scope="session")
def docnames() -> list[str]:
    return sorted(p.stem for p in (ROOT / "docs").glob("*.md"))


@pytest.fixture(scope="session")
def translated_docnames(docnames: list[str]) -> list[str]:
    """The pages with catalogs: all but those in English in every language (the API)."""
    english = runpy.run_path(str(ROOT / "conf.py"))["english_only_pages"]
    assert set(english) <= set(docnames)
    return [doc for doc in docnames if doc not in english]
