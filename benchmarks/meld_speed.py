"""CPU seconds of a whole process that finds the best discard and melds of 10,000
meld-rich 11-card hands: ``ginrules melds -`` against RLCard and OpenSpiel.

The hands: 10,000 hands of 11 cards drawn from 4 to 6 adjacent ranks in all four
suits (``benchmarks/melds.py``'s ``meld_rich``, seed 2), one per line, as
``ginrules melds -`` reads them (``4S 3H 3C 5C ...``).

Each contender is one child process that reads the hands from standard input and
writes one JSON line per hand: the least deadwood of the ten cards kept, every
discard that leaves it, and the melds of the cards kept after the first such
discard. Timed: the child's user + system CPU time (``os.wait4``), the whole
process: interpreter start, imports, reading, the search, writing.

- ``ginrules``: ``ginrules melds -`` (this venv's console script), standard rules.
- ``RLCard, per discard`` (``rlcard`` from PyPI, pure Python): its meld search,
  ``melding.get_best_meld_clusters``, which takes 10 cards, on the ten kept after
  each of the 11 discards; ``utils.get_deadwood_count`` of the best cluster.
- ``RLCard, meld clusters``: the way its judge reads an 11-card hand
  (``judge.get_going_out_cards``): one ``melding.get_meld_clusters`` of the 11
  cards (every group of up to three disjoint melds), and for each group, and for
  no meld at all, the deadwood left less its highest card. The least of those is
  the least deadwood after a discard; the optimal discards are the highest cards
  left by the groups that reach it. Faster than RLCard's own search: the strongest
  use of RLCard found here. Both parse with ``utils.card_from_text``.
- ``OpenSpiel`` (``open_spiel`` from PyPI: ``pyspiel.gin_rummy.GinRummyUtils``,
  the C++ utilities of its gin rummy game, bound to Python): ``min_deadwood`` of
  the 10 cards kept after each discard (exact for 10 cards), the discards that
  reach the least, ``best_meld_group`` of the cards kept after the first.
  (``all_meld_groups`` of the 11 cards, then the groups read as for RLCard's
  clusters, took about as long: 0.53 s against 0.58 s for the searches alone.)
- ``OpenSpiel, deadwood only``: ``min_deadwood`` of the 11 cards alone, for scale:
  it answers a smaller question (no discards, no melds), and not always rightly:
  the C++ function discards the highest unmelded card of one best meld group of
  the eleven, which misses the least on about 1 % of these hands.

The answers are checked: the deadwood of every hand and the set of optimal discards
of every hand must agree with ginrules' (the melds may differ where equal
arrangements tie). RLCard and OpenSpiel are installed in their own venv,
``.venv-bench`` (created on the first run; never in requirements.txt). The children
run without ``PYTHONDONTWRITEBYTECODE`` and ``PYTHONUNBUFFERED`` (``--inherit-env``
keeps them), after one untimed run each on an empty input.

Run: ``.venv/bin/python benchmarks/meld_speed.py [--runs 3] [--hands 10000]``.
Prints, per contender, the min and median CPU seconds of the runs (round robin, so
that load falls on all alike), the ratios to ginrules, the CPU seconds of an empty
input (the start of the process), and the load average. ``--compare DIR`` times the
``ginrules`` package of another checkout too (``git archive <commit> ginrules | tar
-x -C DIR``), in the same run. ``--rollouts N`` times the engine's deal machinery
instead: the CPU milliseconds of a deal between the expert and the camper (N deals),
and of a rollout of ``ginrules/coach/hints.py`` (2N worlds from the first move of a deal).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from melds import meld_rich

ROOT = Path(__file__).resolve().parent.parent
BENCH_VENV = ROOT / ".venv-bench"
PACKAGES = ("rlcard", "open_spiel")

RLCARD = r"""
import json, sys
from rlcard.games.gin_rummy.utils import melding, utils

value = utils.get_deadwood_value
card_id = utils.get_card_id
per_discard = sys.argv[1:] == ["per-discard"]
write = sys.stdout.write
for line in sys.stdin:
    codes = line.split()
    if not codes:
        continue
    hand = sorted((utils.card_from_text(code) for code in codes), key=card_id)
    least = None
    discards = []
    if per_discard:
        for card in hand:
            kept = [c for c in hand if c is not card]
            best = melding.get_best_meld_clusters(hand=kept)
            left = utils.get_deadwood_count(kept, best[0]) if best else sum(map(value, kept))
            if least is None or left < least:
                least, discards, melds = left, [], best[0] if best else []
            if left == least:
                discards.append(card)
    else:
        found = set()
        for cluster in [[], *melding.get_meld_clusters(hand=hand)]:
            melded = [card for pile in cluster for card in pile]
            dead = [card for card in hand if card not in melded]
            if not dead:
                continue  # all eleven meld: the discards that keep gin leave one card each
            values = [value(card) for card in dead]
            top = max(values)
            left = sum(values) - top
            if least is None or left < least:
                least, found, melds = left, set(), cluster
            if left == least:
                found.update(c for c, v in zip(dead, values) if v == top)
        discards = sorted(found, key=card_id)
    write(json.dumps({"deadwood": least, "discards": [str(c) for c in discards],
                      "melds": [[str(c) for c in sorted(m, key=card_id)] for m in melds]}) + "\n")
