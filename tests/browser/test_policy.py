"""The content policy and its companions (tools/serve.py's ``SECURITY_HEADERS``) on every
answer, the harness that fails a test on a violation (conftest.py: ``report-uri`` and the
pages' ``securitypolicyviolation``) shown to catch one, and hostile links on the real
pages: the reader's bad-link message, never an exception."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.request import urlopen

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import SERVE, TEST_HEADERS, RequestLog, Server, in_turn


@pytest.mark.parametrize(
    "path",
    [
        "/index.html",
        "/en/index.html",
        "/fr/play.html",
        "/sv/_static/ginrules-live.mjs",
        "/_pyodide/runtime.json",
        "/de/no-such-page.html",
    ],
)
def test_every_answer_carries_the_headers(server: Server, path: str) -> None:
    try:
        answer = urlopen(server.url + path)
    except OSError as error:  # the 404 page comes as an HTTPError, which has headers too
        answer = error
    for name, value in TEST_HEADERS.items():
        assert answer.headers[name] == value, name
    policy = SERVE.CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "'wasm-unsafe-eval'" in policy and "object-src 'none'" in policy


def _violations(
    page: Page, server: Server, *, wait: float = 10.0, count: int = 1, about: str = ""
) -> list[str]:
    """The violations reported so far (waiting for `count` of them, and for one that
    mentions `about`), taken from the log so that the harness does not fail this test for
    those it caused on purpose; then, a moment later, the late reports of the same (a
    report may come after the page's console says it, the more so on a busy machine).
    (Waiting in Playwright lets its events, the console's, come in.)"""
    deadline = time.monotonic() + wait
    log = server.control.violations

    def enough() -> bool:
        return len(log) >= count and (not about or any(about in line for line in log))

    while not enough() and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    if count:
        page.wait_for_timeout(500)
    found, log[:] = list(log), []
    return found


def test_a_violation_is_caught(page: Page, server: Server) -> None:
    page.goto("/en/index.html")
    assert _violations(page, server, wait=0.5, count=1) == []
    # An injected inline script does not run, and the harness hears of it twice: the
    # page's console (at once) and Chromium's report (from any page or worker).
    ran = page.evaluate(
        """() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true;";
        document.head.append(script);
        return window.injected === true;
    }"""
    )
    assert ran is False
    found = _violations(page, server, count=2)
    assert any(line.startswith("content policy violated: script-src") for line in found), found
    assert any("violated-directive=script-src" in line for line in found), found
    # eval is refused too (no 'unsafe-eval'), in a script of the site's origin (one that
    # Playwright evaluates is exempt), and an inline style.
    said = page.evaluate(
        """() => new Promise((resolve) => {
        addEventListener("message", (event) => resolve(event.data), { once: true });
        document.head.append(Object.assign(document.createElement("script"),
            { src: "/__test__/eval-worker.js" }));
    })"""
    )
    assert said == "refused"
    page.evaluate("() => document.body.setAttribute('style', 'color: red')")
    found = _violations(page, server, count=4)
    assert any("blocked-uri=eval" in line for line in found), found
    assert any("style-src" in line for line in found), found


def test_a_violation_in_a_worker_is_reported(page: Page, server: Server) -> None:
    """No init script runs in a worker: Chromium's report is what catches it there."""
    page.goto("/__test__/runtime.html")
    said = page.evaluate(
        """() => new Promise((resolve) => {
        const worker = new Worker("/__test__/eval-worker.js");
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = () => resolve("failed");
    })"""
    )
    assert said == "refused"
    found = _violations(page, server, count=1, about="eval-worker.js")
    assert any("eval" in line and "eval-worker.js" in line for line in found), found


HOSTILE_PLAY = [
    "constructor/game100/good/1/1/you",
    "standard/game100/good/" + "9" * 400 + "/1/you",
    "standard/game100/good/1/1/you/1e309-0",
    "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "standard/game100/good/%F0%9F%82%A1/1/you",
    "%D7%A2%D7%91%D7%A8%D7%99%D7%AA/%E7%BA%A2%E5%BF%83",
    "%ED%A0%80",
]
HOSTILE_EXERCISES = [
    "exercise=constructor/count/1/1",
    "exercise=toString/go_out/2/5",
    "exercise=standard/count/1/" + "9" * 400,
    "exercise=%3Cscript%3Ealert(1)%3C/script%3E",
    "exercise=standard/count/%D9%A1/1",
    "exercises=__proto__",
    "exercise=%E0%A4%A",
]


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _strings(page: Page, root: str) -> dict[str, Any]:
    text = page.locator(f"{root} script.gr-widget-strings").text_content()
    assert text
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.mark.parametrize("lang", in_turn(3))
def test_hostile_play_links_say_bad_link(
    play_context: tuple[BrowserContext, RequestLog], lang: str
) -> None:
    page = play_context[0].new_page()
    errors = _errors(page)
    page.goto(f"/{lang}/play.html")
    bad = _strings(page, "section.gr-play")["bad_link"]
    for link in HOSTILE_PLAY:
        page.goto("about:blank")
        page.goto(f"/{lang}/play.html#play={link}")
        expect(page.locator("section.gr-play .gr-status")).to_have_text(bad)
    page.close()
    assert errors == []


@pytest.mark.parametrize("lang", in_turn(4))
def test_hostile_exercise_links_say_bad_link(page: Page, lang: str) -> None:
    errors = _errors(page)
    page.goto(f"/{lang}/exercises.html")
    template = _strings(page, "section.gr-exercises")["bad_link"]
    opening = template.split("{text}")[0]
    status = page.locator("section.gr-exercises form.gr-exercises-setup .gr-status")
    for link in HOSTILE_EXERCISES:
        page.goto("about:blank")
        page.goto(f"/{lang}/exercises.html#{link}")
        expect(status).to_contain_text(opening)
    assert errors == []
