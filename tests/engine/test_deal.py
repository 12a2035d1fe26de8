"""The deal state machine: dealing, the first turn, both stock rules at their
boundaries, illegal actions and their reasons, replay and JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from ginrules.cards import CARDS, Card, parse_hand
from ginrules.deal import (
    BigGin,
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Pass,
    action_from_dict,
    cards_in_play,
    parse_action,
    replay,
)
from ginrules.errors import IllegalActionError
from ginrules.players import GoodPlayer, RandomPlayer, play_deal, play_turn
from ginrules.rules import FRENCH, OKLAHOMA, STANDARD, STRAIGHT, Rules

# Junk hands: no meld, no two cards that could ever become one with what follows
# (the tests below discard every card they draw, so the hands never change).
JUNK_A = "AS 3H 5D 7C 9S JH KD 2C 4S 6H"  # non-dealer
JUNK_B = "8H TC QS AH 3C 5S 7D 9C JS 6D"  # dealer


def make_deck(nondealer: str, dealer: str, upcard: str, stock: Sequence[str] = ()) -> list[Card]:
    """A deck that deals these hands, this upcard and this stock (top first); the
    cards not named fill the rest of the stock in index order."""
    a, b = parse_hand(nondealer), parse_hand(dealer)
    deck: list[Card] = []
    for x, y in zip(a, b, strict=True):
        deck += [x, y]
    deck.append(Card.parse(upcard))
    deck += parse_hand(list(stock))
    deck += [c for c in CARDS if c not in deck]
    assert len(set(deck)) == 52
    return deck


def new_deal(
    rules: Rules = STANDARD,
    nondealer: str = JUNK_A,
    dealer: str = JUNK_B,
    upcard: str = "2D",
    stock: Sequence[str] = (),
) -> Deal:
    return Deal.new(rules, seed=1, dealer=0, deck=make_deck(nondealer, dealer, upcard, stock))


def both_pass(deal: Deal) -> None:
    deal.apply(Pass())
    deal.apply(Pass())


def draw_and_throw(deal: Deal) -> Card:
    """Draw from the stock and discard the card drawn."""
    deal.apply(DrawStock())
    card = deal.hands[deal.current][-1]
    deal.apply(Discard(card))
    return card


def reason(deal: Deal, action: object) -> str:
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action)  # type: ignore[arg-type]
    return info.value.reason


# --------------------------------------------------------------------------- dealing


def test_the_deal_gives_ten_each_non_dealer_first() -> None:
    deal = new_deal()
    assert deal.hands[1] == parse_hand(JUNK_A)  # player 1 is the non-dealer
    assert deal.hands[0] == parse_hand(JUNK_B)
    assert deal.upcard == Card.parse("2D") and deal.discard_pile == [deal.upcard]
    assert len(deal.stock) == 31
    assert sorted(cards_in_play(deal)) == list(CARDS)
    assert (deal.phase, deal.current) == ("offer", 1)


def test_seeded_deals_are_reproducible_and_differ() -> None:
    assert Deal.new(seed=5).deck == Deal.new(seed=5).deck
    assert Deal.new(seed=5).deck != Deal.new(seed=6).deck


def test_bad_deck_and_dealer() -> None:
    with pytest.raises(IllegalActionError) as info:
        Deal.new(deck=CARDS[:51])
    assert info.value.reason == "bad_deck"
    with pytest.raises(IllegalActionError) as info:
        Deal.new(dealer=2)
    assert info.value.reason == "bad_dealer"


# --------------------------------------------------------------------------- first turn


def test_both_refuse_the_upcard_then_the_non_dealer_draws_from_the_stock() -> None:
    deal = new_deal()
    assert deal.legal_actions() == [DrawDiscard(), Pass()]
    assert reason(deal, DrawStock()) == "offer_pending"
    deal.apply(Pass())
    assert (deal.phase, deal.current) == ("offer", 0)  # now the dealer is offered it
    deal.apply(Pass())
    assert (deal.phase, deal.current) == ("draw", 1)
    assert deal.legal_actions() == [DrawStock()]
    assert reason(deal, DrawDiscard()) == "upcard_refused"
    deal.apply(DrawStock())
    assert len(deal.hands[1]) == 11


def test_non_dealer_takes_the_upcard_and_may_not_throw_it_back() -> None:
    deal = new_deal()
    deal.apply(DrawDiscard())
    assert deal.hands[1][-1] == Card.parse("2D") and deal.taken == Card.parse("2D")
    assert reason(deal, Discard(Card.parse("2D"))) == "just_taken"
    assert Discard(Card.parse("2D")) not in deal.legal_actions()
    deal.apply(Discard(Card.parse("KD")))
    assert (deal.phase, deal.current) == ("draw", 0)
    # the dealer may take the card just thrown, and draw normally
    assert deal.legal_actions() == [DrawStock(), DrawDiscard()]


def test_dealer_takes_the_upcard_after_the_non_dealer_refuses() -> None:
    deal = new_deal()
    deal.apply(Pass())
    deal.apply(DrawDiscard())
    assert deal.current == 0 and len(deal.hands[0]) == 11
    deal.apply(Discard(Card.parse("QS")))
    assert (deal.phase, deal.current) == ("draw", 1)
    assert DrawDiscard() in deal.legal_actions()  # the refusal does not last


# --------------------------------------------------------------------------- illegal actions


def test_illegal_actions_say_why() -> None:
    deal = new_deal()
    assert reason(deal, Discard(Card.parse("AS"))) == "offer_pending"
    both_pass(deal)
    assert reason(deal, Pass()) == "no_offer"
    assert reason(deal, Discard(Card.parse("AS"))) == "must_draw"
    assert reason(deal, Knock(Card.parse("AS"))) == "must_draw"
    with pytest.raises(IllegalActionError) as info:
        deal.apply(DrawStock(), player=0)
    assert info.value.reason == "not_your_turn"
    deal.apply(DrawStock())
    assert reason(deal, DrawStock()) == "must_discard"
    assert reason(deal, DrawDiscard()) == "must_discard"
    assert reason(deal, Discard(Card.parse("8H"))) == "not_in_hand"  # the dealer's card
    assert reason(deal, Knock(Card.parse("AS"))) == "over_limit"
    assert reason(deal, Gin(Card.parse("AS"))) == "not_gin"  # gin is answered about gin
    assert reason(deal, BigGin()) == "no_big_gin"
    # nothing illegal changed anything
    assert len(deal.moves) == 3 and len(deal.hands[1]) == 11
    assert sorted(cards_in_play(deal)) == list(CARDS)


def test_error_carries_reason_and_params() -> None:
    deal = new_deal()
    deal.apply(DrawDiscard())
    with pytest.raises(IllegalActionError) as info:
        deal.apply(Discard(Card.parse("2D")))
    data = info.value.to_dict()
    assert data["code"] == "illegal_action"
    assert data["reason"] == "just_taken" and data["card"] == "2D"


# A hand of three melds and a seven: knock with 7 after throwing the king.
KNOCKER = "AS 2S 3S 4H 5H 6H 8D 9D TD 7C"


def test_knock_gin_and_their_checks() -> None:
    # non-dealer: three melds + 7C; draws KH from the stock
    deal = new_deal(nondealer=KNOCKER, upcard="KS", stock=["KH", "JD"])
    both_pass(deal)
    deal.apply(DrawStock())
    assert reason(deal, Gin(Card.parse("KH"))) == "not_gin"
    assert Knock(Card.parse("KH")) in deal.legal_actions()
    assert Knock(Card.parse("7C")) in deal.legal_actions()  # leaves K: 10, still allowed
    deal.apply(Knock(Card.parse("KH")))
    assert deal.over and deal.result is not None
    assert deal.result.going_out == 1 and deal.result.outcome in ("knock", "undercut")
    assert deal.discard_pile[-1] == Card.parse("KH")
    assert reason(deal, DrawStock()) == "deal_over"


def test_gin_must_be_declared_as_gin() -> None:
    # draws JD, which makes 8D 9D TD JD: throwing 7C leaves gin
    deal = new_deal(nondealer=KNOCKER, upcard="KS", stock=["JD"])
    both_pass(deal)
    deal.apply(DrawStock())
    assert reason(deal, Knock(Card.parse("7C"))) == "is_gin"
    assert Gin(Card.parse("7C")) in deal.legal_actions()
    deal.apply(Gin(Card.parse("7C")))
    assert deal.result is not None and deal.result.outcome == "gin"
    assert deal.result.winner == 1 and deal.result.points > 25


def test_straight_gin_never_knocks() -> None:
    deal = new_deal(STRAIGHT, nondealer=KNOCKER, upcard="KS", stock=["KH"])
    both_pass(deal)
    deal.apply(DrawStock())
    assert reason(deal, Knock(Card.parse("KH"))) == "gin_only"
    assert not any(isinstance(a, Knock) for a in deal.legal_actions())


def test_oklahoma_upcard_sets_the_limit_for_the_whole_deal() -> None:
    # upcard 4C: the limit is 4, so 7 deadwood may not knock, even after the upcard is gone
    deal = new_deal(OKLAHOMA, nondealer=KNOCKER, upcard="4C", stock=["KH"])
    both_pass(deal)
    deal.apply(DrawStock())
    assert reason(deal, Knock(Card.parse("KH"))) == "over_limit"
    ace = new_deal(OKLAHOMA, nondealer=KNOCKER, upcard="AC", stock=["KH"])
    both_pass(ace)
    ace.apply(DrawStock())
    assert reason(ace, Knock(Card.parse("KH"))) == "ace_upcard"


def test_french_needs_eight_melded_cards() -> None:
    # two melds (6 cards) and low cards: few points, but too few melded cards
    hand = "AS 2S 3S 4H 5H 6H 8D 2C 3D 4C"
    deal = new_deal(FRENCH, nondealer=hand, upcard="KS", stock=["KH"])
    both_pass(deal)
    deal.apply(DrawStock())
    assert reason(deal, Knock(Card.parse("KH"))) == "too_few_melded"


def test_big_gin_in_french_rules() -> None:
    # ten cards melded plus a draw that extends a run: grand gin, no discard
    hand = "AS 2S 3S 4H 5H 6H 8D 9D TD JD"
    deal = new_deal(FRENCH, nondealer=hand, upcard="KC", stock=["7H"])
    both_pass(deal)
    deal.apply(DrawStock())
    assert BigGin() in deal.legal_actions()
    deal.apply(BigGin())
    assert deal.result is not None and deal.result.outcome == "big_gin"
    assert len(deal.hands[1]) == 11


# --------------------------------------------------------------------------- stock: dead hand


@pytest.mark.parametrize("rules", [STRAIGHT, FRENCH], ids=lambda r: r.name)
def test_dead_hand_comes_exactly_when_a_discard_leaves_two_cards(rules: Rules) -> None:
    deal = new_deal(rules)
    both_pass(deal)
    while len(deal.stock) > 3:
        draw_and_throw(deal)
        assert not deal.over
    # three cards left: the first of them may still be drawn
    assert len(deal.stock) == 3 and deal.phase == "draw"
    assert DrawStock() in deal.legal_actions()
    turns = deal.turns
    draw_and_throw(deal)  # leaves two: the discard ends the deal
    assert len(deal.stock) == 2
    assert deal.over and deal.result is not None
    assert deal.result.outcome == "dead" and deal.result.winner is None
    assert deal.result.points == 0 and deal.turns == turns + 1
    assert deal.log[-1] == {"event": "dead", "stock": 2}
    assert sorted(cards_in_play(deal)) == list(CARDS)


@pytest.mark.parametrize("rules", [STRAIGHT, FRENCH], ids=lambda r: r.name)
def test_the_card_before_the_last_two_can_still_win(rules: Rules) -> None:
    # 29 stock cards are drawable (31 - 2). With both refusing the upcard the
    # non-dealer draws the 1st, 3rd, ..., 29th: put the gin card 29th.
    hand = "AS 2S 3S 4H 5H 6H 8D 9D TD KC"
    stock = [c.code for c in CARDS if c.code not in (hand + " " + JUNK_B + " 2D JD").split()]
    stock = [*stock[:28], "JD", *stock[28:]]
    deal = new_deal(rules, nondealer=hand, upcard="2D", stock=stock)
    both_pass(deal)
    while len(deal.stock) > 3:
        draw_and_throw(deal)
    assert deal.current == 1
    deal.apply(DrawStock())
    assert deal.hands[1][-1] == Card.parse("JD") and len(deal.stock) == 2
    assert Gin(Card.parse("KC")) in deal.legal_actions()
    deal.apply(Gin(Card.parse("KC")))
    assert deal.result is not None and deal.result.outcome == "gin"


def test_dead_hand_also_after_taking_the_discard_first() -> None:
    # taking the top discard at three cards left does not use the stock up
    deal = new_deal(STRAIGHT)
    both_pass(deal)
    while len(deal.stock) > 3:
        draw_and_throw(deal)
    deal.apply(DrawDiscard())
    thrown = next(c for c in deal.hands[deal.current] if c is not deal.taken)
    deal.apply(Discard(thrown))
    assert not deal.over and len(deal.stock) == 3


# --------------------------------------------------------------------------- stock: reshuffle


@pytest.mark.parametrize("rules", [STANDARD, OKLAHOMA], ids=lambda r: r.name)
def test_reshuffle_keeps_the_top_discard_and_loses_no_card(rules: Rules) -> None:
    deal = new_deal(rules)
    both_pass(deal)
    while len(deal.stock) > 1:
        draw_and_throw(deal)
    assert DrawStock() in deal.legal_actions()  # the very last card may be drawn
    pile_before = list(deal.discard_pile)
    last = deal.stock[-1]
    draw_and_throw(deal)  # draws the last card and throws it
    assert deal.reshuffles == 1 and not deal.over
    assert deal.discard_pile == [last]  # the top discard stays
    assert sorted(deal.stock) == sorted(pile_before)  # everything else is the new stock
    assert len(deal.stock) == 31
    assert deal.log[-1] == {"event": "reshuffle", "stock": 31, "top": last.code}
    assert sorted(cards_in_play(deal)) == list(CARDS)
    assert deal.legal_actions() == [DrawStock(), DrawDiscard()]
    draw_and_throw(deal)  # play goes on from the new stock
    assert len(deal.stock) == 30


def test_reshuffle_is_reproduced_by_replay() -> None:
    deal = new_deal()
    both_pass(deal)
    for _ in range(40):
        draw_and_throw(deal)
    assert deal.reshuffles == 1
    again = replay(deal.moves, seed=1, rules=STANDARD, dealer=0, deck=deal.deck)
    assert again.stock == deal.stock and again.to_dict() == deal.to_dict()


def test_going_out_with_the_last_stock_card_needs_no_reshuffle() -> None:
    hand = "AS 2S 3S 4H 5H 6H 8D 9D TD KC"
    stock = [c.code for c in CARDS if c.code not in (hand + " " + JUNK_B + " 2D JD").split()]
    stock = [*stock[:30], "JD"]
    deal = new_deal(STANDARD, nondealer=hand, upcard="2D", stock=stock)
    both_pass(deal)
    while len(deal.stock) > 1:
        draw_and_throw(deal)
    assert deal.current == 1  # 31st draw: the non-dealer's
    deal.apply(DrawStock())
    deal.apply(Gin(Card.parse("KC")))
    assert deal.reshuffles == 0 and deal.stock == []


# --------------------------------------------------------------------------- replay, JSON


@pytest.mark.parametrize("rules", [STANDARD, STRAIGHT, OKLAHOMA, FRENCH], ids=lambda r: r.name)
def test_replay_and_json_reproduce_the_deal(rules: Rules) -> None:
    for seed in range(25):
        deal = Deal.new(rules, seed=seed, dealer=seed % 2)
        play_deal(deal, (GoodPlayer(seed), RandomPlayer(seed, go_out=True)))
        data = deal.to_dict()
        again = replay(deal.moves, seed=seed, rules=rules, dealer=seed % 2)
        assert again.to_dict() == data
        text = json.dumps(data)
        assert Deal.from_dict(json.loads(text)).to_dict() == data
        assert again.result == deal.result


def test_from_dict_with_only_the_variant_name() -> None:
    deal = Deal.new(OKLAHOMA, seed=21, dealer=1)
    play_deal(deal, (GoodPlayer(0), GoodPlayer(1)))
    data = {"variant": "oklahoma", "seed": 21, "dealer": 1, "moves": deal.to_dict()["moves"]}
    assert Deal.from_dict(data).to_dict() == deal.to_dict()


def test_from_dict_rejects_a_tampered_log() -> None:
    deal = Deal.new(STANDARD, seed=3)
    play_deal(deal, (GoodPlayer(0), GoodPlayer(1)))
    data = json.loads(json.dumps(deal.to_dict()))
    data["hands"][0][0] = "QH" if data["hands"][0][0] != "QH" else "QS"
    with pytest.raises(IllegalActionError) as info:
        Deal.from_dict(data)
    assert info.value.reason == "log_mismatch"
    data = json.loads(json.dumps(deal.to_dict()))
    data["moves"].insert(0, {"type": "discard", "card": "AS"})
    with pytest.raises(IllegalActionError):
        Deal.from_dict(data)


def test_a_deal_in_progress_serialises_too() -> None:
    deal = Deal.new(FRENCH, seed=11)
    players = (GoodPlayer(1), GoodPlayer(2))
    for _ in range(9):
        play_turn(deal, players)
    data = json.loads(json.dumps(deal.to_dict()))
    assert data["phase"] in ("draw", "discard") and data["result"] is None
    back = Deal.from_dict(data)
    assert back.to_dict() == deal.to_dict()
    # and play continues identically from the copy
    for d in (deal, back):
        play_deal(d, (GoodPlayer(3), GoodPlayer(4)))
    assert back.to_dict() == deal.to_dict()


def test_the_log_shows_draws_with_their_card() -> None:
    deal = new_deal()
    deal.apply(Pass())
    deal.apply(DrawDiscard())
    deal.apply(Discard(Card.parse("QS")))
    deal.apply(DrawStock())
    assert deal.log == [
        {"player": 1, "type": "pass"},
        {"player": 0, "type": "draw_discard", "card": "2D"},
        {"player": 0, "type": "discard", "card": "QS"},
        {"player": 1, "type": "draw_stock", "card": deal.hands[1][-1].code},
    ]


def test_action_notation_round_trips() -> None:
    actions = [
        Pass(),
        DrawStock(),
        DrawDiscard(),
        Discard(Card.parse("TH")),
        Knock(Card.parse("7C")),
        Gin(Card.parse("AS")),
        BigGin(),
    ]
    for action in actions:
        assert action_from_dict(action.to_dict()) == action
        assert parse_action(str(action)) == action
    assert parse_action("10♥") == Discard(Card.parse("TH"))
    assert parse_action("Big Gin") == BigGin()
    with pytest.raises(IllegalActionError) as info:
        parse_action("knock")
    assert info.value.reason == "unknown_action"
    with pytest.raises(IllegalActionError) as info:
        action_from_dict({"type": "fold"})
    assert info.value.reason == "unknown_action"


def test_from_dict_rebuilds_a_seeded_deal_whose_stock_was_rebuilt() -> None:
    # the stock rebuilt from the discard pile is shuffled by the seed's random state,
    # which the recorded deck alone does not give back
    deal = Deal.new(STANDARD, seed=3)
    play_deal(deal, (RandomPlayer(3, go_out=True), RandomPlayer(4, go_out=True)))
    assert deal.reshuffles >= 1
    data = json.loads(json.dumps(deal.to_dict()))
    assert Deal.from_dict(data).to_dict() == deal.to_dict()
