"""A card's name in a translated sentence, in the grammatical case its slot needs.

A template names a card in a field: ``{card}``. A language whose nouns change with
their case (German: *der Kreuz-Bube*, *den Kreuz-Buben*, *dem Kreuz-Buben*) writes the
case after a colon, as its translator chooses it for that slot:

=============  ============  ==============================
``{card}``     nominative    „Der Computer wirft … ab“: the subject
``{card:acc}`` accusative    „Nimm {card:acc}“ – *den Kreuz-Buben*
``{card:dat}`` dative        „mit {first:dat}“ – *dem Kreuz-Buben*
``{card:gen}`` genitive      „statt {avoided:gen}“ – *des Kreuz-Buben*
=============  ============  ==============================

A capital case (``{card:Nom}``, ``{card:Acc}``) writes the name's first letter as a
capital, for a sentence that opens with the card (*Der Kreuz-Bube passt …*). The English
sentences write the case too (``Take {card:nom} from the pile``), so that a catalog entry
writes the field alike on both sides (plain ``msgfmt --check`` then accepts it); a field
that shows the card's picture or code (``{card} onto the run {meld}``) has none. The forms
themselves come from the catalogs (``ginrules_site.cards_html.definite_card_name``):
no language's grammar is written here. A value that has no cases (a card in a
notation, ``B♥``; a number) is written as it is, capitalised if asked.

>>> jack = CardName("der Kreuz-Bube", acc="den Kreuz-Buben", dat="dem Kreuz-Buben")
>>> CASES.format("Nimm {card:acc}; {card:Nom} passt.", card=jack)
'Nimm den Kreuz-Buben; Der Kreuz-Bube passt.'
>>> CASES.format("Wirf {card:acc} ab.", card="B♥")
'Wirf B♥ ab.'
>>> CASES.format("{card:abl}", card=jack)
Traceback (most recent call last):
...
ValueError: unknown case 'abl' in a card field: nom, acc, dat or gen (a capital first ...
"""

from __future__ import annotations

import string
from typing import Any, Final

__all__ = ["CARD_FIELDS", "CASES", "CASE_NAMES", "CardName", "CaseFormatter", "parse_case"]

# The cases a template may name, the first the one a bare field ({card}) takes.
CASE_NAMES: Final = ("nom", "acc", "dat", "gen")
# The fields that hold card names in the templates (the play page's, the terminal game's).
CARD_FIELDS: Final = frozenset(
    {
        "card",
        "cards",
        "drawn",
        "discard",
        "replaces",
        "avoided",
        "near",
        "first",
        "second",
        "upcard",
    }
)


def parse_case(spec: str) -> tuple[str, bool] | None:
    """The case a field's format spec names and whether it asks for a capital, or None
    if ``spec`` names no case (``""`` is the nominative).

    >>> parse_case("acc"), parse_case("Dat"), parse_case(""), parse_case("ACC"), parse_case(">4")
    (('acc', False), ('dat', True), ('nom', False), None, None)
    """
    if not spec:
        return "nom", False
    case = spec.lower()
    if case in CASE_NAMES and spec in (case, case.capitalize()):
        return case, spec[0].isupper()
    return None


def _unknown(spec: str) -> ValueError:
    return ValueError(
        f"unknown case {spec!r} in a card field: {', '.join(CASE_NAMES[:-1])} or "
        f"{CASE_NAMES[-1]} (a capital first letter starts the name with a capital)"
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class CardName(str):
    """A card's name as sentences use it: the string is the nominative, and ``format``
    with a case (``f"{name:acc}"``) gives that case's form (the nominative where a
    language has no other form)."""

    forms: dict[str, str]

    def __new__(cls, nominative: str, **forms: str) -> CardName:
        unknown = set(forms) - set(CASE_NAMES)
        if unknown:
            raise _unknown(sorted(unknown)[0])
        name = super().__new__(cls, nominative)
        name.forms = {"nom": nominative, **forms}
        return name

    def form(self, case: str) -> str:
        return self.forms.get(case, self.forms["nom"])

    def __format__(self, spec: str) -> str:
        parsed = parse_case(spec)
        if parsed is None:
            raise _unknown(spec)
        case, capital = parsed
        text = self.form(case)
        return _capital(text) if capital else text


class CaseFormatter(string.Formatter):
    """``str.format`` that also reads a case in any field: a :class:`CardName` gives the
    form, any other value is written as it is (capitalised for ``Nom``, ``Acc``, …)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, CardName):
            return format(value, format_spec)
        parsed = parse_case(format_spec) if format_spec else None
        if parsed is not None:
            text = str(value)
            return _capital(text) if parsed[1] else text
        return super().format_field(value, format_spec)


CASES: Final = CaseFormatter()
