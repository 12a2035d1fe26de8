"""The ``camper`` level: a gin camper in the style of the EAAI 2021 challenge's winner.

The MARJJ player (Penn State Harrisburg, "A Heuristic Evaluation Function for
Hand Strength Estimation in Gin Rummy", AAAI/EAAI-21) is rebuilt here from its
published description, as jdh8/gin-rummy-engine reconstructed it
(``docs/marjj-parity-plan.md``): it is a yardstick for the expert, not the
challenge's program.

- **Draw:** it takes the face-up card only when the card joins a meld with its
  hand *and* lowers its deadwood (as the good player does).
- **Discard:** it throws the card that minimises the deadwood kept, plus a
  heavily weighted, decaying one-draw look-ahead (``lookahead`` times
  ``decay`` to the power of its own turn number less one, times the deadwood
  expected after the next draw and the best discard, each card it has not
  seen drawn as likely), plus ``danger`` times the chance that the opponent
  holds a meld for the card (:func:`ginrules.players.base._feeds`).
- **Going out:** gin (big gin where the rules have it) whenever it can; a
  knock only in its first ``knock_turns`` turns, then it plays only for gin.
- **Spread:** as every level, the arrangement of least deadwood that leaves
  the fewest lay-offs the opponent may hold, from the seat's view
  (:meth:`ginrules.view.PlayerView.spread_options`), which is the camper's rule.

>>> from ginrules.deal import Deal
>>> from ginrules.players import get_player, play_deal
>>> from ginrules.rules import STANDARD
>>> deal = Deal.new(STANDARD, seed=3)
>>> play_deal(deal, (get_player("camper", 1), get_player("good", 2))) is deal.result
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ginrules.cards import CARDS, Card
from ginrules.melds import _tables
from ginrules.players.base import _feeds, _saved
from ginrules.players.good import GoodPlayer
from ginrules.view import PlayerView

__all__ = [
    "CamperPlayer",
    "hand_strength_valuer",
    "lookahead_valuer",
    "lookahead_weight",
    "own_turn",
]


def own_turn(view: PlayerView) -> int:
    """The seat's own turn number in the deal: 1 until its first discard, then 2...

    ``view.turns`` counts the discards of both seats, which alternate, so the
    seat to act has made ``turns // 2`` discards whoever played first.
    """
    return view.turns // 2 + 1


class CamperPlayer(GoodPlayer):
    """The ``camper`` level, a gin camper in the style of the EAAI 2021 challenge's
    winner, deterministic per seed: it takes the face-up card only when it joins a meld
    and lowers its deadwood, throws the card that keeps the least deadwood plus a
    look-ahead on the next draw (weighted ``lookahead``, decaying by ``decay`` each of
    its turns) plus ``danger`` times the chance of feeding the opponent, goes gin
    whenever it can and knocks only in its first ``knock_turns`` turns."""

    def __init__(
        self,
        seed: int = 0,
        lookahead: float = 18.0,
        decay: float = 0.9,
        danger: float = 6.0,
        knock_turns: int = 3,
        restless_after: int = 2,
        strength: float = 0.0,
    ) -> None:
        super().__init__(seed, lookahead, restless_after)
        self.lookahead = lookahead
        self.decay = decay
        self.danger = danger
        self.knock_turns = knock_turns
        self.strength = strength

    def weight(self, view: PlayerView) -> float:
        """The look-ahead's weight at this turn: ``lookahead * decay ** (turn - 1)``."""
        return lookahead_weight(view, self.lookahead, self.decay)

    def _valuer(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[Card, int, int], float]:
        if self.strength:
            return hand_strength_valuer(view, self.strength, self.danger, self.weight(view))
        return lookahead_valuer(view, self.weight(view), self.danger)

    def _knocks(self, view: PlayerView, left: int) -> bool:
        return own_turn(view) <= self.knock_turns


def lookahead_weight(view: PlayerView, lookahead: float, decay: float) -> float:
    """The camper's look-ahead weight at the seat's turn: ``lookahead * decay ** (turn - 1)``."""
    return lookahead * decay ** (own_turn(view) - 1)


def lookahead_valuer(
    view: PlayerView, weight: float, danger: float
) -> Callable[[Card, int, int], float]:
    """The camper's measure of a discard (see the module docstring), as
    ``value(card, kept, left)`` (lower is better; ``kept`` the ten cards kept as a bit
    mask, ``left`` their deadwood): ``left`` plus ``weight`` times the deadwood
    expected after the next draw, plus ``danger`` times the chance that the opponent
    holds a meld for ``card``; -1 for a gin."""
    tables = _tables(view.rules)
    outs = [1 << c.index for c in view.unseen()]
    feeds = _feeds(view)

    def value(card: Card, kept: int, left: int) -> float:
        if not left:
            return -1.0
        # the deadwood expected after the next draw is left - saved
        ahead = left - _saved(kept, left, outs, tables)
        return left + weight * ahead + danger * feeds(card)

    return value


def hand_strength_valuer(
    view: PlayerView, weight: float, danger: float, lookahead: float = 0.0
) -> Callable[[Card, int, int], float]:
    """The measure of a discard by the estimate of the hand's strength (see the
    module docstring), as ``value(card, kept, left)`` (lower is better): ``left``
    plus ``weight`` times the deadwood expected to stay unmelded at the end of the
    deal, plus ``danger`` times the chance that the opponent holds a meld for
    ``card``; -1 for a gin.

    A card of the ten kept stays unmelded unless one of the three-card melds
    through it comes together: each other card of such a meld is there for sure
    when kept, never when it is in the discard pile or known in the opponent's
    hand, and, unseen, with the chance of drawing it in the seat's draws left
    (half the stock that may still be drawn, over the unseen cards): the stage of
    the deal."""
    rules = view.rules
    unseen = view.unseen()
    drawable = max(
        view.stock_size - (rules.dead_hand_cards if rules.stock_end == "dead_hand" else 0), 0
    )
    chance = min(1.0, drawable / 2 / len(unseen)) if unseen else 0.0
    open_ = [0.0] * 52
    for c in unseen:
        open_[c.index] = chance
    values = [rules.card_value(c) for c in CARDS]
    wrap = rules.round_the_corner
    feeds = _feeds(view)
    tables = _tables(rules)
    outs = [1 << c.index for c in unseen]
    melds: list[list[tuple[int, int]]] = []
    for index in range(52):
        suit, rank = divmod(index, 13)
        others = [s * 13 + rank for s in range(4) if s != suit]
        ways = [(others[0], others[1]), (others[0], others[2]), (others[1], others[2])]
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            ra, rb = rank + a, rank + b
            if wrap:
                ra, rb = ra % 13, rb % 13
            elif not (0 <= ra < 13 and 0 <= rb < 13):
                continue
            ways.append((suit * 13 + ra, suit * 13 + rb))
        melds.append(ways)

    def value(card: Card, kept: int, left: int) -> float:
        if not left:
            return -1.0
        expected = 0.0
        for index in range(52):
            if not kept >> index & 1:
                continue
            alone = 1.0
            for a, b in melds[index]:
                pa = 1.0 if kept >> a & 1 else open_[a]
                pb = 1.0 if kept >> b & 1 else open_[b]
                alone *= 1.0 - pa * pb
                if not alone:
                    break
            expected += values[index] * alone
        score = left + weight * expected + danger * feeds(card)
        if lookahead:
            score += lookahead * (left - _saved(kept, left, outs, tables))
        return score

    return value
