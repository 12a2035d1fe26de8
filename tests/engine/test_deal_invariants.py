"""All 52 cards, distinct and accounted for, at every step of 4,000 deals per variant.

Most deals are between two beginners (the EAAI baseline: real play, and cheap enough
for thousands of deals); every tenth has a random player on one
side (it takes the discard often, which exercises the just-taken rule), and one in a
hundred two random players (their deals run to the end of the stock, and under the
reshuffle rule through several reshuffles). The deals are shared out over the cores.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from ginrules.deal import Deal
from ginrules.players import BeginnerPlayer, Player, RandomPlayer, play_turn
from ginrules.rules import FRENCH, OKLAHOMA, STANDARD, STRAIGHT, Rules

# 4,000 deals per variant under CPython. Inside Pyodide (the same suite runs there,
# one process, several times slower) 1,000 check that the engine behaves the same.
IN_PYODIDE = sys.platform == "emscripten"
DEALS = 1_000 if IN_PYODIDE else 4_000


def check(deal: Deal) -> None:
    hands, stock, pile = deal.hands, deal.stock, deal.discard_pile
    cards = [*hands[0], *hands[1], *stock, *pile]
    # Cards are singletons: 52 items that are 52 distinct objects are the whole deck
    assert len(cards) == 52 and len(set(map(id, cards))) == 52, deal.to_dict()
    sizes = sorted((len(hands[0]), len(hands[1])))
    if deal.phase == "discard":
        assert sizes == [10, 11]
        assert len(hands[deal.current]) == 11
    elif deal.phase == "over":
        assert sizes in ([10, 10], [10, 11])  # 11: big gin
    else:
        assert sizes == [10, 10]
    if deal.rules.stock_end == "dead_hand":
        assert len(stock) >= deal.rules.dead_hand_cards
    elif deal.phase in ("draw", "offer"):
        assert stock  # a reshuffle never leaves the next player without a stock
    if deal.taken is not None:
        assert deal.taken in hands[deal.current]


def play(rules: Rules, start: int, stop: int) -> tuple[Counter[str], int]:
    """Deals ``start`` to ``stop`` (their seeds), checked at every step."""
    beginners: tuple[Player, Player] = (BeginnerPlayer(1), BeginnerPlayer(2))
    mixed: tuple[Player, Player] = (BeginnerPlayer(3), RandomPlayer(4, go_out=True))
    wild: tuple[Player, Player] = (RandomPlayer(5, go_out=True), RandomPlayer(6, go_out=True))
    outcomes: Counter[str] = Counter()
    reshuffles = 0
    for i in range(start, stop):
        deal = Deal.new(rules, seed=i, dealer=i % 2)
        players = wild if i % 100 == 50 else mixed if i % 10 == 0 else beginners
        check(deal)
        while deal.result is None:
            play_turn(deal, players)
            check(deal)
        outcomes[deal.result.outcome] += 1
        reshuffles += deal.reshuffles
    return outcomes, reshuffles


@pytest.mark.parametrize("rules", [STANDARD, STRAIGHT, OKLAHOMA, FRENCH], ids=lambda r: r.name)
def test_every_card_accounted_for_at_every_step(rules: Rules) -> None:
    # the deals are independent: share them out over the machine's cores
    workers = 1 if IN_PYODIDE else max(1, min(4, os.cpu_count() or 1))
    if workers == 1:
        outcomes, reshuffles = play(rules, 0, DEALS)
    else:
        bounds = [DEALS * k // workers for k in range(workers + 1)]
        outcomes, reshuffles = Counter(), 0
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            jobs = [pool.submit(play, rules, a, b) for a, b in itertools.pairwise(bounds)]
            for job in jobs:
                counts, shuffled = job.result()
                outcomes += counts
                reshuffles += shuffled
    assert sum(outcomes.values()) == DEALS
    # the runs really reached the rule-dependent ends
    if rules.stock_end == "dead_hand":
        assert outcomes["dead"] > 0 and reshuffles == 0
    else:
        assert outcomes["dead"] == 0 and reshuffles > 0
    if rules.knock_limit(None) != 0:
        assert outcomes["knock"] > 0 and outcomes["undercut"] > 0
    assert outcomes["gin"] > 0
