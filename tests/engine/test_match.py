"""Worked score sheets for every scheme, with the arithmetic written out."""

from __future__ import annotations

import itertools

import pytest

from ginrules.deal import DealResult, Outcome
from ginrules.match import (
    GameSheet,
    HollywoodSheet,
    MancheSheet,
    MatchOverError,
    OneDealSheet,
    ScoreSheet,
    score_sheet,
)
from ginrules.players import GoodPlayer, play_match
from ginrules.rules import FRENCH, OKLAHOMA, STANDARD, STRAIGHT


def won(player: int, points: int, outcome: Outcome = "knock") -> DealResult:
    going_out = 1 - player if outcome == "undercut" else player
    return DealResult(outcome, player, points, going_out, None, 12, 0)


DEAD = DealResult("dead", None, 0, None, None, 29, 0)


def rows(sheet: ScoreSheet) -> list[tuple[str, int | None, int, int, tuple[int, int]]]:
    """(kind, player, points, game, totals) of every row."""
    return [(r.kind, r.player, r.points, r.game, r.totals) for r in sheet.rows]


# --------------------------------------------------------------------------- one deal


def test_one_deal_game() -> None:
    sheet = score_sheet(STANDARD, "one_deal")
    sheet.record(won(1, 27, "gin"))
    assert sheet.over and sheet.winner == 1 and sheet.totals == (0, 27)
    assert rows(sheet) == [("deal", 1, 27, 1, (0, 27))]
    with pytest.raises(MatchOverError):
        sheet.record(won(0, 5))


def test_one_deal_game_dead_is_a_draw() -> None:
    sheet = OneDealSheet(STRAIGHT)
    sheet.record(DEAD)
    assert sheet.over and sheet.winner is None and sheet.totals == (0, 0)
    assert rows(sheet) == [("dead", None, 0, 1, (0, 0))]


# --------------------------------------------------------------------------- game to 100


def test_game_to_100_with_game_and_line_bonuses() -> None:
    sheet = GameSheet(STANDARD, target=100)
    sheet.record(won(0, 30))  # 0: 30
    sheet.record(won(1, 45, "gin"))  # 1: 45
    sheet.record(DEAD)  # nothing; the same dealer deals again
    sheet.record(won(0, 40, "undercut"))  # 0: 30 + 40 = 70
    assert not sheet.over
    added = sheet.record(won(0, 35))  # 0: 70 + 35 = 105 >= 100: game over
    assert [r.kind for r in added] == ["deal", "game_bonus", "line_bonus", "line_bonus"]
    assert rows(sheet) == [
        ("deal", 0, 30, 1, (30, 0)),
        ("deal", 1, 45, 1, (30, 45)),
        ("dead", None, 0, 1, (30, 45)),
        ("deal", 0, 40, 1, (70, 45)),
        ("deal", 0, 35, 1, (105, 45)),
        ("game_bonus", 0, 100, 1, (205, 45)),  # 105 + 100
        ("line_bonus", 0, 75, 1, (280, 45)),  # 3 deals won x 25 = 75; 205 + 75
        ("line_bonus", 1, 25, 1, (280, 70)),  # 1 deal won x 25 = 25; 45 + 25
    ]
    assert sheet.over and sheet.winner == 0 and sheet.totals == (280, 70)
    assert sheet.rows[-2].detail == {"deals": 3, "each": 25}


def test_game_shutout_doubles_the_deal_points_before_the_boxes() -> None:
    sheet = GameSheet(STANDARD, target=100)
    sheet.record(won(1, 60, "gin"))  # 1: 60
    sheet.record(won(1, 50))  # 1: 110; player 0 scored nothing: shutout
    assert rows(sheet)[2:] == [
        ("game_bonus", 1, 100, 1, (0, 210)),  # 110 + 100
        ("shutout", 1, 110, 1, (0, 320)),  # the deal points 60 + 50 = 110 again
        ("line_bonus", 1, 50, 1, (0, 370)),  # 2 deals x 25
    ]
    assert sheet.totals == (0, 370) and sheet.winner == 1


