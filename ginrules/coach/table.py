"""One game against the computer, from the reader's seat: the play page's table.

A :class:`Table` seats the reader ("you", seat 0) against a computer player
("computer", seat 1) of a level of :func:`ginrules.players.get_player`, on the
score sheet of a scheme (:func:`ginrules.score_entries.new_sheet`). It referees
every move with the engine's :class:`~ginrules.deal.Deal`, and it tells the
reader only what their seat knows: :meth:`Table.state` is built from the
reader's :class:`~ginrules.view.PlayerView`; the computer's hand appears only in
the result of a finished deal.

Everything follows from the table's ``seed``:

* deal *n* is ``Deal.new(rules, seed=deal_seed(seed, n), dealer)``, whatever came
  before it;
* the computer of deal *n* is a fresh ``get_player(level, deal_seed(seed, n,
  "computer"))``, so the same deal with the same reader moves gives the same
  computer moves, in a game, in a shared deal (``deal=n``) and in a what-if
  (``whatif=True``), as long as the players see the same scores (``scores``);
* the first dealer is drawn from ``seed`` unless ``dealer`` is given; later
  dealers follow the sheet's :meth:`~ginrules.match.ScoreSheet.next_dealer`.

The reader's moves (:meth:`Table.act`, and ``{"action": "next"}`` for
:meth:`Table.next_deal`) are logged in :meth:`Table.moves`; with the
constructor's arguments they rebuild the table (:meth:`Table.replay`), the
computer's moves played out as the page plays them.

Actions are written as ``{"action": "discard", "card": "7H"}``; ``action`` is one
of ``pass``, ``take`` (the upcard offered, or the discard pile's top card),
``stock``, ``discard``, ``knock``, ``gin``, ``big_gin``. Going out, the reader
may add the spread chosen, its melds as lists of cards: ``{"action": "knock",
"card": "7H", "melds": [["2S", "2D", "2C"], ["9H", "TH", "JH"]]}``; it must be
one of the reader's arrangements of least deadwood (else reason
``bad_spread``). Without it the reader spreads the suggestion. :meth:`Table.moves`
logs the melds given, so a replay spreads the same.

``spreads`` has an entry for each way of going out in ``legal`` (its
``action`` and ``card``), whose ``options`` are the reader's arrangements of
least deadwood (``melds``, ``unmatched``, ``deadwood``), the engine's
suggestion first (:meth:`~ginrules.view.PlayerView.spread_options`), each with
``fits``, the cards that would fit at once on its melds among those the reader
has not seen elsewhere (the computer may hold them), and ``known``, those of
them the computer surely holds (taken from the pile). Worked out from the
reader's view only, never from the computer's hand. The computer spreads by the
same rule from its own view.

State fields beyond the interface (``/work/issues/PLAY_API.md``): ``knock_limit``
is ``null`` when no knock is possible (gin only: Straight Gin, an Oklahoma ace
upcard) and also under rules with no deadwood test, where ``min_melded`` (8 in
Gin Rami) counts the melded cards instead; ``gin_only`` says gin only outright.
``reshuffles`` counts the times the stock was rebuilt from the discard pile this
deal (a page announces a new one). ``last`` holds the move records from the
reader's last move on (that move first), or the whole deal's while the reader
has not moved in it.
``arrangement.discard`` is the best discard of eleven cards; ``result.kind`` the
engine's outcome (``knock``, ``undercut``, ``gin``, ``big_gin``, ``dead``) beside
``result.outcome`` in the words of the rules; ``share.scores`` the scores the
players saw before the deal in the game in progress (under Hollywood scoring the
first game still open, in Gin Rami the manche), which the computer plays by (pass
them back as ``scores`` to replay a shared deal against the same computer; a
what-if keeps the whole sheet as it stood); ``share.sheet`` the earlier deals'
results as a link carries them (:func:`sheet_link`; pass them back as ``sheet`` to
open the deal with the sender's whole sheet), ``None`` when the table does not hold
them all. :meth:`Table.arguments` and
:meth:`Table.moves` rebuild the table (worker call ``play_moves``). ``game.totals``
are the match totals, ``None`` while a Hollywood match runs (its games stand apart:
``sheet.standing``).

>>> table = Table("standard", "game100", "beginner", 7, dealer="computer")
>>> state = table.state()
>>> state["phase"], state["turn"], len(state["hand"]), [m["action"] for m in state["legal"]]
('offer', 'you', 10, ['take', 'pass'])
>>> table.act({"action": "pass"})
>>> while table.state()["turn"] == "computer":
...     _ = table.computer_move()
>>> Table.replay("standard", "game100", "beginner", 7, table.moves(),
...              dealer="computer").state() == table.state()
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ginrules.cards import Card
from ginrules.coach.reports import hand, showdown_report
from ginrules.coach.tutor import action_dict, tutor
from ginrules.deal import (
    Action,
    BigGin,
    Deal,
    DealResult,
    Gin,
    Knock,
    action_from_dict,
    replay,
)
from ginrules.errors import GinRulesError, IllegalActionError
from ginrules.match import GameStanding, ScoreSheet, outcome_entry
from ginrules.players import Player, get_player
from ginrules.rules import Rules, find_variant
from ginrules.score_entries import MAX_DEALS, entry_text, fill_sheet, new_sheet, parse_entries
from ginrules.view import MatchContext, PlayerView, Shown

__all__ = [
    "COMPUTER",
    "MAX_DEAL",
    "MAX_SEED",
    "SEATS",
    "SHEET_LINK_VERSION",
    "YOU",
    "BadSeedError",
    "BadSheetLinkError",
    "NotYourTurnError",
    "Table",
    "TakeBackError",
    "action_dict",
    "deal_seed",
    "read_sheet_link",
    "sheet_link",
    "view_fields",
]

YOU: Final = 0
COMPUTER: Final = 1
SEATS: Final = ("you", "computer")
MAX_SEED: Final = 2**53 - 1
"""The largest seed (a JavaScript safe integer: a share link carries it)."""
MAX_DEAL: Final = 1_000_000


class BadSeedError(GinRulesError):
    """A seed or deal number that is not a whole number in range."""

    code = "bad_seed"

    def __init__(self, seed: str) -> None:
        super().__init__(f"not a deal number: {seed!r}", seed=seed)


class BadSheetLinkError(GinRulesError):
    """A link's score sheet that cannot be read (:func:`read_sheet_link`), or that
    does not lead to the deal it opens (an entry for each earlier deal, the game
    not over)."""

    code = "bad_sheet_link"

    def __init__(self, text: str, why: str) -> None:
        super().__init__(f"not a score sheet of this game: {text[:40]!r} ({why})", sheet=text[:40])


SHEET_LINK_VERSION: Final = "v1"
_LINK_ENTRY = re.compile(r"([AB])([0-9]{1,4})([a-z_]{2,20})|dead")


def sheet_link(results: Sequence[DealResult], rules: Rules) -> str:
    """The deals' results as a link carries them: the version (``v1``), then one
    entry per deal, each as the score sheet widget writes it
    (:func:`~ginrules.score_entries.entry_text`) without its spaces, joined by
    dots: ``v1.A25knock.dead.B31big_gin``. (:func:`read_sheet_link` reads it.)

    >>> from ginrules.rules import STANDARD
    >>> read = read_sheet_link("v1.A25knock.dead.B31gin", STANDARD)
    >>> [(r.winner, r.points, r.outcome) for r in read]
    [(0, 25, 'knock'), (None, 0, 'dead'), (1, 31, 'gin')]
    >>> sheet_link(read, STANDARD)
    'v1.A25knock.dead.B31gin'
    """
    return ".".join([SHEET_LINK_VERSION, *(entry_text(r, rules).replace(" ", "") for r in results)])


def read_sheet_link(text: str, rules: Rules) -> list[DealResult]:
    """The deals' results of a :func:`sheet_link`, each checked as the score sheet
    widget checks an entry (:func:`~ginrules.score_entries.parse_entries`).

    :raises BadSheetLinkError: for another version, an entry that is not
        ``A25knock`` or ``dead``, or one that no deal of these rules can give.
    """
    version, *entries = str(text).split(".")
    if version != SHEET_LINK_VERSION:
        raise BadSheetLinkError(str(text), "unknown version")
    if len(entries) > MAX_DEALS:
        raise BadSheetLinkError(str(text), "too many deals")
    words = []
    for entry in entries:
        found = _LINK_ENTRY.fullmatch(entry)
        if found is None:
            raise BadSheetLinkError(str(text), f"not an entry: {entry[:20]!r}")
        words.append("dead" if entry == "dead" else " ".join(found.groups()))
    try:
        return parse_entries("; ".join(words), rules)
    except GinRulesError as error:
        raise BadSheetLinkError(str(text), str(error)) from error


class NotYourTurnError(IllegalActionError):
    """A move asked of a seat that is not to play (``turn``: who is)."""

    def __init__(self, reason: str, turn: str | None) -> None:
        say = "the deal is over" if turn is None else f"{turn} to play"
        super().__init__(reason, f"not the turn of that seat: {say}", turn=turn)


class TakeBackError(IllegalActionError):
    """A take-back when the reader's last action revealed hidden information (or
    there is nothing to take back): only a card taken from the discard pile may be
    put back, before discarding."""

    def __init__(self) -> None:
        super().__init__("no_take_back", "only a card just taken from the pile can be put back")


def deal_seed(seed: int, number: int, purpose: str = "cards") -> int:
    """The seed of deal ``number``'s cards (or of its ``computer``, its ``tutor``
    advice...), from the table's seed and the deal number only."""
    return random.Random(f"ginrules.table/{seed}/{number}/{purpose}").getrandbits(32)


