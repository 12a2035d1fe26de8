#!/usr/bin/env python3
"""Serve the built site on http://127.0.0.1:8000 with the MIME types the site needs.

    python tools/serve.py [DIRECTORY] [--port 8000] [--host 127.0.0.1]

Standard library only. ``.wasm`` is served as ``application/wasm`` (``loadPyodide()``
hangs on anything else), ``.mjs`` as JavaScript; every response says ``no-cache``
so a rebuilt site is seen at once. A missing address gets the 404 page of its
language (``/fr/…`` -> ``fr/404.html``, else ``404.html``) with status 404.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
from pathlib import Path

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".tar": "application/x-tar",
    ".data": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".xml": "application/xml",
    ".txt": "text/plain",
}
# Served as UTF-8 text.
CHARSET_TYPES = {
    "text/javascript",
    "text/css",
    "text/html",
    "text/plain",
    "application/json",
    "application/xml",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types and revalidation on every request."""

    def guess_type(self, path: str | object) -> str:
        mime = MIME_TYPES.get(Path(str(path)).suffix.lower())
        if mime is None:
            mime = super().guess_type(path)
        return f"{mime}; charset=utf-8" if mime in CHARSET_TYPES else mime

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = self.not_found_page() if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def not_found_page(self) -> Path | None:
        """The site's 404 page in the language of the path asked for, if it has one."""
        root = Path(self.directory)
        first = self.path.lstrip("/").split("/", 1)[0].split("?", 1)[0]
        language = [root / first / "404.html"] if first and "." not in first else []
        return next((page for page in [*language, root / "404.html"] if page.is_file()), None)

    def end_headers(self) -> None:
        # Revalidate every time: no stale page or worker after a rebuild.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default="_build/html")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    root = Path(args.directory).resolve()
    if not (root / "index.html").is_file():
        print(f"{root}/index.html is missing: build the site first (make site)", file=sys.stderr)
        return 1
    handler = functools.partial(SiteHandler, directory=str(root))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as server:
        print(f"Serving {root} on http://{args.host}:{args.port}/ (Ctrl+C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
