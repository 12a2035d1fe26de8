"""Playwright harness: the built site on 127.0.0.1, Debian's Chromium, and a
guard that fails a test on any request to another origin.

``_build/html`` is served as it is; ``/__test__/`` adds the pages of
``tests/browser/pages`` and ``/__test__/static/`` the site's own static files
(``ginrules_site/static``) for tests of the runtime without a Sphinx page.

Every answer carries the site's security headers (``tools/serve.py``), its content
policy with a ``report-uri`` added: Chromium reports each violation there, from a page or
any of its workers (shared and service workers too), and each page also says it in its
console (``CSP_WATCH``); a test during which one is reported fails (``_no_violation``).
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import re
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from http.cookies import SimpleCookie
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, sync_playwright

from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from tools.chromium import ARGS, CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
PAGES = Path(__file__).resolve().parent / "pages"
STATIC = ROOT / "ginrules_site" / "static"
# axe-core, served at AXE_URL: a page loads it as a script of its own origin (Playwright's
# add_script_tag with a path would write it inline, which the content policy refuses).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL = "/__test__/axe.min.js"
# The site's languages (ginrules/languages.py): every one it builds, and the complete ones,
# whose pages a test of a language's words reads (a language in progress shows English
# where its catalogs have no translation yet). What differs by language (the notation typed,
# a widget's words, plurals and typography, the play page's strings) runs in each complete
# language; what does not (colours, layout rules, axe on every page) runs once per case, each
# case in one language in turn (`each_in_one_language`, the same every run), so that a new
# language does not multiply the suite. How long a test waits for the engine's first live
# answer: far above a start, which takes seconds (a failure shows as one, not as a timeout).
Case = TypeVar("Case")
BUILT = list(LANGUAGE_TABLE)
LANGUAGES = [code for code, language in LANGUAGE_TABLE.items() if language.complete]
LIVE_TIMEOUT = 90_000


def in_turn(index: int) -> list[str]:
    """One complete language for a test of what does not differ by language: the
    ``index``-th in turn (each such test of a module passes its own index), the same every
    run; the words it reads come from that language's catalog."""
    return [LANGUAGES[index % len(LANGUAGES)]]


def each_in_one_language(
    cases: list[Case], offset: int = 0, languages: list[str] | None = None
) -> list[tuple[Case, str]]:
    """Each case once, in one language: the languages in turn (``BUILT`` unless given),
    starting ``offset`` places on, the same every run. With more languages than cases,
    the cases are repeated until every language has one."""
    langs = BUILT if languages is None else languages
    count = max(len(cases), len(langs))
    return [(cases[i % len(cases)], langs[(i + offset) % len(langs)]) for i in range(count)]


# Each context's cookie on the server's origin, so that the server tells its requests apart.
CONTEXT_COOKIE = "ginrules-test-context"
_CONTEXTS = itertools.count(1)


@dataclass
class ServerControl:
    """Knobs a test may turn to break the server on purpose; reset after each test."""

    stall: set[str] = field(default_factory=set)  # paths answered only after `stall_seconds`
    stall_seconds: float = 8.0
    replace: dict[str, bytes] = field(default_factory=dict)  # path -> body served instead
    status: dict[str, int] = field(default_factory=dict)  # path -> error status served instead
    mime: dict[str, str] = field(default_factory=dict)  # path -> Content-Type served instead
    log: list[str] = field(default_factory=list)  # every path asked for
    # every content-policy violation reported (by Chromium to CSP_REPORTS, or by a page)
    violations: list[str] = field(default_factory=list)
    # (context, path with query) of every request, by the context's cookie (open_context):
    # what a context asked of the server, its shared worker's requests too, which
    # Playwright does not see (it sees a page's and its dedicated workers' only)
    asked: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        CONTROLS.append(self)  # every server's, checked after each test (_no_violation)

    def reset(self) -> None:
        self.stall.clear()
        self.replace.clear()
        self.status.clear()
        self.mime.clear()
        self.log.clear()
        # `asked` stays: a context's log outlives a test (module-scoped contexts)


