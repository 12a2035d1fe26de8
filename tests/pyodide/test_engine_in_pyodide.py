"""The engine's own test suite, run inside Pyodide under Node with local files only."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "_build" / "html" / "_pyodide"
WHEELS = ROOT / ".cache" / "pyodide-wheels"
RUNNER = ROOT / "tools" / "pyodide_pytest.mjs"
# The engine's tests and the doctests of the installed package (the wheel, not the checkout).
SUITE = ["tests/engine", "--pyargs", "ginrules"]
# Tests that only repeat in bulk what the suite checks in Pyodide anyway: CPython runs them.
# A thousand exercises of each kind take too long there, and so do the walks of whole
# matches (test_match.py checks the sheets' standing there); a process pool (duel's
# workers) does not exist there: Pyodide has no processes.
CPYTHON_ONLY = [
    "tests/engine/test_exercises.py::test_a_thousand_of_each_kind",
    "tests/engine/test_match_standing.py",
    "tests/engine/test_players_cli.py::test_duel_with_workers_gives_the_same_result_as_one_process",
]
# Only the engine's own conftest files: tests/conftest.py brings Sphinx fixtures.
CONFCUT = ["--confcutdir", "tests/engine"]


def _count(output: str, word: str) -> int:
    match = re.search(rf"(\d+) {word}", output.strip().splitlines()[-1])
    return int(match.group(1)) if match else 0


def process_modules() -> list[str]:
    """Engine test modules that run the command line as an OS process.

    Pyodide has no processes (``subprocess`` raises ``OSError`` on emscripten), so
    these modules run under CPython only; everything else runs in both.
    """
    return sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests" / "engine").glob("test_*.py")
        if "import subprocess" in path.read_text(encoding="utf-8")
    )


def test_runtime_wheel_is_the_checkout() -> None:
    """The wheel in the runtime holds exactly the engine's current sources."""
    import zipfile

    (wheel,) = RUNTIME.glob("*/ginrules-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        packed = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("ginrules/") and name.endswith(".py")
        }
    sources = {
        path.relative_to(ROOT).as_posix(): path.read_bytes()
        for path in (ROOT / "ginrules").rglob("*.py")
    }
    assert packed == sources, "the runtime is stale: run `make site`"


def test_engine_suite_passes_in_pyodide() -> None:
    assert shutil.which("node"), "node is missing"
    assert (RUNTIME / "runtime.json").exists(), "run `make site` to build the runtime"
    assert any(WHEELS.glob("pytest-*.whl")), "run `make pyodide-test-wheels`"
    suite = [s for s in SUITE if s != "tests/engine" or (ROOT / s).is_dir()]
    suite += [f"--ignore={module}" for module in process_modules()]
    suite += [f"--deselect={test}" for test in CPYTHON_ONLY]
    expected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *suite],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    collected = len([line for line in expected.splitlines() if "::" in line])
    assert collected > 0
    run = subprocess.run(
        ["node", str(RUNNER), str(RUNTIME), str(WHEELS), "-q", *CONFCUT, *suite],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = run.stdout + run.stderr
    print(output)
    assert "on emscripten" in output, output[-3000:]
    assert run.returncode == 0, output[-5000:]
    # Every test that CPython collects ran in Pyodide, and none was skipped there.
    assert _count(output, "passed") == collected, output[-3000:]
    assert _count(output, "skipped") == 0, output[-3000:]
