"""The engine's memory snapshots (ginrules-snapshot.mjs, tools/pyodide_snapshot.mjs).

A reader's first page restores the snapshot published with the site, made at
build time under Node (``data-start="published"`` on the widget), and keeps it in
IndexedDB (and the standard library decoded in Cache Storage); the next page
starts from that (``data-start="snapshot"``). A kept snapshot that does not
restore, or that another build made, gives way to the published one; a published
one of another build, or that does not restore, to a normal start
(``data-start="fresh"``), which makes and keeps a snapshot of its own. These tests
use Pyodide's private snapshot API through the site's own pages: they fail if an
upgrade of the pinned Pyodide breaks it.
"""

from __future__ import annotations

import itertools
import json
import struct
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect

from ginrules import NOTATIONS, find_variant, parse_hand
from ginrules.melds import best_arrangement, best_discards

from .conftest import LIVE_TIMEOUT
from .test_loading import meld_finder

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"

# The snapshot record in the page's IndexedDB: {key, length, kept, head} or null: the
# memory's length, the bytes kept of it (its pages that are not all zeros), the first 48.
READ = """() => new Promise((resolve, reject) => {
    const open = indexedDB.open("ginrules-engine", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
    open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction("snapshots").objectStore("snapshots").get("engine");
        get.onsuccess = () => {
            db.close();
            const r = get.result;
            resolve(r ? { key: r.key, length: r.size, kept: r.data.length,
                          head: Array.from(r.data.subarray(0, 48)) } : null);
        };
        get.onerror = () => reject(get.error);
    };
    open.onerror = () => reject(open.error);
})"""

# Rewrite the record: `change(record)` in the page edits {key, size, runs, data, files}
# before it is put back.
# Changes made to the kept record, by name (code written here: the content policy refuses
# a page's `new Function`, so a change cannot come as text).
EDIT = """(change) => new Promise((resolve, reject) => {
    const changes = {
        "damaged memory": (record) => { record.data = new Uint8Array(record.data.length).fill(7); },
        "one run": (record) => { record.runs = new Uint32Array([0, record.size]); },
        "another build": (record) => { record.key = "another-build:" + record.key; },
        "flipped head": (record) => { for (let i = 16; i < 48; i++) record.data[i] ^= 0x55; },
    };
    const open = indexedDB.open("ginrules-engine", 1);
    open.onsuccess = () => {
        const db = open.result;
        const store = db.transaction("snapshots", "readwrite").objectStore("snapshots");
        const get = store.get("engine");
        get.onsuccess = () => {
            const record = get.result;
            changes[change](record);
            const put = store.put(record, "engine");
            put.onsuccess = () => { db.close(); resolve(true); };
            put.onerror = () => reject(put.error);
        };
    };
    open.onerror = () => reject(open.error);
})"""


def manifest() -> Any:
    return json.loads((SITE / "_pyodide" / "runtime.json").read_text(encoding="utf-8"))


def snapshot_key() -> str:
    return str(manifest()["snapshot_key"])


def published_path() -> str:
    return f"/_pyodide/{manifest()['snapshot']}"


def published(key: str | None = None, build_id: bool = False) -> bytes:
    """The published snapshot's bytes, under another ``key``, or with another build id
    inside the memory itself (its bytes 16 to 47: ``build_id``)."""
    body = (SITE / "_pyodide" / manifest()["snapshot"]).read_bytes()
    (length,) = struct.unpack_from("<I", body)
    header = json.loads(body[4 : 4 + length])
    rest = bytearray(body[4 + length :])
    if build_id:
        memory = sum(size for _name, size in header["files"])
        for i in range(memory + 16, memory + 48):
            rest[i] ^= 0x55
    if key is not None:
        header["key"] = key
    head = json.dumps(header).encode()
    return struct.pack("<I", len(head)) + head + bytes(rest)


def fresh_start(server: Any) -> None:
    """Pages start the normal way: the published snapshot is served under another key."""
    server.control.replace[published_path()] = published(key="another-build:" + snapshot_key())


