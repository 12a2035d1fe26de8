"""The link parsers fuzzed: ``tests/js/fuzz_links.mjs`` under Node with the params of the
built play and exercises pages (thousands of malformed and hostile fragments, valid links
mutated, oversized numbers, escapes, other scripts' text): never an exception, a bad link
for anything the page does not know, every valid link read back as it was written; and the
plural rule read without ``new Function`` as JavaScript would evaluate it."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "tests" / "js" / "fuzz_links.mjs"
COUNT = 6000  # fragments of each parser, besides every hostile piece behind every prefix


def page_params(page: Path, section: str) -> object:
    text = page.read_text(encoding="utf-8")
    found = re.search(rf'<section[^>]*class="gr-widget {section}"[^>]*data-params="([^"]*)"', text)
    assert found, f"{page}: no data-params of {section}"
    return json.loads(html.unescape(found.group(1)))


def test_the_link_parsers_survive_fuzzing(site: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the site's build needs it too")
    play = tmp_path / "play.json"
    play.write_text(json.dumps(page_params(site / "en" / "play.html", "gr-play")))
    exercises = tmp_path / "exercises.json"
    exercises.write_text(json.dumps(page_params(site / "en" / "exercises.html", "gr-exercises")))
    run = subprocess.run(
        [node, str(FUZZ), str(play), str(exercises), str(COUNT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["failures"] == []
    assert result["play"] > COUNT and result["exercises"] > COUNT
    assert result["valid"] == 1000 and result["plural"] == 10_000
    # Most fragments are bad links, and the parsers said so.
    assert result["bad"] > COUNT
