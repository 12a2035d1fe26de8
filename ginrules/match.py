"""Match scoring: score sheets for every scheme, row by row.

A score sheet takes the :class:`~ginrules.deal.DealResult` of each deal in turn
(:meth:`ScoreSheet.record`) and writes :class:`ScoreLine` rows: one per deal
(``deal`` or ``dead``), and one per bonus (``game_bonus``, ``shutout``,
``line_bonus``, ``manche_bonus``, ``petit_gin_bonus``, ``grand_gin_bonus``), each
with the running totals of its game, so that a page renders the sheet row by row.

Schemes (:func:`score_sheet` picks one from the rules unless told):

``one_deal``
    One deal decides; a dead deal is a draw.
``game``
    To a target (100 or 250). At the end the winner gets the game bonus; each
    player gets the line (box) bonus for every deal they won; a shutout (the loser
    scored nothing) doubles the winner's deal points before the boxes
    (``rules.shutout == "double"``, written as its own ``shutout`` line) or raises
    the game bonus (``"bonus"``: ``rules.shutout_game_bonus``).
``hollywood``
    Three games at once. A player's wins are entered in the games in progress
    that they have already scored in, and each win also opens the next game in
    progress for them: the first win is entered in game 1, the second in games 1
    and 2, the third and later in all three. Each game closes at the target with
    its own bonuses; later scores go only to games still open, and a player shut
    out of a closed game has their next win entered as their first score in the
    next game in progress (so no win is ever entered nowhere). Every won deal
    ends with an ``entered`` row (``game`` 0, ``detail["games"]`` the games it
    was entered in, ``detail["standing"]`` the three games after it, as
    :meth:`GameStanding.to_dict`). The match ends when all three are closed. While
    it runs the three games stand apart: their sum is the score of nothing, so the
    sheet's ``totals`` and an ``entered`` row's are ``None`` until the match is
    over; then they are the match totals, which decide it.
``manche`` / ``partie``
    The French manche to 250: its winner gets 100 more (200 if the opponent
    scored nothing in it); each player gets 50 per petit gin and 100 per grand gin
    scored in it. The manche goes to the first to reach the target, even when the
    loser's gin bonuses put the loser's total ahead. A partie is several manches;
    its score is the sum, and the higher sum wins it.

Dealer rule: after a dead deal the same dealer deals again. Otherwise this module
follows the common rule that **the loser of the previous deal deals the next**
(``dealer_rule="loser"``); ``"winner"`` and ``"alternate"`` are available.

A worked game to 100 (player 1 never scores: a shutout):

>>> from ginrules.rules import STANDARD
>>> sheet = score_sheet(STANDARD, "game")
>>> first = sheet.record(DealResult("gin", 0, 60, 0, None, 20, 0))
>>> for row in sheet.record(DealResult("knock", 0, 45, 0, None, 15, 0)):
...     print(row.kind, row.player, row.points, row.totals)
deal 0 45 (105, 0)
game_bonus 0 100 (205, 0)
shutout 0 105 (310, 0)
line_bonus 0 50 (360, 0)

Ties: one deal scores for one player only, so a game or manche always has one
winner (the player who reached the target). A one-deal game ends drawn only when
the deal is dead; a Hollywood match or partie whose totals are equal is drawn
(``winner`` is ``None``). A single manche's winner is who reached 250 first.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from ginrules.deal import DealResult, Outcome
from ginrules.errors import GinRulesError
from ginrules.rules import Rules

Scheme = Literal["one_deal", "game", "hollywood", "manche", "partie"]
DealerRule = Literal["loser", "winner", "alternate"]

__all__ = [
    "DealerRule",
    "GameSheet",
    "GameStanding",
    "HollywoodSheet",
    "MancheSheet",
    "MatchOverError",
    "OneDealSheet",
    "Scheme",
    "ScoreLine",
    "ScoreSheet",
    "entry_outcomes",
    "outcome_entry",
    "score_sheet",
]


def entry_outcomes(rules: Rules) -> dict[str, Outcome]:
    """The outcomes a score sheet entry may name under ``rules``, in their words,
    each with the engine's outcome.

    Rules that go down by melded cards (the French ``knock_min_melded``) speak of
    going down, petit gin and grand gin, and of the opponent who scores after a
    player went down (``undercut``; the engine's ``knock``, ``gin``,
    ``big_gin``, ``undercut``). Elsewhere: ``knock`` and ``undercut`` unless the
    rules are gin only, ``gin``, and ``big_gin`` where the rules have it.

    >>> from ginrules.rules import FRENCH, STRAIGHT
    >>> list(entry_outcomes(FRENCH)), list(entry_outcomes(STRAIGHT))
    (['going_down', 'undercut', 'petit_gin', 'grand_gin'], ['gin'])
    """
    if rules.knock_min_melded:
        return {
            "going_down": "knock",
            "undercut": "undercut",
            "petit_gin": "gin",
            "grand_gin": "big_gin",
        }
    outcomes: dict[str, Outcome] = {}
    if not rules.gin_only:
        outcomes.update(knock="knock", undercut="undercut")
    outcomes["gin"] = "gin"
    if rules.big_gin:
        outcomes["big_gin"] = "big_gin"
    return outcomes


def outcome_entry(rules: Rules, outcome: str) -> str:
    """The entry word of an engine outcome under ``rules`` (``knock`` ->
    ``going_down`` in French rules); ``dead`` stays ``dead``."""
    for word, engine in entry_outcomes(rules).items():
        if engine == outcome:
            return word
    return outcome


class MatchOverError(GinRulesError):
    """A deal was recorded on a score sheet whose match is over."""

    code = "match_over"

    def __init__(self) -> None:
        super().__init__("the match is over")


@dataclass(frozen=True)
class ScoreLine:
    """One row of a score sheet.

    ``kind``: ``deal``, ``dead``, ``entered`` (Hollywood: the games a deal went
    to), ``game_bonus``, ``shutout``, ``line_bonus``, ``manche_bonus``,
    ``petit_gin_bonus`` or ``grand_gin_bonus``. ``player`` gets
    ``points`` (``None`` for a dead deal). ``game`` is the column (1 to 3 for
    Hollywood, 0 for an ``entered`` row that speaks of the whole sheet, the manche
    number in a partie, else 1). ``deal`` is the deal number
    (1-based) the row belongs to. ``totals`` are the two players' totals in that
    game after the row; on a Hollywood ``entered`` row, ``None`` while the match runs
    (each game's totals are in ``detail["standing"]``) and the match totals on the
    row that ends it. ``detail`` explains the arithmetic (for example
    ``{"deals": 3, "each": 25}`` for a line bonus).
    """

    kind: str
    player: int | None
    points: int
    game: int
    deal: int
    totals: tuple[int, int] | None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        totals = None if self.totals is None else list(self.totals)
        return {**dataclasses.asdict(self), "totals": totals}


@dataclass(frozen=True)
class GameStanding:
    """One game (or manche) of a sheet as it stands (:meth:`ScoreSheet.standing`):
    its ``number``, the two players' ``totals`` in it, its ``target`` (``None``: one
    deal), whether it is ``closed`` and who won it, and ``entered``: for player 0
    and player 1, whether a deal they win now would be entered in it."""

    number: int
    totals: tuple[int, int]
    target: int | None
    closed: bool
    winner: int | None
    entered: tuple[bool, bool]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``number``, ``totals``, ``target``, ``closed``, ``winner``,
        ``entered`` (lists for the pairs)."""
        return {
            **dataclasses.asdict(self),
            "totals": list(self.totals),
            "entered": list(self.entered),
        }


