"""Build the self-hosted Pyodide runtime of the site, shared by every language.

Steps (all offline once ``npm ci`` and ``.venv-pyodide`` exist):

1. build the ``ginrules`` wheel (py3-none-any) from the checkout, reproducibly;
2. compile Pyodide's standard library to ``.pyc`` inside Pyodide itself, under
   Node (``tools/pyodide_pyc.mjs``: the magic number is the runtime's own), as
   a stored zip so that the web server's gzip or brotli applies, and add to the
   wheel the ``__pycache__`` ``.pyc`` of each of its modules (importing the engine
   in the browser then compiles nothing; the sources stay for tracebacks and doctests);
3. add it, with its sha256, to a copy of Pyodide's ``pyodide-lock.json`` with
   pyodide-build's ``pyodide lockfile add-wheels``, keeping only the packages
   whose files the site ships;
4. write two content-hashed folders, so that a static host may cache them
   forever (``Cache-Control: immutable``): ``_pyodide/<hash>/`` with Pyodide
   (changes only with the pinned Pyodide) and ``_pyodide/<hash>/`` with the
   engine (the wheel, the lock file and the worker's call module
   ``ginrules_site/live/ginrules_live.py``);
5. write ``_pyodide/runtime.json`` (revalidated on every page): the two
   folders, the size of each file a page downloads (for the progress bar), the
   one-time download shown to the reader (gzip-compressed, as hosts send it),
   the lock file itself (so
   the worker needs no request for it), the wheel's sha256, and the key of the
   memory snapshot a reader's browser keeps (Pyodide's build id, the wheel's
   and the call module's sha256);
6. make the engine's memory snapshot under Node with this runtime, after the same
   start and warm-up calls as a worker's (``tools/pyodide_snapshot.mjs``), and
   publish it in a third content-hashed folder, named in ``runtime.json``
   (``snapshot``, and in ``files``): a reader's first page restores it instead of
   starting Python. It is kept under ``.cache/pyodide-snapshots/`` by its key and
   the two scripts' hashes, so that an unchanged engine gets the same bytes (and
   ``make dist`` its cached brotli).

Usage: ``python tools/pyodide_runtime.py [--out DIR] [--pyodide-cli PATH]``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
# The files of the npm package that a page needs; nothing else is copied.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB = "python_stdlib_pyc.zip"  # passed to loadPyodide as stdLibURL
MODULE = "ginrules_live.py"
DEFAULT_OUT = ROOT / "_build" / "html" / "_pyodide"
DEFAULT_CLI = ROOT / ".venv-pyodide" / "bin" / "pyodide"
LOCK = "pyodide-lock.json"
SNAPSHOT = "engine.snapshot"
SNAPSHOT_CACHE = ROOT / ".cache" / "pyodide-snapshots"
SNAPSHOT_SCRIPTS = (
    ROOT / "tools" / "pyodide_snapshot.mjs",
    ROOT / "ginrules_site" / "static" / "ginrules-snapshot.mjs",
)


def pyodide_version() -> str:
    return str(json.loads((NPM_PYODIDE / "package.json").read_text(encoding="utf-8"))["version"])


def build_wheel(dest: Path) -> Path:
    """Build the engine's wheel into ``dest`` and return its path."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("ginrules-*.whl"):
        old.unlink()
    env = dict(os.environ)
    # Same sources, same bytes: the lock file's hash only changes with the engine.
    env.setdefault("SOURCE_DATE_EPOCH", "315532800")
    with tempfile.TemporaryDirectory() as tmp:
        # Build from a clean copy: setuptools' build/ of an earlier run could
        # otherwise slip stale modules into the wheel.
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        shutil.copytree(
            ROOT / "ginrules", src / "ginrules", ignore=shutil.ignore_patterns("__pycache__")
        )
        build = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, str(src)],
            env=env,
            capture_output=True,
            text=True,
        )
        if build.returncode:  # the build backend's warnings only matter when it fails
            sys.stderr.write(build.stdout + build.stderr)
            raise SystemExit("building the ginrules wheel failed")
        (wheel,) = Path(tmp).glob("ginrules-*-py3-none-any.whl")
        return Path(shutil.copy2(wheel, dest / wheel.name))


