r"""The shapes of the live calls: each call's arguments and answer, as ``TypedDict``\s.

The handlers of :mod:`ginrules_site.live.ginrules_live` are annotated with these (the
worker module imports them only for type checkers, so that the module the browser
downloads and starts stays small); ``tools/live_types.py`` writes them as TypeScript into
``ginrules_site/live/ginrules-types.d.ts``, which the worker's and the pages' scripts are
checked against (``make lint``), and ``tests/site/test_live_types.py`` checks them
against the engine's real answers.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, Final, Generic, Literal, NotRequired, TypedDict, TypeVar

# --- the shapes of the calls: their arguments and their answers --------------------------
# Card codes are strings ("7H"); every list of cards is in the engine's order.

Seat = Literal["you", "computer"]


class Meld(TypedDict):
    kind: Literal["set", "run"]
    cards: list[str]


class Arrangement(TypedDict):
    """Melds, the unmatched cards and their value (``Arrangement.to_dict``)."""

    melds: list[Meld]
    unmatched: list[str]
    deadwood: int


class GoingOut(TypedDict):
    """The engine's verdict on going out (``GoingOut.to_dict``)."""

    allowed: bool
    kind: Literal["knock", "gin", "big_gin"] | None
    deadwood: int
    melded: int
    limit: int | None
    reason: str | None
    message: str
    arrangement: Arrangement | None


class HandReport(TypedDict):
    """``melds``: a hand's melds, deadwood, best discards (11 cards) and going out (10
    or 11 cards), as ``ginrules.coach.reports.hand_report``."""

    cards: list[str]
    variant: str
    upcard: NotRequired[str]
    discards: NotRequired[list[str]]
    arrangement: Arrangement
    values: dict[str, int]
    going_out: NotRequired[GoingOut]


class Layoff(TypedDict):
    card: str
    meld_index: int


class ScoreTerm(TypedDict):
    code: str
    value: int


class UpcardEffect(TypedDict):
    """What the upcard does: its knock limit (where the rules let it set one) and the
    score's multiplier."""

    code: str
    knock_limit: int | None
    multiplier: int


class Showdown(TypedDict):
    """``showdown``: a showdown step by step (``ShowdownResult.to_dict``, with
    ``upcard`` when one was given)."""

    outcome: Literal["knock", "undercut", "gin", "big_gin"]
    winner: Literal["knocker", "defender"]
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    defender_deadwood_before_layoffs: int
    spread: Arrangement
    defender_melds: list[Meld]
    layoffs_allowed: bool
    layoffs: list[Layoff]
    defender_unmatched: list[str]
    terms: list[ScoreTerm]
    multiplier: int
    spreads_considered: int
    upcard: NotRequired[UpcardEffect]


class LogEntry(TypedDict):
    """One entry of a deal's log: a move (``player``, ``type``, ``card``; ``melds`` of a
    chosen spread) or an event (``event``: ``dead`` and ``reshuffle`` with the
    ``stock``, ``reshuffle`` with the new ``top``, ``showdown`` with its ``outcome``
    and ``winner``)."""

    player: NotRequired[int]
    type: NotRequired[
        Literal["pass", "draw_stock", "draw_discard", "discard", "knock", "gin", "big_gin"]
    ]
    card: NotRequired[str]
    melds: NotRequired[list[list[str]]]
    event: NotRequired[Literal["dead", "reshuffle", "showdown"]]
    stock: NotRequired[int]
    top: NotRequired[str]
    outcome: NotRequired[str]
    winner: NotRequired[int]


class DealResult(TypedDict):
    outcome: Literal["knock", "undercut", "gin", "big_gin", "dead"]
    winner: int | None
    points: int
    going_out: int | None
    turns: int
    reshuffles: int
    showdown: Showdown | None


class DealLog(TypedDict):
    """``stock``: a seeded deal played to its end (``deal_log_report``)."""

    seed: int
    dealer: int
    dealt: list[list[str]]
    upcard: str
    log: list[LogEntry]
    stock_after: list[int]
    result: DealResult
    show_upcard: bool


class SheetRow(TypedDict):
    """A row of a score sheet (``ScoreLine.to_dict``): ``detail`` by its ``kind`` (a
    Hollywood win's ``entered`` row: ``games`` and ``standing``, a list of
    :class:`GameStandingData`; its ``totals`` null while the match runs)."""

    kind: str
    player: int | None
    points: int
    game: int
    deal: int
    totals: tuple[int, int] | None
    detail: dict[str, Any]


