"""The calls that the live widgets make to the engine, JSON in and JSON out.

This module runs inside Pyodide in the page's Web Worker (copied there as
``ginrules_live.py`` by ``tools/pyodide_runtime.py``) and under CPython in the
tests, so both give the same answers. It holds only the message plumbing: it
reads the arguments, asks ``ginrules.reports`` (the functions the build-time
directives ask too) and returns their JSON-ready reports.
Engine errors come back as ``{"ok": false, "error": error.to_dict()}`` so that
the page can say them in the reader's language. Standard library only.

Calls keep no state between them, except the play page's tables (``TABLES``): the
worker saves its memory snapshot once the reader is idle after the first answers
(see ``warm_calls``), and every later page starts from it, so anything a call left
in a module would come back on every page. The tables are the one exception, and
:func:`restored` (run by the worker after a restore) drops them.

Each call's arguments and answer are described once, by its handler's annotations:
the ``TypedDict`` shapes below. ``tools/live_types.py`` writes them as TypeScript into
``ginrules_site/live/ginrules-types.d.ts``, which the worker's and the pages' scripts
are checked against (``make lint``); ``tests/site/test_live_types.py`` checks that file
and these shapes against the engine's real answers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Final,
    Generic,
    Literal,
    NotRequired,
    TypedDict,
    TypeVar,
    cast,
)

import ginrules
from ginrules import PRESETS, Card, GinRulesError, Rules, find_variant, parse_hand
from ginrules.coach.reports import deal_log_report, hand_report, score_sheet_report, showdown_report

# The play page's table (and the computer players it imports) is imported on the first
# call that needs it: a page's first answer, most often a hand's, does not wait for it.
if TYPE_CHECKING:
    from ginrules.coach.table import Table

VERSION = ginrules.__version__

Handler = Callable[[Any], Any]
HANDLERS: dict[str, Handler] = {}
"""Each call's handler, by name: its annotations describe the call (see the shapes)."""


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
    """A row of a score sheet (``ScoreLine.to_dict``): ``detail`` by its ``kind``."""

    kind: str
    player: int | None
    points: int
    game: int
    deal: int
    totals: tuple[int, int]
    detail: dict[str, Any]


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
    ``manches`` in a manche or a partie."""

    scheme: Literal["one_deal", "game", "hollywood", "manche", "partie"]
    variant: str
    dealer_rule: Literal["loser", "winner", "alternate"]
    rows: list[SheetRow]
    totals: tuple[int, int]
    over: bool
    winner: int | None
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
    (stock_end), ``scheme``, ``target`` and ``deals`` (sheet)."""

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
    over: bool
    winner: Seat | None
    totals: list[int]


class Share(TypedDict):
    """What a link to the deal carries (``scores``: the totals before the deal)."""

    variant: str
    scheme: str
    level: str
    seed: int
    deal: int
    dealer: Seat
    scores: list[int]


Phase = Literal["offer", "draw", "discard", "over"]


class TableState(TypedDict):
    """The table as the reader may see it (``Table.state``: ``view_fields`` and the game)."""

    phase: Phase | Literal["game_over"]
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
    expert: bool
    reason: str
    params: dict[str, Any]


class Hints(TypedDict):
    """``play_hints``: the reader's moves ranked by the chance of winning."""

    to_play: bool
    worlds: int
    target: int | None
    scores: list[int]
    rows: list[HintRow]
    seed: int


class Review(TypedDict):
    """``play_review``: what the reader saw at a turn of a finished deal, the move made
    and the tutor's answer."""

    deal: int
    turns: int
    turn: int
    phase: Phase
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
"""The shapes that carry more keys than those they list."""


class BadCallError(GinRulesError):
    """A call that no widget should make: unknown name or malformed arguments."""

    code = "bad_call"

    def __init__(self, detail: str) -> None:
        super().__init__(f"bad call: {detail}", detail=detail)


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(function: Handler) -> Handler:
        HANDLERS[name] = function
        return function

    return register


