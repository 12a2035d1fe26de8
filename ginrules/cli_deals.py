"""Command-line sub-commands that play whole deals: ``simulate`` and ``play``.

``ginrules simulate [--variant V] [--deals N] [--seed S]`` plays N deals between
two :class:`~ginrules.players.GoodPlayer` and prints JSON counts (``gin``,
``big_gin``, ``knock``, ``undercut`` and ``dead`` add up to ``deals``), the
average number of turns and the deals that reached a reshuffle; a progress bar
goes to standard error for long runs.

``ginrules play [--variant V] [--seed S] [--level LEVEL]`` plays one deal against
the computer (a level of :data:`ginrules.players.LEVELS`, default ``good``) in a
terminal.

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

from ginrules.cards import Card
from ginrules.cli import Command, add_variant, variant
from ginrules.deal import (
    Deal,
    DealResult,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Pass,
    parse_action,
)
from ginrules.errors import CardError, GinRulesError
from ginrules.match import score_sheet
from ginrules.melds import best_arrangement, best_discards
from ginrules.players import LEVELS, GoodPlayer, Player, get_player, play_deal, play_match
from ginrules.rules import Rules
from ginrules.view import PlayerView

__all__ = ["COMMANDS", "duel", "run_duel", "run_play", "run_simulate", "simulate"]

OUTCOMES = ("gin", "big_gin", "knock", "undercut", "dead")


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument("--deals", type=int, default=1000, help="number of deals (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on standard error (default: for 1000 deals or more, on a terminal)",
    )


def _configure_play(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal (default: random)")
    parser.add_argument(
        "--dealer",
        choices=("computer", "you"),
        default="computer",
        help="who deals (the other player is offered the upcard first; default computer)",
    )
    parser.add_argument(
        "--level",
        choices=tuple(LEVELS),
        default="good",
        help="the computer's level (default good)",
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

    :raises UnknownVariantError: for an unknown ``--variant``.
    :raises GinRulesError: (code ``bad_argument``) for a negative ``--deals``.
    """
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    rules = variant(args)
    if args.deals < 0:
        raise _BadArgument(f"--deals must be 0 or more, not {args.deals}")
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
        "--games", type=int, default=200, help="number of games, an even number (default 200)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument(
        "--target", type=int, default=None, help="score that ends a game (default: the variant's)"
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
        raise _BadArgument(f"--games must be an even number of 0 or more, not {games}")
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
    :raises GinRulesError: (code ``bad_argument``) for an odd or negative ``--games``
        or a ``--target`` below 1.
    """
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    rules = variant(args)
    if args.target is not None and args.target < 1:
        raise _BadArgument(f"--target must be 1 or more, not {args.target}")
    show = args.progress
    if show is None:
        show = args.games >= 100 and err.isatty()
    result = duel(
        rules, list(args.players), args.games, args.seed, args.target, err if show else None
    )
    out.write(json.dumps(result) + "\n")
    return 0


# --------------------------------------------------------------------------- play

_HELP = """\
Moves (cards as 7H, TH, 10H or 7♥):
  take            take the upcard or the top of the discard pile
  pass            refuse the upcard (first turn only)
  stock           draw from the stock
  7H              discard the seven of hearts (also: discard 7H)
  knock 7H        discard 7H and knock
  gin 7H          discard 7H and go gin
  big gin         go out with all eleven cards melded (where the rules allow it)
  help            this list;  quit  leave the game"""


def show_card(card: Card) -> str:
    """A card with its suit symbol: ``10♥``, ``K♠``."""
    return ("10" if card.rank == 10 else card.rank_char) + "♠♥♦♣"[card.suit]


def show_cards(cards: Sequence[Card]) -> str:
    return " ".join(show_card(c) for c in cards)


def _hand_lines(deal: Deal, player: int) -> list[str]:
    hand = sorted(deal.hands[player])
    rules = deal.rules
    lines = [f"Your hand: {show_cards(hand)}"]
    if len(hand) == 11:
        best = best_discards(hand, rules)[0]
        if best.discard is None:
            lines.append("All eleven cards meld.")
        else:
            lines.append(
                f"Deadwood after discarding {show_card(best.discard)}: {best.arrangement.deadwood}"
            )
        arrangement = best.arrangement
    else:
        arrangement = best_arrangement(hand, rules)
        lines.append(f"Deadwood: {arrangement.deadwood}")
    if arrangement.melds:
        melds = "  ".join("[" + show_cards(m.cards) + "]" for m in arrangement.melds)
        lines.append(f"Melds: {melds}")
    return lines


def _prompt(deal: Deal) -> str:
    if deal.phase == "offer":
        return f"Take the upcard {show_card(deal.discard_pile[-1])} or pass? "
    if deal.phase == "draw":
        legal = deal.legal_actions()
        if DrawDiscard() in legal:
            return f"Draw from the stock, or take {show_card(deal.discard_pile[-1])}? "
        return "Draw from the stock: "
    return "Discard (or knock / gin): "


def _describe(action: Any, deal: Deal, you: bool) -> str:
    """One sentence on an action just played (``you``: the human player)."""
    who = "You" if you else "The computer"

    def verb(second: str, third: str) -> str:
        return f"{who} {second if you else third}"

    entry = deal.log[-1] if deal.log else {}
    if isinstance(action, Pass):
        return verb("pass", "passes") + "."
    if isinstance(action, DrawStock):
        return verb("draw", "draws") + " from the stock."
    if isinstance(action, DrawDiscard):
        return verb("take", "takes") + f" {show_card(Card.parse(entry.get('card', '')))}."
    if isinstance(action, Discard):
        return verb("discard", "discards") + f" {show_card(action.card)}."
    if isinstance(action, Knock):
        return verb("knock", "knocks") + f", discarding {show_card(action.card)}."
    if isinstance(action, Gin):
        return verb("go", "goes") + f" gin, discarding {show_card(action.card)}."
    return verb("go", "goes") + " big gin."


def _result_lines(deal: Deal, result: DealResult, you: int) -> list[str]:
    lines = [
        f"Your hand: {show_cards(sorted(deal.hands[you]))}",
        f"Computer's hand: {show_cards(sorted(deal.hands[1 - you]))}",
    ]
    if result.winner is None:
        lines.append("Dead deal: nobody scores.")
        return lines
    sd = result.showdown
    if sd is not None:
        spread = "  ".join("[" + show_cards(m.cards) + "]" for m in sd.spread.melds)
        lines.append(f"Spread: {spread}  deadwood {sd.knocker_deadwood}")
        if sd.layoffs:
            lines.append("Laid off: " + show_cards([lay.card for lay in sd.layoffs]))
        lines.append(f"Defender's deadwood: {sd.defender_deadwood}")
    outcome = result.outcome.replace("_", " ")
    scores = "You score" if result.winner == you else "The computer scores"
    lines.append(f"{outcome.capitalize()}: {scores} {result.points}.")
    return lines


def run_play(
    args: argparse.Namespace,
    stdout: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """The ``play`` command: you are player 0, the computer player 1.

    :raises UnknownVariantError: for an unknown ``--variant``.
    """
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    rules = variant(args)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    you, computer = 0, 1
    dealer = computer if args.dealer == "computer" else you
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    bot = get_player(args.level, seed)

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    dealt = "The computer deals" if dealer == computer else "You deal"
    say(f"{rules.name} rules, seed {seed}. {dealt}.")
    say(f"The computer plays at level {args.level}.")
    say(f"Upcard: {show_card(deal.upcard)}. Type 'help' for the moves.")
    while not deal.over:
        if deal.current == computer:
            action = bot.choose(PlayerView.of(deal))
            deal.apply(action)
            say(_describe(action, deal, you=False))
            continue
        say()
        say(
            f"Stock: {len(deal.stock)} cards. Discard pile: "
            + (show_card(deal.discard_pile[-1]) if deal.discard_pile else "empty")
        )
        for line in _hand_lines(deal, you):
            say(line)
        while True:
            out.write(_prompt(deal))
            out.flush()
            line = inp.readline()
            if not line:
                say()
                say("Game left.")
                return 1
            text = line.strip()
            if text.lower() in ("help", "?", "h"):
                say(_HELP)
                continue
            if text.lower() in ("quit", "exit", "q"):
                say("Game left.")
                return 0
            try:
                action = parse_action(text)
            except CardError:
                say(f"{text!r} is neither a move nor a card; type 'help' for the moves.")
                continue
            except GinRulesError as exc:
                say(f"{exc}; type 'help' for the moves.")
                continue
            try:
                deal.apply(action, player=you)
            except GinRulesError as exc:
                say(f"Not possible: {exc}.")
                continue
            say(_describe(action, deal, you=True))
            break
    assert deal.result is not None
    say()
    for line in _result_lines(deal, deal.result, you):
        say(line)
    return 0


COMMANDS: list[Command] = [
    Command(
        "simulate",
        "play N deals between two computer players and print the outcome counts as JSON",
        _configure_simulate,
        run_simulate,
    ),
    Command(
        "duel",
        "play N games between two computer levels, in mirrored pairs, and print JSON",
        _configure_duel,
        run_duel,
    ),
    Command(
        "play",
        "play a deal against the computer in the terminal (type 'help' at the prompt)",
        _configure_play,
        run_play,
    ),
]
"""The sub-commands :func:`ginrules.cli.main` adds from this module."""
