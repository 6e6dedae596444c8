"""Master's decision time inside Pyodide (the page's Python), under Node, next to CPython.

    python -m bench.ai_pyodide_time [--games 4] [--level master]

Plays ``--games`` games of ``--level`` against ``hard`` in the pinned Pyodide
(``tests/pyodide_run.mjs``: node_modules/pyodide, as the unit tests use it) and the same
games in this CPython, and prints the wall clock per decision of ``--level`` in each
(mean, p95, max; the machine's other load included — run it on a quiet machine). In the
page the work is sliced (``think()`` yields every ≤ 15 ms), so these are the time until
the computer's move, not a frozen page.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import json
from tacocat.ai.arena import decision_times

times = decision_times(LEVEL, "hard", GAMES, 80_000)
json.dumps({"decisions": len(times), "mean_ms": round(sum(times) / len(times), 2),
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2),
            "max_ms": round(times[-1], 2)})
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--level", default="master")
    args = ap.parse_args()
    code = CODE.replace("GAMES", str(args.games)).replace("LEVEL", repr(args.level))
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
    try:
        out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), f.name],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    here: dict = {}
    exec(code.replace("json.dumps({", "result = json.dumps({"), here)
    print(json.dumps({"level": args.level, "games": args.games, "load": os.getloadavg()[0],
                      "pyodide": json.loads(out), "cpython": json.loads(here["result"])}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
