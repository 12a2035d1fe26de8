"""Loops that play a turn, a deal or a match between computer players, each seat
asking its player on its own view."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ginrules.deal import (
    Action,
    Deal,
    DealResult,
)
from ginrules.match import ScoreSheet, score_sheet
from ginrules.players.base import Player
from ginrules.rules import Rules
from ginrules.view import MatchContext, PlayerView, Shown


def _context(sheet: ScoreSheet | None, seat: int, earlier: Sequence[Deal] = ()) -> MatchContext:
    first = 1 if sheet is None else sheet.deal_number - len(earlier)
    shown = (Shown.of(deal, seat, first + i) for i, deal in enumerate(earlier))
    showdowns = tuple(s for s in shown if s is not None)
    if sheet is None:
        return MatchContext(showdowns=showdowns)
    return MatchContext.of(
        sheet.standing(),
        seat,
        scheme=sheet.scheme,
        deal_number=sheet.deal_number,
        showdowns=showdowns,
    )


def _turn(deal: Deal, players: Sequence[Player], contexts: Sequence[MatchContext]) -> Action:
    view = PlayerView.of(deal, match=contexts[deal.current])
    action = players[deal.current].choose(view)
    deal.apply(action)
    return action


def play_turn(
    deal: Deal,
    players: Sequence[Player],
    sheet: ScoreSheet | None = None,
    earlier: Sequence[Deal] = (),
) -> Action:
    """Ask ``players[deal.current]`` for an action on its view, and apply it
    (``earlier``: the match's deals before this one, whose showdowns both
    players saw).

    :raises IllegalActionError: if the player chooses an illegal action.
    """
    return _turn(deal, players, [_context(sheet, seat, earlier) for seat in (0, 1)])


def play_deal(
    deal: Deal,
    players: Sequence[Player],
    sheet: ScoreSheet | None = None,
    earlier: Sequence[Deal] = (),
) -> DealResult:
    """Play ``deal`` to its end, asking ``players[deal.current]`` for each action
    (given the score sheet of the match, the players see its scores; given the
    match's ``earlier`` deals, they see what their showdowns showed).

    :raises IllegalActionError: if a player chooses an illegal action.
    """
    contexts = [_context(sheet, seat, earlier) for seat in (0, 1)]
    while deal.result is None:
        _turn(deal, players, contexts)
    return deal.result


def play_match(
    rules: Rules,
    players: Sequence[Player],
    seed: int = 0,
    sheet: ScoreSheet | None = None,
    first_dealer: int = 0,
) -> tuple[ScoreSheet, list[Deal]]:
    """Play deals until the score sheet's match is over.

    Each deal's seed is drawn from ``random.Random(seed)``; the dealer follows the
    sheet's dealer rule (the same dealer again after a dead deal).

    :raises IllegalActionError: if a player chooses an illegal action.
    """
    sheet = sheet or score_sheet(rules)
    rng = random.Random(seed)
    dealer = first_dealer
    deals: list[Deal] = []
    while not sheet.over:
        deal = Deal.new(rules, seed=rng.getrandbits(32), dealer=dealer)
        result = play_deal(deal, players, sheet, deals)
        sheet.record(result)
        deals.append(deal)
        dealer = sheet.next_dealer(dealer, result)
    return sheet, deals