def _action(data: Action | dict[str, Any]) -> Action:
    """An action from :func:`action_dict` form (``type`` is read too).

    :raises IllegalActionError: (reason ``unknown_action``) for no action.
    :raises UnknownCardError: for a card that cannot be read.
    """
    if not isinstance(data, dict):
        return data
    kind = data.get("action", data.get("type"))
    if not isinstance(kind, str) or kind == "next":
        raise IllegalActionError("unknown_action", f"not an action: {kind!r}", action=str(kind))
    card = data.get("card")
    melds = data.get("melds")
    return action_from_dict(
        {"type": kind, "card": card if isinstance(card, str) else "", "melds": melds}
    )


def _move(action: Action) -> dict[str, Any]:
    """A move as :meth:`Table.moves` logs it: :func:`action_dict`, with the melds
    of a spread the reader chose."""
    data = action_dict(action)
    melds = getattr(action, "melds", None)
    if melds is not None:
        data["melds"] = [[c.code for c in m] for m in melds]
    return data


def _spreads(view: PlayerView, legal: Sequence[Action]) -> list[dict[str, Any]]:
    """For each way of going out in ``legal``: the move and the seat's ``options``
    of spread (:meth:`PlayerView.spread_options`, the suggestion first)."""
    out = []
    for action in legal:
        if isinstance(action, Knock | Gin | BigGin):
            card = None if isinstance(action, BigGin) else action.card
            options = [o.to_dict() for o in view.spread_options(card)]
            out.append({**action_dict(action), "options": options})
    return out


