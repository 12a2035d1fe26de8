"""Build the self-hosted Pyodide runtime of the site, shared by every language.

Steps (all offline once ``npm ci`` and ``.venv-pyodide`` exist):

1. build the ``ginrules`` wheel (py3-none-any) from the checkout, reproducibly;
2. add it, with its sha256, to a copy of Pyodide's ``pyodide-lock.json`` with
   pyodide-build's ``pyodide lockfile add-wheels``;
3. keep in that lock file only the packages whose files the site ships (the
   runtime from npm carries no other package, so any other entry could only
   lead to a request that fails);
4. copy the runtime files, the wheel and the worker's call module
   (``ginrules_site/ginrules_live.py``) into ``_build/html/_pyodide/``, with
   ``runtime.json``: the size of each file a page downloads, for the progress
   bar and the one-time download size shown to the reader.

Usage: ``python tools/pyodide_runtime.py [--out DIR] [--pyodide-cli PATH]``.
"""

from __future__ import annotations

import argparse
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
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
DEFAULT_OUT = ROOT / "_build" / "html" / "_pyodide"
DEFAULT_CLI = ROOT / ".venv-pyodide" / "bin" / "pyodide"
LOCK = "pyodide-lock.json"


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


def build_runtime(out: Path, cli: Path) -> dict[str, int]:
    """Create ``out`` with the runtime, the wheel and the lock file; return file sizes."""
    if not NPM_PYODIDE.is_dir():
        raise SystemExit(f"{NPM_PYODIDE} is missing: run `npm ci` first")
    if not cli.exists():
        raise SystemExit(f"{cli} is missing: create .venv-pyodide with pyodide-build first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(NPM_PYODIDE / name, out / name)
    shutil.copy2(ROOT / "ginrules_site" / "ginrules_live.py", out / "ginrules_live.py")
    wheel = build_wheel(out)
    add_wheel_to_lock(cli, wheel, out)
    sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())}
    manifest = {"pyodide": pyodide_version(), "files": sizes, "total": sum(sizes.values())}
    (out / "runtime.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--pyodide-cli", type=Path, default=DEFAULT_CLI)
    args = parser.parse_args(argv)
    sizes = build_runtime(args.out.resolve(), args.pyodide_cli)
    for name, size in sizes.items():
        print(f"{size:>10}  {name}")
    print(f"{sum(sizes.values()):>10}  total in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
