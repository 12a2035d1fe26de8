"""The hint table's time in CPython (``ginrules.hints``), and the data it ships.

    .venv/bin/python benchmarks/hints.py [--positions 60] [--rollouts 288]
    .venv/bin/python benchmarks/hints.py --deal-points 1000

The first form walks positions of seeded deals (each variant; levels drawn per deal,
a single deal or a game to 100 with scores drawn) and times
:func:`ginrules.hints.hints` on each, with ``--rollouts`` rollouts per table shared among the moves
(:func:`ginrules.hints.worlds_per_move`). It prints per variant the median, 90th and
99th percentile and the maximum in ms, the rollouts per second, how many rows a table
has and how many of them tie with the first row (the expert's choice, always first),
and how often a row is rated above it beyond the sampling noise (``ahead``). The play
page runs the same code in Pyodide: ``benchmarks/play_page.py`` times it there, and
``node benchmarks/pyodide_bench.mjs _build/html/_pyodide . hints.py --positions 40``
runs this script inside Pyodide under Node.

``--deal-points N`` plays ``N`` deals between two expert players per variant (seeds
10,000 onwards, the dealer alternating) and prints :data:`ginrules.hints.DEAL_POINTS`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from ginrules.coach.hints import hints, worlds_per_move
from ginrules.deal import Deal
from ginrules.players import get_player, play_deal
from ginrules.players.search import StrongPlayer
from ginrules.rules import PRESETS, Rules
from ginrules.view import MatchContext, PlayerView

HERE = Path(__file__).resolve().parent


def positions(rules: Rules, count: int, seed: int) -> Iterator[tuple[PlayerView, int]]:
    """``count`` positions of a seat to play, from seeded deals between levels drawn
    per deal (as ``tests/engine/test_tutor_claims.py`` walks them), in games to 100
    with scores drawn; yields (view, seed)."""
    rng = random.Random(seed)
    found = number = 0
    while found < count:
        number += 1
        deal = Deal.new(rules, seed=rng.getrandbits(32), dealer=rng.randrange(2))
        target = rng.choice([None, rules.game_target or 100])
        scores = (0, 0) if target is None else (rng.randrange(target), rng.randrange(target))
        levels = [rng.choice(["beginner", "good", "expert"]) for _ in (0, 1)]
        players = [get_player(level, number + i) for i, level in enumerate(levels)]
        while not deal.over and found < count and deal.turns < 400:
            seat = deal.current
            mine = scores if seat == 0 else scores[::-1]
            view = PlayerView.of(deal, match=MatchContext(mine, target, number))
            found += 1
            yield view, number
            deal.apply(players[seat].choose(view))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def deal_points(count: int) -> None:
    print("DEAL_POINTS = {")
    for name, rules in PRESETS.items():
        counts: Counter[int] = Counter()
        for i in range(count):
            deal = Deal.new(rules, seed=10_000 + i, dealer=i % 2)
            result = play_deal(deal, (StrongPlayer(2 * i), StrongPlayer(2 * i + 1)))
            counts[0 if result.winner is None else result.points] += 1
        print(f"    {name!r}: ({count}, {dict(sorted(counts.items()))!r}),")
    print("}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60, help="per variant")
    parser.add_argument("--rollouts", type=int, default=None, help="per table")
    parser.add_argument("--deal-points", type=int, default=0)
    args = parser.parse_args(argv)
    if args.deal_points:
        deal_points(args.deal_points)
        return 0
    print(f"load average: {' '.join(f'{x:.2f}' for x in __import__('os').getloadavg())}")
    everything: list[float] = []
    for name, rules in PRESETS.items():
        times: list[float] = []
        rollouts = rows = ties = ahead = 0
        for view, number in positions(rules, args.positions, seed=21):
            moves = len(view.legal_actions())
            worlds = None if args.rollouts is None else worlds_per_move(moves, args.rollouts)
            started = time.perf_counter()
            table = hints(view, seed=number, worlds=worlds)
            times.append((time.perf_counter() - started) * 1000)
            rollouts += table["worlds"] * moves
            rows += len(table["rows"])
            ties += sum(r["tie"] for r in table["rows"])
            assert table["rows"][0]["expert"]
            ahead += any(r["ahead"] for r in table["rows"])
        everything += times
        print(
            f"{name}: {len(times)} tables, median {statistics.median(times):.0f} ms, "
            f"p90 {percentile(times, 0.9):.0f}, p99 {percentile(times, 0.99):.0f}, "
            f"max {max(times):.0f}; {rollouts / sum(times) * 1000:.0f} rollouts/s; "
            f"{rows / len(times):.1f} rows, {ties / len(times):.1f} tie with the expert's choice; "
            f"a row ahead of the expert's choice in {ahead / len(times):.0%}"
        )
    print(
        f"all: {len(everything)} tables, median {statistics.median(everything):.0f} ms, "
        f"p99 {percentile(everything, 0.99):.0f}, max {max(everything):.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
