#!/usr/bin/env python3
"""Does a Pyodide memory snapshot pay in the browser? (issue #19) Start-up of the pinned
Pyodide with the game's engine and AI imported, plainly and from a snapshot, alternating,
in Chromium (1× and 4× CPU throttle), Firefox and WebKit.

    .venv/bin/python bench/snapshot_browser.py [--runs 2]

A fresh `make dist` build gets a snapshot made under Node by the pinned Pyodide after the
same imports (bench/snapshot_node.mjs) and a bare test page (no PyScript: PyScript cannot
pass `_loadSnapshot` yet) that boots with ``loadPyodide()`` or ``loadPyodide({_loadSnapshot})``
(the snapshot fetched from the same server, as it would come from the worker's cache), then
imports. One browser per engine, the two modes alternating; prints JSON per engine: ms to
booted and to imported. The numbers and the decision are in docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))
import build_dist  # noqa: E402
import serve  # noqa: E402
from engines import drivers  # noqa: E402

PAGE = """<!doctype html><meta charset="utf-8"><title>snapshot</title>
<link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const IMPORTS = "import asyncio, json, random, tacocat, tacocat.ai\\n"
  + "from tacocat.ai import make_player\\nassert make_player('easy', seed=1) is not None";
const snap = new URLSearchParams(location.search).get("mode") === "snap";
const t0 = performance.now();
try {
  const opts = {};
  if (snap) opts._loadSnapshot = fetch("snapshot.bin").then((r) => r.arrayBuffer())
    .then((b) => new Uint8Array(b));
  const app = fetch("app.zip").then((r) => r.arrayBuffer());
  const py = await loadPyodide(opts);
  const booted = performance.now() - t0;
  if (!snap) py.unpackArchive(new Uint8Array(await app), "zip");
  py.runPython(IMPORTS);
  document.documentElement.dataset.result = JSON.stringify(
    {booted, imported: performance.now() - t0});
} catch (e) {
  document.documentElement.dataset.result = JSON.stringify({error: String(e)});
}
</script>
"""
CASES = (("chromium", 1.0), ("chromium", 4.0), ("firefox", 1.0), ("webkit", 1.0))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="tacocat-snap-") as tmp:
        site = Path(tmp) / "dist"
        build_dist.build(site, quiet=True, precompress=False)
        made = subprocess.run(
            ["node", str(ROOT / "bench" / "snapshot_node.mjs"), str(site / "app.zip"), "1",
             str(site / "snapshot.bin")], cwd=ROOT, check=True, capture_output=True, text=True)
        print("node:", made.stdout.strip().splitlines()[-1])
        (site / "snapshot.html").write_text(PAGE, encoding="utf-8")
        server, base = serve.start_server(site, port=0)
        try:
            for name, cpu in CASES:
                if name != "chromium" and not drivers.available(name):
                    continue
                engine = drivers.launch(name, **({"throttle": cpu} if name == "chromium" else {}))
                out: dict = {"engine": name, "version": engine.version, "cpu": cpu,
                             "load": os.getloadavg()[0], "plain": [], "snap": []}
                try:
                    for i in range(args.runs):
                        for mode in ("plain", "snap"):
                            engine.open(f"{base}snapshot.html?mode={mode}&i={i}")
                            out[mode].append(json.loads(
                                engine.wait_for("document.documentElement.dataset.result", 300)))
                finally:
                    engine.close()
                print(json.dumps(out), flush=True)
        finally:
            serve.stop_server(server)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
