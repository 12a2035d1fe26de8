"""All 20,000 benchmark hands against their expected least deadwood."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginrules.cards import Card
from ginrules.melds import best_arrangement, best_discard_deadwood, deadwood

BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench" / "expected.jsonl"
if not BENCH.exists():  # a clone next to /work/shared, or the shared copy
    BENCH = Path("/work/shared/bench/expected.jsonl")


@pytest.mark.skipif(not BENCH.exists(), reason="benchmark hands not available")
def test_bench_hands() -> None:
    rows = [json.loads(line) for line in BENCH.read_text().splitlines() if line.strip()]
    assert len(rows) == 20000
    wrong = []
    for i, row in enumerate(rows):
        hand = [Card.parse(c) for c in row["hand"]]
        got = deadwood(hand) if len(hand) == 10 else best_discard_deadwood(hand)
        if got != row["min_deadwood"]:
            wrong.append((i, row, got))
        if i % 50 == 0 and len(hand) == 10:
            assert best_arrangement(hand).deadwood == row["min_deadwood"]
    assert not wrong, wrong[:5]
