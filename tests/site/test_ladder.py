"""The ladder of the computer's levels, as measured (``ginrules_site/data/ladder.json``,
written by ``benchmarks/players.py --json``), is what BENCHMARKS.md and the play page show:
every figure, its 95 % interval and its games, in every language's way of writing numbers."""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path
from typing import Any

import pytest
from babel.numbers import parse_decimal
from bs4 import BeautifulSoup

from ginrules.languages import LANGUAGES
from ginrules_site.directives.deals import number_locale, percent

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "ginrules_site" / "data" / "ladder.json").read_text("utf-8"))
LEVELS = ("beginner", "good", "camper", "expert")
OPPONENTS = ("beginner", "camper")
HALF_TENTH = 0.0005 + 1e-9  # a share shown to a tenth of a percent, rounded either way


def test_the_benchmarks_tables_are_the_json() -> None:
    script = runpy.run_path(str(ROOT / "benchmarks" / "ladder_table.py"))
    readme = (ROOT / "BENCHMARKS.md").read_text("utf-8")
    assert script["readme_block"](readme) == script["tables"](DATA)
    # every share rounds as on the play page: BENCHMARKS.md and the page show the same tenths
    shares = [
        share
        for variant in DATA["variants"].values()
        for rows in variant.values()
        for row in rows.values()
        if row
        for share in (row["win_rate"], *row["ci95"])
    ]
    assert len(shares) > 30
    for share in shares:
        assert script["_pc"](share).replace(" ", "") == percent(share, "en"), share


def test_the_json_holds_every_figure_of_the_levels() -> None:
    """Each level against each opponent in every variant, but itself, in mirrored pairs
    (an even number of games); the expert against the camper under standard rules on at
    least 3,000 games."""
    assert sorted(DATA["variants"]) == sorted(["standard", "straight", "oklahoma", "french"])
    for variant, figures in DATA["variants"].items():
        for level in LEVELS:
            for opponent in OPPONENTS:
                row = figures.get(level, {}).get(opponent)
                assert (row is None) == (level == opponent), (variant, level, opponent)
                if row is None:
                    continue
                low, high = row["ci95"]
                assert low <= row["win_rate"] <= high
                assert row["games"] > 0 and row["games"] % 2 == 0
                assert row["won"] + row["lost"] <= row["games"]
                assert row["win_rate"] == pytest.approx(row["won"] / row["games"], abs=1e-4)
    assert DATA["variants"]["standard"]["expert"]["camper"]["games"] >= 3000


def _share(text: str, locale: str) -> float:
    digits = text.replace("%", "").replace("\xa0", "").replace("\u202f", "").strip()
    return float(parse_decimal(digits, locale=locale)) / 100


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_play_page_tables_are_the_json(site: Path, lang: str) -> None:
    locale = number_locale(lang)
    soup = BeautifulSoup((site / lang / "play.html").read_text("utf-8"), "html.parser")
    ladder = soup.select_one(".gr-ladder")
    assert ladder is not None
    # when, from which commit and on which deals (the seed that reproduces them)
    measured = [p.get_text() for p in ladder.select("p") if DATA["commits"][0] in p.get_text()]
    assert len(measured) == 1, measured
    assert all(commit in measured[0] for commit in DATA["commits"])
    assert re.search(rf"\b{DATA['seed']}\b", measured[0]), measured[0]
    for variant, figures in DATA["variants"].items():
        table = ladder.select_one(f"#gr-ladder-{variant} table")
        assert table is not None, variant
        rows = table.select("tbody tr")
        assert len(rows) == len(LEVELS)
        for level, row in zip(LEVELS, rows, strict=True):
            cells = [td.get_text(strip=True) for td in row.select("td")][1:]
            for opponent, (won, interval, games) in zip(
                OPPONENTS, (cells[0:3], cells[3:6]), strict=True
            ):
                figure: dict[str, Any] | None = figures.get(level, {}).get(opponent)
                if figure is None:
                    assert [won, interval, games] == ["—"] * 3
                    continue
                assert _share(won, locale) == pytest.approx(figure["win_rate"], abs=HALF_TENTH)
                low, high = (_share(part, locale) for part in interval.split("–"))
                assert [low, high] == pytest.approx(figure["ci95"], abs=HALF_TENTH)
                count = parse_decimal(games.replace("\xa0", " "), locale=locale)
                assert int(count) == figure["games"]
