"""Computer players: legal, deterministic per seed, and the good one plays well."""

from __future__ import annotations

import pytest

from ginrules.cards import CARDS, Card, parse_hand
from ginrules.deal import Deal, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.players import GoodPlayer, RandomPlayer, play_deal, play_match
from ginrules.rules import FRENCH, OKLAHOMA, STANDARD, STRAIGHT, Rules
from ginrules.view import PlayerView

JUNK_B = "8H TC QS AH 3C 5S 7D 9C JS 6D"


def deck(nondealer: str, dealer: str, upcard: str, stock: list[str] | None = None) -> list[Card]:
    a, b = parse_hand(nondealer), parse_hand(dealer)
    order: list[Card] = [c for pair in zip(a, b, strict=True) for c in pair]
    order.append(Card.parse(upcard))
    order += parse_hand(stock or [])
    order += [c for c in CARDS if c not in order]
    return order


@pytest.mark.parametrize("rules", [STANDARD, STRAIGHT, OKLAHOMA, FRENCH], ids=lambda r: r.name)
def test_players_are_deterministic_per_seed(rules: Rules) -> None:
    def moves(seed: int) -> list[str]:
        deal = Deal.new(rules, seed=9, dealer=1)
        play_deal(deal, (GoodPlayer(seed), RandomPlayer(seed, go_out=True)))
        return [str(a) for a in deal.moves]

    assert moves(5) == moves(5)
    assert any(moves(5) != moves(s) for s in (6, 7, 8))


def drawn(rules: Rules, hand: str, card: str) -> Deal:
    """The non-dealer holds ``hand`` against JUNK_B; both pass the upcard (QD), then the
    non-dealer draws ``card`` from the stock."""
    deal = Deal.new(rules, deck=deck(hand, JUNK_B, "QD", [card]))
    deal.apply(Pass())
    deal.apply(Pass())
    deal.apply(DrawStock())
    return deal


def test_random_player_only_plays_legal_actions() -> None:
    for seed in range(30):
        deal = Deal.new(STRAIGHT, seed=seed)
        player = RandomPlayer(seed)
        while not deal.over:
            action = player.choose(PlayerView.of(deal))
            assert action in deal.legal_actions()
            deal.apply(action)


def test_good_player_takes_a_card_that_completes_a_meld() -> None:
    # non-dealer holds 5H 6H: the upcard 7H makes a run
    hand = "5H 6H KS KD 2C 4D 6S 4C JD QC"
    deal = Deal.new(STANDARD, deck=deck(hand, JUNK_B, "7H"))
    assert GoodPlayer().choose(PlayerView.of(deal)) == DrawDiscard()


def test_good_player_refuses_a_useless_card() -> None:
    hand = "5H 6H KS KD 2C 4D 6S 4C JD QC"
    deal = Deal.new(STANDARD, deck=deck(hand, JUNK_B, "KH"))
    assert GoodPlayer().choose(PlayerView.of(deal)) == DrawDiscard()  # KS KD KH: a set, taken
    # QH melds with nothing and would only replace a ten-point card
    deal = Deal.new(STANDARD, deck=deck(hand, JUNK_B, "QH"))
    assert GoodPlayer().choose(PlayerView.of(deal)) == Pass()
    deal.apply(Pass())
    deal.apply(Pass())
    assert GoodPlayer().choose(PlayerView.of(deal)) == DrawStock()


def test_good_player_throws_the_highest_loose_card_and_knocks_when_allowed() -> None:
    # three melds, 2C and KC loose; draws 3D: throwing KC leaves 5: knock
    hand = "AS 2S 3S 4H 5H 6H 8D 9D TD KC"
    hand_low = "AS 2S 3S 4H 5H 6H 8D 9D TD 2C"
    deal = drawn(STANDARD, hand_low, "KH")  # KH
    assert GoodPlayer().choose(PlayerView.of(deal)) == Knock(Card.parse("KH"))
    # in Straight Gin the same hand may not knock: it throws the king and plays on
    deal = drawn(STRAIGHT, hand_low, "KH")
    assert GoodPlayer().choose(PlayerView.of(deal)) == Discard(Card.parse("KH"))
    # gin when the drawn card completes the hand
    deal = drawn(STRAIGHT, hand, "JD")
    assert GoodPlayer().choose(PlayerView.of(deal)) == Gin(Card.parse("KC"))


def test_good_player_avoids_feeding_the_opponent() -> None:
    # nine cards melded and QC; the opponent picks up JC; then KH is drawn:
    # QC and KH are equally bad to keep, but QC is next to the JC the opponent wants
    hand = "AS 2S 3S 4H 5H 6H 8D 9D TD QC"
    deal = Deal.new(STRAIGHT, deck=deck(hand, JUNK_B, "2D", ["JC", "KH"]))
    deal.apply(Pass())
    deal.apply(Pass())
    deal.apply(DrawStock())  # the non-dealer draws JC
    deal.apply(Discard(Card.parse("JC")))
    deal.apply(DrawDiscard())  # the dealer picks JC up
    deal.apply(Discard(Card.parse("QS")))
    assert deal.picked[0] == [Card.parse("JC")]
    deal.apply(DrawStock())  # the non-dealer draws KH
    for seed in range(10):
        assert GoodPlayer(seed).choose(PlayerView.of(deal)) == Discard(Card.parse("KH"))
    # without the pick-up, both are thrown, as the seed decides
    fresh = Deal.new(STRAIGHT, deck=deck(hand, JUNK_B, "2D", ["KH"]))
    fresh.apply(Pass())
    fresh.apply(Pass())
    fresh.apply(DrawStock())
    throws = {GoodPlayer(seed).choose(PlayerView.of(fresh)) for seed in range(10)}
    assert throws == {Discard(Card.parse("KH")), Discard(Card.parse("QC"))}


def test_good_player_beats_random_player() -> None:
    wins = 0
    for seed in range(60):
        deal = Deal.new(STANDARD, seed=seed, dealer=seed % 2)
        result = play_deal(deal, (GoodPlayer(seed), RandomPlayer(seed, go_out=True)))
        wins += result.winner == 0
    assert wins >= 50


def test_play_match_is_deterministic() -> None:
    a, _ = play_match(STANDARD, (GoodPlayer(1), GoodPlayer(2)), seed=3)
    b, _ = play_match(STANDARD, (GoodPlayer(1), GoodPlayer(2)), seed=3)
    assert a.to_dict() == b.to_dict() and a.over