def deadwood(text: str, variant: str) -> int:
    rules = find_variant(variant)
    cards = parse_hand(text)
    if len(cards) == 11:
        return best_discards(cards, rules)[0].arrangement.deadwood
    return best_arrangement(cards, rules).deadwood


_ENGINES = itertools.count(1)


def alone(page: Page) -> Page:
    """``page`` gets an engine of its own, as on a reader's next visit, once the engine
    that the site's pages share has stopped: it starts from the snapshot, if any
    (ginrules-live.mjs: its shared worker's name, a test hook)."""
    page.add_init_script(f"window.GINRULES_ENGINE_NAME = 'test-{next(_ENGINES)}';")
    return page


def fill_hand(widget: Locator, lang: str, text: str) -> None:
    """Type ``text`` into the meld finder as a reader of ``lang`` writes cards (on fr,
    C is cœur)."""
    written = " ".join(NOTATIONS[lang].format(card) for card in parse_hand(text))
    widget.locator("input[name='cards']").fill(written)


def shows_answer(widget: Locator, text: str) -> None:
    """The meld finder shows the engine's deadwood for ``text`` under its page's rules."""
    variant = widget.get_attribute("data-variant") or "standard"
    expect(widget.locator(".gr-result")).to_have_attribute(
        "data-deadwood", str(deadwood(text, variant))
    )


def go_live(page: Page, path: str, text: str, own_engine: bool = True) -> Locator:
    """Open ``path`` (with an engine of its own, unless not ``own_engine``), type a hand
    into its meld finder and wait for the live result."""
    if own_engine:
        alone(page)
    widget = meld_finder(page, path)
    fill_hand(widget, path.split("/")[1], text)
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    shows_answer(widget, text)
    return widget


# True once the page's worker has told that it saved its snapshot (a performance mark of
# ginrules-live.mjs). A plain value: wait_for_function does not wait for a promise.
SAVED = """() => performance.getEntriesByName("ginrules:worker snapshot saved").length > 0"""


# The standard library's decoded copy in Cache Storage (ginrules-snapshot.mjs): its size or null.
KEPT_SIZE = """async () => {
    const cache = await caches.open("ginrules-runtime");
    const keys = await cache.keys();
    const response = keys.length === 1 ? await cache.match(keys[0]) : null;
    return response ? (await response.blob()).size : null;
}"""

# True once the page's worker has kept the standard library (a plain value, as SAVED).
KEPT = """() => performance.getEntriesByName("ginrules:worker stdlib kept").length > 0"""


def stdlib_size() -> int:
    manifest = json.loads((SITE / "_pyodide" / "runtime.json").read_text(encoding="utf-8"))
    return int(manifest["files"][manifest["runtime"] + manifest["stdlib"]])


def wait_kept(page: Page) -> None:
    """Until this page's worker has kept the standard library, whole."""
    page.wait_for_function(KEPT, timeout=60_000, polling=100)
    assert page.evaluate(KEPT_SIZE) == stdlib_size()


def took_kept_stdlib(page: Page) -> bool:
    marks = [name for name, _ in page.evaluate(MARKS)]
    return any(name.startswith("worker kept python_stdlib") for name in marks)


def wait_saved(page: Page, not_head: list[int] | None = None) -> Any:
    """Until this page's worker has saved the snapshot of this build (new, if ``not_head``)."""
    page.wait_for_function(SAVED, timeout=60_000, polling=250)
    record = page.evaluate(READ)
    assert record and record["key"] == snapshot_key() and record["length"] > 1_000_000
    assert record["head"] != not_head
    return record


HAND = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"


