"""Card names in the case their slot needs (``ginrules/cases.py``): where the English names a
card (``{card:nom}``) the catalog checks take any case for it and refuse any other spec, where
it shows one (``{card}``) they refuse a case, as plain msgfmt does; every sentence of every
complete language that names a card renders, with a card of each gender, the same through
Python (``cards_html.definite_card_name``, ``str.format``) and through the pages' script
(``fill`` and ``theCard`` of ``ginrules-render.mjs``, run under node)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sphinx.locale
from babel.messages.catalog import Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ginrules.cards import Card
from ginrules.cases import CARD_FIELDS, CASES, CardName
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules_site.cards_html import definite_card_name, definite_table, suit_name
from ginrules_site.chrome.catalogs import (
    cased_fields,
    markup,
    markup_problems,
    msgfmt_problems,
)
from ginrules_site.messages import CATALOG

ROOT = Path(__file__).resolve().parents[2]
RENDER = ROOT / "ginrules_site" / "static" / "ginrules-render.mjs"
COMPLETE = [code for code, language in LANGUAGE_TABLE.items() if language.complete]
# a card of each German gender and form: Bube, Dame, Ass, Zehn, König
CARDS = ("JC", "QH", "AS", "TD", "KC")
FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")

# node: the page's strings are the table; print fill(template, fields) for each case
PROBE = """
const [page, cases] = JSON.parse(require("fs").readFileSync(0, "utf8"));
const strings = JSON.stringify(page);
globalThis.document = { querySelector: () => ({ textContent: strings }) };
import(process.argv[1]).then(({ fill, theCard }) => {
  const out = cases.map(([template, fields, cards]) => {
    const filled = { ...fields };
    for (const [name, code] of Object.entries(cards)) filled[name] = theCard(code);
    return fill(template, filled);
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def _po(tmp_path: Path, msgid: str, msgstr: str) -> Path:
    path = tmp_path / "de" / "LC_MESSAGES" / "t.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'msgid ""\nmsgstr ""\n"Project-Id-Version: t\\n"\n"Language: de\\n"\n'
        '"PO-Revision-Date: 2026-12-01 12:00+0000\\n"\n"Last-Translator: t\\n"\n'
        '"Language-Team: Deutsch\\n"\n'
        '"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Content-Transfer-Encoding: 8bit\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        f'#, python-brace-format\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n',
        encoding="utf-8",
    )
    return path


def test_a_card_field_takes_a_case_where_the_english_gives_it_one(tmp_path: Path) -> None:
    """Where the English names a card, its field carries a case (``{card:nom}``) and the
    translation writes the case its own slot needs (or none: the nominative); where the
    English shows the card (``{card}``: a picture, a code), no language gives it a case.
    Plain ``msgfmt --check`` skips the first (``{card:nom}`` is no brace format to it) and
    refuses a case in the second; the catalog check says both, with what they mean."""
    english = "Take {card:nom} instead of {avoided:nom}: {deadwood} left."
    cased = cased_fields(english)
    assert cased == {"card", "avoided"}
    want = markup(english, cased)["placeholder"]
    for text in (
        "Nimm {card:acc} statt {avoided:gen}: {deadwood} bleibt.",
        "{card:Nom} statt {avoided:Dat}: {deadwood}.",
        "{card} {avoided} {deadwood}",  # a bare field is the nominative
        "{card:nom} {avoided:nom} {deadwood}",
    ):
        assert markup(text, cased)["placeholder"] == want, text
    for text in (
        "Nimm {card:akk} statt {avoided}: {deadwood}.",  # no such case
        "Nimm {card:ACC} statt {avoided}: {deadwood}.",  # a case is lower case or capitalised
        "Nimm {card} statt {avoided}: {deadwood:acc}.",  # not a card field
        "Nimm {card:acc} statt {avoided}.",  # a field left out
    ):
        assert markup(text, cased)["placeholder"] != want, text
    picture = "{card} onto the run {meld}"  # the card's picture: no case in any language
    assert cased_fields(picture) == frozenset()
    assert markup("{card:acc} an die Folge {meld}")["placeholder"] != markup(picture)["placeholder"]
    # in a catalog: what plain msgfmt --check says, and what the check says
    good = _po(tmp_path, "Take {card:nom}.", "Nimm {card:acc}.")
    assert markup_problems(good) == [] and msgfmt_problems(good) == []
    bad = _po(tmp_path, "Take {card:nom}.", "Nimm {card:akk}.")
    assert [p.kind for p in markup_problems(bad)] == [
        "placeholder differs from the English; missing {card:<case>}; unexpected {card:akk} "
        "({card:akk}: a case is nom, acc, dat, gen, or the same with a capital first letter "
        "to open a sentence)"
    ]
    assert msgfmt_problems(bad) == []  # msgfmt skips the entry: the case is ours to check
    shown = _po(tmp_path, "Discard {card}.", "{card:acc} abwerfen.")
    assert [p.kind for p in markup_problems(shown)] == [
        "placeholder differs from the English; missing {card}; unexpected {card:acc} (the "
        "English writes {card} without a case: it shows the card, which takes no case)"
    ]
    refused = msgfmt_problems(shown)
    assert refused and all(line.startswith(f"{shown}:") for line in refused)
    assert "not a valid Python brace format string" in refused[0]


@pytest.fixture(params=COMPLETE)
def language(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The extension's catalog of one language, loaded as the build loads it."""
    lang: str = request.param
    sphinx.locale.translators.pop(("general", CATALOG), None)
    if lang != "en":
        po = ROOT / "locale" / lang / "LC_MESSAGES" / f"{CATALOG}.po"
        mo = tmp_path / lang / "LC_MESSAGES" / f"{CATALOG}.mo"
        mo.parent.mkdir(parents=True)
        with po.open("rb") as source, mo.open("wb") as target:
            write_mo(target, read_po(source, locale=lang))
    sphinx.locale.init([str(tmp_path)], lang, CATALOG)
    yield lang
    sphinx.locale.translators.pop(("general", CATALOG), None)


def page_strings() -> dict[str, Any]:
    """What the play page sends its script to name cards: the table and the suits (the
    widgets' suit_0 to suit_3)."""
    suits = {f"suit_{suit}": suit_name(Card(1, suit)) for suit in range(4)}
    return {"card_names": definite_table(), **suits}


def card_sentences(lang: str) -> list[str]:
    """Every template of the extension's catalog in ``lang`` that names a card."""
    if lang == "en":
        path = ROOT / "locale" / f"{CATALOG}.pot"
    else:
        path = ROOT / "locale" / lang / "LC_MESSAGES" / f"{CATALOG}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=None if lang == "en" else lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        texts = message.id if lang == "en" else message.string
        for text in [texts] if isinstance(texts, str) else texts:
            if any(name in CARD_FIELDS for name, _spec in FIELD.findall(text)):
                found.append(text)
    return found


def test_every_sentence_naming_a_card_is_the_same_in_python_and_in_the_pages(
    language: str,
) -> None:
    assert shutil.which("node"), "node is missing"
    names = {code: definite_card_name(Card.parse(code)) for code in CARDS}
    templates = card_sentences(language)
    assert len(templates) > 60  # the play page's moves, advice and errors, the examples'
    cases: list[Any] = []
    expected = []
    for template in templates:
        for i in range(len(CARDS)):
            fields: dict[str, Any] = {}
            cards = {}
            for name, _spec in FIELD.findall(template):
                if name in CARD_FIELDS:
                    cards[name] = CARDS[(i + len(cards)) % len(CARDS)]
                else:
                    fields[name] = 7
            cases.append([template, fields, cards])
            text = CASES.format(template, **fields, **{k: names[c] for k, c in cards.items()})
            assert "{" not in text, (template, text)
            expected.append(text)
    result = subprocess.run(
        ["node", "-e", PROBE, "--", RENDER.as_uri()],
        input=json.dumps([page_strings(), cases]),
        capture_output=True,
        text=True,
        check=True,
    )
    filled = json.loads(result.stdout)
    assert len(filled) == len(expected)
    differ = [(c[0], py, js) for c, py, js in zip(cases, expected, filled, strict=True) if py != js]
    assert differ == []


def test_german_names_a_card_with_its_article_in_each_case(language: str) -> None:
    jack, queen, ace, ten, king = (definite_card_name(Card.parse(c)) for c in CARDS)
    said = "{0} {0:acc} {0:dat} {0:gen}"
    if language != "de":
        # no case changes a name: "the jack of clubs", « le valet de trèfle », "klöver knekt"
        for name in (jack, queen, ace, ten, king):
            assert said.format(name) == " ".join([str(name)] * 4)
        return
    assert said.format(jack) == "der Kreuz-Bube den Kreuz-Buben dem Kreuz-Buben des Kreuz-Buben"
    assert said.format(queen) == "die Herz-Dame die Herz-Dame der Herz-Dame der Herz-Dame"
    assert said.format(ace) == "das Pik-Ass das Pik-Ass dem Pik-Ass des Pik-Asses"
    assert said.format(ten) == "die Karo-Zehn die Karo-Zehn der Karo-Zehn der Karo-Zehn"
    assert said.format(king) == "der Kreuz-König den Kreuz-König dem Kreuz-König des Kreuz-Königs"
    assert f"{jack:Acc} abwerfen" == "Den Kreuz-Buben abwerfen"
    table = definite_table()
    # the page's table sends only the forms that differ from the case before
    assert table["acc"] == "|" * 10 + "den {suit}-Buben||den {suit}-König"
    assert "" not in table["dat"].split("|")
    assert table["gen"] == "des {suit}-Asses" + "|" * 10 + "des {suit}-Buben||des {suit}-Königs"


def test_the_pages_table_has_no_case_where_a_language_has_none(language: str) -> None:
    table = definite_table()
    assert len(table["nom"].split("|")) == 13
    if language != "de":
        assert set(table) == {"nom"}


@pytest.mark.parametrize("spec", ["abl", "ACC", ">10", "accusative"])
def test_an_unknown_case_is_refused_by_name(spec: str) -> None:
    name = CardName("der Kreuz-Bube", acc="den Kreuz-Buben")
    with pytest.raises(ValueError, match="unknown case"):
        format(name, spec)


# --- words that agree with a card: gender (issue 31) --------------------------------------
# A card's name changes gender with its rank (« le roi », « la dame »; „der Bube“, „die
# Dame“, „das Ass“; "kungen", "tian"), so a pronoun or participle that refers back to a card
# field is wrong for some card (« l’as de pique … la prendre »). A sentence refers back to
# the card through the noun for "card", whose gender is fixed (« cette carte … la prendre »,
# „die Karte … behält sie“, "kortet … behåller det"). Per language: the noun, the words of
# its gender (allowed once the noun is written after the first card field) and those of
# another gender (never allowed after a card field). A list of cards ({cards}) is referred
# back to in the plural, which marks no gender in these pronouns.
_VERBS_FR = r"(?:prendre|prend|prenez|garder|garde|gardez|défausser|poser|jeter|reprendre)"
_BEEN_FR = r"\b(?:être|été|est|était|sera|serait)\s+"
_VERBS_SV = r"\b(?:behåll|behåller|ta|tar|kasta|kastar|lägg|lägger|spara|sparar)\s+"
AGREEMENT: dict[str, tuple[str, re.Pattern[str], re.Pattern[str]]] = {
    "fr": (
        r"\bcartes?\b",
        re.compile(
            rf"(?<!\w)la\s+(?={_VERBS_FR}\b)|-la\b"
            rf"|{_BEEN_FR}(?:prise|jetée|posée|défaussée|ramassée|retournée|gardée)\b"
        ),
        re.compile(
            rf"(?<!\w)le\s+(?={_VERBS_FR}\b)|-le\b"
            rf"|{_BEEN_FR}(?:pris|jeté|posé|défaussé|ramassé|retourné|gardé)\b"
        ),
    ),
    "de": (r"\bKarte\b", re.compile(r"\bsie\b"), re.compile(r"\bihn\b")),
    "sv": (r"\bkort(?:et)?\b", re.compile(_VERBS_SV + r"det\b"), re.compile(_VERBS_SV + r"den\b")),
}
CARD_FIELD = re.compile(r"\{(?:" + "|".join(sorted(CARD_FIELDS - {"cards"})) + r")(?::\w+)?\}")


def catalog_messages(language: str) -> Iterator[tuple[str, Message]]:
    """Each entry of the site's and the terminal game's catalogs of ``language``, with
    the name of its file."""
    for po in (
        ROOT / "locale" / language / "LC_MESSAGES" / "ginrules_site.po",
        ROOT / "ginrules" / "locale" / language / "LC_MESSAGES" / "ginrules.po",
    ):
        with po.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            yield po.name, message


def agreement_problems(language: str, text: str) -> list[str]:
    """The words of ``text`` that agree in gender with a card field before them."""
    noun, same, other = AGREEMENT[language]
    first = CARD_FIELD.search(text)
    if first is None:
        return []
    problems = []
    for pattern, needs_noun in ((same, True), (other, False)):
        for word in pattern.finditer(text, first.end()):
            if not needs_noun or not re.search(noun, text[first.end() : word.start()]):
                problems.append(f"{word.group(0).strip()!r} after {first.group(0)}")
    return problems


def test_the_agreement_check_finds_the_faults_the_readers_found() -> None:
    assert len(agreement_problems("fr", "{card:Nom} vient d’être pris : gardez-le.")) == 2
    assert agreement_problems("fr", "{card} n’irait nulle part ; la prendre ne sert à rien.")
    assert not agreement_problems("fr", "{card} n’irait nulle part ; prendre cette carte…")
    assert not agreement_problems("fr", "avec {card}, la carte pourrait… : il la garde.")
    assert not agreement_problems("fr", "plutôt que {avoided} : l’ordinateur a pris {near}.")
    assert agreement_problems("de", "{card:Nom} passt nicht: Behalte ihn.")
    assert not agreement_problems("de", "Nimm {card:acc}: Die Karte passt, behalte sie.")
    assert agreement_problems("sv", "{card:Nom} togs nyss: behåll det.")
    assert not agreement_problems("sv", "Ta {card}: kortet passar, behåll det.")


@pytest.mark.parametrize("language", list(AGREEMENT))
def test_no_sentence_agrees_in_gender_with_a_card_field(language: str) -> None:
    """Every translation of the site's and the terminal game's catalogs, each form."""
    problems = []
    for name, message in catalog_messages(language):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in forms:
            found = agreement_problems(language, text or "")
            problems += [f"{name}: {text[:60]}…: {p}" for p in found]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", list(AGREEMENT))
def test_a_card_field_the_english_gives_a_case_has_one_in_the_translation(language: str) -> None:
    """``{card}`` for the English ``{card:nom}`` means the same, but Weblate's brace-format
    check (which reads no case) reports it as an extra placeholder: the translation writes
    ``{card:nom}`` (translating page, "Translation platforms")."""
    bare = []
    for name, message in catalog_messages(language):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        cased = {m[0] for text in ids for m in FIELD.findall(text) if m[1]} & CARD_FIELDS
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in forms:
            found = {m[0] for m in FIELD.findall(text or "") if not m[1]} & cased
            if found:
                bare.append(f"{name}: {text[:70]}…: {sorted(found)}")
    assert not bare, "\n".join(bare)


# The play page writes these labels beside a card's name (« neuf de trèfle : … »): a participle
# in them agrees with the card, so it is written with the noun for "card" (whose gender is
# fixed) or in the gender of that noun: fr « carte piochée à l'instant », never « piochée »
# alone after « le neuf de trèfle »; sv "nyss draget" (kortet), never "dragen".
BESIDE_A_CARD = ("just drawn", "just taken from the pile", "Taken by the computer")
PARTICIPLES: dict[str, re.Pattern[str]] = {
    "fr": re.compile(r"\b\w+(?:ée|ées|ise|ises)\b|\bprises?\b"),
    "sv": re.compile(r"\b(?:dragen|tagen|kastad|lagd|vald)\b"),
}


@pytest.mark.parametrize("language", list(PARTICIPLES))
def test_a_label_beside_a_card_agrees_with_the_word_card(language: str) -> None:
    noun = AGREEMENT[language][0]
    with (ROOT / "locale" / language / "LC_MESSAGES" / "ginrules_site.po").open("rb") as f:
        catalog = read_po(f)
    wrong = {}
    for msgid in BESIDE_A_CARD:
        text = catalog[msgid].string
        assert text, msgid
        if PARTICIPLES[language].search(text) and not re.search(noun, text, re.IGNORECASE):
            wrong[msgid] = text
    assert not wrong, wrong
