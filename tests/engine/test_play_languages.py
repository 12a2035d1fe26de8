"""``ginrules play --lang``: the terminal game in each language of ``ginrules.languages``
that has one, with the words of each variant, from the package's catalogs. A language in
progress plays its untranslated lines in English; the tests of a translation run for the
complete languages, those of French or Swedish wording for those two."""

from __future__ import annotations

import io
import re

import pytest

from ginrules.cards import CARDS, SUIT_SYMBOLS, Card, find_notation
from ginrules.cli import all_commands, build_parser
from ginrules.cli.game import (
    COMMAND_WORDS,
    GOING_DOWN_REASONS,
    LANGUAGES,
    LEVEL_NAMES,
    MORE_WORDS,
    OUTCOMES,
    PLURAL_REASONS,
    REASONS,
    VARIANTS,
    Voice,
    _read,
    translation,
)
from ginrules.deal import BigGin, Discard, DrawDiscard, DrawStock, Gin, Knock, Pass
from ginrules.languages import LANGUAGES as TABLE
from ginrules.languages import MOVES, REQUIRED_MOVES, SOURCE, Language
from ginrules.players import LEVELS
from ginrules.rules import FRENCH, STANDARD


def play(argv: list[str], script: str) -> str:
    args = build_parser(all_commands()).parse_args(["play", *argv])
    out = io.StringIO()
    args._run(args, out, io.StringIO(script))
    return out.getvalue()


def dumb(lang: str, rounds: int = 40) -> str:
    """A dumb human typing in ``lang``: pass twice, then draw and try every card
    (in the language's notation) until one is taken."""
    catalog = translation(lang)
    word = {name: catalog.pgettext("command", w) for name, w in COMMAND_WORDS.items()}
    notation = find_notation(lang)
    cards = "\n".join(notation.format(c) if lang != "en" else c.code for c in CARDS)
    return (f"{word['pass']}\n" * 2) + (f"{word['stock']}\n{cards}\n") * rounds


# The terminal game's translated languages, and those of them whose translation is complete.
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
COMPLETE = [lang for lang in TRANSLATED if TABLE[lang].complete]

ENGLISH = ("Your hand", "Stock:", "Deadwood", "The computer", "Discard (or", "Upcard")


@pytest.mark.parametrize("lang", ["fr", "sv"])
@pytest.mark.parametrize("variant", ["standard", "straight", "oklahoma", "french"])
def test_a_whole_deal_in_french_and_swedish(lang: str, variant: str) -> None:
    text = play(
        ["--lang", lang, "--variant", variant, "--seed", "12", "--dealer", "you"], dumb(lang)
    )
    # the French rules count the cards left in hand: a count, not deadwood
    count = {"fr": ("Points morts", "Compte\u202f:"), "sv": ("Dödpoäng", "Poängsumma:")}[lang]
    own = {
        "fr": ("Votre main", "Pioche\u202f:", "Main de l’ordinateur"),
        "sv": ("Din hand", "Talong:", "Datorns hand"),
    }[lang]
    for words in (*own, count[variant == "french"]):
        assert words in text
    for words in (*ENGLISH, "Count", count[variant != "french"]):
        assert words not in text
    # the cards are written as the language writes them, every line in its words
    assert ("V♠" in text or "R♠" in text or "D♠" in text) if lang == "fr" else "Kn" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nobody_knocks_in_straight_gin_and_gin_rami_goes_down(lang: str) -> None:
    catalog = translation(lang)
    knock = catalog.pgettext("command", "knock")
    go_down = catalog.pgettext("command", "go down")
    helper = catalog.pgettext("command", "help")
    quit_ = catalog.pgettext("command", "quit")
    straight = play(
        ["--lang", lang, "--variant", "straight", "--seed", "3"], f"{helper}\n{quit_}\n"
    )
    # the card in any case ("{card:Acc} abwerfen und Gin machen", ginrules/cases.py)
    go_gin = re.split(r"\{card(?::\w+)?\}", catalog.gettext("discard {card:nom} and go gin"))
    assert f"  {knock} " not in straight
    assert re.search(r"\S+".join(map(re.escape, go_gin)), straight)
    french = play(["--lang", lang, "--variant", "french", "--seed", "3"], f"{helper}\n{quit_}\n")
    assert f"  {go_down} " in french and f"  {knock} " not in french
    big = catalog.pgettext("command", "big gin")
    assert f"  {big} " in french  # grand gin: all eleven cards in melds
    standard = play(["--lang", lang, "--seed", "3"], f"{helper}\n{quit_}\n")
    assert f"  {knock} " in standard and f"  {big} " not in standard


