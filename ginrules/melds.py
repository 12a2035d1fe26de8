"""Melds and the optimal arrangement of a hand.

The search is exhaustive and exact, and fast because of two facts:

* Inside one suit, with sets left aside, runs never compete: every card in a
  block of three or more consecutive ranks (round the corner where the rules
  allow it) is best melded, all in one run, and every other card is deadwood.
  A table over the 8,192 possible suits gives that deadwood at once.
* Sets are the only choice. A rank held three or four times is either left to
  the runs, melded whole, or (when four are held) melded as one of four
  three-card sets. The search tries every combination of those choices (at
  most 72 for 11 cards, usually none) and reads the four suits in the table.

Runs are reported whole: 3-4-5-6-7-8 of one suit is one run, never two.
Among arrangements with the same least deadwood, :func:`best_arrangement`
prefers the one with the most cards in melds, then the first in a fixed order
(runs before sets, then sets of four before sets of three, lower ranks first);
:func:`best_arrangements` lists them all in that order.

>>> arr = best_arrangement("7H 8H 9H 7S 7D 7C KS QS JS 2D")
>>> [" ".join(str(c) for c in m.cards) for m in arr.melds]
['7S 7D 7C', '7H 8H 9H', 'JS QS KS']
>>> arr.deadwood
2
>>> from ginrules.rules import FRENCH
>>> best_arrangement("QH KH AH 5C", FRENCH).melds[0].to_dict()
{'kind': 'run', 'cards': ['QH', 'KH', 'AH']}
>>> best_arrangement("QH KH AH 5C").deadwood
26
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal

from ginrules.cards import CARDS, Card, parse_hand
from ginrules.errors import HandSizeError
from ginrules.rules import STANDARD, Rules

MeldKind = Literal["set", "run"]

_SUIT: Final = 8191  # 13 bits: one suit
_RANK: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39  # one rank in every suit
_INF: Final = 1 << 30
MAX_CARDS: Final = 11


@dataclass(frozen=True)
class Meld:
    """A set (3 or 4 cards of one rank, in suit order) or a run (3 or more
    consecutive cards of one suit, in rank order; K-A-2 in that order)."""

    kind: MeldKind
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"kind": "run", "cards": ["7H", "8H", "9H"]}``."""
        return {"kind": self.kind, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True)
class Arrangement:
    """Melds, the unmatched cards (deadwood, in card order) and their value."""

    melds: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    deadwood: int

    @property
    def melded(self) -> int:
        """Number of cards in melds."""
        return sum(len(m.cards) for m in self.melds)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: melds, unmatched card codes, deadwood."""
        return {
            "melds": [m.to_dict() for m in self.melds],
            "unmatched": [c.code for c in self.unmatched],
            "deadwood": self.deadwood,
        }


@dataclass(frozen=True)
class Discard:
    """One optimal discard from 11 cards: ``discard`` is ``None`` when all
    eleven meld and the rules have big gin; ``arrangement`` is that of the
    cards kept."""

    discard: Card | None
    arrangement: Arrangement

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the discard (or ``None``) and the arrangement kept."""
        return {
            "discard": None if self.discard is None else self.discard.code,
            "arrangement": self.arrangement.to_dict(),
        }


# ---------------------------------------------------------------- tables


class _Tables:
    """Per-suit tables for one way of valuing cards and forming runs."""

    __slots__ = ("card_values", "dw", "gain", "melded", "round_the_corner", "run_melds", "values")

    def __init__(self, ace_value: int, face_value: int, round_the_corner: bool) -> None:
        values = [ace_value, *range(2, 11), face_value, face_value, face_value]
        self.values: list[int] = values
        self.card_values: list[int] = values * 4
        self.round_the_corner = round_the_corner
        # the runs of one suit's melded cards (52-bit mask), as _meld gives them
        self.run_melds: dict[int, list[tuple[int, Meld]]] = {}
        total = [0] * 8192
        for m in range(1, 8192):
            low = m & -m
            total[m] = total[m ^ low] + values[low.bit_length() - 1]
        melded = [_run_cards(m, round_the_corner) for m in range(8192)]
        dw = [total[m & ~keep] for m, keep in enumerate(melded)]
        # gain[m]: the most deadwood one discard from this suit can remove.
        gain = [-_INF] * 8192
        for m in range(1, 8192):
            best = _INF
            rest = m
            while rest:
                low = rest & -rest
                rest ^= low
                d = dw[m ^ low]
                if d < best:
                    best = d
            gain[m] = dw[m] - best
        self.dw: list[int] = dw
        self.melded: list[int] = melded
        self.gain: list[int] = gain