def _pair(totals: tuple[int, int] | None) -> list[int] | None:
    """A sheet's totals as JSON: ``None`` while a Hollywood match runs (no such score)."""
    return None if totals is None else list(totals)


def _cards(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _by_rank(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in sorted(cards, key=lambda c: (c.rank, c.suit))]


def view_fields(view: PlayerView) -> dict[str, Any]:
    """What a seat sees, as :meth:`Table.state` gives it: the hand (by suit and by
    rank) and its best arrangement, the card drawn and taken, the upcard and what
    it does, the stock and the discard pile, the opponent's card count and the
    legal actions."""
    rules = view.rules
    cards = sorted(view.hand)
    mine = hand(cards, rules, view.upcard)
    legal = view.legal_actions()
    arrangement = mine.arrangement
    best = mine.discards[0] if mine.discards else None
    limit = rules.knock_limit(view.upcard)
    drawable = view.stock_size
    if rules.stock_end == "dead_hand":
        drawable = max(0, drawable - rules.dead_hand_cards)
    return {
        "phase": view.phase,
        "hand": _cards(cards),
        "hand_by_rank": _by_rank(cards),
        "arrangement": {
            "melds": [m.to_dict() for m in arrangement.melds],
            "deadwood": _cards(arrangement.unmatched),
            "points": arrangement.deadwood,
            "discard": None if best is None else best.code,
        },
        # the card drawn from the stock this turn; one taken from the pile is "taken" only
        # (the page calls the one "just drawn", the other "just taken")
        "drawn": None if view.drawn is None or view.drawn == view.taken else view.drawn.code,
        "taken": None if view.taken is None else view.taken.code,
        "upcard": view.upcard.code,
        "knock_limit": limit or None,
        "gin_only": limit == 0,
        "min_melded": rules.knock_min_melded,
        "multiplier": rules.score_multiplier(view.upcard),
        "stock": view.stock_size,
        "stock_drawable": drawable,
        "discard_top": view.discard_pile[-1].code if view.discard_pile else None,
        "discard_size": len(view.discard_pile),
        "opponent_cards": view.opponent_hand_size,
        "reshuffles": view.reshuffles,
        "legal": [action_dict(a) for a in legal],
        "spreads": _spreads(view, legal),
    }


@dataclass
class _Played:
    """One deal of the table: its number, dealer, the computer playing it, the score
    sheet as it stood before the deal (``standing``) and the scores (you, computer)
    of the game in progress the players see, the move records and, once over, the
    showdown report."""

    number: int
    dealer: int
    deal: Deal
    computer: Player
    standing: tuple[GameStanding, ...]
    scores: tuple[int, int]
    records: list[dict[str, Any]] = field(default_factory=list)
    showdown: dict[str, Any] | None = None


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadSeedError(str(seed)[:40])
    return seed


def _check_deal(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
        raise BadSeedError(str(number)[:40])
    return number


def _seat(dealer: object) -> int:
    if dealer in SEATS:
        return SEATS.index(str(dealer))
    if dealer in (0, 1) and not isinstance(dealer, bool):
        return int(str(dealer))
    raise IllegalActionError(
        "bad_dealer", f"the dealer is 'you' or 'computer', not {dealer!r}", dealer=str(dealer)[:40]
    )


def _scores(scores: Sequence[int] | None) -> tuple[int, int] | None:
    if scores is None:
        return None
    values = list(scores)
    if len(values) != 2 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99_999 for v in values
    ):
        raise IllegalActionError("bad_scores", "scores are two whole numbers", scores=str(scores))
    return (values[0], values[1])


class Table:
    """A game between the reader (seat 0) and the computer (seat 1); see the module.

    :raises UnknownVariantError: for an unknown variant name.
    :raises BadSchemeError: for a scheme these rules do not offer.
    :raises UnknownLevelError: for an unknown level.
    :raises BadSeedError: for a seed (0 to ``MAX_SEED``) or deal number (1 to
        ``MAX_DEAL``) out of range.
    :raises IllegalActionError: (reason ``bad_dealer``, ``bad_scores``) for a
        dealer other than ``"you"``/``"computer"`` (or 0/1), or bad scores.
    """

    def __init__(
        self,
        rules: Rules | str,
        scheme: str,
        level: str,
        seed: int,
        *,
        deal: int = 1,
        dealer: int | str | None = None,
        whatif: bool = False,
        scores: Sequence[int] | None = None,
        standing: Sequence[GameStanding] | None = None,
        sheet: str | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, Rules) else find_variant(rules)
        self.sheet: ScoreSheet = new_sheet(self.rules, scheme)
        self.scheme = scheme
        get_player(level)  # an unknown level fails here, before any deal
        self.level = level.strip().lower()
        self.seed = _check_seed(seed)
        self.first_deal = _check_deal(deal)
        self.whatif = bool(whatif)
        if dealer is None:
            self.first_dealer = random.Random(f"ginrules.table/{seed}/dealer").randrange(2)
        else:
            self.first_dealer = _seat(dealer)
        self._first_scores = _scores(scores)
        self._first_standing = tuple(standing) if standing else None
        self._link_sheet = None if sheet is None else str(sheet)
        if sheet is not None:
            self._enter(str(sheet))
        self._moves: list[dict[str, Any]] = []
        self._played: list[_Played] = []
        self._filled: tuple[int, dict[str, Any]] | None = None
        self._start(self.first_deal, self.first_dealer)

    # the deals ---------------------------------------------------------------------

    def _enter(self, text: str) -> None:
        """A link's sheet: the earlier deals' results entered before the first deal."""
        results = read_sheet_link(text, self.rules)
        if self._first_scores is not None or self.whatif:
            raise BadSheetLinkError(text, "a sheet goes with no scores, in a game")
        if len(results) != self.first_deal - 1:
            raise BadSheetLinkError(text, f"{len(results)} entries before deal {self.first_deal}")
        for result in results:
            if self.sheet.over:
                raise BadSheetLinkError(text, "the game is over before the deal")
            self.sheet.record(result)
        if self.sheet.over:
            raise BadSheetLinkError(text, "the game is over before the deal")

    def _start(self, number: int, dealer: int) -> None:
        deal = Deal.new(self.rules, seed=deal_seed(self.seed, number), dealer=dealer)
        computer = get_player(self.level, deal_seed(self.seed, number, "computer"))
        standing = self.sheet.standing()
        if not self._played and self._first_standing:
            standing = self._first_standing
        elif not self._played and self._first_scores:
            # a link's scores: the game in progress, as the players saw it
            now = next((g for g in standing if not g.closed), standing[-1])
            standing = (replace(now, totals=self._first_scores),)
        now = next((g for g in standing if not g.closed), standing[-1])
        self._played.append(_Played(number, dealer, deal, computer, standing, now.totals))

    @property
    def _current(self) -> _Played:
        return self._played[-1]

    @property
    def deal(self) -> Deal:
        """The deal in progress (or just finished). Read it, do not change it: it
        holds the computer's hand and the stock."""
        return self._current.deal

    @property
    def game_over(self) -> bool:
        """Is the game over (a what-if: is its one deal over)?"""
        return self.deal.over if self.whatif else self.sheet.over

    def _context(self, seat: int, played: _Played | None = None) -> MatchContext:
        played = played or self._current
        earlier = self._played[: next(i for i, p in enumerate(self._played) if p is played)]
        shown = (Shown.of(p.deal, seat, p.number) for p in earlier)
        return MatchContext.of(
            played.standing,
            seat,
            scheme=self.scheme,
            deal_number=played.number,
            showdowns=tuple(s for s in shown if s is not None),
        )

    def view(self) -> PlayerView:
        """The reader's view of the deal: all that the reader's seat knows."""
        return PlayerView.of(self.deal, seat=YOU, match=self._context(YOU))

    def _apply(self, seat: int, action: Action) -> dict[str, Any]:
        deal = self.deal
        deal.apply(action, player=seat)
        entry = next(e for e in reversed(deal.log) if "type" in e)
        card = entry.get("card")
        if seat == COMPUTER and entry["type"] == "draw_stock":
            card = None  # hidden: the reader does not see the card drawn
        record = {"who": SEATS[seat], "action": action_dict(action)["action"], "card": card}
        self._current.records.append(record)
        if deal.result is not None:
            self._finish()
        return record

    def _finish(self) -> None:
        played = self._current
        deal, result = played.deal, played.deal.result
        assert result is not None
        if result.going_out is not None:
            knocker = result.going_out
            played.showdown = showdown_report(
                deal.hands[knocker],
                deal.hands[1 - knocker],
                self.rules,
                deal.upcard,
                None if result.showdown is None else result.showdown.spread,
            )
        if not self.whatif:
            self.sheet.record(result)

    # moves -------------------------------------------------------------------------

    def act(self, action: Action | dict[str, Any]) -> None:
        """The reader's move; the table is unchanged when it is refused.

        :raises IllegalActionError: for an illegal move (the deal's ``reason``:
            ``deal_over``, ``just_taken``, ``over_limit``...), or
            :class:`NotYourTurnError` (reason ``not_your_turn``) while the
            computer is to play.
        :raises UnknownCardError: for a card that cannot be read.
        """
        move = _action(action)
        deal = self.deal
        if not deal.over and deal.current != YOU:
            raise NotYourTurnError("not_your_turn", SEATS[COMPUTER])
        self._apply(YOU, move)
        self._moves.append(_move(move))

    def computer_move(self) -> dict[str, Any]:
        """The computer makes one action; its move record (see ``last``).

        :raises NotYourTurnError: (reason ``not_computer_turn``) when it is not
            the computer's turn.
        """
        deal = self.deal
        if deal.over or deal.current != COMPUTER:
            raise NotYourTurnError("not_computer_turn", None if deal.over else SEATS[YOU])
        played = self._current
        view = PlayerView.of(deal, seat=COMPUTER, match=self._context(COMPUTER))
        return self._apply(COMPUTER, played.computer.choose(view))

    def play_computer(self) -> list[dict[str, Any]]:
        """Let the computer play until it is the reader's turn or the deal is over."""
        records = []
        while not self.deal.over and self.deal.current == COMPUTER:
            records.append(self.computer_move())
        return records

    def can_take_back(self) -> bool:
        """May the reader put back the card just taken from the discard pile?"""
        deal = self.deal
        return (
            not deal.over
            and deal.current == YOU
            and deal.phase == "discard"
            and deal.taken is not None
        )

    def take_back(self) -> None:
        """Undo the reader's last action: taking the upcard or the pile's top card,
        before discarding. Nothing hidden was revealed, so nothing else changes.

        :raises TakeBackError: for any other last action.
        """
        if not self.can_take_back():
            raise TakeBackError()
        played = self._current
        old = played.deal
        played.deal = replay(old.moves[:-1], seed=old.seed, rules=self.rules, dealer=old.dealer)
        played.records.pop()
        self._moves.pop()

    def next_deal(self) -> None:
        """Deal the next deal of the game (dealer: the sheet's ``next_dealer``).

        :raises IllegalActionError: (reason ``deal_not_over`` or ``game_over``).
        """
        played = self._current
        result = played.deal.result
        if result is None:
            raise IllegalActionError("deal_not_over", "the deal is not over")
        if self.game_over:
            raise IllegalActionError("game_over", "the game is over")
        self._moves.append({"action": "next"})
        self._start(played.number + 1, self.sheet.next_dealer(played.dealer, result))

    def moves(self) -> list[dict[str, Any]]:
        """The reader's moves and ``{"action": "next"}``, in order (see :meth:`replay`)."""
        return [dict(m) for m in self._moves]

    @classmethod
    def replay(
        cls,
        rules: Rules | str,
        scheme: str,
        level: str,
        seed: int,
        moves: Sequence[dict[str, Any]],
        deal: int = 1,
        dealer: int | str | None = None,
        *,
        whatif: bool = False,
        scores: Sequence[int] | None = None,
        sheet: str | None = None,
    ) -> Table:
        """The table rebuilt from its arguments and :meth:`moves`: before each move
        and at the end, the computer plays until it is the reader's turn.

        :raises IllegalActionError: for a move that is illegal at its point.
        """
        table = cls(
            rules,
            scheme,
            level,
            seed,
            deal=deal,
            dealer=dealer,
            whatif=whatif,
            scores=scores,
            sheet=sheet,
        )
        table.play_moves(moves)
        return table

    def play_moves(self, moves: Sequence[dict[str, Any]]) -> None:
        """Play a move log of :meth:`moves` form: before each move and at the end,
        the computer plays until it is the reader's turn.

        :raises IllegalActionError: for a move that is illegal at its point.
        """
        for move in moves:
            self.play_computer()
            if isinstance(move, dict) and move.get("action") == "next":
                self.next_deal()
            else:
                self.act(move)
        self.play_computer()

    def whatif_table(self) -> Table:
        """The last finished deal again, against the same computer, not scored.

        :raises IllegalActionError: (reason ``deal_not_over``) before any deal ended.
        """
        done = [p for p in self._played if p.deal.over]
        if not done:
            raise IllegalActionError("deal_not_over", "no deal is over yet")
        last = done[-1]
        return Table(
            self.rules,
            self.scheme,
            self.level,
            self.seed,
            deal=last.number,
            dealer=last.dealer,
            whatif=True,
            scores=last.scores,
            standing=last.standing,
        )

    # what the page shows -----------------------------------------------------------

    def _last(self) -> list[dict[str, Any]]:
        records = self._current.records
        mine = [i for i, r in enumerate(records) if r["who"] == SEATS[YOU]]
        return [dict(r) for r in records[mine[-1] if mine else 0 :]]

    def _result(self) -> dict[str, Any] | None:
        played = self._current
        result = played.deal.result
        if result is None:
            return None
        knocker = result.going_out
        shown = result.showdown
        return {
            "dead": result.dead,
            "winner": None if result.winner is None else SEATS[result.winner],
            "outcome": outcome_entry(self.rules, result.outcome),
            "kind": result.outcome,
            "points": result.points,
            "knocker": None if knocker is None else SEATS[knocker],
            "showdown": played.showdown,
            "hands": {SEATS[s]: _cards(sorted(played.deal.hands[s])) for s in (YOU, COMPUTER)},
            "knocker_deadwood": None if shown is None else shown.knocker_deadwood,
        }

    def _sheet_dict(self) -> dict[str, Any]:
        results = self.sheet.results
        if self._filled is None or self._filled[0] != len(results):
            self._filled = (len(results), fill_sheet(self.rules, self.scheme, list(results)))
        return self._filled[1]

    def _share_sheet(self, played: _Played) -> str | None:
        """The sheet before ``played`` as a link carries it (:func:`sheet_link`);
        ``None`` when the table does not hold the whole sheet (it was opened from a
        link's scores, or a later deal with none) or plays a what-if."""
        whole = self.first_deal == 1 or self._link_sheet is not None
        if self._first_scores is not None or self.whatif or not whole:
            return None
        return sheet_link(self.sheet.results[: played.number - 1], self.rules)

    def arguments(self) -> dict[str, Any]:
        """The constructor's arguments, JSON-ready: with :meth:`moves` they rebuild
        the table (``Table.replay(**arguments, moves=moves)``)."""
        return {
            "rules": self.rules.name,
            "scheme": self.scheme,
            "level": self.level,
            "seed": self.seed,
            "deal": self.first_deal,
            "dealer": SEATS[self.first_dealer],
            "whatif": self.whatif,
            "scores": None if self._first_scores is None else list(self._first_scores),
            "sheet": self._link_sheet,
        }

    def state(self) -> dict[str, Any]:
        """The table as the reader may see it, JSON-ready (fields in the module)."""
        played = self._current
        deal = played.deal
        data = view_fields(self.view())
        if deal.over:
            data["phase"] = "game_over" if self.game_over else "over"
            data["legal"] = []
            data["spreads"] = []
        sheet = self.sheet
        winner = None if self.whatif or sheet.winner is None else SEATS[sheet.winner]
        data.update(
            variant=self.rules.name,
            scheme=self.scheme,
            level=self.level,
            seed=self.seed,
            deal=played.number,
            first_deal=self.first_deal,
            whatif=self.whatif,
            dealer=SEATS[played.dealer],
            turn=None if deal.over else SEATS[deal.current],
            last=self._last(),
            can_take_back=self.can_take_back(),
            result=self._result(),
            sheet=self._sheet_dict(),
            game={"over": self.game_over, "winner": winner, "totals": _pair(sheet.totals)},
            share={
                "variant": self.rules.name,
                "scheme": self.scheme,
                "level": self.level,
                "seed": self.seed,
                "deal": played.number,
                "dealer": SEATS[played.dealer],
                "scores": list(played.scores),
                "sheet": self._share_sheet(played),
            },
        )
        return data

    # the tutor ---------------------------------------------------------------------

    def _tutor_seed(self, number: int, turn: int) -> int:
        return deal_seed(self.seed, number, f"tutor/{turn}")

    def tutor(self) -> dict[str, Any]:
        """The tutor's answer for the reader's position (:func:`ginrules.tutor.tutor`
        on the reader's view; its expert is a separate seeded player)."""
        played = self._current
        turn = sum(1 for r in played.records if r["who"] == SEATS[YOU]) + 1
        return tutor(self.view(), self._tutor_seed(played.number, turn))

    def review(self, deal_index: int, turn: int) -> dict[str, Any]:
        """The reader's ``turn``-th decision (1-based) in finished deal number
        ``deal_index``: what the reader saw then (the :func:`view_fields`), the
        move made and the tutor's answer, as the tutor would have given it.

        :raises IllegalActionError: (reason ``no_review``) for a deal of this table
            that is not finished, or ``no_turn`` for a turn out of range.
        """
        played = next((p for p in self._played if p.number == deal_index), None)
        if played is None or not played.deal.over:
            raise IllegalActionError(
                "no_review", "no finished deal has that number", deal=str(deal_index)[:40]
            )
        points: list[tuple[PlayerView, Action]] = []
        again = Deal.new(self.rules, seed=played.deal.seed, dealer=played.dealer)
        context = self._context(YOU, played)
        for action in played.deal.moves:
            if again.current == YOU:
                points.append((PlayerView.of(again, seat=YOU, match=context), action))
            again.apply(action)
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= len(points):
            raise IllegalActionError(
                "no_turn", "no such turn in that deal", turn=str(turn)[:40], turns=len(points)
            )
        view, move = points[turn - 1]
        return {
            "deal": deal_index,
            "turns": len(points),
            "turn": turn,
            **view_fields(view),
            "move": action_dict(move),
            "tutor": tutor(view, self._tutor_seed(deal_index, turn)),
        }
