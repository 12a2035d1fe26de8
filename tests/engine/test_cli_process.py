"""The ``ginrules`` command as a user meets it, each run a separate process: Ctrl-C,
``--version``, every example of every ``--help`` and of the README's command-line
section, and the package's build configuration."""

from __future__ import annotations

import argparse
import os
import platform
import re
import select
import shlex
import signal
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

import ginrules
from ginrules.cli import all_commands, build_parser
from ginrules.cli.game import LANGUAGES
from ginrules.languages import SOURCE

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "ginrules"]
ENTRY_POINT = Path(sys.executable).with_name("ginrules")


def _default_sigint() -> None:
    # a shell may start background jobs with SIGINT ignored; a terminal's Ctrl-C is not
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(argv: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_sigint,
    )


def wait_for(proc: subprocess.Popen[bytes], text: bytes, stream: str, timeout: float = 60) -> None:
    """Read ``stream`` of ``proc`` until ``text`` has come (the command is at work)."""
    pipe = getattr(proc, stream)
    seen = b""
    deadline = time.monotonic() + timeout
    while text not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {text!r} on {stream} in {timeout} s: {seen[-300:]!r}"
        ready, _, _ = select.select([pipe], [], [], left)
        if ready:
            chunk = os.read(pipe.fileno(), 4096)
            assert chunk, f"{stream} closed before {text!r}: {seen[-300:]!r}"
            seen += chunk


@pytest.mark.parametrize(
    ("argv", "stream", "text"),
    [
        (["simulate", "--deals", "100000", "--progress"], "stderr", b"deals"),
        (["duel", "--games", "100000", "--progress"], "stderr", b"games"),
        (["play", "--seed", "3", "--dealer", "you"], "stdout", b"Your hand:"),
    ],
    ids=["simulate", "duel", "play"],
)
def test_ctrl_c_ends_a_command_with_130_and_no_traceback(
    argv: list[str], stream: str, text: bytes
) -> None:
    proc = start([*COMMAND, *argv])
    try:
        wait_for(proc, text, stream)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert err.rstrip().endswith(b"ginrules: interrupted")


READ = {"x86_64": 0, "aarch64": 63}[platform.machine()]  # the read(2) system call


