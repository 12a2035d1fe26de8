"""The optimal arrangement against a simple brute force, and its invariants."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ginrules.cards import CARDS, Card
from ginrules.errors import DuplicateCardError, HandSizeError, UnknownCardError
from ginrules.melds import (
    Arrangement,
    Meld,
    best_arrangement,
    best_arrangements,
    best_discard_deadwood,
    best_discards,
    deadwood,
    max_melded,
)
from ginrules.rules import FRENCH, STANDARD, Rules

ACE_HIGH_LOW = STANDARD.replace(name="ace-1-corner", round_the_corner=True)
ACE_15_LOW = STANDARD.replace(name="ace-15-low", ace_value=15)
ALL_RULES = [STANDARD, FRENCH, ACE_HIGH_LOW, ACE_15_LOW]


def all_melds(hand: frozenset[int], rules: Rules) -> list[frozenset[int]]:
    """Every set and run contained in the hand, listed the naive way."""
    out: list[frozenset[int]] = []
    for rank in range(13):
        same = [s * 13 + rank for s in range(4) if s * 13 + rank in hand]
        for size in (3, 4):
            if len(same) >= size:
                out.extend(frozenset(c) for c in _subsets(same, size))
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14):
                if not rules.round_the_corner and start + length > 13:
                    break
                cards = frozenset(suit * 13 + (start + k) % 13 for k in range(length))
                if len(cards) == length and cards <= hand:
                    out.append(cards)
    return list(set(out))


def _subsets(items: list[int], size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    if not items:
        return []
    first, rest = items[0], items[1:]
    return [(first, *s) for s in _subsets(rest, size - 1)] + _subsets(rest, size)


def brute_solver(hand: frozenset[int], rules: Rules) -> Callable[[frozenset[int]], int]:
    """Least deadwood of any part of ``hand``: lowest card unmatched, or in a meld."""
    melds = all_melds(hand, rules)

    @functools.cache
    def solve(left: frozenset[int]) -> int:
        if not left:
            return 0
        low = min(left)
        best = rules.card_value(CARDS[low]) + solve(left - {low})
        for meld in melds:
            if low in meld and meld <= left:
                best = min(best, solve(left - meld))
        return best

    return solve


def check_valid(arr: Arrangement, hand: list[Card], rules: Rules) -> None:
    seen: set[Card] = set()
    for meld in arr.melds:
        assert isinstance(meld, Meld)
        cards = meld.cards
        assert len(cards) >= 3
        if meld.kind == "set":
            assert len(cards) <= 4
            assert len({c.rank for c in cards}) == 1
            assert [c.suit for c in cards] == sorted(c.suit for c in cards)
        else:
            assert len({c.suit for c in cards}) == 1
            for a, b in itertools.pairwise(cards):
                if rules.round_the_corner:
                    assert b.rank == a.rank % 13 + 1
                else:
                    assert b.rank == a.rank + 1
        assert not seen & set(cards)
        seen |= set(cards)
    assert not seen & set(arr.unmatched)
    assert seen | set(arr.unmatched) == set(hand)
    assert arr.deadwood == sum(rules.card_value(c) for c in arr.unmatched)


hands = st.sets(st.integers(0, 51), max_size=11)
rich = st.builds(
    lambda low, width, drop: (
        {s * 13 + r for s in range(4) for r in range(low, low + width)} - set(drop)
    ),
    st.integers(0, 8),
    st.integers(3, 5),
    st.lists(st.integers(0, 51), max_size=12),
)


def _check_hand(indices: set[int], rules: Rules) -> None:
    hand = [CARDS[i] for i in sorted(indices)]
    if len(hand) > 11:
        hand = hand[:11]
    full = frozenset(c.index for c in hand)
    brute = brute_solver(full, rules)
    expected = brute(full)
    assert deadwood(hand, rules) == expected
    best = best_arrangement(hand, rules)
    assert best.deadwood == expected
    check_valid(best, hand, rules)
    every = best_arrangements(hand, rules)
    assert every[0] == best
    assert len(set(every)) == len(every)
    for arr in every:
        assert arr.deadwood == expected
        check_valid(arr, hand, rules)
    if len(hand) == 11:
        kept = min(brute(full - {c.index}) for c in hand)
        target = 0 if expected == 0 else kept
        assert best_discard_deadwood(hand, rules) == target
        discards = best_discards(hand, rules)
        assert (discards[0].discard is None) == (expected == 0 and rules.big_gin)
        assert all(d.discard is not None for d in discards[1:])
        for d in discards:
            assert d.arrangement.deadwood == target
            if d.discard is not None:
                assert brute(full - {d.discard.index}) == kept
                kept_cards = [c for c in hand if c is not d.discard]
                assert d.arrangement == best_arrangement(kept_cards, rules)
                check_valid(d.arrangement, kept_cards, rules)
        optimal = {c for c in hand if brute(full - {c.index}) == kept}
        assert {d.discard for d in discards if d.discard is not None} == optimal


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.name)
@settings(max_examples=300, deadline=None)
@given(indices=hands)
def test_random_hands_match_brute_force(rules: Rules, indices: set[int]) -> None:
    _check_hand(indices, rules)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.name)
@settings(max_examples=150, deadline=None)
@given(indices=rich)
def test_meld_rich_hands_match_brute_force(rules: Rules, indices: set[int]) -> None:
    _check_hand(indices, rules)


def test_full_suit_and_empty_hand() -> None:
    assert best_arrangement([]) == Arrangement((), (), 0)
    arr = best_arrangement("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    assert [len(m.cards) for m in arr.melds] == [11]


def test_round_the_corner_run_order() -> None:
    arr = best_arrangement("JH QH KH AH 2H", FRENCH)
    assert [c.code for c in arr.melds[0].cards] == ["JH", "QH", "KH", "AH", "2H"]
    assert best_arrangement("QH KH AH", STANDARD).deadwood == 21


def test_max_melded_and_min_melded() -> None:
    hand = "QH KH AH 2H AS AD 5C 6C 7C 9D"
    # lowest count melds the three aces; melding more cards costs more points
    assert best_arrangement(hand, FRENCH).deadwood == 31
    assert max_melded(hand, FRENCH) == 7
    assert best_arrangements(hand, FRENCH, min_melded=7)[0].deadwood == 39
    assert best_arrangements(hand, FRENCH, min_melded=8) == []


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ("7H 8H ZZ", UnknownCardError),
        ("7H 8H 7H", DuplicateCardError),
        (["7H"] * 2, DuplicateCardError),
        ([c.code for c in CARDS[:12]], HandSizeError),
    ],
)
def test_bad_input(cards: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        best_arrangement(cards)  # type: ignore[arg-type]


def test_discards_need_eleven() -> None:
    with pytest.raises(HandSizeError):
        best_discards("7H 8H 9H")


def brute_by_count(hand: frozenset[int], rules: Rules) -> dict[int, int]:
    """For each number of melded cards reachable, the least deadwood."""
    melds = all_melds(hand, rules)

    @functools.cache
    def solve(left: frozenset[int]) -> dict[int, int]:
        if not left:
            return {0: 0}
        low = min(left)
        value = rules.card_value(CARDS[low])
        out = {k: d + value for k, d in solve(left - {low}).items()}
        for meld in melds:
            if low in meld and meld <= left:
                for k, d in solve(left - meld).items():
                    key = k + len(meld)
                    if key not in out or d < out[key]:
                        out[key] = d
        return out

    return solve(hand)


@settings(max_examples=200, deadline=None)
@given(indices=rich)
def test_french_going_down_needs_eight_melded(indices: set[int]) -> None:
    from ginrules.going_out import check_going_out

    hand = [CARDS[i] for i in sorted(indices)][:10]
    assume(len(hand) == 10)
    table = brute_by_count(frozenset(c.index for c in hand), FRENCH)
    assert max_melded(hand, FRENCH) == max(table)
    verdict = check_going_out(hand, FRENCH)
    enough = [d for k, d in table.items() if k >= 8]
    assert verdict.allowed == bool(enough)
    if enough:
        assert verdict.deadwood == min(enough)
        assert verdict.melded >= 8
        assert verdict.kind == ("gin" if min(enough) == 0 else "knock")
    else:
        assert verdict.reason == "too_few_melded"