class GameStandingData(TypedDict):
    """A game (or manche) as it stands (``GameStanding.to_dict``)."""

    number: int
    totals: tuple[int, int]
    target: int | None
    closed: bool
    winner: int | None
    entered: tuple[bool, bool]


class GameColumn(TypedDict):
    game: int
    totals: tuple[int, int]
    closed: bool
    winner: int | None


class MancheColumn(TypedDict):
    manche: int
    totals: tuple[int, int]
    closed: bool
    winner: int | None


class ScoreSheet(TypedDict):
    """``scoresheet``: a score sheet (``fill_sheet``); ``games`` under Hollywood scoring,
    ``manches`` in a manche or a partie; ``totals`` null while a Hollywood match runs;
    ``standing`` every game or manche as it stands."""

    scheme: Literal["one_deal", "game", "hollywood", "manche", "partie"]
    variant: str
    dealer_rule: Literal["loser", "winner", "alternate"]
    rows: list[SheetRow]
    totals: tuple[int, int] | None
    over: bool
    winner: int | None
    standing: list[GameStandingData]
    games: NotRequired[list[GameColumn]]
    manches: NotRequired[list[MancheColumn]]
    entries: list[str]
    widget_scheme: str


class Step(TypedDict):
    """A step of a worked solution, or a question: a code and its arguments (the page
    words it)."""

    code: str
    args: dict[str, Any]


class Choice(TypedDict):
    value: str
    code: str
    args: dict[str, Any]


class ExerciseMove(TypedDict):
    player: Literal["A", "B"]
    code: Literal["draw_stock", "draw_discard", "discard"]
    card: str | None


class ExerciseDeal(TypedDict):
    player: Literal["A", "B"] | None
    points: int
    outcome: str


class Exercise(TypedDict):
    """``exercise_new``: an exercise (``Exercise.to_dict``), with its kind's own keys:
    ``knocker``, ``defender`` and ``spread`` (showdown), ``stock_left`` and ``moves``
    (stock_end), ``scheme``, ``target`` and ``deals`` (sheet; ``game``, the game asked
    about, in a Hollywood match under way)."""

    variant: str
    kind: str
    level: int
    seed: int
    cards: list[str]
    upcard: str | None
    question: Step
    choices: list[Choice] | None
    answer_form: str
    difficulty: float
    knocker: NotRequired[list[str]]
    defender: NotRequired[list[str]]
    spread: NotRequired[list[list[str]]]
    stock_left: NotRequired[int]
    moves: NotRequired[list[ExerciseMove]]
    scheme: NotRequired[str]
    target: NotRequired[int | None]
    deals: NotRequired[list[ExerciseDeal]]
    game: NotRequired[int]


class Verdict(TypedDict):
    """``exercise_check``: the verdict on an answer (``Verdict.to_dict``)."""

    right: bool
    accepted: list[dict[str, Any]]
    steps: list[Step]
    rule: str


PlayAction = Literal["pass", "take", "stock", "discard", "knock", "gin", "big_gin"]


class Move(TypedDict):
    """A move as the play page writes it (``action_dict``)."""

    action: PlayAction
    card: NotRequired[str]


class ChosenMove(TypedDict):
    """The reader's move; going out, ``melds`` may give the spread chosen."""

    action: PlayAction
    card: NotRequired[str]
    melds: NotRequired[list[list[str]]]


class LoggedMove(TypedDict):
    """A move of ``Table.moves``: the reader's moves, and ``next`` for the next deal."""

    action: PlayAction | Literal["next"]
    card: NotRequired[str]
    melds: NotRequired[list[list[str]]]


class SpreadOption(TypedDict):
    melds: list[Meld]
    unmatched: list[str]
    deadwood: int
    fits: list[str]
    known: list[str]


class SpreadChoice(TypedDict):
    """A way of going out that ``legal`` lists, with the reader's spreads (the suggestion
    first)."""

    action: Literal["knock", "gin", "big_gin"]
    card: NotRequired[str]
    options: list[SpreadOption]


