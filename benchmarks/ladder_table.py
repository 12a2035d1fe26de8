"""BENCHMARKS.md's ladder tables, from the ladder's JSON (``benchmarks/players.py --json``).

BENCHMARKS.md holds the tables between ``<!-- ladder:start -->`` and ``<!-- ladder:end -->``:
a table per variant, each level of the play page against the beginner (the EAAI
baseline) and against the camper, the share of games won, its 95 % interval and the
games. ``--write`` puts the tables from the JSON into BENCHMARKS.md; without it the
script prints them and exits with 1 when those of BENCHMARKS.md differ
(``tests/site/test_ladder.py`` checks the same).

Usage: ``python benchmarks/ladder_table.py [--write] [--json PATH] [--readme PATH]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
JSON = ROOT / "ginrules_site" / "data" / "ladder.json"
DOC = ROOT / "BENCHMARKS.md"
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
LEVELS = {"beginner": "beginner", "good": "good", "camper": "camper", "expert": "expert"}
VARIANTS = {
    "standard": "Standard (EAAI scoring, a game to 100)",
    "straight": "Straight Gin",
    "oklahoma": "Oklahoma",
    "french": "Gin Rami (one manche)",
}


def _figure(row: dict[str, Any] | None) -> str:
    if row is None:
        return "— | — | —"
    low, high = row["ci95"]
    return f"{_pc(row['win_rate'])} | {_pc(low)}–{_pc(high)} | {row['games']:,}"


def _pc(share: float) -> str:
    """A share to a tenth of a percent, halves to even as the play page's figures (Babel)."""
    tenths = (Decimal(str(share)) * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_EVEN)
    return f"{tenths} %"


def tables(data: dict[str, Any]) -> str:
    """The block of BENCHMARKS.md (without its markers)."""
    lines = [
        f"Measured on {data['date']} (commit {', '.join(data['commits'])}), seed {data['seed']}.",
    ]
    for variant in [name for name in VARIANTS if name in data["variants"]]:
        figures = data["variants"][variant]
        lines += [
            "",
            f"**{VARIANTS[variant]}**",
            "",
            "| level | vs beginner | 95 % interval | games | vs camper | 95 % interval | games |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for level, name in LEVELS.items():
            mine = figures.get(level, {})
            lines.append(
                f"| {name} | {_figure(mine.get('beginner'))} | {_figure(mine.get('camper'))} |"
            )
    return "\n".join(lines)


def readme_block(text: str) -> str:
    """The block between the markers in the text of BENCHMARKS.md."""
    return text.split(START, 1)[1].split(END, 1)[0].strip("\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, default=JSON)
    parser.add_argument("--readme", type=Path, default=DOC)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    block = tables(json.loads(args.json.read_text(encoding="utf-8")))
    text = args.readme.read_text(encoding="utf-8")
    if args.write:
        before, rest = text.split(START, 1)
        after = rest.split(END, 1)[1]
        args.readme.write_text(f"{before}{START}\n{block}\n{END}{after}", encoding="utf-8")
        return
    print(block)
    sys.exit(0 if readme_block(text) == block else 1)


if __name__ == "__main__":
    main()