def _run_cards(m: int, round_the_corner: bool) -> int:
    """The cards of a 13-bit suit mask that lie in blocks of 3+ consecutive
    ranks: those with both neighbours, or two neighbours on one side."""
    return m & _run_spots(m, round_the_corner)


def _run_spots(m: int, round_the_corner: bool) -> int:
    """The ranks (13 bits) that have, in the suit mask ``m``, both neighbours or two
    neighbours on one side: where a card is, or would be, in a run."""
    if round_the_corner:
        up = ((m << 1) | (m >> 12)) & _SUIT  # bit r: rank r-1 is held
        down = ((m >> 1) | (m << 12)) & _SUIT  # bit r: rank r+1 is held
        up2 = ((m << 2) | (m >> 11)) & _SUIT
        down2 = ((m >> 2) | (m << 11)) & _SUIT
    else:
        up, down, up2, down2 = m << 1, m >> 1, m << 2, m >> 2
    return ((up & down) | (up & up2) | (down & down2)) & _SUIT


_TABLES: dict[tuple[int, int, bool], _Tables] = {}


def _tables(rules: Rules) -> _Tables:
    key = (rules.ace_value, rules.face_value, rules.round_the_corner)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _Tables(*key)
    return t


def _set_options() -> list[list[list[int]]]:
    """[rank][suits present, 4 bits] -> set choices as 52-bit masks; 0 (no set) first."""
    table: list[list[list[int]]] = []
    for r in range(13):
        row: list[list[int]] = []
        for present in range(16):
            suits = [s for s in range(4) if present >> s & 1]
            bits = [1 << (s * 13 + r) for s in suits]
            opts = [0]
            if len(bits) >= 3:
                opts.append(sum(bits))
            if len(bits) == 4:
                opts.extend(sum(bits) - b for b in reversed(bits))
            row.append(opts)
        table.append(row)
    return table


_SET_OPTIONS: Final = _set_options()


_SET_MASKS: dict[int, tuple[int, ...]] = {}
_SET_MASKS_KEPT: Final = 8192
"""The most hands' set choices :func:`_set_masks` keeps (a few megabytes at most)."""


def _set_masks(m: int, c3: int) -> tuple[int, ...]:
    """Every combination of set choices of hand ``m`` for its ranks ``c3`` held three
    or four times, as the mask of the cards in sets, in the fixed order (no set
    first). They depend only on the cards of those ranks: kept by those."""
    key = m & c3 * _RANK
    masks = _SET_MASKS.get(key)
    if masks is None:
        found = [0]
        while c3:
            low = c3 & -c3
            c3 ^= low
            r = low.bit_length() - 1
            present = (key >> r & 1) | (key >> 13 + r & 1) << 1
            present |= (key >> 26 + r & 1) << 2 | (key >> 39 + r & 1) << 3
            options = _SET_OPTIONS[r][present]
            found = [mask + option for mask in found for option in options]
        masks = tuple(found)
        if len(_SET_MASKS) < _SET_MASKS_KEPT:
            _SET_MASKS[key] = masks
    return masks


def _three_of_four(s0: int, s1: int, s2: int, s3: int) -> int:
    """Ranks (13 bits) present in at least three suits."""
    return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))


# ---------------------------------------------------------------- input


def _mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _hand_mask(cards: str | Iterable[str | Card], low: int = 0, high: int = MAX_CARDS) -> int:
    """The hand as a 52-bit mask, checking its cards and its size."""
    if isinstance(cards, list | tuple):
        m = 0
        try:
            for c in cards:
                m |= 1 << c.index
        except (AttributeError, TypeError):
            m = -1
        if m >= 0 and m.bit_count() == len(cards) and low <= len(cards) <= high:
            return m
    hand = parse_hand(cards)
    if not low <= len(hand) <= high:
        expected = str(low) if low == high else f"{low} to {high}"
        raise HandSizeError(len(hand), expected)
    return _mask_of(hand)


