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
``camper`` (:class:`ginrules.camper.CamperPlayer`)
    a gin camper in the style of the EAAI 2021 challenge's winner: the good
    player's draws, discards by a heavily weighted one-draw look-ahead that
    decays over its turns and by the danger of feeding the opponent, and knocks
    only in its first three turns, then plays for gin.
``expert`` (:class:`ginrules.search.StrongPlayer`, an :class:`ExpertPlayer`)
    draws and discards as ``good`` does, except where only gin ends the deal
    (Straight Gin, an Oklahoma ace upcard): there a discard is valued by the
    chance of gin within the next two draws, worked out over the unseen cards,
    and by the chance that the opponent melds the card thrown. It goes gin, or
    big gin where the rules have it, whenever it can; it knocks in its first
    four turns, before the opponent's hand has grown, and after that plays with
    patience, for gin, so that an opponent who knocks late is often undercut;
    from its sixth turn it values its discards by the chance of gin, as where
    only gin ends the deal (:mod:`ginrules.search` gives what each rule bought,
    measured against the camper and the EAAI baseline).

>>> from ginrules.rules import STANDARD
>>> from ginrules.deal import Deal
>>> deal = Deal.new(STANDARD, seed=3)
>>> result = play_deal(deal, (get_player("good", 1), get_player("expert", 2)))
>>> result is deal.result and deal.over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from ginrules.cards import Card
from ginrules.deal import (
    Action,
    BigGin,
    Deal,
    DealResult,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Pass,
)
from ginrules.errors import GinRulesError, unknown_message
from ginrules.match import ScoreSheet, score_sheet
from ginrules.melds import (
    _deadwood,
    _discard_deadwood,
    _draw_deadwoods,
    _Tables,
    _tables,
    best_discard_deadwood,
    deadwood,
    max_melded,
)
from ginrules.rules import Rules
from ginrules.view import MatchContext, PlayerView, Shown

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


class Player(Protocol):
    """Anything that chooses the next action from the view of the seat to act."""

    def choose(self, view: PlayerView) -> Action: ...


class UnknownLevelError(GinRulesError):
    """No computer player has that level name."""

    code = "unknown_level"

    def __init__(self, name: str) -> None:
        super().__init__(
            unknown_message("level", name, list(LEVELS)), level=name, known=list(LEVELS)
        )


class RandomPlayer:
    """A uniformly random legal player, deterministic for its seed.

    With ``go_out=True`` it always knocks or goes gin when some discard allows it
    (otherwise, under the reshuffle rule, a deal can run for thousands of turns).
    """

    def __init__(self, seed: int = 0, go_out: bool = False) -> None:
        self.rng = random.Random(seed)
        self.go_out = go_out

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions()
        if self.go_out:
            out = [a for a in actions if isinstance(a, Knock | Gin | BigGin)]
            if out:
                return view.spreading(self.rng.choice(out))
        return view.spreading(self.rng.choice(actions))


def in_some_meld(card: Card, hand: Sequence[Card], rules: Rules) -> bool:
    """Would ``card`` sit in some meld (a set, or a run in its suit) with ``hand``?

    >>> from ginrules.cards import parse_hand
    >>> from ginrules.rules import STANDARD, FRENCH
    >>> in_some_meld(Card.parse("AH"), parse_hand("KH QH 5S"), STANDARD)
    False
    >>> in_some_meld(Card.parse("AH"), parse_hand("KH QH 5S"), FRENCH)
    True
    """
    if sum(1 for c in hand if c.rank == card.rank and c is not card) >= 2:
        return True
    ranks = {c.rank for c in hand if c.suit == card.suit}
    wrap = rules.round_the_corner

    def step(rank: int, delta: int) -> int | None:
        nxt = rank + delta
        if 1 <= nxt <= 13:
            return nxt
        return (nxt - 1) % 13 + 1 if wrap else None

    length = 1
    for delta in (-1, 1):
        rank: int | None = card.rank
        while length < 3:
            rank = step(rank, delta) if rank is not None else None
            if rank is None or rank not in ranks or rank == card.rank:
                break
            length += 1
    return length >= 3


def _go_out_or_discard(view: PlayerView, card: Card, best: int) -> Action:
    """Knock or go gin discarding ``card`` (which keeps ``best`` deadwood) when the
    rules allow it, else discard it."""
    rules = view.rules
    limit = rules.knock_limit(view.upcard)
    # quick necessary tests before the full check: the knock limit, and the
    # French minimum of melded cards (a gin melds them all)
    needed = rules.knock_min_melded
    if (limit is None or best <= limit) and (
        not needed or best == 0 or max_melded(view.hand, rules) >= needed
    ):
        check = view.check_going_out(card)
        if check.allowed:
            return view.spreading(Gin(card) if check.kind == "gin" else Knock(card))
    return Discard(card)


