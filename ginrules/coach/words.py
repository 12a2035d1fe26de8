"""The tutor's reasons in words, written once for the play page and the terminal game.

The tutor (:func:`ginrules.coach.tutor.tutor`) and the table of chances
(:func:`ginrules.coach.hints.hints`) give a reason *code* and its fields; these are the
English sentences for each code. The site's play page (``ginrules_site/live/play.py``)
and the terminal game (:mod:`ginrules.cli.game`) both read them here, and translate
them through the site's catalog (``tools/extract_site_messages.py`` extracts this module
too; ``tools/cli_catalog.py`` copies the translations into the terminal's catalog).

:data:`TUTOR_REASONS` are the standard words (knock, gin, deadwood);
:data:`TUTOR_REASONS_DOWN` are Gin Rami's where they differ (go down, petit and grand
gin, a *count*, never deadwood). A :class:`Plural` names the field that holds its
number (:attr:`Plural.field`).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["NP_", "N_", "TUTOR_REASONS", "TUTOR_REASONS_DOWN", "Plural", "Text"]


class Plural(NamedTuple):
    """A sentence whose words follow the number in its field named ``field``."""

    singular: str
    plural: str
    field: str


Text = str | Plural


def N_(text: str) -> str:
    """Mark a sentence for the catalogs without translating it here."""
    return text


def NP_(singular: str, plural: str, field: str) -> Plural:
    """Mark a plural sentence for the catalogs; ``field`` names the field of its number."""
    return Plural(singular, plural, field)


TUTOR_REASONS: dict[str, Text] = {
    "take_meld": N_(
        "Take {card:nom}: it joins a meld, and once you discard {discard:nom} your "
        "deadwood falls from {before} to {after}."
    ),
    "take_replaces": N_(
        "Take {card:nom} in place of {replaces:nom}: it joins no meld, but it counts "
        "less, so your deadwood falls from {before} to {after}."
    ),
    "take_lower": N_(
        "Take {card:nom} and discard {discard:nom}: your deadwood falls from {before} to {after}."
    ),
    "take_keep": N_(
        "Take {card:nom}: your deadwood does not fall ({before}, then {after} at "
        "best), but the card could make a meld with {first:nom} and {second:nom}, and "
        "only gin ends this deal: the expert keeps it."
    ),
    "take_only": N_("Take {card:nom}: the stock may not be drawn now."),
    "upcard_no_help": N_(
        "Pass: with {card:nom} your deadwood would be {after} at best, not less "
        "than the {before} you hold."
    ),
    "upcard_no_meld": N_(
        "Pass: {card:nom} would join no meld; it would lower your deadwood from "
        "{before} to {after} only in place of {replaces:nom}, and the expert takes "
        "a card only for a meld."
    ),
    "upcard_race": N_(
        "Pass: {card:nom} would lower your deadwood from {before} to {after}, but "
        "only gin ends this deal, and the expert judges your hand nearer to gin"
        " without it."
    ),
    "pile_no_help": N_(
        "Draw from the stock: with {card:nom} your deadwood would be {after} at "
        "best, not less than the {before} you hold."
    ),
    "pile_no_meld": N_(
        "Draw from the stock: {card:nom} would join no meld; it would lower your "
        "deadwood from {before} to {after} only in place of {replaces:nom}, and the"
        " expert takes a card only for a meld."
    ),
    "pile_race": N_(
        "Draw from the stock: {card:nom} would lower your deadwood from {before} to"
        " {after}, but only gin ends this deal, and the expert judges your hand"
        " nearer to gin without it."
    ),
    "stock_only": N_("Draw from the stock: the pile's card may not be taken now."),
    "gin": N_("Go gin, discarding {card:nom}."),
    "big_gin": N_("Go big gin, keeping all eleven cards."),
    "knock": N_("Knock, discarding {card:nom}: deadwood {deadwood} is left."),
    "play_on": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this "
        "is your turn {turn}, and the expert knocks before gin only in its "
        "first turns (up to turn {early_turns}) with {early_at} or less, or "
        "when the target ({target}) is {margin} or less away: you are still "
        "{to_go} short. It waits for gin (unseen cards that would give it now: "
        "{gin_outs}) or to undercut a knock by the computer."
    ),
    "play_on_knocker": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this is your turn "
        "{turn}. The computer has knocked after its turn {late_after} in this match, so the "
        "expert expects it to knock as soon as it may: it knocks before gin only in its "
        "first turns (up to turn {early_turns}) with {early_at} or less, or when the target "
        "({target}) is {margin} or less away (you are still {to_go} short), and otherwise "
        "waits to undercut the computer's knock, or for gin (unseen cards that would give "
        "it now: {gin_outs})."
    ),
    "play_on_deal": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this "
        "is your turn {turn}, and in a single deal the expert knocks before gin"
        " only in its first turns (up to turn {early_turns}) with {early_at} or"
        " less. It waits for gin (unseen cards that would give it now: "
        "{gin_outs}) or to undercut a knock by the computer."
    ),
    "play_on_games": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this is your "
        "turn {turn}, and the expert knocks before gin only in its first turns (up to turn "
        "{early_turns}) with {early_at} or less, or when the target ({target}) of a game "
        "your win would count in is {margin} or less away: in game {game}, the nearest, "
        "you are still {to_go} short. It waits for gin (unseen cards that would give it "
        "now: {gin_outs}) or to undercut a knock by the computer."
    ),
    "play_on_knocker_games": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this is your "
        "turn {turn}. The computer has knocked after its turn {late_after} so far, so the "
        "expert expects it to knock as soon as it may: it knocks before gin only in its "
        "first turns (up to turn {early_turns}) with {early_at} or less, or when the target "
        "({target}) of a game your win would count in is {margin} or less away (in game "
        "{game}, the nearest, you are still {to_go} short), and otherwise waits to undercut "
        "the computer's knock, or for gin (unseen cards that would give it now: {gin_outs})."
    ),
    "play_on_game": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this is your "
        "turn {turn}, and the expert knocks before gin only in its first turns (up to turn "
        "{early_turns}) with {early_at} or less, or when the target ({target}) of a game "
        "your win would count in is {margin} or less away: in game {game} you are still "
        "{to_go} short, and no such game is nearer. It waits for gin (unseen cards that "
        "would give it now: {gin_outs}) or to undercut a knock by the computer."
    ),
    "play_on_knocker_game": N_(
        "Discard {card:nom} and play on: you could knock with {deadwood}, but this is your "
        "turn {turn}. The computer has knocked after its turn {late_after} so far, so the "
        "expert expects it to knock as soon as it may: it knocks before gin only in its "
        "first turns (up to turn {early_turns}) with {early_at} or less, or when the target "
        "({target}) of a game your win would count in is {margin} or less away (in game "
        "{game} you are still {to_go} short, and no such game is nearer), and otherwise "
        "waits to undercut the computer's knock, or for gin (unseen cards that would give "
        "it now: {gin_outs})."
    ),
    "least_deadwood": N_("Discard {card:nom}: it leaves the least deadwood ({deadwood})."),
    "safe_discard": N_(
        "Discard {card:nom} (deadwood {deadwood}; the least is {least}) rather than"
        " {avoided:nom}: the computer took {near:nom} from the pile and may want "
        "{avoided:nom}."
    ),
    "keeps_outs": NP_(
        "Discard {card:nom} (deadwood {deadwood}) rather than {avoided:nom} (deadwood "
        "{least}): then {outs} unseen card would lower your deadwood at the "
        "next draw, against {avoided_outs}.",
        "Discard {card:nom} (deadwood {deadwood}) rather than {avoided:nom} (deadwood "
        "{least}): then {outs} unseen cards would lower your deadwood at the "
        "next draw, against {avoided_outs}.",
        "outs",
    ),
    "keeps_chances": N_(
        "Discard {card:nom} (deadwood {deadwood}) rather than {avoided:nom} (deadwood "
        "{least}): the expert rates the cards you keep higher for the draws to "
        "come."
    ),
    "take_no_help": N_(
        "Take {card:nom}: it would not lower your deadwood ({before} now, {after} "
        "after your best discard)."
    ),
    "upcard_lower": N_("Pass: {card:nom} would lower your deadwood from {before} to {after}."),
    "pile_lower": N_(
        "Draw from the stock: {card:nom} would lower your deadwood from {before} to {after}."
    ),
    "more_deadwood": N_(
        "Discard {card:nom}: it leaves deadwood {deadwood}; the least you can keep is {least}."
    ),
}
"""The tutor's reasons by code, in the standard words."""

