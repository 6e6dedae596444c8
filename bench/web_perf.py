"""Browser benchmark (Playwright + Chromium): start-up of the game page against the bare
PyScript page (bench/bare/) in the same run, and the computer's decision times inside the
page with the longest main-thread task while it plays. Writes the ``## Browser`` section of
docs/PERFORMANCE.md (between ``<!-- browser:start/end -->`` markers).

    .venv/bin/python bench/web_perf.py [--runs 5] [--decisions 120] [--no-write]

Start-up: each cold run uses a fresh browser context (empty cache, no service worker);
the warm run reloads the same context. "Board visible" is the first contentful paint —
the board, title and rules are static HTML, so they are in that paint. "Playable" is the
page's own ``data-ready-ms`` (``performance.now()`` when the game accepts input).

AI: ``index.html?mode=watch&level=L&pace=0`` has the computer play itself; the page records
each decision's wall time (the sliced search, awaiting between slices) and a
PerformanceObserver records every long task (> 50 ms) after the page is ready.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
from docsection import write_section  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
LONGTASK_JS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""
READY = "document.documentElement.dataset.ready === '1'"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def fcp(page) -> float:
    return page.evaluate("""() => {
      const e = performance.getEntriesByName('first-contentful-paint')[0];
      return e ? e.startTime : NaN; }""")


def startup(browser, url: str, runs: int) -> dict:
    cold, warm, paint = [], [], []
    for _ in range(runs):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=120000)
        cold.append(float(page.evaluate("document.documentElement.dataset.readyMs")))
        paint.append(fcp(page))
        page.reload()
        page.wait_for_function(READY, timeout=120000)
        warm.append(float(page.evaluate("document.documentElement.dataset.readyMs")))
        context.close()
    return {"cold": statistics.median(cold), "warm": statistics.median(warm),
            "fcp": statistics.median(paint), "cold_all": cold, "warm_all": warm,
            "fcp_all": paint}


def ai_in_page(browser, base: str, level: str, decisions: int) -> dict:
    context = browser.new_context(service_workers="block")
    context.add_init_script(LONGTASK_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?mode=watch&level={level}&pace=0&fresh=1&seed=100")
    page.wait_for_function(READY, timeout=120000)
    ready = float(page.evaluate("document.documentElement.dataset.readyMs"))
    page.wait_for_function(
        f"""() => {{ const t = JSON.parse(document.documentElement.dataset.aiTimes || '{{}}');
                     return (t['{level}'] || []).length >= {decisions}; }}""",
        timeout=600000, polling=500)
    times = json.loads(page.evaluate("document.documentElement.dataset.aiTimes"))[level]
    tasks = page.evaluate("window.__longtasks")
    context.close()
    during = [d for start, d in tasks if start > ready]
    return {"n": len(times), "mean": statistics.fmean(times), "p95": p95(times),
            "max": max(times), "longest_task": max(during, default=0.0),
            "long_tasks": len(during)}


def ai_cpython(level: str, decisions: int) -> dict:
    from tacocat import Game
    from tacocat.ai import make_player

    times: list[float] = []
    seed = 100
    while len(times) < decisions:
        game = Game(seed)
        bots = [make_player(level, seed=2 * seed + 1), make_player(level, seed=2 * seed + 2)]
        while not game.is_terminal() and len(times) < decisions:
            for seat in game.to_act():
                t0 = time.perf_counter()
                action = bots[seat].choose(game.observation(seat))
                times.append((time.perf_counter() - t0) * 1000)
                game.apply(seat, action)
        seed += 1
    return {"n": len(times), "mean": statistics.fmean(times), "p95": p95(times)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="cold/warm start-up runs per page")
    ap.add_argument("--decisions", type=int, default=120, help="AI decisions per level")
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    from web.players import LEVELS

    server, base = serve.start_server(ROOT, port=0, prefix="/")
    try:
        with sync_playwright() as p:
            launch = {"args": ARGS}
            if os.access(CHROMIUM, os.X_OK):
                launch["executable_path"] = CHROMIUM
            browser = p.chromium.launch(**launch)
            version = browser.version
            # interleave so both pages see the same machine load
            bare = startup(browser, base + "bench/bare/", 1)
            game = startup(browser, base + "index.html?fresh=1", 1)
            for _ in range(args.runs - 1):
                for store, url in ((bare, "bench/bare/"), (game, "index.html?fresh=1")):
                    more = startup(browser, base + url, 1)
                    store["cold_all"] += more["cold_all"]
                    store["warm_all"] += more["warm_all"]
                    store["fcp_all"] += more["fcp_all"]
            for store in (bare, game):
                store["cold"] = statistics.median(store["cold_all"])
                store["warm"] = statistics.median(store["warm_all"])
                store["fcp"] = statistics.median(store["fcp_all"])
            ai = {level: ai_in_page(browser, base, level, args.decisions) for level in LEVELS}
            browser.close()
    finally:
        serve.stop_server(server)
    cpy = {level: ai_cpython(level, min(args.decisions, 80)) for level in LEVELS}

    ratio_cold = game["cold"] / bare["cold"]
    ratio_warm = game["warm"] / bare["warm"]
    worst_task = max(a["longest_task"] for a in ai.values())
    hard = ai.get("hard")
    lines = [
        "## Browser",
        "",
        f"Measured by `bench/web_perf.py` on {date.today().isoformat()}: headless Chromium "
        f"{version}, {platform.machine()} with {os.cpu_count()} cores, the page served from "
        f"localhost by scripts/serve.py; median of {args.runs} runs, cold = fresh context "
        "(empty cache), warm = reload. Service workers blocked so both pages load the same way.",
        "",
        "| | game page | bare PyScript page | game / bare |",
        "|---|---:|---:|---:|",
        f"| board visible (first contentful paint) | {game['fcp']:.0f} ms | "
        f"{bare['fcp']:.0f} ms | |",
        f"| playable, cold | {game['cold']:.0f} ms | {bare['cold']:.0f} ms | "
        f"{ratio_cold:.2f}× |",
        f"| playable, warm | {game['warm']:.0f} ms | {bare['warm']:.0f} ms | "
        f"{ratio_warm:.2f}× |",
        "",
        "Computer decisions inside the page (the page plays itself: `?mode=watch&pace=0`; "
        "wall time of the sliced search, awaiting the browser between slices) next to the "
        "same level in CPython on this machine:",
        "",
        "| level | decisions | page mean ms | page p95 ms | page max ms | CPython mean ms "
        "| CPython p95 ms | longest task during AI turns |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for level, a in ai.items():
        c = cpy[level]
        lines.append(f"| {level} | {a['n']} | {a['mean']:.1f} | {a['p95']:.1f} | "
                     f"{a['max']:.1f} | {c['mean']:.1f} | {c['p95']:.1f} | "
                     f"{a['longest_task']:.0f} ms ({a['long_tasks']} tasks > 50 ms) |")
    goals = [
        ("board visible ≤ 300 ms", game["fcp"] <= 300, f"{game['fcp']:.0f} ms"),
        ("playable ≤ 1.2 × bare page (cold)", ratio_cold <= 1.2, f"{ratio_cold:.2f}×"),
        ("playable ≤ 1.2 × bare page (warm)", ratio_warm <= 1.2, f"{ratio_warm:.2f}×"),
        ("no main-thread task > 100 ms during AI turns", worst_task <= 100,
         f"longest {worst_task:.0f} ms"),
    ]
    if hard:
        goals.append(("hard p95 ≤ 1 s in the page", hard["p95"] <= 1000,
                      f"{hard['p95']:.0f} ms"))
    lines += ["", "Goals:", ""]
    lines += [f"- {name}: **{'met' if ok else 'NOT met'}** ({value})" for name, ok, value in goals]
    body = "\n".join(lines)
    print(body)
    if not args.no_write:
        path = write_section("docs/PERFORMANCE.md", "browser", body)
        print(f"\nwrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
