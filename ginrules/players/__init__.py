"""Computer players, registered by level, and loops that play whole deals and matches.

A player is any object with ``choose(view) -> Action`` (:class:`Player`). It is
given a :class:`~ginrules.view.PlayerView`, what its seat knows, and never the
:class:`~ginrules.deal.Deal`: the loops (:func:`play_turn`, :func:`play_deal`,
:func:`play_match`) build the view of the seat to act.

Every level going out spreads the first of
:meth:`PlayerView.spread_options <ginrules.view.PlayerView.spread_options>`: among
its arrangements of least deadwood, the one that fits the fewest cards the
opponent may hold (worked out from its view, never from the opponent's cards).

Levels (:func:`get_player`, names in :data:`LEVELS`), each deterministic for a seed:

``random`` (:class:`RandomPlayer`)
    uniformly among the legal actions, but always going out when it can.
``beginner`` (:class:`BeginnerPlayer`)
    the EAAI 2021 challenge's baseline, ``SimpleGinRummyPlayer``: takes the
    face-up card only if it would sit in some meld with the hand, discards at
    random among the cards (not the one just taken, nor one that repeats a draw
    and discard already played this deal) that leave the least deadwood, and
    goes out at the first legal chance (under gin-only rules: when it has gin).
``good`` (:class:`GoodPlayer`)
    takes the upcard or the top discard when it lands in a meld and lowers its
    deadwood; throws the card that keeps the least deadwood, less what the next
    draw may save it on average over the cards it has not seen (the live cards),
    and among equally good discards avoids feeding the opponent (cards of the
    rank, or near in suit, of the cards the opponent took from the pile) and then
    throws the highest card; it knocks as soon as the rules allow and goes gin
    when it can.
``camper`` (:class:`ginrules.players.camper.CamperPlayer`)
    a gin camper in the style of the EAAI 2021 challenge's winner: the good
    player's draws, discards by a heavily weighted one-draw look-ahead that
    decays over its turns and by the danger of feeding the opponent, and knocks
    only in its first three turns, then plays for gin.
``expert`` (:class:`ginrules.players.search.StrongPlayer`, an :class:`ExpertPlayer`)
    draws and discards as ``good`` does, except where only gin ends the deal
    (Straight Gin, an Oklahoma ace upcard): there a discard is valued by the
    chance of gin within the next two draws, worked out over the unseen cards,
    and by the chance that the opponent melds the card thrown. It goes gin, or
    big gin where the rules have it, whenever it can; it knocks in its first
    four turns, before the opponent's hand has grown, and after that plays with
    patience, for gin, so that an opponent who knocks late is often undercut;
    from its sixth turn it values its discards by the chance of gin, as where
    only gin ends the deal (:mod:`ginrules.players.search` gives what each rule bought,
    measured against the camper and the EAAI baseline).

>>> from ginrules.rules import STANDARD
>>> from ginrules.deal import Deal
>>> deal = Deal.new(STANDARD, seed=3)
>>> result = play_deal(deal, (get_player("good", 1), get_player("expert", 2)))
>>> result is deal.result and deal.over
True

The package holds one module per level (:mod:`~ginrules.players.simple`,
:mod:`~ginrules.players.good`, :mod:`~ginrules.players.expert`,
:mod:`~ginrules.players.camper`, :mod:`~ginrules.players.search`), what they share
(:mod:`~ginrules.players.base`), the registry that alone names every level
(:mod:`~ginrules.players.levels`), the loops that play deals and matches
(:mod:`~ginrules.players.games`) and the measures of many games
(:mod:`~ginrules.players.duels`).
"""

from ginrules.players.base import Player
from ginrules.players.base import in_some_meld as in_some_meld
from ginrules.players.expert import ExpertPlayer, KnockChoice
from ginrules.players.games import play_deal, play_match, play_turn
from ginrules.players.good import GoodPlayer
from ginrules.players.levels import LEVELS, UnknownLevelError, get_player
from ginrules.players.simple import BeginnerPlayer, RandomPlayer

__all__ = [
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "GoodPlayer",
    "KnockChoice",
    "Player",
    "RandomPlayer",
    "UnknownLevelError",
    "get_player",
    "play_deal",
    "play_match",
    "play_turn",
]
