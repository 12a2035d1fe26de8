"""A/B runs of expert variants against a level, in mirrored pairs (``ginrules duel``).

Each candidate is ``class:key=value,...``: ``expert`` (:class:`ExpertPlayer`),
``camper``, ``beginner``, ``good`` or ``strong`` (the ideas of
:mod:`ginrules.players.search`), with constructor keywords, for example
``expert:outs_weight=0.9``. Every candidate plays ``--games`` games against
``--against`` in each ``--variants`` (the same seeds for every candidate, so the
deals are the same), and a line per run gives the win rate and its 95 % interval.

Usage: ``python benchmarks/expert_ab.py --variants standard --games 400
--against camper expert strong:early_turns=3``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginrules.deal import Action  # noqa: E402
from ginrules.players import Player, get_player  # noqa: E402
from ginrules.players.duels import duel  # noqa: E402
from ginrules.rules import PRESETS  # noqa: E402
from ginrules.view import PlayerView  # noqa: E402


class Timed:
    """A player whose moves' CPU times (``time.process_time``, seconds) are kept."""

    def __init__(self, player: Player, cpu: list[float]) -> None:
        self.player = player
        self.cpu = cpu

    def choose(self, view: PlayerView) -> Action:
        start = time.process_time()
        action = self.player.choose(view)
        self.cpu.append(time.process_time() - start)
        return action


def build(spec: str, seed: int) -> Player:
    """The player of a candidate ``spec`` (see the module docstring)."""
    name, _, args = spec.partition(":")
    kwargs: dict[str, float] = {}
    for item in filter(None, args.split(",")):
        key, _, value = item.partition("=")
        kwargs[key] = float(value)
    if not kwargs and name != "strong":
        return get_player(name, seed)
    from ginrules.players import ExpertPlayer
    from ginrules.players.camper import CamperPlayer
    from ginrules.players.search import StrongPlayer

    classes = {"expert": ExpertPlayer, "camper": CamperPlayer, "strong": StrongPlayer}
    return classes[name](seed, **kwargs)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("candidates", nargs="+")
    parser.add_argument("--against", default="camper")
    parser.add_argument("--variants", default="standard")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for variant in args.variants.split(","):
        rules = PRESETS[variant]
        for spec in args.candidates:
            start = time.perf_counter()
            # duel checks the level names: two placeholders, mapped to the specs
            specs = {"good": spec, "beginner": args.against}
            cpu: list[float] = []

            def seat(
                level: str, seed: int, specs: dict[str, str] = specs, cpu: list[float] = cpu
            ) -> Player:
                player = build(specs[level], seed)
                return Timed(player, cpu) if level == "good" else player

            result = duel(
                rules,
                ("good", "beginner"),
                args.games,
                args.seed,
                players=seat,
            )
            a, b = result["players"]
            low, high = a["ci95"]
            mix = [
                "/".join(str(p["outcomes"][k]) for k in ("knock", "undercut", "gin"))
                for p in (a, b)
            ]
            print(
                f"{variant:<9} {spec:<40} vs {args.against:<10} {result['games']:5d}"
                f" {a['win_rate']:6.1%} ({low:.1%}-{high:.1%})"
                f" pts/deal {a['points_per_deal']:.1f}-{b['points_per_deal']:.1f}"
                f" K/U/G {mix[0]} vs {mix[1]}"
                f" undercut against {a['outcomes']['undercut_against']}"
                f" {time.perf_counter() - start:5.0f}s; CPU ms/move median"
                f" {statistics.median(cpu) * 1000:.1f} p99"
                f" {sorted(cpu)[int(0.99 * len(cpu))] * 1000:.1f} max {max(cpu) * 1000:.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
