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

A reader writes cards as the cards of their language show them: a
:class:`Notation` (``NOTATIONS``: one per language of :mod:`ginrules.languages`) reads
the letters of its language, the suit symbols, and the English letters wherever they
mean one thing in that language; where a letter means two things (French ``C`` is
*cœur*, English ``C`` is clubs) the notation's own meaning wins. A language whose suit
letters would clash (Swedish and German ``K``: *kung*/*klöver*, *König*/*Kreuz*/*Karo*)
writes suits by their symbols, and reads the English suit letters.

>>> Card.parse("R♠", notation="fr")
Card.parse('KS')
>>> Card.parse("Kn♥", notation="sv").code
'JH'
>>> NOTATIONS["fr"].format(Card.parse("TC"))
'10♣'
>>> Card.parse("B♥", notation="de").code
'JH'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from ginrules.errors import (
    DuplicateCardError,
    HandSizeError,
    UnknownCardError,
    UnknownNotationError,
)
from ginrules.languages import ENGLISH_RANKS, LANGUAGES

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
    def parse(cls, token: str, notation: str | Notation = "en") -> Card:
        """Read one card: ``7H``, ``th``, ``10H``, ``7♥``, ``♥7``; with
        ``notation="fr"`` also ``R♠``, ``V♥``, ``10C`` (cœur), with ``"sv"`` ``Kn♥``, ``E♠``.

        :raises UnknownCardError: if the token is not a card.
        :raises UnknownNotationError: for a notation name that is not in ``NOTATIONS``.
        """
        return find_notation(notation).parse(token)

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


_ENGLISH_RANKS: Final = ENGLISH_RANKS


@dataclass(frozen=True)
class Notation:
    """How the cards of one language are written: a rank letter then a suit.

    ``ranks`` are the 13 indices that the page writes, ace to king; ``suits`` the
    four suits in the order spades, hearts, diamonds, clubs (letters, or the
    symbols where the language writes no letters). A notation reads its own
    letters, ``10``, the suit symbols (either order: ``♥10``), and the English
    letters that do not clash with its own; ``english_order`` also reads English
    letters suit first (``HT``). ``written`` is how the page writes a card:
    ``"code"`` (``KS``) or ``"symbol"`` (``R♠``).
    """

    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    written: Literal["code", "symbol"] = "symbol"
    english_order: bool = False
    _lookup: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_lookup", self._build())

    def _build(self) -> dict[str, Card]:
        """Every accepted token, upper case; the notation's own letters first, so an
        English letter that means something else here is read the page's way."""
        ranks: dict[str, int] = {}
        for letters in (self.ranks, _ENGLISH_RANKS, ("",) * 9 + ("10",)):
            for rank, letter in enumerate(letters, start=1):
                if letter and letter.upper() not in ranks:
                    ranks[letter.upper()] = rank
        suits: dict[str, int] = {}
        suit_letters: tuple[Sequence[str], ...] = (self.suits, SUIT_SYMBOLS, "♤♡♢♧", SUITS)
        for written in suit_letters:
            for suit, letter in enumerate(written):
                suits.setdefault(letter.upper(), suit)
        table: dict[str, Card] = {}
        for r, rank in ranks.items():
            for s, suit in suits.items():
                card = CARDS[suit * 13 + rank - 1]
                table.setdefault(r + s, card)
                if s in _SYMBOL_TO_SUIT or (self.english_order and s in SUITS):
                    table.setdefault(s + r, card)
        return table

    def clashes(self) -> list[tuple[str, str, int]]:
        """The English letters that this notation reads another way: ``(letter, kind,
        index)`` with kind ``"rank"`` (index 1..13) or ``"suit"`` (0..3, as ``SUITS``),
        the meaning here; French gives ``[("C", "suit", 1)]``: C is hearts."""
        found: list[tuple[str, str, int]] = []
        for kind, english, own in (
            ("rank", _ENGLISH_RANKS, self.ranks),
            ("suit", SUITS, self.suits),
        ):
            base = 1 if kind == "rank" else 0
            for index, letter in enumerate(own, start=base):
                if letter.upper() in english and english.index(letter.upper()) + base != index:
                    found.append((letter.upper(), kind, index))
        return found

    def parse(self, token: str) -> Card:
        """Read one card written in this notation (or in English where that is unambiguous).

        :raises UnknownCardError: if the token is not a card.
        """
        text = token.strip().upper().replace("\ufe0e", "").replace("\ufe0f", "")
        card = self._lookup.get(text)
        if card is None:
            raise UnknownCardError(token)
        return card

    def format(self, card: Card) -> str:
        """How this notation writes a card: ``KS`` (English), ``R♠``, ``Kn♠``."""
        if self.written == "code":
            return card.code
        return self.ranks[card.rank - 1] + SUIT_SYMBOLS[card.suit]


# One notation per language of ginrules.languages (its letters and how its pages write cards).
NOTATIONS: Final[dict[str, Notation]] = {
    code: Notation(
        code,
        language.ranks,
        language.suits,
        written=language.written,
        english_order=language.english_order,
    )
    for code, language in LANGUAGES.items()
}


def find_notation(notation: str | Notation) -> Notation:
    """The notation of this language code (``en``, ``fr``, ...), or the notation itself.

    :raises UnknownNotationError: for a name that is not in ``NOTATIONS``.
    """
    if isinstance(notation, Notation):
        return notation
    found = NOTATIONS.get(notation.strip().lower())
    if found is None:
        raise UnknownNotationError(notation, sorted(NOTATIONS))
    return found


def parse_hand(
    cards: str | Iterable[str | Card],
    *,
    sizes: Sequence[int] | None = None,
    notation: str | Notation = "en",
) -> list[Card]:
    """Read a hand from a string (cards separated by spaces or commas) or a list.

    :param sizes: the allowed numbers of cards, for example ``(10, 11)``.
    :param notation: the notation the cards are written in (see ``NOTATIONS``);
        a duplicate is named in that notation.
    :raises UnknownCardError: for a token that is not a card.
    :raises DuplicateCardError: for a card given twice.
    :raises HandSizeError: if the count is not in ``sizes``.
    """
    if isinstance(cards, str):
        tokens: list[str | Card] = [t for t in cards.replace(",", " ").split() if t]
    else:
        tokens = list(cards)
    reader = find_notation(notation)
    hand: list[Card] = []
    seen = 0  # the cards so far, one bit each (hashing a card would run Python code)
    for token in tokens:
        card = token if isinstance(token, Card) else reader.parse(str(token))
        bit = 1 << card.index
        if seen & bit:
            raise DuplicateCardError(reader.format(card), card.code)
        seen |= bit
        hand.append(card)
    if sizes is not None and len(hand) not in sizes:
        expected = " or ".join(str(n) for n in sizes)
        raise HandSizeError(len(hand), expected)
    return hand


def format_hand(cards: Iterable[Card]) -> str:
    """Canonical notation of several cards, separated by spaces."""
    return " ".join(c.code for c in cards)
