"""A showdown shows both hands: each seat's view holds the opponent's hand once the
deal is over, and the match's later deals hold what every earlier showdown showed
(issue 22: "a seat learns what a showdown shows both players"). Nothing else of the
opponent's hand is ever in a view."""

from __future__ import annotations

from ginrules.coach.table import Table
from ginrules.deal import Action, Deal
from ginrules.players import Player, get_player, play_deal, play_match
from ginrules.rules import STANDARD, find_variant
from ginrules.view import PlayerView, Shown


class Watching:
    """A player of a level that keeps every view it is given."""

    def __init__(self, level: str, seed: int) -> None:
        self.player: Player = get_player(level, seed)
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView) -> Action:
        self.views.append(view)
        return self.player.choose(view)


def test_the_opponents_hand_is_seen_after_the_showdown_and_not_before() -> None:
    seen = {"showdown": 0, "dead": 0}
    for seed in range(40):  # Straight Gin: gin or a dead deal
        deal = Deal.new(STANDARD if seed % 2 else find_variant("straight"), seed=seed)
        players = [Watching("good", 1), Watching("beginner", 2)]
        result = play_deal(deal, players)
        for watcher in players:
            assert all(view.shown is None for view in watcher.views)
        for seat in (0, 1):
            shown = PlayerView.of(deal, seat=seat).shown
            if result.showdown is None:
                assert shown is None
                seen["dead"] += 1
                continue
            seen["showdown"] += 1
            assert shown is not None and shown.deal_number == 1
            assert shown.hand == tuple(deal.hands[seat])
            assert shown.opponent_hand == tuple(deal.hands[1 - seat])
            assert shown.went_out == (result.going_out == seat)
            assert shown.showdown == result.showdown
            assert shown.upcard == deal.upcard and shown.turns == result.turns
            # the player who went out did so in its own turn (turns + 1) // 2
            own = [e for e in deal.log if e.get("player") == result.going_out]
            ends = sum(1 for e in own if e["type"] in ("discard", "knock", "gin", "big_gin"))
            assert ends == (shown.turns + 1) // 2
    assert seen["showdown"] > 20 and seen["dead"] > 0, seen


def test_a_match_shows_each_seat_every_earlier_showdown() -> None:
    for variant in ("standard", "french"):
        rules = find_variant(variant)
        players = [Watching("expert", 3), Watching("camper", 4)]
        _sheet, deals = play_match(rules, players, seed=11)
        assert len(deals) > 2
        for seat, watcher in enumerate(players):
            for view in watcher.views:
                number = view.match.deal_number
                expected = [
                    Shown.of(deal, seat, i + 1) for i, deal in enumerate(deals[: number - 1])
                ]
                assert list(view.match.showdowns) == [s for s in expected if s is not None]
                for shown in view.match.showdowns:
                    deal = deals[shown.deal_number - 1]
                    assert shown.opponent_hand == tuple(deal.hands[1 - seat])
        last = players[0].views[-1].match
        assert len(last.showdowns) == sum(
            1 for d in deals[:-1] if d.result and d.result.showdown is not None
        )


def test_the_play_table_shows_the_reader_the_earlier_showdowns() -> None:
    table = Table("standard", "game100", "good", 8)
    reader = get_player("beginner", 5)
    while table.view().match.deal_number < 4 and not table.game_over:
        table.play_computer()
        if table.deal.over:
            finished = table.deal
            table.next_deal()
            showdowns = table.view().match.showdowns
            if finished.result and finished.result.showdown is not None:
                assert showdowns[-1].opponent_hand == tuple(finished.hands[1])
                assert showdowns[-1].hand == tuple(finished.hands[0])
            continue
        table.act(reader.choose(table.view()))
    assert table.view().match.deal_number == 4
    assert [s.deal_number for s in table.view().match.showdowns] == [
        n for n in (1, 2, 3) if Shown.of(table._played[n - 1].deal, 0, n) is not None
    ]
