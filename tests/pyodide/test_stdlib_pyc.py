"""The precompiled standard library the site ships matches its Pyodide runtime."""

from __future__ import annotations

import base64
import hashlib
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


# Unpack the engine's wheel as the worker does, then import the engine: which
# modules had to be compiled from source (none should: each has its .pyc).
WHEEL_PROBE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, stdlib, lock, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir, stdLibURL: stdlib, lockFileContents: lock });
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
console.log(py.runPython(`
import importlib, importlib.machinery, json, pkgutil, sys
compiled = []
source_to_code = importlib.machinery.SourceFileLoader.source_to_code
def counting(self, data, path, *args, **kwargs):
    compiled.append(path)
    return source_to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = counting
import ginrules
for module in pkgutil.walk_packages(ginrules.__path__, "ginrules."):
    if not module.name.endswith("__main__"):  # every module: some import others when asked
        importlib.import_module(module.name)
json.dumps({"compiled": compiled, "doc": ginrules.reports.__doc__ or "",
            "loaded": sorted(m for m in sys.modules if m.startswith("ginrules"))})`));
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


def test_the_engine_wheel_carries_its_bytecode() -> None:
    """Beside each module of the wheel, the .pyc CPython would cache for it, unchecked."""
    m = manifest()
    with zipfile.ZipFile(RUNTIME / m["engine"] / m["wheel"]["file_name"]) as archive:
        names = archive.namelist()
        tag = f"cpython-{''.join(m['python'].split('.')[:2])}"
        sources = [n for n in names if n.startswith("ginrules/") and n.endswith(".py")]
        assert len(sources) > 10
        magic = bytes.fromhex(m["magic"])
        for source in sources:
            folder, _, module = source.rpartition("/")
            pyc = archive.read(f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc")
            assert pyc[:4] == magic and int.from_bytes(pyc[4:8], "little") == 0b01
        # The wheel's RECORD lists every file with its sha256.
        (record,) = [n for n in names if n.endswith(".dist-info/RECORD")]
        listed = {}
        for line in archive.read(record).decode().splitlines():
            name, digest, _size = line.rsplit(",", 2)
            listed[name] = digest
        assert set(listed) == set(names)
        for name in names:
            if name != record:
                sha = base64.urlsafe_b64encode(hashlib.sha256(archive.read(name)).digest())
                assert listed[name] == "sha256=" + sha.rstrip(b"=").decode(), name


def test_importing_the_engine_compiles_nothing(tmp_path: Path) -> None:
    assert shutil.which("node"), "node is missing"
    m = manifest()
    probe = tmp_path / "probe.mjs"
    probe.write_text(WHEEL_PROBE, encoding="utf-8")
    folder = RUNTIME / m["runtime"]
    wheel = RUNTIME / m["engine"] / m["wheel"]["file_name"]
    run = subprocess.run(
        [
            "node",
            str(probe),
            f"{folder}/",
            str(folder / m["stdlib"]),
            json.dumps(m["lock"]),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    said = json.loads(run.stdout.strip().splitlines()[-1])
    assert {"ginrules.coach.reports", "ginrules.coach.table"} <= set(said["loaded"])
    assert len(said["loaded"]) > 10
    assert said["compiled"] == []
    # Compiled without optimisation: the docstrings (doctests) are there.
    assert said["doc"]
