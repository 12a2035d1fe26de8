"""The play page's engine time: from the reader's move to the computer's reply.

For each level, games are played through the worker calls
(``ginrules_site/live/ginrules_live.py``: ``play_new``, ``play_act``,
``play_computer``, ``play_next``) by a simple reader (goes out when it can,
else throws the best discard, draws from the stock). Each reader move that
passes the turn (a pass or a discard) is timed from the ``play_act`` call to
the end of the last ``play_computer`` call before the reader's next turn: the
engine's share of the wait (the page adds its pacing). Also the ``play_tutor``
call and the size of a state in JSON. Median and 99th percentile, in CPython
and (when Node and the site's runtime are there: ``make site``) in the site's
Pyodide under Node.

Usage: ``python benchmarks/play.py [--games 4] [--seed S] [--variant standard]
[--no-pyodide]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# inside Pyodide the script runs from its text, with no file
ROOT = Path(globals().get("__file__", "benchmarks/play.py")).resolve().parents[1]
RUNTIME = ROOT / "_build" / "html" / "_pyodide"
NODE = ["node", str(ROOT / "tools" / "pyodide_node.mjs")]
LEVELS = ("random", "beginner", "good", "expert")


def _reader(state: dict[str, Any]) -> dict[str, Any]:
    """The simple reader's move: go out, else the best discard, else draw or pass."""
    legal = state["legal"]
    going = [m for m in legal if m["action"] in ("big_gin", "gin", "knock")]
    if going:
        return going[0]
    if state["phase"] == "discard":
        best = state["arrangement"]["discard"]
        move = {"action": "discard", "card": best}
        return move if move in legal else next(m for m in legal if m["action"] == "discard")
    if state["phase"] == "offer":
        return {"action": "pass"}
    return {"action": "stock"} if {"action": "stock"} in legal else legal[0]


def measure(call: Callable[[str, str], str], variant: str, games: int, seed: int) -> Any:
    """Seconds per reply and per tutor call, and state sizes, for each level."""

    def reply(name: str, args: dict[str, Any]) -> Any:
        answer = json.loads(call(name, json.dumps(args)))
        assert answer["ok"], answer
        return answer["value"]

    scheme = "manche" if variant in ("french", "gin-rami") else "game100"
    out: dict[str, Any] = {}
    for level in LEVELS:
        replies: list[float] = []
        tutors: list[float] = []
        sizes: list[int] = []
        for game in range(games):
            new = reply(
                "play_new",
                {"variant": variant, "scheme": scheme, "level": level, "seed": seed + game},
            )
            table, state = new["table"], new["state"]
            while state["phase"] != "game_over":
                if state["phase"] == "over":
                    state = reply("play_next", {"table": table})["state"]
                    continue
                while state["turn"] == "computer":  # the computer opens the deal
                    state = reply("play_computer", {"table": table})["state"]
                if len(tutors) < 40 * (game + 1):
                    start = time.perf_counter()
                    reply("play_tutor", {"table": table})
                    tutors.append(time.perf_counter() - start)
                start = time.perf_counter()
                state = reply("play_act", {"table": table, "action": _reader(state)})["state"]
                answered = state["turn"] == "computer"
                while state["turn"] == "computer":
                    state = reply("play_computer", {"table": table})["state"]
                if answered:
                    replies.append(time.perf_counter() - start)
                sizes.append(len(json.dumps(state)))
        out[level] = {
            "moves": len(replies),
            "reply": _quantiles(replies),
            "tutor": _quantiles(tutors),
            "state_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        }
    return out


def _quantiles(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return {"median_ms": round(statistics.median(times) * 1000, 2), "p99_ms": round(p99 * 1000, 2)}


def in_pyodide(variant: str, games: int, seed: int) -> Any:
    if not shutil.which("node") or not (RUNTIME / "runtime.json").exists():
        print("Pyodide: no node or no runtime (run `make site`); skipped")
        return None
    run = subprocess.run(
        [*NODE, str(RUNTIME), __file__, json.dumps([variant, games, seed])],
        capture_output=True,
        text=True,
    )
    if run.returncode:
        error = run.stderr[run.stderr.rfind("Traceback") :].split("\n    at ")[0]
        print(f"Pyodide: failed\n{error}")
        return None
    return json.loads(run.stdout)


def show(where: str, table: Any) -> None:
    print(f"{where}: reader's move to the computer's reply, tutor call, state size")
    for level, row in table.items():
        reply, tutor, size = row["reply"], row["tutor"], row["state_bytes"]
        print(
            f"  {level:9} {row['moves']:5} replies: median {reply['median_ms']:7.2f} ms"
            f"  p99 {reply['p99_ms']:7.2f} ms; tutor median {tutor['median_ms']:7.2f} ms"
            f"  p99 {tutor['p99_ms']:7.2f} ms; state {size['median']} B (max {size['max']})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--pyodide", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from ginrules_site.live.ginrules_live import call

    show(f"CPython {sys.version.split()[0]}", measure(call, args.variant, args.games, args.seed))
    if args.pyodide:
        table = in_pyodide(args.variant, args.games, args.seed)
        if table is not None:
            show("Pyodide under Node", table)


if __name__ == "pyodide_node":  # run by tools/pyodide_node.mjs with the worker's call
    RESULT = json.dumps(measure(call, *json.loads(ARGS)))  # type: ignore[name-defined]  # noqa: F821
elif __name__ == "__main__":
    main()
