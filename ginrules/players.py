"""Computer players, registered by level, and loops that play whole deals and matches.

A player is any object with ``choose(view) -> Action`` (:class:`Player`). It is
given a :class:`~ginrules.view.PlayerView`, what its seat knows, and never the
:class:`~ginrules.deal.Deal`: the loops (:func:`play_turn`, :func:`play_deal`,
:func:`play_match`) build the view of the seat to act.

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
    takes the upcard or the top discard when that lowers its deadwood, discards
    to keep its deadwood as low as possible and, among equally good discards,
    avoids feeding the opponent (cards of the rank, or near in suit, of the cards
    the opponent took from the pile) and then throws the highest card; it knocks
    as soon as the rules allow and goes gin when it can.
``expert`` (:class:`ExpertPlayer`)
    weighs each discard by the deadwood it keeps, the live cards that would
    improve the hand on the next draw (cards it has not seen), and the danger of
    feeding the opponent (the cards it took, refused and threw); takes a discard
    only when it lands in a meld and lowers the deadwood; goes gin, or big gin
    where the rules have it, whenever it can; and knocks with patience: early in
    the deal at the first chance, later only when the knock scores better than
    playing on over random deals of the cards it has not seen (determinized
    Monte Carlo), counting a game's worth for a deal that ends the game.

>>> from ginrules.rules import STANDARD
>>> from ginrules.deal import Deal
>>> deal = Deal.new(STANDARD, seed=3)
>>> result = play_deal(deal, (get_player("good", 1), get_player("expert", 2)))
>>> result is deal.result and deal.over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ginrules.cards import CARDS, Card
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
from ginrules.errors import GinRulesError
from ginrules.match import ScoreSheet, score_sheet
from ginrules.melds import best_discard_deadwood, deadwood, max_melded
from ginrules.rules import Rules
from ginrules.showdown import showdown
from ginrules.view import MatchContext, PlayerView

__all__ = [
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "GoodPlayer",
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
            f"unknown level {name!r}; known: {', '.join(LEVELS)}", level=name, known=list(LEVELS)
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
                return self.rng.choice(out)
        return self.rng.choice(actions)


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
            return Gin(card) if check.kind == "gin" else Knock(card)
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
            return BigGin()
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
    """A sound heuristic player (see the module docstring), deterministic per seed.

    The seed breaks ties between equally good discards. Once the stock has been
    rebuilt ``restless_after`` times in a deal, it throws a random card a quarter
    of the time, so that two such players never deadlock under the reshuffle rule.
    """

    def __init__(self, seed: int = 0, restless_after: int = 2) -> None:
        self.rng = random.Random(seed)
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
        """Does taking the top discard lower this hand's deadwood?"""
        if not view.discard_pile:
            return False
        top = view.discard_pile[-1]
        hand = view.hand
        # throwing the top card back would leave today's deadwood: a lower best
        # means some other discard gains
        return best_discard_deadwood([*hand, top], view.rules) < deadwood(hand, view.rules)

    def _discard(self, view: PlayerView) -> Action:
        hand = view.hand
        rules = view.rules
        if _big_gin(view):
            return BigGin()
        free = [c for c in hand if c is not view.taken]
        if view.reshuffles >= self.restless_after and self.rng.random() < 0.25:
            # Under the reshuffle rule two deadwood-minimising players can hold each
            # other's missing cards for ever (gin only, for example): play a random
            # card now and then to break the deadlock.
            return Discard(self.rng.choice(free))
        best = best_discard_deadwood(hand, rules)
        # try the cards in order of preference until one keeps the least deadwood
        order = sorted(free, key=self._preference(view))
        kept: dict[Card, int] = {}
        for card in order:
            kept[card] = deadwood([x for x in hand if x is not card], rules)
            if kept[card] == best:
                break
        else:  # only the card just taken would have been best
            card = min(order, key=kept.__getitem__)
            best = kept[card]
        return _go_out_or_discard(view, card, best)

    def _preference(self, view: PlayerView) -> Callable[[Card], tuple[int, int, float]]:
        """Sort key of discards: least dangerous, then highest, then the seed."""
        pile = set(view.discard_pile)
        wanted = [c for c in view.picked[view.opponent] if c not in pile]
        rules = view.rules
        rng = self.rng

        def key(card: Card) -> tuple[int, int, float]:
            danger = 0
            for w in wanted:
                if w.rank == card.rank or (w.suit == card.suit and abs(w.rank - card.rank) <= 2):
                    danger += 1
            return (danger, -rules.card_value(card), rng.random())

        return key