def _text(args: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = args.get(key, default)
    if not isinstance(value, str):
        raise BadCallError(f"{key} must be a string")
    return value


@handler("version")
def _version(args: NoArgs) -> Version:
    return {"version": VERSION}


@handler("new_seed")
def _new_seed(args: NoArgs) -> NewSeed:
    """A deal number drawn at random, for the stock-end widget's "New deal"."""
    return {"seed": random.randrange(1_000_000)}


@handler("parse")
def _parse(args: ParseArgs) -> Parsed:
    """Canonical codes of a hand; ``sizes`` optional."""
    sizes = args.get("sizes")
    cards = parse_hand(_text(args, "cards"), sizes=sizes, notation=_notation(args))
    return {"cards": [c.code for c in cards]}


def _rules(args: Mapping[str, Any]) -> Rules:
    return find_variant(_text(args, "variant", "standard"))


def _notation(args: Mapping[str, Any]) -> str:
    """The page's card notation (``en``, ``fr``, ``sv``): the reader types in it."""
    return _text(args, "notation", "en")


def _upcard(args: Mapping[str, Any]) -> Card | None:
    text = _text(args, "upcard", "").strip()
    return Card.parse(text, _notation(args)) if text else None


@handler("melds")
def _melds(args: MeldsArgs) -> HandReport:
    """Meld finder: the engine's hand report, as the build-time ``gin-hand``."""
    cards = parse_hand(_text(args, "cards"), sizes=range(1, 12), notation=_notation(args))
    return cast(HandReport, hand_report(cards, _rules(args), _upcard(args)))


@handler("showdown")
def _showdown(args: ShowdownArgs) -> Showdown:
    """Showdown: the engine's showdown report, as the build-time ``gin-showdown`` (the
    spread by the convention of scoring from both hands, :mod:`ginrules.showdown`)."""
    knocker = parse_hand(_text(args, "knocker"), sizes=(10, 11), notation=_notation(args))
    defender = parse_hand(_text(args, "defender"), sizes=(10,), notation=_notation(args))
    return cast(Showdown, showdown_report(knocker, defender, _rules(args), _upcard(args)))


@handler("stock")
def _stock(args: StockArgs) -> DealLog:
    """A seeded deal played to its end: the engine's deal log report, as the
    build-time ``gin-deal-log`` (players ``good`` or ``random``, dealer 0)."""
    from ginrules.coach.table import BadSeedError

    seed_text = str(args.get("seed", "")).strip()
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise BadSeedError(seed_text)
    kind = "good" if _text(args, "players", "random") == "good" else "random"
    return cast(DealLog, deal_log_report(_rules(args), int(seed_text), 0, kind))


# --- score sheet ---------------------------------------------------------------------


@handler("scoresheet")
def _scoresheet(args: ScoreSheetArgs) -> ScoreSheet:
    """Score sheet: the deals so far (``deals``), and optionally one more (``add``:
    ``{"winner", "points", "outcome"}``), recorded on the engine's sheet."""
    add = args.get("add")
    one: tuple[str, str, str] | None = None
    if add is not None:
        if not isinstance(add, dict):
            raise BadCallError("add must be an object")
        one = (_text(add, "winner"), _text(add, "points", ""), _text(add, "outcome", ""))
    scheme = _text(args, "scheme", "game100")
    return cast(ScoreSheet, score_sheet_report(_rules(args), scheme, _text(args, "deals", ""), one))


# --- exercises ---------------------------------------------------------------------------


def _exercise_args(args: Mapping[str, Any]) -> tuple[Rules, str, int]:
    level = _number(args, "level", BadCallError)
    return _rules(args), _text(args, "kind"), 1 if level is None else level


@handler("exercise_new")
def _exercise_new(args: ExerciseArgs) -> Exercise:
    """An exercise of ``variant``, ``kind`` and ``level`` (``seed`` absent: drawn at random):
    ``Exercise.to_dict()``."""
    from ginrules.coach.exercises import make_exercise

    rules, kind, level = _exercise_args(args)
    seed = _number(args, "seed", BadCallError)
    seed = random.randrange(1_000_000) if seed is None else seed
    return cast(Exercise, make_exercise(rules, kind, level, seed).to_dict())


@handler("exercise_check")
def _exercise_check(args: CheckArgs) -> Verdict:
    """The same exercise made again from its seed, and the reader's ``answer`` checked:
    ``Verdict.to_dict()`` (no state kept between calls)."""
    from ginrules.coach.exercises import check_answer, make_exercise

    rules, kind, level = _exercise_args(args)
    seed = _number(args, "seed", BadCallError)
    answer = args.get("answer")
    if seed is None or not isinstance(answer, dict):
        raise BadCallError("seed and answer (an object) are needed")
    return cast(Verdict, check_answer(make_exercise(rules, kind, level, seed), answer).to_dict())


# --- the play page: tables live here, by id ---------------------------------------------

TABLES: dict[int, Table] = {}
MAX_TABLES = 16
"""The tables kept at once; beyond that the one left unused longest is dropped (a
page plays one, and a what-if or two)."""
_NEXT_ID = [1]


def _number(args: Mapping[str, Any], key: str, error: Callable[[str], Exception]) -> int | None:
    """A whole number argument (or its digits as text); ``None`` when absent."""
    value = args.get(key)
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 16:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(str(value)[:40])
    return value


def restored() -> None:
    """After a snapshot restore: forget the tables of the page the snapshot was made on."""
    TABLES.clear()


def _keep(table: Table) -> NewTable:
    number = _NEXT_ID[0]
    _NEXT_ID[0] += 1
    TABLES[number] = table
    while len(TABLES) > MAX_TABLES:
        del TABLES[next(iter(TABLES))]
    return {"table": number, "state": cast(TableState, table.state())}


def _table(args: Mapping[str, Any]) -> Table:
    number = args.get("table")
    table = TABLES.pop(number, None) if isinstance(number, int) else None
    if table is None:
        raise BadCallError(f"no table {str(number)[:20]}")
    TABLES[number] = table  # the most recently used last
    return table


@handler("play_new")
def _play_new(args: NewTableArgs) -> NewTable:
    """A new game against the computer (``seed`` null: drawn at random); with
    ``moves``, that move log replayed first (as :meth:`Table.replay`: the computer
    then plays to the reader's turn). Without, the computer has not moved yet
    even when it is to play: the page asks it with ``play_computer``."""
    from ginrules.coach.table import BadSeedError, Table

    seed = _number(args, "seed", BadSeedError)
    deal = _number(args, "deal", BadSeedError)
    dealer = args.get("dealer")
    if dealer is not None and dealer not in ("you", "computer"):
        raise BadCallError("dealer must be 'you' or 'computer'")
    moves: Any = args.get("moves") or []  # checked below
    scores = args.get("scores")
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        raise BadCallError("moves must be a list of objects")
    if scores is not None and not isinstance(scores, list):
        raise BadCallError("scores must be a list")
    table = Table(
        _rules(args),
        _text(args, "scheme", "game100"),
        _text(args, "level", "good"),
        random.randrange(1_000_000_000) if seed is None else seed,
        deal=1 if deal is None else deal,
        dealer=dealer,
        whatif=bool(args.get("whatif", False)),
        scores=scores,
    )
    if moves:
        table.play_moves(moves)
    return _keep(table)


def _action_arg(args: Mapping[str, Any]) -> dict[str, Any]:
    action = args.get("action")
    if not isinstance(action, dict):
        raise BadCallError("action must be an object")
    return action


@handler("play_act")
def _play_act(args: ActArgs) -> TableReply:
    """The reader's move: ``action`` ``{action, card?, melds?}``."""
    table = _table(args)
    table.act(_action_arg(args))
    return {"state": cast(TableState, table.state())}


@handler("play_computer")
def _play_computer(args: TableArgs) -> ComputerReply:
    """One action of the computer, and the state after it."""
    table = _table(args)
    move = table.computer_move()
    return {"state": cast(TableState, table.state()), "move": cast(MoveRecord, move)}


@handler("play_take_back")
def _play_take_back(args: TableArgs) -> TableReply:
    table = _table(args)
    table.take_back()
    return {"state": cast(TableState, table.state())}


@handler("play_next")
def _play_next(args: TableArgs) -> TableReply:
    table = _table(args)
    table.next_deal()
    return {"state": cast(TableState, table.state())}


@handler("play_tutor")
def _play_tutor(args: TableArgs) -> Tutor:
    return cast(Tutor, _table(args).tutor())


@handler("play_hints")
def _play_hints(args: HintsArgs) -> Hints:
    """The reader's moves ranked by the chance of winning (:func:`ginrules.hints.table_hints`);
    ``seed`` (optional) seeds the rollouts, else the tutor's seed of the position."""
    from ginrules.coach.hints import table_hints

    seed = _number(args, "seed", BadCallError)
    return cast(Hints, table_hints(_table(args), seed))


@handler("play_review")
def _play_review(args: ReviewArgs) -> Review:
    """The tutor's view at the reader's ``turn`` (1-based) of finished deal ``deal``."""
    table = _table(args)
    deal = _number(args, "deal", BadCallError)
    turn = _number(args, "turn", BadCallError)
    if deal is None or turn is None:
        raise BadCallError("deal and turn are needed")
    return cast(Review, table.review(deal, turn))


@handler("play_moves")
def _play_moves(args: TableArgs) -> TableMoves:
    """The table's arguments and move log: ``play_new`` with them (``variant`` for
    ``rules``) or ``Table.replay`` in CPython rebuilds it."""
    table = _table(args)
    arguments = cast(TableArguments, table.arguments())
    return {"arguments": arguments, "moves": cast(list[LoggedMove], table.moves())}


@handler("play_whatif")
def _play_whatif(args: TableArgs) -> NewTable:
    """The last finished deal again, against the same computer, not scored."""
    return _keep(_table(args).whatif_table())


def warm_calls() -> str:
    """JSON ``[[name, args], ...]``: a first call of each kind, in every variant.

    The worker makes them one at a time while the reader is idle, before it saves
    the memory snapshot: a restored engine has then already built what a first
    call builds (the meld tables of each way of counting the cards), and answers
    its first call as fast as the next ones, and has imported every module that a
    page's first answer does not wait for (the play page's: a new table too, which
    a restore forgets). Making this list imports nothing.
    """
    hand = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"
    calls: list[tuple[str, dict[str, Any]]] = [
        ("melds", {"cards": hand, "variant": name}) for name in PRESETS
    ]
    calls.append(("showdown", {"knocker": hand, "defender": "AS 2S 3S 4S 5D 6D 8C TD JD KC"}))
    calls += [("stock", {"seed": "1", "players": players}) for players in ("random", "good")]
    calls.append(("play_new", {"variant": "standard", "seed": 1}))
    exercise = {"variant": "standard", "kind": "showdown", "level": 1, "seed": 1}
    calls.append(("exercise_new", exercise))
    return json.dumps(calls)


def call(name: str, args_json: str) -> str:
    """Run one call; always returns JSON, never raises."""
    try:
        try:
            args = json.loads(args_json)
        except ValueError as error:
            raise BadCallError("arguments are not JSON") from error
        if not isinstance(args, dict):
            raise BadCallError("arguments must be an object")
        function = HANDLERS.get(name)
        if function is None:
            raise BadCallError(f"unknown call {name!r}")
        return json.dumps({"ok": True, "value": function(args)})
    except GinRulesError as error:
        return json.dumps({"ok": False, "error": error.to_dict()})
    except Exception as error:  # a bug, not bad input: still an answer, never a hang
        detail = f"{type(error).__name__}: {error}"
        return json.dumps({"ok": False, "error": {"code": "internal", "message": detail}})
