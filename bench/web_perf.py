"""Browser benchmark (Playwright + Chromium): start-up of the game page as ``make dist``
ships it against a bare PyScript page on the *unmodified* npm packages
(node_modules/@pyscript/core and node_modules/pyodide, as any PyScript app would load
them), in the same run, and the computer's decision times inside the page with the longest
main-thread task while it plays. Writes the ``## Browser`` section of docs/PERFORMANCE.md
(between ``<!-- browser:start/end -->`` markers).

    .venv/bin/python -m bench.web_perf [--runs 7] [--decisions 120] [--no-write]
                                       [--no-precompressed] [--startup-only]

Start-up: each cold run uses a fresh browser context (empty cache, no service worker);
the warm run reloads the same context (the HTTP cache revalidates every file). The two
pages alternate, so both see the same machine load; medians are reported, with the load
average. Both are served by scripts/serve.py from localhost; the game's dist/ build with
its .br/.gz siblings (as a host would send it; ``--no-precompressed`` sends raw bytes).
``--service-worker`` adds three pages to the alternation: with the service worker allowed
as a reader gets it, the game without the start-up snapshot (``?snapshot=0``) and with it;
and with it blocked, the game keeping its snapshot itself (web/boot/snapshot_store.mjs);
for each, cold = the first visit and warm = the next visit (a reload) once the first has
made its snapshot (web/boot/pyodide_loader.mjs), i.e. the second visit starts from it.
``--floor`` adds the runtime alone: the bare page on *our* runtime (runtime/: the trimmed
bytecode standard library, the patched linker of scripts/pyodide_patch.py), no game — the
part of the game's start that is PyScript's and Pyodide's own, as a ratio to the bare page.
"Board visible" is the first contentful paint — the board, title and rules are static
HTML, so they are in that paint. "Playable" is the page's own ``data-ready-ms``
(``performance.now()`` when the game accepts input; the bare page sets it when its first
line of Python runs).

AI: ``index.html?mode=watch&level=L&pace=0`` has the computer play itself; the page records
each decision's wall time (the sliced search, awaiting between slices) and a
PerformanceObserver records every long task (> 50 ms) after the page is ready.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

from bench.docsection import write_section
from bench.harness import LONGTASK_JS, build_baseline, launch_chromium
from scripts import build_dist, compress, serve
from scripts.page_driver import READY

ROOT = Path(__file__).resolve().parent.parent



def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def fcp(page) -> float:
    return page.evaluate("""() => {
      const e = performance.getEntriesByName('first-contentful-paint')[0];
      return e ? e.startTime : NaN; }""")


def bare_site(folder: Path) -> Path:
    """A bare PyScript page (bench/bare/index.html) on the unmodified npm packages, with
    .br/.gz siblings like the game's (what a compressing host sends: same transport)."""
    npm = folder / "npm"
    npm.mkdir(parents=True)
    shutil.copytree(ROOT / "node_modules" / "pyodide", npm / "pyodide")
    shutil.copytree(ROOT / "node_modules" / "@pyscript" / "core" / "dist", npm / "pyscript")
    page = folder / "bare"
    page.mkdir()
    html = (ROOT / "bench" / "bare" / "index.html").read_text(encoding="utf-8")
    (page / "index.html").write_text(
        html.replace("../../runtime/pyscript/", "../npm/pyscript/"), encoding="utf-8")
    (page / "pyscript.toml").write_text(
        'interpreter = "../npm/pyodide/pyodide.mjs"\n', encoding="utf-8")
    compress.compress_site(folder, quiet=True)
    return folder


def floor_site(folder: Path) -> Path:
    """The same bare page on the game's own runtime/ (what the game's page loads, minus the
    game), with .br/.gz siblings: how far below the bare page a page can start at all."""
    for part in ("pyodide", "pyscript"):
        shutil.copytree(ROOT / "runtime" / part, folder / "runtime" / part)
    shutil.copytree(ROOT / "bench" / "bare", folder / "bench" / "bare")
    compress.compress_site(folder, quiet=True)
    return folder


