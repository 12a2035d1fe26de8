"""The ``ginrules`` command line: JSON out, one line of error and status 2 on bad input,
status 130 (and no traceback) when Ctrl-C stops a command.

Sub-commands come from a table: :data:`COMMANDS` here, plus the ``COMMANDS``
list of every module named in :data:`EXTENSIONS` that exists (issue 3 adds
``ginrules/cli_deals.py`` with ``simulate`` and ``play``), so a new module
adds sub-commands without editing this one.

>>> main(["melds", "7H", "8H", "9H", "KS"])
{"melds": [["7H", "8H", "9H"]], "deadwood": 10, "unmatched": ["KS"]}
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, NoReturn, TextIO

from ginrules import __version__
from ginrules.cards import CARDS, NOTATIONS, Card, Notation, find_notation, parse_hand
from ginrules.errors import GinRulesError, HandSizeError, IllegalKnockError, unknown_message
from ginrules.melds import MAX_CARDS, best_arrangement, discard_choices
from ginrules.rules import PRESETS, SCHOOLS, Rules, find_variant
from ginrules.showdown import showdown


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


def number(least: int, even: bool = False) -> Callable[[str], int]:
    """argparse's ``type`` for a whole number of ``least`` or more (``even``: and even),
    worded as :func:`whole_number`: ``argument --games: not an even whole number of 0
    or more: '3'``."""
    kind = "an even whole number" if even else "a whole number"

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least or (even and value % 2):
            raise argparse.ArgumentTypeError(f"not {kind} of {least} or more: {text!r}")
        return value

    return read


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


_QUOTED: Final = tuple(f'"{card.code}"' for card in CARDS)


def _json_cards(cards: Iterable[Card | None]) -> str:
    return "[" + ", ".join([_QUOTED[c.index] if c is not None else "null" for c in cards]) + "]"


def melds_line(hand: list[Card], rules: Rules) -> str:
    """The ``melds`` output for one hand (0 to 11 cards): one line of JSON, the text
    that ``json.dumps`` writes, written directly (a batch spends its time here).

    >>> from ginrules.rules import STANDARD
    >>> print(melds_line(parse_hand("7H 8H 9H KS"), STANDARD))
    {"melds": [["7H", "8H", "9H"]], "deadwood": 10, "unmatched": ["KS"]}

    :raises HandSizeError: for more than 11 cards.
    """
    tail = ""
    if len(hand) == 11:
        discards, arr = discard_choices(hand, rules)
        first = discards[0]
        head = "null" if first is None else _QUOTED[first.index]
        tail = f', "discard": {head}, "discards": {_json_cards(discards)}'
    else:
        arr = best_arrangement(hand, rules)
    melds = ", ".join([_json_cards(meld.cards) for meld in arr.melds])
    unmatched = _json_cards(arr.unmatched)
    return f'{{"melds": [{melds}], "deadwood": {arr.deadwood}, "unmatched": {unmatched}{tail}}}'


def _hand(tokens: str | list[str], least: int, notation: str) -> list[Card]:
    hand = parse_hand(tokens, notation=notation)
    if not least <= len(hand) <= MAX_CARDS:
        raise HandSizeError(len(hand), f"{least} to {MAX_CARDS}")
    return hand


class BadLineError(GinRulesError):
    """A line of standard input that is not a hand (``line``: its number)."""

    code = "bad_line"

    def __init__(self, number: int, problem: str) -> None:
        super().__init__(f"line {number}: {problem}", line=number)
        self.line = number


JSON_HAND = (
    "not a hand: write the cards with spaces between them (7H 8H 9H) "
    'or as a JSON list of card strings (["7H", "8H", "9H"])'
)


def _quick_hand(
    tokens: list[str], known: dict[str, tuple[Card, int]], reader: Notation
) -> list[Card] | None:
    """The hand of a line of card tokens, read through ``known`` (each token read so
    far: its card and the card's bit); ``None`` for anything unusual (a token that is
    not a card, a card twice, too many cards), which :func:`_hand` then reads and names."""
    hand = []
    mask = 0
    for token in tokens:
        entry = known.get(token)
        if entry is None:
            try:
                card = reader.parse(token)
            except GinRulesError:
                return None
            entry = known[token] = (card, 1 << card.index)
        hand.append(entry[0])
        mask |= entry[1]
    if len(hand) > MAX_CARDS or mask.bit_count() != len(hand):
        return None
    return hand


def _read_hands(stream: TextIO, notation: str) -> Iterator[tuple[int, list[Card]]]:
    reader = find_notation(notation)
    known: dict[str, tuple[Card, int]] = {}
    for number, line in enumerate(stream, 1):
        text = line.strip()
        if not text:
            continue
        tokens: str | list[str] = text
        if text[0] in '[{"':
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                data = None
            if not isinstance(data, list) or not all(isinstance(t, str) for t in data):
                raise BadLineError(number, JSON_HAND)
            tokens = data
        words = text.split() if isinstance(tokens, str) else tokens
        hand = _quick_hand(words, known, reader)
        if hand is None:
            try:
                hand = _hand(tokens, 0, notation)
            except GinRulesError as error:
                raise BadLineError(number, str(error)) from error
        yield number, hand


def _run_melds(args: argparse.Namespace, out: TextIO) -> int:
    rules = variant(args)
    if args.cards == ["-"]:
        write = out.write
        for _, hand in _read_hands(sys.stdin, args.notation):
            write(melds_line(hand, rules) + "\n")
        return 0
    hand = _hand(args.cards, 1, args.notation)
    out.write(melds_line(hand, rules) + "\n")
    return 0


def _configure_melds(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    add_notation(parser)
    parser.add_argument(
        "cards",
        nargs="+",
        metavar="CARD",
        help="1 to 11 cards (7H, TH, 10H, 7♥); or - to read one hand per line from stdin",
    )


def _configure_knock(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    add_notation(parser)
    parser.add_argument(
        "--upcard", help="the deal's first upcard (Oklahoma; without it the limit is 10)"
    )
    parser.add_argument(
        "--knocker",
        nargs="+",
        required=True,
        metavar="CARD",
        help="10 cards after the discard, or 11 for big gin (variants that have it: french)",
    )
    parser.add_argument("--defender", nargs="+", required=True, metavar="CARD", help="10 cards")


def _run_knock(args: argparse.Namespace, out: TextIO) -> int:
    rules = variant(args)
    notation = args.notation
    upcard = None if args.upcard is None else Card.parse(args.upcard, notation)
    knocker = parse_hand(args.knocker, notation=notation)
    defender = parse_hand(args.defender, notation=notation)
    result = showdown(knocker, defender, rules, upcard)
    out.write(json.dumps(result.to_dict()) + "\n")
    return 0


COMMANDS: list[Command] = [
    Command(
        "melds",
        "the optimal melds and deadwood of a hand (and the best discard from 11)",
        _configure_melds,
        _run_melds,
        (
            "ginrules melds 7H 8H 9H KS",
            "ginrules melds --variant gin-rami --notation fr R♥ A♥ D♥ 10T",
        ),
    ),
    Command(
        "knock",
        "the showdown and score when a player knocks or goes gin",
        _configure_knock,
        _run_knock,
        (
            "ginrules knock --knocker 7H 8H 9H 7S 7D 7C KS QS JS 2D "
            "--defender 6H 5H TC TD TS 4C 3C 9C 8C 2C",
        ),
    ),
]

EXTENSIONS: tuple[str, ...] = ("ginrules.cli_deals", "ginrules.cli_play", "ginrules.cli_score")
"""Modules that may add a ``COMMANDS`` list of their own."""


def all_commands() -> list[Command]:
    """This module's commands, then those of each extension module present."""
    commands = list(COMMANDS)
    for name in EXTENSIONS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            continue
        extra: Iterable[Command] = getattr(module, "COMMANDS", [])
        commands.extend(extra)
    return commands