# ---------------------------------------------------------------- search


# The players call these two hundreds of thousands of times a game: _three_of_four
# is written out in them, and max() of the four gains unrolled (twice as fast).


def _deadwood(m: int, t: _Tables) -> int:
    s0 = m & _SUIT
    s1 = m >> 13 & _SUIT
    s2 = m >> 26 & _SUIT
    s3 = m >> 39
    dw = t.dw
    c3 = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not c3:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3]
    best = _INF
    for sets in _set_masks(m, c3):
        r = m ^ sets
        d = dw[r & _SUIT] + dw[r >> 13 & _SUIT] + dw[r >> 26 & _SUIT] + dw[r >> 39]
        if d < best:
            best = d
    return best


def _discard_deadwood(m: int, t: _Tables) -> int:
    """Least deadwood of the ten cards kept from eleven (0 if all eleven meld)."""
    s0 = m & _SUIT
    s1 = m >> 13 & _SUIT
    s2 = m >> 26 & _SUIT
    s3 = m >> 39
    dw = t.dw
    gain = t.gain
    c3 = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    choices = _set_masks(m, c3) if c3 else (0,)
    best = _INF
    for sets in choices:
        r = m ^ sets
        a = r & _SUIT
        b = r >> 13 & _SUIT
        c = r >> 26 & _SUIT
        d = r >> 39
        total = dw[a] + dw[b] + dw[c] + dw[d]
        if not total:
            return 0
        top = gain[a]
        g = gain[b]
        if g > top:
            top = g
        g = gain[c]
        if g > top:
            top = g
        g = gain[d]
        if g > top:
            top = g
        if total - top < best:
            best = total - top
    return best


def _draw_deadwoods(kept: int, outs: Iterable[int], t: _Tables) -> list[int]:
    """``[_discard_deadwood(kept | out, t) for out in outs]`` (``outs``: one-card masks):
    the least deadwood after drawing each card to the cards ``kept`` and discarding.

    A card that joins no meld with the cards kept (fewer than two of its rank, no run
    in its suit) is reckoned without a search: it stays unmatched in every
    arrangement, so the best is to discard it, or to keep it in place of the card of
    ``kept`` whose loss leaves the least deadwood.
    """
    s0 = kept & _SUIT
    s1 = kept >> 13 & _SUIT
    s2 = kept >> 26 & _SUIT
    s3 = kept >> 39
    rtc = t.round_the_corner
    pairs = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3)  # ranks held twice or more
    search = kept | pairs * _RANK | _run_spots(s0, rtc) | _run_spots(s1, rtc) << 13
    search |= _run_spots(s2, rtc) << 26 | _run_spots(s3, rtc) << 39
    now = _deadwood(kept, t)
    lighter = _discard_deadwood(kept, t)  # the least deadwood of kept less one card
    values = t.card_values
    found = []
    for out in outs:
        if out & search:
            found.append(_discard_deadwood(kept | out, t))
        else:
            after = lighter + values[out.bit_length() - 1]
            found.append(after if after < now else now)
    return found


def _rows(m: int, t: _Tables) -> list[tuple[int, int, int, int]]:
    """Every canonical arrangement as (deadwood, -melded count, melded mask,
    set mask), in the fixed order.

    A canonical arrangement is one combination of set choices, with every other
    card that lies in a block of three or more of its suit melded as a run.
    """
    s0 = m & _SUIT
    s1 = m >> 13 & _SUIT
    s2 = m >> 26 & _SUIT
    s3 = m >> 39
    c3 = _three_of_four(s0, s1, s2, s3)
    rows = []
    dw = t.dw
    mel = t.melded
    for sets in _set_masks(m, c3):
        r = m & ~sets
        a = r & _SUIT
        b = r >> 13 & _SUIT
        c = r >> 26 & _SUIT
        d = r >> 39
        melded = sets | mel[a] | mel[b] << 13 | mel[c] << 26 | mel[d] << 39
        rows.append((dw[a] + dw[b] + dw[c] + dw[d], -melded.bit_count(), melded, sets))
    return rows


