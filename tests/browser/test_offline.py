"""Offline after one visit (issues 25, 34): the service worker of each language
(``ginrules_site/live/offline.py``, ``static/ginrules-sw.js``), registered once the reader
has used the site, stores the language's pages and their assets, and the runtime once
for every language (two languages visited: one copy); then, with the server stopped
(Playwright's offline switch does not stop a service worker's own fetches), a variant
page's widget answers and a play-page deal is played to its end in each of them, and a
page of a language not visited says, in that language, that it is not stored.
A new build replaces the stored set at once on the next visit, and a build whose
files do not match their sha256 is never stored. The manifest makes the site
installable (Chromium's own checks).

This module runs its own server (the conftest's handler, on a port of its own), so
that it can stop it; its contexts allow service workers (the conftest blocks them
elsewhere, so that no other test is answered by a stored copy).
"""

from __future__ import annotations

import html
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import (
    SITE,
    Handler,
    QuietServer,
    RequestLog,
    Server,
    ServerControl,
    open_context,
)
from .test_play import play_game_until_over, start
from .test_shared_engine import MARKS
from .test_snapshot import READ
from .test_widgets import expected_melds, melds_widget, type_cards, wait_live, written

HAND = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D KS"
OTHER = "AS 2S 3S 4S 8H 8D 8C 9D TD JD KC"