# Gin Rami's words (going down, petit and grand gin, a count, never deadwood), as the play
# page's (the play page's going-out words are its own)
TUTOR_REASONS_DOWN: dict[str, Text] = {
    "knock": N_("Go down, discarding {card:nom}: a count of {deadwood} is left."),
    "gin": N_("Go petit gin, discarding {card:nom}."),
    "big_gin": N_("Go grand gin, keeping all eleven cards."),
    "play_on": N_(
        "Discard {card:nom} and play on: you could go down with a count of "
        "{deadwood}, but this is your turn {turn}, and the expert goes down "
        "before petit gin only in its first turns (up to turn {early_turns}) "
        "with a count of {early_at} or less, or when the target ({target}) is "
        "{margin} or less away: you are still {to_go} short. It waits for petit"
        " gin (unseen cards that would give it now: {gin_outs}) or to beat the "
        "computer on the count if it goes down first."
    ),
    "play_on_knocker": N_(
        "Discard {card:nom} and play on: you could go down with a count of "
        "{deadwood}, but this is your turn {turn}. The computer has gone down after "
        "its turn {late_after} in this match, so the expert expects it to go down as "
        "soon as it may: it goes down before petit gin only in its first turns (up to "
        "turn {early_turns}) with a count of {early_at} or less, or when the target "
        "({target}) is {margin} or less away (you are still {to_go} short), and "
        "otherwise waits to beat the computer on the count when it goes down, or for "
        "petit gin (unseen cards that would give it now: {gin_outs})."
    ),
    "play_on_deal": N_(
        "Discard {card:nom} and play on: you could go down with a count of "
        "{deadwood}, but this is your turn {turn}, and in a single deal the "
        "expert goes down before petit gin only in its first turns (up to turn "
        "{early_turns}) with a count of {early_at} or less. It waits for petit "
        "gin (unseen cards that would give it now: {gin_outs}) or to beat the "
        "computer on the count if it goes down first."
    ),
    "take_meld": N_(
        "Take {card:nom}: it joins a meld, and once you discard {discard:nom} your count "
        "falls from {before} to {after}."
    ),
    "take_replaces": N_(
        "Take {card:nom} in place of {replaces:nom}: it joins no meld, but it is worth "
        "less, so your count falls from {before} to {after}."
    ),
    "take_lower": N_(
        "Take {card:nom} and discard {discard:nom}: your count falls from {before} to {after}."
    ),
    "upcard_no_help": N_(
        "Pass: with {card:nom} your count would be {after} at best, not less than the "
        "{before} you hold."
    ),
    "upcard_no_meld": N_(
        "Pass: {card:nom} would join no meld; it would lower your count from {before} "
        "to {after} only in place of {replaces:nom}, and the expert takes a card only "
        "for a meld."
    ),
    "pile_no_help": N_(
        "Draw from the stock: with {card:nom} your count would be {after} at best, not "
        "less than the {before} you hold."
    ),
    "pile_no_meld": N_(
        "Draw from the stock: {card:nom} would join no meld; it would lower your count "
        "from {before} to {after} only in place of {replaces:nom}, and the expert takes "
        "a card only for a meld."
    ),
    "least_deadwood": N_("Discard {card:nom}: it leaves the lowest count ({deadwood})."),
    "safe_discard": N_(
        "Discard {card:nom} (a count of {deadwood}; the lowest is {least}) rather than "
        "{avoided:nom}: the computer took {near:nom} from the pile and may want {avoided:nom}."
    ),
    "keeps_outs": NP_(
        "Discard {card:nom} (a count of {deadwood}) rather than {avoided:nom} (a count of "
        "{least}): then {outs} unseen card would lower your count at the next draw, "
        "against {avoided_outs}.",
        "Discard {card:nom} (a count of {deadwood}) rather than {avoided:nom} (a count of "
        "{least}): then {outs} unseen cards would lower your count at the next draw, "
        "against {avoided_outs}.",
        "outs",
    ),
    "keeps_chances": N_(
        "Discard {card:nom} (a count of {deadwood}) rather than {avoided:nom} (a count of "
        "{least}): the expert rates the cards you keep higher for the draws to come."
    ),
    "take_no_help": N_(
        "Take {card:nom}: it would not lower your count ({before} now, {after} after "
        "your best discard)."
    ),
    "upcard_lower": N_("Pass: {card:nom} would lower your count from {before} to {after}."),
    "pile_lower": N_(
        "Draw from the stock: {card:nom} would lower your count from {before} to {after}."
    ),
    "more_deadwood": N_(
        "Discard {card:nom}: it leaves a count of {deadwood}; the lowest you can keep is {least}."
    ),
}
"""Gin Rami's reasons where its words differ (going down, a count)."""