def _reaching(m: int, t: _Tables) -> tuple[bool, int, list[tuple[int, int, int]]]:
    """For the eleven cards ``m``: whether all eleven meld, the least deadwood of the
    ten kept after a discard, and the set choices that reach it, as (set mask, the
    other cards, the largest gain of a suit), in the fixed order.

    For each choice, the least deadwood after a discard is its deadwood less the
    largest gain of a suit (``t.gain``): only the choices that reach the least of
    all, and in them only the suits whose gain is that largest one, can hold an
    optimal discard.
    """
    s0 = m & _SUIT
    s1 = m >> 13 & _SUIT
    s2 = m >> 26 & _SUIT
    s3 = m >> 39
    dw = t.dw
    gain = t.gain
    c3 = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    all_meld = False
    least = _INF
    reaching: list[tuple[int, int, int]] = []
    for sets in _set_masks(m, c3) if c3 else (0,):
        r = m ^ sets
        a = r & _SUIT
        b = r >> 13 & _SUIT
        c = r >> 26 & _SUIT
        d = r >> 39
        base = dw[a] + dw[b] + dw[c] + dw[d]
        if not base:
            all_meld = True
        top = gain[a]  # max() unrolled, as in _discard_deadwood
        g = gain[b]
        if g > top:
            top = g
        g = gain[c]
        if g > top:
            top = g
        g = gain[d]
        if g > top:
            top = g
        if base - top <= least:
            if base - top < least:
                least = base - top
                reaching = []
            reaching.append((sets, r, top))
    return all_meld, least, reaching


def _discard_bits(m: int, t: _Tables) -> tuple[int, int]:
    """The least deadwood of the ten cards kept from the eleven ``m`` (whatever big
    gin), and the mask of every discard that leaves it: one pass for what a
    :func:`_deadwood` per discard would find."""
    _, least, reaching = _reaching(m, t)
    dw = t.dw
    gain = t.gain
    bits = 0
    for _, r, top in reaching:
        for shift in (0, 13, 26, 39):
            sm = r >> shift & _SUIT
            if gain[sm] == top:
                need = dw[sm] - top
                rest = sm
                while rest:
                    low = rest & -rest
                    rest ^= low
                    if dw[sm ^ low] == need:
                        bits |= low << shift
    return least, bits


def _discard_rows(m: int, t: _Tables) -> tuple[bool, dict[int, tuple[int, int, int]]]:
    """Every optimal discard from the eleven cards ``m``: ``{discard bit: (cards
    melded, melded mask, set mask)}`` of the arrangement kept, as :func:`_best`
    would pick it for the ten cards; and whether all eleven cards meld.

    The set choices of the hand without card c are exactly those of the eleven
    cards that leave c out of every set, in the same order: the choices that
    reach the least (:func:`_reaching`) hold every optimal discard.
    """
    all_meld, _, reaching = _reaching(m, t)
    dw = t.dw
    gain = t.gain
    mel = t.melded
    best: dict[int, tuple[int, int, int]] = {}
    for sets, r, top in reaching:
        parts = ((0, r & _SUIT), (13, r >> 13 & _SUIT), (26, r >> 26 & _SUIT), (39, r >> 39))
        runs = sets
        for shift, sm in parts:
            runs |= mel[sm] << shift
        for shift, sm in parts:
            if gain[sm] != top:
                continue
            need = dw[sm] - top
            others = runs & ~(_SUIT << shift) | sets
            rest = sm
            while rest:
                low = rest & -rest
                rest ^= low
                if dw[sm ^ low] == need:
                    melded = others | mel[sm ^ low] << shift
                    count = melded.bit_count()
                    bit = low << shift
                    cur = best.get(bit)
                    if cur is None or count > cur[0]:  # the most melded, the first in order
                        best[bit] = (count, melded, sets)
    return all_meld, best


_MELDS: dict[int, tuple[int, Meld]] = {}


