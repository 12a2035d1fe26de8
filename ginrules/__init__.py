"""ginrules: the rules of Gin Rummy and its variants, as a Python engine.

Standard library only; runs on CPython 3.11+ and in Pyodide.
"""

from ginrules.cards import (
    CARDS,
    NOTATIONS,
    RANKS,
    SUITS,
    Card,
    Notation,
    find_notation,
    format_hand,
    parse_hand,
)
from ginrules.errors import (
    CardError,
    DuplicateCardError,
    GinRulesError,
    HandSizeError,
    IllegalActionError,
    IllegalKnockError,
    UnknownCardError,
    UnknownNotationError,
    UnknownVariantError,
)
from ginrules.going_out import GoingOut, check_going_out
from ginrules.melds import (
    Arrangement,
    Discard,
    Meld,
    best_arrangement,
    best_arrangements,
    best_discards,
    deadwood,
)
from ginrules.rules import FRENCH, OKLAHOMA, PRESETS, STANDARD, STRAIGHT, Rules, find_variant
from ginrules.showdown import Layoff, ScoreTerm, ShowdownResult, showdown

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "FRENCH",
    "NOTATIONS",
    "OKLAHOMA",
    "PRESETS",
    "RANKS",
    "STANDARD",
    "STRAIGHT",
    "SUITS",
    "Arrangement",
    "Card",
    "CardError",
    "Discard",
    "DuplicateCardError",
    "GinRulesError",
    "GoingOut",
    "HandSizeError",
    "IllegalActionError",
    "IllegalKnockError",
    "Layoff",
    "Meld",
    "Notation",
    "Rules",
    "ScoreTerm",
    "ShowdownResult",
    "UnknownCardError",
    "UnknownNotationError",
    "UnknownVariantError",
    "__version__",
    "best_arrangement",
    "best_arrangements",
    "best_discards",
    "check_going_out",
    "deadwood",
    "find_notation",
    "find_variant",
    "format_hand",
    "parse_hand",
    "showdown",
]
