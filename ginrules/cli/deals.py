"""Command-line sub-commands that play whole deals: ``simulate`` and ``duel``.

``ginrules simulate [--variant V] [--deals N] [--seed S]`` plays N deals between
two :class:`~ginrules.players.GoodPlayer` and prints JSON counts (``gin``,
``big_gin``, ``knock``, ``undercut`` and ``dead`` add up to ``deals``), the
average number of turns and the deals that reached a reshuffle; a progress bar
goes to standard error for long runs.

The measures themselves are :mod:`ginrules.players.duels`; ``ginrules play`` is in
:mod:`ginrules.cli.game`.

:data:`COMMANDS` adds both to the ``ginrules`` command (:mod:`ginrules.cli`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ginrules.cli.base import (
    MAX_DEALS,
    MAX_GAMES,
    MAX_TARGET,
    Command,
    add_variant,
    number,
    variant,
    whole_number,
)
from ginrules.players import LEVELS
from ginrules.players.duels import duel, simulate

__all__ = ["COMMANDS", "run_duel", "run_simulate"]


def add_progress(parser: argparse.ArgumentParser, from_: str) -> None:
    """``--progress`` / ``--no-progress``: a bar on standard error, by default from
    ``from_`` ("1000 deals") on a terminal."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"progress bar on standard error (default: for {from_} or more, on a terminal)",
    )


def _progress(args: argparse.Namespace, stderr: TextIO | None, long: bool) -> TextIO | None:
    """Where the progress bar goes (standard error), or None: as ``--progress`` says,
    else for a ``long`` run on a terminal."""
    err = stderr or sys.stderr
    show = args.progress
    if show is None:
        show = long and err.isatty()
    return err if show else None


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument(
        "--deals", type=number(0, MAX_DEALS), default=1000, help="number of deals (default 1000)"
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the run (default 0)")
    add_progress(parser, "1000 deals")


def run_simulate(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """The ``simulate`` command.

    :raises UnknownVariantError: for an unknown ``--variant`` (the parser refuses a
        negative ``--deals``).
    """
    bar = _progress(args, stderr, args.deals >= 1000)
    counts = simulate(variant(args), args.deals, args.seed, progress=bar)
    (stdout or sys.stdout).write(json.dumps(counts) + "\n")
    return 0


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
        type=number(2, MAX_GAMES, even=True),
        default=200,
        help="number of games, an even number (default 200)",
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the run (default 0)")
    parser.add_argument(
        "--target",
        type=number(1, MAX_TARGET),
        default=None,
        help="score that ends a game (default: the variant's)",
    )
    parser.add_argument(
        "--workers",
        type=number(1, 64),
        default=1,
        help="processes that share the games, with the same results (default 1)",
    )
    add_progress(parser, "100 games")


def run_duel(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """The ``duel`` command.

    :raises UnknownVariantError: for an unknown ``--variant``.
    :raises UnknownLevelError: for an unknown level in ``--players``.
    :raises GinRulesError: (code ``bad_argument``) for an odd number of games, or
        fewer than 2 (the parser refuses those, and a ``--target`` out of range, first).
    """
    bar = _progress(args, stderr, args.games >= 100)
    result = duel(
        variant(args),
        list(args.players),
        args.games,
        args.seed,
        args.target,
        bar,
        workers=args.workers,
    )
    (stdout or sys.stdout).write(json.dumps(result) + "\n")
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