@pytest.mark.parametrize("lang", COMPLETE)
def test_refusals_are_said_in_the_language(lang: str) -> None:
    catalog = translation(lang)
    word = {name: catalog.pgettext("command", w) for name, w in COMMAND_WORDS.items()}
    text = play(
        ["--lang", lang, "--seed", "4"],
        f"{word['stock']}\nxyz\n{word['knock']}\n{word['pass']}\n{word['quit']}\n",
    )
    offer = catalog.gettext(REASONS["offer_pending"])
    assert offer in text and offer != REASONS["offer_pending"]
    assert "xyz" in text and "neither a move" not in text
    needs = catalog.gettext("{word} needs a card: {word} {card}").split("{")[1]
    assert needs and "needs a card" not in text


@pytest.mark.parametrize("lang", COMPLETE)
def test_the_catalogs_translate_every_marked_word(lang: str) -> None:
    catalog = translation(lang)
    for text in [*REASONS.values(), *OUTCOMES.values(), *VARIANTS.values()]:
        # the names that English borrows: gin, and Gin Rami's petit and grand gin in French
        same = ("gin", "Straight Gin", "Oklahoma Gin") + (
            ("petit gin", "grand gin") * (lang == "fr")
        )
        # and the language's own loanwords (Swedish undercut, German Undercut)
        loanwords = {word.lower() for word in TABLE[lang].loanwords}
        assert catalog.gettext(text) != text or text in same or text.lower() in loanwords
    words = [catalog.pgettext("command", w) for w in COMMAND_WORDS.values()]
    assert len(set(words)) == len(words)  # no two move words alike
    assert sum(w != e for w, e in zip(words, COMMAND_WORDS.values(), strict=True)) >= 8


def test_english_move_words_are_read_in_every_language() -> None:
    for lang in TRANSLATED:
        catalog = translation(lang)
        text = play(
            ["--lang", lang, "--seed", "4", "--variant", "french"],
            "pass\npass\nstock\nbig_gin\ngo-down 7h\nquit\n",
        )
        melds = catalog.gettext(REASONS["not_all_melded"])
        assert melds in text  # big_gin was read as big gin, and refused in the language
        assert re.split(r"\{card(?::\w+)?\}", catalog.gettext(REASONS["not_in_hand"]))[1] in text


ACTIONS = {
    "take": DrawDiscard(),
    "pass": Pass(),
    "stock": DrawStock(),
    "big_gin": BigGin(),
    "help": "help",
    "quit": "quit",
}
WITH_CARD = {"discard": Discard, "knock": Knock, "go_down": Knock, "gin": Gin}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_a_language_reads_as_its_move(lang: str) -> None:
    say = Voice(lang, FRENCH)
    seven = Card.parse("7H")
    typed = [(name, word) for name, word in say.words.items()]
    typed += [
        (name, w)
        for table in (MORE_WORDS[SOURCE], MORE_WORDS[lang])
        for name, ws in table.items()
        for w in ws
    ]
    typed += list(COMMAND_WORDS.items())
    assert len(typed) > 20
    for name, word in typed:
        for text in (word, word.upper(), word.replace(" ", "-")):
            if name in WITH_CARD:
                move = _read(say, f"{text} {say.card(seven)}")
                assert move == WITH_CARD[name](seven), (text, move)
            else:
                assert _read(say, text) == ACTIONS[name], text


