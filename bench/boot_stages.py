#!/usr/bin/env python3
"""Where a later visit's start-up goes, stage by stage, per engine (issue #19): why WebKit
takes more than twice Chromium's time to start from the snapshot.

    .venv/bin/python -m bench.boot_stages [--engines chromium,webkit] [--visits 3] [--pause 20]

A fresh `make dist` build, copied and instrumented: marks inside the pinned Pyodide's
`loadPyodide` (its minified steps, found by their exact text: a different Pyodide stops
this script with a message) and at the start of the page's own Python script. The copy's
precache entry for the changed file is rewritten, so its service worker installs as
usual. Per engine, in a fresh profile: a first visit, a wait until it has made its
snapshot, then later visits from the snapshot, each after ``--pause`` idle seconds (a
reader coming back: see bench/snapshot_browser.py). Prints each visit's stages (ms) and
the medians; the figures are in docs/PERFORMANCE.md ("Later visits, the runtime's floor
and WebKit").

Stages: ``called`` navigation → our loader called by PyScript; ``import`` Pyodide's
1.25 MB module script; ``compile`` the wasm compiled and instantiated; ``link``
Emscripten's `receiveInstance` (the dynamic linker: scripts/pyodide_patch.py);
``restore`` the memory copied in; ``finalize`` Pyodide's `finalizeBootstrap` (Python);
``archive`` our `AFTER_RESTORE` and the game's archive unpacked; ``pyscript`` PyScript's
own start until the page's script runs; ``game`` the game's `main()` until ready.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.snapshot_browser import HANG, MADE
from scripts import build_dist, serve
from scripts import engine_drivers as drivers
from scripts.page_driver import READY

ROOT = Path(__file__).resolve().parent.parent

STAGES = ("called", "import", "compile", "link", "restore", "finalize", "archive",
          "pyscript", "game")


def _mark(name: str) -> str:
    return (f'(globalThis.__tacocatStages=(globalThis.__tacocatStages||"")'
            f'+"{name}:"+Math.round(performance.now())+",");')


# Pyodide 314.0.7's loadPyodide and its wasm instantiation, minified; each must occur once.
LOAD = ("async function dt(e={}){let t=await Se(e),n=we(t),i=await _e(t),s=await ke(t,n),"
        "r=await Re(i,n);Fe(r,t);let a=Ae(r,s,t);return await Oe(a,t)}")
LOAD_MARKED = ("async function dt(e={}){let t=await Se(e),n=we(t);" + _mark("config")
               + "let i=await _e(t);" + _mark("imported") + "let s=await ke(t,n);"
               + _mark("bytes") + "let r=await Re(i,n);" + _mark("module") + "Fe(r,t);"
               + "let p=r.API,q=s&&p.restoreSnapshot(s);" + _mark("memory")
               + "let a=p.finalizeBootstrap(q,t._snapshotDeserializer);" + _mark("finalized")
               + "return await Oe(a,t)}")
INSTANCE = "let{instance:d,module:u}=l;r(d,u)"
INSTANCE_MARKED = ("let{instance:d,module:u}=l;" + _mark("instantiated") + "r(d,u);"
                   + _mark("linked"))
SCRIPT = "from web.app import main\n"
SCRIPT_MARKED = ("from js import document as _d, performance as _p\n"
                 "_d.documentElement.dataset.scriptMs = str(round(_p.now()))\n" + SCRIPT)


def _swap(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    if text.count(old) != 1:
        raise SystemExit(f"boot_stages: {path.name} is not the Pyodide/page this script "
                         f"knows ({old[:40]!r} found {text.count(old)} times)")
    path.write_text(text.replace(old, new))
    for sibling in (path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
        sibling.unlink(missing_ok=True)


def instrument(site: Path) -> None:
    """Marks in a copy of dist/; the service worker's precache entry follows the change."""
    mjs = site / "runtime/pyodide/pyodide.mjs"
    _swap(mjs, LOAD, LOAD_MARKED)
    _swap(mjs, INSTANCE, INSTANCE_MARKED)
    _swap(site / "index.html", SCRIPT, SCRIPT_MARKED)
    precache = site / "precache.js"
    text = precache.read_text()
    entry = re.compile(r'\["runtime/pyodide/pyodide\.mjs",\s*\d+,\s*"sha256-[^"]+"\]')
    digest = base64.b64encode(hashlib.sha256(mjs.read_bytes()).digest()).decode()
    new = f'["runtime/pyodide/pyodide.mjs",{mjs.stat().st_size},"sha256-{digest}"]'
    if len(entry.findall(text)) != 1:
        raise SystemExit("boot_stages: precache.js has no single entry for pyodide.mjs")
    precache.write_text(entry.sub(new, text))
    for sibling in (site / "precache.js.br", site / "precache.js.gz"):
        sibling.unlink(missing_ok=True)