def _meld(mask: int) -> tuple[int, Meld]:
    """(sort key, meld) for a meld's cards; melds sort by the rank then the
    suit of their first card."""
    entry = _MELDS.get(mask)
    if entry is None:
        idx = [i for i in range(52) if mask >> i & 1]
        if len({i % 13 for i in idx}) == 1:
            meld = Meld("set", tuple(CARDS[i] for i in idx))
        else:
            suit = idx[0] // 13
            ranks = [i % 13 for i in idx]
            start = 0
            for k, rk in enumerate(ranks):
                if (rk - 1) % 13 not in ranks:
                    start = k
                    break
            ranks = ranks[start:] + ranks[:start]
            meld = Meld("run", tuple(CARDS[suit * 13 + rk] for rk in ranks))
        first = meld.cards[0]
        entry = _MELDS[mask] = (first.rank * 4 + first.suit, meld)
    return entry


def _split_runs(m: int, round_the_corner: bool) -> list[int]:
    """The melded run cards of one suit (13 bits) as one mask per run."""
    blocks = []
    r = 0
    while r < 13:
        if m >> r & 1:
            start = r
            while r < 13 and m >> r & 1:
                r += 1
            blocks.append(((1 << (r - start)) - 1) << start)
        else:
            r += 1
    if round_the_corner and len(blocks) > 1 and m & 1 and m & 4096:
        blocks[0] |= blocks.pop()
    return blocks


def _arrangement(m: int, melded: int, sets: int, t: _Tables) -> Arrangement:
    """Build the arrangement of hand ``m`` that melds ``melded`` (``sets`` in sets)."""
    keyed: list[tuple[int, Meld]] = []
    if sets:
        ranks = (sets | sets >> 13 | sets >> 26 | sets >> 39) & _SUIT
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            bits = sets & _RANK * low
            keyed.append(_MELDS.get(bits) or _meld(bits))
    runs = melded & ~sets
    if runs:
        run_melds = t.run_melds
        for shift in (0, 13, 26, 39):
            bits = runs & _SUIT << shift
            if bits:
                found = run_melds.get(bits)
                if found is None:
                    blocks = _split_runs(bits >> shift, t.round_the_corner)
                    found = run_melds[bits] = [_meld(block << shift) for block in blocks]
                keyed += found
    if len(keyed) > 1:
        keyed.sort()
    dead = m & ~melded
    unmatched = []
    total = 0
    values = t.card_values
    while dead:
        low = dead & -dead
        dead ^= low
        i = low.bit_length() - 1
        unmatched.append(CARDS[i])
        total += values[i]
    return Arrangement(tuple([k[1] for k in keyed]), tuple(unmatched), total)


def _arrangements(m: int, t: _Tables, min_melded: int = 0) -> list[Arrangement]:
    """All arrangements with the least deadwood among those melding at least
    ``min_melded`` cards, best first (most melded, then the fixed order)."""
    rows = [row for row in _rows(m, t) if -row[1] >= min_melded]
    if not rows:
        return []
    least = min(row[0] for row in rows)
    best = sorted((row for row in rows if row[0] == least), key=lambda row: row[1])
    return [_arrangement(m, melded, sets, t) for _, _, melded, sets in best]


def _best(m: int, t: _Tables) -> Arrangement:
    s0 = m & _SUIT
    s1 = m >> 13 & _SUIT
    s2 = m >> 26 & _SUIT
    s3 = m >> 39
    if not _three_of_four(s0, s1, s2, s3):
        mel = t.melded
        melded = mel[s0] | mel[s1] << 13 | mel[s2] << 26 | mel[s3] << 39
        return _arrangement(m, melded, 0, t)
    _, _, melded, sets = min(_rows(m, t), key=lambda row: (row[0], row[1]))
    return _arrangement(m, melded, sets, t)


# ---------------------------------------------------------------- public


def best_arrangement(cards: str | Iterable[str | Card], rules: Rules = STANDARD) -> Arrangement:
    """The arrangement of 0 to 11 cards with the least deadwood.

    Among equals: the most cards in melds, then a fixed order (see the module).

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: for more than 11 cards.
    """
    return _best(_hand_mask(cards), _tables(rules))