def test_french_and_swedish_forms_without_accents() -> None:
    fr = Voice("fr", STANDARD)
    assert _read(fr, "passe") == Pass()
    assert _read(fr, "Defausse-toi R♠") == Discard(Card.parse("KS"))
    assert _read(fr, "défausse 10C") == Discard(Card.parse("TH"))  # C: cœur
    sv = Voice("sv", STANDARD)
    assert _read(sv, "ga gin Kn♥") == Gin(Card.parse("JH"))
    assert _read(sv, "dra") == DrawStock()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_french_passe_is_played(lang: str) -> None:
    word = MORE_WORDS[lang]["pass"][0]  # French passe, Swedish passar
    catalog = translation(lang)
    text = play(["--lang", lang, "--seed", "3", "--dealer", "you"], f"{word}\nquit\n")
    assert catalog.gettext("You pass.") in text
    assert (
        catalog.gettext("'{text}' is neither a move nor a card; type '{help}' for the moves.")[:4]
        not in text.split(catalog.gettext("You pass."))[0].split("?")[-1]
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", ["standard", "straight", "oklahoma", "french"])
def test_gin_with_deadwood_is_answered_about_gin(lang: str, variant: str) -> None:
    # seed 3, you deal: the computer passes, you pass, it draws and discards; you draw
    # and call gin with 10♥, deadwood 46 (60 under the French rules) left
    catalog = translation(lang)
    notation = find_notation(lang)
    ten = "10♥" if lang == "en" else notation.format(Card.parse("TH"))
    gin = catalog.pgettext("command", "gin")
    stock = catalog.pgettext("command", "stock")
    text = play(
        ["--lang", lang, "--variant", variant, "--seed", "3", "--dealer", "you"],
        f"pass\n{stock}\n{gin} {ten}\nquit\n",
    )
    # in the variant's words: the French rules' gin is petit gin, its deadwood a count
    (one, many), _ = (GOING_DOWN_REASONS if variant == "french" else PLURAL_REASONS)["not_gin"]
    deadwood = 60 if variant == "french" else 46
    refusal = catalog.gettext("Not possible: {reason}").format(
        reason=catalog.ngettext(one, many, deadwood).format(deadwood=deadwood)
    )
    assert refusal in text
    for code in ("over_limit", "too_few_melded"):
        (one, many), _ = PLURAL_REASONS[code]
        assert catalog.ngettext(one, many, 2).split("{")[0] not in text
    assert catalog.gettext(REASONS["gin_only"]) not in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("level", list(LEVELS))
def test_the_level_is_named_in_the_language(lang: str, level: str) -> None:
    catalog = translation(lang)
    text = play(["--lang", lang, "--level", level, "--seed", "3"], "quit\n")
    name = catalog.gettext(LEVEL_NAMES[level])
    line = catalog.gettext("Computer's level: {level}.").format(level=name)
    assert text.splitlines()[1] == line
    if lang in COMPLETE and level != "expert":  # Expert is Expert in French and Swedish
        assert name != LEVEL_NAMES[level] and level not in line.lower()


def test_french_typography_of_the_terminal_game() -> None:
    # as the site's catalog: a narrow no-break space before : ; ? ! and inside « »; read
    # from the compiled catalog the game uses, with the standard library (also in Pyodide)
    import gettext

    from ginrules.cli.game import LOCALE

    with (LOCALE / "fr" / "LC_MESSAGES" / "ginrules.mo").open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    checked = 0
    for key, text in catalog.items():
        if key == "":  # the header
            continue
        prose = re.sub(r"\{\w+(?::\w+)?\}", "x", text)  # a card's case: {card:Nom}
        assert not re.search(r"[^\u202f][:;?!»]|«[^\u202f]", prose), text
        checked += 1
    assert checked > 80


def test_a_language_of_the_terminal_game_needs_its_move_words() -> None:
    """``terminal=True`` without ``move_words`` stops with a sentence that names the entry
    and the moves it lacks (the tests above read ``move_words["pass"]``, and a player types
    these words), not a ``KeyError: 'pass'`` somewhere later."""
    spanish = dict(
        code="es",
        name="Español",
        english_name="Spanish",
        root_title="Reglas del gin rummy",
        ranks=("A", *map(str, range(2, 11)), "J", "Q", "K"),
        suits=SUIT_SYMBOLS,
        terminal=True,
    )
    with pytest.raises(ValueError) as refused:
        Language(**spanish)  # type: ignore[arg-type]
    assert str(refused.value) == (
        "ginrules/languages.py, the entry 'es': terminal=True needs move_words, the words a "
        "player may type for each move besides the catalog's; missing: take, pass, stock, "
        "knock, gin, help, quit"
    )
    words = {
        "take": ("tomo", "toma"),
        "pass": ("paso",),
        "stock": ("robo", "roba"),
        "knock": ("cierro",),
        "gin": ("hago gin",),
        "help": ("?", "ayuda"),
        "quit": ("salgo",),
    }
    assert Language(**spanish, move_words=words).move_words == words  # type: ignore[arg-type]
    without_pass = {move: said for move, said in words.items() if move != "pass"}
    with pytest.raises(ValueError, match=r"the entry 'es': .* missing: pass$"):
        Language(**spanish, move_words=without_pass)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"move_words names no move: pas \(the moves: take"):
        Language(**spanish, move_words={**words, "pas": ("p",)})  # type: ignore[arg-type]
    # the moves an entry may name are the game's
    assert set(COMMAND_WORDS) == set(MOVES) and set(REQUIRED_MOVES) <= set(MOVES)
    for code in LANGUAGES:
        assert set(REQUIRED_MOVES) <= set(MORE_WORDS[code]), code


