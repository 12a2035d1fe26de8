"""Showdowns against a brute force that lays off one card at a time."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrules.cards import CARDS
from ginrules.melds import Meld, best_arrangements, deadwood
from ginrules.rules import FRENCH, STANDARD, Rules
from ginrules.showdown import showdown

ANY_KNOCK = STANDARD.replace(name="any-knock", knock_max_deadwood=None)
FRENCH_ANY = FRENCH.replace(name="french-any", knock_min_melded=0)
LAYOFF_ON_GIN = ANY_KNOCK.replace(name="layoff-on-gin", layoff_on_gin=True)

Melds = tuple[tuple[str, frozenset[int]], ...]


def fits(card: int, kind: str, meld: frozenset[int], rules: Rules) -> bool:
    """May this card be laid off on this meld? (written from the rule text)"""
    rank, suit = card % 13, card // 13
    if kind == "set":
        return len(meld) == 3 and all(c % 13 == rank for c in meld)
    if any(c // 13 != suit for c in meld) or len(meld) == 13:
        return False
    ranks = {c % 13 for c in meld}
    if rules.round_the_corner:
        return (rank + 1) % 13 in ranks or (rank - 1) % 13 in ranks
    return rank + 1 in ranks or rank - 1 in ranks


def brute_defence(defender: frozenset[int], spread: Melds, rules: Rules) -> int:
    @functools.cache
    def solve(left: frozenset[int], melds: Melds) -> int:
        best = deadwood([CARDS[i] for i in left], rules)
        for card in left:
            for i, (kind, meld) in enumerate(melds):
                if fits(card, kind, meld, rules):
                    grown = (*melds[:i], (kind, meld | {card}), *melds[i + 1 :])
                    best = min(best, solve(left - {card}, grown))
        return best

    return solve(defender, spread)


def as_melds(melds: tuple[Meld, ...]) -> Melds:
    return tuple((m.kind, frozenset(c.index for c in m.cards)) for m in melds)


deals = st.builds(
    lambda low, width, perm: (low, width, perm),
    st.integers(0, 7),
    st.integers(5, 6),
    st.randoms(use_true_random=False),
)


def _check(rules: Rules, low: int, width: int, rng: object) -> None:
    pool = [CARDS[s * 13 + r] for s in range(4) for r in range(low, low + width)]
    rng.shuffle(pool)  # type: ignore[attr-defined]
    knocker, defender = pool[:10], pool[10:20]
    result = showdown(knocker, defender, rules)
    dset = frozenset(c.index for c in defender)
    spreads = best_arrangements(knocker, rules, min_melded=rules.knock_min_melded)
    gin = result.outcome in ("gin", "big_gin")
    if rules.layoffs and (not gin or rules.layoff_on_gin):
        expected = max(brute_defence(dset, as_melds(s.melds), rules) for s in spreads)
    else:
        expected = deadwood(defender, rules)
    assert result.defender_deadwood == expected
    assert result.knocker_deadwood == deadwood(knocker, rules)
    assert result.spread in spreads
    # replay the lay-offs in order
    melds = list(as_melds(result.spread.melds))
    left = set(dset)
    for layoff in result.layoffs:
        card = layoff.card.index
        assert card in left
        kind, meld = melds[layoff.meld_index]
        assert fits(card, kind, meld, rules)
        melds[layoff.meld_index] = (kind, meld | {card})
        left.remove(card)
    own = {c.index for m in result.defender_melds for c in m.cards}
    unmatched = {c.index for c in result.defender_unmatched}
    assert own | unmatched == left and not own & unmatched
    assert sum(rules.card_value(c) for c in result.defender_unmatched) == expected
    assert sum(t.value for t in result.terms) == result.points


@settings(max_examples=150, deadline=None)
@given(deal=deals)
def test_standard_layoffs_match_brute_force(deal: tuple[int, int, object]) -> None:
    _check(ANY_KNOCK, *deal)


@settings(max_examples=100, deadline=None)
@given(deal=deals)
def test_french_layoffs_match_brute_force(deal: tuple[int, int, object]) -> None:
    _check(FRENCH_ANY, *deal)


@settings(max_examples=60, deadline=None)
@given(deal=deals)
def test_layoff_on_gin_matches_brute_force(deal: tuple[int, int, object]) -> None:
    _check(LAYOFF_ON_GIN, *deal)
