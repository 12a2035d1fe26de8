"""The precompiled standard library the site ships matches its Pyodide runtime."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "_build" / "html" / "_pyodide"

# Boot the site's runtime on its .pyc zip and report what the interpreter says.
PROBE = """
import { pathToFileURL } from "node:url";
const [dir, stdlib, lock] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir, stdLibURL: stdlib, lockFileContents: lock });
console.log(py.runPython(`
import importlib.util, json, sys, email.message
json.dumps({"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "origin": email.message.__spec__.origin})`));
"""


def manifest() -> Any:
    return json.loads((RUNTIME / "runtime.json").read_text(encoding="utf-8"))


def test_the_zip_is_bytecode_only_and_stored() -> None:
    m = manifest()
    with zipfile.ZipFile(RUNTIME / m["runtime"] / m["stdlib"]) as archive:
        entries = archive.infolist()
        sources = [e.filename for e in entries if e.filename.endswith(".py")]
        pycs = [e for e in entries if e.filename.endswith(".pyc")]
        assert not sources
        assert len(pycs) > 500
        # Stored, so that the host's gzip or brotli applies to it.
        assert {e.compress_type for e in entries} == {zipfile.ZIP_STORED}
        magic = bytes.fromhex(m["magic"])
        assert all(archive.read(e)[:4] == magic for e in pycs)
        # Unchecked hash-based .pyc: no source to compare against.
        assert all(int.from_bytes(archive.read(e)[4:8], "little") == 0b01 for e in pycs)


def test_the_zip_matches_the_runtime_python_and_magic_number(tmp_path: Path) -> None:
    assert shutil.which("node"), "node is missing"
    m = manifest()
    probe = tmp_path / "probe.mjs"
    probe.write_text(PROBE, encoding="utf-8")
    folder = RUNTIME / m["runtime"]
    run = subprocess.run(
        ["node", str(probe), f"{folder}/", str(folder / m["stdlib"]), json.dumps(m["lock"])],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    said = json.loads(run.stdout.strip().splitlines()[-1])
    assert said["magic"] == m["magic"]
    assert said["python"] == m["python"] == m["lock"]["info"]["python"]
    # A module the engine does not load at start-up came from the .pyc in the zip.
    assert said["origin"].endswith(".zip/email/message.pyc")


def test_pyodide_is_pinned_to_one_version() -> None:
    """The snapshot API is private: an upgrade must be a deliberate change of this pin."""
    wanted = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    pin = wanted["devDependencies"]["pyodide"]
    assert pin[0].isdigit() and pin.count(".") == 2, f"not an exact version: {pin}"
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/pyodide"]["version"] == pin == manifest()["pyodide"]
