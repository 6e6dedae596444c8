"""In the browser a deeply nested JSON document makes json.loads overflow the JavaScript
stack and kills the Python runtime for good (checked by hand: "Pyodide has suffered a fatal
error ... Maximum call stack size exceeded"). load_json must refuse it first, in Pyodide
itself, and the runtime must still work afterwards."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

CODE = """
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
    if not (PYODIDE.exists() and shutil.which("node")):
        if os.environ.get("CI"):
            pytest.fail("node_modules/pyodide is missing: run scripts/setup.sh")
        pytest.skip("Pyodide not installed (run scripts/setup.sh)")
    code = tmp_path / "code.py"
    code.write_text(CODE)
    run = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), str(code)],
                         capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) == {
        "arrays": "the record is nested too deeply (more than 32 levels)",
        "objects": "the record is nested too deeply (more than 32 levels)",
        "infinity": "the record is not valid: Infinity is not a number that can be saved",
        "overflow": "the record is not valid: the number '1e400' is too large",
        "afterwards": {"ok": [1, 2]},
    }