def best_arrangements(
    cards: str | Iterable[str | Card], rules: Rules = STANDARD, *, min_melded: int = 0
) -> list[Arrangement]:
    """Every arrangement of 0 to 11 cards with the least deadwood, best first.

    With ``min_melded``, only arrangements with at least that many cards in
    melds compete (the French rule of 8 melded cards); the list is empty when
    no arrangement melds that many.

    >>> [a.deadwood for a in best_arrangements("KS KH KD QH JH")]
    [20, 20]

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: for more than 11 cards.
    """
    return _arrangements(_hand_mask(cards), _tables(rules), min_melded)


def deadwood(cards: str | Iterable[str | Card], rules: Rules = STANDARD) -> int:
    """The least deadwood of 0 to 11 cards (fast path of :func:`best_arrangement`).

    >>> deadwood(["AS", "2S", "3S", "KD"])
    10

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: for more than 11 cards.
    """
    return _deadwood(_hand_mask(cards), _tables(rules))


def max_melded(cards: str | Iterable[str | Card], rules: Rules = STANDARD) -> int:
    """The most cards that any arrangement of these cards puts in melds.

    >>> max_melded("7S 7H 7D 7C 8D 9D")
    6

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: for more than 11 cards.
    """
    m = _hand_mask(cards)
    return max(-row[1] for row in _rows(m, _tables(rules)))


def best_discard_deadwood(cards: str | Iterable[str | Card], rules: Rules = STANDARD) -> int:
    """The least deadwood of the ten cards kept from eleven; 0 when all eleven
    meld (fast path of :func:`best_discards`).

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: unless there are 11 cards.
    """
    return _discard_deadwood(_hand_mask(cards, 11, 11), _tables(rules))


def best_discards(cards: str | Iterable[str | Card], rules: Rules = STANDARD) -> list[Discard]:
    """The optimal discards from 11 cards, each with the arrangement kept.

    The items are every discard that leaves the least deadwood, in card order.
    When all eleven cards meld and ``rules.big_gin`` (the French grand gin),
    the first item has ``discard=None``, with the arrangement of all eleven: no
    discard is best; the discards that keep a gin hand follow it. Rules without
    big gin never give ``None``: eleven melded cards discard one and go gin.

    >>> [str(d.discard) for d in best_discards("7H 8H 9H 7S 7D 7C KS QS JS 2D 5C")]
    ['5C']
    >>> [str(d.discard) for d in best_discards("7H 8H 9H TH 7S 7D 7C KS QS JS 2D")]
    ['2D']
    >>> [str(d.discard) for d in best_discards("2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H")]
    ['2C', '6C']
    >>> from ginrules.rules import FRENCH
    >>> [str(d.discard) for d in best_discards("2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H", FRENCH)]
    ['None', '2C', '6C']

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: unless there are 11 cards.
    """
    m = _hand_mask(cards, 11, 11)
    t = _tables(rules)
    all_meld, rows = _discard_rows(m, t)
    out = [Discard(None, _best(m, t))] if all_meld and rules.big_gin else []
    for bit in sorted(rows):
        _, melded, sets = rows[bit]
        out.append(Discard(CARDS[bit.bit_length() - 1], _arrangement(m ^ bit, melded, sets, t)))
    return out


def discard_choices(
    cards: str | Iterable[str | Card], rules: Rules = STANDARD
) -> tuple[list[Card | None], Arrangement]:
    """The optimal discards from 11 cards, as :func:`best_discards` lists them,
    and the arrangement kept after the first: the same answer without the
    arrangements kept after the others.

    >>> discards, kept = discard_choices("2C 3C 4C 5C 6C 7S 7D 7C 7H 8H 9H")
    >>> [str(d) for d in discards], kept.deadwood
    (['2C', '6C'], 0)

    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: unless there are 11 cards.
    """
    m = _hand_mask(cards, 11, 11)
    t = _tables(rules)
    all_meld, rows = _discard_rows(m, t)
    bits = sorted(rows)
    discards: list[Card | None] = [CARDS[bit.bit_length() - 1] for bit in bits]
    if all_meld and rules.big_gin:
        return [None, *discards], _best(m, t)
    _, melded, sets = rows[bits[0]]
    return discards, _arrangement(m ^ bits[0], melded, sets, t)
