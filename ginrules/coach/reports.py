"""The questions the site asks the engine, one function each, with JSON-ready answers.

The build-time directives (``ginrules_site``) and the live widgets (through
``ginrules_site/live/ginrules_live.py`` in the browser's Pyodide) both ask here, so a
page and its widget can never give two answers to one question:

:func:`hand_report`
    melds, deadwood, best discards and the going-out verdict of 1 to 11 cards;
:func:`showdown_report`
    a knock or gin against a defender: the spread, lay-offs and score;
:func:`deal_log_report`
    a seeded deal played to its end by the engine's computer players, turn by
    turn, with the stock count after each log entry;
:func:`score_sheet_report`
    deal results entered on a score sheet (:mod:`ginrules.score_entries`).

Each ``*_report`` function returns a dict; :func:`hand` and :func:`deal_log`
return the objects behind it, for a page that draws the cards themselves.

>>> from ginrules.rules import STANDARD
>>> from ginrules.cards import parse_hand
>>> report = hand_report(parse_hand("7H 8H 9H KS KH KD 2C 5D AS 3C QC"), STANDARD)
>>> report["discards"], report["arrangement"]["deadwood"], report["going_out"]["kind"]
(['QC'], 11, None)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ginrules.cards import Card, parse_hand
from ginrules.going_out import GoingOut, check_going_out
from ginrules.melds import Arrangement, best_arrangement, best_discards
from ginrules.rules import STANDARD, Rules
from ginrules.showdown import showdown

# Dealing, the computer players and score entries are imported where a report needs
# them: a hand's report, the most asked for, then costs no import of theirs (in
# Pyodide, a page's first answer waits for the modules it imports).
if TYPE_CHECKING:
    from ginrules.deal import Deal
    from ginrules.players import Player

__all__ = [
    "DealLog",
    "Hand",
    "PlayerKind",
    "deal_log",
    "deal_log_report",
    "hand",
    "hand_report",
    "players",
    "score_sheet_report",
    "showdown_report",
]

PlayerKind = Literal["good", "random"]


# --------------------------------------------------------------------------- a hand


@dataclass(frozen=True)
class Hand:
    """The answer about one hand: ``arrangement`` of the cards kept (after the best
    discard from 11), every best ``discards`` (``None`` for no discard: big gin),
    ``kept`` and the engine's ``going_out`` verdict on them (``None`` for fewer
    than 10 cards)."""

    cards: list[Card]
    rules: Rules
    upcard: Card | None
    arrangement: Arrangement
    discards: list[Card | None] | None
    kept: list[Card]
    going_out: GoingOut | None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cards": [c.code for c in self.cards], "variant": self.rules.name}
        if self.upcard is not None:
            data["upcard"] = self.upcard.code
        if self.discards is not None:
            data["discards"] = [d.code for d in self.discards if d is not None]
        data["arrangement"] = self.arrangement.to_dict()
        data["values"] = {c.code: self.rules.card_value(c) for c in self.arrangement.unmatched}
        if self.going_out is not None:
            data["going_out"] = self.going_out.to_dict()
        return data


def hand(
    cards: str | Iterable[str | Card], rules: Rules = STANDARD, upcard: Card | None = None
) -> Hand:
    """Melds, deadwood, best discards and going out for 1 to 11 cards (a string such
    as ``"7H 8H 9H KS"`` or a list), under the standard rules unless ``rules`` says.

    With 11 cards the kept hand is the cards without the first best discard (all
    11 when that discard is ``None``); the verdict is ``check_going_out`` on the
    kept hand, never inferred from the discard.
    """
    cards = parse_hand(cards)
    discards: list[Card | None] | None = None
    if len(cards) == 11:
        choices = best_discards(cards, rules)
        arrangement = choices[0].arrangement
        discards = [d.discard for d in choices]
        first = choices[0].discard
        kept = cards if first is None else [c for c in cards if c != first]
    else:
        arrangement = best_arrangement(cards, rules)
        kept = list(cards)
    going = check_going_out(kept, rules, upcard) if len(kept) >= 10 else None
    return Hand(list(cards), rules, upcard, arrangement, discards, kept, going)


def hand_report(
    cards: str | Iterable[str | Card], rules: Rules = STANDARD, upcard: Card | None = None
) -> dict[str, Any]:
    """:func:`hand` as JSON-ready data: ``cards``, ``variant``, ``upcard``,
    ``discards`` (11 cards), ``arrangement``, ``values`` of the deadwood cards and
    ``going_out`` (10 or 11 cards).

    >>> hand_report("7H 8H 9H KS")["arrangement"]["deadwood"]
    10
    """
    return hand(cards, rules, upcard).to_dict()


# --------------------------------------------------------------------------- a showdown


def showdown_report(
    knocker: list[Card],
    defender: list[Card],
    rules: Rules,
    upcard: Card | None = None,
    spread: Arrangement | None = None,
) -> dict[str, Any]:
    """The showdown's ``to_dict()``, with what the ``upcard`` does (its knock limit
    where the rules let it set one, and the score multiplier) under rules where it
    does something. ``spread``: the
    knocker's melds in a deal; without it, the convention of scoring from both
    hands (:mod:`ginrules.showdown`, step 2).

    :raises IllegalKnockError: if the rules do not let the knocker go out, or
        (reason ``bad_spread``) for a spread not of least deadwood.
    """
    data = showdown(knocker, defender, rules, upcard, spread).to_dict()
    # the upcard only where it plays a part in the showdown (Oklahoma's knock card and
    # spade doubling): elsewhere a recap that showed it would say what did not count
    if upcard is not None and (rules.upcard_sets_knock_limit or rules.spade_doubling != "none"):
        data["upcard"] = {
            "code": upcard.code,
            "knock_limit": rules.knock_limit(upcard) if rules.upcard_sets_knock_limit else None,
            "multiplier": rules.score_multiplier(upcard),
        }
    return data


# --------------------------------------------------------------------------- a deal log


def players(kind: PlayerKind, seed: int) -> tuple[Player, Player]:
    """The two computer players of a deal log: ``good`` (``GoodPlayer``) or
    ``random`` (``RandomPlayer`` that always goes out when it can)."""
    from ginrules.players import GoodPlayer, RandomPlayer

    if kind == "random":
        return (RandomPlayer(seed, go_out=True), RandomPlayer(seed + 1, go_out=True))
    return (GoodPlayer(seed), GoodPlayer(seed + 1))


class _Counting:
    """A player that notes the stock before each choice: the count after every log
    entry of the previous action (-1 where an event came with that action, so the
    count would not be the one the player saw)."""

    def __init__(self, player: Player, deal: Deal, counts: list[int]) -> None:
        self.player = player
        self.deal = deal
        self.counts = counts

    def note(self) -> None:
        new = self.deal.log[len(self.counts) :]
        count = -1 if any("event" in e for e in new) else len(self.deal.stock)
        self.counts.extend([count] * len(new))

    def choose(self, *args: Any, **kwargs: Any) -> Any:
        self.note()
        return self.player.choose(*args, **kwargs)


@dataclass(frozen=True)
class DealLog:
    """A deal played to its end: the ``deal`` (its ``log`` and ``result``), the
    hands ``dealt`` (sorted) and the stock count after each log entry."""

    deal: Deal
    dealt: list[list[Card]]
    stock_after: list[int]

    def to_dict(self) -> dict[str, Any]:
        deal, rules = self.deal, self.deal.rules
        assert deal.result is not None
        return {
            "seed": deal.seed,
            "dealer": deal.dealer,
            "dealt": [[c.code for c in h] for h in self.dealt],
            "upcard": deal.upcard.code,
            "log": deal.log,
            "stock_after": self.stock_after,
            "result": deal.result.to_dict(),
            "show_upcard": rules.upcard_sets_knock_limit or rules.spade_doubling != "none",
        }


def deal_log(rules: Rules, seed: int, dealer: int = 0, kind: PlayerKind = "good") -> DealLog:
    """Deal ``Deal.new(rules, seed, dealer)`` and let :func:`players` play it out."""
    from ginrules.deal import Deal
    from ginrules.players import play_deal

    deal = Deal.new(rules, seed=seed, dealer=dealer)
    dealt = [sorted(h) for h in deal.hands]
    counts: list[int] = []
    counting = [_Counting(p, deal, counts) for p in players(kind, seed)]
    play_deal(deal, counting)
    counting[0].note()
    return DealLog(deal, dealt, counts)


def deal_log_report(
    rules: Rules, seed: int, dealer: int = 0, kind: PlayerKind = "good"
) -> dict[str, Any]:
    """:func:`deal_log` as JSON-ready data: ``seed``, ``dealer``, ``dealt``,
    ``upcard``, ``log``, ``stock_after``, ``result`` and ``show_upcard`` (whether
    the upcard matters to the showdown under these rules)."""
    return deal_log(rules, seed, dealer, kind).to_dict()


# --------------------------------------------------------------------------- a score sheet


def score_sheet_report(
    rules: Rules,
    scheme: str,
    entries: str,
    add: tuple[str, str, str] | None = None,
    target: int | None = None,
) -> dict[str, Any]:
    """The sheet of ``entries`` (``A 25 knock; dead; ...``), and of one more deal
    ``add`` (winner, points, outcome) if given, under ``scheme``, as
    :func:`ginrules.score_entries.fill_sheet` gives it.

    :raises GinRulesError: for an entry or scheme the sheet refuses.
    """
    from ginrules.score_entries import deal_result, fill_sheet, parse_entries

    results = parse_entries(entries, rules)
    if add is not None:
        results.append(deal_result(*add, rules))
    return fill_sheet(rules, scheme, results, target)
