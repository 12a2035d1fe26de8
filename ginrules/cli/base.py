"""What every sub-command shares: :class:`Command`, the argument parser that reports
one line, and the options and value checks the commands have in common."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from ginrules.cards import NOTATIONS, Card
from ginrules.errors import unknown_message
from ginrules.rules import PRESETS, SCHOOLS, Rules, find_variant


@dataclass(frozen=True)
class Command:
    """One sub-command: ``configure`` adds its arguments, ``run`` does the work
    and returns the exit status (it may raise :class:`GinRulesError`)."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]
    examples: tuple[str, ...] = ()
    """Whole command lines for ``--help`` (a test runs each one: exit 0)."""


class UsageError(Exception):
    """Bad arguments (argparse's error, without its usage lines)."""


# What a value of each option with a fixed list of values names, for its error.
NOUNS: dict[str, str] = {
    "command": "command",
    "scheme": "scoring scheme",
    "lang": "language",
    "notation": "notation",
    "level": "level",
    "dealer": "dealer",
}


class _Parser(argparse.ArgumentParser):
    argv: tuple[str, ...] = ()
    """The whole command line being read, set before a command adds its arguments: a
    command may word its ``--help`` by it (``ginrules play --lang fr --help``)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # one wording with the engine's errors: "unknown level: 'pro'; known: ..."
        if action.choices is not None and value not in action.choices:
            noun = NOUNS.get(action.dest, action.dest.replace("_", " "))
            raise UsageError(unknown_message(noun, str(value), [str(c) for c in action.choices]))


def whole_number(text: str) -> int:
    """An option's whole number (``-3`` too): argparse's ``type``, worded plainly."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def number(least: int, most: int, even: bool = False) -> Callable[[str], int]:
    """argparse's ``type`` for a whole number from ``least`` to ``most`` (``even``: and
    even), worded as :func:`whole_number`: ``argument --games: not an even whole number
    from 2 to 100,000: '3'``. The bound keeps a slip of the keyboard from running for
    hours: a run longer than that is a loop of runs with other seeds."""
    kind = "an even whole number" if even else "a whole number"

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if not least <= value <= most or (even and value % 2):
            raise argparse.ArgumentTypeError(f"not {kind} from {least} to {most:,}: {text!r}")
        return value

    return read


MAX_DEALS = 1_000_000
"""The most deals of one ``simulate`` (about an hour at a few hundred deals a second)."""
MAX_GAMES = 100_000
"""The most games of one ``duel`` (hours between the strongest levels)."""
MAX_TARGET = 10_000
"""The highest ``--target`` of a game."""


def add_variant(parser: argparse.ArgumentParser) -> None:
    """The ``--variant`` option shared by the sub-commands."""
    parser.add_argument(
        "--variant",
        default="standard",
        help=f"the rules: {', '.join([*PRESETS, *SCHOOLS])} or an alias of one "
        "(an unknown name lists them all; default standard)",
    )


def add_notation(parser: argparse.ArgumentParser) -> None:
    """The ``--notation`` option: the language the cards are written in."""
    parser.add_argument(
        "--notation",
        default="en",
        choices=sorted(NOTATIONS),
        type=str.lower,
        help="how the cards are written, by language: "
        + ", ".join(
            f"{code} ({notation.format(Card.parse('KS'))} {notation.format(Card.parse('JH'))})"
            for code, notation in NOTATIONS.items()
        )
        + "; suit symbols work in all, and the English letters where they mean one thing "
        "(French C is cœur) (default en)",
    )


def variant(args: argparse.Namespace) -> Rules:
    """The rules named by ``--variant``.

    :raises UnknownVariantError: if no preset has that name.
    """
    return find_variant(args.variant)