def test_game_shutout_as_a_bigger_game_bonus() -> None:
    classic = STANDARD.replace(shutout="bonus", line_bonus=20)
    sheet = GameSheet(classic, target=100)
    sheet.record(won(0, 60))
    sheet.record(won(0, 50))  # 110, player 1 has nothing
    assert rows(sheet)[2:] == [
        ("game_bonus", 0, 200, 1, (310, 0)),  # shutout game bonus 200: 110 + 200
        ("line_bonus", 0, 40, 1, (350, 0)),  # 2 deals x 20
    ]


def test_game_to_250_is_the_straight_gin_default() -> None:
    sheet = score_sheet(STRAIGHT)
    assert isinstance(sheet, GameSheet) and sheet.target == 250
    sheet.record(won(0, 140, "gin"))
    sheet.record(won(0, 100, "gin"))  # 240: not yet
    assert not sheet.over
    sheet.record(won(0, 30, "gin"))  # 270
    assert sheet.over and sheet.totals == (270 + 100 + 270 + 75, 0)  # bonus, shutout, 3 boxes


def test_dealer_rule() -> None:
    sheet = GameSheet(STANDARD)
    assert sheet.next_dealer(0, DEAD) == 0  # a dead deal: the same dealer again
    assert sheet.next_dealer(0, won(0, 10)) == 1  # the loser deals
    assert sheet.next_dealer(1, won(0, 10)) == 1
    assert GameSheet(STANDARD, dealer_rule="winner").next_dealer(1, won(0, 10)) == 0
    assert GameSheet(STANDARD, dealer_rule="alternate").next_dealer(1, won(1, 10)) == 0


# --------------------------------------------------------------------------- Hollywood


def test_hollywood_three_games() -> None:
    sheet = HollywoodSheet(STANDARD, target=100)
    sheet.record(won(0, 40))  # 0's 1st win: game 1 -> g1 40:0
    sheet.record(won(1, 30))  # 1's 1st win: game 1 -> g1 40:30
    sheet.record(won(0, 50))  # 0's 2nd win: games 1, 2 -> g1 90:30, g2 50:0
    added = sheet.record(won(0, 20))  # 0's 3rd: all -> g1 110:30 closes, g2 70:0, g3 20:0
    assert [(r.kind, r.player, r.points, r.game, r.totals) for r in added] == [
        ("deal", 0, 20, 1, (110, 30)),
        ("game_bonus", 0, 100, 1, (210, 30)),
        ("line_bonus", 0, 75, 1, (285, 30)),  # 3 wins entered in game 1 x 25
        ("line_bonus", 1, 25, 1, (285, 55)),  # 1 win x 25
        ("deal", 0, 20, 2, (70, 0)),
        ("deal", 0, 20, 3, (20, 0)),
        ("entered", 0, 20, 0, None),  # three games apart: no sum while the match runs
    ]
    assert added[-1].detail["games"] == [1, 2, 3]
    added = sheet.record(won(1, 40))  # 1's 2nd win: game 1 is closed, game 2 opens for 1
    assert [(r.kind, r.game, r.totals) for r in added] == [
        ("deal", 2, (70, 40)),
        ("entered", 0, None),
    ]
    assert added[-1].detail["games"] == [2]
    sheet.record(DEAD)  # nothing anywhere
    added = sheet.record(won(0, 35))  # 0: g2 105:40 closes; g3 55:0
    assert [(r.kind, r.player, r.points, r.game, r.totals) for r in added] == [
        ("deal", 0, 35, 2, (105, 40)),
        ("game_bonus", 0, 100, 2, (205, 40)),
        ("line_bonus", 0, 75, 2, (280, 40)),  # wins 3, 4, 6 entered in game 2
        ("line_bonus", 1, 25, 2, (280, 65)),
        ("deal", 0, 35, 3, (55, 0)),
        ("entered", 0, 35, 0, None),
    ]
    assert not sheet.over
    added = sheet.record(won(0, 50))  # g3 105:0 closes, player 1 never scored in it
    assert [(r.kind, r.player, r.points, r.game, r.totals) for r in added] == [
        ("deal", 0, 50, 3, (105, 0)),
        ("game_bonus", 0, 100, 3, (205, 0)),
        ("shutout", 0, 105, 3, (310, 0)),  # 20 + 35 + 50 doubled
        ("line_bonus", 0, 75, 3, (385, 0)),  # 3 wins in game 3
        ("entered", 0, 50, 0, (950, 120)),  # the match is over: its totals
    ]
    assert sheet.over and sheet.winner == 0
    assert sheet.totals == (285 + 280 + 385, 55 + 65 + 0) == (950, 120)
    data = sheet.to_dict()
    assert [g["totals"] for g in data["games"]] == [[285, 55], [280, 65], [385, 0]]
    assert data["totals"] == [950, 120]


