"""The TypeScript declarations of the engine's calls, from their Python description.

``ginrules_site/live/ginrules_live.py`` describes each call by its handler's
annotations: the ``TypedDict`` shapes of its arguments and of its answer, written in
``ginrules_site/live/live_shapes.py``. This tool
writes them as TypeScript into ``ginrules_site/live/ginrules-types.d.ts``, below the
marker line (``MARKER``); the part above it, the worker's messages, is written by hand.
``tests/site/test_live_types.py`` checks that the file holds what this tool writes, and
the shapes against the engine's real answers.

    .venv/bin/python tools/live_types.py            # rewrite the generated part
    .venv/bin/python tools/live_types.py --check    # exit 1 if it is not up to date

Python to TypeScript: ``str`` string, ``int`` and ``float`` number, ``bool`` boolean,
``None`` null, ``Any`` any, ``list[X]`` ``X[]``, ``tuple[X, Y]`` ``[X, Y]``,
``dict[str, X]`` ``Record<string, X>``, ``Literal`` its values, ``X | Y`` a union, a
``TypedDict`` an object type of its name (``NotRequired`` keys optional; a shape of
``OPEN_SHAPES`` takes more keys, of any type).
"""

from __future__ import annotations

import inspect
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, TypeGuard, TypeVar, get_args, get_origin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ginrules_site.live import ginrules_live, live_shapes  # noqa: E402

DECLARATIONS = ROOT / "ginrules_site" / "live" / "ginrules-types.d.ts"
MARKER = (
    "// ---- Written by tools/live_types.py from the TypedDicts of live_shapes.py:"
    " do not edit below. ----\n"
)


def is_shape(tp: object) -> TypeGuard[type]:
    return isinstance(tp, type) and typing.is_typeddict(tp)


def fields(shape: type) -> dict[str, tuple[Any, bool]]:
    """A shape's keys in order: their type and whether they are required."""
    hints = typing.get_type_hints(shape, include_extras=True)
    out = {}
    for name, tp in hints.items():
        # (not __required_keys__: under Python 3.11 it misses a NotRequired in a string
        # annotation, as `from __future__ import annotations` makes them)
        required = shape.__total__  # type: ignore[attr-defined]
        while get_origin(tp) in (NotRequired, Required):
            required = get_origin(tp) is Required
            (tp,) = get_args(tp)
        out[name] = (tp, required)
    return out


def ts_type(tp: Any, found: dict[str, type] | None = None) -> str:
    """``tp`` in TypeScript; the shapes it names are added to ``found``."""
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any:
        return "any"
    if tp is object:
        return "unknown"
    if tp is None or tp is type(None):
        return "null"
    if isinstance(tp, TypeVar):
        return str(tp.__name__)
    if tp in (int, float):
        return "number"
    if tp is str:
        return "string"
    if tp is bool:
        return "boolean"
    if is_shape(tp):
        if found is not None:
            found.setdefault(tp.__name__, tp)
        return tp.__name__
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(ts_type(a, found) for a in args)
    if origin is list:
        item = ts_type(args[0], found)
        return f"({item})[]" if " | " in item else f"{item}[]"
    if origin is tuple:
        return "[" + ", ".join(ts_type(a, found) for a in args) + "]"
    if origin is dict and args[0] is str:
        return f"Record<string, {ts_type(args[1], found)}>"
    if is_shape(origin):  # a generic shape, with its arguments
        ts_type(origin, found)
        return f"{origin.__name__}<{', '.join(ts_type(a, found) for a in args)}>"
    raise TypeError(f"no TypeScript for {tp!r}")


def calls() -> dict[str, tuple[Any, Any]]:
    """Each call's arguments and answer value, from its handler's annotations."""
    out = {}
    for name, handler in ginrules_live.HANDLERS.items():
        hints = live_shapes.call_hints(handler)
        (param,) = inspect.signature(handler).parameters
        out[name] = (hints[param], hints["return"])
    return out


def comment(text: str | None, indent: str = "") -> str:
    if not text:
        return ""
    lines = inspect.cleandoc(text).replace("``", "`").splitlines()
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */\n"
    body = "".join(f"{indent} * {line}".rstrip() + "\n" for line in lines)
    return f"{indent}/**\n{body}{indent} */\n"


def declaration(shape: type, found: dict[str, type]) -> str:
    params = getattr(shape, "__parameters__", ())
    generic = f"<{', '.join(p.__name__ for p in params)}>" if params else ""
    # (a type, not an interface: it passes as a Record<string, ...>, as the page's fill() takes)
    own = fields(shape)
    extends = ""
    base_name = live_shapes.EXTENDS.get(shape.__name__)
    if base_name is not None:
        base = getattr(live_shapes, base_name)
        extends = f"{ts_type(base, found)} & "
        own = {key: field for key, field in own.items() if key not in fields(base)}
    lines = [f"export type {shape.__name__}{generic} = {extends}{{\n"]
    for key, (tp, required) in own.items():
        lines.append(f"  {key}{'' if required else '?'}: {ts_type(tp, found)};\n")
    if shape.__name__ in live_shapes.OPEN_SHAPES:
        lines.append("  [key: string]: any;\n")
    lines.append("};\n")
    if len(lines) == 2:
        lines = [lines[0].replace("{\n", "{};\n")]
    doc = shape.__doc__ if shape.__doc__ != typing.TypedDict.__doc__ else None
    return comment(doc) + "".join(lines)


def generated() -> str:
    """The part of the declarations below the marker."""
    found: dict[str, type] = {}
    table = ["/** Each call of ginrules_live.py by name: its arguments and its answer. */\n"]
    table.append("export interface Calls {\n")
    for name, (args, value) in calls().items():
        args_ts, value_ts = ts_type(args, found), ts_type(value, found)
        table.append(f"  {name}: {{ args: {args_ts}; value: {value_ts} }};\n")
    table.append("}\n")
    for envelope in (live_shapes.Answer, live_shapes.Refusal):
        ts_type(envelope, found)
    written: dict[str, str] = {}
    while len(written) < len(found):  # and the shapes that those name, in turn
        for name, shape in list(found.items()):
            written.setdefault(name, declaration(shape, found))
    # in the order of live_shapes.py
    order = list(vars(live_shapes))
    shapes = [written[name] for name in sorted(written, key=order.index)]
    return MARKER + "\n" + "\n".join(["".join(table), *shapes])


def declarations(current: str) -> str:
    """``current`` (the file's text) with its generated part as this tool writes it."""
    head, marker, _ = current.partition(MARKER)
    if not marker:
        raise SystemExit(f"{DECLARATIONS.relative_to(ROOT)}: the marker line is missing")
    return head + generated()


def main(argv: list[str]) -> int:
    current = DECLARATIONS.read_text(encoding="utf-8")
    wanted = declarations(current)
    if "--check" in argv:
        if current != wanted:
            print(f"{DECLARATIONS.relative_to(ROOT)} is out of date: run tools/live_types.py")
            return 1
        return 0
    if current != wanted:
        DECLARATIONS.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
