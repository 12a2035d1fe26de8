"""Cards and their notation.

A card is one of 52 singletons. Its canonical notation is rank then suit,
``A23456789TJQK`` and ``SHDC``: ``TS`` is the ten of spades. Parsing is lenient
(``10s``, ``T♠``, ``♠10``); output is always canonical.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("♠q"))
'QS'
>>> [str(c) for c in parse_hand("7H 8H 9H")]
['7H', '8H', '9H']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ginrules.errors import DuplicateCardError, HandSizeError, UnknownCardError

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
_SYMBOL_TO_SUIT: Final = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}


class Card:
    """One of the 52 cards; compare with ``is`` or ``==``, order by suit then rank.

    ``rank`` is 1 (ace) to 13 (king); ``suit`` is 0..3 for S, H, D, C;
    ``index`` is ``suit * 13 + rank - 1`` (0..51).
    """

    __slots__ = ("_code", "index", "rank", "suit")

    rank: int
    suit: int
    index: int
    _code: str

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (1 <= rank <= 13 and 0 <= suit <= 3):
            raise UnknownCardError(f"{rank}/{suit}")
        return CARDS[suit * 13 + rank - 1]

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", suit * 13 + rank - 1)
        object.__setattr__(card, "_code", RANKS[rank - 1] + SUITS[suit])
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card: ``7H``, ``th``, ``10H``, ``7♥``, ``♥7``.

        :raises UnknownCardError: if the token is not a card.
        """
        card = _LOOKUP.get(token.strip().upper().replace("\ufe0e", "").replace("\ufe0f", ""))
        if card is None:
            raise UnknownCardError(token)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0..51)."""
        if not 0 <= index < 52:
            raise UnknownCardError(str(index))
        return CARDS[index]

    @property
    def code(self) -> str:
        """Canonical notation, for example ``TS``."""
        return self._code

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank - 1]

    @property
    def suit_char(self) -> str:
        return SUITS[self.suit]

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, for example ``T♠``."""
        return RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(rank, suit) for suit in range(4) for rank in range(1, 14)
)


def _build_lookup() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in CARDS:
        ranks = [card.rank_char] + (["10"] if card.rank == 10 else [])
        suits = [card.suit_char] + [s for s, c in _SYMBOL_TO_SUIT.items() if c == card.suit_char]
        for r in ranks:
            for s in suits:
                table[r + s] = card
                table[s + r] = card
    return table


_LOOKUP: Final = _build_lookup()


def parse_hand(
    cards: str | Iterable[str | Card],
    *,
    sizes: Sequence[int] | None = None,
) -> list[Card]:
    """Read a hand from a string (cards separated by spaces or commas) or a list.

    :param sizes: the allowed numbers of cards, for example ``(10, 11)``.
    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: if the count is not in ``sizes``.
    """
    if isinstance(cards, str):
        tokens: list[str | Card] = [t for t in cards.replace(",", " ").split() if t]
    else:
        tokens = list(cards)
    hand: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = token if isinstance(token, Card) else Card.parse(str(token))
        if card in seen:
            raise DuplicateCardError(card.code)
        seen.add(card)
        hand.append(card)
    if sizes is not None and len(hand) not in sizes:
        expected = " or ".join(str(n) for n in sizes)
        raise HandSizeError(len(hand), expected)
    return hand


def format_hand(cards: Iterable[Card]) -> str:
    """Canonical notation of several cards, separated by spaces."""
    return " ".join(c.code for c in cards)
