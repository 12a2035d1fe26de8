"""``make dist``: the static tree for any host, and tools/serve.py serving it as a host would."""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli
import pytest

from ginrules.languages import LANGUAGES
from tools import serve

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


@pytest.fixture(scope="module")
def dist() -> Path:
    if not (DIST / "_headers").is_file():
        pytest.fail(f"{DIST} is missing: run `make dist`")
    return DIST


@pytest.fixture(scope="module")
def served(dist: Path) -> Iterator[str]:
    handler = functools.partial(serve.SiteHandler, directory=str(dist))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def get(url: str, encoding: str | None = None) -> tuple[Any, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding or "identity"})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def runtime(dist: Path) -> Any:
    return json.loads((dist / "_pyodide" / "runtime.json").read_text(encoding="utf-8"))


def test_the_tree_has_every_language_the_root_and_the_sitemaps(dist: Path) -> None:
    for path in ["index.html", "sitemap.xml", "robots.txt", ".nojekyll", "_headers"]:
        assert (dist / path).is_file(), path
    for lang in LANGUAGES:  # every language of ginrules.languages
        assert (dist / lang / "index.html").is_file()
        assert (dist / lang / "sitemap.xml").is_file()
    m = runtime(dist)
    for name in m["files"]:
        assert (dist / "_pyodide" / name).is_file(), name
    assert not list(dist.rglob(".buildinfo"))


def test_precompressed_files_hold_the_same_bytes(dist: Path) -> None:
    m = runtime(dist)
    for name in ["en/standard.html", "fr/_static/ginrules-widgets.mjs", "_pyodide/runtime.json"]:
        raw = (dist / name).read_bytes()
        assert gzip.decompress((dist / f"{name}.gz").read_bytes()) == raw, name
        assert brotli.decompress((dist / f"{name}.br").read_bytes()) == raw, name
    wasm = dist / "_pyodide" / m["runtime"] / "pyodide.asm.wasm"
    packed = (dist / "_pyodide" / m["runtime"] / "pyodide.asm.wasm.br").read_bytes()
    assert len(packed) < wasm.stat().st_size / 2
    # The stored .pyc zip is compressed by the host; the deflated wheel is left alone.
    assert (dist / "_pyodide" / m["runtime"] / f"{m['stdlib']}.br").is_file()
    assert not (dist / "_pyodide" / m["engine"] / f"{m['wheel']['file_name']}.br").exists()


def test_headers_file_caches_the_hashed_runtime_forever(dist: Path) -> None:
    m = runtime(dist)
    rules = (dist / "_headers").read_text(encoding="utf-8")
    for folder in (m["runtime"], m["engine"]):
        assert f"/_pyodide/{folder}*\n  Cache-Control: public, max-age=31536000, immutable" in rules
    assert "/*.html\n  Cache-Control: no-cache" in rules
    assert "/_pyodide/runtime.json\n  Cache-Control: no-cache" in rules


def test_headers_file_sends_the_security_headers_everywhere(dist: Path) -> None:
    """Every path of a host that reads ``_headers`` matches ``/*``, which carries the
    same security headers as tools/serve.py sends."""
    rules = (dist / "_headers").read_text(encoding="utf-8")
    block = "/*\n" + "".join(
        f"  {name}: {value}\n" for name, value in serve.SECURITY_HEADERS.items()
    )
    assert block in rules
    assert "Content-Security-Policy: default-src 'self'" in rules
    assert "'unsafe-inline'" not in rules and "'unsafe-eval'" not in rules


def test_serve_sends_precompressed_bodies_and_cache_headers(dist: Path, served: str) -> None:
    m = runtime(dist)
    page = f"{served}/fr/standard.html"
    raw = (dist / "fr" / "standard.html").read_bytes()
    headers, body = get(page, "gzip, deflate, br, zstd")
    assert headers["Content-Encoding"] == "br"
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Vary"] == "Accept-Encoding"
    assert brotli.decompress(body) == raw
    headers, body = get(page, "gzip")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == raw
    headers, body = get(page, "br;q=0, gzip;q=0")
    assert headers["Content-Encoding"] is None and body == raw
    assert headers["Vary"] == "Accept-Encoding"
    wasm = f"{served}/_pyodide/{m['runtime']}pyodide.asm.wasm"
    headers, _body = get(wasm, "br")
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Content-Encoding"] == "br"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    headers, _body = get(f"{served}/_pyodide/runtime.json", "br")
    assert headers["Cache-Control"] == "no-cache"
    for url in (page, wasm, f"{served}/_pyodide/runtime.json"):
        headers, _body = get(url, "br")
        for name, value in serve.SECURITY_HEADERS.items():
            assert headers[name] == value, (url, name)
