"""Cards in the page's language: rank letters, spoken names, markup, static files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ginrules.cards import CARDS, NOTATIONS, Card
from ginrules_site.cards_html import card_html, card_name, card_text, rank_letter

from .helpers import LOCALE

SPOKEN = {
    "en": {"TS": "ten of spades", "KH": "king of hearts", "AD": "ace of diamonds"},
    "fr": {
        "TS": "dix de pique",
        "KH": "roi de cœur",
        "AD": "as de carreau",
        "QC": "dame de trèfle",
    },
    "sv": {"TS": "spader tio", "KH": "hjärter kung", "AD": "ruter ess", "JC": "klöver knekt"},
}


def start(make_app: Any, tmp_path: Path, language: str, builder: str = "html") -> Any:
    srcdir = tmp_path / "p"
    srcdir.mkdir()
    (srcdir / "conf.py").write_text(
        f'extensions = ["ginrules_site.cards_html"]\nlocale_dirs = [{str(LOCALE)!r}]\n'
    )
    (srcdir / "index.rst").write_text("Cards\n=====\n")
    return make_app(builder, srcdir=srcdir, confoverrides={"language": language})


@pytest.mark.parametrize("language", list(SPOKEN))  # the spoken names are each language's
def test_spoken_names_and_letters(make_app: Any, tmp_path: Path, language: str) -> None:
    start(make_app, tmp_path, language)
    for code, name in SPOKEN[language].items():
        assert card_name(Card.parse(code)) == name
    ranks = NOTATIONS[language].ranks  # the letters drawn are the letters typed
    for code, letter in {"A": ranks[0], "J": ranks[10], "Q": ranks[11], "K": ranks[12]}.items():
        assert rank_letter(Card.parse(code + "S")) == letter
    assert rank_letter(Card.parse("TS")) == "10"
    names = {card_name(card) for card in CARDS}
    assert len(names) == 52


def test_markup_names_every_card_and_keeps_text_presentation(make_app: Any, tmp_path: Path) -> None:
    start(make_app, tmp_path, "fr")
    markup = card_html(Card.parse("TS"), ["gr-dead"])
    assert markup == (
        '<span class="gr-card gr-suit-s gr-dead" role="img" aria-label="dix de pique"'
        ' data-card="TS"><span class="gr-rank" aria-hidden="true">10</span>'
        '<span class="gr-suit" aria-hidden="true">♠\ufe0e</span></span>'
    )
    assert card_text(Card.parse("QH")) == "D♥\ufe0e"


def test_html_builds_ship_the_card_styles(make_app: Any, tmp_path: Path) -> None:
    app = start(make_app, tmp_path, "en")
    app.build()
    static = Path(app.outdir) / "_static"
    css = (static / "gr-cards.css").read_text(encoding="utf-8")
    assert ".gr-four-colour .gr-suit-d" in css and "@media print" in css
    assert (static / "gr-cards.js").exists()
    page = (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    assert "_static/gr-cards.css" in page
    assert "http" not in css  # no font or asset from another origin


def test_other_builders_get_no_html_assets(make_app: Any, tmp_path: Path) -> None:
    app = start(make_app, tmp_path, "en", "text")
    app.build()
    assert not (Path(app.outdir) / "_static").exists()
