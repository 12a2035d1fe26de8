"""Eleven cards judged by each variant's rules: big gin (no discard) only where
``rules.big_gin``; elsewhere eleven melded cards discard one and go gin. (The
command line's answer is in ``test_cli.py``: this file also runs in Pyodide.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrules.cards import CARDS, Card
from ginrules.going_out import check_going_out
from ginrules.melds import best_discard_deadwood, best_discards, deadwood
from ginrules.rules import PRESETS, SCHOOLS, Rules

EVERY = [*PRESETS.values(), *SCHOOLS.values()]
HAND = "2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H"


def _verdict(rules: Rules, hand: list[Card]) -> tuple[list[str | None], str | None]:
    """The best discards and the going-out kind of the hand kept after the first."""
    discards = best_discards(hand, rules)
    first = discards[0].discard
    kept = hand if first is None else [c for c in hand if c != first]
    going = check_going_out(kept, rules)
    return [None if d.discard is None else d.discard.code for d in discards], going.kind


@pytest.mark.parametrize("rules", EVERY, ids=lambda r: r.name)
def test_the_issue_hand(rules: Rules) -> None:
    hand = [Card.parse(t) for t in HAND.split()]
    codes, kind = _verdict(rules, hand)
    if rules.big_gin:
        assert codes == [None, "2C", "6C"]
        assert kind == "big_gin"
    else:
        assert codes == ["2C", "6C"]
        assert kind == "gin"
    whole = check_going_out(hand, rules)
    assert whole.allowed == rules.big_gin
    assert whole.reason == (None if rules.big_gin else "no_big_gin")


def melded_hand(seed: int) -> list[Card]:
    """Eleven cards (or fewer, when the draws do not fit) that all meld: runs and
    sets drawn at random from ``seed``."""
    rng = random.Random(seed)
    chosen: set[int] = set()
    for _ in range(40):
        if rng.random() < 0.5:
            rank = rng.randrange(13)
            meld = {s * 13 + rank for s in rng.sample(range(4), rng.choice((3, 4)))}
        else:
            suit, low = rng.randrange(4), rng.randrange(11)
            meld = {suit * 13 + r for r in range(low, low + rng.randint(3, 13 - low))}
        if not meld & chosen and len(chosen | meld) <= 11:
            chosen |= meld
        if len(chosen) == 11:
            break
    return [CARDS[i] for i in sorted(chosen)]


@pytest.mark.parametrize("rules", EVERY, ids=lambda r: r.name)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_eleven_melded_cards(rules: Rules, seed: int) -> None:
    hand = melded_hand(seed)
    if len(hand) != 11 or deadwood(hand, rules):
        return  # fewer than eleven drawn, or a run that these rules do not count
    codes, kind = _verdict(rules, hand)
    assert (codes[0] is None) == rules.big_gin
    assert kind == ("big_gin" if rules.big_gin else "gin")
    assert best_discard_deadwood(hand, rules) == 0
    for code in codes:
        if code is not None:
            kept = [c for c in hand if c.code != code]
            assert check_going_out(kept, rules).kind == "gin"