PHONE = {"width": 390, "height": 844}


SNAPSHOT_MADE = ("['stored', 'failed', 'no-room'].includes("
                 "document.documentElement.dataset.snapshot)")


# Pages run with service workers blocked although their URL would use one: the game then
# keeps its start-up snapshot itself (web/boot/snapshot_store.mjs).
BLOCKED = {"page"}


def startup(browser, url: str, throttle: tuple[float, float] | None = None,
            cpu: float = 1.0, blocked: bool = False) -> dict:
    """One cold load (fresh context) and one warm reload of url; ``cpu`` > 1 slows the CPU
    down that much (CDP Emulation.setCPUThrottlingRate; 4 ≈ a mid-range phone), in a
    phone-sized viewport. A URL without ``sw=0`` runs with the service worker allowed
    (unless ``blocked``); one without ``snapshot=0`` too then waits for the first visit's
    snapshot before the reload (the wait is not timed: the worker makes it in the
    background), and the reload must start from it."""
    game = "/bare/" not in url
    with_sw = game and "sw=0" not in url and not blocked
    snapshot = game and "sw=0" not in url and "snapshot=0" not in url
    context = browser.new_context(service_workers="allow" if with_sw else "block",
                                  **({"viewport": PHONE} if cpu != 1.0 else {}))
    page = context.new_page()
    if cpu != 1.0:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if throttle:  # Chromium's network emulation: latency per request, download rate
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": throttle[0],
            "downloadThroughput": throttle[1] * 125000, "uploadThroughput": throttle[1] * 125000})
    page.goto(url)
    page.wait_for_function(READY, timeout=120000)
    cold = float(page.evaluate("document.documentElement.dataset.readyMs"))
    paint = fcp(page)
    if with_sw:
        page.wait_for_function("(document.documentElement.dataset.sw || '').length === 16",
                               timeout=300000)
    if snapshot:
        page.wait_for_function(SNAPSHOT_MADE, timeout=300000)
        made = page.evaluate("document.documentElement.dataset.snapshot")
        if made != "stored":
            raise RuntimeError(f"no snapshot was made: {made}")
    page.reload()
    page.wait_for_function(READY, timeout=120000)
    warm = float(page.evaluate("document.documentElement.dataset.readyMs"))
    booted = page.evaluate("document.documentElement.dataset.boot")
    if snapshot and booted != "snapshot":
        raise RuntimeError(f"the second visit did not start from the snapshot: {booted}")
    context.close()
    return {"cold": cold, "warm": warm, "fcp": paint}


def compare(browser, pages: dict[str, str], runs: int, throttle=None, cpu: float = 1.0) -> dict:
    """Alternate the pages run by run; medians of each measure."""
    out = {name: {"cold_all": [], "warm_all": [], "fcp_all": []} for name in pages}
    loads = [os.getloadavg()[0]]
    for _ in range(runs):
        for name, url in pages.items():
            one = startup(browser, url, throttle, cpu, blocked=name in BLOCKED)
            for key in ("cold", "warm", "fcp"):
                out[name][key + "_all"].append(one[key])
        loads.append(os.getloadavg()[0])
    for store in out.values():
        for key in ("cold", "warm", "fcp"):
            store[key] = statistics.median(store[key + "_all"])
    out["load"] = {"min": min(loads), "max": max(loads)}
    return out


