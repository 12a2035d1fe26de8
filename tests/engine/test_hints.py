"""Issue 22, point 3: the hint table (``ginrules.hints``).

The table reads only the seat's view (two deals that differ only in hidden cards give
the same table), lists exactly the legal moves, marks the move the expert level makes,
gives each row a reason that passes the tutor-claims checker, and its chances and ties
agree with their intervals. Speed is measured in ``benchmarks/hints.py``, never here.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ginrules.cards import CARDS
from ginrules.coach.hints import (
    DEAL_POINTS,
    HINT_REASONS,
    MAX_WORLDS,
    MIN_WORLDS,
    ROLLOUTS,
    hints,
    win_chance,
    worlds_per_move,
)
from ginrules.coach.tutor import action_dict
from ginrules.deal import Deal, DrawStock, replay
from ginrules.melds import deadwood
from ginrules.players import RandomPlayer, get_player
from ginrules.players.rollouts import _World, _worlds
from ginrules.players.search import StrongPlayer
from ginrules.rules import FRENCH, OKLAHOMA, PRESETS, STANDARD, STRAIGHT, Rules
from ginrules.view import MatchContext, PlayerView

_spec = importlib.util.spec_from_file_location(
    "tutor_claims", Path(__file__).with_name("test_tutor_claims.py")
)
assert _spec and _spec.loader
claims_module = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = claims_module  # its dataclasses look their module up
_spec.loader.exec_module(claims_module)

WORLDS = 6  # enough to exercise every path; the default is measured in the benchmark


def _rows_check(view: PlayerView, table: dict[str, Any], seed: int) -> Counter[str]:
    """Every property of a table that does not depend on the sample size."""
    rows = table["rows"]
    legal = view.legal_actions()
    assert sorted(map(str, (action_dict(a) for a in legal))) == sorted(
        str({k: r[k] for k in ("action", "card") if k in r}) for r in rows
    )
    expert = action_dict(StrongPlayer(seed).choose(view))
    marked = [r for r in rows if r["expert"]]
    assert len(marked) == 1 and {k: marked[0][k] for k in expert} == expert
    # the first row, the best, is the expert's move (issue 32); the others by chance
    assert [r["best"] for r in rows] == [True] + [False] * (len(rows) - 1)
    assert rows[0]["expert"] and not rows[0]["tie"] and not rows[0]["ahead"]
    assert [r["win"] for r in rows[1:]] == sorted((r["win"] for r in rows[1:]), reverse=True)
    for row in rows:
        assert 0 <= row["win_low"] <= row["win"] <= row["win_high"] <= 1
        assert row["points_low"] <= row["points"] <= row["points_high"]
        assert row["gap_margin"] >= 0
        # the expert's row's chance less this one's, world by world
        assert abs(row["gap"] - (rows[0]["win"] - row["win"])) < 1e-3
        if not row["best"]:
            # a tie: that difference holds 0 in its 95 % interval; ahead: the play-outs
            # rate this row higher beyond it (rounded to 4 places)
            near = abs(abs(row["gap"]) - row["gap_margin"]) < 1e-3
            assert row["tie"] == (abs(row["gap"]) <= row["gap_margin"]) or near
            assert row["ahead"] == (-row["gap"] > row["gap_margin"]) or near
            assert not (row["tie"] and row["ahead"])
    # every reason is a claim the tutor's checker re-derives
    hand = list(view.hand)
    left = {c: deadwood([x for x in hand if x != c], view.rules) for c in hand if c != view.taken}
    unseen = [c for c in CARDS if c not in hand and c not in view.discard_pile]
    unseen = [c for c in unseen if c not in view.opponent_known]
    claims: Counter[str] = Counter()
    for row in rows:
        claims_module._check_expert(view, row, legal, left, unseen, claims)
    return claims


@pytest.mark.parametrize("rules", [STANDARD, STRAIGHT, OKLAHOMA, FRENCH], ids=lambda r: r.name)
def test_rows_are_the_legal_moves_with_checked_reasons(rules: Rules) -> None:
    total: Counter[str] = Counter()
    tables = 0
    for view, number in claims_module.positions(rules, 14, seed=5):
        table = hints(view, seed=number, worlds=WORLDS)
        if not table["to_play"]:
            assert table["rows"] == []
            continue
        tables += 1
        total += _rows_check(view, table, number)
    assert tables >= 14
    # both the tutor's codes and the hint rows' own facts were met and checked
    assert {"least_deadwood", "more_deadwood"} <= set(total), sorted(total)
    assert set(total) & {"upcard_no_help", "pile_no_help", "upcard_no_meld", "pile_no_meld"}


def test_the_new_codes_are_checked_and_a_false_one_is_refused() -> None:
    """A row that says a discard leaves more than the least when it leaves the least
    is refused by the checker, so the check can fail."""
    rules = STANDARD
    deal = Deal.new(rules, seed=3)
    players = (get_player("expert", 1), get_player("expert", 2))
    while deal.phase != "discard" or deal.current != 0:
        deal.apply(players[deal.current].choose(PlayerView.of(deal)))
    view = PlayerView.of(deal, seat=0)
    table = hints(view, seed=4, worlds=WORLDS)
    claims = _rows_check(view, table, 4)
    assert set(claims) & set(HINT_REASONS)
    row = next(r for r in table["rows"] if r["reason"] == "least_deadwood")
    row["reason"] = "more_deadwood"
    row["params"] = {**row["params"], "least": row["params"]["deadwood"] - 1}
    with pytest.raises(AssertionError):
        _rows_check(view, table, 4)


def _swapped(deal: Deal, seat: int) -> Deal:
    """The same deal with every card the seat has not seen (the opponent's hidden
    cards and the stock) moved around in the deck, replayed with the same moves."""
    view = PlayerView.of(deal, seat=seat)
    hidden = {c for c in view.unseen()}
    deck = list(deal.deck)
    spots = [i for i, c in enumerate(deck) if c in hidden]
    cards = [deck[i] for i in spots]
    random.Random(1).shuffle(cards)
    for i, c in zip(spots, cards, strict=True):
        deck[i] = c
    return replay(deal.moves, rules=deal.rules, dealer=deal.dealer, deck=deck)


@pytest.mark.parametrize("rules", [STANDARD, FRENCH], ids=lambda r: r.name)
def test_the_table_never_reads_beyond_the_view(rules: Rules) -> None:
    seen = 0
    for seed in range(40):
        deal = Deal.new(rules, seed=seed, dealer=seed % 2)
        players = (get_player("good", seed), get_player("expert", seed))
        for _ in range(2 + seed % 9):
            if deal.over:
                break
            deal.apply(players[deal.current].choose(PlayerView.of(deal)))
        if deal.over or deal.current != 0 or deal.reshuffles:
            continue
        other = _swapped(deal, 0)
        # the hidden cards differ, what seat 0 sees does not
        assert other.hands[1] != deal.hands[1] or other.stock != deal.stock
        context = MatchContext((40, 70), 100, 2)
        view, same = (PlayerView.of(d, seat=0, match=context) for d in (deal, other))
        assert view == same
        assert hints(view, seed=seed, worlds=WORLDS) == hints(same, seed=seed, worlds=WORLDS)
        seen += 1
        if seen == 6:
            break
    assert seen == 6


def test_the_same_view_and_seed_give_the_same_table_and_another_seed_may_not() -> None:
    deal = Deal.new(STANDARD, seed=11)
    deal.apply(get_player("expert", 1).choose(PlayerView.of(deal)))
    view = PlayerView.of(deal)
    first = hints(view, seed=2, worlds=WORLDS)
    assert hints(view, seed=2, worlds=WORLDS) == first
    others = [hints(view, seed=s, worlds=WORLDS) for s in range(3, 8)]
    assert any(o["rows"] != first["rows"] for o in others)


def test_worlds_agree_with_the_view() -> None:
    """Every sampled world gives the opponent its known cards and a full hand, and
    puts no card the seat sees in the opponent's hand or the stock; after a
    reshuffle the stock holds only cards the reshuffle put there."""
    rules = STANDARD
    checked = restocked = 0
    for seed in range(60):
        deal = Deal.new(rules, seed=seed)
        # players that never go out, so that the stock runs out and is rebuilt
        players = (RandomPlayer(seed), RandomPlayer(-seed))
        while not deal.over and deal.turns < 80:
            view = PlayerView.of(deal, seat=0)
            if deal.current == 0 and deal.turns % 7 == 3:
                for world in _worlds(view, 3, random.Random(seed)):
                    _check_world(view, world)
                checked += 1
                restocked += bool(view.restocked)
            deal.apply(players[deal.current].choose(PlayerView.of(deal)))
        if checked > 40 and restocked > 2:
            break
    assert checked > 40 and restocked > 2


def _check_world(view: PlayerView, world: _World) -> None:
    opponent = {CARDS[i] for i in world.opponent}
    stock = [CARDS[i] for i in world.stock]
    assert len(opponent) == view.opponent_hand_size and len(stock) == view.stock_size
    assert set(view.opponent_known) <= opponent
    seen = {*view.hand, *view.discard_pile}
    assert not (opponent | set(stock)) & seen and not opponent & set(stock)
    assert opponent | set(stock) == set(view.unseen()) | set(view.opponent_known)
    if view.restocked and len(view.restocked_unseen()) >= view.stock_size:
        assert set(stock) <= set(view.restocked_unseen())


def test_win_chance_model() -> None:
    rules = STANDARD
    # a single deal: the deal is the game (a dead deal counts 1/2)
    assert [win_chance(rules, None, (0, 0), p) for p in (5, 0, -5)] == [1.0, 0.5, 0.0]
    # reaching the target wins, the opponent reaching it loses
    assert win_chance(rules, 100, (80, 95), 20) == 1.0
    assert win_chance(rules, 100, (95, 80), -20) == 0.0
    # even scores: even chances; ahead is better; more points are better
    assert abs(win_chance(rules, 100, (30, 30), 0) - 0.5) < 0.01
    chances = [win_chance(rules, 100, (30, 30), p) for p in (-40, -10, 0, 10, 40)]
    assert chances == sorted(chances) and len(set(chances)) == 5
    for name in PRESETS:
        played, counts = DEAL_POINTS[name]
        assert sum(counts.values()) == played
        a = win_chance(PRESETS[name], 100, (60, 20), 0)
        b = win_chance(PRESETS[name], 100, (20, 60), 0)
        assert abs(a + b - 1) < 0.01 and a > 0.5


def test_worlds_per_move_and_a_forced_move() -> None:
    assert worlds_per_move(1) == MAX_WORLDS
    assert worlds_per_move(2) == min(MAX_WORLDS, ROLLOUTS // 2)
    assert worlds_per_move(40) == MIN_WORLDS
    deal = Deal.new(STANDARD, seed=7)
    for _ in range(2):
        deal.apply(deal.legal_actions()[1])  # both pass the upcard
    view = PlayerView.of(deal)
    assert view.legal_actions() == [DrawStock()]
    table = hints(view, seed=1, worlds=WORLDS)
    [row] = table["rows"]
    assert row["action"] == "stock" and row["expert"] and row["reason"] == "stock_only"
    assert not row["tie"] and row["best"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_terminal_game_shows_the_chances(lang: str) -> None:
    """'?' at the prompt of ``ginrules play`` prints the table: a row per legal move,
    the expert's choice marked, in the game's language."""
    import argparse
    import io

    from ginrules.cli.game import HINT_WORDS, Voice, run_play

    args = argparse.Namespace(
        seed=7, dealer="computer", level="good", variant="standard", lang=lang
    )
    out = io.StringIO()
    run_play(args, stdout=out, stdin=io.StringIO("?\nquit\n"))
    say = Voice(lang, STANDARD)
    text = out.getvalue()
    assert say(HINT_WORDS["hints_title"]) in text and say(HINT_WORDS["hints_expert"]) in text
    view = PlayerView.of(Deal.new(STANDARD, seed=7, dealer=1))
    rows = [line for line in text.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(rows) == len(view.legal_actions()) == 2
