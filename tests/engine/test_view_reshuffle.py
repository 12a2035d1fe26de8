"""After a reshuffle the view tells the rebuilt stock's cards from the cards never seen."""

from __future__ import annotations

from ginrules.cards import CARDS
from ginrules.deal import Deal, Discard, DrawStock, Pass
from ginrules.rules import STANDARD
from ginrules.view import PlayerView


def test_the_rebuilt_stock_is_known_apart_from_the_cards_never_seen() -> None:
    deal = Deal.new(STANDARD, seed=5)
    deal.apply(Pass())
    deal.apply(Pass())
    assert PlayerView.of(deal).restocked == ()
    while not deal.reshuffles:
        deal.apply(DrawStock())
        deal.apply(Discard(deal.hands[deal.current][-1]))  # throw the card drawn
        assert not deal.over
    stock = set(deal.stock)
    view = PlayerView.of(deal)
    opponent = set(deal.hands[view.opponent])
    assert set(view.restocked) == stock and len(stock) == 31
    # right after the reshuffle every unseen card is either in the new stock, which
    # the seat saw in the pile, or one it has never seen: the opponent's hand
    assert set(view.unseen()) == stock | opponent
    assert set(view.restocked_unseen()) == stock
    assert set(view.never_seen()) == opponent
    # the opponent (to play next) draws a card of the new stock: unseen, it is in the
    # stock or in the opponent's hand, as far as this seat knows
    seat = view.seat
    deal.apply(DrawStock())  # this seat plays a turn first
    deal.apply(Discard(deal.hands[seat][-1]))
    deal.apply(DrawStock())
    drawn = deal.hands[deal.current][-1]
    deal.apply(Discard(deal.hands[deal.current][0]))
    view = PlayerView.of(deal)
    assert view.seat == deal.current
    assert set(view.restocked_unseen()) <= set(deal.stock) | set(deal.hands[view.opponent])
    assert drawn in view.restocked_unseen() or drawn in view.discard_pile
    assert sorted({*view.unseen(), *view.hand, *view.discard_pile}) == list(CARDS)
