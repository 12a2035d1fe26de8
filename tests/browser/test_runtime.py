"""The self-hosted Pyodide runtime in Chromium: lazy loading, calls, failures."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from ginrules import UnknownCardError

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
RUNTIME_PAGE = "/__test__/runtime.html"


def manifest() -> Any:
    return json.loads((SITE / "_pyodide" / "runtime.json").read_text(encoding="utf-8"))


def runtime_path(name: str) -> str:
    """The URL path of a runtime file, in its content-hashed folder."""
    m = manifest()
    folder = (
        m["engine"] if name in (m["wheel"]["file_name"], m["module"]["file_name"]) else m["runtime"]
    )
    return f"/_pyodide/{folder}{name}"


def open_runtime_page(page: Page) -> None:
    page.goto(RUNTIME_PAGE)
    page.wait_for_selector("html[data-ready='1']", state="attached")


def load(page: Page, timeout_ms: int | None = None) -> Any:
    script = """async (timeoutMs) => {
        try {
            const info = await window.ginrules.runtime().ready(timeoutMs ? { timeoutMs } : {});
            return { ok: true, info };
        } catch (error) {
            return { ok: false, code: error.code, message: error.message, file: error.file };
        }
    }"""
    return page.evaluate(script, timeout_ms)


def call(page: Page, name: str, args: dict[str, Any]) -> Any:
    return page.evaluate("([n, a]) => window.ginrules.runtime().call(n, a)", [name, args])


def test_nothing_loads_before_use_then_engine_answers(page: Page, requests_log: Any) -> None:
    open_runtime_page(page)
    page.wait_for_timeout(300)
    assert not [u for u in requests_log.urls if "/_pyodide/" in u]

    assert load(page)["ok"] is True
    fetched = {urlsplit(u).path for u in requests_log.urls if "/_pyodide/" in u}
    # Requests made by the worker are seen too, so the other-origin guard covers them.
    m = manifest()
    wanted = ["pyodide.mjs", "pyodide.asm.wasm", m["stdlib"]]
    # The snapshot published with the site, not the wheel: the engine's files are in it.
    assert {runtime_path(name) for name in wanted} | {"/_pyodide/runtime.json"} <= fetched
    assert f"/_pyodide/{m['snapshot']}" in fetched
    assert runtime_path(m["wheel"]["file_name"]) not in fetched
    # The precompiled standard library, not npm's; the lock file comes inlined in runtime.json.
    assert not [u for u in fetched if u.endswith(("/python_stdlib.zip", "/pyodide-lock.json"))]
    assert all(
        u == "/_pyodide/runtime.json" or re.match(r"^/_pyodide/[0-9a-f]{16}/[^/]+$", u)
        for u in fetched
    ), fetched

    reply = call(page, "parse", {"cards": "10h 7s ♠q"})
    assert reply["ok"] is True
    assert reply["value"] == {"cards": ["TH", "7S", "QS"]}

    reply = call(page, "parse", {"cards": "7H 1Z"})
    assert reply["ok"] is False
    assert reply["error"] == UnknownCardError("1Z").to_dict()

    reply = call(page, "no_such_call", {})
    assert reply["error"]["code"] == "bad_call"


def test_one_runtime_per_page(page: Page, requests_log: Any) -> None:
    open_runtime_page(page)
    results = page.evaluate(
        """async () => {
            const a = window.ginrules.runtime().ready();
            const b = window.ginrules.runtime().ready();
            await Promise.all([a, b]);
            return a === b;
        }"""
    )
    assert results is True
    wasm = [u for u in requests_log.urls if u.endswith("/pyodide.asm.wasm")]
    assert len(wasm) == 1


def test_progress_adds_up_every_file_before_python_starts(page: Page) -> None:
    """The reader's progress counts each runtime file's bytes as they arrive (Pyodide's
    module on the page, which compiles it; the rest in the worker): it only rises, adds
    up to the whole runtime, and Python starts only once every byte is in."""
    open_runtime_page(page)
    events = page.evaluate(
        """async () => {
            const seen = [];
            await window.ginrules.runtime().ready({ onProgress: (p) => seen.push(p) });
            return seen;
        }"""
    )
    total = manifest()["total"]
    assert {e["total"] for e in events} == {total}
    loaded = [e["loaded"] for e in events]
    assert loaded == sorted(loaded) and loaded[-1] == total, loaded
    stages = [e["stage"] for e in events]
    start = stages.index("start")
    # Counted as the bytes arrive, not file by file once each is whole (4 files here).
    assert set(stages[:start]) == {"download"}
    assert len({e["loaded"] for e in events[:start]}) > 6
    assert all(e["loaded"] == total for e in events[start:])
    assert [s for i, s in enumerate(stages) if s != stages[i - 1]] == [
        "download", "start", "engine", "done",
    ]


def test_download_size_is_the_runtime_on_disk(page: Page) -> None:
    open_runtime_page(page)
    size = page.evaluate("() => window.ginrules.runtime().size()")
    m = manifest()
    on_disk = {name: (SITE / "_pyodide" / name).read_bytes() for name in m["files"]}
    assert m["total"] == sum(len(data) for data in on_disk.values())
    # The size told to the reader is what a compressing host sends: gzip, file by file.
    packed = sum(min(len(d), len(gzip.compress(d, 6, mtime=0))) for d in on_disk.values())
    assert size == m["download"] == packed
    assert 5_000_000 < size < m["total"]
    # the unit in the reader's language (French "Mo"), with the space its locale puts there
    sizes = {"fr": r"13,4[\s\u202f]Mo", "sv": r"13,4[\s\u202f]MB", "en": r"13\.4[\s\u202f]MB"}
    for lang, shown in sizes.items():
        text = page.evaluate(f"() => window.ginrules.formatBytes(13423339, '{lang}')")
        assert re.fullmatch(shown, text), (lang, text)


def test_stalled_runtime_times_out_with_a_clear_message(page: Page, server: Any) -> None:
    server.control.stall.add(runtime_path("pyodide.asm.wasm"))
    server.control.stall_seconds = 6
    open_runtime_page(page)
    result = load(page, timeout_ms=2500)
    assert result["code"] == "timeout" and "did not load within" in result["message"]
    # the next interaction tries again, and succeeds once the server answers
    server.control.stall.clear()
    assert load(page, timeout_ms=60_000)["ok"] is True


def test_the_standard_library_downloads_while_pyodide_loads(
    page: Page, server: Any, requests_log: Any
) -> None:
    """On a first page the standard library is requested at once, not when Pyodide
    asks for it: with Pyodide's script held back by the server, it is already asked for."""
    server.control.stall.add(runtime_path("pyodide.asm.mjs"))
    server.control.stall_seconds = 5
    open_runtime_page(page)
    page.evaluate("() => { window.started = window.ginrules.runtime().ready(); }")
    stdlib = runtime_path(manifest()["stdlib"])
    page.wait_for_timeout(2500)
    assert [u for u in requests_log.urls if urlsplit(u).path == stdlib]
    assert page.evaluate("() => window.started.then(() => true)") is True


