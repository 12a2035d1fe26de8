"""The languages of ginrules: one entry per language, read by everything that differs by language.

The engine's card notations (:data:`ginrules.cards.NOTATIONS`), the terminal game's
``--lang`` choices and move words (``ginrules play``), the site's build, its language
switcher and root page (``conf.py``, ``tools/site.py``, ``ginrules_site``), the checks of
its catalogs (plural rule, typography, the threshold of a language in progress) and the
tests all read :data:`LANGUAGES`. Adding a language is one :class:`Language` entry here
plus its catalogs (``make update-po``; see the site's page "Translating this site").

Pure data, standard library only: the engine and the terminal game need it without Sphinx.

>>> LANGUAGES["fr"].name, LANGUAGES["fr"].plural_forms
('Français', 'nplurals=2; plural=(n > 1);')
>>> [code for code, language in LANGUAGES.items() if language.complete][:3]
['en', 'fr', 'sv']
>>> find_language("DE").english_name
'German'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

__all__ = ["ENGLISH_RANKS", "LANGUAGES", "SOURCE", "SUIT_SYMBOLS", "Language", "find_language"]

SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
ENGLISH_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


@dataclass(frozen=True)
class Language:
    """Everything about one language that is not in its catalogs.

    ``ranks`` are the 13 card indices that the language writes, ace to king; ``suits``
    the four suits in the order spades, hearts, diamonds, clubs: letters, or the suit
    symbols where a language's letters would clash (Swedish K is *kung* and *klöver*,
    German K is *König*, *Kreuz* and *Karo*). ``written`` is how its pages write a card:
    ``"code"`` (``KS``) or ``"symbol"`` (``R♠``); ``english_order`` also reads English
    letters suit first (``HT``).

    ``plural_forms`` is gettext's rule, written into every catalog's header;
    ``root_title`` the site's title on the page that lists every language;
    ``quotes`` the marks its running text uses, ``wrong_quotes`` those the catalog check
    refuses, ``space_before`` the punctuation that takes a narrow no-break space (U+202F)
    before it (French ``: ; ? !``). ``terminal`` says whether ``ginrules play --lang``
    offers it (its catalog: ``ginrules/locale/<code>/LC_MESSAGES/ginrules.po``), and
    ``move_words`` the words a player may type besides the catalog's (by move).

    ``decimal_point`` and ``percent`` are how it writes 6.1 and 62 % (``percent`` a
    format with ``{}`` for the number: a no-break space before the sign but in English).

    ``loanwords`` are the English words the language uses as its own terms (German
    *Deadwood*, *Gin*), which the checks do not take for English left untranslated.

    ``status`` is ``"complete"`` (every catalog entry translated, no fuzzy entry: the
    checks hold it there) or ``"in progress"``: the language builds, its pages say how
    much is translated and show the rest in English, and the checks accept it from
    ``minimum`` per cent of its entries translated.
    """

    code: str
    name: str
    english_name: str
    root_title: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    written: Literal["code", "symbol"] = "symbol"
    english_order: bool = False
    plural_forms: str = "nplurals=2; plural=(n != 1);"
    quotes: str = "“ ”"
    wrong_quotes: str = '"'
    space_before: str = ""
    terminal: bool = False
    move_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    status: Literal["complete", "in progress"] = "complete"
    minimum: int = 100
    loanwords: tuple[str, ...] = ()
    decimal_point: str = ","
    percent: str = "{}\u00a0%"

    def __post_init__(self) -> None:
        if len(self.ranks) != 13 or len(self.suits) != 4:
            raise ValueError(f"{self.code}: 13 ranks and 4 suits, ace to king, ♠ ♥ ♦ ♣")
        if not 0 <= self.minimum <= 100:
            raise ValueError(f"{self.code}: minimum is a percentage")

    @property
    def complete(self) -> bool:
        return self.status == "complete"

    @property
    def threshold(self) -> int:
        """The percentage of translated entries the checks require (100 when complete)."""
        return 100 if self.complete else self.minimum


_NUMBERS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10")

LANGUAGES: Final[dict[str, Language]] = {
    language.code: language
    for language in (
        # The source language: the pages, the extension and the terminal game are written in it.
        Language(
            code="en",
            name="English",
            english_name="English",
            root_title="Gin Rummy rules",
            ranks=ENGLISH_RANKS,
            suits=("S", "H", "D", "C"),
            written="code",
            english_order=True,
            decimal_point=".",
            percent="{}%",
            terminal=True,
            move_words={
                "take": ("t", "d", "take it"),
                "pass": ("p",),
                "stock": ("s", "draw"),
                "gin": ("go gin", "petit gin"),
                "big_gin": ("grand gin",),
                "knock": ("k",),
                "help": ("?", "h"),
                "quit": ("q", "exit"),
            },
        ),
        # as, valet, dame, roi; pique, cœur, carreau, trèfle (C is cœur, K carreau, T trèfle)
        Language(
            code="fr",
            name="Français",
            english_name="French",
            root_title="Règles du gin rami",
            ranks=("A", *_NUMBERS, "V", "D", "R"),
            suits=("P", "C", "K", "T"),
            plural_forms="nplurals=2; plural=(n > 1);",
            quotes="« »",
            wrong_quotes='"“”',
            percent="{}\u202f%",
            space_before=":;?!",
            terminal=True,
            move_words={
                "take": ("prends", "prenez", "ramasser"),
                "pass": ("passe", "passez", "je passe"),
                "stock": ("piocher", "piochez", "talon"),
                "discard": (
                    "jette",
                    "jetez",
                    "défausse",
                    "défausser",
                    "défausse toi",
                    "défaussez vous",
                ),
                "knock": ("frappe", "frappez"),
                "go_down": ("étale", "étalez", "descendre", "descends", "descendez"),
                "gin": ("faire gin", "fais gin", "faites gin", "petit gin"),
                "help": ("?",),
                "quit": ("quitte", "quittez", "abandonner", "abandonne"),
            },
        ),
        # ess, knekt, dam, kung; suits by their symbols (K would be kung and klöver)
        Language(
            code="sv",
            name="Svenska",
            english_name="Swedish",
            root_title="Regler för gin rummy",
            ranks=("E", *_NUMBERS, "Kn", "D", "K"),
            suits=SUIT_SYMBOLS,
            quotes="” ”",
            wrong_quotes='"“„«»',
            terminal=True,
            move_words={
                "take": ("tar", "ta upp"),
                "pass": ("passar", "pass"),
                "stock": ("dra", "drar"),
                "discard": ("kastar", "släng"),
                "knock": ("knackar",),
                "go_down": ("går ner",),
                "gin": ("gå gin", "går gin", "liten gin", "gå liten gin"),
                "big_gin": ("gå stor gin",),
                "help": ("?",),
                "quit": ("slutar", "avsluta"),
            },
        ),
        # Ass, Bube, Dame, König; suits by their symbols, as in Swedish: Kreuz and Karo
        # share K, which is also König (the English letters S H D C are read too).
        Language(
            code="de",
            name="Deutsch",
            english_name="German",
            root_title="Gin-Rummy-Regeln",
            ranks=("A", *_NUMBERS, "B", "D", "K"),
            suits=SUIT_SYMBOLS,
            quotes="„ “",
            wrong_quotes='"”«»',
            terminal=True,
            move_words={
                "take": ("nehme", "nimm", "aufnehmen"),
                "pass": ("passe", "ich passe"),
                "stock": ("ziehe", "ziehen", "talon"),
                "discard": ("werfe ab", "abwerfen", "ablegen", "lege ab"),
                "knock": ("klopfe", "klopfen"),
                "go_down": ("lege aus", "auslegen"),
                "gin": ("gin machen", "mache gin", "kleines gin"),
                "big_gin": ("großes gin",),
                "help": ("?", "hilfe"),
                "quit": ("beenden", "aufhören", "ende"),
            },
            loanwords=("Deadwood", "Gin", "Undercut"),
            status="complete",
        ),
        # A new language: its entry here, then `make update-po` creates its catalogs.
    )
}

# The language the pages and messages are written in: the first entry.
SOURCE: Final = next(iter(LANGUAGES))


def find_language(code: str) -> Language:
    """The entry of this language code (any case).

    :raises KeyError: for a code that is not in ``LANGUAGES``.
    """
    return LANGUAGES[code.strip().lower()]