def test_a_line_the_catalog_does_not_translate_is_said_in_english(tmp_path, monkeypatch) -> None:
    """A language of the terminal game with no catalog yet says every line in English; one
    whose translation names other fields than the English (``{texto}`` for ``{text}``: the
    checks refuse it and ``tools/cli_catalog.py`` keeps it out of the ``.mo``, but an older
    ``.mo`` may hold it) says that line in English and plays on."""
    import gettext

    import ginrules.cli.game as game

    monkeypatch.setattr(game, "LOCALE", tmp_path)
    assert translation("fr").gettext("You pass.") == "You pass."  # no catalog: English

    said = {
        "'{text}' is neither a move nor a card; type '{help}' for the moves.": (
            "« {texto} » n’est ni un coup ni une carte ; tapez « {help} »."
        ),
        "You pass.": "Vous passez.",
    }

    class Broken(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return said.get(message, message)

    monkeypatch.setattr(game, "translation", lambda lang: Broken())
    text = play(["--lang", "fr", "--seed", "3", "--dealer", "you"], "xyz\npasse\nquit\n")
    assert "'xyz' is neither a move nor a card; type 'help' for the moves." in text
    assert "Vous passez." in text


# --- the help in the game's language (issue 31) -----------------------------------------

HELP_LANGUAGES = COMPLETE  # the complete translations of the terminal game


def _help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    from ginrules.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps at the width


@pytest.mark.parametrize("lang", HELP_LANGUAGES)
def test_play_help_is_in_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``ginrules play --help`` says every line in the language of ``--lang`` (argparse's
    own "usage", "options", "show this help message and exit" too), none in English."""
    from ginrules.cli.game import HELP_WORDS

    shown = _help_text(["play", "--help", "--lang", lang], capsys)
    catalog = translation(lang)
    for key, english in HELP_WORDS.items():
        said = catalog.gettext(english)
        assert said != english or (key, lang) == ("options", "fr"), (lang, english)
        if key == "variant":
            said = said.split("{names}")[1]
        assert " ".join(said.split()) in shown, (lang, said)
        if said != english:
            assert " ".join(english.split("{names}")[-1].split()) not in shown, (lang, english)
    assert not shown.startswith("usage:")


@pytest.mark.parametrize(
    ("variable", "value", "lang"),
    [("LANG", "sv_SE.UTF-8", "sv"), ("LANGUAGE", "de:fr", "de"), ("LANG", "ja_JP", SOURCE)],
)
def test_play_help_follows_the_environments_language(variable: str, value: str, lang: str) -> None:
    """Without ``--lang``, the help is in the environment's language if the game has it
    (gettext's variables), else English: a real process, as a shell runs it."""
    import os
    import subprocess
    import sys

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    env[variable] = value
    done = subprocess.run(
        [sys.executable, "-m", "ginrules", "play", "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    from ginrules.cli.game import HELP_WORDS

    assert done.stdout.startswith(translation(lang).gettext(HELP_WORDS["usage"]) + " ")


@pytest.mark.parametrize("lang", HELP_LANGUAGES)
def test_every_move_word_is_in_the_language(lang: str) -> None:
    """The words of the in-game help (``help`` at the prompt) are the language's: a word
    the same as the English only where its words are the language's loanwords or the
    game's name (German said "big gin")."""
    catalog = translation(lang)
    own = {w.casefold() for w in (*TABLE[lang].loanwords, "gin")}
    for english in COMMAND_WORDS.values():
        word = catalog.pgettext("command", english)
        if word == english:
            assert {w.casefold() for w in english.split()} <= own, (lang, english)
