#!/usr/bin/env python3
"""Build helper for the ginrules site: every language, the root page, catalogs.

    python tools/site.py build      # _build/html/<lang>/, root index.html, sitemap
    python tools/site.py gettext    # _build/gettext/*.pot, theme and extension strings included
    python tools/site.py update-po  # sphinx-intl update for every translated language
    python tools/site.py dist       # dist/: the built site for any static host

Languages come from ``LANGUAGES`` in conf.py; the first one is the source language.
Each language is its own sphinx-build run with warnings as errors; two run at a time.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import os
import runpy
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "_build"
HTML = BUILD / "html"
GETTEXT = BUILD / "gettext"
DIST = ROOT / "dist"
BROTLI_CACHE = ROOT / ".cache" / "brotli"
BIN = Path(sys.executable).parent


def git_commit() -> str | None:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return result.stdout.strip() if result.returncode == 0 else None


def site_config() -> dict[str, object]:
    return runpy.run_path(str(ROOT / "conf.py"))


def languages() -> dict[str, str]:
    langs = site_config()["LANGUAGES"]
    assert isinstance(langs, dict)
    return langs


def sphinx_build(*args: str) -> list[str]:
    return [str(BIN / "sphinx-build"), "-q", "-W", "--keep-going", "-c", str(ROOT), *args]


def build_language(code: str) -> float:
    start = time.perf_counter()
    shutil.rmtree(HTML / code, ignore_errors=True)  # no stale pages from an earlier build
    cmd = sphinx_build(
        "-E",
        "-a",
        "-b",
        "html",
        "-D",
        f"language={code}",
        "-d",
        str(BUILD / "doctrees" / code),
        str(ROOT / "docs"),
        str(HTML / code),
    )
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"sphinx-build failed for language {code!r}")
    return time.perf_counter() - start


ROOT_PAGE = """<!doctype html>
<html lang="{source}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
{alternates}
<style>
body {{ font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem;
        line-height: 1.5; color: #222; background: #fff; }}
@media (prefers-color-scheme: dark) {{
  body {{ color: #ddd; background: #131416; }} a {{ color: #8ab4f8; }}
}}
ul {{ list-style: none; padding: 0; font-size: 1.25rem; }}
li {{ margin: 0.75rem 0; }}
</style>
<script>
(function () {{
  var available = {codes};
  var wanted = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (available.indexOf(code) >= 0) {{ location.replace(code + "/index.html"); return; }}
  }}
  location.replace(available[0] + "/index.html");
}})();
</script>
</head>
<body>
<main>
<h1>{title}</h1>
<ul>
{links}
</ul>
</main>
</body>
</html>
"""

# The title of the root page, in each language (the root page is shown in all of them).
ROOT_TITLES = {
    "en": "Gin Rummy rules",
    "fr": "Règles du gin rami",
    "sv": "Regler för gin rummy",
}


def write_root(langs: dict[str, str], baseurl: str) -> None:
    codes = list(langs)
    base = baseurl.rstrip("/")
    title = " · ".join(ROOT_TITLES.get(c, ROOT_TITLES["en"]) for c in codes)
    links = "\n".join(
        f'<li><a href="{c}/index.html" hreflang="{c}" lang="{c}">{html.escape(n)}</a></li>'
        for c, n in langs.items()
    )
    alternates = "\n".join(
        f'<link rel="alternate" hreflang="{c}" href="{base}/{c}/index.html">' for c in codes
    )
    alternates += f'\n<link rel="alternate" hreflang="x-default" href="{base}/index.html">'
    alternates += f'\n<link rel="canonical" href="{base}/index.html">'
    page = ROOT_PAGE.format(
        source=codes[0],
        title=html.escape(title),
        alternates=alternates,
        codes=repr(codes).replace("'", '"'),
        links=links,
    )
    (HTML / "index.html").write_text(page, encoding="utf-8")
    index = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ]
    index += [f"  <sitemap><loc>{base}/{c}/sitemap.xml</loc></sitemap>" for c in codes]
    index.append("</sitemapindex>")
    (HTML / "sitemap.xml").write_text("\n".join(index) + "\n", encoding="utf-8")
    (HTML / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {base}/sitemap.xml\n")
    # A static host serves /404.html for an address outside every language.
    shutil.copyfile(HTML / codes[0] / "404.html", HTML / "404.html")


def cmd_build(args: argparse.Namespace) -> None:
    langs = languages()
    codes = args.languages or list(langs)
    HTML.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        times = dict(zip(codes, pool.map(build_language, codes), strict=True))
    baseurl = os.environ.get("GINRULES_BASEURL", "http://127.0.0.1:8000/")
    write_root(langs, baseurl)
    total = time.perf_counter() - start
    info = {
        "languages": codes,
        "baseurl": baseurl,
        "commit": git_commit(),
        "seconds": {**{c: round(t, 2) for c, t in times.items()}, "total": round(total, 2)},
    }
    (BUILD / "site-build.json").write_text(json.dumps(info, indent=2) + "\n")
    for code, seconds in times.items():
        print(f"built {code} in {seconds:.1f} s -> {HTML / code}")
    print(f"site built in {total:.1f} s ({len(codes)} languages, {args.jobs} at a time)")


# Theme templates whose strings readers see; Sphinx's gettext builder only reads ours.
def theme_messages() -> list[tuple[str, str]]:
    import furo
    from jinja2 import Environment

    env = Environment(extensions=["jinja2.ext.i18n"])
    theme = Path(furo.__file__).parent / "theme" / "furo"
    found = []
    for template in sorted(theme.rglob("*.html")):
        source = template.read_text(encoding="utf-8")
        for _line, _func, message in env.extract_translations(source):
            if isinstance(message, str):
                found.append((message, f"furo/{template.relative_to(theme).as_posix()}"))
    return found


def po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def cmd_gettext(args: argparse.Namespace) -> None:
    out = Path(args.output)
    cmd = sphinx_build("-E", "-b", "gettext", str(ROOT / "docs"), str(out))
    subprocess.run(cmd, check=True)
    pot = out / "sphinx.pot"
    text = pot.read_text(encoding="utf-8")
    seen = set()
    extra = []
    for message, origin in theme_messages():
        key = po_quote(message)
        if f"msgid {key}\n" in text or key in seen:
            continue
        seen.add(key)
        extra.append(f'#: {origin}\nmsgid {key}\nmsgstr ""\n')
    pot.write_text(text.rstrip("\n") + "\n\n" + "\n".join(extra), encoding="utf-8")
    # The extension's own strings: ginrules_site.pot.
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "extract_site_messages.py"), str(out)], check=True
    )
    print(
        f"{out}: {len(list(out.glob('*.pot')))} templates, "
        f"{len(extra)} theme strings added to sphinx.pot"
    )


def cmd_update_po(args: argparse.Namespace) -> None:
    codes = args.languages or list(languages())[1:]
    cmd = [
        str(BIN / "sphinx-intl"),
        "update",
        "-p",
        str(GETTEXT),
        "-d",
        str(ROOT / "locale"),
        "-w",
        "0",
    ]
    for code in codes:
        cmd += ["-l", code]
    subprocess.run(cmd, check=True)
    langs = languages()
    for code in codes:
        for po in sorted((ROOT / "locale" / code / "LC_MESSAGES").rglob("*.po")):
            fix_header(po, code, langs.get(code, code))


# gettext's own plural rules; Babel writes CLDR ones that msgfmt does not know.
PLURALS = {"fr": "nplurals=2; plural=(n > 1);", "sv": "nplurals=2; plural=(n != 1);"}


def fix_header(po: Path, code: str, name: str) -> None:
    """Fill the header fields sphinx-intl leaves at their template values."""
    text = po.read_text(encoding="utf-8")
    head, sep, rest = text.partition("\n\n")
    lines = [line for line in head.splitlines() if line != "#, fuzzy"]
    today = time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime())
    for i, line in enumerate(lines):
        if line.startswith('"PO-Revision-Date: YEAR'):
            lines[i] = f'"PO-Revision-Date: {today}\\n"'
        elif line.startswith('"Last-Translator: FULL NAME'):
            lines[i] = '"Last-Translator: ginrules translators\\n"'
        elif line.startswith('"Language-Team: '):
            lines[i] = f'"Language-Team: {name}\\n"'
        elif line.startswith('"Plural-Forms: ') and code in PLURALS:
            lines[i] = f'"Plural-Forms: {PLURALS[code]}\\n"'
    # A brace template is never a %-format: Babel flags a literal "%" ("50 % of") as
    # python-format when it reads the template, and msgfmt --check then rejects it.
    rest = rest.replace("#, python-brace-format, python-format\n", "#, python-brace-format\n")
    new = "\n".join(lines) + sep + rest
    if new != text:
        po.write_text(new, encoding="utf-8")


# Already compressed: a .gz or .br beside them would save nothing.
PACKED = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".whl", ".gz", ".br"}
COMPRESS_MIN = 1024


def brotli_bytes(data: bytes) -> bytes:
    """Brotli at its best quality; cached by content (the runtime rarely changes)."""
    import brotli  # type: ignore[import-not-found,unused-ignore]

    cached = BROTLI_CACHE / f"{hashlib.sha256(data).hexdigest()}.br"
    if cached.is_file():
        return cached.read_bytes()
    packed: bytes = brotli.compress(data, quality=11)
    BROTLI_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(packed)
    return packed


def precompress(path: Path) -> dict[str, int]:
    """Write ``path.gz`` and ``path.br`` where they save at least a tenth; return sizes."""
    data = path.read_bytes()
    sizes = {"raw": len(data)}
    if len(data) < COMPRESS_MIN or path.suffix.lower() in PACKED:
        return sizes
    for suffix, packed in ((".gz", gzip.compress(data, 9, mtime=0)), (".br", brotli_bytes(data))):
        if len(packed) < 0.9 * len(data):
            path.with_name(path.name + suffix).write_bytes(packed)
            sizes[suffix] = len(packed)
    return sizes


def cmd_dist(args: argparse.Namespace) -> None:
    """Copy the built site to a static tree any host can serve, with precompressed
    ``.gz``/``.br`` files, the cache headers (``_headers``) and ``.nojekyll``."""
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import headers_file

    out = Path(args.output)
    if not (HTML / "index.html").is_file() or not (HTML / "_pyodide" / "runtime.json").is_file():
        raise SystemExit(f"{HTML} is not built: run `make site` first")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(HTML, out, ignore=shutil.ignore_patterns(".*"))
    (out / "_headers").write_text(headers_file(out), encoding="utf-8")
    # GitHub Pages runs Jekyll unless told not to, and Jekyll drops _static/ and _pyodide/.
    (out / ".nojekyll").write_text("", encoding="utf-8")
    totals = {"raw": 0, ".gz": 0, ".br": 0}
    files = [p for p in sorted(out.rglob("*")) if p.is_file()]
    for path in files:
        sizes = precompress(path)
        for key in totals:
            totals[key] += sizes.get(key, sizes["raw"])
    print(
        f"{out}: {len(files)} files, {totals['raw'] / 1e6:.1f} MB raw; as sent with "
        f"gzip {totals['.gz'] / 1e6:.1f} MB, with brotli {totals['.br'] / 1e6:.1f} MB"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True)
    p = sub.add_parser("build", help="build every language and the root page")
    p.add_argument("languages", nargs="*")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("dist", help="copy the built site to a tree for static hosts")
    p.add_argument("-o", "--output", default=str(DIST), help="default: dist")
    p.set_defaults(func=cmd_dist)
    p = sub.add_parser("gettext", help="extract the message templates")
    p.add_argument("-o", "--output", default=str(GETTEXT), help="default: _build/gettext")
    p.set_defaults(func=cmd_gettext)
    p = sub.add_parser("update-po", help="update the catalogs from the templates")
    p.add_argument("languages", nargs="*")
    p.set_defaults(func=cmd_update_po)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
