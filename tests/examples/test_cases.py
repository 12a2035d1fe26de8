"""A card field's case in the terminal game (``ginrules/cases.py``): its catalogs share the
site's sentences, whose German writes ``{card:acc}``; the terminal names cards in a
notation (``B♥``), a label that takes no case, so every sentence reads with the card as it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ginrules.cards import Card
from ginrules.cases import CARD_FIELDS
from ginrules.cli.game import LANGUAGES, Voice
from ginrules.rules import find_variant

LOCALE = Path(__file__).resolve().parents[2] / "ginrules" / "locale"
FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_terminal_sentence_with_a_card_reads_its_notation(lang: str) -> None:
    say = Voice(lang, find_variant("standard"))
    jack = say.card(Card.parse("JH"))
    with (LOCALE / lang / "LC_MESSAGES" / "ginrules.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    cased = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        fields = [field for text in texts for field in FIELD.findall(text)]
        if not any(name in CARD_FIELDS for name, _case in fields):
            continue
        cased += any(case for name, case in fields if name in CARD_FIELDS)
        values = {name: jack if name in CARD_FIELDS else 7 for name, _case in fields}
        if isinstance(message.id, str):
            said = [say(message.id, **values)]
        else:
            said = [say.plural(*message.id, n, **values) for n in (1, 2)]
        for text in said:
            assert jack in text and "{" not in text, (message.id, text)
    if lang == "de":
        assert cased > 20  # „Nimm {card:acc}“: the site's German, read as „Nimm B♥“
    assert say("You take {card:nom}.", card=jack).endswith(f"{jack}.")