def offline_config(lang: str) -> dict[str, Any]:
    """The ``OFFLINE`` line of the language's service worker: build id and files."""
    head = (SITE / lang / "ginrules-sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    assert head.startswith("const OFFLINE = ") and head.endswith(";"), head[:80]
    config: dict[str, Any] = json.loads(head.removeprefix("const OFFLINE = ").removesuffix(";"))
    return config


class StoppableServer:
    """The site on 127.0.0.1:<port>, stopped and started again on the same port (the
    same origin, so the same service worker and caches)."""

    def __init__(self) -> None:
        self.control = ServerControl()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.httpd: QuietServer | None = None
        self.start()

    def start(self) -> None:
        handler = type("OfflineHandler", (Handler,), {"control": self.control})
        self.httpd = QuietServer(("127.0.0.1", self.port), partial(handler, directory=str(SITE)))
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@pytest.fixture(scope="module")
def site() -> Iterator[StoppableServer]:
    server = StoppableServer()
    yield server
    server.stop()


@pytest.fixture
def running(site: StoppableServer) -> Iterator[StoppableServer]:
    """The server up for the test, and up again after it whatever happened."""
    if site.httpd is None:
        site.start()
    yield site
    if site.httpd is None:
        site.start()
    site.control.reset()  # its `asked` log too: this server's contexts are all closed here


def offline_context(browser: Browser, site: StoppableServer) -> tuple[BrowserContext, RequestLog]:
    context, log = open_context(browser, Server(site.url, site.control), service_workers="allow")
    # A worker per page (no engine kept running by another page): each page starts the
    # engine from what it can reach; the computer's moves at once; the play page registers
    # the offline worker as soon as the browser is idle (not 3 s after it opens).
    context.add_init_script(
        "window.GINRULES_SHARED_ENGINE = false; window.GINRULES_PLAY_PACE_MS = 0;"
        "window.GINRULES_OFFLINE_DELAY_MS = 0;"
    )
    return context, log


# The state of a language's service worker and its caches, as the page sees them; and
# the runtime's caches (`runtime`: name after the prefix -> entries) and, over every
# cache of the origin, how many entries are a runtime file (`runtime_entries`).
STATE = """async ([scope, prefix, runtimePrefix]) => {
  const registration = await navigator.serviceWorker.getRegistration(scope);
  const all = await caches.keys();
  const entries = async (name) => (await (await caches.open(name)).keys()).map((r) => r.url);
  const pairs = await Promise.all(all.map(async (name) => [name, await entries(name)]));
  const held = Object.fromEntries(pairs);
  const after = (start) => Object.fromEntries(all.filter((name) => name.startsWith(start))
    .map((name) => [name.slice(start.length), held[name].length]));
  return {
    registered: Boolean(registration) && registration.scope === scope,
    script: registration?.active?.scriptURL ?? null,
    active: registration?.active?.state ?? null,
    waiting: registration?.waiting?.state ?? null,
    installing: registration?.installing?.state ?? null,
    controlled: Boolean(navigator.serviceWorker.controller),
    caches: after(prefix),
    runtime: after(runtimePrefix),
    runtime_entries: Object.values(held).flat().filter((url) => url.includes("/_pyodide/")).length,
  };
}"""


def state(page: Page, site: StoppableServer, lang: str) -> dict[str, Any]:
    scope = f"{site.url}/{lang}/"
    value: dict[str, Any] = page.evaluate(
        STATE, [scope, f"ginrules-offline {scope} ", f"ginrules-offline-runtime {site.url}/ "]
    )
    return value


def kept_cache(lang: str) -> tuple[str, int]:
    """The name (after its prefix) and size of the cache of a visited language."""
    files = offline_config(lang)
    return f"{files['build']} {files['runtime']['id']}", len(files["files"]) + len(files["notice"])


def wait_for(
    page: Page, site: StoppableServer, lang: str, test: Any, what: str, polls: int = 360
) -> dict[str, Any]:
    """Poll the service worker's state until ``test(state)`` holds (90 s at most)."""
    for _ in range(polls):
        now = state(page, site, lang)
        if test(now):
            return now
        page.wait_for_timeout(250)
    raise AssertionError(f"{what}: {now}")


def answers(page: Page, lang: str, codes: str) -> None:
    """The page's meld finder gives the engine's answer for ``codes``."""
    widget = melds_widget(page)
    text = written(codes, lang)
    type_cards(widget, text)
    wait_live(widget, text)
    deadwood, _going = expected_melds(text, "standard", None, lang)
    expect(widget.locator(".gr-result")).to_have_attribute("data-deadwood", str(deadwood))


@pytest.fixture(scope="module")
def reader(browser: Browser, site: StoppableServer) -> Iterator[tuple[BrowserContext, Page]]:
    """A reader's first visits: in French a variant page read (nothing registered), then
    its meld finder used; in Swedish the play page opened (nothing played). Ready once
    each language's pages and the runtime are stored, and the other languages' notice."""
    context, _log = offline_context(browser, site)
    page = context.new_page()
    runtime = offline_config("fr")["runtime"]
    for lang, first in (("fr", "standard"), ("sv", "play")):
        page.goto(f"/{lang}/{first}.html")
        if first == "standard":
            page.evaluate("new Promise((done) => requestIdleCallback(done, {timeout: 3000}))")
            assert not state(page, site, lang)["registered"], "registered on a page left unused"
            assert page.evaluate("navigator.serviceWorker.getRegistrations()") == []
            answers(page, lang, HAND)
        name, size = kept_cache(lang)
        stored = wait_for(
            page,
            site,
            lang,
            # (Swedish: its notice's worker, registered from the French page, until then)
            lambda s: s["active"] == "activated" and str(s["script"]).endswith("?keep"),
            "the worker did not store the language",
        )
        assert stored["script"] == f"{site.url}/{lang}/ginrules-sw.js?keep"
        assert stored["caches"] == {name: size}, stored
    # The runtime, stored once for both languages, and nowhere else; the languages not
    # visited hold their notice only (its page and style sheet).
    assert offline_config("sv")["runtime"] == runtime
    assert stored["runtime"] == {runtime["id"]: len(runtime["files"])}, stored
    assert stored["runtime_entries"] == len(runtime["files"])
    for lang in ("en", "de"):
        notice = offline_config(lang)
        other = wait_for(
            page, site, lang, lambda s: s["active"] == "activated", f"no {lang} notice"
        )
        assert other["caches"] == {f"{notice['build']} notice": len(notice["notice"])}, other
        assert not other["script"].endswith("?keep")
    yield context, page
    context.close()


LANGS = ["fr", "sv"]


@pytest.mark.parametrize("lang", LANGS)
def test_after_one_visit_the_widgets_and_the_play_page_work_with_the_server_stopped(
    reader: tuple[BrowserContext, Page], running: StoppableServer, lang: str
) -> None:
    _context, page = reader
    running.stop()
    page.goto(f"/{lang}/standard.html")
    assert state(page, running, lang)["controlled"]
    answers(page, lang, OTHER)
    root = start(page, lang, "standard", "one_deal", seed=7)
    play_game_until_over(root, random.Random(f"offline-{lang}"))
    assert root.get_attribute("data-phase") in ("over", "game_over")
    page.goto(f"/{lang}/")  # a folder's address: its index.html, from the cache
    expect(page.locator("article h1")).to_be_visible()


def test_the_published_snapshot_is_stored_once_on_the_device(
    reader: tuple[BrowserContext, Page], running: StoppableServer
) -> None:
    """The offline worker stores the published snapshot with the runtime: the engine
    keeps no copy of its own in IndexedDB (the one it kept on the first page, before the
    offline worker had stored the runtime, goes once it has), and a later page of
    either language restores from the offline copy, read as it is stored."""
    _context, page = reader
    page.goto("/fr/standard.html")
    answers(page, "fr", OTHER)
    record = page.evaluate(READ)
    for _ in range(240):
        if record is None:
            break
        page.wait_for_timeout(250)
        record = page.evaluate(READ)
    assert record is None, "a second copy of the published snapshot stays in IndexedDB"
    assert state(page, running, "fr")["runtime_entries"] == len(
        offline_config("fr")["runtime"]["files"]
    )
    page.goto("/sv/standard.html")
    answers(page, "sv", HAND)
    assert melds_widget(page).get_attribute("data-start") == "snapshot"
    assert "ginrules:worker offline snapshot read" in page.evaluate(MARKS)


def test_a_page_of_a_language_not_visited_says_offline_that_it_is_not_stored(
    reader: tuple[BrowserContext, Page], running: StoppableServer
) -> None:
    """German was never visited: its pages are not stored, and one opened with the server
    stopped is the notice, in German (not the English one), styled from the cache."""
    _context, page = reader
    running.stop()
    page.goto("/de/standard.html?highlight=gin")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    title = notice_title("de")
    assert title != notice_title("en")
    expect(page.locator("h1")).to_have_text(title)
    assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none"  # its style
    page.goto("/en/play.html")
    expect(page.locator("h1")).to_have_text(notice_title("en"))


def notice_title(lang: str) -> str:
    text = (SITE / lang / "_static" / "ginrules-offline.html").read_text(encoding="utf-8")
    return html.unescape(text.split("<h1>", 1)[1].split("</h1>", 1)[0])


def test_a_new_build_replaces_the_stored_set_on_the_next_visit(
    reader: tuple[BrowserContext, Page], running: StoppableServer
) -> None:
    lang = "fr"
    context, page = reader
    page.goto(f"/{lang}/standard.html")
    old = offline_config(lang)
    worker = (SITE / lang / "ginrules-sw.js").read_text(encoding="utf-8")
    update = "navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => {})"
    # A build one of whose files does not match its sha256 is never stored: its install
    # fails, and the stored set stays as it was.
    broken = json.loads(json.dumps(old))
    broken["build"] = "b" * 16
    broken["files"][0][1] = "sha256-" + "A" * 43 + "="
    running.control.replace[f"/{lang}/ginrules-sw.js"] = worker.replace(
        json.dumps(old, separators=(",", ":")), json.dumps(broken, separators=(",", ":"))
    ).encode()
    page.evaluate(update)
    now = wait_for(
        page,
        running,
        lang,
        lambda s: s["installing"] is None and s["waiting"] is None,
        "the broken build's install did not end",
    )
    kept, size = kept_cache(lang)
    assert now["caches"] == {kept: size}, now
    # A new build (another id): stored whole beside the old one, used once no page of the
    # old build is open (the next visit), then the old set deleted.
    new = dict(old, build="0" * 16)
    running.control.replace[f"/{lang}/ginrules-sw.js"] = worker.replace(
        f'"build":"{old["build"]}"', f'"build":"{new["build"]}"'
    ).encode()
    page.evaluate(update)
    now = wait_for(
        page, running, lang, lambda s: s["waiting"] == "installed", "no new build waiting"
    )
    renamed = kept.replace(old["build"], new["build"])
    assert now["caches"] == {kept: size, renamed: size}, now
    # The next visit: a page opened once no page of the old build is open. The engine's
    # shared worker of an earlier test may outlive its page for a moment and keep the old
    # build in use, and a page opened meanwhile is then the old build's: that visit ends
    # and the reader comes again, as long as the old build is in use (a few visits at most).
    for visit in range(1, 6):
        page.close()
        time.sleep(1)  # the old page's workers end
        page = context.new_page()
        page.goto(f"/{lang}/standard.html")
        try:
            now = wait_for(
                page,
                running,
                lang,
                lambda s: s["active"] == "activated" and len(s["caches"]) == 1,
                "the new build did not replace the old one",
                polls=60 if visit < 5 else 360,
            )
            break
        except AssertionError:
            if visit == 5:
                raise
    assert now["caches"] == {renamed: size}
    assert now["controlled"]
    # The runtime (the same in both builds) is still stored once.
    assert now["runtime"] == {old["runtime"]["id"]: len(old["runtime"]["files"])}, now
    assert now["runtime_entries"] == len(old["runtime"]["files"])


def test_the_manifest_makes_the_site_installable(
    browser: Browser, running: StoppableServer
) -> None:
    """Chromium reads each language's manifest without an error and finds nothing that
    stops the site from being installed (but the test's incognito context); its name is
    in the page's language. A manifest without a standalone display is refused."""
    context, _log = offline_context(browser, running)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        names = set()

        def problems() -> list[str]:
            found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            return [e["errorId"] for e in found if e["errorId"] != "in-incognito"]

        for lang in ["en", "fr", "sv"]:
            page.goto(f"/{lang}/index.html")
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == f"{running.url}/{lang}/manifest.webmanifest"
            assert manifest["errors"] == [], manifest["errors"]
            data = json.loads(manifest["data"])
            assert (
                data["lang"] == lang and data["scope"] == "./" and data["display"] == "standalone"
            )
            names.add(data["name"])
            assert problems() == []
        assert len(names) == 3, names  # one name per language
        data["display"] = "browser"
        running.control.replace["/sv/manifest.webmanifest"] = json.dumps(data).encode()
        page.reload()
        assert problems() == ["manifest-display-not-supported"]
    finally:
        context.close()


def test_nothing_is_stored_when_the_browser_asks_to_save_data(
    browser: Browser, running: StoppableServer
) -> None:
    """The play page registers the worker as it opens (the reader reached it), unless the
    browser asks to save data."""
    context, _log = offline_context(browser, running)
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'connection', "
        "{get: () => ({saveData: true, addEventListener() {}})});"
    )
    try:
        page = context.new_page()
        page.goto("/fr/play.html")
        expect(page.locator("section[data-widget='play']")).to_be_visible()
        page.evaluate("new Promise((done) => requestIdleCallback(done, {timeout: 3000}))")
        page.wait_for_timeout(1000)
        assert not state(page, running, "fr")["registered"]
    finally:
        context.close()