def ai_in_page(browser, base: str, level: str, decisions: int) -> dict:
    context = browser.new_context(service_workers="block")
    context.add_init_script(LONGTASK_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?mode=watch&level={level}&pace=0&fresh=1&seed=100&sw=0")
    page.wait_for_function(READY, timeout=120000)
    ready = float(page.evaluate("document.documentElement.dataset.readyMs"))
    enough = f"""() => {{ const t = JSON.parse(document.documentElement.dataset.aiTimes
                                                || '{{}}');
                          const again = document.getElementById('btn-rematch');
                          if (again) again.click();  // watch mode stops at game over
                          return (t['{level}'] || []).length >= {decisions}; }}"""
    page.wait_for_function(enough, timeout=900000, polling=500)
    times = json.loads(page.evaluate("document.documentElement.dataset.aiTimes"))[level]
    spans = json.loads(page.evaluate("document.documentElement.dataset.aiSpans"))
    tasks = page.evaluate("window.__longtasks")
    context.close()
    # A long task belongs to the computer's thinking if it overlaps one of its decisions
    # (the page's runner publishes their spans on the same clock); the others are the
    # rendering of moves and new games, reported apart.
    after = [(start, d) for start, d in tasks if start > ready]
    thinking = [d for start, d in after
                if any(start < end and start + d > begin for begin, end in spans)]
    return {"n": len(times), "mean": statistics.fmean(times), "p95": p95(times),
            "max": max(times), "longest_task": max(thinking, default=0.0),
            "long_tasks": len(thinking),
            "longest_other": max((d for _, d in after), default=0.0)}


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
    ap.add_argument("--runs", type=int, default=7, help="cold/warm start-up runs per page")
    ap.add_argument("--decisions", type=int, default=120, help="AI decisions per level")
    ap.add_argument("--no-precompressed", action="store_true",
                    help="serve the game's files uncompressed (no .br/.gz siblings)")
    ap.add_argument("--startup-only", action="store_true", help="skip the AI measurements")
    ap.add_argument("--throttle", metavar="RTT_MS,MBPS",
                    help="emulate a network (e.g. 60,20) for the start-up runs; writes the "
                    "'browser-network' section instead")
    ap.add_argument("--cpu-throttle", type=float, default=1.0, metavar="RATE",
                    help="slow the CPU down (4 ≈ a mid-range phone) in a 390×844 viewport for "
                    "the start-up runs; writes the 'browser-phone' section instead")
    ap.add_argument("--baseline", metavar="REV",
                    help="also load dist/ as built by the scripts of this git revision "
                    "(e.g. 88654f4, before issue #11), in the same alternating runs")
    ap.add_argument("--service-worker", action="store_true",
                    help="also the game with its service worker, without and with the "
                    "start-up snapshot (first visit, then the second)")
    ap.add_argument("--floor", action="store_true",
                    help="also the bare page on our own runtime (no game): the runtime's share")
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()
    if args.throttle or args.cpu_throttle != 1.0:
        args.startup_only = True
    if args.runs < 5:
        ap.error("--runs must be at least 5 (medians of five or more)")

    from playwright.sync_api import sync_playwright

    from web.model.levels import LEVELS

    with tempfile.TemporaryDirectory(prefix="tacocat-bench-") as tmp:
        site = Path(tmp) / "dist"
        build_dist.build(site, quiet=True)
        bare_dir = bare_site(Path(tmp) / "bare-site")
        game_server, game_base = serve.start_server(
            site, port=0, precompressed=not args.no_precompressed)
        bare_server, bare_base = serve.start_server(
            bare_dir, port=0, precompressed=not args.no_precompressed)
        pages = {"bare": bare_base + "bare/", "game": game_base + "index.html?fresh=1&sw=0"}
        servers = [game_server, bare_server]
        if args.service_worker:
            pages["sw"] = game_base + "index.html?fresh=1&snapshot=0"
            pages["snap"] = game_base + "index.html?fresh=1"
            pages["page"] = game_base + "index.html?fresh=1"  # in BLOCKED
        if args.floor:
            floor_server, floor_base = serve.start_server(
                floor_site(Path(tmp) / "floor-site"), port=0,
                precompressed=not args.no_precompressed)
            servers.append(floor_server)
            pages["floor"] = floor_base + "bench/bare/"
        if args.baseline:
            old = build_baseline(args.baseline, Path(tmp) / "baseline")
            compress.compress_site(old, quiet=True)
            old_server, old_base = serve.start_server(
                old, port=0, precompressed=not args.no_precompressed)
            servers.append(old_server)
            pages["before"] = old_base + "index.html?fresh=1&sw=0"
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                version = browser.version
                throttle = tuple(float(x) for x in args.throttle.split(",")) \
                    if args.throttle else None
                result = compare(browser, pages, args.runs, throttle, args.cpu_throttle)
                bare, game = result["bare"], result["game"]
                ai = {} if args.startup_only else {
                    level: ai_in_page(browser, game_base, level, args.decisions)
                    for level in LEVELS}
                browser.close()
        finally:
            for server in servers:
                serve.stop_server(server)
    cpy = {level: ai_cpython(level, min(args.decisions, 80)) for level in ai}

    ratio_cold = game["cold"] / bare["cold"]
    ratio_warm = game["warm"] / bare["warm"]
    worst_task = max((a["longest_task"] for a in ai.values()), default=0.0)

    def runs(values):
        return ", ".join(f"{v:.0f}" for v in values)

    wire = "precompressed siblings (brotli)" if not args.no_precompressed else "uncompressed"
    network = "localhost"
    if throttle:
        network = (f"an emulated network ({throttle[0]:.0f} ms per request, "
                   f"{throttle[1]:.0f} Mbit/s down; Chromium DevTools emulation)")
    phone = args.cpu_throttle != 1.0
    if phone:
        network = (f"localhost, with the CPU slowed down {args.cpu_throttle:g}× (CDP "
                   "Emulation.setCPUThrottlingRate: a mid-range phone) in a 390×844 viewport")
    title = ("### Start-up on a phone's CPU" if phone else
             "### Start-up on a slower network" if throttle else "## Browser")
    lines = [
        title,
        "",
        f"Measured by `bench/web_perf.py` on {date.today().isoformat()}: headless Chromium "
        f"{version}, {platform.machine()} with {os.cpu_count()} cores (load average "
        f"{result['load']['min']:.1f}–{result['load']['max']:.1f} during the start-up runs: "
        f"the machine is shared), both pages served by scripts/serve.py over {network}; "
        f"median of {args.runs} alternating runs, cold = fresh context (empty cache), "
        "warm = reload (HTTP cache, revalidated). Service workers blocked so both pages load "
        "the same way (the game page with `?sw=0`, so it does not wait for one). The game "
        f"page is a fresh `make dist` build sent with its {wire}; "
        "the bare page is bench/bare/ on the unmodified npm packages "
        "(node_modules/@pyscript/core/dist, node_modules/pyodide), sent the same way.",
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
        f"All runs (ms): game cold {runs(game['cold_all'])}; bare cold {runs(bare['cold_all'])}; "
        f"game warm {runs(game['warm_all'])}; bare warm {runs(bare['warm_all'])}.",
    ]
    if args.service_worker:
        sw, snap, own = result["sw"], result["snap"], result["page"]
        lines += [
            "",
            "With the service worker allowed, as a reader gets the game (cold = first visit; "
            "warm = the second visit, from the worker's cache; with the snapshot it starts "
            "from the memory snapshot the first visit made):",
            "",
            "| | cold (first visit) | warm (second visit) | warm / bare warm |",
            "|---|---:|---:|---:|",
            f"| game, service worker, no snapshot (`?snapshot=0`) | {sw['cold']:.0f} ms | "
            f"{sw['warm']:.0f} ms | {sw['warm'] / bare['warm']:.2f}× |",
            f"| game, service worker + start-up snapshot | {snap['cold']:.0f} ms | "
            f"{snap['warm']:.0f} ms | {snap['warm'] / bare['warm']:.2f}× |",
            f"| game, service worker blocked, the page's own snapshot | {own['cold']:.0f} ms | "
            f"{own['warm']:.0f} ms | {own['warm'] / bare['warm']:.2f}× |",
            "",
            f"All runs (ms): no snapshot cold {runs(sw['cold_all'])}, warm "
            f"{runs(sw['warm_all'])}; snapshot cold {runs(snap['cold_all'])}, warm "
            f"{runs(snap['warm_all'])}; the page's own snapshot cold {runs(own['cold_all'])}, "
            f"warm {runs(own['warm_all'])}.",
        ]
    floor = result.get("floor")
    if floor:
        lines += [
            "",
            "The runtime alone (`--floor`: the bare page on the game's own runtime — trimmed "
            "bytecode standard library, patched linker — with no game) in the same runs: "
            f"cold {floor['cold']:.0f} ms ({floor['cold'] / bare['cold']:.2f}× the bare page), "
            f"warm {floor['warm']:.0f} ms ({floor['warm'] / bare['warm']:.2f}×); all runs (ms): "
            f"cold {runs(floor['cold_all'])}, warm {runs(floor['warm_all'])}. A plain start of "
            "the game cannot be quicker than this.",
        ]
    before = result.get("before")
    if before:
        lines += [
            "",
            f"The same runs also loaded the game as built at `{args.baseline}` (by that "
            f"revision's own scripts): first paint {before['fcp']:.0f} ms, "
            f"playable cold {before['cold']:.0f} ms ({before['cold'] / bare['cold']:.2f}× the "
            f"bare page), warm {before['warm']:.0f} ms ({before['warm'] / bare['warm']:.2f}×).",
        ]
    if ai:
        lines += [
            "",
            "Computer decisions inside the page (the page plays itself: `?mode=watch&pace=0`; "
            "wall time of the sliced search, awaiting the browser between slices) next to the "
            "same level in CPython on this machine:",
            "",
            "| level | decisions | page mean ms | page p95 ms | page max ms | CPython mean ms "
            "| CPython p95 ms | longest task while it thinks | longest task of the whole "
            "game (incl. rendering) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for level, a in ai.items():
            c = cpy[level]
            lines.append(f"| {level} | {a['n']} | {a['mean']:.1f} | {a['p95']:.1f} | "
                         f"{a['max']:.1f} | {c['mean']:.1f} | {c['p95']:.1f} | "
                         f"{a['longest_task']:.0f} ms ({a['long_tasks']} tasks > 50 ms) | "
                         f"{a['longest_other']:.0f} ms |")
    goals = [] if throttle or phone else [  # the paint goal is for localhost
        ("board visible ≤ 300 ms", game["fcp"] <= 300, f"{game['fcp']:.0f} ms")]
    goals += [
        ("playable ≤ 1.0 × bare page (cold)", ratio_cold <= 1.0, f"{ratio_cold:.2f}×"),
        ("playable ≤ 1.0 × bare page (warm)", ratio_warm <= 1.0, f"{ratio_warm:.2f}×"),
    ]
    if args.service_worker:
        snap_warm = result["snap"]["warm"]
        goals += [
            ("second visit (snapshot) ≤ 0.20 × bare page (warm)",
             snap_warm / bare["warm"] <= 0.20, f"{snap_warm / bare['warm']:.2f}×"),
            ("second visit (snapshot) ≤ 2 s", snap_warm <= 2000, f"{snap_warm:.0f} ms"),
            ("reload with the worker blocked, from the page's own snapshot ≤ 0.20 × bare "
             "page (warm)", own["warm"] / bare["warm"] <= 0.20,
             f"{own['warm'] / bare['warm']:.2f}×"),
        ]
    if ai:
        goals.append(("no main-thread task > 100 ms while the computer thinks", worst_task <= 100,
                      f"longest {worst_task:.0f} ms"))
    for level in ("hard", "master"):
        if level in ai:
            goals.append((f"{level} p95 ≤ 1 s in the page", ai[level]["p95"] <= 1000,
                          f"{ai[level]['p95']:.0f} ms"))
    lines += ["", "Goals:", ""]
    lines += [f"- {name}: **{'met' if ok else 'NOT met'}** ({value})" for name, ok, value in goals]
    body = "\n".join(lines)
    print(body)
    if not args.no_write:
        section = "browser-phone" if phone else "browser-network" if throttle else "browser"
        path = write_section("docs/PERFORMANCE.md", section, body)
        print(f"\nwrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
