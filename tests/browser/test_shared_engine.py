"""One engine for the site's pages (ginrules-live.mjs): where a shared worker may
outlive its pages (``extendedLifetime``, as in Debian's Chromium), the engine that
one page started keeps running, and a later page of the site in the same language
answers from it at once (``data-start="running"``): no runtime file is fetched,
nothing is restored. A page of another build never talks to it."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tools.chromium import ARGS, CHROMIUM

from .conftest import LIVE_TIMEOUT, foreign_requests
from .test_loading import meld_finder
from .test_runtime import load, open_runtime_page, runtime_path
from .test_snapshot import HAND, fill_hand, go_live, shows_answer, wait_saved

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
# The names of the page's performance marks (ginrules-live.mjs: "ginrules:<stage>").
MARKS = "() => performance.getEntriesByType('mark').map((m) => m.name)"
# When the engine's Python booted or was restored (the worker's stage), in ms since the
# epoch, or null.
BOOTED = """() => {
    const [mark] = ["booted", "restored"].flatMap(
        (stage) => performance.getEntriesByName(`ginrules:worker ${stage}`));
    return mark ? performance.timeOrigin + mark.startTime : null;
}"""


def open_page(context: Any, path: str, text: str) -> tuple[Page, Locator]:
    """Open ``path`` on the site's shared engine, type ``text`` into its meld finder,
    wait for the live result: the page and the widget."""
    page = context.new_page()
    return page, go_live(page, path, text, own_engine=False)


def test_a_later_page_answers_from_the_running_engine(make_context: Any) -> None:
    context, _log = make_context()
    first, widget = open_page(context, "/en/standard.html", HAND)
    assert widget.get_attribute("data-start") == "published"
    wait_saved(first)
    first.close()

    second = context.new_page()
    widget = meld_finder(second, "/en/oklahoma.html")
    # The page joined the running engine as it opened (the page before it had one), so
    # that the engine keeps running while the reader reads.
    second.wait_for_timeout(300)
    marks = second.evaluate(MARKS)
    assert "ginrules:joined" in marks and "ginrules:intent" not in marks

    eleven = "AS 2S 3S 4S 8H 8D 8C 9D TD JD KC"
    fill_hand(widget, "en", eleven)
    expect(widget).to_have_attribute("data-state", "ready")
    assert widget.get_attribute("data-start") == "running"
    shows_answer(widget, eleven)  # Oklahoma's rules: the page's own, not the first page's
    widget.locator("input[name='cards']").fill("7H 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).to_contain_text("1Z")
    # The engine was not started again: no stage of a start (restore, boot, files) on
    # this page's timeline, only its answer.
    marks = second.evaluate(MARKS)
    assert "ginrules:ready" in marks
    assert not [m for m in marks if m.startswith("ginrules:worker")], marks


def test_a_page_read_without_a_change_passes_the_engine_on(make_context: Any) -> None:
    """A reader who only reads a page (no intent) keeps the engine running for the next:
    that page joined it as it opened, and notes it as it goes, as a page that used it does."""
    context, _log = make_context()
    first, _widget = open_page(context, "/fr/standard.html", HAND)
    first.close()
    reading = context.new_page()
    reading.goto("/fr/hollywood.html")
    reading.wait_for_timeout(500)
    assert "ginrules:joined" in reading.evaluate(MARKS)
    # Long after the first page went (its note is gone), the reader moves on.
    reading.evaluate("() => localStorage.removeItem('ginrules-engine-live')")
    widget = meld_finder(reading, "/fr/oklahoma.html")
    marks = reading.evaluate(MARKS)
    assert "ginrules:joined" in marks and "ginrules:intent" not in marks
    fill_hand(widget, "fr", HAND)
    expect(widget).to_have_attribute("data-state", "ready")
    assert widget.get_attribute("data-start") == "running"
    shows_answer(widget, HAND)


def test_pages_started_at_once_start_one_engine(make_context: Any, server: Any) -> None:
    """Two pages that start the engine at the same moment (runtime.json held back, so
    that both hear "idle" from the worker and both ask it to load): one start, and
    both pages answer from it."""
    context, _log = make_context()
    server.control.stall.add("/_pyodide/runtime.json")
    server.control.stall_seconds = 3
    pages = []
    for path in ("/en/standard.html", "/en/straight-gin.html"):
        widget = meld_finder(context.new_page(), path)
        fill_hand(widget, "en", HAND)
        pages.append(widget)
    booted = []
    for widget in pages:
        expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
        shows_answer(widget, HAND)
        booted.append(widget.page.evaluate(BOOTED))
    # One start: both pages were told of the same boot, at the same moment.
    assert None not in booted and abs(booted[0] - booted[1]) < 1, booted


def test_pages_open_at_once_share_the_engine_and_it_outlives_each(make_context: Any) -> None:
    context, _log = make_context()
    first, one = open_page(context, "/sv/standard.html", HAND)
    _second, two = open_page(context, "/sv/straight-gin.html", "AS 2S 3S 4S 8H 8D 8C 9D TD JD")
    assert one.get_attribute("data-start") == "published"
    assert two.get_attribute("data-start") == "running"
    # Each page got its own answer (open_page checks it); the first page goes, the
    # engine stays for the second.
    first.close()
    fill_hand(two, "sv", "7H 8H 9H 7S 7D 7C 2C 3C 4C 5C")
    shows_answer(two, "7H 8H 9H 7S 7D 7C 2C 3C 4C 5C")


def test_a_page_of_another_build_does_not_use_the_running_engine(
    make_context: Any, server: Any
) -> None:
    """A rebuilt site (another snapshot key in runtime.json) while an engine of the old
    build runs: the new page starts one of its own, and does not restore the old
    build's snapshot either."""
    context, _log = make_context()
    first, _widget = open_page(context, "/en/standard.html", HAND)
    wait_saved(first)
    manifest = json.loads((SITE / "_pyodide" / "runtime.json").read_text(encoding="utf-8"))
    manifest["snapshot_key"] = "another-build:" + manifest["snapshot_key"]
    server.control.replace["/_pyodide/runtime.json"] = json.dumps(manifest).encode()
    # The first page's engine is still running: a second page of the same name ...
    second, widget = open_page(context, "/en/oklahoma.html", HAND)
    assert widget.get_attribute("data-start") == "fresh"
    widget.locator("input[name='cards']").fill("7H 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).to_contain_text("1Z")
    second.close()


def test_a_page_that_gives_up_leaves_the_start_to_the_others(
    make_context: Any, server: Any
) -> None:
    """Two pages wait for one start, which stalls (Pyodide's module held back): the page
    that gives up first ends only its own wait; the other still gets the engine."""
    server.control.stall.add(runtime_path("pyodide.asm.wasm"))
    server.control.stall_seconds = 6
    context, _log = make_context()
    patient, hasty = context.new_page(), context.new_page()
    open_runtime_page(patient)
    patient.evaluate(
        """() => { window.started = window.ginrules.runtime().ready({ timeoutMs: 60000 })
            .then((info) => info.start, (error) => error.code); }"""
    )
    patient.wait_for_function("() => performance.getEntriesByName('ginrules:runtime.json').length")
    open_runtime_page(hasty)
    assert load(hasty, timeout_ms=2500)["code"] == "timeout"
    assert patient.evaluate("() => window.started") == "published"
    answer = "() => window.ginrules.runtime().call('melds', { cards: '7H 8H 9H' })"
    assert patient.evaluate(answer)["ok"]


# A page whose shared worker asks another origin (blob: module): Chromium's log shows it.
FOREIGN_WORKER = """() => {
    const code = "fetch('http://192.0.2.7/shared.css').catch(() => null);";
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    new SharedWorker(url, { type: "module" });
}"""


def test_chromiums_log_catches_a_shared_workers_request_to_another_origin(
    browser: Browser, server: Any
) -> None:
    """Playwright does not see a shared worker's requests: the browser fixture's guard reads
    them from Chromium's own network log, which a shared worker's request reaches."""
    folder = Path(tempfile.mkdtemp(prefix="ginrules-netlog-"))
    netlog = folder / "netlog.json"
    try:
        other = browser.browser_type.launch(
            executable_path=CHROMIUM,
            args=[*ARGS, f"--log-net-log={netlog}"],
        )
        # The content policy refuses the worker and its fetch (worker-src and connect-src
        # 'self', tests/browser/test_policy.py): bypassed, so that the guard is what sees it.
        page = other.new_page(base_url=server.url, bypass_csp=True)
        page.goto("/en/glossary.html")
        page.evaluate(FOREIGN_WORKER)
        page.wait_for_timeout(1500)
        other.close()
        assert foreign_requests(netlog) == ["http://192.0.2.7/shared.css"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
