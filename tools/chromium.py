"""Debian's Chromium as every browser test, benchmark and tool of the project starts it
(Playwright for Python): headless, without the sandbox a root user cannot have, the GPU,
or anything that would reach the network by itself."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
