"""tools/serve.py: the MIME types later issues rely on, and no caching surprises."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import threading
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
    finally:
        server.shutdown()
        server.server_close()


def test_refuses_to_serve_an_unbuilt_site(tmp_path, capsys):
    assert load_serve().main([str(tmp_path)]) == 1
    assert "make site" in capsys.readouterr().err
