"""The same seed and actions give the same game in CPython and in Pyodide (the browser's
Python), checked by running seeded games in the pinned Pyodide under Node."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

CODE = """
import json, sys
from tacocat import Game, GameRecord, RandomPlayer
from tacocat.cli import play_game
out = []
for seed in (0, 1, 7, 2026, 123456789):
    g = play_game(Game(seed), (RandomPlayer(seed + 1), RandomPlayer(seed + 2)))
    out.append({"seed": seed, "record": GameRecord.of(g).to_json(), "tiles": g.tiles,
                "python": sys.version_info[:2]})
json.dumps(out)
"""


def test_seeded_games_are_identical_in_cpython_and_pyodide(tmp_path):
    if not (PYODIDE.exists() and shutil.which("node")):
        if os.environ.get("CI"):
            pytest.fail("node_modules/pyodide is missing: run scripts/setup.sh")
        pytest.skip("Pyodide not installed (run scripts/setup.sh)")
    code = tmp_path / "code.py"
    code.write_text(CODE)
    run = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), str(code)],
                         capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    in_pyodide = json.loads(run.stdout)
    here: dict = {}
    exec(CODE.replace("json.dumps(out)", "result = json.dumps(out)"), here)
    in_cpython = json.loads(here["result"])
    assert in_pyodide[0]["python"][0] == 3 and len(in_pyodide) == 5
    for a, b in zip(in_pyodide, in_cpython, strict=True):
        assert a["record"] == b["record"] and a["tiles"] == b["tiles"]
