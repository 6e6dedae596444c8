"""The same seed and actions give the same game in CPython and in Pyodide (the browser's
Python), checked by running seeded games in the pinned Pyodide under Node; the shipped
bytecode runs there as it is; hostile JSON cannot take that runtime down."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"


def need_pyodide(*files: Path) -> None:
    """Skip without the pinned Pyodide (and ``files``) locally; in CI their absence fails."""
    if not (PYODIDE.exists() and shutil.which("node") and all(f.is_file() for f in files)):
        if os.environ.get("CI"):
            pytest.fail("Pyodide or runtime/ missing: run scripts/setup.sh")
        pytest.skip("Pyodide or runtime/ not installed (run scripts/setup.sh)")


def run_pyodide(tmp_path: Path, code: str) -> str:
    """Run ``code`` in the pinned Pyodide under Node; what its last expression returns."""
    need_pyodide()
    script = tmp_path / "code.py"
    script.write_text(code)
    run = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), str(script)],
                         capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout

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
    in_pyodide = json.loads(run_pyodide(tmp_path, CODE))
    here: dict = {}
    exec(CODE.replace("json.dumps(out)", "result = json.dumps(out)"), here)
    in_cpython = json.loads(here["result"])
    assert in_pyodide[0]["python"][0] == 3 and len(in_pyodide) == 5
    for a, b in zip(in_pyodide, in_cpython, strict=True):
        assert a["record"] == b["record"] and a["tiles"] == b["tiles"]


# Three games between two computer levels, played in Pyodide and in CPython alike.
GAMES = """
from tacocat import Game, GameRecord
from tacocat.ai import make_player

out = []
for seed in (0, 1, 7):
    game = Game(seed)
    bots = [make_player("medium", seed=2 * seed + 1, budget_ms=None),
            make_player("easy", seed=2 * seed + 2)]
    while not game.is_terminal():
        for seat in game.to_act():
            game.apply(seat, bots[seat].choose(game.observation(seat)))
    out.append(GameRecord.of(game).to_json())
"""

SHIPPED = """
import importlib.machinery, json, sys, zipfile
from pathlib import Path

archive, report = sys.argv[1], sys.argv[2]
recompiled = []
_compile = importlib.machinery.SourceFileLoader.source_to_code


def spy(self, data, path, *args, **kwargs):
    recompiled.append(path)
    return _compile(self, data, path, *args, **kwargs)


importlib.machinery.SourceFileLoader.source_to_code = spy
zipfile.ZipFile(archive).extractall(".")
import tacocat.ai.search, tacocat.ai.solver, tacocat.ai.hints  # noqa: E401, E402

""" + GAMES + """
stdlib = {m: getattr(sys.modules[m].__spec__, "origin", "") for m in ("asyncio", "json", "random")}
Path(report).write_text(json.dumps({"recompiled": recompiled, "games": out, "stdlib": stdlib,
                                    "python": list(sys.version_info[:2])}))
"""


def test_shipped_bytecode_runs_on_the_trimmed_runtime(tmp_path):
    """What dist/ ships: the bytecode archive on the trimmed, precompiled standard library.
    Nothing is compiled from source, and games match CPython's move for move."""
    from scripts import build_app

    stdlib = ROOT / "runtime" / "pyodide" / "python_stdlib.zip"
    need_pyodide(stdlib)
    archive = tmp_path / "app.zip"
    build_app.build(archive, ROOT, bytecode=True, quiet=True)
    script, report = tmp_path / "shipped.py", tmp_path / "report.json"
    script.write_text(SHIPPED)
    run = subprocess.run(
        ["node", str(ROOT / "scripts" / "pyodide_node.mjs"), str(script),
         f"/host{archive}", f"/host{report}"],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
        env={**os.environ, "TACOCAT_STDLIB": str(stdlib)},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(report.read_text())
    assert result["recompiled"] == [], result["recompiled"]
    assert result["python"][0] == 3
    if json.loads((ROOT / "runtime" / "manifest.json").read_text())["stdlib"] == "trimmed":
        assert all(origin.endswith(".pyc") for origin in result["stdlib"].values()), result
    here: dict = {}
    exec(GAMES, here)
    assert result["games"] == here["out"]


HOSTILE = """
import json
from tacocat import GameRecord, RecordError
from tacocat.record import load_json
out = {}
for name, text in [("arrays", "[" * 100000 + "]" * 100000),
                   ("objects", '{"a":' * 100000 + "1" + "}" * 100000),
                   ("infinity", '{"x": Infinity}'), ("overflow", "[1e400]")]:
    try:
        GameRecord.from_json(text)
        out[name] = "accepted"
    except RecordError as exc:
        out[name] = str(exc)
out["afterwards"] = load_json('{"ok": [1, 2]}')
json.dumps(out)
"""


def test_hostile_json_is_refused_inside_pyodide_and_the_runtime_survives(tmp_path):
    """In the browser a deeply nested JSON document makes json.loads overflow the
    JavaScript stack and kills the Python runtime for good (checked by hand: "Pyodide has
    suffered a fatal error ... Maximum call stack size exceeded"). load_json must refuse it
    first, in Pyodide itself, and the runtime must still work afterwards."""
    out = json.loads(run_pyodide(tmp_path, HOSTILE))
    assert out == {
        "arrays": "the record is nested too deeply (more than 32 levels)",
        "objects": "the record is nested too deeply (more than 32 levels)",
        "infinity": "the record is not valid: Infinity is not a number that can be saved",
        "overflow": "the record is not valid: the number '1e400' is too large",
        "afterwards": {"ok": [1, 2]},
    }


# The post-game analysis of a short game: the page will run it in Pyodide, so its figures
# must match CPython's to the last digit.
ANALYSIS = """
import json
from tacocat import Game, GameRecord
from tacocat.ai import make_player
from tacocat.ai.analysis import run_analysis

game = Game(5)
bots = [make_player("easy", seed=1), make_player("greedy", seed=2)]
while not game.is_terminal() and game.round < 3:
    for seat in game.to_act():
        game.apply(seat, bots[seat].choose(game.observation(seat)))
result = run_analysis(GameRecord.of(game), 0, samples=8, replace_rounds=(2, 4))
json.dumps(result.to_dict())
"""


def test_the_analysis_is_identical_in_cpython_and_pyodide(tmp_path):
    in_pyodide = json.loads(run_pyodide(tmp_path, ANALYSIS))
    here: dict = {}
    exec(ANALYSIS.replace("json.dumps(result.to_dict())",
                          "out = json.dumps(result.to_dict())"), here)
    assert in_pyodide == json.loads(here["out"])
    assert len(in_pyodide["decisions"]) >= 5