def _near(a: Card, b: Card) -> bool:
    """Could ``a`` and ``b`` sit in one meld (same rank, or close in one suit)?"""
    if a.rank == b.rank:
        return True
    return a.suit == b.suit and abs(a.rank - b.rank) <= 2


class ExpertPlayer:
    """The strongest level (see the module docstring), deterministic per seed.

    ``early_turns``: the deal's turns during which any legal knock is taken;
    ``samples``: the random deals that decide a later knock (with ``0``, it
    knocks later only with at most ``late_knock`` deadwood); ``outs_weight``:
    how much the live cards count against the deadwood kept.
    """

    def __init__(
        self,
        seed: int = 0,
        early_turns: int = 8,
        late_knock: int = 4,
        outs_weight: float = 1.5,
        samples: int = 24,
        restless_after: int = 2,
    ) -> None:
        self.rng = random.Random(seed)
        self.early_turns = early_turns
        self.late_knock = late_knock
        self.outs_weight = outs_weight
        self.samples = samples
        self.restless_after = restless_after

    # drawing --------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        if view.phase == "discard":
            return self._discard(view)
        legal = view.legal_actions()
        if DrawDiscard() in legal and (self._wants(view) or DrawStock() not in legal):
            return DrawDiscard()
        return Pass() if view.phase == "offer" else DrawStock()

    def _wants(self, view: PlayerView) -> bool:
        """Take the top discard when it lands in a meld and lowers the deadwood."""
        if not view.discard_pile:
            return False
        top = view.discard_pile[-1]
        rules = view.rules
        if not in_some_meld(top, view.hand, rules):
            return False
        return best_discard_deadwood([*view.hand, top], rules) < deadwood(view.hand, rules)

    # discarding ------------------------------------------------------------------

    def _discard(self, view: PlayerView) -> Action:
        if _big_gin(view):
            return BigGin()
        hand = view.hand
        rules = view.rules
        free = [c for c in hand if c is not view.taken]
        if view.reshuffles >= self.restless_after and self.rng.random() < 0.25:
            return Discard(self.rng.choice(free))
        # the unseen cards that could meld with the hand, each with the hand's cards
        # it is near: it may lower the deadwood kept only if one of them stays
        unseen = view.unseen()
        near = [(u, [c for c in hand if _near(u, c)]) for u in unseen]
        live = [(u, cs) for u, cs in near if cs]
        danger = self._danger(view)
        scored: list[tuple[float, float, Card, int]] = []
        for card in free:
            rest = [c for c in hand if c is not card]
            left = deadwood(rest, rules)
            outs = [u for u, cs in live if len(cs) > 1 or cs[0] is not card]
            value = self._value(rest, left, outs, len(unseen), rules) + danger(card)
            scored.append((value, self.rng.random(), card, left))
        scored.sort(key=lambda s: (s[0], s[1]))
        _, _, card, left = scored[0]
        # going out: gin whenever some discard allows it, else a knock with patience
        gin = [s for s in scored if s[3] == 0]
        if gin:
            action = _go_out_or_discard(view, gin[0][2], 0)
            if not isinstance(action, Discard):
                return action
        least = min(scored, key=lambda s: (s[3], s[0]))
        action = _go_out_or_discard(view, least[2], least[3])
        if isinstance(action, Knock) and self._should_knock(view, least[2], least[3]):
            return action
        return Discard(card)

    def _value(
        self, rest: list[Card], left: int, outs: list[Card], unseen: int, rules: Rules
    ) -> float:
        """Deadwood kept, less a share of what the next draw may save: the live
        (unseen) cards ``outs`` that could lower it, weighted by how much, over the
        ``unseen`` cards in all."""
        if left == 0:
            return -10.0
        gain = 0
        for u in outs:
            after = best_discard_deadwood([*rest, u], rules)
            if after < left:
                gain += left - after
        return left - self.outs_weight * gain / max(unseen, 1)

    def _danger(self, view: PlayerView) -> Callable[[Card], float]:
        """The cost of giving a card to the opponent: near what it took, not near what
        it refused or threw; more so late in the deal and the higher the knock
        limit; nothing when only gin ends the deal."""
        # Scaled by the knock limit: the lower it is, the longer the deal runs and
        # the more a hand that keeps the cards the opponent wants clogs; nothing
        # when only gin ends the deal. (Measured against the beginner: Straight
        # Gin 29 % of games with the full term, 72 % without; Oklahoma 50 % with
        # it, 59 % scaled; 100-200 games each.)
        limit = view.rules.knock_limit(view.upcard)
        scale = 1.0 if limit is None else limit / 10
        if scale == 0:
            return lambda card: 0.0
        wanted = view.opponent_known
        safe = (*view.opponent_refused, *view.opponent_discards)
        weight = scale * (1.0 + view.turns / 10)

        def cost(card: Card) -> float:
            hot = sum(1 for w in wanted if _near(w, card))
            cold = sum(1 for s in safe if s.rank == card.rank or s == card)
            return weight * (2.0 * hot - 0.5 * min(cold, 2))

        return cost

    # knocking --------------------------------------------------------------------

    def _should_knock(self, view: PlayerView, card: Card, least: int) -> bool:
        """Knock now discarding ``card`` (keeping ``least`` deadwood), or play on?

        Early in the deal any knock is taken. Later the unseen cards are dealt out
        at random ``samples`` times (the opponent's hand around the cards it is
        known to hold, the rest as the stock): in each such world the knock is
        scored against the opponent's hand, and playing on is played out by two
        good players; the choice with the better mean wins, where a deal that ends
        the game counts a game's worth more.
        """
        if view.turns < self.early_turns or least == 0:
            return True
        if self.samples <= 0:
            return least <= self.late_knock
        rng = random.Random(self.rng.getrandbits(32))
        knock = play_on = 0.0
        kept = [c for c in view.hand if c is not card]
        for world in range(self.samples):
            deal = _world(view, rng)
            opponent = deal.hands[view.opponent]
            shown = showdown(kept, opponent, view.rules, view.upcard)
            knock += self._worth(view, shown.points if shown.winner == "knocker" else -shown.points)
            deal.apply(Discard(card))
            if deal.result is None:
                play_deal(deal, (GoodPlayer(world), GoodPlayer(world + 1)))
            result = deal.result
            if result is not None and result.winner is not None:
                sign = 1 if result.winner == view.seat else -1
                play_on += self._worth(view, sign * result.points)
        return knock >= play_on

    @staticmethod
    def _worth(view: PlayerView, points: int) -> float:
        """Deal points, plus a game's worth when they end the game."""
        match = view.match
        if match.target is None:
            return float(points)
        if points > 0 and match.scores[0] + points >= match.target:
            return points + 100.0
        if points < 0 and match.scores[1] - points >= match.target:
            return points - 100.0
        return float(points)


