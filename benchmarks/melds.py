"""Median microseconds per hand for the optimal arrangement.

Hands: the shared benchmark (10,000 random 10-card and 10,000 random 11-card
hands, ``../shared/bench/``) and meld-rich hands generated here (4 to 6
adjacent ranks in all four suits, 10 or 11 of those cards). Each hand is timed
on its own (``time.perf_counter_ns`` around a batch of repeats); the figure is
the median over hands, in the same process, one core.

Run: ``.venv/bin/python benchmarks/melds.py [--bench DIR] [--hands N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ginrules.cards import CARDS, Card
from ginrules.melds import (
    best_arrangement,
    best_discard_deadwood,
    best_discards,
    deadwood,
    discard_choices,
)
from ginrules.rules import FRENCH, STANDARD, Rules

REPEAT = 20


def load(path: Path, limit: int) -> list[list[Card]]:
    hands = []
    with path.open() as f:
        for line in f:
            if line.strip():
                hands.append([Card.parse(c) for c in json.loads(line)])
            if len(hands) == limit:
                break
    return hands


def meld_rich(size: int, count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        width = rng.randint(4, 6)
        low = rng.randint(0, 13 - width)
        pool = [CARDS[s * 13 + r] for s in range(4) for r in range(low, low + width)]
        hands.append(rng.sample(pool, size))
    return hands


def median_us(
    fn: Callable[[list[Card], Rules], object], hands: Sequence[list[Card]], rules: Rules
) -> float:
    times = []
    clock = time.perf_counter_ns
    for hand in hands:
        start = clock()
        for _ in range(REPEAT):
            fn(hand, rules)
        times.append((clock() - start) / REPEAT / 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", type=Path, default=Path("/work/shared/bench"))
    parser.add_argument("--hands", type=int, default=10000, help="hands per kind")
    args = parser.parse_args()
    kinds: list[tuple[str, list[list[Card]]]] = []
    if (args.bench / "hands10.jsonl").exists():
        kinds.append(("bench 10 cards", load(args.bench / "hands10.jsonl", args.hands)))
        kinds.append(("bench 11 cards", load(args.bench / "hands11.jsonl", args.hands)))
    n = min(args.hands, 2000)
    kinds.append(("meld-rich 10 cards", meld_rich(10, n, 1)))
    kinds.append(("meld-rich 11 cards", meld_rich(11, n, 2)))
    best_arrangement([], STANDARD), best_arrangement([], FRENCH)  # build the tables
    print(
        f"{'hands':<20} {'rules':<9} {'least deadwood':>15} {'with melds':>11}"
        f" {'first melds':>12}  (median µs/hand)"
    )
    for name, hands in kinds:
        for rules in (STANDARD, FRENCH):
            if len(hands[0]) == 10:
                fast = median_us(deadwood, hands, rules)
                full = median_us(best_arrangement, hands, rules)
                first = f"{'-':>12}"
            else:
                fast = median_us(best_discard_deadwood, hands, rules)
                full = median_us(best_discards, hands, rules)
                first = f"{median_us(discard_choices, hands, rules):>12.1f}"
            print(f"{name:<20} {rules.name:<9} {fast:>15.1f} {full:>11.1f} {first}")
    print("least deadwood: deadwood() for 10 cards, best_discard_deadwood() for 11;")
    print(
        "with melds: best_arrangement() for 10 cards, best_discards() for 11 "
        "(every optimal discard with its arrangement);"
    )
    print(
        "first melds: discard_choices() for 11 (every optimal discard, the arrangement "
        "of the first), what ginrules melds writes."
    )


if __name__ == "__main__":
    main()
