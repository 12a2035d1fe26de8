"""The ladder of computer levels, measured by mirrored games, and their time per move.

Every pair of levels plays ``ginrules duel`` games in every variant (mirrored
pairs, dealer alternating, the variant's own target; standard is the EAAI
scoring: a game to 100, no big gin). The headline pairs, ``expert`` against
``beginner``, ``good`` and ``camper`` (the gin camper in the EAAI 2021 winner's
style) under standard, play ``--headline`` game pairs; the others ``--pairs``.
``--only expert-camper,expert-beginner`` plays only those pairs, and
``--variants`` only those variants. Then the seconds per move of each level: median
and 99th percentile (wall clock, and this process's CPU time, which a loaded
machine does not inflate) over the moves of ``--timing-games`` games against ``good``
in each of the ``--timing-variants`` (standard, and Straight Gin, where the expert
works out its chances of gin: its slowest moves), in CPython and (when Node and
the site's Pyodide runtime, named by ``_build/html/_pyodide/runtime.json``, are
there: ``make site``) inside Pyodide under Node, on the checkout's sources.

The published ladder (``--json PATH``, and nothing else is played): in every
variant, each level of the play page (not ``random``) against the EAAI baseline
(``beginner``) and against the ``camper``, ``--expert-games`` games for the
expert's figures (``--headline-games`` for expert against camper under standard)
and ``--games`` for the others, the expert's figures first; the JSON is rewritten
after every duel, and a figure already there with at least the games asked is kept
(a run can resume).
``benchmarks/ladder_table.py`` renders it for BENCHMARKS.md; the play page renders it
too (``ginrules_site/directives/ladder.py``).

Usage: ``python benchmarks/players.py [--headline 3000] [--pairs 300]
[--only A-B,...] [--variants standard,...]
[--timing-games 20] [--timing-variants standard,straight] [--seed S] [--no-ladder]
[--no-pyodide]`` or ``python benchmarks/players.py --json ginrules_site/data/ladder.json
[--games 400] [--expert-games 1000] [--headline-games 3000] [--variants ...] [--workers N]``.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginrules.deal import Action  # noqa: E402
from ginrules.match import score_sheet  # noqa: E402
from ginrules.players import LEVELS, Player, get_player, play_match  # noqa: E402
from ginrules.players.duels import duel  # noqa: E402
from ginrules.rules import PRESETS  # noqa: E402
from ginrules.view import PlayerView  # noqa: E402

RUNTIME = ROOT / "_build" / "html" / "_pyodide"
HEADLINE = {("expert", "beginner"), ("expert", "good"), ("expert", "camper")}

RUNNER = ROOT / "benchmarks" / "pyodide_bench.mjs"


class Timed:
    """A player whose every move is timed: wall clock (``time.perf_counter``) and
    this process's CPU time (``time.process_time``), in seconds."""

    def __init__(self, player: Player, wall: list[float], cpu: list[float]) -> None:
        self.player = player
        self.wall = wall
        self.cpu = cpu

    def choose(self, view: PlayerView) -> Action:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(view)
        self.wall.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return action


def _quantiles(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, int(0.99 * len(times)))], times[-1]


def timings(games: int, seed: int, variant: str) -> dict[str, dict[str, float]]:
    """Median and 99th percentile seconds per move of each level, against good."""
    out: dict[str, dict[str, float]] = {}
    rules = PRESETS[variant]
    for level in LEVELS:
        wall: list[float] = []
        cpu: list[float] = []
        for game in range(games):
            timed = Timed(get_player(level, seed + game), wall, cpu)
            sheet = score_sheet(rules, dealer_rule="alternate")
            play_match(rules, (timed, get_player("good", game)), seed + game, sheet, game % 2)
        median, p99, top = _quantiles(wall)
        cpu_median, cpu_p99, _ = _quantiles(cpu)
        out[level] = {
            "moves": len(wall),
            "median": median,
            "p99": p99,
            "max": top,
            "cpu_median": cpu_median,
            "cpu_p99": cpu_p99,
        }
    return out


