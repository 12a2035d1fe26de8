"""The house's rooms, kept by a test (ARCHITECTURE.md): the import graph of the engine and
of the site's extension has no circle, the engine imports nothing but the standard
library and itself, the extension asks the engine only for its public names and never
through the command line, and every module path of earlier releases still imports the
same names."""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("ginrules", "ginrules_site")

# Old module paths and the modules they moved to: each old path re-exports the new
# module's public names (ARCHITECTURE.md, "Paths of earlier releases").
MOVED = {
    "ginrules.tutor": "ginrules.coach.tutor",
    "ginrules.hints": "ginrules.coach.hints",
    "ginrules.exercises": "ginrules.coach.exercises",
    "ginrules.reports": "ginrules.coach.reports",
    "ginrules.table": "ginrules.coach.table",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imports(path: Path, name: str, known: dict[str, Path]) -> Iterator[tuple[str, list[str]]]:
    """``(module, names)`` for each import of the file, wherever it stands (a function's
    import counts: it is a dependency all the same), except under ``TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            names = [alias.name for alias in node.names]
            submodules = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
            yield base, [n for n in names if f"{base}.{n}" not in known]
            for sub in submodules:
                yield sub, []


def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        edges[name] = {m for m, _ in imports(path, name, known) if m in known and m != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_has_no_circle() -> None:
    edges = graph()
    assert len(edges) > 60  # every module of both packages was read
    assert cycles(edges) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    """The test above can fail: the old players ↔ camper circle is one."""
    edges = {"players": {"camper"}, "camper": {"players", "view"}, "view": set()}
    assert cycles(edges) == [["camper", "players"]]


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    known = modules()
    foreign = {
        f"{name}: {imported}"
        for name, path in known.items()
        if name.split(".")[0] == "ginrules"
        for imported, _ in imports(path, name, known)
        if imported.split(".")[0] not in sys.stdlib_module_names
        and imported.split(".")[0] != "ginrules"
    }
    assert foreign == set()


def test_the_site_asks_the_engine_only_for_public_names() -> None:
    """The extension holds no rules: it imports the engine's public names, never a
    private one (``_tables``) and never the command line's modules."""
    known = modules()
    wrong = set()
    for name, path in known.items():
        if name.split(".")[0] != "ginrules_site":
            continue
        for imported, names in imports(path, name, known):
            if imported.split(".")[0] != "ginrules":
                continue
            parts = imported.split(".")
            if "cli" in parts or any(p.startswith("_") for p in parts):
                wrong.add(f"{name}: {imported}")
            wrong.update(f"{name}: {imported}.{n}" for n in names if n.startswith("_"))
    assert wrong == set()


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_imports_the_same_public_names(old: str) -> None:
    """The public names the new module defines (classes, functions, constants)."""
    new = importlib.import_module(MOVED[old])
    shim = importlib.import_module(old)
    tree = ast.parse(Path(str(new.__file__)).read_text(encoding="utf-8"))
    public: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            public.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            public.update(t.id for t in targets if isinstance(t, ast.Name))
    public = {n for n in public if not n.startswith("_")}
    assert public
    assert {n: getattr(shim, n) for n in public} == {n: getattr(new, n) for n in public}
