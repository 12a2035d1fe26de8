"""Exercises (issue 24): 1,000 of each kind in each variant, each checked, and timed.

    .venv/bin/python benchmarks/exercises.py [--count 1000] [--kinds count,discard]

Seeds 0 to count-1, the level cycling 1, 2, 3. Each exercise is checked by the
test suite's own check of its kind (``tests/engine/test_exercises.py``: every
answer tried, the accepted answers exactly those the engine accepts, ties
included, and each step recomputed), and its ``to_dict()`` and verdict go through
JSON. Prints, per variant and kind: exercises checked, the mean difficulty per
level (the measure ``ginrules.exercises`` names; it must grow), the answers'
spread, and the time to deal one exercise (``make_exercise``) and to give the
first verdict (``check_answer``, which works the solution out), in CPython:
mean, 95th percentile and max in ms (the page asks in Pyodide: aim < 50 ms).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from statistics import mean, quantiles

from ginrules.coach.exercises import KINDS, LEVELS, check_answer, kinds_for, make_exercise
from ginrules.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent


def checks() -> tuple[dict[str, object], object]:
    """The test suite's check of each kind, and its probe for an accepted answer."""
    path = ROOT / "tests" / "engine" / "test_exercises.py"
    spec = importlib.util.spec_from_file_location("test_exercises", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CHECKS, module.check_answer_first


def ms(values: list[float]) -> str:
    p95 = quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
    return f"{mean(values) * 1000:5.2f} / {p95 * 1000:5.2f} / {max(values) * 1000:6.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    check, first = checks()
    print(f"load average {os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}")
    print(
        "variant   kind       n     mean difficulty L1/L2/L3   make ms mean/p95/max"
        "      verdict ms mean/p95/max   answers"
    )
    for variant in PRESETS:
        for kind in kinds:
            if kind not in kinds_for(variant):
                continue
            made: list[float] = []
            judged: list[float] = []
            levels: dict[int, list[float]] = {level: [] for level in LEVELS}
            answers: Counter[str] = Counter()
            for seed in range(args.count):
                level = LEVELS[seed % len(LEVELS)]
                start = time.perf_counter()
                exercise = make_exercise(variant, kind, level, seed)
                made.append(time.perf_counter() - start)
                start = time.perf_counter()
                answer = first(exercise)
                judged.append(time.perf_counter() - start)
                verdict = check_answer(exercise, answer)
                assert verdict.right, (variant, kind, level, seed)
                check[kind](exercise)  # type: ignore[operator]
                json.dumps([exercise.to_dict(), verdict.to_dict()])
                levels[level].append(exercise.measure)
                value = answer.get("choice") or answer.get("winner") or answer.get("leader")
                if value is not None:
                    answers[str(value)] += 1
            means = [mean(levels[level]) for level in LEVELS]
            assert means == sorted(means) and len(set(means)) == len(means), means
            spread = " ".join(f"{k}:{v}" for k, v in sorted(answers.items()))
            print(
                f"{variant:9} {kind:9} {args.count:5}   "
                + " / ".join(f"{m:5.2f}" for m in means)
                + f"      {ms(made)}     {ms(judged)}   {spread}",
                flush=True,
            )


if __name__ == "__main__":
    main()