def wait_for_stdin(proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """Wait until ``proc`` blocks reading its standard input (then main() runs)."""
    deadline = time.monotonic() + timeout
    syscall = Path(f"/proc/{proc.pid}/syscall")
    while not syscall.read_text().startswith(f"{READ} 0x0 "):
        assert time.monotonic() < deadline and proc.poll() is None, "never read stdin"
        time.sleep(0.05)


@pytest.mark.parametrize("argv", [["melds", "-"], ["score"]], ids=["melds", "score"])
def test_ctrl_c_while_reading_standard_input(argv: list[str]) -> None:
    proc = start([*COMMAND, *argv])
    try:
        wait_for_stdin(proc)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130 and b"Traceback" not in err, err
    assert err.rstrip().endswith(b"ginrules: interrupted")


def test_ctrl_c_through_the_entry_point() -> None:
    proc = start([str(ENTRY_POINT), "play", "--lang", "sv", "--seed", "5"])
    try:
        wait_for_stdin(proc)  # at the prompt
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130 and b"Traceback" not in err
    assert out.decode().endswith("\nSpelet avbrutet.\n")  # "Game left.", in Swedish


@pytest.mark.parametrize("argv", [COMMAND, [str(ENTRY_POINT)]], ids=["module", "entry point"])
def test_version(argv: list[str]) -> None:
    proc = subprocess.run([*argv, "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"ginrules {ginrules.__version__}\n"


# --------------------------------------------------------------------------- examples


@pytest.mark.parametrize(
    "argv", [["melds", "7H", "8H", "9H"], ["simulate", "--deals", "20"], ["score", "A 25 knock"]]
)
def test_a_full_disk_is_one_line_of_error(argv: list[str]) -> None:
    """Output to a full disk (``> /dev/full``): status 1 and one line naming the
    problem, never a traceback (nor a second failure when Python exits)."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*COMMAND, *argv], stdout=full, stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 1
    assert proc.stderr == "ginrules: error: cannot write the output: No space left on device\n"


def run_example(line: str) -> subprocess.CompletedProcess[str]:
    words = shlex.split(line)
    assert words[0] == "ginrules", line
    # the terminal game is left at once ("quit" is read in every language)
    return subprocess.run(
        [*COMMAND, *words[1:]], input="quit\n", capture_output=True, text=True, timeout=120
    )


def help_texts() -> list[str]:
    """``ginrules --help`` and every sub-command's ``--help``, as argparse prints them."""
    parser = build_parser(all_commands())
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [parser.format_help(), *(sub.format_help() for sub in subs.choices.values())]


def help_examples() -> list[str]:
    """The example lines of every ``--help`` (read in this process: collecting the
    tests starts no process)."""
    found = []
    for text in help_texts():
        _, _, tail = text.partition("\nexamples:\n")
        found += [line.strip() for line in tail.splitlines() if line.startswith("  ginrules")]
    return found


def test_every_command_shows_examples() -> None:
    named = {shlex.split(line)[1] for line in help_examples()}
    assert {c.name for c in all_commands()} <= named
    # and the process prints the same help
    for argv in ([], ["score"]):
        proc = subprocess.run(
            [*COMMAND, *argv, "--help"], capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 0 and "\nexamples:\n  ginrules " in proc.stdout


@pytest.mark.parametrize("line", help_examples())
def test_every_help_example_runs(line: str) -> None:
    proc = run_example(line)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


def readme_examples() -> list[str]:
    """The whole command lines of the README's command-line and quick-start sections and
    of CLI.md (code spans and lines of code blocks that start with ``ginrules``, without
    an ``[option]`` or a place holder)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = "".join(
        text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
        for title in ("Command line", "Quick start")
        if f"\n## {title}\n" in text
    )
    section += (ROOT / "CLI.md").read_text(encoding="utf-8")
    spans = re.findall(r"`(ginrules [^`]+)`", section)
    lines = [line.strip() for line in section.splitlines() if line.startswith("ginrules ")]
    return [
        line
        for line in dict.fromkeys([*spans, *lines])
        if "[" not in line
        and "..." not in line
        and not line.startswith("ginrules:")
        and not re.search(r"\b[A-Z]{4,}\b", line)  # a place holder: COMMAND, CARD
    ]


def test_the_readme_shows_examples_of_every_command() -> None:
    named = {shlex.split(line)[1] for line in readme_examples()}
    assert {c.name for c in all_commands()} <= named


@pytest.mark.parametrize("line", readme_examples())
def test_every_readme_example_runs(line: str) -> None:
    proc = run_example(line)
    assert proc.returncode == 0, proc.stderr


# --------------------------------------------------------------------------- packaging


def test_the_package_declares_its_license_as_spdx() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    meta = project["project"]
    # a table is deprecated (setuptools warns); the SPDX string needs setuptools 77
    assert meta["license"] == "MIT"
    assert meta["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    assert not any(c.startswith("License ::") for c in meta.get("classifiers", []))
    requires = project["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r[12:]) >= 77 for r in requires)


def test_the_build_is_clean(tmp_path: Path) -> None:
    """``python -m build`` (sdist, then the wheel from it) as a release would run it:
    no warning (a license table, data outside packages...), the catalogs and the
    license inside. About 8 s; setuptools comes from the package index."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        (source / name).write_bytes((ROOT / name).read_bytes())
    for path in (ROOT / "ginrules").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            target = source / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    # with PYTHONDONTWRITEBYTECODE set, distutils warns that it skips byte-compiling
    # (which a wheel never holds anyway): the environment's warning, not the package's
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-3000:]
    warnings = re.findall(r"(?im)^.*\bwarning\b.*$", output)
    assert warnings == [], output[-3000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in LANGUAGES:  # the terminal game's, from ginrules.languages
        if lang != SOURCE:
            assert f"ginrules/locale/{lang}/LC_MESSAGES/ginrules.mo" in names
    assert "ginrules/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/METADATA")))
    assert b"License-Expression: MIT" in metadata