def test_first_page_starts_from_the_published_snapshot(make_context: Any) -> None:
    """A first page restores the snapshot made at build time (no wheel fetched: its
    files come inside), keeps it, and the next page restores the kept one. In a browser
    without shared workers that outlive their pages, each page has a worker of its
    own, and compiles Pyodide's module itself."""
    context, _log = make_context()
    context.add_init_script("window.GINRULES_SHARED_ENGINE = false;")
    # What the pages and their workers ask for (a service worker's requests are not
    # a page's: Playwright tells them to the context only).
    urls: list[str] = []
    context.on("page", lambda page: page.on("request", lambda r: urls.append(r.url)))
    first = context.new_page()
    widget = go_live(first, "/en/standard.html", HAND)
    assert widget.get_attribute("data-start") == "published"
    # Still the engine after the restore: an error in the reader's language.
    widget.locator("input[name='cards']").fill("7H 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).to_contain_text("1Z")
    record = wait_saved(first)
    assert record["key"] == snapshot_key()
    marks = [name for name, _ in first.evaluate(MARKS)]
    assert "worker published snapshot received" in marks and "worker wheel ready" not in marks
    # The standard library is kept after the snapshot, in a later idle moment: the first
    # page stays open until then (a page closed sooner leaves the next one the server's).
    wait_kept(first)
    first.close()

    second = context.new_page()
    widget = go_live(second, "/fr/oklahoma.html", "AS 2S 3S 4S 8H 8D 8C 9D TD JD KC")
    assert widget.get_attribute("data-start") == "snapshot"
    # Still the engine: a new hand and an error in the reader's language.
    widget.locator("input[name='cards']").fill("7H 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).to_contain_text("1Z")
    # No wheel was fetched: the engine's files came with the snapshots; the published
    # one was fetched once, by the first page (the second knew the browser keeps one).
    assert not [u for u in urls if u.endswith(".whl")]
    assert sum(u.endswith(published_path()) for u in urls) == 1
    # No page fetched the snapshot module: the worker, whose script has it inlined at
    # build time, reads what the browser keeps on its own thread (nothing big crosses
    # from the page), and restores the memory without waiting for the standard library,
    # which it writes afterwards.
    assert not [u for u in urls if u.endswith("/ginrules-snapshot.mjs")]
    marks = [name for name, _ in second.evaluate(MARKS)]
    read = {"worker snapshot read", "worker kept python_stdlib_pyc.zip", "worker stdlib written"}
    assert read <= set(marks)
    written = marks.index("worker stdlib written")
    assert marks.index("worker restore") < written < marks.index("worker ready")
    # Pyodide's module was fetched once by each page, which compiles it: never by the worker too.
    assert sum(u.endswith("/pyodide.asm.wasm") for u in urls) == 2
    assert {"wasm compiled"} <= {name for name, _ in second.evaluate(MARKS)}
    # The record leaves out the memory's pages of zeros (about 13 of its 31 MB are kept).
    assert record["kept"] < 0.6 * record["length"]


# Pack a made-up memory (pages of zeros between others, a last page cut short, a size
# that is no multiple of 4) and unpack it; then unpack records that do not add up.
PACKED = """async () => {
    const { pack, unpack } = await import("/en/_static/ginrules-snapshot.mjs");
    const size = 4096 * 9 + 1003;
    const memory = new Uint8Array(size);
    const marked = [0, 4095, 4096 * 3 + 17, 4096 * 4, 4096 * 8 + 9, size - 1];
    for (const at of marked) memory[at] = (at % 251) + 1;
    const packed = pack(memory);
    const back = unpack(packed);
    const bad = [
        { ...packed, runs: Uint32Array.from([0, 1, 3, 2, 7, 3]) },  // beyond the data
        { ...packed, runs: Uint32Array.from([0, 1, 3, 2]) },        // data left over
        { ...packed, runs: packed.runs.subarray(0, 3) },           // half a run
        { ...packed, data: packed.data.subarray(1) },               // data cut short
        { ...packed, size: "big" },
        { ...packed, runs: Array.from(packed.runs) },
    ];
    return {
        runs: Array.from(packed.runs), kept: packed.data.length,
        same: back !== null && back.length === size && back.every((b, i) => b === memory[i]),
        bad: bad.map((record) => unpack(record)),
    };
}"""


def test_snapshot_record_leaves_out_pages_of_zeros(page: Page) -> None:
    page.goto("/en/standard.html")
    result = page.evaluate(PACKED)
    # Pages 0, 3-4 and 8-9 (9 is the short one) hold bytes; 1, 2 and 5-7 are zeros.
    assert result["runs"] == [0, 1, 3, 2, 8, 2]
    assert result["kept"] == 4096 * 4 + 1003
    assert result["same"] is True
    assert result["bad"] == [None] * 6


def test_later_pages_read_the_kept_standard_library(make_context: Any) -> None:
    """The standard library is kept decoded in Cache Storage after the first start;
    the next page reads it from there, and a damaged copy gives way to the file
    from the server and is kept again."""
    context, _log = make_context()
    first = context.new_page()
    go_live(first, "/en/standard.html", HAND)
    assert not took_kept_stdlib(first)
    wait_saved(first)
    wait_kept(first)
    first.close()

    second = context.new_page()
    widget = go_live(second, "/en/oklahoma.html", HAND)
    assert widget.get_attribute("data-start") == "snapshot"
    assert took_kept_stdlib(second)
    # A damaged copy (cut short) under the same address.
    second.evaluate("""async () => {
        const cache = await caches.open("ginrules-runtime");
        const [request] = await cache.keys();
        const bytes = (await (await cache.match(request)).arrayBuffer()).slice(0, 1000);
        await cache.put(request, new Response(bytes));
    }""")
    second.close()

    third = context.new_page()
    widget = go_live(third, "/en/standard.html", HAND)
    assert widget.get_attribute("data-start") == "snapshot"
    assert not took_kept_stdlib(third)
    wait_kept(third)


def test_a_browser_that_forgot_the_hint_still_starts_from_the_snapshot(make_context: Any) -> None:
    """The page's localStorage hint that this browser keeps the runtime only spares
    work: without it (cleared, or refused) the snapshot is still found and restored,
    and the standard library comes from the server, whole."""
    context, _log = make_context()
    first = context.new_page()
    go_live(first, "/sv/standard.html", HAND)
    wait_saved(first)
    wait_kept(first)
    assert first.evaluate("() => Object.keys(localStorage)") == ["ginrules-engine-kept"]
    first.evaluate("() => localStorage.clear()")
    first.close()

    second = context.new_page()
    widget = go_live(second, "/sv/oklahoma.html", HAND)
    assert widget.get_attribute("data-start") == "snapshot"
    assert not took_kept_stdlib(second)
    widget.locator("input[name='cards']").fill("7H 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).to_contain_text("1Z")


def test_corrupted_snapshot_falls_back_and_is_replaced(make_context: Any) -> None:
    """A kept snapshot that does not restore gives way to the published one, which is
    kept in its place (no page starts Python from scratch)."""
    context, _log = make_context()
    first = context.new_page()
    go_live(first, "/en/standard.html", HAND)
    record = wait_saved(first)
    # Same key, damaged memory: Pyodide refuses it (bad magic number).
    first.evaluate(EDIT, "damaged memory")
    assert first.evaluate(READ)["head"][:4] == [7, 7, 7, 7]
    first.close()

    second = context.new_page()
    widget = go_live(second, "/en/straight-gin.html", HAND)
    assert widget.get_attribute("data-start") == "published"
    replaced = wait_saved(second, not_head=[7] * 48)
    assert replaced["head"] == record["head"]
    # Stretches of pages that do not add up to the bytes kept: deleted, and replaced.
    second.evaluate(EDIT, "one run")
    second.close()
    third = context.new_page()
    widget = go_live(third, "/fr/hollywood.html", HAND)
    assert widget.get_attribute("data-start") == "published"
    wait_saved(third)


def test_snapshot_of_another_build_is_ignored(make_context: Any) -> None:
    context, _log = make_context()
    first = context.new_page()
    go_live(first, "/en/standard.html", HAND)
    good = wait_saved(first)
    # Another runtime build id in the key: never restored, deleted, then replaced.
    first.evaluate(EDIT, "another build")
    first.close()
    second = context.new_page()
    widget = go_live(second, "/en/standard.html", HAND)
    assert widget.get_attribute("data-start") == "published"
    assert wait_saved(second)["key"] == good["key"]
    # Another build id inside the snapshot itself (bytes 16 to 47), under the right key:
    # Pyodide refuses it ("Snapshot build id mismatch"): the published one instead.
    second.evaluate(EDIT, "flipped head")
    second.close()
    third = context.new_page()
    widget = go_live(third, "/en/standard.html", HAND)
    assert widget.get_attribute("data-start") == "published"
    altered = [b ^ 0x55 if 16 <= i < 48 else b for i, b in enumerate(good["head"])]
    wait_saved(third, not_head=altered)


def test_published_snapshot_of_another_build_is_ignored(make_context: Any, server: Any) -> None:
    """A published snapshot that does not fit the runtime is never restored: the page
    starts the normal way and answers. Another build's key in the file is refused
    before any restore (tested with the normal start's own snapshot, below); another
    build id inside the memory, by Pyodide itself."""
    server.control.replace[published_path()] = published(build_id=True)
    context, _log = make_context()
    page = context.new_page()
    widget = go_live(page, "/fr/standard.html", HAND)
    assert widget.get_attribute("data-start") == "fresh"
    assert published_path() in server.control.log
    marks = [name for name, _ in page.evaluate(MARKS)]
    assert "worker restore" in marks and "worker restore failed" in marks
    widget.locator("input[name='cards']").fill("7H 1Z")
    expect(widget.locator(".gr-error[data-for='cards']")).to_contain_text("1Z")


def stock_deal(page: Page, seed: str | None) -> tuple[str, str]:
    """Ask the stock-end widget for a new deal (or the deal ``seed``): its number and log."""
    widget = page.locator("section[data-widget='stock']").first
    if seed is None:
        widget.locator("button[data-action='new']").click()
    else:
        widget.locator("input[name='seed']").fill(seed)
        widget.locator("button[data-action='end']").click()
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    if seed is not None:
        expect(widget.locator(".gr-deal-summary")).to_be_visible()
    number = widget.locator("input[name='seed']").input_value()
    return number, widget.locator(".gr-result").inner_text()


def test_restores_draw_different_random_deals(make_context: Any) -> None:
    """The published snapshot and its copy kept in the browser hold one memory: each
    restore is reseeded."""
    context, _log = make_context()
    deals = []
    for start in ("published", "snapshot"):
        page = context.new_page()
        widget = go_live(page, "/en/standard.html", HAND)
        assert widget.get_attribute("data-start") == start
        deals.append((stock_deal(page, None), stock_deal(page, "1234")))
        if start == "published":
            wait_saved(page)
        page.close()
    (new_a, same_a), (new_b, same_b) = deals
    # The engine draws the new deal: every restore is reseeded, so they differ ...
    assert new_a[0] != new_b[0]
    # ... and a deal number is the same deal wherever it is asked.
    assert same_a == same_b


# The runtime's marks (ginrules-live.mjs), in the order they were made: [name, ms].
MARKS = """() => performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("ginrules:"))
    .map((m) => [m.name.slice("ginrules:".length), m.startTime])"""


def test_first_answer_does_not_wait_for_the_snapshot(make_context: Any, server: Any) -> None:
    """A normal start (the published snapshot is of another build: refused before any
    restore) answers first, then makes and keeps a snapshot of its own."""
    fresh_start(server)
    context, _log = make_context()
    page = context.new_page()
    widget = go_live(page, "/en/standard.html", HAND)
    assert widget.get_attribute("data-start") == "fresh"
    wait_saved(page)
    at = dict(page.evaluate(MARKS))
    # The reader's answer first; the warm-up calls and the snapshot once the worker is idle.
    assert at["worker ready"] <= at["first answer"] < at["worker warmed"]
    assert at["worker warmed"] <= at["worker snapshot made"] <= at["worker snapshot saved"]
    # Every stage of the fresh start is told, in order.
    stages = ["intent", "worker load", "worker boot", "worker booted", "worker wheel unpacked"]
    stages += ["worker engine imported", "worker ready", "ready", "first call", "first answer"]
    assert [at[s] for s in stages] == sorted(at[s] for s in stages)
    assert "worker restore" not in at


def test_a_snapshot_made_during_a_game_starts_the_next_play_page(
    make_context: Any, server: Any
) -> None:
    """The play page keeps its tables in the worker, so its snapshot may be made while a
    game is on (a normal start's): the next page starts from it and deals the cards of
    its own link."""
    from ginrules.coach.table import Table

    from .test_play import ROOT, click_move, hand_codes, offered, settled

    fresh_start(server)
    context, _log = make_context()
    context.add_init_script("window.GINRULES_PLAY_PACE_MS = 0;")
    first = context.new_page()
    first.goto("/en/play.html#play=standard/one_deal/beginner/11/1/computer")
    click_move(settled(first), offered(first.locator(ROOT))[0])
    wait_saved(first)
    first.close()

    second = alone(context.new_page())
    second.goto("/sv/play.html#play=oklahoma/game100/good/12/1/computer")
    root = settled(second)
    assert root.get_attribute("data-start") == "snapshot"
    table = Table(find_variant("oklahoma"), "game100", "good", 12, dealer="computer")
    assert sorted(hand_codes(root)) == sorted(table.state()["hand"])
    click_move(root, offered(root)[0])
    settled(second)


@pytest.mark.parametrize("shared", [True, False], ids=["shared-worker", "own-worker"])
def test_the_files_the_page_names_start_before_runtime_json(
    make_context: Any, shared: bool
) -> None:
    """The page names Pyodide's module and the published snapshot (a meta tag the build
    writes from runtime.json): the reader's intent starts both downloads (the module by
    the page, which compiles it, or by the shared worker), which do not wait for
    runtime.json, held here until both were asked for."""
    context, log = make_context()
    if not shared:
        context.add_init_script("window.GINRULES_SHARED_ENGINE = false;")
    page = alone(context.new_page())
    held: list[Any] = []
    page.route("**/_pyodide/runtime.json", lambda route: held.append(route))
    widget = meld_finder(page, "/de/standard.html")
    hint = json.loads(str(page.locator("meta[name='ginrules-runtime']").get_attribute("content")))
    wasm = f"{manifest()['runtime']}pyodide.asm.wasm"
    assert hint == {"key": snapshot_key(), "wasm": wasm, "snapshot": manifest()["snapshot"]}
    widget.hover()
    wanted = {f"/_pyodide/{wasm}", published_path()}
    asked: set[str] = set()
    for _ in range(900):
        page.wait_for_timeout(100)
        asked = {urlsplit(url).path for url in log.urls}
        if wanted <= asked:
            break
    assert wanted <= asked, asked
    assert held and "/_pyodide/runtime.json" not in asked
    for route in held:
        route.continue_()
    fill_hand(widget, "de", HAND)
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    shows_answer(widget, HAND)
    assert widget.get_attribute("data-start") == "published"


def test_files_named_for_another_build_are_not_used(make_context: Any) -> None:
    """A page older than runtime.json (its tag names another snapshot key): what was
    fetched for that key is dropped, and the start is the same as without the tag (the
    published snapshot, checked against runtime.json's key)."""
    context, _log = make_context()
    page = alone(context.new_page())
    widget = meld_finder(page, "/sv/standard.html")
    page.evaluate(
        """() => {
            const tag = document.querySelector("meta[name='ginrules-runtime']");
            tag.content = JSON.stringify({...JSON.parse(tag.content), key: "another-build"});
        }"""
    )
    fill_hand(widget, "sv", HAND)
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    shows_answer(widget, HAND)
    assert widget.get_attribute("data-start") == "published"
