#!/usr/bin/env python3
"""Measure which standard-library modules the game page imports in the browser, and write
them to scripts/stdlib_modules.txt (the list scripts/build_stdlib.py trims to).

    .venv/bin/python -m scripts.measure_stdlib [--no-e2e]      (`make stdlib-list`)

1. runtime/ is rebuilt with Pyodide's untrimmed standard library, so nothing is missing;
2. the computer plays itself at every level in every language (``?mode=watch``), and the
   whole browser suite (e2e/: hot-seat, import/export, resume, embeds, offline, every
   language) runs with the scripts/stdlib_trace.py plugin; every page and frame reports
   the modules it loaded from python_stdlib.zip;
3. the union is written, and runtime/ is rebuilt trimmed to it.

A module the page needs but no run reached would be missing from the trimmed library: the
e2e suite runs on the trimmed build (dist/), so such a gap shows up as a failing test.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

from scripts import build_runtime, serve, stdlib_trace
from scripts.page_driver import READY
from tacocat.ai import LEVELS_OFFERED as LEVELS

ROOT = Path(__file__).resolve().parent.parent

OUT = ROOT / "scripts" / "stdlib_modules.txt"
LANGS = ("en", "eu", "et", "sw", "mr")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
HEADER = """\
# Standard-library modules the game page imports in the browser (Pyodide's own start-up,
# PyScript, tacocat/ and web/), one per line, from python_stdlib.zip (frozen modules are
# not in it). Written by scripts/measure_stdlib.py (`make stdlib-list`) on {date}:
# {how}.
# scripts/build_stdlib.py adds what tacocat/ and web/ import (read from
# their source, so a new import needs no re-measuring), a small safety margin, and
# everything those import in turn.
"""


def watch_every_level() -> set[str]:
    from playwright.sync_api import sync_playwright

    found: set[str] = set()
    server, base = serve.start_server(ROOT, port=0)
    try:
        with sync_playwright() as p:
            launch = {"args": ARGS}
            if os.access("/usr/bin/chromium", os.X_OK):
                launch["executable_path"] = "/usr/bin/chromium"
            browser = p.chromium.launch(**launch)
            for i, level in enumerate(LEVELS):
                for lang in LANGS[i % 2 :: 2] if level != "easy" else LANGS:
                    context = browser.new_context(service_workers="block")
                    context.add_init_script(stdlib_trace.HOOK)
                    page = context.new_page()
                    page.goto(f"{base}index.html?mode=watch&level={level}&pace=0&fresh=1"
                              f"&seed={i + 1}&lang={lang}&sw=0")  # sw=0: blocked workers
                    page.wait_for_function(READY, timeout=120000)
                    # A whole game if it ends in time; the modules load early anyway.
                    with contextlib.suppress(Exception):
                        page.wait_for_selector("#btn-rematch", timeout=60000, state="attached")
                    found.update(page.evaluate(stdlib_trace.QUERY))
                    context.close()
            browser.close()
    finally:
        serve.stop_server(server)
    return found


def run_e2e(extra: list[str]) -> set[str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "trace.json"
        env = {**os.environ, "TACOCAT_STDLIB_TRACE": str(out)}
        proc = subprocess.run([sys.executable, "-m", "pytest", "e2e", "-q", "-p",
                               "scripts.stdlib_trace",
                               *extra], cwd=ROOT, env=env, check=False)
        if proc.returncode != 0:
            print("measure_stdlib: warning: some browser tests failed (their pages still "
                  "count)", file=sys.stderr)
        return set(json.loads(out.read_text())) if out.is_file() else set()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-e2e", action="store_true", help="only the computer-plays-itself run")
    ap.add_argument("pytest_args", nargs="*", help="extra arguments for pytest e2e")
    args = ap.parse_args(argv)
    build_runtime.build(quiet=True, full_stdlib=True)
    try:
        found = watch_every_level()
        how = "every level watching itself in every language"
        if not args.no_e2e:
            found |= run_e2e(args.pytest_args)
            how += ", and the whole e2e suite"
        if not found:
            raise RuntimeError("nothing measured")
    except BaseException:
        build_runtime.build(quiet=True, full_stdlib=False)  # back to the trimmed library
        raise
    OUT.write_text(HEADER.format(date=date.today().isoformat(), how=how)
                   + "\n".join(sorted(found)) + "\n", encoding="utf-8")
    build_runtime.build(quiet=True, full_stdlib=False)
    print(f"{OUT.relative_to(ROOT)}: {len(found)} modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