def test_tampered_wheel_fails_the_integrity_check(page: Page, server: Any) -> None:
    m = manifest()
    wheel = m["wheel"]["file_name"]
    lock = m["lock"]["packages"]["ginrules"]
    body = bytearray((SITE / "_pyodide" / m["engine"] / wheel).read_bytes())
    assert lock["sha256"] == m["wheel"]["sha256"] == hashlib.sha256(body).hexdigest()
    body[-1] ^= 0xFF
    server.control.replace[runtime_path(wheel)] = bytes(body)
    # A normal start, which needs the wheel: no published snapshot.
    server.control.status[f"/_pyodide/{m['snapshot']}"] = 404
    open_runtime_page(page)
    result = load(page, timeout_ms=60_000)
    assert result["ok"] is False
    assert result["code"] == "failed"
    # The server did answer with the (altered) wheel: only the sha256 check can refuse it;
    # Chromium reports a failed integrity check as a failed fetch.
    assert runtime_path(wheel) in server.control.log
    assert result["message"].startswith(f"{wheel}: could not be fetched (or its sha256")


@pytest.mark.parametrize(
    ("name", "status", "mime"),
    [
        ("pyodide.asm.wasm", 404, None),
        ("python_stdlib_pyc.zip", 500, None),
        ("pyodide.asm.wasm", None, "text/html"),
        ("pyodide.mjs", None, "text/html"),
        ("pyodide.mjs", 404, None),
    ],
)
def test_a_failing_runtime_file_is_named_at_once(
    page: Page, server: Any, name: str, status: int | None, mime: str | None
) -> None:
    path = runtime_path(name)
    if status:
        server.control.status[path] = status
    if mime:
        server.control.mime[path] = mime
    open_runtime_page(page)
    # Far below the 90 s timeout: the failure is reported when the file is refused.
    result = load(page, timeout_ms=30_000)
    assert result["ok"] is False
    assert result["code"] == "failed", result
    assert result["file"] == name
    assert name in result["message"]


def test_save_data_asks_before_downloading(make_context: Any) -> None:
    context, log = make_context()
    context.add_init_script(
        "Object.defineProperty(navigator, 'connection', { value: { saveData: true } });"
    )
    page = context.new_page()
    open_runtime_page(page)
    result = page.evaluate(
        """async () => {
            let asked = null;
            try {
                const confirm = async (bytes) => { asked = bytes; return false; };
                await window.ginrules.runtime().ready({ confirm });
                return { asked, ok: true };
            } catch (error) {
                return { asked, ok: false, code: error.code };
            }
        }"""
    )
    assert result["ok"] is False and result["code"] == "declined"
    assert result["asked"] == manifest()["download"]
    fetched = [u.rsplit("/", 1)[1] for u in log.urls if "/_pyodide/" in u]
    assert fetched == ["runtime.json"]


def test_guard_catches_requests_to_other_origins(make_context: Any) -> None:
    # The content policy refuses such a fetch before it is a request (connect-src 'self',
    # tests/browser/test_policy.py); with the policy bypassed, the guard still sees it.
    context, log = make_context(bypass_csp=True)
    page = context.new_page()
    open_runtime_page(page)
    page.evaluate("() => fetch('http://192.0.2.1/probe.css').catch(() => null)")
    assert log.foreign == ["http://192.0.2.1/probe.css"]
    log.foreign.clear()  # seen: the guard works; do not fail the test for it
