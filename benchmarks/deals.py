"""Simulated deals per second, per variant, between two good computer players.

Also prints how the deals end: the share of Straight Gin deals that end dead
(the last two cards of the stock reached) against the share of standard deals
that reach a reshuffle of the stock.

Usage: ``python benchmarks/deals.py [--deals N] [--seed S]`` (default 2000 deals
per variant).
"""

from __future__ import annotations

import argparse
import time

from ginrules.players.duels import OUTCOMES, simulate
from ginrules.rules import PRESETS


def run(deals: int, seed: int) -> None:
    print(f"{deals} deals per variant, two good players, seed {seed}")
    print("deals/s: wall clock; cpu/s: per second of this process's CPU time")
    print(
        f"{'variant':<10} {'deals/s':>8} {'cpu/s':>7} {'turns':>6} {'dead':>6} {'reshuf':>7}"
        f" {'knock':>6} {'under':>6} {'gin':>6} {'big':>5}"
    )
    shares: dict[str, dict[str, float]] = {}
    for rules in PRESETS.values():
        start = time.perf_counter()
        cpu = time.process_time()
        counts = simulate(rules, deals, seed)  # the deals of `ginrules simulate`
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
        share = {k: counts[k] / deals for k in (*OUTCOMES, "reshuffled")}
        turns = counts["average_turns"]
        shares[rules.name] = share
        print(
            f"{rules.name:<10} {deals / elapsed:8.0f} {deals / cpu:7.0f} {turns:6.1f}"
            f" {share.get('dead', 0):6.1%} {share['reshuffled']:7.1%}"
            f" {share.get('knock', 0):6.1%} {share.get('undercut', 0):6.1%}"
            f" {share.get('gin', 0):6.1%} {share.get('big_gin', 0):5.1%}"
        )
    print(
        f"Straight Gin deals ending dead: {shares['straight'].get('dead', 0):.1%}; "
        f"standard deals reaching a reshuffle: {shares['standard']['reshuffled']:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    run(args.deals, args.seed)


if __name__ == "__main__":
    main()