def _world(view: PlayerView, rng: random.Random) -> Deal:
    """A deal consistent with ``view`` (to discard): the unseen cards dealt at random."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    hidden = view.opponent_hand_size - len(view.opponent_known)
    deal = Deal(view.rules, 0, view.dealer, CARDS, random.Random(rng.getrandbits(32)))
    hands: list[list[Card]] = [[], []]
    hands[view.seat] = list(view.hand)
    hands[view.opponent] = [*view.opponent_known, *unseen[:hidden]]
    deal.hands = hands
    deal.upcard = view.upcard
    deal.discard_pile = list(view.discard_pile)
    deal.stock = unseen[hidden:]
    deal.picked = [list(view.picked[0]), list(view.picked[1])]
    deal.phase = view.phase
    deal.current = view.seat
    deal.taken = view.taken
    deal.turns = view.turns
    deal.reshuffles = view.reshuffles
    return deal


LEVELS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed, go_out=True),
    "beginner": BeginnerPlayer,
    "good": GoodPlayer,
    "expert": ExpertPlayer,
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


def _context(sheet: ScoreSheet | None, seat: int) -> MatchContext:
    if sheet is None:
        return MatchContext()
    totals = sheet.totals
    target = getattr(sheet, "target", None)
    return MatchContext(
        scores=(totals[seat], totals[1 - seat]),
        target=target if isinstance(target, int) else None,
        deal_number=sheet.deal_number,
    )


def play_turn(deal: Deal, players: Sequence[Player], sheet: ScoreSheet | None = None) -> Action:
    """Ask ``players[deal.current]`` for an action on its view, and apply it.

    :raises IllegalActionError: if the player chooses an illegal action.
    """
    view = PlayerView.of(deal, match=_context(sheet, deal.current))
    action = players[deal.current].choose(view)
    deal.apply(action)
    return action


def play_deal(deal: Deal, players: Sequence[Player], sheet: ScoreSheet | None = None) -> DealResult:
    """Play ``deal`` to its end, asking ``players[deal.current]`` for each action
    (given the score sheet of the match, the players see its scores).

    :raises IllegalActionError: if a player chooses an illegal action.
    """
    while deal.result is None:
        play_turn(deal, players, sheet)
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
        result = play_deal(deal, players, sheet)
        sheet.record(result)
        deals.append(deal)
        dealer = sheet.next_dealer(dealer, result)
    return sheet, deals