"""

OPENSPIEL = r"""
import json, sys
import pyspiel

utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
ints = {r + s: utils.card_int(r + s.lower()) for r in "A23456789TJQK" for s in "SHDC"}
codes_of = {v: k for k, v in ints.items()}
order = {ints[r + s]: i for i, (s, r) in enumerate((s, r) for s in "SHDC" for r in "A23456789TJQK")}
min_deadwood = utils.min_deadwood
best_meld_group = utils.best_meld_group
only = sys.argv[1:] == ["deadwood"]
write = sys.stdout.write
for line in sys.stdin:
    codes = line.split()
    if not codes:
        continue
    hand = [ints[c] for c in codes]
    if only:
        write(json.dumps({"deadwood": min_deadwood(hand)}) + "\n")
        continue
    left = [min_deadwood(hand[:i] + hand[i + 1:]) for i in range(len(hand))]
    least = min(left)
    discards = sorted((c for c, d in zip(hand, left) if d == least), key=order.get)
    kept = [c for c in hand if c != discards[0]]
    melds = [[codes_of[c] for c in meld] for meld in best_meld_group(kept)]
    write(json.dumps({"deadwood": least, "discards": [codes_of[c] for c in discards],
                      "melds": melds}) + "\n")
"""


ROLLOUTS = r"""
import json, random, sys, time
from ginrules.deal import Deal
from ginrules.players import get_player, play_deal
from ginrules.rules import STANDARD
from ginrules.view import PlayerView

deals = int(sys.argv[1])
out = {}
players = (get_player("expert", 1), get_player("camper", 2))
cpu = time.process_time()
for i in range(deals):
    play_deal(Deal.new(STANDARD, seed=i, dealer=i % 2), players)
out["deal"] = (time.process_time() - cpu) / deals
try:
    from ginrules import hints
except ImportError:
    hints = None
