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
the ``TypedDict`` shapes of :mod:`ginrules_site.live.live_shapes`, imported for type
checkers only (the browser downloads and starts this module without them).
``tools/live_types.py`` writes them as TypeScript into
``ginrules_site/live/ginrules-types.d.ts``, which the worker's and the pages' scripts
are checked against (``make lint``); ``tests/site/test_live_types.py`` checks that file
and these shapes against the engine's real answers.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    cast,
)

import ginrules
from ginrules import PRESETS, Card, GinRulesError, Rules, find_variant, parse_hand
from ginrules.coach.reports import deal_log_report, hand_report, score_sheet_report, showdown_report

# The play page's table (and the computer players it imports) is imported on the first
# call that needs it: a page's first answer, most often a hand's, does not wait for it.
if TYPE_CHECKING:
    from ginrules.coach.table import Table
    from ginrules_site.live.live_shapes import (
        ActArgs,
        CheckArgs,
        ComputerReply,
        DealLog,
        Exercise,
        ExerciseArgs,
        HandReport,
        Hints,
        HintsArgs,
        LoggedMove,
        MeldsArgs,
        MoveRecord,
        NewSeed,
        NewTable,
        NewTableArgs,
        NoArgs,
        ParseArgs,
        Parsed,
        Review,
        ReviewArgs,
        ScoreSheet,
        ScoreSheetArgs,
        Showdown,
        ShowdownArgs,
        StockArgs,
        TableArgs,
        TableArguments,
        TableMoves,
        TableReply,
        TableState,
        Tutor,
        Verdict,
        Version,
    )

VERSION = ginrules.__version__

Handler = Callable[[Any], Any]
HANDLERS: dict[str, Handler] = {}
"""Each call's handler, by name: its annotations describe the call (see the shapes)."""


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
    return cast("HandReport", hand_report(cards, _rules(args), _upcard(args)))


@handler("showdown")
def _showdown(args: ShowdownArgs) -> Showdown:
    """Showdown: the engine's showdown report, as the build-time ``gin-showdown`` (the
    spread by the convention of scoring from both hands, :mod:`ginrules.showdown`)."""
    knocker = parse_hand(_text(args, "knocker"), sizes=(10, 11), notation=_notation(args))
    defender = parse_hand(_text(args, "defender"), sizes=(10,), notation=_notation(args))
    return cast("Showdown", showdown_report(knocker, defender, _rules(args), _upcard(args)))


@handler("stock")
def _stock(args: StockArgs) -> DealLog:
    """A seeded deal played to its end: the engine's deal log report, as the
    build-time ``gin-deal-log`` (players ``good`` or ``random``, dealer 0)."""
    from ginrules.coach.table import BadSeedError

    seed_text = str(args.get("seed", "")).strip()
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise BadSeedError(seed_text)
    kind = "good" if _text(args, "players", "random") == "good" else "random"
    return cast("DealLog", deal_log_report(_rules(args), int(seed_text), 0, kind))


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
    report = score_sheet_report(_rules(args), scheme, _text(args, "deals", ""), one)
    return cast("ScoreSheet", report)


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
    return cast("Exercise", make_exercise(rules, kind, level, seed).to_dict())


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
    return cast("Verdict", check_answer(make_exercise(rules, kind, level, seed), answer).to_dict())


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
    """After a snapshot restore: new random generators, and no tables of an earlier page.

    Every random generator holds the state it had in the snapshot: the ``random``
    module's own (random.random, randrange...) and every generator that a module of the
    engine or of the site holds are reseeded from the system's randomness (os.urandom:
    crypto.getRandomValues). The engine's deals make their own, seeded, generator; a
    scan of every object (gc.get_objects()) cost 50-80 ms. Here, not as code the worker
    runs, so that nothing is compiled after a restore. The play tables of the page the
    snapshot was made on are forgotten.
    """
    for name, module in list(sys.modules.items()):
        if name == "random" or name.partition(".")[0] in ("ginrules", "ginrules_live"):
            for generator in list(vars(module).values()):
                own = isinstance(generator, random.Random)
                if own and not isinstance(generator, random.SystemRandom):
                    generator.seed()
    TABLES.clear()


def _keep(table: Table) -> NewTable:
    number = _NEXT_ID[0]
    _NEXT_ID[0] += 1
    TABLES[number] = table
    while len(TABLES) > MAX_TABLES:
        del TABLES[next(iter(TABLES))]
    return {"table": number, "state": cast("TableState", table.state())}


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
    sheet = args.get("sheet")
    if sheet is not None and not isinstance(sheet, str):
        raise BadCallError("sheet must be a string")
    table = Table(
        _rules(args),
        _text(args, "scheme", "game100"),
        _text(args, "level", "good"),
        random.randrange(1_000_000_000) if seed is None else seed,
        deal=1 if deal is None else deal,
        dealer=dealer,
        whatif=bool(args.get("whatif", False)),
        scores=scores,
        sheet=sheet,
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
    return {"state": cast("TableState", table.state())}


@handler("play_computer")
def _play_computer(args: TableArgs) -> ComputerReply:
    """One action of the computer, and the state after it."""
    table = _table(args)
    move = table.computer_move()
    return {"state": cast("TableState", table.state()), "move": cast("MoveRecord", move)}


@handler("play_take_back")
def _play_take_back(args: TableArgs) -> TableReply:
    table = _table(args)
    table.take_back()
    return {"state": cast("TableState", table.state())}


@handler("play_next")
def _play_next(args: TableArgs) -> TableReply:
    table = _table(args)
    table.next_deal()
    return {"state": cast("TableState", table.state())}


@handler("play_tutor")
def _play_tutor(args: TableArgs) -> Tutor:
    return cast("Tutor", _table(args).tutor())


@handler("play_hints")
def _play_hints(args: HintsArgs) -> Hints:
    """The reader's moves ranked by the chance of winning (:func:`ginrules.hints.table_hints`);
    ``seed`` (optional) seeds the rollouts, else the tutor's seed of the position."""
    from ginrules.coach.hints import table_hints

    seed = _number(args, "seed", BadCallError)
    return cast("Hints", table_hints(_table(args), seed))


@handler("play_review")
def _play_review(args: ReviewArgs) -> Review:
    """The tutor's view at the reader's ``turn`` (1-based) of finished deal ``deal``."""
    table = _table(args)
    deal = _number(args, "deal", BadCallError)
    turn = _number(args, "turn", BadCallError)
    if deal is None or turn is None:
        raise BadCallError("deal and turn are needed")
    return cast("Review", table.review(deal, turn))


@handler("play_moves")
def _play_moves(args: TableArgs) -> TableMoves:
    """The table's arguments and move log: ``play_new`` with them (``variant`` for
    ``rules``) or ``Table.replay`` in CPython rebuilds it."""
    table = _table(args)
    arguments = cast("TableArguments", table.arguments())
    return {"arguments": arguments, "moves": cast("list[LoggedMove]", table.moves())}


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
