"""The built site, shared by the site tests: built once per session, or reused when fresh.

``make test`` builds the site before pytest; run alone, the fixture builds it when any
source (pages, catalogs, templates, extension, engine, conf.py) is newer than the last
build or the commit has changed since.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import runpy
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tools.chromium import ARGS, CHROMIUM

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


REPORTS = "/__csp-report__"


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``folder`` served on a free port of 127.0.0.1 by ``tools/serve.py``'s handler (its
    headers and its 404 page), quietly; yields the base address. A content-policy
    violation reported meanwhile fails the caller."""
    spec = importlib.util.spec_from_file_location("serve", ROOT / "tools" / "serve.py")
    assert spec is not None and spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    violations: list[bytes] = []

    class Handler(serve.SiteHandler):  # type: ignore[misc]
        # The site's policy, with where Chromium reports a violation (from a page or any
        # of its workers): a module whose pages violate it fails as its server stops.
        security_headers: ClassVar[dict[str, str]] = {
            **serve.SECURITY_HEADERS,
            "Content-Security-Policy": f"{serve.CONTENT_SECURITY_POLICY}; report-uri {REPORTS}",
        }

        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            if self.path != REPORTS:
                self.send_error(405)
                return
            violations.append(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            self.send_response(204)
            self.end_headers()

    handler = functools.partial(Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
    assert not violations, f"content policy violated: {violations}"


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """The built site, served."""
    with serving(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, as the browser tests start it (``tools/chromium.py``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


PROJECT_SOURCES = ("conf.py", "docs", "_templates", "ginrules_site", "ginrules", "tools")


def copy_project(project: Path) -> Path:
    """A copy of the project in ``project`` as a translator's clone has it: the sources,
    the catalogs (not compiled), and this checkout's Node packages and build cache."""
    project.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in PROJECT_SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=ignore)
        else:
            shutil.copy(source, project / name)
    shutil.copytree(ROOT / "locale", project / "locale", ignore=shutil.ignore_patterns("*.mo"))
    (project / "node_modules").symlink_to(ROOT / "node_modules")
    (project / "_build").mkdir()
    (project / "_build" / ".cache").symlink_to(ROOT / "_build" / ".cache")
    return project
