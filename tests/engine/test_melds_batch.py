"""The fast paths of a batch of hands (``ginrules melds -``) and of a rollout give the
answers of the plain ones: the optimal discards against the deadwood of every ten
cards kept, :func:`discard_choices` against :func:`best_discards`, the JSON written
directly against ``json.dumps``, the quick reading of a line against ``parse_hand``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from random import Random
from typing import Any

import pytest

from ginrules.cards import CARDS, Card, parse_hand
from ginrules.cli import main
from ginrules.cli.melds import melds_line
from ginrules.melds import (
    _discard_bits,
    _discard_deadwood,
    _draw_deadwoods,
    _hand_mask,
    _tables,
    best_arrangement,
    best_discards,
    deadwood,
    discard_choices,
)
from ginrules.rules import FRENCH, STANDARD, Rules

EVERY = [
    STANDARD,
    FRENCH,
    STANDARD.replace(name="ace-1-corner", round_the_corner=True),
    STANDARD.replace(name="ace-15-low", ace_value=15),
]


def sample(size: int, count: int, seed: int) -> list[list[Card]]:
    """Hands as ``benchmarks/melds.py`` makes them: meld-rich (4 to 6 adjacent ranks
    in all four suits, round the corner too) and random, alternately."""
    rng = Random(seed)
    hands = []
    for k in range(count):
        if k % 2:
            hands.append(rng.sample(CARDS, size))
            continue
        width = rng.randint(4, 6)
        low = rng.randint(0, 12)
        pool = [CARDS[s * 13 + (low + r) % 13] for s in range(4) for r in range(width)]
        hands.append(rng.sample(pool, size))
    return hands


@pytest.mark.parametrize("rules", EVERY, ids=lambda r: r.name)
def test_optimal_discards_are_the_ten_cards_of_least_deadwood(rules: Rules) -> None:
    for hand in sample(11, 300, 1):
        left = {c: deadwood([x for x in hand if x is not c], rules) for c in hand}
        least = min(left.values())
        found = best_discards(hand, rules)
        named = [d.discard for d in found if d.discard is not None]
        assert named == sorted(c for c, d in left.items() if d == least)
        discards, kept = discard_choices(hand, rules)
        assert discards == [d.discard for d in found]
        assert kept == found[0].arrangement
        assert kept.deadwood == (0 if found[0].discard is None else least)
        # the primitive a rollout asks: the least and every card that leaves it
        bits = sum(1 << c.index for c, d in left.items() if d == least)
        assert _discard_bits(_hand_mask(hand), _tables(rules)) == (least, bits)


@pytest.mark.parametrize("rules", EVERY, ids=lambda r: r.name)
def test_the_deadwood_after_each_draw_is_that_of_a_search(rules: Rules) -> None:
    # what the players ask of every unseen card: the cards that join no meld are
    # reckoned without a search
    tables = _tables(rules)
    outs = [1 << i for i in range(52)]
    for size in (10, 9, 4, 0):
        for hand in sample(size, 60, size):
            kept = _hand_mask(hand)
            expected = [_discard_deadwood(kept | out, tables) for out in outs]
            assert _draw_deadwoods(kept, outs, tables) == expected


def expected_json(hand: list[Card], rules: Rules) -> str:
    """What ``ginrules melds`` wrote before the direct writer: json.dumps of a dict."""

    def codes(cards: Any) -> list[str]:
        return [c.code for c in cards]

    if len(hand) == 11:
        found = best_discards(hand, rules)
        arr = found[0].arrangement
    else:
        arr = best_arrangement(hand, rules)
    out: dict[str, Any] = {
        "melds": [codes(m.cards) for m in arr.melds],
        "deadwood": arr.deadwood,
        "unmatched": codes(arr.unmatched),
    }
    if len(hand) == 11:
        out["discard"] = None if found[0].discard is None else found[0].discard.code
        out["discards"] = [None if d.discard is None else d.discard.code for d in found]
    return json.dumps(out)


@pytest.mark.parametrize("rules", [STANDARD, FRENCH], ids=lambda r: r.name)
def test_the_json_written_directly_is_json_dumps(rules: Rules) -> None:
    gin = parse_hand("2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H")  # null first under big gin
    hands = [[], gin, *(h for size in range(1, 12) for h in sample(size, 40, size))]
    for hand in hands:
        assert melds_line(hand, rules) == expected_json(hand, rules)


def run_batch(text: str, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        status = main(["melds", *argv, "-"])
    finally:
        sys.stdin = stdin
    out, err = capsys.readouterr()
    return status, out, err


def test_a_batch_reads_every_way_of_writing_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["7h 8H 9h ks", "10H, JH,QH", "♥7 8♥ 9♥ K♠", '["ts", "JS", "QS"]', "TH JH QH"]
    status, out, err = run_batch("\n".join(lines) + "\n", capsys)
    assert status == 0, err
    hands = [parse_hand(json.loads(t) if t[0] == "[" else t) for t in lines]
    assert out.splitlines() == [melds_line(h, STANDARD) for h in hands]
    # the French notation: C is cœur, read the French way in a batch too
    status, out, err = run_batch("10C VC DC\n", capsys, "--notation", "fr")
    assert json.loads(out)["melds"] == [["TH", "JH", "QH"]]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("7H 8H 7h", "line 2: duplicate card: 7H"),
        (
            "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
            "line 2: wrong number of cards: the hand has 12 cards, it needs 0 to 11",
        ),
        ("7H 8H 1H", "line 2: unknown card: '1H'"),
    ],
)
def test_a_bad_line_in_a_batch_is_named(
    line: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_batch(f"7H 8H 9H\n{line}\n", capsys)
    assert status == 2
    assert out.count("\n") == 1  # the good line before it is answered
    assert err.startswith(f"ginrules: error: {problem}"), err


def test_melds_starts_without_the_deals_and_the_players() -> None:
    code = (
        "import sys; from ginrules.cli import main; main(['melds', '7H', '8H', '9H']); "
        "print(sorted(m for m in ('ginrules.deal', 'ginrules.players', 'ginrules.match') "
        "if m in sys.modules))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        '{"melds": [["7H", "8H", "9H"]], "deadwood": 0, "unmatched": []}',
        "[]",
    ]