def add_wheel_to_lock(cli: Path, wheel: Path, out: Path) -> dict[str, object]:
    """Write ``out/pyodide-lock.json``: Pyodide's lock file plus our wheel, trimmed."""
    with tempfile.TemporaryDirectory() as tmp:
        new_lock = Path(tmp) / LOCK
        subprocess.run(
            [
                str(cli),
                "lockfile",
                "add-wheels",
                "--input",
                str(NPM_PYODIDE / LOCK),
                "--output",
                str(new_lock),
                "--base-path",
                str(out),
                str(wheel),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        lock = json.loads(new_lock.read_text(encoding="utf-8"))
    shipped = {p.name for p in out.iterdir()}
    packages = lock["packages"]
    lock["packages"] = {k: v for k, v in packages.items() if v["file_name"] in shipped}
    entry = lock["packages"].get("ginrules")
    if entry is None or entry["file_name"] != wheel.name:
        raise SystemExit(f"add-wheels did not add {wheel.name} to the lock file")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if entry["sha256"] != digest:
        raise SystemExit(f"lock file hash {entry['sha256']} != wheel hash {digest}")
    (out / LOCK).write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return entry


def content_hash(folder: Path) -> str:
    """16 hex digits of the sha256 over the names and bytes of ``folder``'s files."""
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def compile_python(out: Path, wheel: Path) -> dict[str, object]:
    """Write the ``.pyc`` standard library zip into ``out``, add the ``.pyc`` of its
    modules to ``wheel`` (in place); return the Python version and magic number."""
    compiled = wheel.with_name(wheel.name + ".pyc-tmp")
    script = ROOT / "tools" / "pyodide_pyc.mjs"
    stdlib = NPM_PYODIDE / "python_stdlib.zip"
    files = (NPM_PYODIDE, stdlib, out / STDLIB, wheel, compiled)
    run = node(
        ["node", str(script), *map(str, files)],
        "compiling the standard library and the engine in Pyodide failed",
    )
    compiled.replace(wheel)
    info: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return info


def node(command: list[str], failure: str) -> subprocess.CompletedProcess[str]:
    """Run a Node script of ours; on failure, its output and ``failure`` end the build."""
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode:
        sys.stderr.write(run.stdout + run.stderr)
        raise SystemExit(failure)
    return run


def make_snapshot(out: Path, key: str) -> Path:
    """The published snapshot of the runtime in ``out`` (its ``runtime.json`` written),
    made under Node, or the one made earlier for the same key and scripts."""
    digest = hashlib.sha256(key.encode())
    for script in SNAPSHOT_SCRIPTS:
        digest.update(hashlib.sha256(script.read_bytes()).digest())
    cached = SNAPSHOT_CACHE / f"{digest.hexdigest()[:32]}.snapshot"
    if cached.is_file():
        return cached
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    for old in SNAPSHOT_CACHE.glob("*.snapshot"):
        old.unlink()  # of another engine: never used again
    partial = cached.with_suffix(".partial")
    node(
        ["node", str(SNAPSHOT_SCRIPTS[0]), str(out), str(partial)],
        "making the engine's memory snapshot under Node failed",
    )
    partial.replace(cached)
    return cached


def gzip_size(path: Path) -> int:
    """The bytes a host that compresses with gzip sends for ``path`` (at most its size)."""
    data = path.read_bytes()
    return min(len(data), len(gzip.compress(data, 6, mtime=0)))


def sealed(staging: Path, out: Path) -> str:
    """Move ``staging`` to ``out/<its content hash>/``; return ``"<hash>/"``."""
    name = content_hash(staging)
    shutil.move(str(staging), out / name)
    return f"{name}/"


def build_runtime(out: Path, cli: Path) -> dict[str, object]:
    """Create ``out`` with the runtime, the engine and ``runtime.json``; return the manifest."""
    if not NPM_PYODIDE.is_dir():
        raise SystemExit(f"{NPM_PYODIDE} is missing: run `npm ci` first")
    if not cli.exists():
        raise SystemExit(f"{cli} is missing: create .venv-pyodide with pyodide-build first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    runtime = out / "runtime.staging"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(NPM_PYODIDE / name, runtime / name)
    engine = out / "engine.staging"
    engine.mkdir()
    shutil.copy2(ROOT / "ginrules_site" / "live" / MODULE, engine / MODULE)
    module_sha = hashlib.sha256((engine / MODULE).read_bytes()).hexdigest()
    wheel = build_wheel(engine)
    stdlib = compile_python(runtime, wheel)
    entry = add_wheel_to_lock(cli, wheel, engine)
    lock = json.loads((engine / LOCK).read_text(encoding="utf-8"))
    runtime_dir = sealed(runtime, out)
    engine_dir = sealed(engine, out)
    files = {
        f"{folder}{path.name}": path.stat().st_size
        for folder in (runtime_dir, engine_dir)
        for path in sorted((out / folder).iterdir())
        if path.name != LOCK  # inlined below: never fetched
    }
    download = sum(gzip_size(out / name) for name in files)
    manifest: dict[str, object] = {
        "pyodide": pyodide_version(),
        "python": stdlib["python"],
        "magic": stdlib["magic"],
        "build_id": stdlib["build_id"],
        "runtime": runtime_dir,
        "engine": engine_dir,
        "stdlib": STDLIB,
        "wheel": {"file_name": wheel.name, "sha256": entry["sha256"]},
        "module": {"file_name": MODULE, "sha256": module_sha},
        # A snapshot made by another runtime, wheel or call module is never restored.
        "snapshot_key": f"{stdlib['build_id']}:{runtime_dir}{entry['sha256']}:{module_sha}",
        "files": files,
        "total": sum(files.values()),
        # What the reader downloads from a host that compresses (gzip; brotli is smaller).
        "download": download,
        "lock": lock,
    }
    write_manifest(out, manifest)
    snapshot = out / "snapshot.staging"
    snapshot.mkdir()
    shutil.copy2(make_snapshot(out, str(manifest["snapshot_key"])), snapshot / SNAPSHOT)
    name = f"{sealed(snapshot, out)}{SNAPSHOT}"
    # A first page fetches it, not the wheel (its files come inside); both are counted.
    manifest["snapshot"] = name
    files[name] = (out / name).stat().st_size
    manifest["total"] = sum(files.values())
    manifest["download"] = download + gzip_size(out / name)
    write_manifest(out, manifest)
    return manifest


def write_manifest(out: Path, manifest: dict[str, object]) -> None:
    (out / "runtime.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--pyodide-cli", type=Path, default=DEFAULT_CLI)
    args = parser.parse_args(argv)
    manifest = build_runtime(args.out.resolve(), args.pyodide_cli)
    files = manifest["files"]
    assert isinstance(files, dict)
    for name, size in files.items():
        print(f"{size:>10}  {name}")
    print(f"{manifest['total']:>10}  downloaded once by a reader, from {args.out}")
    print(f"Python {manifest['python']}, .pyc magic {manifest['magic']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