def test_hollywood_a_player_shut_out_of_game_1_starts_in_game_2() -> None:
    sheet = HollywoodSheet(STANDARD, target=100)
    sheet.record(won(0, 120, "gin"))  # game 1 closes at once, player 1 shut out
    assert sheet.games[0].closed and not sheet.games[1].closed
    added = sheet.record(won(1, 30))  # 1's first win: the next game in progress, game 2
    assert [(r.kind, r.player, r.points, r.game, r.totals) for r in added] == [
        ("deal", 1, 30, 2, (0, 30)),
        ("entered", 1, 30, 0, None),
    ]
    added = sheet.record(won(1, 30))  # 1's second win: games 2 and 3
    assert [(r.kind, r.game, r.totals) for r in added][:2] == [
        ("deal", 2, (0, 60)),
        ("deal", 3, (0, 30)),
    ]
    assert added[-1].detail["games"] == [2, 3]


# The deals of the issue, as the score sheet should show them. Before the fix, B's
# first win (deal 4) was entered nowhere and game 2 later closed as a shutout.
ISSUE_DEALS = [won(0, 30), won(0, 45, "gin"), won(0, 30), won(1, 10), won(1, 20), won(0, 30)]
ISSUE_SHEET = [
    # deal 1, A 30 knock: A's first win, game 1
    (1, "deal", 0, 30, 1, (30, 0)),
    (1, "entered", 0, 30, 0, None),
    # deal 2, A 45 gin: games 1 and 2
    (2, "deal", 0, 45, 1, (75, 0)),
    (2, "deal", 0, 45, 2, (45, 0)),
    (2, "entered", 0, 45, 0, None),
    # deal 3, A 30 knock: all three; game 1 reaches 105 and closes, B shut out
    (3, "deal", 0, 30, 1, (105, 0)),
    (3, "game_bonus", 0, 100, 1, (205, 0)),
    (3, "shutout", 0, 105, 1, (310, 0)),  # 30 + 45 + 30 doubled
    (3, "line_bonus", 0, 75, 1, (385, 0)),  # 3 deals x 25
    (3, "deal", 0, 30, 2, (75, 0)),
    (3, "deal", 0, 30, 3, (30, 0)),
    (3, "entered", 0, 30, 0, None),
    # deal 4, B 10 knock: B's first score goes to the next game in progress, game 2
    (4, "deal", 1, 10, 2, (75, 10)),
    (4, "entered", 1, 10, 0, None),
    # deal 5, B 20 knock: game 2, where B has scored, and game 3, which opens for B
    (5, "deal", 1, 20, 2, (75, 30)),
    (5, "deal", 1, 20, 3, (30, 20)),
    (5, "entered", 1, 20, 0, None),
    # deal 6, A 30 knock: game 2 reaches 105 and closes; B scored in it: no shutout
    (6, "deal", 0, 30, 2, (105, 30)),
    (6, "game_bonus", 0, 100, 2, (205, 30)),
    (6, "line_bonus", 0, 75, 2, (280, 30)),  # deals 2, 3, 6
    (6, "line_bonus", 1, 50, 2, (280, 80)),  # deals 4, 5
    (6, "deal", 0, 30, 3, (60, 20)),
    (6, "entered", 0, 30, 0, None),
]


