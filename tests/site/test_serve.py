"""tools/serve.py: the MIME types later issues rely on, and no caching surprises."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import threading
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_serve():
    spec = importlib.util.spec_from_file_location("serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_served_types_and_cache_headers(tmp_path):
    serve = load_serve()
    files = {
        "index.html": "text/html; charset=utf-8",
        "pyodide.asm.wasm": "application/wasm",
        "worker.mjs": "text/javascript; charset=utf-8",
        "app.js": "text/javascript; charset=utf-8",
        "pyodide-lock.json": "application/json; charset=utf-8",
        "ginrules-0.1.0-py3-none-any.whl": "application/zip",
        "python_stdlib.zip": "application/zip",
        "sitemap.xml": "application/xml; charset=utf-8",
    }
    for name in files:
        (tmp_path / name).write_bytes(b"x")
    handler = functools.partial(serve.SiteHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        for name, mime in files.items():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}") as response:
                assert response.headers["Content-Type"] == mime, name
                assert response.headers["Cache-Control"] == "no-cache", name
                for header, value in serve.SECURITY_HEADERS.items():
                    assert response.headers[header] == value, (name, header)
    finally:
        server.shutdown()
        server.server_close()


def test_refuses_to_serve_an_unbuilt_site(tmp_path, capsys):
    assert load_serve().main([str(tmp_path)]) == 1
    assert "make site" in capsys.readouterr().err


def test_the_content_policy_is_strict():
    """Issue 34, point 4: no inline script or style, no eval but WebAssembly's, no plugin,
    no other base, no framing; and the companion headers."""
    serve = load_serve()
    policy = dict(
        (directive.split(" ", 1)[0], directive.split(" ", 1)[1])
        for directive in serve.CONTENT_SECURITY_POLICY.split("; ")
    )
    assert "'unsafe-inline'" not in serve.CONTENT_SECURITY_POLICY
    assert "'unsafe-eval'" not in serve.CONTENT_SECURITY_POLICY
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["base-uri"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    headers = serve.SECURITY_HEADERS
    assert headers["Content-Security-Policy"] == serve.CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] and headers["Permissions-Policy"]


def test_an_error_and_the_404_page_carry_the_headers(tmp_path):
    serve = load_serve()
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "404.html").write_text("not here")
    handler = functools.partial(serve.SiteHandler, directory=str(tmp_path))
    handler.func.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        for path, status in (("/missing.html", 404), ("/%2e%2e/x", 404)):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}")
            except urllib.error.HTTPError as error:
                assert error.code == status
                for header, value in serve.SECURITY_HEADERS.items():
                    assert error.headers[header] == value, (path, header)
            else:
                raise AssertionError(f"{path} was found")
    finally:
        server.shutdown()
        server.server_close()
