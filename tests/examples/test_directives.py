"""The example directives print the engine's numbers, in every language, or stop the build."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ginrules import CARDS, NOTATIONS, parse_hand
from ginrules.going_out import check_going_out
from ginrules.languages import LANGUAGES as LANGUAGE_TABLE
from ginrules.melds import best_arrangement, best_discards
from ginrules.rules import (
    CLASSIC,
    FRENCH,
    OKLAHOMA,
    PRESETS,
    STANDARD,
    STRAIGHT,
    find_variant,
    options,
)
from ginrules.showdown import showdown
from ginrules_site.directives.examples import APPLIES

from .helpers import build, build_failing, parse_examples, write_project

HANDS = [
    "7H 8H 9H KS KH KD 2C 5D AS 3C",
    "AS 2S 3S 4S 5H 5D 5C 9C TC JC",
    "QH KH AH 2H 7S 7D 7C 4D 9S JD",
    "2C 3D 4H 6S 8C TD JH QS KC 9H",
]
SHOWDOWN = {
    "knocker": "7H 8H 9H KS KH KD AC 2C 3C 4D",
    "defender": "TH JH 5S 5C 5D QS QC 2D 3S 9S",
}

# The languages of ginrules.languages whose translation is complete (the source first).
COMPLETE = [code for code, language in LANGUAGE_TABLE.items() if language.complete]


def hand_block(cards: str, variant: str = "standard", **claims: object) -> str:
    options = "".join(f":{k.replace('_', '-')}: {v}\n" for k, v in claims.items())
    return f"```{{gin-hand}} {cards}\n:variant: {variant}\n{options}```\n\n"


def showdown_block(variant: str = "standard", upcard: str | None = None, **claims: object) -> str:
    options = f":knocker: {SHOWDOWN['knocker']}\n:defender: {SHOWDOWN['defender']}\n"
    options += f":variant: {variant}\n"
    if upcard:
        options += f":upcard: {upcard}\n"
    options += "".join(f":{k.replace('_', '-')}: {v}\n" for k, v in claims.items())
    return f"```{{gin-showdown}}\n{options}```\n\n"


def html_of(app: Any) -> str:
    return (Path(app.outdir) / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", COMPLETE)
def test_hands_show_the_engines_melds_and_deadwood(
    make_app: Any, tmp_path: Path, language: str
) -> None:
    variants = [STANDARD, FRENCH, STRAIGHT]
    body = "".join(hand_block(h, r.name) for h in HANDS for r in variants)
    app = build(make_app, write_project(tmp_path / "p", body), language=language)
    examples = parse_examples(html_of(app))
    assert len(examples) == len(HANDS) * len(variants)
    for example, (hand, rules) in zip(
        examples, [(h, r) for h in HANDS for r in variants], strict=True
    ):
        cards = parse_hand(hand)
        arrangement = best_arrangement(cards, rules)
        assert example["variant"] == rules.name
        melds = [g["cards"] for g in example["groups"] if "gr-meld" in g["classes"]]
        assert melds == [[c.code for c in m.cards] for m in arrangement.melds]
        dead = [g["cards"] for g in example["groups"] if "gr-deadwood" in g["classes"]]
        assert dead == ([[c.code for c in arrangement.unmatched]] if arrangement.unmatched else [])
        total = example["lines"]["gr-deadwood-total"][0]
        assert total.endswith(f" {arrangement.deadwood}"), total
        going = check_going_out(cards, rules)
        assert going.allowed == (
            "May not" not in example["lines"]["gr-going-out"][0]
            if language == "en"
            else going.allowed
        )


def test_many_random_hands_agree_with_the_engine(make_app: Any, tmp_path: Path) -> None:
    rng = random.Random(5)
    hands = [" ".join(c.code for c in rng.sample(CARDS, rng.choice((10, 11)))) for _ in range(60)]
    body = "".join(hand_block(h) for h in hands)
    examples = parse_examples(html_of(build(make_app, write_project(tmp_path / "p", body))))
    for example, hand in zip(examples, hands, strict=True):
        cards = parse_hand(hand)
        if len(cards) == 11:
            deadwood = best_discards(cards)[0].arrangement.deadwood
        else:
            deadwood = best_arrangement(cards).deadwood
        assert example["lines"]["gr-deadwood-total"][0].endswith(f" {deadwood}")


def test_eleven_cards_show_the_best_discard(make_app: Any, tmp_path: Path) -> None:
    hand = "7H 8H 9H KS KH KD 2C 5D AS 3C QC"
    choices = best_discards(parse_hand(hand))
    body = hand_block(hand, deadwood=choices[0].arrangement.deadwood)
    (example,) = parse_examples(html_of(build(make_app, write_project(tmp_path / "p", body))))
    discard = [g for g in example["groups"] if "gr-discard" in g["classes"]]
    assert discard[0]["cards"] == [d.discard.code for d in choices if d.discard]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["ten of hearts", "jack of hearts", "king of spades", "ace of clubs"]),
        ("fr", ["dix de cœur", "valet de cœur", "roi de pique", "as de trèfle"]),
        ("sv", ["hjärter tio", "hjärter knekt", "spader kung", "klöver ess"]),
    ],
)
def test_cards_have_spoken_names_and_rank_letters(
    make_app: Any, tmp_path: Path, language: str, expected: list[str]
) -> None:
    body = hand_block("TH JH KS AC")
    html = html_of(build(make_app, write_project(tmp_path / "p", body), language=language))
    (example,) = parse_examples(html)
    assert sorted(example["names"]) == sorted(expected)
    ranks = NOTATIONS[language].ranks  # the jack, the king and the ace of the notation
    letters = (ranks[10], ranks[12], ranks[0])
    for letter in letters:
        assert f'<span class="gr-rank" aria-hidden="true">{letter}</span>' in html
    assert "♥\ufe0e" in html and "♠\ufe0e" in html


@pytest.mark.parametrize("language", COMPLETE)
@pytest.mark.parametrize(("rules", "upcard"), [(STANDARD, None), (OKLAHOMA, "5S"), (FRENCH, None)])
def test_showdown_shows_the_engines_score_terms(
    make_app: Any, tmp_path: Path, language: str, rules: Any, upcard: str | None
) -> None:
    knocker, defender = parse_hand(SHOWDOWN["knocker"]), parse_hand(SHOWDOWN["defender"])
    up = parse_hand(upcard)[0] if upcard else None
    result = showdown(knocker, defender, rules, up)
    body = showdown_block(
        rules.name,
        upcard,
        outcome=result.outcome.replace("_", "-"),
        points=result.points,
        winner=result.winner,
        layoffs=len(result.layoffs),
    )
    app = build(make_app, write_project(tmp_path / "p", body), language=language)
    (example,) = parse_examples(html_of(app))
    line = example["lines"]["gr-scoreline"][0]
    values = [str(t.value) for t in result.terms]
    tail = f" = {result.points}" if len(result.terms) > 1 else f" {result.points}"
    assert line.endswith(tail) and line.count(" = ") == (len(result.terms) > 1), line
    for value in values:
        assert f" {value}" in line
    laid_off = [g["cards"] for g in example["groups"] if "gr-layoff" in g["classes"]]
    assert laid_off == ([[lo.card.code for lo in result.layoffs]] if result.layoffs else [])
    spread = [g["cards"] for g in example["groups"] if "gr-meld" in g["classes"]]
    assert spread[: len(result.spread.melds)] == [
        [c.code for c in m.cards] for m in result.spread.melds
    ]


def test_score_line_reads_term_by_term_in_english(make_app: Any, tmp_path: Path) -> None:
    knocker, defender = parse_hand(SHOWDOWN["knocker"]), parse_hand(SHOWDOWN["defender"])
    result = showdown(knocker, defender)
    (example,) = parse_examples(
        html_of(build(make_app, write_project(tmp_path / "p", showdown_block())))
    )
    labels = {
        "difference": "difference",
        "undercut_bonus": "undercut bonus",
        "opponent_deadwood": "opponent's deadwood",
        "gin_bonus": "gin bonus",
    }
    expected = " + ".join(f"{labels[t.code]} {t.value}" for t in result.terms)
    if len(result.terms) > 1:
        expected += f" = {result.points}"
    assert example["lines"]["gr-scoreline"][0] == f"Score: {expected}"


def test_a_score_of_one_term_is_not_summed(make_app: Any, tmp_path: Path) -> None:
    """A knock scored by the difference alone reads "Score: difference 50", not "= 50"."""
    result = showdown(parse_hand(SHOWDOWN["knocker"]), parse_hand(SHOWDOWN["defender"]))
    assert [t.code for t in result.terms] == ["difference"]
    (example,) = parse_examples(
        html_of(build(make_app, write_project(tmp_path / "p", showdown_block())))
    )
    assert example["lines"]["gr-scoreline"][0] == f"Score: difference {result.points}"


@pytest.mark.parametrize(
    ("block", "words"),
    [
        (hand_block(HANDS[0], deadwood=99), ["gin-hand claims deadwood 99, the engine computes"]),
        (hand_block(HANDS[0], going_out="gin"), ["gin-hand claims going-out gin, the engine"]),
        (hand_block(HANDS[0] + " QC", discard="7H"), ["claims the best discard is 7H"]),
        (showdown_block(points=999), ["gin-showdown claims points 999, the engine computes"]),
        (showdown_block(outcome="gin"), ["gin-showdown claims outcome gin, the engine"]),
        (hand_block("7H 8H 1Z"), ["gin-hand: ", "1Z"]),
        (hand_block("7H 7H 8H"), ["gin-hand: ", "duplicate", "7H"]),
        (hand_block("7H 8H 9H", "no-such-variant"), ["gin-hand: ", "no-such-variant"]),
    ],
)
def test_a_wrong_claim_fails_the_build_with_one_line_naming_page_and_line(
    make_app: Any, tmp_path: Path, block: str, words: list[str]
) -> None:
    srcdir = write_project(tmp_path / "p", "Some text.\n\n" + block)
    output = build_failing(make_app, srcdir)
    errors = [line for line in output.splitlines() if "ERROR" in line]
    assert len(errors) == 1, output
    assert errors[0].startswith(f"{srcdir / 'index.md'}:5: ERROR: "), output
    for word in words:
        assert word in errors[0]


def test_plain_sphinx_build_exits_non_zero_without_a_crash_report(tmp_path: Path) -> None:
    """Without -W too: one error line on stderr and a non-zero exit status."""
    body = "Text.\n\n" + hand_block(HANDS[0], deadwood=99) + hand_block(HANDS[1])
    srcdir = write_project(tmp_path / "p", body)
    for extra in ([], ["-W", "--keep-going"]):
        run = subprocess.run(
            [sys.executable, "-m", "sphinx", "-q", "-N", *extra, str(srcdir), str(tmp_path / "o")],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode != 0, run.stderr
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, run.stderr
        assert lines[0].startswith(f"{srcdir / 'index.md'}:5: ERROR: gin-hand claims deadwood 99")
        assert "Traceback" not in run.stderr + run.stdout
        # The other example on the page is still built.
        html = (tmp_path / "o" / "index.html").read_text(encoding="utf-8")
        assert len(parse_examples(html)) == 1


def test_claims_that_agree_pass(make_app: Any, tmp_path: Path) -> None:
    cards = parse_hand(HANDS[0])
    arrangement = best_arrangement(cards)
    going = check_going_out(cards)
    claim = going.kind.replace("_", "-") if going.allowed and going.kind else "no"
    body = hand_block(HANDS[0], deadwood=arrangement.deadwood, going_out=claim)
    build(make_app, write_project(tmp_path / "p", body))


def test_compare_table_lists_every_knob_that_differs(make_app: Any, tmp_path: Path) -> None:
    others = [name for name in PRESETS if name != "standard"]
    body = "".join(f"```{{gin-compare}} standard {name}\n```\n\n" for name in others)
    html = html_of(build(make_app, write_project(tmp_path / "p", body)))
    tables = html.split('<table class="gr-compare')[1:]
    assert len(tables) == len(others)
    for table, name in zip(tables, others, strict=True):
        rules = PRESETS[name]
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("</table>")[0], re.S)
        cells = [re.findall(r"<p>(.*?)</p>", row, re.S) for row in rows]
        knob_rows = {c[0]: c[1:] for c in cells[1:] if len(c) == 3}
        a, b = STANDARD.to_dict(), rules.to_dict()
        both = [
            k
            for k in a
            if k not in ("name", "aliases")
            and a[k] != b[k]
            and (k not in APPLIES or (APPLIES[k](STANDARD) and APPLIES[k](rules)))
        ]
        # every knob that differs and applies to both presets has its row
        assert len(knob_rows) >= len(both) > 0
        if rules.ace_value != STANDARD.ace_value:
            assert knob_rows["Value of an ace"] == [str(STANDARD.ace_value), str(rules.ace_value)]
        if rules.undercut_bonus != STANDARD.undercut_bonus and not rules.gin_only:
            assert knob_rows["Undercut bonus"] == [
                str(STANDARD.undercut_bonus),
                str(rules.undercut_bonus),
            ]
        if rules.gin_only:
            assert knob_rows["Knocking"] == ["allowed", "not allowed: gin only"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_compare_table_with_the_classic_school(
    make_app: Any, tmp_path: Path, language: str
) -> None:
    body = "```{gin-compare} standard classic\n```\n"
    html = html_of(build(make_app, write_project(tmp_path / "p", body), language=language))
    table = html.split('<table class="gr-compare')[1].split("</table>")[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    cells = [re.findall(r"<p>(.*?)</p>", row, re.S) for row in rows]
    values = [c[1:] for c in cells[1:] if len(c) == 3]
    for knob in ("gin_bonus", "undercut_bonus", "line_bonus"):
        assert [str(getattr(STANDARD, knob)), str(getattr(CLASSIC, knob))] in values
    # The shutout: doubled in standard, a game bonus of 200 in the classic school.
    assert any(v[1] == str(CLASSIC.shutout_game_bonus) for v in values)
    assert len(values) == 6  # five knobs, then the other options (the same in both)


@pytest.mark.parametrize("language", ["en", "sv"])
def test_rule_role_prints_the_presets_numbers(make_app: Any, tmp_path: Path, language: str) -> None:
    body = (
        "Knock with {gin-rule}`standard.knock_max_deadwood` or less; gin pays "
        "{gin-rule}`gin-rami.big_gin_bonus` for a grand gin and "
        "{gin-rule}`classic.undercut_bonus` for a classic undercut.\n"
    )
    html = html_of(build(make_app, write_project(tmp_path / "p", body), language=language))
    shown = re.findall(r'<span class="gr-rule">(\d+)</span>', html)
    expected = [STANDARD.knock_max_deadwood, FRENCH.big_gin_bonus, CLASSIC.undercut_bonus]
    assert shown == [str(v) for v in expected]


@pytest.mark.parametrize(
    ("role", "words"),
    [
        ("{gin-rule}`standard.no_such_knob`", "standard has no number named 'no_such_knob'"),
        ("{gin-rule}`standard.stock_end`", "standard has no number named 'stock_end'"),
        ("{gin-rule}`french.knock_max_deadwood`", "french has no number"),
        ("{gin-rule}`canasta.gin_bonus`", "canasta"),
    ],
)
def test_a_wrong_rule_role_fails_the_build(
    make_app: Any, tmp_path: Path, role: str, words: str
) -> None:
    srcdir = write_project(tmp_path / "p", f"Text.\n\nThe bonus is {role}.\n")
    output = build_failing(make_app, srcdir)
    assert f"{srcdir / 'index.md'}:5: ERROR: gin-rule: " in output, output
    assert words in output


def test_text_builder_gets_plain_cards(make_app: Any, tmp_path: Path) -> None:
    body = hand_block(HANDS[0]) + showdown_block() + "```{gin-compare} standard straight\n```\n"
    app = build(make_app, write_project(tmp_path / "p", body), "text")
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    deadwood = best_arrangement(parse_hand(HANDS[0])).deadwood
    assert f"= {deadwood}" in text
    assert "Run: 7♥\ufe0e 8♥\ufe0e 9♥\ufe0e" in text
    assert "Score: " in text
    assert "Straight Gin" in text


def test_latex_builder_gets_suit_symbols(make_app: Any, tmp_path: Path) -> None:
    body = hand_block(HANDS[0]) + showdown_block()
    app = build(make_app, write_project(tmp_path / "p", body), "latex")
    tex = next(Path(app.outdir).glob("*.tex")).read_text(encoding="utf-8")
    assert r"7\(\heartsuit\)" in tex
    assert "♥" not in tex


@pytest.mark.parametrize(("builder", "pattern"), [("man", "*.1"), ("texinfo", "*.texi")])
def test_other_builders_get_plain_text(
    make_app: Any, tmp_path: Path, builder: str, pattern: str
) -> None:
    body = hand_block(HANDS[0]) + showdown_block()
    app = build(make_app, write_project(tmp_path / "p", body), builder)
    out = next(Path(app.outdir).glob(pattern)).read_text(encoding="utf-8")
    deadwood = best_arrangement(parse_hand(HANDS[0])).deadwood
    assert f"= {deadwood}" in out
    assert "Score: " in out


FIRST = "7H 8H 9H 7S 7D 7C 2C 3C 4C 9D"


def caption_block(cards: str, caption: str, **claims: object) -> str:
    return hand_block(cards, "straight", **claims)[: -len("```\n\n")] + f"\n{caption}\n```\n\n"


# The drawn card, the discard (accusative, then nominative with a capital), the deadwood;
# then the drawn queen of a second hand, in the accusative, the dative and the genitive.
ROLE_NAMES = {
    "en": ["the five of clubs", "the nine of diamonds", "The nine of diamonds", "0"]
    + 3 * ["the queen of clubs"],
    "fr": ["le cinq de trèfle", "le neuf de carreau", "Le neuf de carreau", "0"]
    + 3 * ["la dame de trèfle"],
    "sv": ["klöver fem", "ruter nio", "Ruter nio", "0"] + 3 * ["klöver dam"],
    "de": [
        *("die Kreuz-Fünf", "die Karo-Neun", "Die Karo-Neun", "0"),
        *("die Kreuz-Dame", "der Kreuz-Dame", "der Kreuz-Dame"),
    ],
}


@pytest.mark.parametrize("language", list(ROLE_NAMES))
def test_the_example_role_prints_the_engines_cards_and_numbers(
    make_app: Any, tmp_path: Path, language: str
) -> None:
    """The prose of a caption names the drawn card, the discard and the deadwood from the
    engine, in the page's language, each card with its article in the case the sentence
    gives it (French « la dame », German „der Kreuz-Dame“ after a dative)."""
    body = (
        hand_block(FIRST, "straight")
        + caption_block(
            FIRST + " 5C",
            "Drew {gin-example}`drawn:acc`, discards {gin-example}`discard:acc`. "
            "{gin-example}`discard:Nom` goes, deadwood {gin-example}`deadwood`.",
            drawn="5C",
        )
        + hand_block(FIRST, "straight")
        + caption_block(
            FIRST + " QC",
            "Took {gin-example}`drawn:acc`, with {gin-example}`drawn:dat`,"
            " instead of {gin-example}`drawn:gen`.",
            drawn="QC",
        )
    )
    html = html_of(build(make_app, write_project(tmp_path / "p", body), language=language))
    assert re.findall(r'<span class="gr-fact">([^<]*)</span>', html) == ROLE_NAMES[language]
    best = best_discards(parse_hand(FIRST + " 5C"), STRAIGHT)
    assert [d.discard.code for d in best if d.discard] == ["9D"]


def test_the_example_role_in_a_showdown_prints_its_score(make_app: Any, tmp_path: Path) -> None:
    body = showdown_block()[: -len("```\n\n")] + "\nScores {gin-example}`points`.\n```\n"
    html = html_of(build(make_app, write_project(tmp_path / "p", body)))
    result = showdown(SHOWDOWN["knocker"], SHOWDOWN["defender"], STANDARD)
    assert re.findall(r'<span class="gr-fact">([^<]*)</span>', html) == [str(result.points)]


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        # the Straight Gin fault: a next hand that discards a card the first never held
        (
            hand_block(FIRST, "straight")
            + hand_block("7H 8H 9H 7S 7D 7C 2C 3C 4C 5C KS", "straight", drawn="5C"),
            9,
            "claims this hand is the previous one after drawing 5C",
        ),
        (hand_block(FIRST, drawn="5C"), 5, "needs a gin-hand before it"),
        (caption_block(FIRST, "Discard {gin-example}`discard:acc`."), 8, "has no 'discard'"),
        # a card with no case: its article and form depend on the sentence
        (
            hand_block(FIRST)
            + caption_block(FIRST + " 5C", "Drew {gin-example}`drawn`.", drawn="5C"),
            13,
            "'drawn' is a card, named with its article in the case the sentence needs",
        ),
        (
            hand_block(FIRST)
            + caption_block(FIRST + " 5C", "Drew {gin-example}`drawn:akk`.", drawn="5C"),
            13,
            "unknown case 'akk' in drawn:akk",
        ),
        ("A {gin-example}`deadwood` outside.\n", 5, "gin-example: this place has no"),
        (showdown_block(laid_off="TH"), 5, "claims the cards laid off are TH"),
        # a caption that names a card its example does not hold
        (caption_block(FIRST, "Then discard the king of spades."), 8, "names the king of spades"),
    ],
)
def test_prose_that_disagrees_with_the_engine_fails_the_build(
    make_app: Any, tmp_path: Path, body: str, line: int, words: str
) -> None:
    srcdir = write_project(tmp_path / "p", "Some text.\n\n" + body)
    output = build_failing(make_app, srcdir)
    errors = [e for e in output.splitlines() if "ERROR" in e]
    assert len(errors) == 1, output
    assert errors[0].startswith(f"{srcdir / 'index.md'}:{line}: ERROR: "), output
    assert words in errors[0], output


def test_laid_off_claims_pass_when_right(make_app: Any, tmp_path: Path) -> None:
    caption = "\nThe ten of hearts, then the jack of hearts, go onto the run.\n```\n"
    body = showdown_block(laid_off="TH JH")[: -len("```\n\n")] + caption
    build(make_app, write_project(tmp_path / "p", body))


def compare_rows(html: str) -> list[dict[str, list[str]]]:
    """Each comparison table of the page: its rows by label."""
    tables = []
    for table in html.split('<table class="gr-compare')[1:]:
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("</table>")[0], re.S)
        cells = [re.findall(r"<p>(.*?)</p>", row, re.S) for row in rows]
        tables.append({c[0]: c[1:] for c in cells[1:] if len(c) == 3})
    return tables


@pytest.mark.parametrize(
    ("language", "label", "oklahoma", "hollywood", "not_apply"),
    [
        ("en", "May be played with", "Oklahoma rules", "Hollywood scoring", "does not apply"),
        ("fr", "Se joue avec", "règles Oklahoma", "décompte Hollywood", "sans objet"),
        ("sv", "Kan spelas med", "Oklahomaregler", "Hollywoodräkning", "gäller inte"),
    ],
)
def test_compare_tables_show_the_options_and_only_rules_in_force(
    make_app: Any,
    tmp_path: Path,
    language: str,
    label: str,
    oklahoma: str,
    hollywood: str,
    not_apply: str,
) -> None:
    """Straight Gin: nobody lays off on gin in either game (no row), the French minimum
    of melded cards is in force in neither (no row), and the options that combine
    with each variant are the engine's: Oklahoma is not one of Straight Gin's."""
    names = ["straight", "oklahoma", "french", "classic"]
    body = "".join(f"```{{gin-compare}} standard {name}\n```\n\n" for name in names)
    html = html_of(build(make_app, write_project(tmp_path / "p", body), language=language))
    tables = dict(zip(names, compare_rows(html), strict=True))
    for name, rows in tables.items():
        standard, other = rows[label]
        assert oklahoma in standard and hollywood in standard
        assert (oklahoma in other) == ("oklahoma" in options(find_variant(name)))
        assert not any(values == [not_apply, not_apply] for values in rows.values())
    straight = tables["straight"]
    assert hollywood in straight[label][1]
    assert len(straight) == 9, straight  # the rows below, and nothing about gin lay-offs
    assert not any("gin" in k.lower() and not_apply in v for k, v in straight.items() if k != label)


@pytest.mark.parametrize(
    ("language", "labels", "totals"),
    [
        ("en", ["Player who went gin", "Opponent"], "Deadwood: player who went gin 0"),
        ("fr", ["Joueur qui fait gin", "Son adversaire"], "pour le joueur qui a fait gin"),
        ("de", ["Spieler mit Gin", "Gegner"], "Deadwood: Spieler mit Gin 0"),
    ],
)
def test_a_gin_showdown_names_the_player_by_the_gin(
    make_app: Any, tmp_path: Path, language: str, labels: list[str], totals: str
) -> None:
    """Where players may knock, the one who went gin is not labelled "Knocker" (issue 31)."""
    body = (
        "```{gin-showdown}\n:knocker: AS 2S 3S 3H 4H 5H 9D 9H 9S 9C\n"
        ":defender: 6H 7H KS KD 5C 4D 8S 8C JS TC\n:variant: standard\n:outcome: gin\n```\n"
    )
    html = html_of(build(make_app, write_project(tmp_path / "p", body), language=language))
    assert re.findall(r'<span class="gr-row-label">([^<]*)</span>', html) == labels
    assert totals in html