class HandArrangement(TypedDict):
    """The reader's hand as the table shows it: melds, the deadwood cards and their
    points, the best discard of eleven cards."""

    melds: list[Meld]
    deadwood: list[str]
    points: int
    discard: str | None


class MoveRecord(TypedDict):
    """A move made at the table (``card``: null for the computer's draw from the stock)."""

    who: Seat
    action: PlayAction
    card: str | None


class Hands(TypedDict):
    you: list[str]
    computer: list[str]


class PlayResult(TypedDict):
    """A finished deal at the table: ``outcome`` in the rules' words, ``kind`` the engine's."""

    dead: bool
    winner: Seat | None
    outcome: str
    kind: Literal["knock", "undercut", "gin", "big_gin", "dead"]
    points: int
    knocker: Seat | None
    showdown: Showdown | None
    hands: Hands
    knocker_deadwood: int | None


class GameState(TypedDict):
    """The match: over, its winner, its totals (null while a Hollywood match runs)."""

    over: bool
    winner: Seat | None
    totals: list[int] | None


class Share(TypedDict):
    """What a link to the deal carries (``scores``: the totals before the deal;
    ``sheet``: the earlier deals' results, ``ginrules.coach.table.sheet_link``, or null when the
    table does not hold them all)."""

    variant: str
    scheme: str
    level: str
    seed: int
    deal: int
    dealer: Seat
    scores: list[int]
    sheet: str | None


Phase = Literal["offer", "draw", "discard", "over"]


class ViewFields(TypedDict):
    """What the reader's seat sees of a deal (``view_fields``), in the table's state and
    in a review (with its ``phase``)."""

    hand: list[str]
    hand_by_rank: list[str]
    arrangement: HandArrangement
    drawn: str | None
    taken: str | None
    upcard: str
    knock_limit: int | None
    gin_only: bool
    min_melded: int
    multiplier: int
    stock: int
    stock_drawable: int
    discard_top: str | None
    discard_size: int
    opponent_cards: int
    reshuffles: int
    legal: list[Move]
    spreads: list[SpreadChoice]


class TableState(ViewFields):
    """The table as the reader may see it (``Table.state``: ``view_fields`` and the game)."""

    phase: Phase | Literal["game_over"]
    variant: str
    scheme: str
    level: str
    seed: int
    deal: int
    first_deal: int
    whatif: bool
    dealer: Seat
    turn: Seat | None
    last: list[MoveRecord]
    can_take_back: bool
    result: PlayResult | None
    sheet: ScoreSheet
    game: GameState
    share: Share


class NewTable(TypedDict):
    """``play_new`` and ``play_whatif``: the new table's id and its state."""

    table: int
    state: TableState


class TableReply(TypedDict):
    state: TableState


class ComputerReply(TypedDict):
    state: TableState
    move: MoveRecord


class DiscardOption(TypedDict):
    card: str
    deadwood: int


class TutorGoingOut(TypedDict):
    """Whether the reader may go out, and why not (``why_not``: a reason code, with
    ``params``)."""

    knock: bool
    gin: bool
    big_gin: bool
    knock_deadwood: int | None
    limit: int | None
    gin_only: bool
    min_melded: int
    params: dict[str, Any]
    deadwood: int
    why_not: str | None


class Out(TypedDict):
    card: str
    kind: Literal["set", "run"]
    kinds: list[Literal["set", "run"]]
    unseen: bool


class Advice(TypedDict):
    """The expert's move and its reason (a code, with ``params``)."""

    action: PlayAction
    card: NotRequired[str]
    reason: str
    params: dict[str, Any]


class Tutor(TypedDict):
    """``play_tutor``: the tutor's answer for the reader's position."""

    phase: Phase
    to_play: bool
    discards: list[DiscardOption]
    going_out: TutorGoingOut
    outs: list[Out]
    outs_unseen: int
    expert: Advice | None


class HintRow(TypedDict):
    """A move with its chance of winning and its points, each with a 95 % interval."""

    action: PlayAction
    card: NotRequired[str]
    win: float
    win_low: float
    win_high: float
    points: float
    points_low: float
    points_high: float
    gap: float
    gap_margin: float
    best: bool
    tie: bool
    ahead: bool
    expert: bool
    reason: str
    params: dict[str, Any]