def test_hollywood_never_drops_a_deal() -> None:
    sheet = HollywoodSheet(STANDARD, target=100)
    for result in ISSUE_DEALS:
        sheet.record(result)
    assert [(r.deal, r.kind, r.player, r.points, r.game, r.totals) for r in sheet.rows] == (
        ISSUE_SHEET
    )
    entered = [r.detail["games"] for r in sheet.rows if r.kind == "entered"]
    assert entered == [[1], [1, 2], [1, 2, 3], [2], [2, 3], [2, 3]]
    assert [g.closed for g in sheet.games] == [True, True, False]
    # the games stand apart while the match runs: no totals (725 to 100 is no score)
    assert sheet.totals is None and not sheet.over
    assert sheet.to_dict()["totals"] is None
    # each win's row carries the three games after it, open or closed, and where the
    # next win of each player goes
    last = sheet.rows[-1].detail["standing"]
    assert last == [
        {
            "number": 1,
            "totals": [385, 0],
            "target": 100,
            "closed": True,
            "winner": 0,
            "entered": [False, False],
        },
        {
            "number": 2,
            "totals": [280, 80],
            "target": 100,
            "closed": True,
            "winner": 0,
            "entered": [False, False],
        },
        {
            "number": 3,
            "totals": [60, 20],
            "target": 100,
            "closed": False,
            "winner": None,
            "entered": [True, True],
        },
    ]
    assert sheet.to_dict()["standing"] == last


# --------------------------------------------------------------------------- French manche


def test_french_manche() -> None:
    sheet = score_sheet(FRENCH)
    assert isinstance(sheet, MancheSheet) and sheet.scheme == "manche" and sheet.target == 250
    sheet.record(won(0, 60, "gin"))  # petit gin: 0 has 60
    sheet.record(won(1, 30, "gin"))  # petit gin: 1 has 30
    sheet.record(won(0, 80, "big_gin"))  # grand gin: 0 has 140
    sheet.record(DEAD)
    sheet.record(won(0, 70, "gin"))  # 210
    sheet.record(won(1, 25, "undercut"))  # 1: 55
    added = sheet.record(won(0, 45))  # 255 >= 250: the manche ends
    assert [(r.kind, r.player, r.points, r.totals) for r in added] == [
        ("deal", 0, 45, (255, 55)),
        ("manche_bonus", 0, 100, (355, 55)),  # 1 scored: 100, not 200
        ("petit_gin_bonus", 0, 100, (455, 55)),  # 2 petits gins x 50
        ("grand_gin_bonus", 0, 100, (555, 55)),  # 1 grand gin x 100
        ("petit_gin_bonus", 1, 50, (555, 105)),  # the loser's petit gin counts too
    ]
    assert sheet.over and sheet.winner == 0 and sheet.totals == (555, 105)


def test_french_manche_shutout_bonus_200() -> None:
    sheet = MancheSheet(FRENCH)
    sheet.record(won(1, 130, "gin"))
    sheet.record(won(1, 125, "big_gin"))  # 255, player 0 scored nothing
    assert rows(sheet)[2:] == [
        ("manche_bonus", 1, 200, 1, (0, 455)),  # 255 + 200
        ("petit_gin_bonus", 1, 50, 1, (0, 505)),
        ("grand_gin_bonus", 1, 100, 1, (0, 605)),
    ]


