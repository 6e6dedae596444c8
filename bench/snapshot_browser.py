#!/usr/bin/env python3
"""What the start-up snapshot (issue #19, web/boot/pyodide_loader.mjs) saves a returning
reader, in Chromium (1× and 4× CPU throttle), Firefox and WebKit: the shipped game page
with its service worker, as a reader gets it.

    .venv/bin/python -m bench.snapshot_browser [--runs 5]

A fresh `make dist` build served by scripts/serve.py. Each run, per engine, in a fresh
profile: the first visit (cold: ready, `data-ready-ms`), a wait (untimed) until that visit
has made its snapshot, then two later visits from the worker's cache — plain
(``?snapshot=0``) and from the snapshot — in alternating order run by run. The engines
alternate too, so they share the machine's load. Prints one JSON line per run and a
summary of medians and ranges (ms); the numbers and the decision are in
docs/PERFORMANCE.md (section "The start-up snapshot"). The snapshot's own cost (size, time
to make it under Node) is bench/snapshot_node.mjs.

``--baseline REV`` also runs dist/ as the scripts of that git revision build it, each run
right after the current build's (the order flips run by run), so the two builds' later
visits can be compared in one run.

``--pause S`` leaves the browser idle S seconds before each later visit: a reader coming
back, not a reload moments after the page (or its snapshot worker) ran. It matters in
WebKit: JavaScriptCore keeps compiling the last page's hot wasm functions in the
background, in the same web process, and the next page's first wasm compile waits for
them (0.4-0.9 s on back-to-back visits here, ≈ 0 after a 25 s pause; docs/PERFORMANCE.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.harness import HANG, build_baseline
from scripts import build_dist, serve
from scripts import engine_drivers as drivers
from scripts.page_driver import READY

ROOT = Path(__file__).resolve().parent.parent

CASES = (("chromium", 1.0), ("chromium", 4.0), ("firefox", 1.0), ("webkit", 1.0))
MADE = ("['stored', 'failed', 'no-room'].includes(document.documentElement.dataset.snapshot)"
        " && document.documentElement.dataset.snapshot")


def ready_ms(engine) -> float:
    engine.wait_for(READY, HANG)
    return float(engine.run("document.documentElement.dataset.readyMs"))


def one_run(name: str, cpu: float, base: str, snapshot_first: bool, pause: float = 0.0) -> dict:
    engine = drivers.launch(name, **({"throttle": cpu} if name == "chromium" else {}))
    try:
        engine.open(base + "?fresh=1")
        out: dict = {"engine": name, "version": engine.version, "cpu": cpu, "pause": pause,
                     "load": round(os.getloadavg()[0], 1), "cold": ready_ms(engine)}
        engine.wait_for("(document.documentElement.dataset.sw || '').length === 16", HANG)
        out["made"] = engine.wait_for(MADE, HANG)
        order = ("snapshot", "plain") if snapshot_first else ("plain", "snapshot")
        for mode in order:
            time.sleep(pause)
            engine.open(base + ("?fresh=1" if mode == "snapshot" else "?fresh=1&snapshot=0"))
            out[mode] = ready_ms(engine)
            out[mode + "_boot"] = engine.run("document.documentElement.dataset.boot")
        out["errors"] = engine.errors()
        return out
    finally:
        engine.close()


def summary(rows: list[dict]) -> dict:
    def stats(key: str) -> str:
        xs = [r[key] for r in rows]
        return f"{statistics.median(xs):,.0f} ({min(xs):,.0f}–{max(xs):,.0f})"

    return {"build": rows[0]["build"], "engine": rows[0]["engine"],
            "version": rows[0]["version"], "cpu": rows[0]["cpu"],
            "runs": len(rows), "cold": stats("cold"), "warm_plain": stats("plain"),
            "warm_snapshot": stats("snapshot"),
            "boots": sorted({r["snapshot_boot"] for r in rows}),
            "load": [min(r["load"] for r in rows), max(r["load"] for r in rows)],
            "pause_s": rows[0].get("pause", 0.0)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--engines", default="chromium,chromium4,firefox,webkit",
                    help="comma-separated: chromium, chromium4 (4× CPU), firefox, webkit")
    ap.add_argument("--baseline", metavar="REV",
                    help="also dist/ as built by the scripts of this git revision")
    ap.add_argument("--pause", type=float, default=0.0, metavar="S",
                    help="idle seconds before each later visit (a reader coming back)")
    args = ap.parse_args()
    wanted = set(args.engines.split(","))
    cases = [(n, c) for n, c in CASES
             if (n + ("4" if c == 4.0 else "")) in wanted
             and (n == "chromium" or drivers.available(n))]
    builds = ["now"] + ([args.baseline] if args.baseline else [])
    rows: dict[tuple[str, str, float], list[dict]] = {
        (b, n, c): [] for b in builds for n, c in cases}
    servers = []
    with tempfile.TemporaryDirectory(prefix="tacocat-snap-") as tmp:
        sites = {"now": Path(tmp) / "dist"}
        build_dist.build(sites["now"], quiet=True)
        if args.baseline:
            sites[args.baseline] = build_baseline(args.baseline,
                                                              Path(tmp) / "baseline")
        try:
            bases = {}
            for build, site in sites.items():
                server, bases[build] = serve.start_server(site, port=0)
                servers.append(server)
            for i in range(args.runs):
                for name, cpu in cases:
                    for build in (builds if i % 2 == 0 else builds[::-1]):
                        row = {"build": build,
                               **one_run(name, cpu, bases[build], snapshot_first=bool(i % 2),
                                         pause=args.pause)}
                        rows[(build, name, cpu)].append(row)
                        print(json.dumps(row), flush=True)
        finally:
            for server in servers:
                serve.stop_server(server)
    for case_rows in rows.values():
        if case_rows:
            print("summary:", json.dumps(summary(case_rows), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
