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

import functools
import gettext
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

__all__ = [
    "ENGLISH_RANKS",
    "GETTEXT_PLURAL_FORMS",
    "LANGUAGES",
    "MOVES",
    "REQUIRED_MOVES",
    "SOURCE",
    "SUIT_SYMBOLS",
    "Language",
    "find_language",
    "plural_rule",
    "same_plural_rule",
]

SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
ENGLISH_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")

# The moves of the terminal game (``ginrules play``), by the engine's action names: the keys
# of an entry's ``move_words``. A language of the terminal game gives words for each of
# REQUIRED_MOVES at least: the moves every deal asks for (the others are optional).
MOVES: Final = (
    "take",
    "pass",
    "stock",
    "discard",
    "knock",
    "go_down",
    "gin",
    "big_gin",
    "help",
    "quit",
)
REQUIRED_MOVES: Final = ("take", "pass", "stock", "knock", "gin", "help", "quit")

# gettext's usual plural rule of some language codes, as the GNU gettext manual gives them
# (section "Additional functions for plural forms", node "Plural forms"); an entry whose
# rule gives other forms gets a warning (Language.plural_warning), not an error: the
# manual's Irish rule has three forms where Irish translators and CLDR use five.
_ONE_ONLY: Final = "nplurals=2; plural=n != 1;"
GETTEXT_PLURAL_FORMS: Final[Mapping[str, str]] = {
    # Only one form
    "ja": "nplurals=1; plural=0;",
    # Two forms, singular used for one only
    **dict.fromkeys(("en", "de", "sv", "es", "it", "pt"), _ONE_ONLY),
    # Two forms, singular used for zero and one
    "fr": "nplurals=2; plural=n>1;",
    # Three forms, special cases for one and two
    "ga": "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;",
    # Three forms, special cases for numbers ending in 1 and 2, 3, 4, except those ending
    # in 1[1-4]
    "ru": "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;",
    # Three forms, special case for one and some numbers ending in 2, 3, or 4
    "pl": "nplurals=3; plural=n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;",
    # Four forms, special case for one and all numbers ending in 02, 03, or 04
    "sl": "nplurals=4; plural=n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3;",
    # Six forms, special cases for one, two, all numbers ending in 02, 03, ... 10, all
    # numbers ending in 11 ... 99, and others
    "ar": "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
    "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
}
# The numbers on which two rules are compared, and on which every form must be reached.
_SAMPLE: Final = (*range(1000), 1001, 1011, 1100, 10**6, 10**6 + 1)
_RULE: Final = re.compile(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*")


@functools.cache
def plural_rule(plural_forms: str) -> tuple[int, Callable[[int], int]]:
    """The number of forms and the index function of a gettext ``Plural-Forms`` value.

    >>> count, index = plural_rule("nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;")
    >>> count, [index(n) for n in (0, 1, 2, 3)]
    (3, [2, 0, 1, 2])

    :raises ValueError: for a text that is not ``nplurals=N; plural=EXPRESSION;``.
    """
    match = _RULE.fullmatch(plural_forms)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"not a gettext plural rule: {plural_forms!r}")
    try:
        return int(match.group(1)), gettext.c2py(match.group(2))
    except (ValueError, SyntaxError) as error:
        raise ValueError(f"not a gettext plural rule: {plural_forms!r} ({error})") from None


def same_plural_rule(one: str, other: str) -> bool:
    """Whether two ``Plural-Forms`` values give every number the same form, however they
    are written; False when either cannot be read.

    >>> same_plural_rule("nplurals=2; plural=(n != 1);", "nplurals=2; plural=n!=1;")
    True
    """
    try:
        (count, index), (other_count, other_index) = plural_rule(one), plural_rule(other)
        return count == other_count and all(index(n) == other_index(n) for n in _SAMPLE)
    except (ValueError, ArithmeticError):
        return False


