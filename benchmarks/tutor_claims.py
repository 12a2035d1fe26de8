"""Issue 21: every claim of the tutor checked on 2,000 positions per variant.

Walks seeded deals played by computer players (``positions`` in
``tests/engine/test_tutor_claims.py``, whose checker is used as is), asks the tutor
at each of the reader's positions and checks every claim against the engine; prints,
per variant, the positions, the claims checked by kind and the seconds taken. A
false claim stops the run with the position and the answer.

Then, per variant and scoring scheme (a game, Hollywood, Gin Rami's manche and partie,
one deal), ``--match-positions`` positions of whole matches played on the play page's
table (``match_positions``), each claim checked against the score sheet the page shows,
the expert's knock decision too.

Usage: ``python benchmarks/tutor_claims.py [--positions 2000] [--match-positions 1000]
[--seed 21] [--variants standard,straight,oklahoma,french]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

from ginrules.rules import PRESETS
from ginrules.score_entries import schemes

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location(
    "tutor_claims", HERE.parent / "tests" / "engine" / "test_tutor_claims.py"
)
assert spec and spec.loader
claims = importlib.util.module_from_spec(spec)
sys.modules["tutor_claims"] = claims
spec.loader.exec_module(claims)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--match-positions", type=int, default=1000)
    parser.add_argument("--variants", default=",".join(PRESETS))
    args = parser.parse_args()
    for name in args.variants.split(","):
        start = time.perf_counter()
        counts = claims.run(PRESETS[name], args.positions, args.seed)
        seconds = time.perf_counter() - start
        positions = counts.pop("positions")
        others = counts.pop("positions_not_to_play", 0)
        print(
            f"{name}: {positions} positions to play (and {others} others: the opponent's"
            f" turn, deal over), all claims true ({seconds:.0f} s)"
        )
        for key, n in sorted(counts.items()):
            print(f"  {key:28} {n}")
        sys.stdout.flush()
    for name in args.variants.split(","):
        rules = PRESETS[name]
        for scheme in schemes(rules):
            start = time.perf_counter()
            counts = claims.run_matches(rules, scheme, args.match_positions, args.seed)
            seconds = time.perf_counter() - start
            told = {k: counts[k] for k in ("to_go", "to_go_in_game", "knock_choice") if counts[k]}
            print(
                f"{name} {scheme}: {counts['positions']} positions of whole matches, all claims"
                f" true against the sheet shown ({seconds:.0f} s); {told}; the sum of the games"
                f" differs from the game in progress at {counts['sum_is_not_the_game']}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
