"""Hints with win chances (issue 22, point 3): every legal move of the seat to act,
the expert's choice first, the others ranked by the estimated chance of winning the
game.

:func:`hints` is given a :class:`~ginrules.view.PlayerView` and nothing else. For
each legal move of the phase (take or pass the upcard, take the pile's card or
draw from the stock, each discard, each knock or gin with its discard, big gin)
it plays the same ``worlds`` determinized worlds to the end of the deal:

* **A world** is one way the hidden cards may lie, drawn from the view only: the
  opponent holds the cards it took from the pile and kept (the view's
  ``opponent_known``), and the rest of its hand and the stock are drawn, as
  likely, from the cards the seat has not seen (``unseen()``); after a
  reshuffle, the stock holds only cards the reshuffle put there
  (``restocked_unseen()``), the opponent any others. The stock's order is drawn
  too. The same worlds serve every move (common random numbers), so two moves
  are compared on the same cards.
* **The rest of the deal** is played by a fast policy for both seats, the
  expert's (:class:`~ginrules.players.search.StrongPlayer`) decisions made cheaper: take
  the pile's card only when, in the best arrangement of the eleven cards, it
  joins a meld and the deadwood after the best discard falls; throw the card
  that leaves the least deadwood (the highest of equals); go gin or big gin
  whenever possible; knock only in the seat's first ``early_turns`` turns with at
  most ``early_at`` deadwood (4 and 10, as the expert where the match has not
  shown an opponent that knocks as soon as it may), or when the match's
  target is at most ``finish_within`` (10) points away. The showdown and its
  score are the engine's (:func:`~ginrules.showdown.showdown`), the knocker
  spreading as every level does (:func:`~ginrules.showdown.spread_options`,
  from what it knows). A deal still running after ``MAX_TURNS`` discards counts
  as dead.
* **The game-win chance** of a world's end: in a single deal, 1 for the seat
  that scores, 0 for the other and 1/2 for a dead deal; in a game to a target,
  the chance of reaching the target first from the scores after this deal,
  when the later deals are won by either player as likely and score as deals
  between two expert players score (:data:`DEAL_POINTS`, measured once by
  ``benchmarks/hints.py --deal-points`` and shipped here), worked out by
  dynamic programming over the scores in steps of ``STEP`` points
  (:func:`win_chance`).

The first row, ``best``, is always the expert's choice
(``StrongPlayer(seed).choose(view)``, the move the tutor advises and the expert
level plays: issue 32, one source of truth for the move to play); the other rows
follow by their mean win chance. The quick play-outs are a weaker judge than the
expert (a search that followed them did not play better, see
:mod:`ginrules.players.search`), so they never reorder the first row; instead each
row says how it compares with it. Each row has the mean win chance over the worlds
with its 95 % interval (normal, from the worlds' spread), the mean points of this
deal for the seat (negative: the opponent scores) with its interval, whether it is
the expert's choice (``expert``), whether it ties with the expert's row (``tie``:
the expert's row's win chance less this row's, taken world by world, has a 95 %
interval that holds 0; ``gap``, ``gap_margin``), and whether the play-outs rate it
above the expert's row beyond that noise (``ahead``: ``-gap > gap_margin``; about 1
table in 15 has such a row, ``benchmarks/hints.py``).

Each row has a one-line reason, a checked claim of the tutor
(:mod:`ginrules.tutor`, checked by ``tests/engine/test_tutor_claims.py``): the
expert's row the tutor's own reason; the other rows a fact about the move, with
the tutor's codes where they state facts of that move (``take_meld``,
``take_replaces``, ``take_lower``, ``take_only``, ``upcard_no_help``,
``pile_no_help``, ``upcard_no_meld``, ``pile_no_meld``, ``stock_only``, ``gin``,
``big_gin``, ``knock``, ``least_deadwood``) and the codes of
:data:`HINT_REASONS` otherwise:

``take_no_help`` {card, before, after}
    take ``card``: the deadwood after the best discard (``after``) is not less
    than the deadwood now (``before``).
``upcard_lower`` / ``pile_lower`` {card, before, after}
    pass / draw from the stock, leaving ``card``, with which the deadwood would
    fall from ``before`` to ``after`` (after the best discard).
``more_deadwood`` {card, deadwood, least}
    discard ``card``: it leaves ``deadwood``, more than the least, ``least``.

Everything follows from the view and ``seed``: the same view and seed give the
same table, and two deals that differ only in the cards the seat does not see
give the same table.

>>> from ginrules.deal import Deal
>>> from ginrules.rules import STANDARD
>>> table = hints(PlayerView.of(Deal.new(STANDARD, seed=7)), seed=1, worlds=4)
>>> [row["action"] for row in table["rows"]] in (["take", "pass"], ["pass", "take"])
True
>>> sum(row["expert"] for row in table["rows"])
1
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ginrules.cards import Card
from ginrules.coach.tutor import _discards, _reason, _taking, _with_card, action_dict
from ginrules.deal import Action, BigGin, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.melds import (
    deadwood,
)
from ginrules.players.rollouts import (
    DEAL_POINTS,
    MAX_TURNS,
    STEP,
    _Rollout,
    _worlds,
    win_chance,
)
from ginrules.players.search import StrongPlayer
from ginrules.view import PlayerView

if TYPE_CHECKING:
    from ginrules.coach.table import Table

__all__ = [
    "DEAL_POINTS",
    "HINT_REASONS",
    "MAX_TURNS",
    "MAX_WORLDS",
    "MIN_WORLDS",
    "ROLLOUTS",
    "STEP",
    "hints",
    "table_hints",
    "win_chance",
    "worlds_per_move",
]

ROLLOUTS: Final = 96
"""Rollouts per table by default, shared among the moves: ``ROLLOUTS // moves``
worlds per move, at least ``MIN_WORLDS`` and at most ``MAX_WORLDS``. Chosen by
measuring (``benchmarks/hints.py``, 120 tables over the four variants): at 144
rollouts a table took 125 ms in CPython at a load of about 4.5 on two cores (median;
99th percentile 279 ms), 307 ms inside Pyodide under Node (p99 701 ms), and in
Chromium on the play page 332 ms under the standard rules (p99 995 ms; Gin Rami p99
1,155 ms), above the page's budget of 250 ms (median) and 1 s (p99). At 96, on an
idle machine, CPython took 48 ms against 66 ms at 144 (median; p99 85 against
123 ms), with the same share of ties (3.4 rows of 6.1 tie with the best)."""

MIN_WORLDS: Final = 8
MAX_WORLDS: Final = 64


HINT_REASONS: Final = ("take_no_help", "upcard_lower", "pile_lower", "more_deadwood")
"""The reason codes a hint row may give beyond the tutor's (see the module)."""