def commands_for(argv: list[str]) -> list[Command]:
    """The commands to build the parser with: this module's alone when ``argv`` starts
    with one of them (``melds`` and ``knock`` start without importing the deals, the
    players and the scoring of the extension modules), else :func:`all_commands`."""
    if argv and any(command.name == argv[0] for command in COMMANDS):
        return list(COMMANDS)
    return all_commands()


def _examples(lines: Iterable[str]) -> str | None:
    lines = list(lines)
    return "examples:\n" + "\n".join(f"  {line}" for line in lines) if lines else None


def build_parser(commands: list[Command]) -> argparse.ArgumentParser:
    """The argument parser with one sub-parser per command, each with its examples."""
    parser = _Parser(
        prog="ginrules",
        description="The rules of Gin Rummy, as JSON.",
        epilog=_examples(["ginrules --version", "ginrules melds --help"]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"ginrules {__version__}")
    subs = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in commands:
        sub = subs.add_parser(
            command.name,
            help=command.help,
            description=command.help,
            epilog=_examples(command.examples),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.configure(sub)
        sub.set_defaults(_run=command.run)
    return parser


def _fail(message: str) -> int:
    sys.stderr.write("ginrules: error: " + " ".join(message.split()) + "\n")
    return 2


INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 2 on bad input, 130 when
    Ctrl-C stops a command (one line on standard error, never a traceback)."""
    try:
        if argv is None:
            argv = sys.argv[1:]
        parser = build_parser(commands_for(argv))
        args = parser.parse_args(argv)
        status: int = args._run(args, sys.stdout)
        sys.stdout.flush()
    except UsageError as error:
        return _fail(str(error))
    except IllegalKnockError as error:
        return _fail(f"illegal knock ({error.reason}): {error}")
    except GinRulesError as error:
        return _fail(str(error))
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        # a progress bar or a prompt may have left the line open
        sys.stderr.write("\nginrules: interrupted\n")
        return INTERRUPTED
    return status
