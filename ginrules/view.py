"""What one seat knows: a :class:`PlayerView`, the only thing a player is given.

A view is built from a :class:`~ginrules.deal.Deal` for the seat to act (or any
seat) by :meth:`PlayerView.of`. It holds that seat's own hand, the rules, the
deal's first upcard, the discard pile in order, the cards each player took from
the pile (public: both saw them taken), the cards the opponent took and still
holds, the cards the opponent refused or threw, the sizes of the stock and of
the opponent's hand, the phase and whose turn it is, the match context
(:class:`MatchContext`) and the legal actions. It never holds the opponent's
other cards nor the order of the stock.

>>> from ginrules.deal import Deal
>>> from ginrules.rules import STANDARD
>>> deal = Deal.new(STANDARD, seed=7)
>>> view = PlayerView.of(deal)
>>> view.seat, view.phase, len(view.hand), view.stock_size, view.opponent_hand_size
(1, 'offer', 10, 31, 10)
>>> [str(a) for a in view.legal_actions()]
['take', 'pass']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from ginrules.cards import CARDS, Card
from ginrules.deal import Action, BigGin, Deal, Gin, Knock, Phase, discard_actions
from ginrules.going_out import GoingOut, check_going_out
from ginrules.match import GameStanding
from ginrules.rules import Rules
from ginrules.showdown import ShowdownResult, SpreadOption, spread_options

__all__ = ["GameScore", "MatchContext", "PlayerView", "Shown"]


@dataclass(frozen=True)
class Shown:
    """A showdown as a seat saw it: both hands are laid on the table, so each
    player learns the other's cards (:meth:`of`).

    ``deal_number`` is the deal's number in its match, ``hand`` this seat's cards
    and ``opponent_hand`` the opponent's as shown (before lay-offs), ``went_out``
    whether this seat knocked or went gin, and ``showdown`` the engine's account
    of it (spread, lay-offs, score). ``upcard`` is the deal's first upcard (an
    Oklahoma knock limit) and ``turns`` the discards made in it, going out
    included: the player who went out did so in its own turn ``(turns + 1) // 2``
    (discards alternate).
    """

    deal_number: int
    hand: tuple[Card, ...]
    opponent_hand: tuple[Card, ...]
    went_out: bool
    showdown: ShowdownResult
    upcard: Card | None = None
    turns: int = 0

    @classmethod
    def of(cls, deal: Deal, seat: int, deal_number: int = 1) -> Shown | None:
        """What ``seat`` saw at the showdown of ``deal``; ``None`` before the
        deal is over and after a dead deal (no hand is shown)."""
        result = deal.result
        if result is None or result.showdown is None:
            return None
        return cls(
            deal_number=deal_number,
            hand=tuple(deal.hands[seat]),
            opponent_hand=tuple(deal.hands[1 - seat]),
            went_out=result.going_out == seat,
            showdown=result.showdown,
            upcard=deal.upcard,
            turns=result.turns,
        )


@dataclass(frozen=True)
class GameScore:
    """One game (or manche) of the match's score sheet as it stands, from the seat's
    side: its ``number``, the ``scores`` in it (this seat's, the opponent's), its
    ``target``, whether it is ``closed``, and ``entered``: whether a deal won now by
    this seat, and by the opponent, would be entered in it."""

    number: int
    scores: tuple[int, int]
    target: int | None
    closed: bool = False
    entered: tuple[bool, bool] = (True, True)


@dataclass(frozen=True)
class MatchContext:
    """Where the deal stands in its match, from the seat's side.

    ``scores`` are (this seat's, the opponent's) points before the deal in the game
    in progress (number ``game``): the one game of a game to 100 or 250, the manche
    being played in Gin Rami, the first game still open under Hollywood scoring,
    which any deal won is entered in; ``target`` is the score that ends that game
    (``None``: a single deal). ``games`` is the whole sheet as it stands
    (:class:`GameScore`: each game's scores, which are closed, which a win by either
    seat would be entered in; a partie's manches so far) and ``scheme`` its scoring
    scheme (``None`` where not told: one game, ``scores`` and ``target``).
    ``deal_number`` is the deal's number in the match (1-based) and ``showdowns``
    what the seat saw at the showdowns of the match's earlier deals (oldest first;
    dead deals show nothing).
    """

    scores: tuple[int, int] = (0, 0)
    target: int | None = None
    deal_number: int = 1
    showdowns: tuple[Shown, ...] = ()
    game: int = 1
    games: tuple[GameScore, ...] = ()
    scheme: str | None = None

    @classmethod
    def of(
        cls,
        standing: Sequence[GameStanding],
        seat: int,
        *,
        scheme: str | None = None,
        deal_number: int = 1,
        showdowns: tuple[Shown, ...] = (),
    ) -> MatchContext:
        """The context of ``seat`` from a sheet's standing before the deal
        (:meth:`ginrules.match.ScoreSheet.standing`)."""
        games = tuple(
            GameScore(
                g.number,
                (g.totals[seat], g.totals[1 - seat]),
                g.target,
                g.closed,
                (g.entered[seat], g.entered[1 - seat]),
            )
            for g in standing
        )
        now = next((g for g in games if not g.closed), games[-1])
        return cls(
            scores=now.scores,
            target=now.target,
            deal_number=deal_number,
            showdowns=showdowns,
            game=now.number,
            games=games,
            scheme=scheme,
        )

    def game_scores(self) -> tuple[GameScore, ...]:
        """The sheet's games: ``games``, or the one game that ``scores`` and ``target``
        describe where the context was not built from a sheet."""
        return self.games or (GameScore(self.game, self.scores, self.target),)

    def need(self, opponent: bool = False) -> tuple[int, int] | None:
        """``(game, points)``: the game in which this seat (or its ``opponent``) is
        nearest its target among those a deal it wins now would be entered in, and the
        points it still needs there; ``None`` in a single deal. Under Hollywood scoring
        that is the first game still open, which every win is entered in, and where a
        player's total is highest."""
        needs = self.needs(opponent)
        if not needs:
            return None
        points, game = needs[0]
        return game, points

    def needs(self, opponent: bool = False) -> list[tuple[int, int]]:
        """``(points, game)`` for every game a deal this seat (or its ``opponent``) wins
        now would be entered in, nearest first (empty in a single deal)."""
        side = 1 if opponent else 0
        return sorted(
            (g.target - g.scores[side], g.number)
            for g in self.game_scores()
            if g.target is not None and not g.closed and g.entered[side]
        )

    def to_go(self, opponent: bool = False) -> int | None:
        """The points of :meth:`need` (``None`` in a single deal)."""
        need = self.need(opponent)
        return None if need is None else need[1]


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a deal (see the module docstring).

    ``picked`` holds, for seat 0 and seat 1, the cards each took from the
    discard pile (each card once, in the order first taken). ``opponent_known``
    are the cards the opponent took from the pile and has not discarded since
    (so they are in its hand);
    ``opponent_refused`` the cards the opponent could have taken from the pile
    and did not (the upcard it passed, the top discard when it drew from the
    stock); ``opponent_discards`` the cards the opponent threw (each card once,
    in the order first seen). ``taken`` is
    the card this seat just took from the pile (it may not throw it back) and
    ``drawn`` the card it drew this turn, from either pile. ``restocked`` are
    the cards the last reshuffle turned into the new stock (both players saw
    them in the discard pile; empty before any reshuffle). ``shown`` is this
    deal's showdown once it is over (:class:`Shown`: the opponent's hand is on
    the table then); ``None`` before, and after a dead deal.
    """

    seat: int
    rules: Rules
    hand: tuple[Card, ...]
    upcard: Card
    discard_pile: tuple[Card, ...]
    picked: tuple[tuple[Card, ...], tuple[Card, ...]]
    opponent_known: tuple[Card, ...]
    opponent_refused: tuple[Card, ...]
    opponent_discards: tuple[Card, ...]
    stock_size: int
    opponent_hand_size: int
    phase: Phase
    current: int
    dealer: int
    taken: Card | None
    drawn: Card | None
    turns: int
    reshuffles: int
    match: MatchContext
    legal: tuple[Action, ...] | None
    restocked: tuple[Card, ...] = ()
    shown: Shown | None = None

    @classmethod
    def of(
        cls, deal: Deal, seat: int | None = None, match: MatchContext | None = None
    ) -> PlayerView:
        """The view of ``seat`` (default: the player to act) on ``deal``."""
        me = deal.current if seat is None else seat
        opponent = 1 - me
        history = _public_history(deal)
        held = deal.hands[opponent]
        mine_to_act = me == deal.current and deal.phase != "over"
        match = match or MatchContext(target=None)
        return cls(
            seat=me,
            rules=deal.rules,
            hand=tuple(deal.hands[me]),
            upcard=deal.upcard,
            discard_pile=tuple(deal.discard_pile),
            picked=(tuple(history.picked[0]), tuple(history.picked[1])),
            opponent_known=tuple(c for c in history.picked[opponent] if c in held),
            opponent_refused=tuple(history.refused[opponent]),
            opponent_discards=tuple(history.thrown[opponent]),
            stock_size=len(deal.stock),
            opponent_hand_size=len(held),
            phase=deal.phase,
            current=deal.current,
            dealer=deal.dealer,
            taken=deal.taken if mine_to_act else None,
            drawn=_drawn(deal) if mine_to_act and deal.phase == "discard" else None,
            turns=deal.turns,
            reshuffles=deal.reshuffles,
            match=match,
            # in the discard phase the legal actions (a going-out check per card)
            # are worked out from the hand only when asked for
            legal=None if mine_to_act and deal.phase == "discard" else _drawing(deal, mine_to_act),
            restocked=tuple(history.restocked),
            shown=Shown.of(deal, me, match.deal_number),
        )

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def legal_actions(self) -> list[Action]:
        """Every action this seat may take now (empty when it is not its turn), in
        the order of :meth:`Deal.legal_actions`."""
        if self.legal is None:
            return discard_actions(self.hand, self.taken, self.rules, self.upcard)
        return list(self.legal)

    def stock_drawable(self) -> bool:
        """May the seat to draw take the top of the stock?"""
        if self.rules.stock_end == "dead_hand":
            return self.stock_size > self.rules.dead_hand_cards
        return self.stock_size > 0

    def check_going_out(self, discard: Card | None) -> GoingOut:
        """May this seat go out by discarding ``discard`` (``None``: big gin)?"""
        cards = self.hand if discard is None else [c for c in self.hand if c is not discard]
        return check_going_out(cards, self.rules, self.upcard)

    def unseen(self) -> list[Card]:
        """The cards this seat does not see now: the opponent's other cards and the
        stock. After a reshuffle they include the cards of the rebuilt stock,
        which the seat saw in the pile (:meth:`restocked_unseen`)."""
        seen = {*self.hand, *self.discard_pile, *self.opponent_known}
        return [c for c in CARDS if c not in seen]

    def restocked_unseen(self) -> list[Card]:
        """The cards of :meth:`unseen` that the last reshuffle put into the stock:
        each is still in the stock, or in the opponent's hand if it drew the
        card from the stock since."""
        seen = {*self.hand, *self.discard_pile, *self.opponent_known}
        return sorted(c for c in self.restocked if c not in seen)

    def never_seen(self) -> list[Card]:
        """The cards of :meth:`unseen` that the last reshuffle did not put into the
        stock (all of them before any reshuffle)."""
        restocked = set(self.restocked)
        return [c for c in self.unseen() if c not in restocked]

    def spread_options(self, discard: Card | None) -> list[SpreadOption]:
        """This seat's arrangements of least deadwood if it goes out discarding
        ``discard`` (``None``: big gin), the one to spread first
        (:func:`ginrules.showdown.spread_options`, from this view only: the
        discard pile and the card thrown are not in the opponent's hand, the
        cards the opponent took from the pile and kept are)."""
        kept = [c for c in self.hand if c is not discard]
        seen = [*self.discard_pile, *([] if discard is None else [discard])]
        return spread_options(kept, self.rules, seen, self.opponent_known)

    def spreading(self, action: Action) -> Action:
        """``action`` with its spread when it goes out (the first of
        :meth:`spread_options`), else ``action`` itself."""
        if isinstance(action, BigGin) and action.melds is None:
            return BigGin(self._melds(None))
        if isinstance(action, Knock | Gin) and action.melds is None:
            return type(action)(action.card, self._melds(action.card))
        return action

    def _melds(self, discard: Card | None) -> tuple[tuple[Card, ...], ...]:
        return tuple(m.cards for m in self.spread_options(discard)[0].spread.melds)


def _drawing(deal: Deal, mine_to_act: bool) -> tuple[Action, ...]:
    return tuple(deal.legal_actions()) if mine_to_act else ()


def _drawn(deal: Deal) -> Card | None:
    """The card the player to discard drew this turn (the last entry of the log)."""
    entry = deal.log[-1] if deal.log else {}
    code = entry.get("card") if entry.get("type") in ("draw_stock", "draw_discard") else None
    return None if code is None else Card.parse(code)


class _History:
    """The public history of a deal read so far from its log (see _public_history)."""

    def __init__(self, upcard: Card) -> None:
        self.read = 0
        self.pile: list[Card] = [upcard]
        self.refused: tuple[dict[Card, None], dict[Card, None]] = ({}, {})
        self.thrown: tuple[dict[Card, None], dict[Card, None]] = ({}, {})
        self.picked: tuple[dict[Card, None], dict[Card, None]] = ({}, {})
        self.restocked: list[Card] = []


# The history of each deal, read on from where the last view of it stopped, so that
# building a view does not read a long deal's whole log again.
_HISTORIES: WeakKeyDictionary[Deal, _History] = WeakKeyDictionary()


def _public_history(deal: Deal) -> _History:
    """The distinct cards each player took from the pile, refused and threw (in the
    order first seen), from the log.

    Only public entries are read: a card drawn from the stock is never used.
    """
    history = _HISTORIES.get(deal)
    if history is None or history.read > len(deal.log):
        history = _HISTORIES[deal] = _History(deal.upcard)
    pile = history.pile
    for entry in deal.log[history.read :]:
        event = entry.get("event")
        if event == "reshuffle":
            top = Card.parse(entry["top"])
            history.restocked = [c for c in pile if c is not top]
            pile[:] = [top]
            continue
        if event is not None:
            continue
        kind = entry["type"]
        who = entry["player"]
        if kind in ("pass", "draw_stock"):
            if pile:
                history.refused[who][pile[-1]] = None
        elif kind == "draw_discard":
            history.picked[who][pile.pop()] = None
        elif kind in ("discard", "knock", "gin"):
            card = Card.parse(entry["card"])
            pile.append(card)
            history.thrown[who][card] = None
    history.read = len(deal.log)
    return history