class _Column:
    """One game (or manche) of a sheet: deal points, deals won, gins, totals."""

    def __init__(self, number: int, target: int | None, manche: bool = False) -> None:
        self.number = number
        self.target = target
        self.manche = manche
        self.totals = [0, 0]
        self.deal_points = [0, 0]
        self.wins = [0, 0]
        self.petit_gins = [0, 0]
        self.grand_gins = [0, 0]
        self.closed = False
        self.winner: int | None = None

    def line(
        self, kind: str, player: int | None, points: int, deal: int, **detail: Any
    ) -> ScoreLine:
        if player is not None:
            self.totals[player] += points
        return ScoreLine(
            kind, player, points, self.number, deal, (self.totals[0], self.totals[1]), detail
        )

    def enter(self, result: DealResult, deal: int, entry: str) -> ScoreLine:
        winner = result.winner
        assert winner is not None
        self.deal_points[winner] += result.points
        self.wins[winner] += 1
        if self.manche:
            if result.outcome == "gin":
                self.petit_gins[winner] += 1
            elif result.outcome == "big_gin":
                self.grand_gins[winner] += 1
        return self.line("deal", winner, result.points, deal, outcome=result.outcome, entry=entry)

    def standing(self, entered: tuple[bool, bool]) -> GameStanding:
        return GameStanding(
            self.number,
            (self.totals[0], self.totals[1]),
            self.target,
            self.closed,
            self.winner,
            entered,
        )

    def to_dict(self, name: str) -> dict[str, Any]:
        """JSON-ready: its number (keyed ``name``: game or manche), totals, closed, winner."""
        return {
            name: self.number,
            "totals": list(self.totals),
            "closed": self.closed,
            "winner": self.winner,
        }

    def reached(self) -> int | None:
        if self.target is None:
            return None
        for p in (0, 1):
            if self.totals[p] >= self.target:
                return p
        return None


