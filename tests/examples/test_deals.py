"""Deal logs and statistics: played and measured by the engine while the page is built."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import ginrules_site.directives.deals
from ginrules.deal import Deal
from ginrules.match import score_sheet
from ginrules.players import GoodPlayer, play_deal, play_match
from ginrules.players.duels import simulate
from ginrules.rules import STANDARD, STRAIGHT

from .helpers import build, build_failing, write_project


def deal_block(variant: str, seed: int, **options: object) -> str:
    extra = "".join(f":{k.replace('_', '-')}: {v}\n" for k, v in options.items())
    return f"```{{gin-deal-log}}\n:variant: {variant}\n:seed: {seed}\n{extra}```\n\n"


def stat_block(variant: str, measure: str, deals: int, **options: object) -> str:
    extra = "".join(f":{k.replace('_', '-')}: {v}\n" for k, v in options.items())
    return (
        f"```{{gin-statistic}}\n:variant: {variant}\n:measure: {measure}\n"
        f":deals: {deals}\n{extra}```\n\n"
    )


def engine_deal(rules: Any, seed: int) -> Deal:
    deal = Deal.new(rules, seed=seed, dealer=0)
    play_deal(deal, (GoodPlayer(seed), GoodPlayer(seed + 1)))
    return deal


def first_seed(rules: Any, want: str) -> int:
    for seed in range(500):
        result = engine_deal(rules, seed).result
        assert result is not None
        if result.outcome == want:
            return seed
    raise AssertionError(f"no {want} deal in 500 seeds")


def project(tmp_path: Path, body: str) -> Path:
    return write_project(tmp_path / "p", body)


def text_of(app: Any) -> str:
    return (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")


def test_deal_log_replays_the_engines_deal_turn_by_turn(make_app: Any, tmp_path: Path) -> None:
    seed = first_seed(STRAIGHT, "dead")
    deal = engine_deal(STRAIGHT, seed)
    assert deal.result is not None
    body = deal_block("straight", seed, outcome="dead", turns=deal.result.turns)
    app = build(make_app, project(tmp_path, body), "html")
    html = (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    items = re.findall(r'<p class="gr-summary gr-log-(turn|event)">(.*?)</p>', html, re.S)
    discards = [e for e in deal.log if e.get("type") in ("discard", "knock", "gin")]
    passes = [e for e in deal.log if e.get("type") == "pass"]
    assert len([k for k, _t in items if k == "turn"]) == len(discards) + len(passes)
    assert [k for k, _t in items].count("event") == 1
    for (_kind, text), entry in zip(
        [i for i in items if i[0] == "turn" and "refuses" not in i[1]], discards, strict=True
    ):
        assert f'data-card="{entry["card"]}"' in text
    assert "The deal is dead: nobody scores." in html


def test_stock_end_focus_and_showdown_in_french(make_app: Any, tmp_path: Path) -> None:
    seed = first_seed(STANDARD, "knock")
    deal = engine_deal(STANDARD, seed)
    assert deal.result is not None and deal.result.showdown is not None
    body = deal_block("standard", seed, outcome="knock", reshuffles=0)
    text = text_of(build(make_app, project(tmp_path, body), "text", language="fr"))
    if len(deal.result.showdown.terms) == 1:  # a knock won by the difference alone
        assert f"Marque\u202f: différence {deal.result.points}\n" in text
    else:
        assert f" = {deal.result.points}" in text
    assert "Joueur A" in text and "pioche" in text and "Player" not in text


def test_a_wrong_deal_claim_stops_the_build(make_app: Any, tmp_path: Path) -> None:
    seed = first_seed(STRAIGHT, "dead")
    srcdir = project(tmp_path, "Text.\n\n" + deal_block("straight", seed, outcome="gin"))
    output = build_failing(make_app, srcdir, "html")
    assert f"{srcdir / 'index.md'}:5: ERROR: gin-deal-log claims outcome gin, the engine" in output


def test_focus_on_the_stock_end_needs_one(make_app: Any, tmp_path: Path) -> None:
    seed = first_seed(STANDARD, "knock")
    srcdir = project(tmp_path, deal_block("standard", seed, focus="stock-end"))
    output = build_failing(make_app, srcdir, "html")
    assert f"{srcdir / 'index.md'}:3: ERROR: gin-deal-log: the stock never runs out" in output


def test_statistic_prints_the_simulated_share_and_caches_it(
    make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = simulate(STRAIGHT, 120, seed=1)
    calls: list[int] = []

    def counting(*args: Any, **kwargs: Any) -> dict[str, Any]:
        calls.append(1)
        return simulate(*args, **kwargs)

    monkeypatch.setattr(ginrules_site.directives.deals, "simulate", counting)
    srcdir = project(tmp_path, stat_block("straight", "dead", 120))
    text = text_of(build(make_app, srcdir, "text"))
    share = f"{100 * expected['dead'] / 120:.1f}%"
    assert f"{share} ({expected['dead']} of 120 deals)" in text
    assert "120 deals played" in text
    assert calls == [1]
    assert list((srcdir / "_cache").glob("simulate-*.json"))
    # Another language, another build: the cache answers.
    swedish = text_of(build(make_app, srcdir, "text", language="sv"))
    assert calls == [1]
    assert share.replace(".", ",").replace("%", "\xa0%") in swedish


def test_a_statistic_claim_is_checked(make_app: Any, tmp_path: Path) -> None:
    srcdir = project(tmp_path, stat_block("standard", "reshuffled", 50, at_least=50))
    output = build_failing(make_app, srcdir, "text")
    assert f"{srcdir / 'index.md'}:3: ERROR: gin-statistic claims at least 50" in output


def test_score_sheet_rows_are_the_engines(make_app: Any, tmp_path: Path) -> None:
    rules = STANDARD
    sheet, _deals = play_match(
        rules, (GoodPlayer(1), GoodPlayer(2)), seed=1, sheet=score_sheet(rules, "hollywood")
    )
    winner = {0: "A", 1: "B", None: "draw"}[sheet.winner]
    body = (
        "```{gin-score-sheet}\n:variant: standard\n:scheme: hollywood\n:seed: 1\n"
        f":winner: {winner}\n:deals: {len(sheet.results)}\n```\n"
    )
    app = build(make_app, project(tmp_path, body), "html", language="fr")
    html = (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    table = html.split('<table class="gr-sheet')[1].split("</table>")[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
    assert len(rows) == len(sheet.rows)
    for row, line in zip(rows, sheet.rows, strict=True):
        cells = re.findall(r"<p>(.*?)</p>", row, re.S)
        if line.kind != "entered":
            assert cells[2:] == [str(line.game), str(line.totals[0]), str(line.totals[1])]
            continue
        # an entered row names the games the deal went to, and each one's score after the
        # deal (the engine's row of that game in that deal), never the games added up
        games = line.detail["games"]
        after = {
            r.game: r.totals for r in sheet.rows if r.kind != "entered" and r.deal == line.deal
        }
        assert set(games) <= set(after)
        seat = [", ".join(str(after[n][i]) for n in games) for i in (0, 1)]
        assert cells[2:] == [", ".join(map(str, games)), *seat]
    entered = [r for r in sheet.rows if r.kind == "entered"]
    assert len(entered) == sum(r.winner is not None for r in sheet.results)
    a, b = sheet.totals
    assert f"joueur A {a}, joueur B {b}" in html
