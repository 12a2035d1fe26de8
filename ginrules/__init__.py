"""ginrules: the rules of Gin Rummy and its variants, as a Python engine.

Standard library only; runs on CPython 3.11+ and in Pyodide.
"""

import importlib
from typing import TYPE_CHECKING

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
from ginrules.showdown import Layoff, ScoreTerm, ShowdownResult, find_spread, showdown

if TYPE_CHECKING:
    from ginrules.coach.reports import hand_report
    from ginrules.deal import Deal, DealResult
    from ginrules.match import ScoreSheet, score_sheet
    from ginrules.players import (
        LEVELS,
        BeginnerPlayer,
        ExpertPlayer,
        GoodPlayer,
        Player,
        RandomPlayer,
        UnknownLevelError,
        get_player,
        play_deal,
        play_match,
    )
    from ginrules.players.camper import CamperPlayer

# Dealing, the computer players and the reports load on first use (``ginrules.Deal``):
# a page of the site that only asks for melds never imports them (in Pyodide, its first
# answer waits for every module it imports).
_PLAYERS = "LEVELS Player RandomPlayer BeginnerPlayer GoodPlayer ExpertPlayer UnknownLevelError"
_LAZY = {
    **dict.fromkeys(("Deal", "DealResult"), "ginrules.deal"),
    **dict.fromkeys(("ScoreSheet", "score_sheet"), "ginrules.match"),
    **dict.fromkeys(
        (*_PLAYERS.split(), "get_player", "play_deal", "play_match"), "ginrules.players"
    ),
    "CamperPlayer": "ginrules.players.camper",
    "hand_report": "ginrules.coach.reports",
}


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'ginrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "FRENCH",
    "LEVELS",
    "NOTATIONS",
    "OKLAHOMA",
    "PRESETS",
    "RANKS",
    "STANDARD",
    "STRAIGHT",
    "SUITS",
    "Arrangement",
    "BeginnerPlayer",
    "CamperPlayer",
    "Card",
    "CardError",
    "Deal",
    "DealResult",
    "Discard",
    "DuplicateCardError",
    "ExpertPlayer",
    "GinRulesError",
    "GoingOut",
    "GoodPlayer",
    "HandSizeError",
    "IllegalActionError",
    "IllegalKnockError",
    "Layoff",
    "Meld",
    "Notation",
    "Player",
    "RandomPlayer",
    "Rules",
    "ScoreSheet",
    "ScoreTerm",
    "ShowdownResult",
    "UnknownCardError",
    "UnknownLevelError",
    "UnknownNotationError",
    "UnknownVariantError",
    "__version__",
    "best_arrangement",
    "best_arrangements",
    "best_discards",
    "check_going_out",
    "deadwood",
    "find_notation",
    "find_spread",
    "find_variant",
    "format_hand",
    "get_player",
    "hand_report",
    "parse_hand",
    "play_deal",
    "play_match",
    "score_sheet",
    "showdown",
]
