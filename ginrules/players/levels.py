"""The registry of computer levels: the one place that names every level
(:data:`LEVELS`, :func:`get_player`). A new level is a module of this package and a
line here."""

from __future__ import annotations

from collections.abc import Callable

from ginrules.errors import GinRulesError, unknown_message
from ginrules.players.base import Player
from ginrules.players.camper import CamperPlayer
from ginrules.players.good import GoodPlayer
from ginrules.players.search import StrongPlayer
from ginrules.players.simple import BeginnerPlayer, RandomPlayer


class UnknownLevelError(GinRulesError):
    """No computer player has that level name."""

    code = "unknown_level"

    def __init__(self, name: str) -> None:
        super().__init__(
            unknown_message("level", name, list(LEVELS)), level=name, known=list(LEVELS)
        )


LEVELS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed, go_out=True),
    "beginner": BeginnerPlayer,
    "good": GoodPlayer,
    "camper": CamperPlayer,
    "expert": StrongPlayer,
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
