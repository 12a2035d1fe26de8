"""Command-line sub-commands that play whole deals: ``simulate`` and ``duel``.

``ginrules simulate [--variant V] [--deals N] [--seed S]`` plays N deals between
two :class:`~ginrules.players.GoodPlayer` and prints JSON counts (``gin``,
``big_gin``, ``knock``, ``undercut`` and ``dead`` add up to ``deals``), the
average number of turns and the deals that reached a reshuffle; a progress bar
goes to standard error for long runs.

``ginrules play`` is in :mod:`ginrules.cli_play`.

:data:`COMMANDS` adds both to the ``ginrules`` command (:mod:`ginrules.cli`).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ginrules.cli import Command, add_variant, number, variant, whole_number
from ginrules.deal import (
    Deal,
)
from ginrules.errors import GinRulesError
from ginrules.match import score_sheet
from ginrules.players import LEVELS, GoodPlayer, Player, get_player, play_deal, play_match
from ginrules.rules import Rules

__all__ = ["COMMANDS", "duel", "run_duel", "run_simulate", "simulate"]

OUTCOMES = ("gin", "big_gin", "knock", "undercut", "dead")


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument(
        "--deals", type=number(0), default=1000, help="number of deals (default 1000)"
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the run (default 0)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on standard error (default: for 1000 deals or more, on a terminal)",
    )


# --------------------------------------------------------------------------- simulate


class _Progress:
    def __init__(self, total: int, stream: TextIO, width: int = 30, unit: str = "deals") -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.unit = unit
        self.shown = -1

    def update(self, done: int) -> None:
        percent = done * 100 // self.total
        if percent == self.shown:
            return
        self.shown = percent
        filled = self.width * done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.unit} {percent:3d}%")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def simulate(
    rules: Rules, deals: int, seed: int = 0, progress: TextIO | None = None
) -> dict[str, Any]:
    """Play ``deals`` deals between two good players and count the outcomes.

    Deal ``i`` (from 0) has its seed drawn from ``random.Random(seed)`` and is
    dealt by player ``i % 2``. The result holds ``deals`` and the outcome counts
    (which add up to it), ``average_turns`` (discards per deal, going out
    included), ``reshuffled`` (deals that reached at least one reshuffle),
    ``wins`` by seat and ``average_points`` over the deals that scored.

    >>> from ginrules.rules import STRAIGHT
    >>> counts = simulate(STRAIGHT, 20, seed=1)
    >>> sum(counts[k] for k in OUTCOMES) == counts["deals"] == 20
    True
    """
    rng = random.Random(seed)
    players = (GoodPlayer(seed), GoodPlayer(seed + 1))
    counts = dict.fromkeys(OUTCOMES, 0)
    turns = 0
    reshuffled = 0
    points = 0
    wins = {"dealer": 0, "non_dealer": 0}
    bar = _Progress(deals, progress) if progress is not None and deals > 0 else None
    for i in range(deals):
        deal = Deal.new(rules, seed=rng.getrandbits(32), dealer=i % 2)
        result = play_deal(deal, players)
        counts[result.outcome] += 1
        turns += result.turns
        reshuffled += result.reshuffles > 0
        if result.winner is not None:
            points += result.points
            wins["dealer" if result.winner == deal.dealer else "non_dealer"] += 1
        if bar is not None:
            bar.update(i + 1)
    scored = deals - counts["dead"]
    return {
        "variant": rules.name,
        "seed": seed,
        "deals": deals,
        **counts,
        "average_turns": round(turns / deals, 2) if deals else 0.0,
        "reshuffled": reshuffled,
        "wins": wins,
        "average_points": round(points / scored, 2) if scored else 0.0,
    }


def run_simulate(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """The ``simulate`` command.

    :raises UnknownVariantError: for an unknown ``--variant`` (the parser refuses a
        negative ``--deals``).
    """
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    rules = variant(args)
    show = args.progress
    if show is None:
        show = args.deals >= 1000 and err.isatty()
    counts = simulate(rules, args.deals, args.seed, progress=err if show else None)
    out.write(json.dumps(counts) + "\n")
    return 0


class _BadArgument(GinRulesError):
    code = "bad_argument"


# --------------------------------------------------------------------------- duel


def _configure_duel(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument(
        "--players",
        nargs=2,
        metavar=("A", "B"),
        default=("expert", "beginner"),
        help=f"the two levels ({', '.join(LEVELS)}; default expert beginner)",
    )
    parser.add_argument(
        "--games",
        type=number(0, even=True),
        default=200,
        help="number of games, an even number (default 200)",
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the run (default 0)")
    parser.add_argument(
        "--target",
        type=number(1),
        default=None,
        help="score that ends a game (default: the variant's)",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on standard error (default: for 100 games or more, on a terminal)",
    )


def _interval(pairs: Sequence[float]) -> tuple[float, float, float]:
    """Mean of per-pair shares, and its 95 % confidence interval (pairs as clusters)."""
    n = len(pairs)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(pairs) / n
    if n == 1:
        return mean, mean, mean
    var = sum((x - mean) ** 2 for x in pairs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def duel(
    rules: Rules,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    target: int | None = None,
    progress: TextIO | None = None,
    players: Callable[[str, int], Player] = get_player,
) -> dict[str, Any]:
    """Play ``games`` games (an even number) between two levels, in mirrored pairs.

    Pair ``i`` draws its seed from ``random.Random(seed)``: both games of the pair
    deal the same cards to the same seats (deal ``k`` of each has the same seed,
    and the same first dealer) with the players' seats swapped; the first dealer
    alternates from pair to pair and the dealer then alternates after each scored
    deal (the same dealer again after a dead deal). A game is a game to
    ``target`` (default the variant's) or, under manche scoring, one manche.
    ``players(level, seed)`` builds the players (default
    :func:`~ginrules.players.get_player`).

    For each player the result gives ``games_won``, ``win_rate`` with its 95 %
    confidence interval ``ci95`` (over the pairs, the two games of a pair being
    one cluster), ``points_per_game`` and ``points_per_deal`` (deal points, before
    game bonuses), ``deals_won`` (of the decisive deals) and ``outcomes``: the
    deals it won by ``knock``, ``gin``, ``big_gin`` and ``undercut``, and the
    knocks of its own that were ``undercut_against`` it; ``dead`` counts the
    deals nobody won.

    >>> from ginrules.rules import STANDARD
    >>> result = duel(STANDARD, ("good", "beginner"), 4, seed=1)
    >>> result["games"], sum(p["games_won"] for p in result["players"]) <= 4
    (4, True)

    :raises GinRulesError: (code ``bad_argument``) for an odd or negative ``games``.
    :raises UnknownLevelError: for an unknown level.
    """
    if games < 0 or games % 2:
        raise _BadArgument(f"games: not an even whole number of 0 or more: {games}")
    for level in levels:
        get_player(level)
    rng = random.Random(seed)
    won = [0, 0]
    points = [0, 0]
    deals_won = [0, 0]
    outcomes = [
        dict.fromkeys(("knock", "gin", "big_gin", "undercut", "undercut_against"), 0)
        for _ in levels
    ]
    deals = dead = 0
    game_target = getattr(score_sheet(rules, target=target), "target", None)
    shares: list[float] = []
    bar = _Progress(games, progress, unit="games") if progress is not None and games else None
    for pair in range(games // 2):
        game_seed = rng.getrandbits(32)
        share = 0.0
        for swap in (0, 1):
            # who sits where: seat s holds player order[s]
            order = (1, 0) if swap else (0, 1)
            seated = [players(levels[p], game_seed + p) for p in order]
            sheet = score_sheet(rules, target=target, dealer_rule="alternate")
            sheet, played = play_match(rules, seated, game_seed, sheet, first_dealer=pair % 2)
            for deal in played:
                result = deal.result
                assert result is not None
                deals += 1
                if result.winner is None:
                    dead += 1
                    continue
                who = order[result.winner]
                deals_won[who] += 1
                points[who] += result.points
                outcomes[who][result.outcome] += 1
                if result.outcome == "undercut" and result.going_out is not None:
                    outcomes[order[result.going_out]]["undercut_against"] += 1
            if sheet.winner is not None:
                won[order[sheet.winner]] += 1
                share += sheet.winner == order.index(0)
            else:
                share += 0.5
            if bar is not None:
                bar.update(2 * pair + swap + 1)
        shares.append(share / 2)
    mean, low, high = _interval(shares)
    rates = [(mean, low, high), (1 - mean, 1 - high, 1 - low)]
    return {
        "variant": rules.name,
        "target": game_target,
        "seed": seed,
        "games": games,
        "pairs": games // 2,
        "deals": deals,
        "dead": dead,
        "players": [
            {
                "level": levels[p],
                "games_won": won[p],
                "win_rate": round(rates[p][0], 4),
                "ci95": [round(rates[p][1], 4), round(rates[p][2], 4)],
                "points_per_game": round(points[p] / games, 2) if games else 0.0,
                "points_per_deal": round(points[p] / deals, 2) if deals else 0.0,
                "deals_won": deals_won[p],
                "outcomes": outcomes[p],
            }
            for p in (0, 1)
        ],
    }


def run_duel(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """The ``duel`` command.

    :raises UnknownVariantError: for an unknown ``--variant``.
    :raises UnknownLevelError: for an unknown level in ``--players``.
    :raises GinRulesError: (code ``bad_argument``) for an odd or negative number of
        games (the parser refuses those, and a ``--target`` below 1, first).
    """
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    rules = variant(args)
    show = args.progress
    if show is None:
        show = args.games >= 100 and err.isatty()
    result = duel(
        rules, list(args.players), args.games, args.seed, args.target, err if show else None
    )
    out.write(json.dumps(result) + "\n")
    return 0


COMMANDS: list[Command] = [
    Command(
        "simulate",
        "play N deals between two computer players and print the outcome counts as JSON",
        _configure_simulate,
        run_simulate,
        ("ginrules simulate --deals 30 --seed 7",),
    ),
    Command(
        "duel",
        "play N games between two computer levels, in mirrored pairs, and print JSON",
        _configure_duel,
        run_duel,
        ("ginrules duel --players good beginner --games 10",),
    ),
]
"""The sub-commands :func:`ginrules.cli.main` adds from this module."""