def _big_gin(view: PlayerView) -> bool:
    """May this eleven-card hand go out as big gin?"""
    rules = view.rules
    return rules.big_gin and deadwood(view.hand, rules) == 0 and view.check_going_out(None).allowed


class BeginnerPlayer:
    """The EAAI challenge's ``SimpleGinRummyPlayer`` (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._pairs: set[tuple[Card | None, Card]] = set()
        self._deal: tuple[int, Card, int] | None = None

    def choose(self, view: PlayerView) -> Action:
        key = (view.dealer, view.upcard, view.match.deal_number)
        if key != self._deal or (self._deal is not None and view.turns == 0):
            self._pairs = set()
        self._deal = key
        if view.phase in ("offer", "draw"):
            legal = view.legal_actions()
            top = view.discard_pile[-1] if view.discard_pile else None
            take = DrawDiscard() in legal and top is not None
            if take and top is not None and in_some_meld(top, view.hand, view.rules):
                return DrawDiscard()
            return Pass() if view.phase == "offer" else DrawStock()
        return self._discard(view)

    def _discard(self, view: PlayerView) -> Action:
        if _big_gin(view):
            return view.spreading(BigGin())
        rules = view.rules
        hand = view.hand
        drawn = view.drawn
        least: int | None = None
        candidates: list[Card] = []
        for card in hand:
            if card is view.taken or (drawn, card) in self._pairs:
                continue
            left = deadwood([c for c in hand if c is not card], rules)
            if least is None or left < least:
                least, candidates = left, [card]
            elif left == least:
                candidates.append(card)
        if least is None:  # every card repeats a pair: allow repeats again
            free = [c for c in hand if c is not view.taken]
            kept = {c: deadwood([x for x in hand if x is not c], rules) for c in free}
            least = min(kept.values())
            candidates = [c for c in free if kept[c] == least]
        card = self.rng.choice(candidates)
        self._pairs.add((drawn, card))
        return _go_out_or_discard(view, card, least)


class GoodPlayer:
    """A sound heuristic player (see the module docstring), deterministic per seed;
    the expert plays its draws and discards.

    A discard is worth the deadwood it keeps, less ``outs_weight`` times the
    deadwood the next draw saves on average (over the cards the seat has not
    seen, each as likely); ties go to the card least likely to feed the
    opponent, then to the highest, then to the seed. The top discard is taken
    when it lands in a meld and lowers the deadwood. Gin (big gin where the rules
    have it) whenever possible, and a knock as soon as the rules allow
    (:meth:`_knocks`). Once the stock has been rebuilt ``restless_after`` times
    in a deal, a random card is thrown a quarter of the time, so that two such
    players never deadlock under the reshuffle rule.
    """

    def __init__(self, seed: int = 0, outs_weight: float = 0.75, restless_after: int = 2) -> None:
        self.rng = random.Random(seed)
        self.outs_weight = outs_weight
        self.restless_after = restless_after

    def choose(self, view: PlayerView) -> Action:
        if view.phase == "discard":
            return self._discard(view)
        if view.phase == "offer":
            return DrawDiscard() if self._wants(view) else Pass()
        legal = view.legal_actions()
        if DrawDiscard() in legal and (self._wants(view) or DrawStock() not in legal):
            return DrawDiscard()
        return DrawStock()

    def _wants(self, view: PlayerView) -> bool:
        """Take the top discard when it lands in a meld and lowers the deadwood."""
        if not view.discard_pile:
            return False
        top = view.discard_pile[-1]
        rules = view.rules
        if not in_some_meld(top, view.hand, rules):
            return False
        return best_discard_deadwood([*view.hand, top], rules) < deadwood(view.hand, rules)

    def _discard(self, view: PlayerView) -> Action:
        if _big_gin(view):
            return view.spreading(BigGin())
        hand = view.hand
        free = [c for c in hand if c is not view.taken]
        if view.reshuffles >= self.restless_after and self.rng.random() < 0.25:
            return Discard(self.rng.choice(free))
        tables = _tables(view.rules)
        mask = sum(1 << c.index for c in hand)
        tiebreak = _tiebreak(view, self.rng)
        value = self._valuer(view, hand)
        scored: list[tuple[float, tuple[int, int, float], Card, int]] = []
        for card in free:
            kept = mask & ~(1 << card.index)
            left = _deadwood(kept, tables)
            scored.append((value(card, kept, left), tiebreak(card), card, left))
        best = min(scored, key=lambda s: (s[0], s[1]))
        gin = [s for s in scored if s[3] == 0]
        if gin:
            action = _go_out_or_discard(view, gin[0][2], 0)
            if not isinstance(action, Discard):
                return action
        least = min(scored, key=lambda s: (s[3], s[0], s[1]))
        action = _go_out_or_discard(view, least[2], least[3])
        if isinstance(action, Knock) and self._knocks(view, least[3]):
            return action
        return Discard(best[2])

    def _valuer(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[Card, int, int], float]:
        """``value(card, kept, left)``: how bad it is to throw ``card``, keeping the
        ten cards ``kept`` (a bit mask) with ``left`` deadwood (lower is better):
        the deadwood kept less ``outs_weight`` times what the next draw saves on
        average; -1 for a gin."""
        tables = _tables(view.rules)
        outs = [1 << c.index for c in view.unseen()]
        weight = self.outs_weight

        def value(card: Card, kept: int, left: int) -> float:
            return left - weight * _saved(kept, left, outs, tables) if left else -1.0

        return value

    def _knocks(self, view: PlayerView, left: int) -> bool:
        """Knock now, keeping ``left`` deadwood (the rules allow it)?"""
        return True


def _saved(kept: int, left: int, outs: list[int], tables: _Tables) -> float:
    """The deadwood the next draw saves the ten cards ``kept`` (``left`` deadwood) on
    average, each card of ``outs`` (bit masks) drawn as likely."""
    saved = 0
    for after in _draw_deadwoods(kept, outs, tables):
        if after < left:
            saved += left - after
    return saved / max(len(outs), 1)


def _tiebreak(view: PlayerView, rng: random.Random) -> Callable[[Card], tuple[int, int, float]]:
    """Sort key among equally good discards: least dangerous (of the rank, or near in
    suit, of the cards the opponent took from the pile and still holds), then the
    highest, then the seed."""
    wanted = view.opponent_known
    rules = view.rules

    def key(card: Card) -> tuple[int, int, float]:
        danger = sum(
            1
            for w in wanted
            if w.rank == card.rank or (w.suit == card.suit and abs(w.rank - card.rank) <= 2)
        )
        return (danger, -rules.card_value(card), rng.random())

    return key


class ExpertPlayer(GoodPlayer):
    """The strongest level (see the module docstring), deterministic per seed.

    It plays the good player's draws and discards, with patience: it knocks only
    with at most ``knock_at`` deadwood (0: it plays for gin), or when a won deal
    is worth more than its points: when the seat is within ``finish_within`` points
    of the match's target, or when the stock is about to run out under the dead
    hand rule.

    Where only gin ends the deal (Straight Gin, an Oklahoma ace upcard) the deal is
    a race to gin, and a discard is valued by the chance to get there: the
    deadwood kept, less ``gin_outs_weight`` times what the next draw saves on
    average, less ``gin_weight`` times the chance of gin within the next two
    draws (:func:`_gin_chance`, over the unseen cards), plus ``danger_weight``
    times the chance that the opponent holds a meld for the card thrown
    (:func:`_feeds`). The top discard is taken when it lands in a meld and
    keeping it is worth more by that measure.
    """

    def __init__(
        self,
        seed: int = 0,
        knock_at: int = 0,
        finish_within: int = 10,
        outs_weight: float = 0.75,
        gin_outs_weight: float = 0.4,
        gin_weight: float = 40.0,
        danger_weight: float = 5.0,
        restless_after: int = 2,
    ) -> None:
        super().__init__(seed, outs_weight, restless_after)
        self.knock_at = knock_at
        self.finish_within = finish_within
        self.gin_outs_weight = gin_outs_weight
        self.gin_weight = gin_weight
        self.danger_weight = danger_weight

    def _racing(self, view: PlayerView) -> bool:
        """Is the deal a race to gin (only gin ends it)?"""
        # Valuing discards so in every Oklahoma deal with a knock limit of 6 or
        # less did not pay against the EAAI baseline: net points per deal +5.75
        # against +5.71 (800 mirrored deals, standard error 1.0)
        return view.rules.knock_limit(view.upcard) == 0

    def _wants(self, view: PlayerView) -> bool:
        if not self._racing(view) or not view.discard_pile:
            return super()._wants(view)
        top = view.discard_pile[-1]
        if not in_some_meld(top, view.hand, view.rules):
            return False
        race = self._race(view, [*view.hand, top])
        mask = sum(1 << c.index for c in view.hand)
        taken = mask | 1 << top.index
        after = min(race(taken & ~(1 << c.index)) for c in view.hand)
        return after < race(mask)

    def _valuer(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[Card, int, int], float]:
        if not self._racing(view):
            return super()._valuer(view, hand)
        # Straight Gin against good, net points per deal over 600 mirrored deals
        # (standard error about 1): +0.4 with the good player's measure (weighing
        # the live cards 0.4), +2.8 adding the chance of gin (weight 40; +3.0 at
        # 80), +4.6 adding the danger of feeding the opponent (weight 5; +3.0 at
        # 10, -1.1 at 20). Taking any pile card that brings gin nearer, not only
        # one that melds, did worse (+3.0). In games: 66 % of 400 against good
        # (95 % interval 61-71 %), where the good player's measure won 53 %.
        return self._race_valuer(view, hand)

    def _race_valuer(
        self, view: PlayerView, hand: Sequence[Card]
    ) -> Callable[[Card, int, int], float]:
        """A discard's value in a race to gin: the race measure of the cards kept, plus
        the danger of feeding the opponent."""
        race = self._race(view, hand)
        feeds = _feeds(view)
        danger = self.danger_weight

        def value(card: Card, kept: int, left: int) -> float:
            return race(kept) + danger * feeds(card)

        return value

    def _race(self, view: PlayerView, hand: Sequence[Card]) -> Callable[[int], float]:
        """``race(kept)``: how far the ten cards ``kept`` (a subset of ``hand``) are
        from gin (lower is nearer, minus infinity for gin; see the class docstring)."""
        tables = _tables(view.rules)
        unseen = view.unseen()
        outs = [1 << c.index for c in unseen]
        near = sum(1 << c.index for c in unseen if in_some_meld(c, hand, view.rules))
        memo: dict[int, int] = {}
        weight, gin = self.gin_outs_weight, self.gin_weight

        def race(kept: int) -> float:
            left = _deadwood(kept, tables)
            if not left:
                return -math.inf
            saved = _saved(kept, left, outs, tables)
            return left - weight * saved - gin * _gin_chance(kept, left, outs, near, tables, memo)

        return race

    def _knocks(self, view: PlayerView, left: int) -> bool:
        return self.knock_choice(view, left).knock

    def knock_choice(self, view: PlayerView, left: int) -> KnockChoice:
        """Knock now, keeping ``left`` deadwood (the rules allow it), and what decided
        it (see :class:`KnockChoice`)."""
        # A low Oklahoma limit does not make an early knock pay either: against the
        # EAAI baseline, knocking with 2 deadwood or less won 63.5 % of 400 games,
        # with 3 or less 63.0 %, playing for gin 71.5 % (the same deals)
        match = view.match
        to_go = None if match.target is None else match.target - match.scores[0]
        rules = view.rules
        ending = rules.stock_end == "dead_hand" and view.stock_size <= rules.dead_hand_cards + 2
        margin = self.finish_within
        if left <= self.knock_at:
            return KnockChoice(True, "low_deadwood", left, self.knock_at, to_go, margin)
        if to_go is not None and to_go <= margin:
            return KnockChoice(True, "near_target", left, self.knock_at, to_go, margin)
        if ending:
            return KnockChoice(True, "stock_ending", left, self.knock_at, to_go, margin)
        return KnockChoice(False, "patience", left, self.knock_at, to_go, margin)


@dataclass(frozen=True)
class KnockChoice:
    """The expert's answer to "knock now?" (:meth:`ExpertPlayer.knock_choice`).

    ``decided_by``: ``low_deadwood`` (``deadwood`` is at most ``knock_at``),
    ``near_target`` (the seat needs ``to_go`` points to reach the match's target,
    at most ``margin``, the expert's ``finish_within``), ``stock_ending`` (the
    stock is about to run out under the dead hand rule), ``early_turn`` (the
    expert level knocks in its first turns, :mod:`ginrules.search`), else
    ``patience``: it
    plays on for gin or to undercut a knock. ``to_go`` is ``None`` in a single
    deal.
    """

    knock: bool
    decided_by: Literal["low_deadwood", "near_target", "stock_ending", "early_turn", "patience"]
    deadwood: int
    knock_at: int
    to_go: int | None
    margin: int


def _neighbours(index: int, wrap: bool) -> int:
    """The cards (a bit mask) that could sit in one meld with the card ``index``: the
    same rank, or within two ranks in its suit."""
    suit, rank = divmod(index, 13)
    mask = sum(1 << (s * 13 + rank) for s in range(4))
    for step in (-2, -1, 1, 2):
        near = rank + step
        if 0 <= near < 13 or wrap:
            mask |= 1 << (suit * 13 + near % 13)
    return mask


_NEIGHBOURS: Final = {wrap: [_neighbours(i, wrap) for i in range(52)] for wrap in (False, True)}


def _gin_outs(kept: int, outs: Sequence[int], tables: _Tables, memo: dict[int, int]) -> int:
    """How many cards of ``outs`` (bit masks, not in ``kept``) would give the ten cards
    ``kept`` gin. ``outs`` may leave out cards that meld with nothing in ``kept``
    (they can give no gin), so the count does not depend on which such list is
    passed, and one ``memo`` (counts by ``kept``) serves them all."""
    count = memo.get(kept)
    if count is None:
        count = memo[kept] = _count_gin_outs(kept, outs, tables)
    return count


def _count_gin_outs(kept: int, outs: Sequence[int], tables: _Tables) -> int:
    """:func:`_gin_outs` worked out. Gin leaves at most one card of the eleven in
    no meld, and a card in a meld has two others of the meld among its neighbours
    (:func:`_neighbours`), so a card of ``kept`` with no neighbour in ``kept``
    never melds, one with a single neighbour only when the draw is another, and
    only the draws that leave fewer than two such cards need the full search."""
    neighbours = _NEIGHBOURS[tables.round_the_corner]
    single = never = 0
    rest = kept
    while rest:
        low = rest & -rest
        rest ^= low
        partners = (neighbours[low.bit_length() - 1] & kept ^ low).bit_count()
        if partners < 2:
            never += partners == 0
            single |= low if partners else 0
    if never >= 2:
        return 0
    count = 0
    for out in outs:
        if out & kept:
            continue
        near = neighbours[out.bit_length() - 1]
        lost = never + (single & ~near).bit_count() + ((near & kept).bit_count() < 2)
        if lost < 2 and not _discard_deadwood(kept | out, tables):
            count += 1
    return count


def _gin_chance(
    kept: int, left: int, outs: Sequence[int], near: int, tables: _Tables, memo: dict[int, int]
) -> float:
    """The chance that the ten cards ``kept`` (``left`` deadwood) go gin within the
    next two draws, each card of ``outs`` (the unseen cards, as bit masks) drawn
    as likely; after the first draw the hand keeps the least deadwood (and of
    those, the most gin outs). ``near`` (a bit mask) holds every unseen card that
    sits in some meld with the hand: no other card can make gin, and ``memo``
    holds gin-out counts already worked out (see :func:`_gin_outs`)."""
    n = len(outs)
    if n < 2:
        return 0.0
    wrap = tables.round_the_corner
    neighbours = _NEIGHBOURS[wrap]
    close = [out for out in outs if out & near]
    first = second = 0
    for out in outs:
        if not out & near:  # it melds with nothing: thrown back
            second += _gin_outs(kept, close, tables, memo)
            continue
        drawn = kept | out
        least = _discard_deadwood(drawn, tables)
        if not least:
            first += 1
        elif least < left:
            around = near | neighbours[out.bit_length() - 1]
            reach = [o for o in outs if o & around]
            best = 0
            rest = drawn ^ out
            while rest:
                low = rest & -rest
                rest ^= low
                if _deadwood(drawn ^ low, tables) == least:
                    best = max(best, _gin_outs(drawn ^ low, reach, tables, memo))
            second += best
        else:
            second += _gin_outs(kept, close, tables, memo)
    return (first + second / (n - 1)) / n


def _feeds(view: PlayerView) -> Callable[[Card], float]:
    """``feeds(card)``: the chance that the opponent's hand holds a meld for
    ``card`` (two more of its rank, or two cards next to it in a run), each unseen
    card being in that hand as likely, and the cards it took from the pile surely."""
    unseen = view.unseen()
    known = view.opponent_known
    share = max(view.opponent_hand_size - len(known), 0) / len(unseen) if unseen else 0.0
    held = dict.fromkeys((c.index for c in unseen), share)
    held.update(dict.fromkeys((c.index for c in known), 1.0))
    wrap = view.rules.round_the_corner

    def at(suit: int, rank: int) -> float:
        if not 0 <= rank < 13:
            if not wrap:
                return 0.0
            rank %= 13
        return held.get(suit * 13 + rank, 0.0)

    def feeds(card: Card) -> float:
        suit, rank = divmod(card.index, 13)
        a, b, c = (held.get(s * 13 + rank, 0.0) for s in range(4) if s != suit)
        in_set = a * b + a * c + b * c - 2 * a * b * c
        m2, m1, p1, p2 = (at(suit, rank + d) for d in (-2, -1, 1, 2))
        in_run = m2 * m1 + m1 * p1 + p1 * p2 - m2 * m1 * p1 - m1 * p1 * p2
        return min(1.0, in_set + in_run)

    return feeds


def _camper(seed: int) -> Player:
    from ginrules.camper import CamperPlayer

    return CamperPlayer(seed)


def _expert(seed: int) -> Player:
    from ginrules.search import StrongPlayer

    return StrongPlayer(seed)


LEVELS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed, go_out=True),
    "beginner": BeginnerPlayer,
    "good": GoodPlayer,
    "camper": _camper,
    "expert": _expert,
}
"""The computer players by level name, weakest first: ``LEVELS[name](seed)``."""


def get_player(name: str, seed: int = 0) -> Player:
    """The computer player of level ``name`` (see :data:`LEVELS`), seeded.

    :raises UnknownLevelError: for a name that is no level.
    """
    key = name.strip().lower()
    if key not in LEVELS:
        raise UnknownLevelError(name)
    return LEVELS[key](seed)


def _context(sheet: ScoreSheet | None, seat: int, earlier: Sequence[Deal] = ()) -> MatchContext:
    first = 1 if sheet is None else sheet.deal_number - len(earlier)
    shown = (Shown.of(deal, seat, first + i) for i, deal in enumerate(earlier))
    showdowns = tuple(s for s in shown if s is not None)
    if sheet is None:
        return MatchContext(showdowns=showdowns)
    totals = sheet.totals
    target = getattr(sheet, "target", None)
    return MatchContext(
        scores=(totals[seat], totals[1 - seat]),
        target=target if isinstance(target, int) else None,
        deal_number=sheet.deal_number,
        showdowns=showdowns,
    )


def _turn(deal: Deal, players: Sequence[Player], contexts: Sequence[MatchContext]) -> Action:
    view = PlayerView.of(deal, match=contexts[deal.current])
    action = players[deal.current].choose(view)
    deal.apply(action)
    return action


def play_turn(
    deal: Deal,
    players: Sequence[Player],
    sheet: ScoreSheet | None = None,
    earlier: Sequence[Deal] = (),
) -> Action:
    """Ask ``players[deal.current]`` for an action on its view, and apply it
    (``earlier``: the match's deals before this one, whose showdowns both
    players saw).

    :raises IllegalActionError: if the player chooses an illegal action.
    """
    return _turn(deal, players, [_context(sheet, seat, earlier) for seat in (0, 1)])


def play_deal(
    deal: Deal,
    players: Sequence[Player],
    sheet: ScoreSheet | None = None,
    earlier: Sequence[Deal] = (),
) -> DealResult:
    """Play ``deal`` to its end, asking ``players[deal.current]`` for each action
    (given the score sheet of the match, the players see its scores; given the
    match's ``earlier`` deals, they see what their showdowns showed).

    :raises IllegalActionError: if a player chooses an illegal action.
    """
    contexts = [_context(sheet, seat, earlier) for seat in (0, 1)]
    while deal.result is None:
        _turn(deal, players, contexts)
    return deal.result


def play_match(
    rules: Rules,
    players: Sequence[Player],
    seed: int = 0,
    sheet: ScoreSheet | None = None,
    first_dealer: int = 0,
) -> tuple[ScoreSheet, list[Deal]]:
    """Play deals until the score sheet's match is over.

    Each deal's seed is drawn from ``random.Random(seed)``; the dealer follows the
    sheet's dealer rule (the same dealer again after a dead deal).

    :raises IllegalActionError: if a player chooses an illegal action.
    """
    sheet = sheet or score_sheet(rules)
    rng = random.Random(seed)
    dealer = first_dealer
    deals: list[Deal] = []
    while not sheet.over:
        deal = Deal.new(rules, seed=rng.getrandbits(32), dealer=dealer)
        result = play_deal(deal, players, sheet, deals)
        sheet.record(result)
        deals.append(deal)
        dealer = sheet.next_dealer(dealer, result)
    return sheet, deals