class ScoreSheet:
    """The rows of a match so far; :meth:`record` each deal's result in turn.

    ``over`` says whether the match has ended, ``winner`` who won it (``None``
    while it runs, or for a draw), ``totals`` the two players' match totals (``None``
    while a Hollywood match runs: its games stand apart, :meth:`standing`).
    """

    scheme: Scheme = "one_deal"

    def __init__(self, rules: Rules, dealer_rule: DealerRule = "loser") -> None:
        self.rules = rules
        self.dealer_rule: DealerRule = dealer_rule
        self.rows: list[ScoreLine] = []
        self.results: list[DealResult] = []
        self.over = False
        self.winner: int | None = None

    @property
    def deal_number(self) -> int:
        """The number of the next deal (1-based)."""
        return len(self.results) + 1

    @property
    def totals(self) -> tuple[int, int] | None:
        raise NotImplementedError

    def _sum(self) -> tuple[int, int]:
        """The games (or manches) added up: what decides a match scored by totals."""
        columns = [g.totals for g in self.standing()]
        return (sum(t[0] for t in columns), sum(t[1] for t in columns))

    def _decide_by_totals(self) -> None:
        """The match is over: the higher total wins it, equal totals draw."""
        self.over = True
        a, b = self._sum()
        self.winner = None if a == b else (0 if a > b else 1)

    def standing(self) -> tuple[GameStanding, ...]:
        """Every game (or manche) of the sheet as it stands, in order: what a player
        sees of the match before the next deal (a Hollywood sheet's three games, a
        partie's manches so far)."""
        raise NotImplementedError

    def record(self, result: DealResult) -> list[ScoreLine]:
        """Score one deal; return the rows it added (the deal's, then any bonuses).

        :raises MatchOverError: if the match is already over.
        """
        if self.over:
            raise MatchOverError()
        self.results.append(result)
        deal = len(self.results)
        rows = [self._dead_line(deal)] if result.winner is None else self._score(result, deal)
        self.rows.extend(rows)
        return rows

    def entry(self, result: DealResult) -> str:
        """The outcome of ``result`` in the words of these rules (:func:`entry_outcomes`)."""
        return outcome_entry(self.rules, result.outcome)

    def _dead_line(self, deal: int) -> ScoreLine:
        totals = self._sum()
        return ScoreLine("dead", None, 0, 1, deal, totals, {"same_dealer": True})

    def _score(self, result: DealResult, deal: int) -> list[ScoreLine]:
        raise NotImplementedError

    def next_dealer(self, dealer: int, result: DealResult) -> int:
        """Who deals after ``result`` (dealt by ``dealer``): the same dealer after a
        dead deal, else as ``dealer_rule`` says (default: the loser).
        """
        if result.winner is None:
            return dealer
        if self.dealer_rule == "loser":
            return 1 - result.winner
        if self.dealer_rule == "winner":
            return result.winner
        return 1 - dealer

    def _close(self, column: _Column, deal: int) -> list[ScoreLine]:
        """Close a game column that reached the target: its bonus rows."""
        winner = column.reached()
        assert winner is not None
        loser = 1 - winner
        column.closed = True
        column.winner = winner
        rules = self.rules
        rows: list[ScoreLine] = []
        shutout = column.deal_points[loser] == 0

        def counted(kind: str, seat: int, count: int, each: int, noun: str = "gins") -> None:
            """A bonus of ``each`` per deal or gin counted, when there is one."""
            if count:
                details: dict[str, int] = {noun: count, "each": each}
                rows.append(column.line(kind, seat, each * count, deal, **details))

        if column.manche:
            bonus = rules.manche_shutout_bonus if shutout else rules.manche_bonus
            rows.append(column.line("manche_bonus", winner, bonus, deal, shutout=shutout))
            for p in (winner, loser):
                counted("petit_gin_bonus", p, column.petit_gins[p], rules.petit_gin_manche_bonus)
                counted("grand_gin_bonus", p, column.grand_gins[p], rules.grand_gin_manche_bonus)
            return rows
        if shutout and rules.shutout == "bonus":
            rows.append(
                column.line("game_bonus", winner, rules.shutout_game_bonus, deal, shutout=True)
            )
        else:
            rows.append(column.line("game_bonus", winner, rules.game_bonus, deal, shutout=False))
        if shutout and rules.shutout == "double":
            rows.append(
                column.line(
                    "shutout",
                    winner,
                    column.deal_points[winner],
                    deal,
                    doubled=column.deal_points[winner],
                )
            )
        for p in (winner, loser):
            counted("line_bonus", p, column.wins[p], rules.line_bonus, noun="deals")
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The sheet as JSON-ready data: scheme, rows, totals (``None`` while a
        Hollywood match runs), over, winner, and ``standing``: every game (or manche)
        as it stands (:meth:`GameStanding.to_dict`: totals, open or closed, won by
        whom, which games a win by either player would be entered in now)."""
        totals = self.totals
        return {
            "scheme": self.scheme,
            "variant": self.rules.name,
            "dealer_rule": self.dealer_rule,
            "rows": [r.to_dict() for r in self.rows],
            "totals": None if totals is None else list(totals),
            "over": self.over,
            "winner": self.winner,
            "standing": [g.to_dict() for g in self.standing()],
        }


class _OneGameSheet(ScoreSheet):
    """A sheet of one game (its ``_column``), whose totals are the game's."""

    _column: _Column

    @property
    def totals(self) -> tuple[int, int]:
        return (self._column.totals[0], self._column.totals[1])

    def standing(self) -> tuple[GameStanding, ...]:
        playing = not self.over
        return (self._column.standing((playing, playing)),)