def _serve_module() -> Any:
    """The project's own server (tools/serve.py): the MIME types the site relies on, its
    security headers."""
    spec = importlib.util.spec_from_file_location("ginrules_serve", ROOT / "tools" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVE = _serve_module()
# Where Chromium posts a report of each violation of the content policy.
CONTROLS: list[ServerControl] = []
CSP_REPORTS = "/__csp-report__"
NOT_A_REPORT = re.compile(rf"^(?!.*{CSP_REPORTS}$)")
# The site's policy, and where to report.
TEST_HEADERS = {
    **SERVE.SECURITY_HEADERS,
    "Content-Security-Policy": f"{SERVE.CONTENT_SECURITY_POLICY}; report-uri {CSP_REPORTS}",
}
# Each page of a test context says a violation in its console, at once (the report comes
# a moment later; it also covers the workers, where no init script runs).
CSP_WATCH = """addEventListener("securitypolicyviolation", (event) => {
  console.error(`content policy violated: ${event.violatedDirective} blocked ${event.blockedURI}`
    + ` in ${event.sourceFile}:${event.lineNumber} (${event.documentURI}) ${event.sample}`);
}, true);"""


def describe_report(body: bytes) -> str:
    """One line of a violation report that Chromium posted (report-uri's JSON)."""
    try:
        report = json.loads(body).get("csp-report", {})
    except ValueError:
        return body[:300].decode("utf-8", "replace")
    keys = ("violated-directive", "blocked-uri", "source-file", "line-number", "document-uri")
    return " ".join(f"{key}={report.get(key)}" for key in keys if report.get(key) is not None)


class Handler(SERVE.SiteHandler):  # type: ignore[misc]
    control: ServerControl
    security_headers = TEST_HEADERS

    def do_POST(self) -> None:
        if urlsplit(self.path).path != CSP_REPORTS:
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.control.violations.append(describe_report(body))
        self.send_response(204)
        self.end_headers()

    def translate_path(self, path: str) -> str:
        clean = urlsplit(path).path
        if clean == AXE_URL:
            return str(AXE)
        if clean.startswith("/__test__/static/"):
            return str(STATIC / clean.removeprefix("/__test__/static/"))
        if clean.startswith("/__test__/"):
            return str(PAGES / clean.removeprefix("/__test__/"))
        return super().translate_path(path)

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        self.control.log.append(path)
        cookies = SimpleCookie(self.headers.get("Cookie", ""))
        if CONTEXT_COOKIE in cookies:
            self.control.asked.append((cookies[CONTEXT_COOKIE].value, self.path))
        if path in self.control.stall:
            time.sleep(self.control.stall_seconds)
        if path in self.control.status:
            self.send_error(self.control.status[path])
            return
        body = self.control.replace.get(path)
        if body is None and path in self.control.mime:
            body = Path(self.translate_path(path)).read_bytes()
        if body is not None:
            self.send_response(200)
            self.send_header("Content-Type", self.control.mime.get(path) or self.guess_type(path))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    """The test server: a browser that closes a page or a context mid-request (as the
    tests do, and as readers do) is no error of the site's, and prints no traceback;
    any other error of a request still does."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@dataclass
class Server:
    url: str
    control: ServerControl


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    if not (SITE / "_pyodide" / "runtime.json").exists():
        pytest.fail(f"{SITE} has no Pyodide runtime: run `make site` first")
    control = ServerControl()
    handler = type("BoundHandler", (Handler,), {"control": control})
    httpd = QuietServer(("127.0.0.1", 0), partial(handler, directory=str(SITE)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    host, port = httpd.server_address[:2]
    yield Server(f"http://{host}:{port}", control)
    httpd.shutdown()
    httpd.server_close()
    assert not control.violations, f"content policy violated: {control.violations}"


@pytest.fixture(autouse=True)
def _reset_server(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "server" in request.fixturenames:
        request.getfixturevalue("server").control.reset()


@pytest.fixture(autouse=True)
def _no_violation() -> Iterator[None]:
    """Fails the test during which a content-policy violation was reported to a test
    server (this module's or a test module's own) or said by a page."""
    yield
    # (A report that comes after the test's end fails the next test, or the session.)
    found = [line for control in CONTROLS for line in control.violations]
    for control in CONTROLS:
        control.violations.clear()
    assert not found, f"content policy violated: {found}"


# Module scope: Playwright's sync API allows one instance at a time, and other test
# folders (tests/site) start their own after this one is closed.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it with apt-get")
    netlog = Path(tempfile.mkdtemp(prefix="ginrules-netlog-")) / "netlog.json"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[*ARGS, f"--log-net-log={netlog}"]
        )
        yield browser
        browser.close()
    foreign = foreign_requests(netlog)
    shutil.rmtree(netlog.parent, ignore_errors=True)
    assert not foreign, f"requests to other origins: {foreign}"


def add_axe(page: Page) -> None:
    """axe-core in the page, from the test server (``axe`` is then a global)."""
    assert AXE.exists(), "run `npm ci` (make test does)"
    page.add_script_tag(url=AXE_URL)


# The one request to another origin that a test makes on purpose (the guard's own test).
PROBE = "http://192.0.2.1/probe.css"


def foreign_requests(netlog: Path) -> list[str]:
    """The requests that a page of this machine's server, or any of its workers, made
    to another origin, from Chromium's own network log: it sees shared workers too,
    which Playwright does not. (Chromium's own requests have no page as initiator.)"""
    found = []
    for event in json.loads(netlog.read_text(encoding="utf-8"))["events"]:
        params = event.get("params") or {}
        initiator, url = params.get("initiator"), params.get("url")
        if not (isinstance(initiator, str) and isinstance(url, str)):
            continue
        parts = urlsplit(url)
        other = f"{parts.scheme}://{parts.netloc}" != initiator
        ours = initiator.startswith("http://127.0.0.1:")
        if ours and other and url != PROBE and parts.scheme in ("http", "https", "ws", "wss"):
            found.append(url)
    return found


class RequestLog:
    """Every request of a context: ``urls``, those that reached the server (from its
    pages and all their workers, shared ones too; not those answered from the
    browser's cache), and ``foreign``, those to another origin that Playwright saw
    (a page's and its dedicated workers'; Chromium's own log checks the rest, see
    ``browser``)."""

    def __init__(self, origin: str, control: ServerControl, name: str) -> None:
        self.origin = origin
        self.control = control
        self.name = name
        self.foreign: list[str] = []

    @property
    def urls(self) -> list[str]:
        return [self.origin + path for name, path in list(self.control.asked) if name == self.name]

    def record(self, request: Request) -> None:
        url = request.url
        scheme = urlsplit(url).scheme
        if scheme in ("data", "blob", "about"):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)


def open_context(
    browser: Browser, server: Server, **options: Any
) -> tuple[BrowserContext, RequestLog]:
    # No service worker (the site's stores its pages once a widget is used): a test sees
    # what the server sends; tests/browser/test_offline.py allows them in its contexts.
    context = browser.new_context(base_url=server.url, **{"service_workers": "block", **options})
    # A loaded 2-core machine (the suite runs two test processes) may take more than
    # Playwright's 30 s to start Python in a page: waits allow what LIVE_TIMEOUT allows.
    context.set_default_timeout(90_000)
    log = RequestLog(server.url, server.control, f"c{next(_CONTEXTS)}")
    context.add_cookies([{"name": CONTEXT_COOKIE, "value": log.name, "url": server.url}])
    context.on("request", log.record)
    context.add_init_script(CSP_WATCH)

    def said(message: Any) -> None:
        text = message.text
        if text.startswith("content policy violated") or "Content Security Policy" in text:
            server.control.violations.append(text)

    context.on("console", said)

    def block_foreign(route: Any, request: Request) -> None:
        # Recorded by the "request" event; never let it leave the machine.
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https") and f"{parts.scheme}://{parts.netloc}" != server.url:
            route.abort()
        else:
            route.continue_()

    # Every request but the reports of violations, which a route would hold until the test
    # next calls Playwright (its sync API answers routes only then).
    context.route(NOT_A_REPORT, block_foreign)
    return context, log


@pytest.fixture
def make_context(browser: Browser, server: Server) -> Iterator[Any]:
    """Factory of extra contexts (options such as init scripts); each is guarded."""
    made: list[tuple[BrowserContext, RequestLog]] = []

    def make(**options: Any) -> tuple[BrowserContext, RequestLog]:
        made.append(open_context(browser, server, **options))
        return made[-1]

    yield make
    for context, log in made:
        context.close()
        assert not log.foreign, f"requests to other origins: {log.foreign}"


@pytest.fixture
def context_log(browser: Browser, server: Server) -> Iterator[tuple[BrowserContext, RequestLog]]:
    """A fresh context; the test fails if anything asked another origin."""
    context, log = open_context(browser, server)
    yield context, log
    context.close()
    assert not log.foreign, f"requests to other origins: {log.foreign}"


@pytest.fixture
def page(context_log: tuple[BrowserContext, RequestLog]) -> Page:
    context, _ = context_log
    return context.new_page()


@pytest.fixture
def requests_log(context_log: tuple[BrowserContext, RequestLog]) -> RequestLog:
    return context_log[1]


@pytest.fixture(scope="module")
def shared_context(browser: Browser, server: Server) -> Iterator[tuple[BrowserContext, RequestLog]]:
    """One context for a whole test module (pages that keep their runtime between
    tests); the module fails if anything in it asked another origin."""
    context, log = open_context(browser, server)
    yield context, log
    context.close()
    assert not log.foreign, f"requests to other origins: {log.foreign}"


@pytest.fixture(scope="module")
def play_context(browser: Browser, server: Server) -> Iterator[tuple[BrowserContext, RequestLog]]:
    """One context for a module of play-page tests, the computer's pacing instant; the
    module fails if anything asked another origin."""
    context, log = open_context(browser, server)
    context.add_init_script("window.GINRULES_PLAY_PACE_MS = 0;")
    yield context, log
    context.close()
    assert not log.foreign, f"requests to other origins: {log.foreign}"


@pytest.fixture
def play_page(play_context: tuple[BrowserContext, RequestLog]) -> Iterator[Page]:
    """A new page in the module's play context, closed after the test."""
    page = play_context[0].new_page()
    yield page
    page.close()


# What a page opened by ``pages`` waits for; a test module may set ``READY`` to its own.
READY = "section.gr-widget form.gr-controls:not([hidden])"


@pytest.fixture(scope="module")
def pages(
    request: pytest.FixtureRequest, shared_context: tuple[BrowserContext, RequestLog]
) -> Iterator[Callable[[str, str], Page]]:
    """Open (once per test module) the page ``lang/docname`` once its widgets are ready
    (the module's ``READY`` selector); widgets keep their runtime between tests."""
    context, _log = shared_context
    ready = getattr(request.module, "READY", READY)
    opened: dict[str, Page] = {}

    def get(lang: str, docname: str) -> Page:
        key = f"/{lang}/{docname}.html"
        if key not in opened:
            page = context.new_page()
            page.goto(key)
            page.wait_for_selector(ready)
            opened[key] = page
        return opened[key]

    yield get
    for page in opened.values():
        page.close()
