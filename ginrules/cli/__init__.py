"""The ``ginrules`` command line: JSON out, one line of error and status 2 on bad input,
status 130 (and no traceback) when Ctrl-C stops a command.

Sub-commands come from a table: :data:`COMMANDS` here, plus the ``COMMANDS``
list of every module named in :data:`EXTENSIONS` that exists, so a new module adds
sub-commands without editing this one. The package holds one module per command
family: :mod:`~ginrules.cli.melds` (``melds``, ``knock``), :mod:`~ginrules.cli.deals`
(``simulate``, ``duel``), :mod:`~ginrules.cli.score` (``score``) and the terminal
game :mod:`~ginrules.cli.game` (``play``), on what they share in
:mod:`~ginrules.cli.base`.

>>> main(["melds", "7H", "8H", "9H", "KS"])
{"melds": [["7H", "8H", "9H"]], "deadwood": 10, "unmatched": ["KS"]}
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Iterable

from ginrules import __version__
from ginrules.cli.base import Command, UsageError, _Parser
from ginrules.cli.melds import COMMANDS
from ginrules.errors import GinRulesError, IllegalKnockError

__all__ = ["COMMANDS", "EXTENSIONS", "INTERRUPTED", "all_commands", "build_parser", "main"]

EXTENSIONS: tuple[str, ...] = ("ginrules.cli.deals", "ginrules.cli.game", "ginrules.cli.score")
"""Modules that may add a ``COMMANDS`` list of their own."""


def all_commands() -> list[Command]:
    """The core commands (:mod:`ginrules.cli.melds`), then those of each extension module
    present."""
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


def build_parser(commands: list[Command], argv: Iterable[str] = ()) -> argparse.ArgumentParser:
    """The argument parser with one sub-parser per command, each with its examples;
    ``argv``, the command line it will read, lets a command word its help by it."""
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
        if isinstance(sub, _Parser):
            sub.argv = tuple(argv)
        command.configure(sub)
        sub.set_defaults(_run=command.run)
    return parser


def _fail(message: str) -> int:
    sys.stderr.write("ginrules: error: " + " ".join(message.split()) + "\n")
    return 2


def _drop_output() -> None:
    """Send what is left of standard output nowhere, so that exiting does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


WRITE_FAILED = 1
"""The exit status when the output cannot be written (a full disk)."""

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 2 on bad input, 130 when
    Ctrl-C stops a command (one line on standard error, never a traceback)."""
    try:
        if argv is None:
            argv = sys.argv[1:]
        parser = build_parser(commands_for(argv), argv)
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
        _drop_output()
        return 0
    except OSError as error:
        # the output could not be written (a full disk): one line, not a traceback
        _drop_output()
        sys.stderr.write(f"ginrules: error: cannot write the output: {error.strerror or error}\n")
        return WRITE_FAILED
    except KeyboardInterrupt:
        # a progress bar or a prompt may have left the line open
        sys.stderr.write("\nginrules: interrupted\n")
        return INTERRUPTED
    return status