class OneDealSheet(_OneGameSheet):
    """A one-deal game: the deal's winner wins; a dead deal is a draw."""

    scheme: Scheme = "one_deal"

    def __init__(self, rules: Rules, dealer_rule: DealerRule = "loser") -> None:
        super().__init__(rules, dealer_rule)
        self._column = _Column(1, None)

    def record(self, result: DealResult) -> list[ScoreLine]:
        rows = super().record(result)
        self.over = True
        self.winner = result.winner
        return rows

    def _score(self, result: DealResult, deal: int) -> list[ScoreLine]:
        return [self._column.enter(result, deal, self.entry(result))]


class GameSheet(_OneGameSheet):
    """A game to ``target`` (default ``rules.game_target``, else 100) with game
    bonus, line bonuses and shutout.
    """

    scheme: Scheme = "game"

    def __init__(
        self, rules: Rules, target: int | None = None, dealer_rule: DealerRule = "loser"
    ) -> None:
        super().__init__(rules, dealer_rule)
        self.target = target or rules.game_target or 100
        self._column = _Column(1, self.target)

    def _score(self, result: DealResult, deal: int) -> list[ScoreLine]:
        rows = [self._column.enter(result, deal, self.entry(result))]
        if self._column.reached() is not None:
            rows += self._close(self._column, deal)
            self.over = True
            self.winner = self._column.winner
        return rows


class HollywoodSheet(ScoreSheet):
    """Hollywood scoring: three games to ``target`` at once (see the module)."""

    scheme: Scheme = "hollywood"

    def __init__(
        self, rules: Rules, target: int | None = None, dealer_rule: DealerRule = "loser"
    ) -> None:
        super().__init__(rules, dealer_rule)
        self.target = target or rules.game_target or 100
        self.games = [_Column(n, self.target) for n in (1, 2, 3)]
        self.started: list[set[int]] = [set(), set()]
        """The games each player has scored in (their wins are entered there)."""

    @property
    def totals(self) -> tuple[int, int] | None:
        """The match totals once it is over (they decide it); ``None`` while it runs."""
        return self._sum() if self.over else None

    def _dead_line(self, deal: int) -> ScoreLine:
        # a dead deal is written in the first game in progress, with that game's totals
        game = next(g for g in self.games if not g.closed)
        totals = (game.totals[0], game.totals[1])
        return ScoreLine("dead", None, 0, game.number, deal, totals, {"same_dealer": True})

    def entered_in(self, player: int) -> list[int]:
        """The games a win by ``player`` would be entered in now: every game in
        progress they have scored in, and the next game in progress they have not.
        """
        open_games = [g.number for g in self.games if not g.closed]
        games = [n for n in open_games if n in self.started[player]]
        fresh = [n for n in open_games if n not in self.started[player]]
        return games + fresh[:1]

    def standing(self) -> tuple[GameStanding, ...]:
        entered = [self.entered_in(0), self.entered_in(1)]
        return tuple(
            g.standing((g.number in entered[0], g.number in entered[1])) for g in self.games
        )

    def _score(self, result: DealResult, deal: int) -> list[ScoreLine]:
        winner = result.winner
        assert winner is not None
        numbers = self.entered_in(winner)
        self.started[winner].update(numbers)
        rows: list[ScoreLine] = []
        for number in numbers:
            game = self.games[number - 1]
            rows.append(game.enter(result, deal, self.entry(result)))
            if game.reached() is not None:
                rows += self._close(game, deal)
        if all(g.closed for g in self.games):
            self._decide_by_totals()
        detail = {
            "games": numbers,
            "outcome": result.outcome,
            "entry": self.entry(result),
            "standing": [g.to_dict() for g in self.standing()],
        }
        rows.append(ScoreLine("entered", winner, result.points, 0, deal, self.totals, detail))
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "games": [g.to_dict("game") for g in self.games]}


