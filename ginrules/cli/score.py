"""``ginrules score``: a score sheet from the deals' results, as JSON.

Entries are those of the score sheet widget's share text
(:mod:`ginrules.score_entries`): ``A 25 knock; dead; B 31 big_gin`` as one
argument or several, or one per line on standard input (``-`` or no argument).
The output is the sheet's ``to_dict()``: every row (each bonus its own row) with
the running totals, the totals (``null`` while a Hollywood match runs: its games
stand apart), each game as it stands, whether the match is over and its winner.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ginrules.cli.base import MAX_TARGET, Command, add_variant, number, variant
from ginrules.errors import GinRulesError
from ginrules.match import entry_outcomes
from ginrules.rules import Rules
from ginrules.score_entries import (
    BadEntryError,
    BadSchemeError,
    fill_sheet,
    new_sheet,
    parse_entries,
)

SCHEME_CHOICES = ("one-deal", "game", "hollywood", "manche", "partie")


class SchemeMismatchError(BadSchemeError):
    """A scoring scheme the CLI knows that does not fit these rules (code
    ``bad_scheme``, as the engine's own); ``known`` lists those that fit."""

    def __init__(self, scheme: str, rules: Rules, known: list[str]) -> None:
        GinRulesError.__init__(
            self,
            f"the scoring scheme {scheme!r} does not fit the {rules.name} rules; "
            f"schemes that fit: {', '.join(known)}",
            scheme=scheme,
            variant=rules.name,
            known=known,
        )


def schemes_of(rules: Rules) -> list[str]:
    """The ``--scheme`` values that fit ``rules``.

    >>> from ginrules.rules import FRENCH
    >>> schemes_of(FRENCH)
    ['manche', 'partie']
    """
    fits = []
    for scheme in SCHEME_CHOICES:
        try:
            new_sheet(rules, scheme)
        except BadSchemeError:
            continue
        fits.append(scheme)
    return fits


def _configure_score(parser: argparse.ArgumentParser) -> None:
    add_variant(parser)
    parser.add_argument(
        "--scheme",
        choices=SCHEME_CHOICES,
        type=str.lower,
        help="how the match is scored (default: partie for the French rules, else game)",
    )
    parser.add_argument(
        "--target",
        type=number(1, MAX_TARGET),
        help="points that end a game (default: the rules' own, or 100)",
    )
    parser.add_argument(
        "entries",
        nargs="*",
        metavar="ENTRIES",
        help="deal results: 'A 25 knock; dead; B 31 gin'; none or - reads one per line",
    )


def _run_score(args: argparse.Namespace, out: TextIO) -> int:
    rules = variant(args)
    reads_stdin = args.entries in ([], ["-"])
    text = sys.stdin.read() if reads_stdin else "; ".join(args.entries)
    scheme = args.scheme or ("partie" if rules.match_scoring == "manche" else "game")
    known = schemes_of(rules)
    if scheme not in known:
        raise SchemeMismatchError(scheme, rules, known)
    try:
        results = parse_entries(text, rules)
    except BadEntryError as error:
        # say what an entry is, in the variant's words
        words = list(entry_outcomes(rules))
        error.args = (
            f"{error}; an entry is who scored (A or B), the points and how the deal "
            f"ended ({', '.join(words)}), as in 'A 25 {words[0]}', or 'dead'",
        )
        raise
    sheet = fill_sheet(rules, scheme, results, args.target)
    del sheet["widget_scheme"]
    out.write(json.dumps(sheet) + "\n")
    return 0


COMMANDS: list[Command] = [
    Command(
        "score",
        "a score sheet (game, Hollywood, manche) from the results of the deals",
        _configure_score,
        _run_score,
        (
            "ginrules score 'A 25 knock; dead; B 31 gin'",
            "ginrules score --scheme hollywood 'A 30 knock; B 45 gin; A 30 knock'",
            "ginrules score --variant gin-rami 'A 135 petit_gin; B 20 undercut'",
        ),
    ),
]
