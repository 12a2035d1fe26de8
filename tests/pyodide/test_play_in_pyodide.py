"""The play page's worker calls inside the site's Pyodide under Node give the same
answers as under CPython, and a game played there replays in CPython."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from ginrules.coach.table import Table
from ginrules_site.live.ginrules_live import call

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "_build" / "html" / "_pyodide"

# Games played through the calls: the reader takes the tutor's expert move, so the
# tutor's answers are compared too; one review and the move log at the end.
DRIVER = """
import json

def reply(name, args):
    answer = json.loads(call(name, json.dumps(args)))
    assert answer["ok"], (name, answer)
    return answer["value"]

def game(variant, scheme, level, seed, dealer):
    new = reply("play_new", {"variant": variant, "scheme": scheme, "level": level,
                             "seed": seed, "dealer": dealer})
    table, state = new["table"], new["state"]
    tutors, computer = [], []
    while True:
        while state["phase"] not in ("over", "game_over"):
            if state["turn"] == "computer":
                answer = reply("play_computer", {"table": table})
                computer.append(answer["move"])
                state = answer["state"]
                continue
            tutor = reply("play_tutor", {"table": table})
            tutors.append(tutor)
            expert = tutor["expert"]
            move = {"action": expert["action"]}
            if "card" in expert:
                move["card"] = expert["card"]
            state = reply("play_act", {"table": table, "action": move})["state"]
        if state["phase"] == "game_over":
            break
        state = reply("play_next", {"table": table})["state"]
    review = reply("play_review", {"table": table, "deal": state["deal"], "turn": 1})
    whatif = reply("play_whatif", {"table": table})["state"]
    logged = reply("play_moves", {"table": table})
    return {"final": state, "tutors": tutors, "computer": computer, "review": review,
            "whatif": whatif, **logged}

GAMES = [("standard", "game100", "good", 5, "you"), ("straight", "one_deal", "expert", 6, None),
         ("oklahoma", "one_deal", "beginner", 7, "computer"),
         ("french", "manche", "beginner", 8, None)]
RESULT = json.dumps([game(*g) for g in GAMES])
"""


def run_in_cpython() -> Any:
    scope: dict[str, Any] = {"call": call}
    exec(DRIVER, scope)
    return json.loads(scope["RESULT"])


def run_in_pyodide(tmp_path: Path) -> Any:
    assert shutil.which("node"), "node is missing"
    assert (RUNTIME / "runtime.json").exists(), "run `make site` to build the runtime"
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    run = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_node.mjs"), str(RUNTIME), str(driver)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_play_calls_answer_the_same_in_pyodide_and_cpython(tmp_path: Path) -> None:
    browser = run_in_pyodide(tmp_path)
    here = run_in_cpython()
    assert len(browser) == len(here) == 4
    for played, expected in zip(browser, here, strict=True):
        # the state, every tutor answer, every computer move, the review and the what-if
        assert played == expected
        # the game played in Pyodide, replayed in CPython from its arguments and moves
        replayed = Table.replay(**played["arguments"], moves=played["moves"])
        assert replayed.state() == played["final"]
        assert played["final"]["phase"] == "game_over"
        assert played["tutors"] and played["computer"]
