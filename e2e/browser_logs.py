"""Chromium's own output, kept per test worker, and renderer crashes reported with it
(#40: "Target crashed" was seen a few times a day beside a CPU hog, with nothing to say
why: Playwright reads the browser's stderr but shows it only when a launch fails).

Chromium runs through a two-line wrapper that appends its stderr (``--enable-logging=
stderr``: the browser's and every renderer's log, a fatal error's message) to
``e2e/artifacts/chromium-<worker>.log``. A test whose page crashed appends the test, the
page and the log's last lines to ``e2e/artifacts/crashes.txt``, and the run's summary
prints that file, so a CI log says what the renderer wrote before it died (a renderer
that crashes on purpose logs why: ``chrome://crash`` shows "Intentionally crashing";
Debian's build writes no minidump without crash-report consent).
"""

from __future__ import annotations

import shlex
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CRASHES = ARTIFACTS / "crashes.txt"
_state: dict[str, Path | None] = {"log": None}


def args() -> list[str]:
    """Chromium's switch for a log on stderr (release builds log only errors without it)."""
    return ["--enable-logging=stderr"]


def wrapper(executable: str, folder: Path, worker: str) -> str:
    """An executable that runs ``executable`` with its stderr appended to this worker's
    log; returns its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / f"chromium-{worker}.log"
    log.write_text("", encoding="utf-8")
    _state["log"] = log
    script = folder / "chromium"
    script.write_text(f"#!/bin/sh\nexec {shlex.quote(executable)} \"$@\" "
                      f"2>>{shlex.quote(str(log))}\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def tail(lines: int = 40) -> str:
    log = _state["log"]
    if log is None or not log.exists():
        return "(no Chromium log: Playwright's own browser, or a deployment run)"
    text = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return "\n".join(text[-lines:]) or "(the log is empty)"


def record(nodeid: str, pages: list[str], error: str) -> None:
    """One crash, for the run's summary."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with CRASHES.open("a", encoding="utf-8") as out:
        out.write(f"=== {nodeid}\npages: {pages}\nerror: {error[:300]}\n"
                  f"--- Chromium's last lines:\n{tail()}\n\n")


def start_run() -> None:
    """A new run (the controlling process): no crash of an earlier run is reported."""
    CRASHES.unlink(missing_ok=True)


def summary() -> str:
    return CRASHES.read_text(encoding="utf-8", errors="replace") if CRASHES.exists() else ""
