"""Run build steps inside the pinned Pyodide under Node (scripts/pyodide_node.mjs running
scripts/in_pyodide.py), so bytecode is made by exactly the Python the page runs.

    compile_files([{src, out, filename, strip_docstrings, checked}, ...]) -> report
    stdlib_imports(["json", "asyncio", ...]) -> {"files": [...], "failed": {...}}

Standard library only (plus Node and node_modules/pyodide, both set up by scripts/setup.sh).
One Node process per call; it boots Pyodide in about 2 s on an idle machine.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "scripts" / "pyodide_node.mjs"
IN_PYODIDE = ROOT / "scripts" / "in_pyodide.py"


class PyodideBuildError(Exception):
    pass


def _node() -> str:
    node = shutil.which("node")
    if not node:
        raise PyodideBuildError("node not found: install Node.js >= 20 (scripts/setup.sh)")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise PyodideBuildError("node_modules/pyodide is missing: run scripts/setup.sh")
    return node


def run(command: str, job: dict, timeout: float = 900) -> dict:
    with tempfile.TemporaryDirectory(prefix="tacocat-pyodide-") as tmp:
        job_path = Path(tmp) / "job.json"
        report = Path(tmp) / "report.json"
        job_path.write_text(json.dumps({**job, "report": str(report)}), encoding="utf-8")
        proc = subprocess.run(
            [_node(), str(RUNNER), str(IN_PYODIDE), command, str(job_path)],
            cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False,
        )
        if proc.returncode != 0 or not report.is_file():
            raise PyodideBuildError(
                f"Pyodide {command} failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
            )
        return json.loads(report.read_text(encoding="utf-8"))


def compile_files(items: list[dict]) -> dict:
    """Compile each ``src`` to a hash-based .pyc at ``out`` (host paths)."""
    items = [{**i, "src": str(Path(i["src"]).resolve()), "out": str(Path(i["out"]).resolve())}
             for i in items]
    return run("compile", {"items": items})


def stdlib_imports(modules: list[str]) -> dict:
    """Import ``modules`` in a fresh Pyodide; which stdlib zip members got loaded."""
    return run("imports", {"modules": list(modules)})