@dataclass(frozen=True)
class Language:
    """Everything about one language that is not in its catalogs.

    ``ranks`` are the 13 card indices that the language writes, ace to king; ``suits``
    the four suits in the order spades, hearts, diamonds, clubs: letters, or the suit
    symbols where a language's letters would clash (Swedish K is *kung* and *klöver*,
    German K is *König*, *Kreuz* and *Karo*). ``written`` is how its pages write a card:
    ``"code"`` (``KS``) or ``"symbol"`` (``R♠``); ``english_order`` also reads English
    letters suit first (``HT``).

    ``plural_forms`` is gettext's rule, written into every catalog's header (and each
    plural entry of a catalog has that many forms: ``nplurals``);
    ``root_title`` the site's title on the page that lists every language;
    ``quotes`` the marks its running text uses, ``wrong_quotes`` those the catalog check
    refuses, ``space_before`` the punctuation that takes a narrow no-break space (U+202F)
    before it (French ``: ; ? !``). ``terminal`` says whether ``ginrules play --lang``
    offers it (its catalog: ``ginrules/locale/<code>/LC_MESSAGES/ginrules.po``), and
    ``move_words`` the words a player may type besides the catalog's, by move (keys of
    :data:`MOVES`): required for a language of the terminal game, for every move of
    :data:`REQUIRED_MOVES` at least.

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
        where = f"ginrules/languages.py, the entry {self.code!r}"
        unknown = sorted(set(self.move_words) - set(MOVES))
        if unknown:
            raise ValueError(
                f"{where}: move_words names no move: {', '.join(unknown)} "
                f"(the moves: {', '.join(MOVES)})"
            )
        if self.terminal:
            missing = [m for m in REQUIRED_MOVES if not self.move_words.get(m)]
            if missing:
                raise ValueError(
                    f"{where}: terminal=True needs move_words, the words a player may type "
                    f"for each move besides the catalog's; missing: {', '.join(missing)}"
                )

    @property
    def nplurals(self) -> int:
        """The number of plural forms of ``plural_forms``: of every plural catalog entry."""
        return plural_rule(self.plural_forms)[0]

    def plural_index(self, n: int) -> int:
        """The plural form (its index) that ``plural_forms`` gives the number ``n``."""
        return plural_rule(self.plural_forms)[1](n)

    def plural_problem(self) -> str | None:
        """Why ``plural_forms`` cannot be a catalog's rule, or None: unreadable, an index
        outside its ``nplurals`` forms, or a form that no number takes."""
        try:
            count, index = plural_rule(self.plural_forms)
            reached = {index(n) for n in _SAMPLE}
        except (ValueError, ArithmeticError) as error:
            return f"ginrules/languages.py, the entry {self.code!r}: plural_forms: {error}"
        if not reached <= set(range(count)) or len(reached) != count:
            return (
                f"ginrules/languages.py, the entry {self.code!r}: plural_forms "
                f"{self.plural_forms!r} gives the forms {sorted(reached)}, not 0 to {count - 1}"
            )
        return None

    def plural_warning(self) -> str | None:
        """A warning when ``plural_forms`` gives other forms than gettext's usual rule for
        this code (:data:`GETTEXT_PLURAL_FORMS`), naming both; None when they agree or
        the table has no rule for the code."""
        usual = GETTEXT_PLURAL_FORMS.get(self.code)
        if usual is None or self.plural_problem() is not None:
            return None
        if same_plural_rule(usual, self.plural_forms):
            return None
        return (
            f"warning: ginrules/languages.py, the entry {self.code!r}: its plural rule "
            f"{self.plural_forms!r} differs from gettext's usual rule for {self.code!r}, "
            f'{usual!r} (the GNU gettext manual, "Plural forms"); keep it only if the '
            "language's translators use it"
        )

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
            # as Swedish players and sports pages say them (underslag and nollning mean
            # embezzlement and student hazing): locale/sv/terminology.csv
            loanwords=("Undercut", "Shutout"),
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