PROBE = """() => {
  const root = document.documentElement;
  return {ready: root.dataset.readyMs, boot: root.dataset.boot, marks: root.dataset.bootMs,
          pyodide: globalThis.__tacocatStages, script: root.dataset.scriptMs};
}"""


def stages(found: dict) -> dict:
    """The stages (ms) of one visit from the page's marks (see the module's docstring)."""
    at = {}
    for text in (found["marks"], found["pyodide"]):
        for part in filter(None, (text or "").split(",")):
            name, ms = part.split(":")
            at.setdefault(name, int(ms))
    at["script"] = int(found["script"])
    at["ready"] = int(found["ready"])
    edges = (("called", None, "called"), ("import", "config", "imported"),
             ("compile", "bytes", "instantiated"), ("link", "instantiated", "linked"),
             ("restore", "module", "memory"), ("finalize", "memory", "finalized"),
             ("archive", "finalized", "unpacked"), ("pyscript", "unpacked", "script"),
             ("game", "script", "ready"))
    out = {name: at[end] - (at[start] if start else 0) for name, start, end in edges}
    out["ready"] = at["ready"]
    return out


def visits(name: str, base: str, count: int, pause: float, cpu: float) -> list[dict]:
    engine = drivers.launch(name, **({"throttle": cpu} if name == "chromium" else {}))
    try:
        engine.open(base + "?fresh=1")
        engine.wait_for(READY, HANG)
        engine.wait_for("(document.documentElement.dataset.sw || '').length === 16", HANG)
        engine.wait_for(MADE, HANG)
        rows = []
        for _ in range(count):
            time.sleep(pause)
            engine.open(base + "?fresh=1")
            engine.wait_for(READY, HANG)
            found = engine.run(PROBE)
            if found["boot"] != "snapshot":
                raise SystemExit(f"boot_stages: {name} did not start from the snapshot")
            rows.append({"engine": name, "version": engine.version, "cpu": cpu,
                         **stages(found)})
            print(json.dumps(rows[-1]), flush=True)
        return rows
    finally:
        engine.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engines", default="chromium,webkit",
                    help="comma-separated: chromium, chromium4 (4× CPU), firefox, webkit")
    ap.add_argument("--visits", type=int, default=3, help="later visits per engine")
    ap.add_argument("--pause", type=float, default=20.0, metavar="S",
                    help="idle seconds before each later visit")
    args = ap.parse_args()
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="tacocat-stages-") as tmp:
        site = Path(tmp) / "dist"
        build_dist.build(site, quiet=True)
        instrument(site)
        server, base = serve.start_server(site, port=0)
        try:
            for wanted in args.engines.split(","):
                name, cpu = (wanted[:-1], 4.0) if wanted.endswith("4") else (wanted, 1.0)
                if name != "chromium" and not drivers.available(name):
                    print(f"boot_stages: {name} is not installed; skipped", file=sys.stderr)
                    continue
                results[wanted] = visits(name, base, args.visits, args.pause, cpu)
        finally:
            serve.stop_server(server)
            shutil.rmtree(site, ignore_errors=True)
    keys = list(results)
    print("\n| stage | " + " | ".join(keys) + " |")
    print("|---|" + "---:|" * len(keys))
    for stage in (*STAGES, "ready"):
        cells = [f"{statistics.median(r[stage] for r in results[k]):,.0f}" for k in keys]
        print(f"| {stage} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
