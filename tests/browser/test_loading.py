"""Loading the engine on a page: when it starts, what the reader reads meanwhile,
and what a failing runtime file says, in every language."""

from __future__ import annotations

import gettext
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import LANGUAGES, each_in_one_language

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
HAND = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"


def translator(lang: str) -> Callable[[str], str]:
    if lang == "en":
        return lambda message: message
    return gettext.translation("ginrules_site", str(ROOT / "locale"), [lang]).gettext


def runtime_path(name: str) -> str:
    manifest = json.loads((SITE / "_pyodide" / "runtime.json").read_text(encoding="utf-8"))
    return f"/_pyodide/{manifest['runtime']}{name}"


def meld_finder(page: Page, path: str) -> Locator:
    page.goto(path)
    widget = page.locator("section[data-widget='melds']").first
    expect(widget.locator("form.gr-controls")).to_be_visible()
    return widget


def runtime_requests(log: Any) -> list[str]:
    return [u for u in log.urls if "/_pyodide/" in u]


FAILED_FILE = (
    "The engine could not be loaded: the site's file {file} is missing or damaged. "
    "Reload the page to try again."
)


# Each complete language once, the two failures in turn: the sentence is the language's,
# the failure the same in all.
FAILURES = [("pyodide.asm.wasm", 404, "pyodide.asm.wasm"), (None, 500, "runtime.json")]


@pytest.mark.parametrize(("failure", "lang"), each_in_one_language(FAILURES, 0, LANGUAGES))
def test_a_blocked_runtime_file_is_said_in_the_readers_language(
    make_context: Any, server: Any, failure: tuple[str | None, int, str], lang: str
) -> None:
    path, status, file = failure
    server.control.status[runtime_path(path) if path else "/_pyodide/runtime.json"] = status
    context, _log = make_context()
    page = context.new_page()
    widget = meld_finder(page, f"/{lang}/standard.html")
    widget.locator("input[name='cards']").fill(HAND)
    # Generous, and far below the 90 s load timeout: the failure is reported at once.
    expect(widget).to_have_attribute("data-state", "error", timeout=10_000)
    _ = translator(lang)
    sentence = _(FAILED_FILE).format(file=file)
    assert sentence != FAILED_FILE.format(file=file) or lang == "en"
    status_line = widget.locator(".gr-status")
    expect(status_line).to_contain_text(sentence)
    # The technical detail follows on its own line, after the reader's sentence.
    detail = status_line.locator(".gr-status-detail")
    expect(detail).to_contain_text(f"HTTP {status}")
    assert status_line.inner_text().startswith(sentence)


def test_loading_shows_the_real_stages_with_a_css_spinner(page: Page) -> None:
    widget = meld_finder(page, "/fr/standard.html")
    widget.evaluate(
        """(el) => {
            window.seen = [];
            const status = el.querySelector(".gr-status");
            new MutationObserver(() => {
                const spinner = getComputedStyle(status, "::before");
                window.seen.push({ text: status.textContent, state: el.dataset.state,
                                   content: spinner.content, radius: spinner.borderRadius });
            }).observe(status, { childList: true, characterData: true, subtree: true });
        }"""
    )
    widget.locator("input[name='cards']").fill(HAND)
    expect(widget).to_have_attribute("data-state", "ready", timeout=90_000)
    seen = [s for s in page.evaluate("window.seen") if s["state"] == "loading"]
    _ = translator("fr")
    texts = [s["text"] for s in seen]
    download = _("Loading the engine: {percent} % of {size} (one-time download).").split("{")[0]
    stages = [
        next(i for i, t in enumerate(texts) if t.startswith(download)),
        texts.index(_("Starting Python in your browser…")),
        texts.index(_("Starting the rules engine…")),
    ]
    assert stages == sorted(stages), texts
    # Drawn by CSS (a ring), not by an emoji that Debian's Chromium cannot show.
    assert all(s["content"] == '""' and s["radius"] == "50%" for s in seen), seen


def test_intent_starts_the_download_before_the_first_change(page: Page, requests_log: Any) -> None:
    widget = meld_finder(page, "/en/oklahoma.html")
    page.wait_for_timeout(500)
    assert not runtime_requests(requests_log)
    widget.hover()
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some(e => e.name.includes('/_pyodide/'))"
    )
    # The worker goes on downloading, with the widget still showing its static example.
    assert widget.get_attribute("data-state") == "static"
    page.wait_for_timeout(1500)
    assert any(u.endswith("/pyodide.asm.wasm") for u in runtime_requests(requests_log))


def test_focus_inside_a_widget_is_intent_too(page: Page, requests_log: Any) -> None:
    widget = meld_finder(page, "/sv/straight-gin.html")
    widget.locator("input[name='cards']").focus()
    page.wait_for_timeout(2000)
    assert any(u.endswith("/runtime.json") for u in runtime_requests(requests_log))


def test_a_change_is_intent_without_waiting_for_the_widgets_pause(page: Page) -> None:
    """A field changed with neither pointer nor focus (autofill, a script) starts the
    engine in the same event, not after the widget's pause after typing."""
    meld_finder(page, "/en/standard.html")
    before, after, intent = page.evaluate(
        """(hand) => {
            const widget = document.querySelector("section[data-widget='melds']");
            const input = widget.querySelector("input[name='cards']");
            input.value = hand;
            const before = performance.now();
            input.dispatchEvent(new Event("input", { bubbles: true }));
            const after = performance.now();
            const intent = performance.getEntriesByName("ginrules:intent")[0];
            return [before, after, intent ? intent.startTime : null];
        }""",
        HAND,
    )
    assert intent is not None and before <= intent <= after


def test_save_data_still_asks_on_intent_and_on_change(make_context: Any) -> None:
    context, log = make_context()
    context.add_init_script(
        "Object.defineProperty(navigator, 'connection', { value: { saveData: true } });"
    )
    page = context.new_page()
    widget = meld_finder(page, "/fr/standard.html")
    widget.hover()
    widget.locator("input[name='cards']").focus()
    page.wait_for_timeout(1000)
    assert not runtime_requests(log)
    widget.locator("input[name='cards']").fill(HAND)
    _ = translator("fr")
    expect(widget.locator(".gr-ask-no")).to_have_text(_("Not now"))
    widget.locator(".gr-ask-no").click()
    expect(widget).to_have_attribute("data-state", "static")
    assert [u.rsplit("/", 1)[1] for u in runtime_requests(log)] == ["runtime.json"]
    # Nor was the worker started before the reader agreed.
    assert not any("ginrules-worker.mjs" in u for u in log.urls)