def print_timings(where: str, variant: str, table: dict[str, dict[str, float]]) -> None:
    print(f"milliseconds per move, {where} (against good, {variant})")
    print(
        f"  {'level':<9} {'moves':>7} {'median':>8} {'p99':>8} {'max':>8}"
        f" {'cpu median':>11} {'cpu p99':>8}"
    )
    for level, row in table.items():
        print(
            f"  {level:<9} {row['moves']:7.0f} {row['median'] * 1000:8.2f}"
            f" {row['p99'] * 1000:8.2f} {row['max'] * 1000:8.2f}"
            f" {row['cpu_median'] * 1000:11.2f} {row['cpu_p99'] * 1000:8.2f}"
        )


def pyodide_timings(games: int, seed: int, variant: str) -> dict[str, dict[str, float]] | None:
    if not shutil.which("node") or not (RUNTIME / "runtime.json").exists():
        print("Pyodide: no node or no runtime (run `make site`); skipped")
        return None
    run = subprocess.run(
        [
            *("node", str(RUNNER), str(RUNTIME), str(ROOT), "players.py", "--timing-json"),
            *("--timing-games", str(games), "--seed", str(seed), "--timing-variants", variant),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    table: dict[str, dict[str, float]] = json.loads(run.stdout.strip().splitlines()[-1])
    return table


def ladder(
    headline: int, pairs: int, seed: int, only: set[tuple[str, str]], variants: list[str]
) -> None:
    print("games won by the first level, mirrored pairs, 95% CI (pairs as clusters)")
    print(
        f"{'variant':<9} {'A':<9} {'B':<9} {'games':>6} {'A won':>7} {'95% CI':>15}"
        f" {'pts/game A-B':>14} {'deals A-B':>11} {'gin A-B':>9} {'undercut A-B':>13} {'s':>6}"
    )
    for name, rules in PRESETS.items():
        if variants and name not in variants:
            continue
        for a, b in itertools.combinations(reversed(list(LEVELS)), 2):
            if only and (a, b) not in only:
                continue
            n = headline if name == "standard" and (a, b) in HEADLINE else pairs
            start = time.perf_counter()
            result: dict[str, Any] = duel(rules, (a, b), 2 * n, seed)
            pa, pb = result["players"]
            low, high = pa["ci95"]
            cells = [
                f"{low:.1%}-{high:.1%}",
                f"{pa['points_per_game']:.0f}-{pb['points_per_game']:.0f}",
                f"{pa['deals_won']}-{pb['deals_won']}",
                f"{pa['outcomes']['gin']}-{pb['outcomes']['gin']}",
                f"{pa['outcomes']['undercut']}-{pb['outcomes']['undercut']}",
            ]
            print(
                f"{name:<9} {a:<9} {b:<9} {result['games']:6d} {pa['win_rate']:7.1%}"
                f" {cells[0]:>15} {cells[1]:>14} {cells[2]:>11} {cells[3]:>9} {cells[4]:>13}"
                f" {time.perf_counter() - start:6.0f}",
                flush=True,
            )


BASELINE, YARDSTICK = "beginner", "camper"


def _commit() -> str:
    run = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short=7", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return run.stdout.strip() or "unknown"


def published_ladder(
    path: Path,
    games: int,
    expert_games: int,
    headline_games: int,
    seed: int,
    variants: list[str],
    workers: int = 1,
) -> None:
    """Each level against the baseline and the camper in each variant, into ``path``."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    # every figure of a ladder rests on the same deals: a run that resumes one plays its seed
    if data.get("seed", seed) != seed:
        sys.exit(f"{path} was played with --seed {data['seed']}, not {seed}: give that seed")
    data["seed"] = seed
    table: dict[str, Any] = data.setdefault("variants", {})
    duels = [
        (variant, level, opponent)
        for variant in PRESETS
        if not variants or variant in variants
        for level in LEVELS
        for opponent in (BASELINE, YARDSTICK)
        if level not in (opponent, "random")
    ]
    # the expert's figures first, then the others; a pair plays once (A-B is B-A)
    duels.sort(key=lambda d: (d[1] != "expert", d[0] != "standard" or d[2] != YARDSTICK))
    commit = _commit()
    for variant, level, opponent in duels:
        want = expert_games if level == "expert" else games
        if (variant, level, opponent) == ("standard", "expert", YARDSTICK):
            want = headline_games
        row = table.setdefault(variant, {}).setdefault(level, {})
        if row.get(opponent, {}).get("games", 0) >= want:
            continue
        mirror = table[variant].get(opponent, {}).get(level)
        if opponent == BASELINE and level == YARDSTICK and mirror and mirror["games"] >= want:
            # camper vs baseline is the baseline's row against the camper, mirrored
            row[opponent] = {
                **mirror,
                "won": mirror["lost"],
                "lost": mirror["won"],
                "win_rate": mirror["loss_rate"],
                "ci95": mirror["loss_ci95"],
                "loss_rate": mirror["win_rate"],
                "loss_ci95": mirror["ci95"],
            }
        else:
            start = time.perf_counter()
            result: dict[str, Any] = duel(
                PRESETS[variant], (level, opponent), want, seed, workers=workers
            )
            pa, pb = result["players"]
            row[opponent] = {
                "games": result["games"],
                "won": pa["games_won"],
                "lost": pb["games_won"],
                "win_rate": round(pa["win_rate"], 4),
                "ci95": [round(x, 4) for x in pa["ci95"]],
                "loss_rate": round(pb["win_rate"], 4),
                "loss_ci95": [round(x, 4) for x in pb["ci95"]],
                "commit": commit,
                "date": datetime.date.today().isoformat(),
                "seconds": round(time.perf_counter() - start),
            }
            print(variant, level, opponent, row[opponent], flush=True)
        measured = [r for v in table.values() for lv in v.values() for r in lv.values()]
        data["date"] = max(r["date"] for r in measured)
        data["commits"] = sorted({r["commit"] for r in measured})
        path.write_text(json.dumps(data, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headline", type=int, default=3000, help="game pairs, headline pairs")
    parser.add_argument("--pairs", type=int, default=300, help="game pairs, other pairs")
    parser.add_argument("--only", default="", help="pairs A-B to play, comma-separated")
    parser.add_argument("--variants", default="", help="variants to play, comma-separated")
    parser.add_argument("--timing-games", type=int, default=20)
    parser.add_argument("--timing-variants", default="standard,straight")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ladder", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--pyodide", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--timing-json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--workers", type=int, default=1, help="processes for the ladder's duels (same results)"
    )
    parser.add_argument("--json", type=Path, help="the published ladder, into this JSON file")
    parser.add_argument("--games", type=int, default=400, help="games of the other figures")
    parser.add_argument("--expert-games", type=int, default=1000)
    parser.add_argument("--headline-games", type=int, default=3000)
    args = parser.parse_args()
    if args.json:
        variants = [v for v in args.variants.split(",") if v]
        published_ladder(
            args.json,
            args.games,
            args.expert_games,
            args.headline_games,
            args.seed,
            variants,
            args.workers,
        )
        return
    variants = args.timing_variants.split(",")
    if args.timing_json:  # the timing part alone, as JSON (what runs inside Pyodide)
        print(json.dumps(timings(args.timing_games, args.seed, variants[0])))
        return
    print(f"Python {sys.version.split()[0]}, seed {args.seed}")
    if args.ladder:
        only = {(p.split("-", 1)[0], p.split("-", 1)[-1]) for p in args.only.split(",") if p}
        variants = [v for v in args.variants.split(",") if v]
        ladder(args.headline, args.pairs, args.seed, only, variants)
    for variant in variants:
        print_timings("CPython", variant, timings(args.timing_games, args.seed, variant))
    for variant in variants if args.pyodide else []:
        table = pyodide_timings(args.timing_games, args.seed, variant)
        if table is None:
            break
        print_timings("Pyodide under Node", variant, table)


if __name__ == "__main__":
    main()
