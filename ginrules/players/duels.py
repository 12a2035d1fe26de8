"""Measures over many deals and games: :func:`simulate` (outcome counts of deals
between two good players) and :func:`duel` (two levels in mirrored pairs of games,
with 95 % intervals), which the commands ``simulate`` and ``duel``, the site's
statistics and the benchmarks run."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ginrules.deal import (
    Deal,
)
from ginrules.errors import GinRulesError
from ginrules.match import score_sheet
from ginrules.players.base import Player
from ginrules.players.games import play_deal, play_match
from ginrules.players.good import GoodPlayer
from ginrules.players.levels import get_player
from ginrules.rules import Rules

__all__ = ["OUTCOMES", "duel", "simulate"]

OUTCOMES = ("gin", "big_gin", "knock", "undercut", "dead")


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


class _BadArgument(GinRulesError):
    code = "bad_argument"


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


def _pair(
    rules: Rules,
    levels: Sequence[str],
    pair: int,
    game_seed: int,
    target: int | None,
    players: Callable[[str, int], Player],
) -> dict[str, Any]:
    """The two games of mirrored pair ``pair`` (see :func:`duel`), as counts."""
    won = [0, 0]
    points = [0, 0]
    deals_won = [0, 0]
    outcomes = [
        dict.fromkeys(("knock", "gin", "big_gin", "undercut", "undercut_against"), 0)
        for _ in levels
    ]
    deals = dead = 0
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
    return {
        "won": won,
        "points": points,
        "deals_won": deals_won,
        "outcomes": outcomes,
        "deals": deals,
        "dead": dead,
        "share": share / 2,
    }


def _pairs_in(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    """A worker's share of the pairs: ``(rules, levels, [(pair, seed)...], target,
    players)``."""
    rules, levels, jobs, target, players = args
    return [_pair(rules, levels, pair, seed, target, players) for pair, seed in jobs]


def duel(
    rules: Rules,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    target: int | None = None,
    progress: TextIO | None = None,
    players: Callable[[str, int], Player] = get_player,
    workers: int = 1,
) -> dict[str, Any]:
    """Play ``games`` games (an even number) between two levels, in mirrored pairs.

    Pair ``i`` draws its seed from ``random.Random(seed)``: both games of the pair
    deal the same cards to the same seats (deal ``k`` of each has the same seed,
    and the same first dealer) with the players' seats swapped; the first dealer
    alternates from pair to pair and the dealer then alternates after each scored
    deal (the same dealer again after a dead deal). A game is a game to
    ``target`` (default the variant's) or, under manche scoring, one manche.
    ``players(level, seed)`` builds the players (default
    :func:`~ginrules.players.get_player`). ``workers`` processes (more than 1: a
    process pool; ``players`` must then be a module-level function) share the
    pairs, each pair played as in one process: the result is the same.

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

    :raises GinRulesError: (code ``bad_argument``) for an odd ``games``, or fewer
        than 2, or ``workers`` below 1.
    :raises UnknownLevelError: for an unknown level.
    """
    if games < 2 or games % 2:
        raise _BadArgument(f"games: not an even whole number of 2 or more: {games}")
    if workers < 1:
        raise _BadArgument(f"workers: not a whole number of 1 or more: {workers}")
    for level in levels:
        get_player(level)
    rng = random.Random(seed)
    jobs = [(pair, rng.getrandbits(32)) for pair in range(games // 2)]
    game_target = getattr(score_sheet(rules, target=target), "target", None)
    bar = _Progress(games, progress, unit="games") if progress is not None and games else None
    results: list[dict[str, Any]] = []
    if workers == 1 or len(jobs) < 2:
        for pair, game_seed in jobs:
            results.append(_pair(rules, levels, pair, game_seed, target, players))
            if bar is not None:
                bar.update(2 * len(results))
    else:
        from concurrent.futures import ProcessPoolExecutor

        size = max(1, min(25, len(jobs) // (4 * workers)))
        chunks = [jobs[i : i + size] for i in range(0, len(jobs), size)]
        tasks = [(rules, tuple(levels), chunk, target, players) for chunk in chunks]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for chunk_results in pool.map(_pairs_in, tasks):
                results.extend(chunk_results)
                if bar is not None:
                    bar.update(2 * len(results))
    won = [sum(r["won"][p] for r in results) for p in (0, 1)]
    points = [sum(r["points"][p] for r in results) for p in (0, 1)]
    deals_won = [sum(r["deals_won"][p] for r in results) for p in (0, 1)]
    outcomes = [
        {key: sum(r["outcomes"][p][key] for r in results) for key in results[0]["outcomes"][p]}
        for p in (0, 1)
    ]
    deals = sum(r["deals"] for r in results)
    dead = sum(r["dead"] for r in results)
    shares = [r["share"] for r in results]
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