if hints is not None:
    rng = random.Random(1)
    jobs = []
    for seed in range(deals // 5):
        view = PlayerView.of(Deal.new(STANDARD, seed=seed, dealer=seed % 2))
        jobs += [(view, world) for world in hints._worlds(view, 10, rng)]
    cpu = time.process_time()
    for view, world in jobs:
        rollout = hints._Rollout(view, world)
        rollout.apply(view.legal_actions()[0])
        rollout.play()
    out["rollout"] = (time.process_time() - cpu) / len(jobs)
print(json.dumps(out))
"""


def rollouts(trees: dict[str, list[str]], deals: int, runs: int, env: dict[str, str]) -> None:
    """CPU milliseconds of a deal played by the engine's Deal between the expert and
    the camper, and of a rollout of the hints (ginrules/coach/hints.py, where it exists):
    one world played from a deal's first move to its end by the rollout policy."""
    found: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(runs):
        for name, command in trees.items():
            proc = subprocess.run(
                [*command, ROLLOUTS, str(deals)], capture_output=True, text=True, env=env
            )
            if proc.returncode:
                raise SystemExit(proc.stderr)
            found[name].append(json.loads(proc.stdout))
    print(f"standard rules, {deals} deals (expert against camper), {deals * 2} rollouts")
    print(f"{'':<36} {'ms per deal':>12} {'ms per rollout':>15}  (min of {runs} runs)")
    for name, rows in found.items():
        deal = min(row["deal"] for row in rows) * 1e3
        roll = [row["rollout"] for row in rows if "rollout" in row]
        text = f"{min(roll) * 1e3:15.3f}" if roll else f"{'-':>15}"
        print(f"{name:<36} {deal:12.3f} {text}")


def bench_python() -> Path:
    """The python of ``.venv-bench``, created with RLCard and OpenSpiel if missing."""
    python = BENCH_VENV / "bin" / "python"
    probe = "import rlcard.games.gin_rummy.utils.melding, pyspiel"
    if python.exists() and subprocess.run([python, "-c", probe]).returncode == 0:
        return python
    print(f"creating {BENCH_VENV} with {', '.join(PACKAGES)} ...", flush=True)
    subprocess.run([sys.executable, "-m", "venv", BENCH_VENV], check=True)
    subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


def ginrules_command() -> list[str]:
    script = Path(sys.executable).parent / "ginrules"
    if script.exists():
        return [str(script), "melds", "-"]
    return [sys.executable, "-m", "ginrules", "melds", "-"]


def child_env(inherit: bool) -> dict[str, str]:
    """The children's environment: this one, less the settings that change how any
    Python runs (unless ``inherit``): bytecode is written and read as by default
    (``PYTHONDONTWRITEBYTECODE`` would compile ginrules from source in every run,
    while pip compiled RLCard's and NumPy's at install), standard output is buffered
    as by default (``PYTHONUNBUFFERED`` makes every write a system call)."""
    env = dict(os.environ)
    if not inherit:
        for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PYTHONPROFILEIMPORTTIME"):
            env.pop(name, None)
    return env


def cpu_seconds(command: list[str], hands: Path, out: Path, env: dict[str, str]) -> float:
    """User + system CPU seconds of one child process (``os.wait4``)."""
    with hands.open("rb") as stdin, out.open("wb") as stdout:
        child = subprocess.Popen(command, stdin=stdin, stdout=stdout, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{command[0]} failed with status {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def answers(path: Path) -> list[dict[str, object]]:
    with path.open() as f:
        return [json.loads(line) for line in f]


def disagreements(ours: list[dict[str, object]], theirs: list[dict[str, object]]) -> str:
    """How many hands differ in deadwood, and in the set of optimal discards."""
    if len(ours) != len(theirs):
        return f"{len(theirs)} answers for {len(ours)} hands"
    dw = sum(a["deadwood"] != b["deadwood"] for a, b in zip(ours, theirs, strict=True))
    if "discards" not in theirs[0]:
        return f"deadwood differs in {dw}"
    ds = sum(
        set(a["discards"]) != set(b["discards"])  # type: ignore[call-overload]
        for a, b in zip(ours, theirs, strict=True)
    )
    return f"deadwood differs in {dw}, discards in {ds}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--only", choices=("ginrules",), help="time ginrules alone (no .venv-bench needed)"
    )
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="DIR",
        help="also time the ginrules package of another checkout (its ginrules/ under DIR, "
        "for example from git archive), with this venv's Python",
    )
    parser.add_argument(
        "--rollouts",
        type=int,
        metavar="DEALS",
        help="time the deal and rollout machinery instead: DEALS deals, 2 x DEALS rollouts",
    )
    parser.add_argument(
        "--inherit-env",
        action="store_true",
        help="run the children in this environment as it is (PYTHONDONTWRITEBYTECODE, "
        "PYTHONUNBUFFERED and all)",
    )
    args = parser.parse_args()
    env = child_env(args.inherit_env)
    if args.rollouts:
        trees = {"ginrules": [sys.executable, "-c"]}
        if args.compare is not None:
            path = str(args.compare.resolve())
            trees[f"ginrules in {args.compare}"] = [
                sys.executable,
                "-c",
                f"import sys; sys.path.insert(0, {path!r}); exec(sys.argv.pop(1))",
            ]
        rollouts(trees, args.rollouts, args.runs, env)
        return
    work = Path(tempfile.mkdtemp(prefix="meld_speed-"))
    hands = work / "hands.txt"
    hands.write_text(
        "".join(" ".join(c.code for c in hand) + "\n" for hand in meld_rich(11, args.hands, 2))
    )
    contenders: dict[str, list[str]] = {"ginrules": ginrules_command()}
    if args.compare is not None:
        run = "import sys; sys.path.insert(0, sys.argv.pop(1)); from ginrules.cli import main; "
        contenders[f"ginrules in {args.compare}"] = [
            sys.executable,
            "-c",
            run + "sys.exit(main())",
            str(args.compare.resolve()),
            "melds",
            "-",
        ]
    if args.only is None:
        python = str(bench_python())
        contenders["RLCard, per discard"] = [python, "-c", RLCARD, "per-discard"]
        contenders["RLCard, meld clusters"] = [python, "-c", RLCARD]
        contenders["OpenSpiel"] = [python, "-c", OPENSPIEL]
        contenders["OpenSpiel, deadwood only"] = [python, "-c", OPENSPIEL, "deadwood"]

    def output(name: str) -> Path:
        return work / (name.replace("/", "_").replace(" ", "_") + ".jsonl")

    empty = work / "empty.txt"
    empty.write_text("")
    for command in contenders.values():  # untimed: writes the bytecode where it may
        cpu_seconds(command, empty, work / "warm-up.jsonl", env)
    load = os.getloadavg()
    times: dict[str, list[float]] = {name: [] for name in contenders}
    start: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.runs):
        for name, command in contenders.items():
            times[name].append(cpu_seconds(command, hands, output(name), env))
            start[name].append(cpu_seconds(command, empty, work / "empty.jsonl", env))
    load_after = os.getloadavg()
    ours = answers(work / "ginrules.jsonl")
    base = min(times["ginrules"])
    print(f"{args.hands} meld-rich 11-card hands, whole process, CPU seconds (user + system)")
    print(f"{'':<26} {'min':>7} {'median':>7} {'÷ ginrules':>11} {'no hands':>9}  answers")
    for name, ts in times.items():
        check = "" if name == "ginrules" else disagreements(ours, answers(output(name)))
        ratio = min(ts) / base
        print(
            f"{name:<26} {min(ts):>7.3f} {statistics.median(ts):>7.3f} {ratio:>10.2f}×"
            f" {min(start[name]):>9.3f}  {check}"
        )
    print("÷ ginrules: min against min; no hands: the min CPU seconds of an empty input")
    if not args.inherit_env:
        print("children without PYTHONDONTWRITEBYTECODE and PYTHONUNBUFFERED (--inherit-env)")
    print(
        "load average (1, 5, 15 min) before "
        + ", ".join(f"{x:.2f}" for x in load)
        + "; after "
        + ", ".join(f"{x:.2f}" for x in load_after)
    )


if __name__ == "__main__":
    main()
