"""ginrules: the rules of Gin Rummy and its variants, as a Python engine.

Standard library only; runs on CPython 3.11+ and in Pyodide.
"""

from ginrules.cards import CARDS, RANKS, SUITS, Card, format_hand, parse_hand
from ginrules.errors import (
    CardError,
    DuplicateCardError,
    GinRulesError,
    HandSizeError,
    IllegalActionError,
    IllegalKnockError,
    UnknownCardError,
    UnknownVariantError,
)
from ginrules.rules import FRENCH, OKLAHOMA, PRESETS, STANDARD, STRAIGHT, Rules, find_variant

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "FRENCH",
    "OKLAHOMA",
    "PRESETS",
    "RANKS",
    "STANDARD",
    "STRAIGHT",
    "SUITS",
    "Card",
    "CardError",
    "DuplicateCardError",
    "GinRulesError",
    "HandSizeError",
    "IllegalActionError",
    "IllegalKnockError",
    "Rules",
    "UnknownCardError",
    "UnknownVariantError",
    "__version__",
    "find_variant",
    "format_hand",
    "parse_hand",
]