class Hints(TypedDict):
    """``play_hints``: the reader's moves, the expert's choice first, then by the chance
    of winning."""

    to_play: bool
    worlds: int
    target: int | None
    scores: list[int]
    game: int | None
    rows: list[HintRow]
    seed: int


class Review(ViewFields):
    """``play_review``: what the reader saw at a turn of a finished deal, the move made
    and the tutor's answer."""

    deal: int
    turns: int
    turn: int
    phase: Phase
    move: Move
    tutor: Tutor


class TableArguments(TypedDict):
    rules: str
    scheme: str
    level: str
    seed: int
    deal: int
    dealer: Seat
    whatif: bool
    scores: list[int] | None
    sheet: str | None


class TableMoves(TypedDict):
    """``play_moves``: the table's arguments and the reader's moves, which rebuild it."""

    arguments: TableArguments
    moves: list[LoggedMove]


class Version(TypedDict):
    version: str


class NewSeed(TypedDict):
    seed: int


class Parsed(TypedDict):
    cards: list[str]


# The arguments. A page's own: its variant (default ``standard``) and the notation its
# reader types cards in (default ``en``). Numbers may come as their digits.


class NoArgs(TypedDict):
    pass


class ParseArgs(TypedDict):
    cards: str
    sizes: NotRequired[list[int]]
    notation: NotRequired[str]


class MeldsArgs(TypedDict):
    cards: str
    upcard: NotRequired[str]
    variant: NotRequired[str]
    notation: NotRequired[str]


class ShowdownArgs(TypedDict):
    knocker: str
    defender: str
    upcard: NotRequired[str]
    variant: NotRequired[str]
    notation: NotRequired[str]


class StockArgs(TypedDict):
    seed: str | int
    players: NotRequired[Literal["good", "random"]]
    variant: NotRequired[str]


class SheetEntry(TypedDict):
    """One more deal: its winner (``A`` or ``B``), points and outcome, as the reader typed them."""

    winner: str
    points: NotRequired[str]
    outcome: NotRequired[str]


class ScoreSheetArgs(TypedDict):
    deals: NotRequired[str]
    scheme: NotRequired[str]
    add: NotRequired[SheetEntry | None]
    variant: NotRequired[str]


class ExerciseArgs(TypedDict):
    kind: str
    level: NotRequired[int | str]
    seed: NotRequired[int | str | None]
    variant: NotRequired[str]


class CheckArgs(TypedDict):
    kind: str
    level: NotRequired[int | str]
    seed: int | str
    answer: dict[str, Any]
    variant: NotRequired[str]


class NewTableArgs(TypedDict):
    variant: NotRequired[str]
    scheme: NotRequired[str]
    level: NotRequired[str]
    seed: NotRequired[int | str | None]
    deal: NotRequired[int | str | None]
    dealer: NotRequired[Seat | None]
    moves: NotRequired[list[LoggedMove]]
    scores: NotRequired[list[int] | None]
    sheet: NotRequired[str | None]
    whatif: NotRequired[bool]


class TableArgs(TypedDict):
    table: int


class ActArgs(TypedDict):
    table: int
    action: ChosenMove


class HintsArgs(TypedDict):
    table: int
    seed: NotRequired[int | str | None]


class ReviewArgs(TypedDict):
    table: int
    deal: int | str
    turn: int | str


# The answer of every call: its value, or the engine's refusal.

Value = TypeVar("Value")


class Answer(TypedDict, Generic[Value]):
    ok: Literal[True]
    value: Value


class EngineError(TypedDict):
    """A refusal (``GinRulesError.to_dict``): a stable ``code``, the English ``message``
    and the error's own parameters beside them (``OPEN_SHAPES``), which a page needs to
    say it in the reader's language. A bug is the code ``internal``."""

    code: str
    message: str


class Refusal(TypedDict):
    ok: Literal[False]
    error: EngineError


OPEN_SHAPES: Final = frozenset({"EngineError"})
EXTENDS: Final = {"TableState": "ViewFields", "Review": "ViewFields"}
"""The shapes built on another (Python 3.11 keeps no trace of a TypedDict's bases)."""
"""The shapes that carry more keys than those they list."""


def call_hints(handler: Callable[..., Any]) -> dict[str, Any]:
    """A handler's annotations, resolved against these shapes."""
    from ginrules_site.live import ginrules_live

    return typing.get_type_hints(handler, globalns={**vars(ginrules_live), **globals()})
