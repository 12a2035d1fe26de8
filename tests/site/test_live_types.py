"""The engine's calls are typed once: the TypedDicts of ``ginrules_live.py`` describe each
call's arguments and answer, ``tools/live_types.py`` writes them as TypeScript into
``ginrules_site/live/ginrules-types.d.ts`` (which tsc holds the site's scripts to), and
the engine's real answers have those shapes. And tsc's configuration is strict without
changing what esbuild ships.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import types
import typing
from collections import defaultdict
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_origin

import pytest

from ginrules_site.live import ginrules_live, live_shapes
from tools import live_types

ROOT = Path(__file__).resolve().parents[2]


TOOL: Any = live_types


def test_the_declarations_are_those_the_python_describes() -> None:
    current = TOOL.DECLARATIONS.read_text(encoding="utf-8")
    assert current == TOOL.declarations(current), "run tools/live_types.py"
    # every call is declared, with its arguments and its answer
    for name in ginrules_live.HANDLERS:
        assert f"  {name}: {{ args: " in current
    assert TOOL.main(["--check"]) == 0


# --- the answers have the shapes described --------------------------------------------------


class Checker:
    """Checks JSON values against the Python types, noting the keys of each shape seen."""

    def __init__(self) -> None:
        self.seen: dict[str, set[str]] = defaultdict(set)

    def problems(self, value: Any, tp: Any, path: str = "") -> list[str]:
        origin, args = get_origin(tp), get_args(tp)
        if tp is Any or tp is object:
            return []
        if tp is None or tp is type(None):
            return [] if value is None else [f"{path}: {value!r} is not null"]
        if tp is bool or tp is str:
            return [] if type(value) is tp else [f"{path}: {value!r} is not {tp.__name__}"]
        if tp is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
            return [] if ok else [f"{path}: {value!r} is not an int"]
        if tp is float:
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            return [] if ok else [f"{path}: {value!r} is not a number"]
        if origin is Literal:
            ok = any(value == a and type(value) is type(a) for a in args)
            return [] if ok else [f"{path}: {value!r} is not one of {args}"]
        if origin in (typing.Union, types.UnionType):
            found = [self.problems(value, a, path) for a in args]
            return [] if any(not f for f in found) else [p for f in found for p in f]
        if origin is list:
            if not isinstance(value, list):
                return [f"{path}: {value!r} is not a list"]
            return [
                p for i, v in enumerate(value) for p in self.problems(v, args[0], f"{path}[{i}]")
            ]
        if origin is tuple:
            if not isinstance(value, list) or len(value) != len(args):
                return [f"{path}: {value!r} is not a list of {len(args)}"]
            return [
                p for i, v in enumerate(value) for p in self.problems(v, args[i], f"{path}[{i}]")
            ]
        if origin is dict:
            if not isinstance(value, dict):
                return [f"{path}: {value!r} is not an object"]
            return [p for k, v in value.items() for p in self.problems(v, args[1], f"{path}.{k}")]
        if TOOL.is_shape(tp) or TOOL.is_shape(origin):
            return self.shape(value, tp, path)
        raise TypeError(f"no check for {tp!r}")

    def shape(self, value: Any, tp: Any, path: str) -> list[str]:
        shape = get_origin(tp) or tp
        bound = dict(zip(getattr(shape, "__parameters__", ()), get_args(tp), strict=True))
        name = shape.__name__
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a {name}"]
        fields = TOOL.fields(shape)
        out = [
            f"{path}: {name} lacks {k}" for k, (_, req) in fields.items() if req and k not in value
        ]
        if name not in live_shapes.OPEN_SHAPES:
            out += [f"{path}: {name} has no key {k!r}" for k in value if k not in fields]
        for key, item in value.items():
            if key in fields:
                self.seen[name].add(key)
                field = fields[key][0]
                field = bound.get(field, field) if isinstance(field, TypeVar) else field
                out += self.problems(item, field, f"{path}.{key}")
        return out


def _hands(rng: random.Random, count: int, size: int) -> list[str]:
    from ginrules.cards import CARDS

    return [" ".join(c.code for c in rng.sample(CARDS, size)) for _ in range(count)]


def _samples() -> list[tuple[str, dict[str, Any]]]:
    """Calls of every name, in every variant, kind of exercise and scoring scheme."""
    from ginrules import PRESETS
    from ginrules.coach.exercises import LEVELS, kinds_for
    from ginrules.score_entries import schemes

    rng = random.Random(33)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("version", {}),
        ("new_seed", {}),
        ("parse", {"cards": "10h, 7s ♠q"}),
        ("parse", {"cards": "7H 8H", "sizes": [10, 11]}),
        ("parse", {"cards": 7}),
        ("nope", {}),
    ]
    for variant in PRESETS:
        for size in (4, 10, 11):
            for cards in _hands(rng, 6, size):
                calls.append(("melds", {"cards": cards, "variant": variant}))
                calls.append(("melds", {"cards": cards, "variant": variant, "upcard": "AS"}))
        calls.append(("melds", {"cards": "7H 8H 9H 7S 7D 7C 2C 3C 4C 5C 6C", "variant": variant}))
        calls.append(("melds", {"cards": "7H 8H 9H 7S 7D 7C 2C 3C 4C 5C", "variant": variant}))
        for upcard in ("", "5S", "AD"):
            calls.append(
                (
                    "showdown",
                    {
                        "knocker": "7H 8H 9H KS KH KD AC 2C 3C 4D",
                        "defender": "TH JH 5S 5C 5D QS QC 2D 3S 9S",
                        "variant": variant,
                        "upcard": upcard,
                    },
                )
            )
        calls.append(
            (
                "showdown",
                {
                    "knocker": "7H 8H 9H KS KH KD AC 2C 3C 4C",
                    "defender": "TH JH 5S 5C 5D QS QC 2D 3S 9S",
                },
            )
        )
        for seed in range(1, 16):
            players = "good" if seed % 5 == 0 else "random"
            calls.append(("stock", {"seed": str(seed), "players": players, "variant": variant}))
        for scheme in schemes(PRESETS[variant]):
            for deals in ("", "A 25 knock; B 30 gin; dead; A 40 undercut", "A 150 gin; B 10 knock"):
                args: dict[str, Any] = {"variant": variant, "scheme": scheme, "deals": deals}
                calls.append(("scoresheet", args))
                calls.append(
                    (
                        "scoresheet",
                        {**args, "add": {"winner": "B", "points": "20", "outcome": "gin"}},
                    )
                )
        for kind in kinds_for(variant):
            for level in LEVELS:
                for seed in (1, 2, 3):
                    calls.append(
                        (
                            "exercise_new",
                            {"variant": variant, "kind": kind, "level": level, "seed": seed},
                        )
                    )
    return calls


def _answers(kind: str) -> list[dict[str, Any]]:
    """Answers of each kind of exercise, right or wrong."""
    answers: dict[str, list[dict[str, Any]]] = {
        "count": [{"deadwood": 5}, {"deadwood": 0, "melds": [["7H", "8H", "9H"]]}],
        "discard": [{"card": "KS"}],
        "go_out": [{"choice": "knock"}, {"choice": "none"}],
        "showdown": [{"layoffs": [], "points": 10, "winner": "knocker"}],
        "stock_end": [{"choice": "continue"}, {"choice": "dead"}],
        "sheet": [{"leader": "A", "lead": 10}, {"leader": "none", "lead": 0}],
    }
    return answers[kind]


def _game(checker: Checker, answered: set[str], seed: int, variant: str, scheme: str) -> list[str]:
    """A game at the play table through the calls: every play_* call, the shapes checked."""
    out: list[str] = []
    rng = random.Random(seed)

    def ask(name: str, args: dict[str, Any]) -> Any:
        reply = json.loads(ginrules_live.call(name, json.dumps(args)))
        out.extend(_check(checker, name, reply))
        if reply["ok"]:
            answered.add(name)
        return reply.get("value")

    new = ask("play_new", {"variant": variant, "scheme": scheme, "level": "good", "seed": seed})
    table, state = new["table"], new["state"]
    for _ in range(150):
        if state["phase"] == "game_over":
            break
        if state["turn"] == "computer":
            state = ask("play_computer", {"table": table})["state"]
            continue
        if state["phase"] == "over":
            ask("play_review", {"table": table, "deal": state["deal"], "turn": 1})
            whatif = ask("play_whatif", {"table": table})
            ask("play_moves", {"table": whatif["table"]})
            ask("play_next", {"table": whatif["table"]})  # refused: a what-if has no next deal
            state = ask("play_next", {"table": table})["state"]
            continue
        expert = ask("play_tutor", {"table": table})["expert"]
        if rng.random() < 0.05:
            ask("play_hints", {"table": table, "seed": 1})
        if state["can_take_back"] and rng.random() < 0.3:
            state = ask("play_take_back", {"table": table})["state"]
            continue
        # the reader goes out when they may, with a spread chosen; else the tutor's advice, mostly
        advice = {k: expert[k] for k in ("action", "card") if k in expert}
        move = (
            advice
            if advice in state["legal"] and rng.random() < 0.8
            else rng.choice(state["legal"])
        )
        for spread in state["spreads"][:1]:
            melds = [m["cards"] for m in spread["options"][-1]["melds"]]
            move = {k: spread[k] for k in ("action", "card") if k in spread} | {"melds": melds}
        state = ask("play_act", {"table": table, "action": move})["state"]
    ask("play_moves", {"table": table})
    ask("play_act", {"table": table, "action": {"action": "stock"}})  # refused: the game is over
    return out


def _check(checker: Checker, name: str, reply: Any) -> list[str]:
    handler = ginrules_live.HANDLERS.get(name)
    if not reply["ok"] or handler is None:
        return checker.problems(reply, live_shapes.Refusal, name)
    answer: Any = live_shapes.Answer
    return checker.problems(reply, answer[live_shapes.call_hints(handler)["return"]], name)


@pytest.fixture(scope="module")
def checked() -> tuple[Checker, list[str], set[str]]:
    checker = Checker()
    problems: list[str] = []
    answered: set[str] = set()
    for name, args in _samples():
        reply = json.loads(ginrules_live.call(name, json.dumps(args)))
        problems += _check(checker, name, reply)
        if reply["ok"]:
            answered.add(name)
        if name == "exercise_new" and reply["ok"]:
            exercise = reply["value"]
            for answer in _answers(exercise["kind"]):
                check = {k: exercise[k] for k in ("variant", "kind", "level", "seed")}
                reply = json.loads(
                    ginrules_live.call("exercise_check", json.dumps({**check, "answer": answer}))
                )
                problems += _check(checker, "exercise_check", reply)
                answered.add("exercise_check")
    for seed, variant, scheme in (
        (1, "standard", "game100"),
        (2, "oklahoma", "hollywood"),
        (3, "french", "partie"),
        (4, "straight", "one_deal"),
    ):
        problems += _game(checker, answered, seed, variant, scheme)
    return checker, problems, answered


def test_every_answer_has_the_shape_its_call_describes(
    checked: tuple[Checker, list[str], set[str]],
) -> None:
    _, problems, answered = checked
    assert problems[:20] == []
    assert answered == set(ginrules_live.HANDLERS)


def test_every_key_described_comes_in_some_answer(
    checked: tuple[Checker, list[str], set[str]],
) -> None:
    checker, _, _ = checked
    answers: dict[str, type] = {}
    for _, value in TOOL.calls().values():
        TOOL.ts_type(value, answers)
    TOOL.ts_type(live_shapes.Refusal, answers)
    never = {
        name: sorted(set(TOOL.fields(shape)) - checker.seen[name])
        for name, shape in answers.items()
    }
    assert {name: keys for name, keys in never.items() if keys} == {}


def test_the_checker_refuses_what_does_not_fit() -> None:
    checker = Checker()
    meld = live_shapes.Meld
    assert checker.problems({"kind": "run", "cards": ["7H"]}, meld) == []
    assert checker.problems({"kind": "row", "cards": ["7H"]}, meld)
    assert checker.problems({"kind": "run", "cards": "7H"}, meld)
    assert checker.problems({"kind": "run"}, meld)
    assert checker.problems({"kind": "run", "cards": [], "more": 1}, meld)
    answer: Any = live_shapes.Answer
    assert checker.problems({"ok": True, "value": 1}, answer[str])
    assert checker.problems(True, int) and checker.problems(1, bool) and checker.problems(None, str)
    error = {"ok": False, "error": {"code": "bad_call", "message": "m", "detail": "d"}}
    assert checker.problems(error, live_shapes.Refusal) == []


# --- tsc's configuration -----------------------------------------------------------------

STRICT_FAMILY = {
    "noImplicitAny",
    "noImplicitThis",
    "strictBindCallApply",
    "strictBuiltinIteratorReturn",
    "strictFunctionTypes",
    "strictNullChecks",
    "strictPropertyInitialization",
    "useUnknownInCatchVariables",
}


def _tsconfig(name: str) -> Any:
    text = (ROOT / name).read_text(encoding="utf-8")
    return json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.MULTILINE))


def test_tsc_is_strict_and_esbuild_ships_no_use_strict() -> None:
    """Each flag of the strict family, not "strict" (nor "alwaysStrict"): esbuild reads
    tsconfig.json as it minifies the shipped scripts, and would write "use strict" at the
    head of each."""
    options = _tsconfig("tsconfig.json")["compilerOptions"]
    assert {flag for flag in STRICT_FAMILY if options.get(flag) is True} == STRICT_FAMILY
    for name in ("tsconfig.json", "tsconfig.worker.json", "tsconfig.sw.json"):
        assert not {"strict", "alwaysStrict"} & set(_tsconfig(name)["compilerOptions"]), name
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    if not esbuild.is_file():
        pytest.skip("esbuild is not installed (npm ci)")
    script = ROOT / "ginrules_site" / "static" / "gr-cards.js"
    out = subprocess.run([str(esbuild), str(script), "--minify"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("(()=>{"), out.stdout[:80]
