"""Card notations per language (``ginrules.cards.NOTATIONS``): what a page writes, it reads."""

from __future__ import annotations

import pytest

from ginrules import CARDS, NOTATIONS, Card, UnknownCardError, UnknownNotationError, parse_hand
from ginrules.errors import DuplicateCardError


@pytest.mark.parametrize("name", sorted(NOTATIONS))
def test_round_trip_every_card(name: str) -> None:
    notation = NOTATIONS[name]
    for card in CARDS:
        assert notation.parse(notation.format(card)) is card
        assert Card.parse(notation.format(card).lower(), notation=name) is card


@pytest.mark.parametrize(
    ("name", "text", "codes"),
    [
        ("fr", "V♥ D♥ R♥ 10♦ A♣", ["JH", "QH", "KH", "TD", "AC"]),
        ("fr", "RP DC VK 10T", ["KS", "QH", "JD", "TC"]),
        ("fr", "♥R ♠10", ["KH", "TS"]),
        ("sv", "Kn♥ E♠ D♦ K♣ 10♥", ["JH", "AS", "QD", "KC", "TH"]),
        ("sv", "♣kn ♦e", ["JC", "AD"]),
        ("en", "KS TH 10h ♠q HT", ["KS", "TH", "TH", "QS", "TH"]),
        ("de", "B♥ D♥ K♥ 10♥ A♠", ["JH", "QH", "KH", "TH", "AS"]),
        ("de", "♣b ♦d KS DD JH", ["JC", "QD", "KS", "QD", "JH"]),
    ],
)
def test_page_letters(name: str, text: str, codes: list[str]) -> None:
    assert [Card.parse(t, notation=name).code for t in text.split()] == codes


@pytest.mark.parametrize("name", [code for code in sorted(NOTATIONS) if code != "en"])
def test_english_letters_work_where_unambiguous(name: str) -> None:
    notation = NOTATIONS[name]
    clashing = {letter for letter, kind, _ in notation.clashes() if kind == "suit"}
    for card in CARDS:
        if card.suit_char in clashing:
            continue
        assert notation.parse(card.code) is card, card.code


def test_french_c_is_coeur_and_says_so() -> None:
    fr = NOTATIONS["fr"]
    assert fr.clashes() == [("C", "suit", 1)]
    assert fr.parse("7C") is Card.parse("7H")
    assert fr.parse("7♣") is Card.parse("7C")
    assert NOTATIONS["en"].parse("7C") is Card.parse("7♣")
    assert [code for code in NOTATIONS if NOTATIONS[code].clashes()] == ["fr"]


def test_german_k_is_koenig_never_a_suit() -> None:
    # Kreuz and Karo share K, which is also König: German pages write suits by their
    # symbols (as Swedish ones do), so "KK" is no card; K is always the king.
    de = NOTATIONS["de"]
    assert de.parse("K♣") is Card.parse("KC") and de.parse("K♦") is Card.parse("KD")
    assert de.parse("KC") is Card.parse("KC")  # the English suit letter, read as English
    for token in ("KK", "7K", "BK"):
        with pytest.raises(UnknownCardError):
            de.parse(token)
    assert de.format(Card.parse("JH")) == "B♥" and de.format(Card.parse("TC")) == "10♣"


def test_no_token_reads_two_ways() -> None:
    # The suit comes first only with a symbol (or in English): "DK" is dame de carreau
    # on a French page, never the king of diamonds.
    assert Card.parse("DK", notation="fr") is Card.parse("QD")
    with pytest.raises(UnknownCardError):
        Card.parse("HT", notation="fr")


def test_errors_name_the_page_notation() -> None:
    with pytest.raises(DuplicateCardError) as caught:
        parse_hand("R♠ 7♥ KS", notation="fr")
    assert caught.value.card == "R♠"
    with pytest.raises(UnknownCardError):
        Card.parse("Kn♥", notation="fr")
    with pytest.raises(UnknownNotationError):
        Card.parse("7H", notation="xx")
