"""What a reader meets at once, in each language: cards typed in the page's own
notation (and the picker writing it; every language the site builds, German while it is
in progress too), dark mode from Furo's toggle (each theme in one language), a phone 390 px
wide, the 404 page and the search page."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ginrules import NOTATIONS, find_variant, parse_hand
from ginrules.melds import best_arrangement

from .conftest import BUILT, LANGUAGES, LIVE_TIMEOUT, each_in_one_language

ROOT = Path(__file__).resolve().parents[2]
VARIANT_PAGES = ["standard", "straight-gin", "oklahoma", "hollywood", "gin-rami"]


def translations(domain: str, lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(domain, str(ROOT / "locale"), [lang])


def site_words(lang: str) -> Callable[[str], str]:
    return translations("ginrules_site", lang).gettext


# --- cards in the page's notation ------------------------------------------------------

# A run and a set, as the page's notation writes them: German B♥ D♥ K♥ 7♠ 7♦ 7♣.
HAND = "JH QH KH 7S 7D 7C"


@pytest.mark.parametrize("lang", BUILT)
def test_typed_in_the_page_notation_and_echoed_by_the_picker(page: Page, lang: str) -> None:
    page.goto(f"/{lang}/standard.html")
    widget = page.locator("section[data-widget='melds']").first
    field = widget.locator("input[name='cards']")
    expect(widget.locator("form.gr-controls")).to_be_visible()
    # the field as built is already in the page's notation
    notation = NOTATIONS[lang]
    built = field.input_value()
    assert built == " ".join(notation.format(c) for c in parse_hand(built, notation=lang))

    typed = " ".join(notation.format(c) for c in parse_hand(HAND))
    field.fill(typed)
    expect(widget).to_have_attribute("data-state", "ready", timeout=LIVE_TIMEOUT)
    engine = best_arrangement(parse_hand(typed, notation=lang), find_variant("standard"))
    expect(widget.locator(".gr-result")).to_have_attribute(
        "data-deadwood", str(engine.deadwood), timeout=LIVE_TIMEOUT
    )
    run = widget.locator(".gr-result .gr-run .gr-card")
    assert run.evaluate_all("cs => cs.map(c => c.dataset.card)") == ["JH", "QH", "KH"]
    pressed = widget.locator(".gr-pick[aria-pressed='true']").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )
    assert sorted(pressed) == sorted(HAND.split())

    # clicking the king of spades writes it as the page does: R♠, K♠, KS
    widget.locator(".gr-pick[data-card='KS']").click()
    king = notation.format(parse_hand("KS")[0])
    expect(field).to_have_value(f"{typed} {king}", timeout=LIVE_TIMEOUT)
    expect(widget.locator(".gr-result")).to_have_attribute(
        "data-deadwood", "10", timeout=LIVE_TIMEOUT
    )


def test_french_page_reads_c_as_coeur_and_says_so(page: Page) -> None:
    _ = site_words("fr")
    page.goto("/fr/standard.html")
    widget = page.locator("section[data-widget='melds']").first
    help_line = widget.locator("#gr-melds-1-cards-help")
    sentence = _("Here {letter} means {here} ({symbol}), not {english}.").format(
        letter="C", here=_("hearts"), symbol="♥", english=_("clubs")
    )
    expect(help_line).to_contain_text(sentence)
    # an English letter where French reads it otherwise: the page's language decides
    widget.locator("input[name='cards']").fill("7C 8♥ 9H")
    expect(widget.locator(".gr-result")).to_have_attribute(
        "data-deadwood", "0", timeout=LIVE_TIMEOUT
    )
    codes = widget.locator(".gr-result .gr-run .gr-card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    assert codes == ["7H", "8H", "9H"]


# --- dark mode from Furo's toggle ----------------------------------------------------------

THEMES = [
    ("light", "dark", True),  # system light, toggle dark
    ("dark", "light", False),  # system dark, toggle light
    ("dark", "auto", True),
    ("light", "auto", False),
]

COLOURS = """() => {
    const widget = document.querySelector("section.gr-widget");
    const pick = widget.querySelector(".gr-pick");
    pick.setAttribute("aria-pressed", "true");
    const style = getComputedStyle(widget);
    return {
        background: getComputedStyle(document.body).backgroundColor,
        error: getComputedStyle(widget.querySelector(".gr-error")).color,
        tick: getComputedStyle(pick, "::after").color,
        focus: style.getPropertyValue("--gr-focus").trim(),
        control: getComputedStyle(widget.querySelector("input, select")).colorScheme,
    };
}"""


def luminance(colour: str) -> float:
    """The relative luminance (WCAG) of ``#rrggbb`` or ``rgb(r, g, b)``."""
    if colour.startswith("#"):
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    else:
        inside = colour[colour.index("(") + 1 : -1].replace("/", ",")
        channels = [float(v) / 255 for v in inside.split(",")[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize(("theme", "lang"), each_in_one_language(THEMES))
def test_widget_colours_follow_the_theme_toggle(
    make_context: Any, theme: tuple[str, str, bool], lang: str
) -> None:
    system, toggle, dark = theme
    context, _log = make_context(color_scheme=system)
    context.add_init_script(f"localStorage.setItem('theme', '{toggle}')")
    page = context.new_page()
    page.goto(f"/{lang}/standard.html")
    expect(page.locator("body")).to_have_attribute("data-theme", toggle)
    page.locator(".gr-pick").first.wait_for()
    colours = page.evaluate(COLOURS)
    assert (luminance(colours["background"]) < 0.2) is dark, colours
    assert contrast(colours["error"], colours["background"]) >= 4.5, colours
    assert contrast(colours["tick"], colours["background"]) >= 4.5, colours
    assert contrast(colours["focus"], colours["background"]) >= 3, colours
    # the browser's own controls follow the toggle too (no dark select on a light page)
    if toggle != "auto":
        assert colours["control"] == toggle, colours


# --- a phone, 390 px wide -------------------------------------------------------------------

LAYOUT = """(widget) => {
    const box = widget.getBoundingClientRect();
    const outside = [...widget.querySelectorAll("input:not([type=hidden]), select, button")]
        .filter((el) => el.getBoundingClientRect().right > box.right + 0.5)
        .map((el) => el.name || el.textContent);
    const targets = [...widget.querySelectorAll("input:not([type=hidden]), select, button, a")]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0);
    const small = targets.filter(({ r }) => r.width < 24 || r.height < 24)
        .map(({ el }) => el.outerHTML.slice(0, 80));
    const roomy = ({ el }) => el.tagName !== "A" && !el.classList.contains("gr-pick");
    const short = targets.filter((t) => roomy(t) && t.r.height < 44)
        .map(({ el }) => el.outerHTML.slice(0, 80));
    const lone = [...widget.querySelectorAll(".gr-pick-row")].filter((row) => {
        const tops = {};
        for (const b of row.children) {
            const top = Math.round(b.offsetTop);
            tops[top] = (tops[top] ?? 0) + 1;
        }
        return Object.values(tops).includes(1);
    }).length;
    const tables = [...widget.querySelectorAll(".table-wrapper")].map((w) => ({
        fits: w.scrollWidth <= w.clientWidth + 1,
        scrolls: getComputedStyle(w).overflowX === "auto",
    }));
    return { outside, small, short, lone, tables };
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("docname", ["standard", "gin-rami", "hollywood"])
def test_phone_layout(make_context: Any, lang: str, docname: str) -> None:
    context, _log = make_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(f"/{lang}/{docname}.html")
    widgets = page.locator("section.gr-widget")
    widgets.first.locator("form.gr-controls").wait_for()
    page.wait_for_function("() => document.querySelectorAll('.gr-pick').length > 0")
    assert widgets.count() > 0
    for i in range(widgets.count()):
        layout = widgets.nth(i).evaluate(LAYOUT)
        assert layout["outside"] == [], layout
        assert layout["small"] == [], layout
        assert layout["short"] == [], layout
        assert layout["lone"] == 0, layout
        for table in layout["tables"]:
            assert table["fits"] or table["scrolls"], layout
    # the score sheet shows both players' columns without scrolling
    sheet = page.locator("section[data-widget='scoresheet'] table.gr-sheet")
    if sheet.count():
        wrapper = "t => t.parentElement.scrollWidth <= t.parentElement.clientWidth"
        assert sheet.first.evaluate(wrapper)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


# --- the 404 page and the favicon ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_404_page_in_every_language(page: Page, lang: str) -> None:
    words = translations("404", lang).gettext
    response = page.goto(f"/{lang}/no/such/page.html")
    assert response is not None and response.status == 404
    assert page.locator("html").get_attribute("lang") == lang
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name(words("Page not found"))
    # the site's look: Furo's stylesheet is there, from deep in a missing path
    assert page.evaluate(
        "() => [...document.styleSheets].some(s => (s.href || '').includes('furo'))"
    )
    switcher = page.locator(".language-switcher a")
    assert switcher.count() == len(BUILT)  # every language the site builds
    main = page.locator("#furo-main-content")
    for docname in VARIANT_PAGES:
        link = main.locator(f"a[href$='/{lang}/{docname}.html']")
        assert link.count() == 1, docname
    main.locator(f"a[href$='/{lang}/gin-rami.html']").click()
    expect(page).to_have_url(f"{page.url.split(f'/{lang}/')[0]}/{lang}/gin-rami.html")
    icon = page.locator("link[rel~='icon']").get_attribute("href")
    assert icon is not None and icon.endswith(".svg")
    reply = page.request.get(page.evaluate(f"() => new URL({icon!r}, location.href).href"))
    assert reply.status == 200 and reply.headers["content-type"].startswith("image/svg+xml")


def test_404_outside_every_language(page: Page) -> None:
    response = page.goto("/nothing-here")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name("Page not found")


# --- search -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_shows_its_result_line(page: Page, lang: str) -> None:
    site = translations("ginrules_site", lang)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/{lang}/search.html?q=gin")
    summary = page.locator("#search-results .search-summary")
    expect(summary).not_to_be_empty(timeout=30_000)
    found = page.locator("#search-results ul.search > li")
    expect(found.first).to_be_visible()
    page.wait_for_function(
        "() => !document.querySelector('#search-results').classList.contains('pulse')"
        " && document.querySelector('.search-summary').textContent.length > 0"
    )
    count = found.count()
    line = site.ngettext(
        "Search finished: {n} page contains all the words you searched for.",
        "Search finished: {n} pages contain all the words you searched for.",
        count,
    ).format(n=count)
    expect(summary).to_have_text(line)
    page.goto(f"/{lang}/search.html?q=zzqqxx")
    expect(page.locator("#search-results .search-summary")).to_have_text(
        site.gettext(
            "No page of this site contains all the words you searched for. Check their "
            "spelling, or search for fewer words."
        ),
        timeout=30_000,
    )
    assert errors == []


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_a_search_result_opens_with_its_words_marked(
    page: Page, requests_log: Any, lang: str
) -> None:
    """Sphinx's highlighting script is loaded only on a page opened from a search
    (ginrules_site/live/assets.py), and there it marks the words searched for."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/{lang}/glossary.html")
    page.wait_for_load_state("load")
    assert not [u for u in requests_log.urls if u.endswith("/sphinx_highlight.js")]
    page.goto(f"/{lang}/search.html?q=gin")
    first = page.locator("#search-results ul.search > li a").first
    expect(first).to_be_visible(timeout=30_000)
    first.click()
    marked = page.locator("article span.highlighted")
    expect(marked.first).to_be_visible()
    assert {text.lower() for text in marked.all_inner_texts()} == {"gin"}
    assert [u for u in requests_log.urls if u.endswith("/sphinx_highlight.js")]
    # The words may also come in the address; the reader's Escape takes the marks away.
    page.goto(f"/{lang}/standard.html?highlight=gin")
    expect(page.locator("article span.highlighted").first).to_be_visible()
    page.locator("body").press("Escape")
    expect(page.locator("span.highlighted")).to_have_count(0)
    assert errors == []
