"""A newcomer's first minutes: the README's Python example prints what its comments say,
``make requirements`` names what the machine lacks in one line, and ``import ginrules``
offers the players at once but imports them only when used."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def quick_start_example() -> str:
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, "the quick start has no Python example"
    return match.group(1)


def test_the_readme_python_example_prints_what_its_comments_say(tmp_path: Path) -> None:
    code = quick_start_example()
    said = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    assert run.stdout.splitlines() == said
    assert len([line for line in code.splitlines() if line and line[0] != "#"]) <= 10


def test_make_requirements_names_what_is_missing_in_one_line() -> None:
    missing = "PYTHON312_CANDIDATES=/nonexistent/python3.12"
    run = subprocess.run(
        ["make", "-s", "requirements", missing], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode != 0
    assert run.stdout.splitlines() == ["missing: Python 3.12+ for pyodide-build (python3.12)"]


def test_importing_ginrules_leaves_the_players_for_later() -> None:
    """The lazy names keep the engine's first import small (a page that asks for melds)."""
    code = (
        "import sys, ginrules; print('ginrules.players' in sys.modules, "
        "'ginrules.deal' in sys.modules); ginrules.play_deal; "
        "print('ginrules.players' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True"]


def test_the_api_reference_documents_every_public_name() -> None:
    """docs/api.md names each entry of ``ginrules.__all__`` once, and nothing else."""
    import ginrules

    page = ROOT.joinpath("docs", "api.md").read_text(encoding="utf-8")
    documented = re.findall(r"^\.\. (?:auto\w+|data):: (\w+)$", page, re.MULTILINE)
    assert sorted(documented) == sorted(ginrules.__all__)


def test_the_json_keys_of_each_command_are_the_documented_ones() -> None:
    """Each command of CLI.md's "JSON output" list prints exactly the keys listed."""
    reference = ROOT.joinpath("CLI.md").read_text(encoding="utf-8")
    section = reference.split("\n## JSON output of the commands", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^- `ginrules ([^`]+)`[^:]*:(.*?)(?=^- |\Z)", section, re.M | re.S)
    assert len(items) == 6
    for command, listed in items:
        # the top-level keys, without what the parentheses say about them
        flat = re.sub(r"\([^()]*\)", "", re.sub(r"\([^()]*\([^()]*\)[^()]*\)", "", listed))
        keys = re.findall(r"`(\w+)`", re.split(r";\s+each\s+row", flat)[0])
        run = subprocess.run(
            [sys.executable, "-m", "ginrules", *shlex.split(command)],
            capture_output=True,
            text=True,
            check=True,
        )
        assert list(json.loads(run.stdout)) == keys, command


def test_the_readme_is_a_front_door() -> None:
    """At most 200 lines: the project, the two commands, the quick start, the command line
    in brief and where to go next; the design is in ARCHITECTURE.md, which it links."""
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    for guide in ("ARCHITECTURE.md", "CLI.md", "BENCHMARKS.md"):
        assert f"]({guide})" in readme and ROOT.joinpath(guide).is_file()