class MancheSheet(ScoreSheet):
    """French scoring: ``manches`` manches to ``target`` (default 250), one after
    the other; the partie's score is the sum. One manche is the scheme ``manche``.

    :raises ValueError: if ``manches`` is less than 1.
    """

    def __init__(
        self,
        rules: Rules,
        target: int | None = None,
        manches: int = 1,
        dealer_rule: DealerRule = "loser",
    ) -> None:
        super().__init__(rules, dealer_rule)
        if manches < 1:
            raise ValueError("a partie has at least one manche")
        self.target = target or rules.game_target or 250
        self.manches = [_Column(1, self.target, manche=True)]
        self.count = manches
        self.scheme = "manche" if manches == 1 else "partie"

    @property
    def totals(self) -> tuple[int, int]:
        """The manches added up: a partie's score (a single manche's own)."""
        return self._sum()

    def standing(self) -> tuple[GameStanding, ...]:
        playing = not self.over
        return tuple(
            m.standing((playing and not m.closed, playing and not m.closed)) for m in self.manches
        )

    def _dead_line(self, deal: int) -> ScoreLine:
        m = self.manches[-1]
        return ScoreLine(
            "dead", None, 0, m.number, deal, (m.totals[0], m.totals[1]), {"same_dealer": True}
        )

    def _score(self, result: DealResult, deal: int) -> list[ScoreLine]:
        manche = self.manches[-1]
        rows = [manche.enter(result, deal, self.entry(result))]
        if manche.reached() is not None:
            rows += self._close(manche, deal)
            if len(self.manches) == self.count:
                self.over = True
                if self.count == 1:
                    # a manche is won by the first to reach the target, whatever the
                    # bonuses then do to the totals (the loser's gin bonuses count too)
                    self.winner = manche.winner
                else:
                    self._decide_by_totals()
            else:
                self.manches.append(_Column(len(self.manches) + 1, self.target, manche=True))
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "manches": [m.to_dict("manche") for m in self.manches]}


def score_sheet(
    rules: Rules,
    scheme: Scheme | None = None,
    target: int | None = None,
    manches: int = 3,
    dealer_rule: DealerRule = "loser",
) -> ScoreSheet:
    """A new, empty score sheet.

    ``scheme`` defaults from the rules: ``manche`` when ``rules.match_scoring`` is
    ``"manche"``, else ``game`` (to ``rules.game_target``), or ``one_deal`` when
    the rules have no target. ``manches`` is the length of a ``partie``.

    >>> from ginrules.rules import STANDARD
    >>> score_sheet(STANDARD).scheme, score_sheet(STANDARD, "hollywood").target
    ('game', 100)
    """
    if scheme is None:
        if rules.match_scoring == "manche":
            scheme = "manche"
        elif rules.game_target is None:
            scheme = "one_deal"
        else:
            scheme = "game"
    if scheme == "one_deal":
        return OneDealSheet(rules, dealer_rule)
    if scheme == "game":
        return GameSheet(rules, target, dealer_rule)
    if scheme == "hollywood":
        return HollywoodSheet(rules, target, dealer_rule)
    if scheme == "manche":
        return MancheSheet(rules, target, 1, dealer_rule)
    return MancheSheet(rules, target, manches, dealer_rule)
