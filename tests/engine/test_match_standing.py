"""Issue 30: a match as it stands, at the engine's depth.

Under Hollywood scoring the three games stand apart: while the match runs, their sum
is the score of nothing (56-27, 30-0 and 0-0 once read "Totals so far: 86 to 27").
These tests walk seeded matches on the play page's table from their first deal through
their middle and check every number the engine returns for a page, the command line and
the tutor: no pair of totals or scores is the games added up, the sheet's and the
match's totals are ``None`` until the match ends (then they are the match totals, which
decide it), and each win's row carries the three games after it, worked out here again
from the rows. Gin Rami's partie is the sum of its manches by the rules: its totals are
that sum, and the tutor reasons from the manche being played.
"""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import redirect_stdout
from typing import Any

import pytest

from ginrules.cli import main
from ginrules.coach.exercises import HOLLYWOOD_LEVEL, check_answer, make_exercise
from ginrules.coach.hints import hints
from ginrules.coach.table import Table
from ginrules.players import get_player
from ginrules.rules import FRENCH, OKLAHOMA, STANDARD, Rules
from ginrules.score_entries import entry_text

SEAT = 0


def pairs(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every value under a key ``totals`` or ``scores`` in ``data``, with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("totals", "scores"):
                yield f"{path}.{key}", value
            yield from pairs(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from pairs(value, f"{path}[{i}]")


def games_from_rows(rows: list[dict[str, Any]], upto: int) -> dict[int, list[int]]:
    """Each game's totals after deal ``upto``, added up here from the rows' points."""
    games = {1: [0, 0], 2: [0, 0], 3: [0, 0]}
    for row in rows:
        if row["deal"] <= upto and row["kind"] != "entered" and row["player"] is not None:
            games[row["game"]][row["player"]] += row["points"]
    return games


def check_hollywood(data: dict[str, Any], sheet: dict[str, Any], where: str) -> Counter[str]:
    """``data`` (a table's state, a tutor's answer, a sheet as the command line prints it)
    holds no sum of the games of ``sheet`` while the match runs."""
    seen: Counter[str] = Counter()
    if sheet["over"] or not sheet["rows"]:
        return seen
    games = games_from_rows(sheet["rows"], sheet["rows"][-1]["deal"])
    assert [g["totals"] for g in sheet["standing"]] == [games[n] for n in (1, 2, 3)], where
    added = [sum(t[0] for t in games.values()), sum(t[1] for t in games.values())]
    if added in games.values():
        return seen  # the sum is also a game's score (the others 0 to 0): nothing to tell
    seen["sum_is_no_game"] += 1
    for path, value in pairs(data):
        assert value is None or list(value) != added, f"{where}: {path} = {value}, a sum"
        seen["pairs"] += 1
    return seen


def check_rows(sheet: dict[str, Any]) -> None:
    """Each win's row: no totals until the match ends, and the three games after it."""
    for row in sheet["rows"]:
        if row["kind"] != "entered":
            continue
        games = games_from_rows(sheet["rows"], row["deal"])
        standing = row["detail"]["standing"]
        assert [g["totals"] for g in standing] == [games[n] for n in (1, 2, 3)], row
        last = row is sheet["rows"][-1]
        if last and sheet["over"]:
            assert (
                row["totals"]
                == sheet["totals"]
                == [sum(g[s] for g in games.values()) for s in (0, 1)]
            )
        else:
            assert row["totals"] is None, row
        # the games a win by either player would be entered in next: open ones only
        for g in standing:
            assert not (g["closed"] and any(g["entered"])), g


def score_json(rules: Rules, scheme: str, entries: list[str]) -> dict[str, Any]:
    """The sheet as ``ginrules score`` prints it."""
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["score", "--variant", rules.name, "--scheme", scheme, "; ".join(entries)])
    assert status == 0
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def walk(rules: Rules, scheme: str, matches: int, deals: int) -> Iterator[tuple[Table, str]]:
    """The reader's positions and each deal's end on the table, ``deals`` deals of each of
    ``matches`` seeded matches (the reader played by a level drawn per deal)."""
    for seed in range(matches):
        table = Table(rules, scheme, "expert", 300 + seed)
        for number in itertools.count(1):
            reader = get_player(("good", "expert", "beginner")[(seed + number) % 3], number)
            while not table.deal.over:
                if table.deal.current == SEAT:
                    yield table, "decision"
                    table.act(reader.choose(table.view()))
                else:
                    table.computer_move()
            yield table, "end"
            if table.game_over or number == deals:
                break
            table.next_deal()


@pytest.mark.parametrize("rules", [STANDARD, OKLAHOMA], ids=lambda r: r.name)
def test_no_sum_of_the_games_while_a_hollywood_match_runs(rules: Rules) -> None:
    """The table's state (its sheet, the match, the link's scores), the tutor's answer,
    the table of chances and ``ginrules score`` hold no pair that is the games added up;
    at the match's end the totals are the final ones."""
    seen: Counter[str] = Counter()
    ends = 0
    for table, moment in walk(rules, "hollywood", matches=2, deals=12):
        state = table.state()
        sheet = state["sheet"]
        where = f"{rules.name} seed {table.seed} deal {state['deal']} {moment}"
        if sheet["over"]:
            assert sheet["totals"] == state["game"]["totals"] is not None
            check_rows(sheet)
            ends += 1
            continue
        assert sheet["totals"] is None and state["game"]["totals"] is None, where
        seen += check_hollywood(state, sheet, where)
        knocks = moment == "decision" and any(m["action"] == "knock" for m in state["legal"])
        if knocks:
            # the tutor where the points a game still needs may be said (a knock is legal)
            answer = table.tutor()
            seen += check_hollywood(answer, sheet, where)
            expert = answer["expert"]["params"] if answer.get("expert") else {}
            if expert.get("to_go") is not None:
                # the points a game still needs: a real game's, among those a win enters
                need = {
                    100 - g["totals"][SEAT]
                    for g in sheet["standing"]
                    if not g["closed"] and g["entered"][SEAT]
                }
                assert expert["to_go"] in need, (where, expert, sheet["standing"])
                seen["to_go"] += 1
            if seen["hints"] < 3 and state["deal"] > 2:
                table_of_chances = hints(table.view(), 1, worlds=4)
                first = next(g for g in sheet["standing"] if not g["closed"])
                assert table_of_chances["game"] == first["number"]
                assert table_of_chances["scores"] == first["totals"]
                seen += check_hollywood(table_of_chances, sheet, where)
                seen["hints"] += 1
        if moment == "end":
            check_rows(sheet)
            entries = [entry_text(r, rules) for r in table.sheet.results]
            printed = score_json(rules, "hollywood", entries)
            assert printed["totals"] is None and printed["rows"] == sheet["rows"], where
            seen += check_hollywood(printed, sheet, where)
    # the walk met sums that are no game's score, and checked numbers against them
    assert seen["sum_is_no_game"] > 100 and seen["pairs"] > 500, seen
    assert seen["to_go"] > 5 and seen["hints"] == 3, seen
    assert ends >= 1, "no match of the walk ended"


def test_a_partie_is_its_manches_added_up_and_the_tutor_plays_the_manche() -> None:
    """Gin Rami: the partie's totals are the sum of its manches (the rules' score), each
    row's totals its manche's, and the tutor's points to go those of the manche played."""
    seen: Counter[str] = Counter()
    for table, moment in walk(FRENCH, "partie", matches=1, deals=10):
        state = table.state()
        sheet = state["sheet"]
        manches = sheet["manches"]
        assert sheet["totals"] == [sum(m["totals"][s] for m in manches) for s in (0, 1)]
        assert [s["totals"] for s in sheet["standing"]] == [m["totals"] for m in manches]
        for row in sheet["rows"]:
            before = [r for r in sheet["rows"] if r["game"] == row["game"]]
            upto = before[: before.index(row) + 1]
            assert row["totals"] == [
                sum(r["points"] for r in upto if r["player"] == s) for s in (0, 1)
            ]
        legal = {m["action"] for m in state["legal"]}
        if moment == "decision" and not sheet["over"] and legal & {"knock", "go_down"}:
            expert = (table.tutor().get("expert") or {}).get("params", {})
            if expert.get("to_go") is not None:
                playing = [m for m in manches if not m["closed"]]
                manche = playing[-1] if playing else {"totals": [0, 0]}
                assert expert["to_go"] == 250 - manche["totals"][SEAT]
                seen["to_go"] += 1
        seen["positions"] += 1
    assert seen["positions"] > 100 and seen["to_go"] > 3, seen


def test_the_hollywood_sheet_exercise_asks_one_game_while_the_match_runs() -> None:
    """The score sheet exercise's leader: of the game asked about while the match runs,
    worked out here from that game's rows; of the match once it is over."""
    seen: Counter[str] = Counter()
    for seed in range(120):
        ex = make_exercise("standard", "sheet", HOLLYWOOD_LEVEL, seed)
        data = ex.to_dict()
        if data["scheme"] != "hollywood":
            continue
        entries = [
            "dead" if d["outcome"] == "dead" else f"{d['player']} {d['points']} {d['outcome']}"
            for d in data["deals"]
        ]
        sheet = score_json(STANDARD, "hollywood", entries)
        if sheet["over"]:
            a, b = sheet["totals"]
            seen["over"] += 1
        else:
            game = data["question"]["args"]["game"]
            a, b = games_from_rows(sheet["rows"], len(entries))[game]
            seen[f"game {game}"] += 1
        leader = "A" if a > b else "B" if b > a else "none"
        verdict = check_answer(ex, {"leader": leader, "lead": abs(a - b)})
        assert verdict.right, (seed, data, verdict.accepted)
        last = verdict.steps[-1]
        assert last.args["totals"] == [a, b] and last.args["leader"] == leader
        # no step of the explanation gives the games added up while the match runs
        seen += check_hollywood({"steps": [s.to_dict() for s in verdict.steps]}, sheet, str(seed))
    assert seen["game 1"] and seen["game 2"] and seen["sum_is_no_game"] > 20, seen
