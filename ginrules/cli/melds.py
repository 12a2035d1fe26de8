"""The sub-commands ``melds`` and ``knock``: a hand's arrangement, or a showdown, as JSON.

They start without importing the deals, the players and the scoring."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Final, TextIO

from ginrules.cards import CARDS, Card, Notation, find_notation, parse_hand
from ginrules.cli.base import (
    Command,
    add_notation,
    add_variant,
    variant,
)
from ginrules.errors import GinRulesError, HandSizeError
from ginrules.melds import MAX_CARDS, best_arrangement, discard_choices
from ginrules.rules import Rules
from ginrules.showdown import showdown

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