_Z: Final = 1.96  # 95 % interval of a normal mean


_STRONG: Final = StrongPlayer()


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half width of its 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, _Z * math.sqrt(var / n)


def _row_reason(
    view: PlayerView, action: Action, least: list[tuple[int, Card]]
) -> tuple[str, dict[str, Any]]:
    """The reason of a row that is not the expert's choice: a fact of the move."""
    if isinstance(action, DrawStock | DrawDiscard | Pass):
        top = view.discard_pile[-1] if view.discard_pile else None
        if top is None or (
            isinstance(action, DrawStock) and DrawDiscard() not in view.legal_actions()
        ):
            return "stock_only", {}
        before = deadwood(view.hand, view.rules)
        after, _ = _with_card(view.hand, top, view.rules)
        numbers = {"card": top.code, "before": before, "after": after}
        lower = after < before
        if isinstance(action, DrawDiscard):
            if not lower and (view.phase == "offer" or DrawStock() in view.legal_actions()):
                return "take_no_help", numbers
            return _taking(view, action, top)
        prefix = "upcard" if view.phase == "offer" else "pile"
        code, params = _taking(view, action, top)
        if code.endswith("_race"):
            return f"{prefix}_lower", numbers
        return code, params
    if isinstance(action, Knock | Gin | BigGin):
        return _reason(view, _STRONG, action, least)
    assert isinstance(action, Discard)
    left = {card: points for points, card in least}
    fewest = least[0][0]
    card = action.card
    if left[card] == fewest:
        return "least_deadwood", {"card": card.code, "deadwood": fewest}
    return "more_deadwood", {"card": card.code, "deadwood": left[card], "least": fewest}


