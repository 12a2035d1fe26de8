"""The spread of a player going out: chosen from what that player knows.

The hand below melds in two ways with 10 deadwood: the 5s as a set (4C 6C
left over), or 4C 5C 6C as a run (5S 5D left over); the hearts run 9H-KH is
in both. The set lets the defender lay off 5H and 8H, the run 3C, 7C and 8H.
A knocker who cannot see the defender's cards spreads the set (fewer cards
fit); scoring from both hands, the convention spreads whatever leaves the
defender the most deadwood, which depends on the defender's cards.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from ginrules.cards import Card, parse_hand
from ginrules.cli.game import Voice, _spread
from ginrules.deal import (
    BigGin,
    Deal,
    DrawStock,
    Gin,
    Knock,
    Pass,
    action_from_dict,
    parse_spread,
    replay,
)
from ginrules.errors import IllegalActionError, IllegalKnockError
from ginrules.players import LEVELS, ExpertPlayer, get_player
from ginrules.rules import FRENCH, STANDARD
from ginrules.showdown import find_spread, layoff_cards, showdown, spread_options
from ginrules.view import MatchContext, PlayerView

KNOCKER = "5S 5D 5C 4C 6C 9H TH JH QH KS"  # dealt to the non-dealer (seat 1)
DRAWN = "KH"  # the stock's top card: the knocker throws KS and knocks
SET = (("5S", "5D", "5C"), ("9H", "TH", "JH", "QH", "KH"))
RUN = (("4C", "5C", "6C"), ("9H", "TH", "JH", "QH", "KH"))
COMMON = "2D 3D 7D 8S 9S JD QD 2H"
# two defenders that differ only in two hidden cards
HOLDS_SET_FITS = f"{COMMON} 5H 8H"
HOLDS_RUN_FITS = f"{COMMON} 3C 7C"


def codes(melds: Sequence[Sequence[Card]] | None) -> set[frozenset[str]]:
    assert melds is not None
    return {frozenset(c.code for c in m) for m in melds}


def make_deck(nondealer: str, dealer: str, upcard: str, stock: Sequence[str]) -> list[Card]:
    a, b = parse_hand(nondealer), parse_hand(dealer)
    deck = [card for pair in zip(a, b, strict=True) for card in pair]
    deck += [Card.parse(upcard), *(Card.parse(c) for c in stock)]
    deck += [c for c in sorted(set(map(Card.parse, _all())) - set(deck))]
    return deck


def _all() -> list[str]:
    return [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]


def knocking_deal(defender: str, knocker: str = KNOCKER) -> Deal:
    """Both refuse the upcard; the knocker draws KH and is to discard."""
    deal = Deal.new(STANDARD, deck=make_deck(knocker, defender, "AC", [DRAWN]))
    deal.apply(Pass())
    deal.apply(Pass())
    deal.apply(DrawStock())
    assert deal.current == 1 and Card.parse(DRAWN) in deal.hands[1]
    return deal


def test_the_two_spreads_and_what_fits_them() -> None:
    kept = parse_hand(KNOCKER.replace("KS", DRAWN))
    options = spread_options(kept)
    assert [codes([m.cards for m in o.spread.melds]) for o in options] == [
        codes([parse_hand(" ".join(m)) for m in SET]),
        codes([parse_hand(" ".join(m)) for m in RUN]),
    ]
    assert [[c.code for c in o.fits] for o in options] == [["5H", "8H"], ["8H", "3C", "7C"]]
    # a card the knocker has seen elsewhere cannot be laid off: with 5H and 8H
    # on the discard pile the set fits nothing, the run still 3C and 7C
    seen = spread_options(kept, STANDARD, seen=parse_hand("5H 8H"))
    assert [[c.code for c in o.fits] for o in seen] == [[], ["3C", "7C"]]
    # cards the defender surely holds come first: with 5H taken from the pile
    # and kept, the run is the safer spread
    held = spread_options(kept, STANDARD, held=parse_hand("5H"))
    assert [c.code for c in held[0].fits] == ["8H", "3C", "7C"]
    assert [c.code for c in held[1].known] == ["5H"]


def test_the_convention_of_scoring_from_both_hands_depends_on_the_defender() -> None:
    kept = KNOCKER.replace("KS", DRAWN)
    # 5H and 8H held: the run leaves them in the defender's deadwood
    assert codes(_groups(showdown(kept, HOLDS_SET_FITS).spread)) == codes(_groups(RUN))
    # 3C and 7C held: the set leaves them
    assert codes(_groups(showdown(kept, HOLDS_RUN_FITS).spread)) == codes(_groups(SET))


def _groups(spread: object) -> list[list[Card]]:
    if isinstance(spread, tuple):
        return [parse_hand(" ".join(m)) for m in spread]
    return [list(m.cards) for m in spread.melds]  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_computer_spreads_the_same_whatever_the_defender_hides(level: str) -> None:
    spreads = []
    for defender in (HOLDS_SET_FITS, HOLDS_RUN_FITS):
        deal = knocking_deal(defender)
        # the expert knocks with deadwood only near the match's target
        match = MatchContext(scores=(95, 0), target=100)
        view = PlayerView.of(deal, match=match)
        player = get_player(level, 3) if level != "expert" else ExpertPlayer(3)
        action = player.choose(view)
        assert isinstance(action, Knock) and action.card == Card.parse("KS")
        deal.apply(action)
        assert deal.result is not None and deal.result.showdown is not None
        # the deal scores the spread the player chose
        assert codes(_groups(deal.result.showdown.spread)) == codes(action.melds)
        spreads.append(codes(action.melds))
    assert spreads[0] == spreads[1] == codes(_groups(SET))


def test_a_knock_without_melds_spreads_from_the_knockers_view() -> None:
    for defender in (HOLDS_SET_FITS, HOLDS_RUN_FITS):
        deal = knocking_deal(defender)
        deal.apply(Knock(Card.parse("KS")))
        assert deal.result is not None and deal.result.showdown is not None
        assert codes(_groups(deal.result.showdown.spread)) == codes(_groups(SET))


def test_the_knocker_may_spread_any_arrangement_of_least_deadwood() -> None:
    deal = knocking_deal(HOLDS_SET_FITS)
    melds = parse_spread([list(m) for m in RUN])
    deal.apply(Knock(Card.parse("KS"), melds))
    result = deal.result
    assert result is not None and result.showdown is not None
    assert codes(_groups(result.showdown.spread)) == codes(_groups(RUN))
    # the defender keeps 5H and 8H... and lays off 8H on the hearts
    assert [x.card.code for x in result.showdown.layoffs] == ["8H"]
    # the spread travels with the move: a replay and the JSON give the same deal
    again = replay(deal.moves, deck=deal.deck)
    assert again.to_dict() == deal.to_dict()
    assert deal.to_dict()["moves"][-1]["melds"] == [list(m) for m in RUN]
    assert Deal.from_dict(deal.to_dict()).to_dict() == deal.to_dict()


@pytest.mark.parametrize(
    "melds",
    [
        [["5S", "5D", "5C"], ["9H", "TH", "JH", "QH"]],  # KH left out: more deadwood
        [["5S", "5D", "5C", "4C"]],  # no meld
        [["4C", "5C", "6C"], ["5S", "5D", "5C"]],  # a card twice
        "5S 5D 5C",  # not a list of melds
        [["5S", "5D"]],  # too short
    ],
)
def test_other_melds_are_refused(melds: object) -> None:
    deal = knocking_deal(HOLDS_SET_FITS)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action_from_dict({"type": "knock", "card": "KS", "melds": melds}))
    assert info.value.reason == "bad_spread"
    assert deal.phase == "discard" and deal.result is None  # nothing changed


def test_melds_do_not_change_which_move_it_is() -> None:
    melds = parse_spread([list(m) for m in SET])
    assert Knock(Card.parse("KS"), melds) == Knock(Card.parse("KS"))
    assert action_from_dict({"type": "knock", "card": "KS"}).melds is None  # type: ignore[union-attr]
    assert action_from_dict({"type": "gin", "card": "KS", "melds": SET}).melds is not None  # type: ignore[union-attr]
    assert isinstance(action_from_dict({"type": "big_gin", "melds": SET}), BigGin)
    assert Gin(Card.parse("KS")).to_dict() == {"type": "gin", "card": "KS"}


def test_find_spread_and_layoff_cards() -> None:
    kept = KNOCKER.replace("KS", DRAWN)
    assert find_spread(kept, RUN).deadwood == 10
    with pytest.raises(IllegalKnockError):
        find_spread(kept, [["5S", "5D", "5C"]])
    # no lay-offs on gin under the standard rules: nothing fits; the French
    # rules lay off on gin too
    gin = "4C 5C 6C 5S 5D 5H 9H TH JH QH"
    assert [o.fits for o in spread_options(gin)] == [()]
    assert [c.code for c in spread_options(gin, FRENCH)[0].fits] == ["8H", "KH", "3C", "7C"]
    # round the corner (French rules): a run Q-K-A takes J and 2
    melds = [["QH", "KH", "AH"], ["2S", "2D", "2C"], ["7S", "7D", "7C"]]
    run = find_spread("QH KH AH 2S 2D 2C 7S 7D 7C 9C", melds, FRENCH)
    assert {c.code for c in layoff_cards(run, FRENCH)} == {"JH", "2H", "7H"}


@pytest.mark.parametrize(("typed", "spread"), [("\n", SET), ("2\n", RUN), ("", SET), ("9\n", SET)])
def test_the_terminal_game_lets_the_knocker_choose(typed: str, spread: object) -> None:
    deal = knocking_deal(HOLDS_SET_FITS)
    out = io.StringIO()
    move = _spread(Voice("en", STANDARD), deal, Knock(Card.parse("KS")), io.StringIO(typed), out)
    assert isinstance(move, Knock) and codes(move.melds) == codes(_groups(spread))
    lines = out.getvalue().splitlines()
    assert lines[0] == "How to spread your melds"
    assert lines[2].startswith("1. [5♠ 5♦ 5♣]  [9♥ 10♥ J♥ Q♥ K♥]  Suggested: Cards you have")
    assert lines[3] == (
        "2. [4♣ 5♣ 6♣]  [9♥ 10♥ J♥ Q♥ K♥]  Cards you have not seen that would fit these melds: "
        "8♥ 3♣ 7♣."
    )
    assert lines[4] == "1-2 [1]: "


def test_the_terminal_game_asks_only_where_the_choice_matters() -> None:
    fr = Voice("fr", STANDARD)
    out = io.StringIO()
    _spread(fr, knocking_deal(HOLDS_SET_FITS), Knock(Card.parse("KS")), io.StringIO("\n"), out)
    assert out.getvalue().splitlines()[0] == "Comment étaler vos combinaisons"
    # one arrangement of least deadwood: nothing asked, the move as typed
    deal = knocking_deal(HOLDS_SET_FITS, knocker="5S 5D 5C 9H TH JH QH 2C 4D KS")
    quiet = io.StringIO()
    knock = Knock(Card.parse("KS"))
    assert _spread(fr, deal, knock, io.StringIO("2\n"), quiet) is knock
    assert quiet.getvalue() == ""
