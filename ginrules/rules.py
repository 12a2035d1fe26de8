"""Rules as data: one frozen :class:`Rules` value per variant, and a registry.

Code asks the rules a question (``rules.knock_limit(upcard)``); it never asks
for the variant's name.

>>> find_variant("gin-rami").ace_value
15
>>> STANDARD.knock_limit(None)
10
>>> OKLAHOMA.knock_limit(Card.parse("7S"))
7
>>> OKLAHOMA.score_multiplier(Card.parse("7S"))
2
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from ginrules.cards import Card
from ginrules.errors import UnknownVariantError

StockEnd = Literal["reshuffle", "dead_hand"]
SpadeDoubling = Literal["none", "all", "bonuses"]
Shutout = Literal["double", "bonus"]
MatchScoring = Literal["game", "manche"]


@dataclass(frozen=True)
class Rules:
    """Every rule that differs between the variants, as a knob.

    Card values and runs
        ``ace_value``: 1, or 15 (French). ``face_value``: J, Q and K.
        ``round_the_corner``: runs may wrap (Q-K-A, K-A-2, A-2-3); otherwise the
        ace is low only and Q-K-A is not a run.
    Going out
        ``knock_max_deadwood``: the knock limit (``None``: no deadwood test).
        ``knock_min_melded``: cards that must be in melds to go down (French 8).
        ``gin_only``: no knocking at all (Straight Gin).
        ``upcard_sets_knock_limit``: Oklahoma; ``ace_upcard_knock_limit`` is the
        limit with an ace upcard (0: gin only, 1: some tables).
        ``big_gin``: 11 melded cards may go out without a discard.
    Showdown and deal score
        ``gin_bonus``, ``big_gin_bonus``, ``undercut_bonus``;
        ``tie_is_undercut``: equal deadwood counts for the defender;
        ``layoffs``: the defender may lay off after a knock;
        ``layoff_on_gin``: and also on a gin (French);
        ``spade_doubling``: a spade upcard doubles every score of the deal
        (``"all"``), only the bonuses (``"bonuses"``), or nothing.
    End of the stock
        ``stock_end``: ``"reshuffle"`` or ``"dead_hand"`` (the last
        ``dead_hand_cards`` cards are never drawn).
    Game
        ``game_target``: the default target (``None``: one deal);
        ``match_scoring``: ``"game"`` (game bonus, line bonus, shutout) or
        ``"manche"`` (French manche bonuses); the bonus amounts.
    """

    name: str
    aliases: tuple[str, ...] = ()
    # cards and runs
    ace_value: int = 1
    face_value: int = 10
    round_the_corner: bool = False
    # going out
    knock_max_deadwood: int | None = 10
    knock_min_melded: int = 0
    gin_only: bool = False
    upcard_sets_knock_limit: bool = False
    ace_upcard_knock_limit: int = 0
    big_gin: bool = False
    # showdown
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    tie_is_undercut: bool = True
    layoffs: bool = True
    layoff_on_gin: bool = False
    spade_doubling: SpadeDoubling = "none"
    # stock
    stock_end: StockEnd = "reshuffle"
    dead_hand_cards: int = 2
    # game
    game_target: int | None = 100
    match_scoring: MatchScoring = "game"
    game_bonus: int = 100
    line_bonus: int = 25
    shutout: Shutout = "double"
    shutout_game_bonus: int = 200
    manche_bonus: int = 100
    manche_shutout_bonus: int = 200
    petit_gin_manche_bonus: int = 50
    grand_gin_manche_bonus: int = 100

    def card_value(self, card: Card) -> int:
        """Deadwood value of one card under these rules."""
        if card.rank == 1:
            return self.ace_value
        if card.rank >= 11:
            return self.face_value
        return card.rank

    def knock_limit(self, upcard: Card | None = None) -> int | None:
        """Highest deadwood that may knock, given the deal's first upcard.

        ``0`` means gin only; ``None`` means no deadwood test (French rules,
        which count melded cards instead).
        """
        if self.gin_only:
            return 0
        if self.upcard_sets_knock_limit and upcard is not None:
            if upcard.rank == 1:
                return self.ace_upcard_knock_limit
            return min(upcard.rank, 10)
        return self.knock_max_deadwood

    def score_multiplier(self, upcard: Card | None = None) -> int:
        """2 when a spade upcard doubles the deal's scores, else 1."""
        if self.spade_doubling != "none" and upcard is not None and upcard.suit == 0:
            return 2
        return 1

    def replace(self, **changes: object) -> Rules:
        """A copy with some knobs changed (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        """A preset or school by its name, so that a signature's default reads
        ``rules: Rules = STANDARD``; other rules as the knobs that differ from it.

        >>> STANDARD.replace(gin_bonus=20, undercut_bonus=10)
        STANDARD.replace(gin_bonus=20, undercut_bonus=10)
        """
        for name, preset in NAMED.items():
            if self == preset:
                return name
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(STANDARD, f.name)
        ]
        return f"STANDARD.replace({', '.join(changed)})"

    def to_dict(self) -> dict[str, object]:
        """Every knob as JSON-ready data."""
        data = dataclasses.asdict(self)
        data["aliases"] = list(self.aliases)
        return data


STANDARD = Rules(name="standard", aliases=("gin", "gin-rummy"))

STRAIGHT = STANDARD.replace(
    name="straight",
    aliases=("straight-gin", "gin-only"),
    gin_only=True,
    knock_max_deadwood=0,
    layoffs=False,
    stock_end="dead_hand",
    game_target=250,
)

OKLAHOMA = STANDARD.replace(
    name="oklahoma",
    aliases=("oklahoma-gin", "cedarhurst"),
    upcard_sets_knock_limit=True,
    ace_upcard_knock_limit=0,
    spade_doubling="all",
)

FRENCH = STANDARD.replace(
    name="french",
    aliases=("gin-rami", "rami", "french-rules"),
    ace_value=15,
    round_the_corner=True,
    knock_max_deadwood=None,
    knock_min_melded=8,
    big_gin=True,
    gin_bonus=25,
    big_gin_bonus=50,
    undercut_bonus=20,
    tie_is_undercut=True,
    layoff_on_gin=True,
    stock_end="dead_hand",
    game_target=250,
    match_scoring="manche",
)

PRESETS: dict[str, Rules] = {r.name: r for r in (STANDARD, STRAIGHT, OKLAHOMA, FRENCH)}

# The older school of the printed rule books: gin 20, undercut 10, box 20, and a
# shutout paid as a game bonus of 200 instead of doubling the deal points. Not a
# play preset (PRESETS are the site's variants); pages compare it with standard.
CLASSIC = STANDARD.replace(
    name="classic",
    aliases=("classic-gin",),
    gin_bonus=20,
    undercut_bonus=10,
    line_bonus=20,
    shutout="bonus",
    shutout_game_bonus=200,
)

# Rule-book schools that find_variant knows besides the presets.
SCHOOLS: dict[str, Rules] = {r.name: r for r in (CLASSIC,)}

# The names the presets and schools have in this module: their repr.
NAMED: dict[str, Rules] = {
    "STANDARD": STANDARD,
    "STRAIGHT": STRAIGHT,
    "OKLAHOMA": OKLAHOMA,
    "FRENCH": FRENCH,
    "CLASSIC": CLASSIC,
}


def find_variant(name: str) -> Rules:
    """The preset or school with this name or alias (case and ``_``/space insensitive).

    >>> find_variant("classic").gin_bonus
    20

    :raises UnknownVariantError: if no preset or school has that name.
    """
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for rules in (*PRESETS.values(), *SCHOOLS.values()):
        if key == rules.name or key in rules.aliases:
            return rules
    known = [*PRESETS.values(), *SCHOOLS.values()]
    raise UnknownVariantError(
        name, [r.name for r in known], {r.name: list(r.aliases) for r in known}
    )


# --- options that combine with a variant ----------------------------------------------

GameOption = Literal[
    "oklahoma", "one-deal", "game-100", "game-250", "hollywood", "manche", "partie"
]

_GAME_LENGTHS: tuple[GameOption, ...] = ("one-deal", "game-100", "game-250", "hollywood")

OPTIONS: dict[str, tuple[GameOption, ...]] = {
    "standard": ("oklahoma", *_GAME_LENGTHS),
    # Oklahoma does not combine with Straight Gin: both decide when one may knock.
    "straight": _GAME_LENGTHS,
    "oklahoma": _GAME_LENGTHS,
    # Gin Rami (seed 002) is scored by manches to 250, a partie being several manches.
    "french": ("manche", "partie"),
    "classic": ("oklahoma", *_GAME_LENGTHS),
}
"""The options that a table may play with each preset or school, in the order the
sources give them: the Oklahoma knock rule, the game's length (one deal, to 100,
to 250), Hollywood scoring; for Gin Rami, one manche or a partie."""


def options(rules: Rules) -> tuple[GameOption, ...]:
    """The options that combine with these rules (:data:`OPTIONS`; none for rules
    that are no preset or school).

    >>> options(STRAIGHT)
    ('one-deal', 'game-100', 'game-250', 'hollywood')
    >>> "oklahoma" in options(STANDARD)
    True
    """
    known = OPTIONS.get(rules.name, ())
    every = {**PRESETS, **SCHOOLS}
    return known if every.get(rules.name) == rules else ()