def worlds_per_move(moves: int, rollouts: int = ROLLOUTS) -> int:
    """The worlds each of ``moves`` moves is played in (see :data:`ROLLOUTS`).

    >>> worlds_per_move(1), worlds_per_move(2), worlds_per_move(8), worlds_per_move(30)
    (64, 48, 12, 8)
    """
    return max(MIN_WORLDS, min(MAX_WORLDS, rollouts // max(moves, 1)))


def hints(view: PlayerView, seed: int = 0, worlds: int | None = None) -> dict[str, Any]:
    """The hint table for the seat of ``view`` (see the module), JSON-ready::

        {to_play, worlds, target, scores, game, rows: [{action, card?, win, win_low,
          win_high, points, points_low, points_high, gap, gap_margin, best, tie, ahead,
          expert, reason, params}]}

    ``scores`` are the seat's and the opponent's in the game the chances are of: the
    game in progress, under Hollywood scoring ``game``, the first game still open
    (every win is entered in it; ``game`` is ``None`` under the other schemes).
    ``rows``: the expert's choice first (``best``), the others ranked by ``win``
    (then ``points``); empty when the seat is not to play. ``worlds``: per move (default
    :func:`worlds_per_move`).
    """
    legal = view.legal_actions()
    if worlds is None:
        worlds = worlds_per_move(len(legal))
    to_play = view.phase != "over" and view.current == view.seat
    match = view.match
    table: dict[str, Any] = {
        "to_play": to_play,
        "worlds": worlds,
        "target": match.target,
        "scores": list(match.scores),
        "game": match.game if match.scheme == "hollywood" else None,
        "rows": [],
    }
    if not to_play:
        return table
    player = StrongPlayer(seed)
    expert = player.choose(view)
    least = _discards(view) if len(view.hand) == 11 else []
    rng = random.Random(f"ginrules.hints/{seed}")
    sampled = _worlds(view, worlds, rng)
    scored = []
    for action in legal:
        points = []
        for world in sampled:
            rollout = _Rollout(view, world)
            rollout.apply(action)
            points.append(rollout.play())
        wins = [win_chance(view.rules, match.target, match.scores, p) for p in points]
        scored.append((action, points, wins))
    scored.sort(key=lambda s: (s[0] != expert, -sum(s[2]), -sum(s[1]), str(s[0])))
    best_wins = scored[0][2]
    rows: list[dict[str, Any]] = []
    for action, points, wins in scored:
        win, win_half = _interval(wins)
        mean, points_half = _interval(points)
        gap, gap_half = _interval([b - w for b, w in zip(best_wins, wins, strict=True)])
        mine = action == expert
        ahead = bool(rows) and -gap > gap_half
        if mine:
            reason, params = _reason(view, player, action, least)
        else:
            reason, params = _row_reason(view, action, least)
        rows.append(
            {
                **action_dict(action),
                "win": round(win, 4),
                "win_low": round(max(0.0, win - win_half), 4),
                "win_high": round(min(1.0, win + win_half), 4),
                "points": round(mean, 2),
                "points_low": round(mean - points_half, 2),
                "points_high": round(mean + points_half, 2),
                "gap": round(gap, 4),
                "gap_margin": round(gap_half, 4),
                "best": not rows,
                "tie": bool(rows) and abs(gap) <= gap_half,
                "ahead": ahead,
                "expert": mine,
                "reason": reason,
                "params": params,
            }
        )
    table["rows"] = rows
    return table


def table_hints(table: Table, seed: int | None = None) -> dict[str, Any]:
    """The hint table of the reader's position at a play table
    (:class:`ginrules.table.Table`): :func:`hints` on the reader's view, seeded as
    the table's tutor is for that position unless ``seed`` is given, so that the
    expert's choice marked is the tutor's advice."""
    played = table._current
    turn = sum(1 for r in played.records if r["who"] == "you") + 1
    own = table._tutor_seed(played.number, turn) if seed is None else seed
    return {**hints(table.view(), own), "seed": own}
