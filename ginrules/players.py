"""Computer players, and loops that play whole deals and matches.

A player is any object with ``choose(deal) -> Action`` (:class:`Player`). It sees
the whole :class:`~ginrules.deal.Deal` object but the players here read only
what a seated player knows: their own hand, the discard pile, the cards the
opponent took from it (``deal.picked``), the stock's size and the rules.

* :class:`RandomPlayer` picks uniformly among :meth:`Deal.legal_actions`
  (optionally always going out when it can).
* :class:`GoodPlayer` takes the upcard or the top discard when that lowers its
  deadwood, discards to keep its deadwood as low as possible and, among equally
  good discards, avoids feeding the opponent (cards of the rank, or near in suit,
  of the cards the opponent took from the pile) and then throws the highest
  card; it knocks as soon as the rules allow and goes gin when it can, so under
  gin-only rules (Straight Gin, Oklahoma's ace upcard) it plays for gin.

Both are deterministic for a seed.

>>> from ginrules.rules import STANDARD
>>> from ginrules.deal import Deal
>>> deal = Deal.new(STANDARD, seed=3)
>>> result = play_deal(deal, (GoodPlayer(1), GoodPlayer(2)))
>>> result is deal.result and deal.over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ginrules.cards import Card
from ginrules.deal import (
    Action,
    BigGin,
    Deal,
    DealResult,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Pass,
)
from ginrules.match import ScoreSheet, score_sheet
from ginrules.melds import best_discard_deadwood, deadwood, max_melded
from ginrules.rules import Rules

__all__ = ["GoodPlayer", "Player", "RandomPlayer", "play_deal", "play_match"]


class Player(Protocol):
    """Anything that chooses the next action of the player to act."""

    def choose(self, deal: Deal) -> Action: ...


class RandomPlayer:
    """A uniformly random legal player, deterministic for its seed.

    With ``go_out=True`` it always knocks or goes gin when some discard allows it
    (otherwise, under the reshuffle rule, a deal can run for thousands of turns).
    """

    def __init__(self, seed: int = 0, go_out: bool = False) -> None:
        self.rng = random.Random(seed)
        self.go_out = go_out

    def choose(self, deal: Deal) -> Action:
        actions = deal.legal_actions()
        if self.go_out:
            out = [a for a in actions if isinstance(a, Knock | Gin | BigGin)]
            if out:
                return self.rng.choice(out)
        return self.rng.choice(actions)


class GoodPlayer:
    """A sound heuristic player (see the module docstring), deterministic per seed.

    The seed breaks ties between equally good discards. Once the stock has been
    rebuilt ``restless_after`` times in a deal, it throws a random card a quarter
    of the time, so that two such players never deadlock under the reshuffle rule.
    """

    def __init__(self, seed: int = 0, restless_after: int = 2) -> None:
        self.rng = random.Random(seed)
        self.restless_after = restless_after

    def choose(self, deal: Deal) -> Action:
        if deal.phase == "discard":
            return self._discard(deal)
        if deal.phase == "offer":
            return DrawDiscard() if self._wants(deal) else Pass()
        legal = deal.legal_actions()
        if DrawDiscard() in legal and (self._wants(deal) or DrawStock() not in legal):
            return DrawDiscard()
        return DrawStock()

    def _wants(self, deal: Deal) -> bool:
        """Does taking the top discard lower this hand's deadwood?"""
        if not deal.discard_pile:
            return False
        top = deal.discard_pile[-1]
        hand = deal.hands[deal.current]
        # throwing the top card back would leave today's deadwood: a lower best
        # means some other discard gains
        return best_discard_deadwood([*hand, top], deal.rules) < deadwood(hand, deal.rules)

    def _discard(self, deal: Deal) -> Action:
        hand = deal.hands[deal.current]
        rules = deal.rules
        if rules.big_gin and deadwood(hand, rules) == 0 and deal.check_going_out(None).allowed:
            return BigGin()
        free = [c for c in hand if c is not deal.taken]
        if deal.reshuffles >= self.restless_after and self.rng.random() < 0.25:
            # Under the reshuffle rule two deadwood-minimising players can hold each
            # other's missing cards for ever (gin only, for example): play a random
            # card now and then to break the deadlock.
            return Discard(self.rng.choice(free))
        best = best_discard_deadwood(hand, rules)
        # try the cards in order of preference until one keeps the least deadwood
        order = sorted(free, key=self._preference(deal))
        kept: dict[Card, int] = {}
        for card in order:
            kept[card] = deadwood([x for x in hand if x is not card], rules)
            if kept[card] == best:
                break
        else:  # only the card just taken would have been best
            card = min(order, key=kept.__getitem__)
            best = kept[card]
        limit = rules.knock_limit(deal.upcard)
        # quick necessary tests before the full check: the knock limit, and the
        # French minimum of melded cards (a gin melds them all)
        needed = rules.knock_min_melded
        if (limit is None or best <= limit) and (
            not needed or best == 0 or max_melded(hand, rules) >= needed
        ):
            check = deal.check_going_out(card)
            if check.allowed:
                return Gin(card) if check.kind == "gin" else Knock(card)
        return Discard(card)

    def _preference(self, deal: Deal) -> Callable[[Card], tuple[int, int, float]]:
        """Sort key of discards: least dangerous, then highest, then the seed."""
        opponent = 1 - deal.current
        pile = set(deal.discard_pile)
        wanted = [c for c in deal.picked[opponent] if c not in pile]
        rules = deal.rules
        rng = self.rng

        def key(card: Card) -> tuple[int, int, float]:
            danger = 0
            for w in wanted:
                if w.rank == card.rank or (w.suit == card.suit and abs(w.rank - card.rank) <= 2):
                    danger += 1
            return (danger, -rules.card_value(card), rng.random())

        return key


def play_deal(deal: Deal, players: Sequence[Player]) -> DealResult:
    """Play ``deal`` to its end, asking ``players[deal.current]`` for each action.

    :raises IllegalActionError: if a player chooses an illegal action.
    """
    while deal.result is None:
        deal.apply(players[deal.current].choose(deal))
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
        result = play_deal(deal, players)
        sheet.record(result)
        deals.append(deal)
        dealer = sheet.next_dealer(dealer, result)
    return sheet, deals
