"""Browser benchmark: whole games in the shipped page as a phone plays them — 390×844,
Chromium's CPU slowed 4× from the start (≈ a mid-range phone), trusted clicks, the
default pace, animations on — this build against ``--baseline REV`` (built the same way)
and against measuring builds with parts of the look switched off (``--without``,
bench/look_parts.py), alternating game by game so all see the same machine load. Writes
the ``browser-play`` section of docs/PERFORMANCE.md.

    nice -n 10 .venv/bin/python -m bench.web_play [--baseline bfd4f2f] [--games 3]
        [--without pictures,fan,...|all] [--rate 4] [--pause 300] [--seed 4]
        [--browser shell|chromium] [--level easy] [--master] [--no-write]

Measured with the browser's own APIs (bench/page_probe.py), over the whole game from the
page's ready flag — the computer's turns, every animation and the settling after each
move included — with the start's own frames kept apart:

* long tasks (> 50 ms) per game, how many > 100 ms, the longest;
* long animation frames: how many, their time, split into script (by who called it:
  ``MessagePort.onmessage`` is Python's scheduled work, ``FrameRequestCallback`` the
  animation-frame callbacks, ``TimerHandler``, the click handlers), style and layout
  forced inside scripts, and the frame's own rendering (style, layout, paint);
* frames over 100 ms after ready, and the longest frame of the start;
* interaction latency (Event Timing: input → next paint, the metric behind INP): median,
  p75, p98, max, and the median split into input delay / processing / presentation;
* tap → its change painted (however the page schedules the change), DOM calls made from
  Python per click and applier calls per click (one patch batch per render);
* this build only: ``window.tacocatProfile()``, the page's own per-move phases.

``--browser``: ``shell`` (default) is Debian's chromium-headless-shell, which the browser
tests drive and which paints on the main thread much as a phone without a free GPU does:
it shows the look's cost that the full browser's compositor hides on this machine
(docs/PERFORMANCE.md); ``chromium`` is the full browser.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
from datetime import date
from pathlib import Path

from bench.docsection import publish
from bench.harness import launch_chromium, served_dist
from bench.look_parts import MOTION, PARTS, switched_off
from bench.page_probe import Game, play

ROOT = Path(__file__).resolve().parent.parent


BROWSERS = {"shell": "/usr/bin/chromium-headless-shell", "chromium": "/usr/bin/chromium"}
INVOKERS = ("MessagePort.onmessage", "FrameRequestCallback", "TimerHandler:setTimeout")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def summary(games: list[Game]) -> dict:
    lat = [v for g in games for v in g.latency]
    clicks = sum(g.clicks for g in games)
    n = len(games)

    def per_game(fn) -> float:
        return sum(fn(g) for g in games) / n

    invokers: dict[str, float] = {}
    for g in games:
        for f in g.frames:
            for name, ms in f.by_invoker.items():
                key = name if name in INVOKERS else "other scripts"
                invokers[key] = invokers.get(key, 0.0) + ms / n
    return {
        "games": n, "clicks": clicks,
        "tasks": [len(g.tasks) for g in games],
        "over100": [sum(d > 100 for d in g.tasks) for g in games],
        "longest": [max(g.tasks, default=0.0) for g in games],
        "median": statistics.median(lat) if lat else 0.0, "p75": pct(lat, 0.75),
        "p98": pct(lat, 0.98), "max": max(lat, default=0.0),
        "split": [statistics.median([x[i] for g in games for x in g.split] or [0.0])
                  for i in range(3)],
        "frames": per_game(lambda g: len(g.frames)),
        "frame_s": per_game(lambda g: sum(f.duration for f in g.frames)) / 1000,
        "script_s": per_game(lambda g: sum(f.script for f in g.frames)) / 1000,
        "forced_s": per_game(lambda g: sum(f.forced for f in g.frames)) / 1000,
        "style_s": per_game(lambda g: sum(f.style_layout for f in g.frames)) / 1000,
        "render_s": per_game(lambda g: sum(f.rendering for f in g.frames)) / 1000,
        "invokers": {k: v / 1000 for k, v in invokers.items()},
        "over100_frames": [sum(f.duration > 100 for f in g.frames) for g in games],
        "start_longest": [max((f.duration for f in g.start_frames), default=0.0)
                          for g in games],
        "drawn": sorted(d for g in games for d in g.drawn),
        "dom_per_click": sum(g.dom for g in games) / max(clicks, 1),
        "batches_per_click": sum(g.batches for g in games) / max(clicks, 1),
        "moves": [m for g in games for m in g.moves],
    }


def rows(summaries: dict[str, dict], loads: dict[str, list[float]]) -> list[str]:
    out = [
        "| build | load | clicks | long tasks > 50 ms (per game) | > 100 ms | longest | "
        "interaction median / p75 / p98 / max | median split: delay / processing / "
        "presentation | tap → change painted: median / p90 | DOM calls from Python per "
        "click | applier calls per click |",
        "|---|---|---:|---|---|---|---|---|---|---:|---:|",
    ]
    for name, sm in summaries.items():
        ld = loads[name]
        out.append(
            f"| {name} | {min(ld):.1f}–{max(ld):.1f} | {sm['clicks']} | "
            f"{', '.join(map(str, sm['tasks']))} | {', '.join(map(str, sm['over100']))} | "
            f"{', '.join(f'{x:.0f}' for x in sm['longest'])} ms | {sm['median']:.0f} / "
            f"{sm['p75']:.0f} / **{sm['p98']:.0f}** / {sm['max']:.0f} ms | "
            f"{' / '.join(f'{x:.0f}' for x in sm['split'])} ms | "
            f"{statistics.median(sm['drawn'] or [0]):.0f} / {pct(sm['drawn'], 0.9):.0f} ms | "
            f"{sm['dom_per_click']:.0f} | {sm['batches_per_click']:.2f} |")
    out += [
        "", "Long animation frames, per game (s): all their time; the scripts' own time by "
        "who called them; style and layout forced inside scripts; the frames' own "
        "rendering (rAF callbacks, style, layout, paint), of which style and layout:", "",
        "| build | frames | total | MessagePort.onmessage | FrameRequestCallback | "
        "setTimeout | other scripts | forced layout | rendering | of it style + layout | "
        "frames > 100 ms after ready | longest frame before ready |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for name, sm in summaries.items():
        inv = sm["invokers"]
        out.append(
            f"| {name} | {sm['frames']:.0f} | {sm['frame_s']:.2f} | "
            + " | ".join(f"{inv.get(k, 0.0):.2f}" for k in (*INVOKERS, "other scripts"))
            + f" | {sm['forced_s']:.2f} | {sm['render_s']:.2f} | {sm['style_s']:.2f} | "
            f"{', '.join(map(str, sm['over100_frames']))} | "
            f"{', '.join(f'{x:.0f}' for x in sm['start_longest'])} ms |")
    return out


PHASES = ["snapshot", "engine", "save", "screen", "views", "diff", "patch", "takeback+focus",
          "motion", "announce+sound", "advance"]


def profile_table(moves: list[dict]) -> list[str]:
    human = [m for m in moves if not m.get("computer")]
    if not human:
        return []
    out = ["| phase | median ms | p90 ms | max ms |", "|---|---:|---:|---:|"]
    for ph in PHASES:
        vals = [m.get(ph, 0.0) for m in human]
        out.append(f"| {ph} | {statistics.median(vals):.2f} | {pct(vals, 0.9):.2f} | "
                   f"{max(vals):.2f} |")
    total = [sum(m.get(ph, 0.0) for ph in PHASES) for m in human]
    out.append(f"| **whole move (Python side)** | {statistics.median(total):.2f} | "
               f"{pct(total, 0.9):.2f} | {max(total):.2f} |")
    ops = [m.get("ops", 0) for m in human]
    made = [m.get("created", 0) for m in human]
    return [*out, "", f"Per move of yours ({len(human)} moves): {statistics.mean(ops):.0f} "
            f"patch operations on average (max {max(ops)}), {statistics.mean(made):.1f} "
            "nodes created, one applier call."]


@contextlib.contextmanager
def hogs(n: int):
    """``n`` processes that only burn CPU, ended when the block ends."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV", default="",
                    help="also play dist/ as built at this git revision")
    ap.add_argument("--without", default="", help="measuring builds, one per part switched "
                    f"off (comma-separated, or 'all'): {', '.join(PARTS)}")
    ap.add_argument("--games", type=int, default=3, help="games per build")
    ap.add_argument("--rate", type=float, default=4, help="CPU throttle (1 = none)")
    ap.add_argument("--pause", type=int, default=300,
                    help="ms after each click before the bench looks at the page again")
    ap.add_argument("--seed", type=int, default=4, help="the first game's seed (then +1…)")
    ap.add_argument("--level", default="easy")
    ap.add_argument("--query", default="", help="more URL parameters for this build's "
                    "page, e.g. answer=now (web/model/tap_policy.py)")
    ap.add_argument("--browser", choices=sorted(BROWSERS), default="shell")
    ap.add_argument("--hog", type=int, default=0, metavar="N",
                    help="N busy processes beside the browser the whole time (a shared, "
                    "slower device: the look's cost shows where an idle 2-core machine hides "
                    "it)")
    ap.add_argument("--master", action="store_true",
                    help="also one game against master (this build only)")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    parts = list(PARTS) if args.without == "all" else [p for p in args.without.split(",") if p]
    switched_off(parts)  # unknown parts fail before anything is built

    from playwright.sync_api import sync_playwright

    if os.access(BROWSERS[args.browser], os.X_OK):
        os.environ["CHROMIUM_PATH"] = BROWSERS[args.browser]
    results: dict[str, list[Game]] = {}
    loads: dict[str, list[float]] = {}
    with hogs(args.hog), served_dist("tacocat-play-", precompressed=True,
                                     baseline=args.baseline) as sites:
        variants = [("this build", sites["after"].base, [])]
        if "before" in sites:
            variants.append((f"before ({args.baseline})", sites["before"].base, []))
        variants += [(f"without {p}", sites["after"].base, [p]) for p in parts]
        with sync_playwright() as p:
            browser = launch_chromium(p)
            version = browser.version
            for game in range(args.games):
                seed = args.seed + game
                for name, base, off in (variants[::-1] if game % 2 else variants):
                    load = os.getloadavg()[0]
                    extra = f"&{args.query}" if args.query and name == "this build" else ""
                    run = play(browser, f"{base}index.html?fresh=1&level={args.level}"
                               f"&seed={seed}{extra}", rate=args.rate, pause_ms=args.pause,
                               css=switched_off(off), reduced_motion=MOTION in off,
                               profile=name == "this build")
                    results.setdefault(name, []).append(run)
                    loads.setdefault(name, []).extend([load, os.getloadavg()[0]])
                    print(f"{name}, seed {seed}: {run.clicks} clicks, long tasks "
                          f"{len(run.tasks)}, p98 {pct(run.latency, 0.98):.0f} ms, long "
                          f"frames {sum(f.duration for f in run.frames) / 1000:.2f} s, "
                          f"load {load:.1f}", flush=True)
                    print("   slowest:", "; ".join(f"{ms:.0f} {target} ({d:.0f}/{p:.0f}/{q:.0f})"
                                                  for ms, target, d, p, q in run.worst))
            master = None
            if args.master:
                load = os.getloadavg()[0]
                master = play(browser, f"{sites['after'].base}index.html?fresh=1&level=master"
                              f"&seed={args.seed}", rate=args.rate, pause_ms=args.pause)
                loads["master"] = [load, os.getloadavg()[0]]
            browser.close()

    summaries = {name: summary(results[name]) for name, *_ in variants}
    lines = [
        "## Playing a whole game on a phone (long tasks, frames, interaction latency)", "",
        f"Measured by `bench/web_play.py` on {date.today().isoformat()}: {args.browser} "
        f"(Chromium {version}), {os.cpu_count()} cores, a shared machine (load averages "
        f"below){f', {args.hog} busy process(es) beside the browser' if args.hog else ''}. "
        f"390×844, CPU slowed {args.rate:g}× from navigation, the shipped dist/ "
        f"build, service workers blocked, trusted clicks (`page.click`), {args.pause} ms "
        f"after each, the default pace, animations on; {args.games} whole game(s) per "
        f"build against `{args.level}` (seeds {args.seed}–{args.seed + args.games - 1}, a "
        "fixed policy: every build plays the same games), builds alternating game by game. "
        "Counted from the page's ready flag to the game's end.", "",
        *rows(summaries, loads)]
    if master is not None:
        tasks = master.tasks
        lines += ["", f"A whole game against `master` ({args.rate:g}×, this build, load "
                  f"{min(loads['master']):.1f}–{max(loads['master']):.1f}): {master.clicks} "
                  f"clicks, {len(tasks)} long tasks, {sum(d > 100 for d in tasks)} > 100 ms, "
                  f"longest {max(tasks, default=0):.0f} ms; interaction p98 "
                  f"{pct(master.latency, 0.98):.0f} ms."]
    moves = summaries["this build"]["moves"]
    if moves:
        lines += ["", f"Where a move of yours goes in this build ({args.rate:g}×; the page's "
                  "own `window.tacocatProfile()`, web/render/profile.py; wall time of the "
                  "Python side of the click task, the applier included in 'patch'):", "",
                  *profile_table(moves)]
    publish("browser-play", "\n".join(lines), write=not args.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