def test_french_manche_goes_to_the_first_to_250_even_behind_on_totals() -> None:
    """The rules (seed 002, the Gin Rami page) give the manche to the first to reach
    250; the loser's gin bonuses can still leave the loser ahead on the totals."""
    sheet = MancheSheet(FRENCH)
    for _ in range(4):
        sheet.record(won(1, 60, "big_gin"))  # 1: 240, four grand gins
    sheet.record(won(0, 250))  # 0 reaches 250 first
    assert sheet.over and sheet.manches[0].winner == 0
    # 0: 250 + 100 = 350; 1: 240 + 4 x 100 = 640
    assert sheet.totals == (350, 640)
    assert sheet.winner == 0


def test_french_partie_is_the_sum_of_manches() -> None:
    sheet = score_sheet(FRENCH, "partie", manches=2)
    sheet.record(won(0, 260))  # manche 1: 260 + 200 (shutout) = 460 : 0
    assert not sheet.over and len(sheet.manches) == 2
    sheet.record(won(1, 100))  # manche 2: 0 : 100
    sheet.record(won(0, 251))  # manche 2: 251 + 100 = 351 : 100
    assert sheet.over
    assert [m.totals for m in sheet.manches] == [[460, 0], [351, 100]]
    assert sheet.totals == (460 + 351, 0 + 100) and sheet.winner == 0
    assert [r.game for r in sheet.rows] == [1, 1, 2, 2, 2]


# --------------------------------------------------------------------------- played matches


@pytest.mark.parametrize(
    ("rules", "scheme"),
    [
        (STANDARD, "game"),
        (STRAIGHT, "hollywood"),
        (OKLAHOMA, "game"),
        (FRENCH, "partie"),
        (STANDARD, "one_deal"),
    ],
)
def test_played_matches_add_up(rules: object, scheme: object) -> None:
    from ginrules.rules import Rules

    assert isinstance(rules, Rules)
    sheet = score_sheet(rules, scheme)  # type: ignore[arg-type]
    sheet, deals = play_match(rules, (GoodPlayer(1), GoodPlayer(2)), seed=4, sheet=sheet)
    assert sheet.over and len(deals) == len(sheet.results)
    # every row's points add up to the totals, column by column
    columns: dict[int, list[int]] = {}
    for row in sheet.rows:
        if row.kind == "entered":  # each game after the win; the totals only at the end
            standing = {g["number"]: tuple(g["totals"]) for g in row.detail["standing"]}
            assert standing == {n: tuple(c) for n, c in columns.items()} | {
                n: (0, 0) for n in standing if n not in columns
            }
            end = row is sheet.rows[-1] and sheet.over
            assert row.totals == (
                tuple(map(sum, zip(*standing.values(), strict=True))) if end else None
            )
            continue
        col = columns.setdefault(row.game, [0, 0])
        if row.player is not None:
            col[row.player] += row.points
        assert tuple(col) == row.totals
    assert (sum(c[0] for c in columns.values()), sum(c[1] for c in columns.values())) == (
        sheet.totals
    )
    # dealers follow the rule: same after a dead deal, else the loser
    for before, after in itertools.pairwise(deals):
        assert before.result is not None
        if before.result.winner is None:
            assert after.dealer == before.dealer
        else:
            assert after.dealer == 1 - before.result.winner
    data = sheet.to_dict()
    assert data["scheme"] == sheet.scheme and len(data["rows"]) == len(sheet.rows)


def test_a_dead_deal_under_hollywood_is_written_in_the_first_game_in_progress() -> None:
    sheet = score_sheet(STANDARD, "hollywood")
    sheet.record(won(0, 120))  # closes game 1 (with its bonuses), opens game 2 for A
    sheet.record(won(1, 30))  # B: games 2 and 3... B has scored nowhere: game 2
    row = sheet.record(DEAD)[0]
    game = sheet.games[1]
    assert sheet.games[0].closed and not game.closed
    assert (row.kind, row.game, row.totals) == ("dead", 2, tuple(game.totals))
    assert sheet.totals is None  # the match runs: its games stand apart
