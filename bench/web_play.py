"""Browser benchmark: whole games played in the shipped page with trusted clicks, at 1× and
4× Chromium CPU throttle (4× ≈ a mid-range phone), this build against ``--baseline REV``
built the same way, alternating game by game so both see the same machine load. Writes the
``browser-play`` section of docs/PERFORMANCE.md.

    nice -n 10 .venv/bin/python bench/web_play.py [--baseline 804675a] [--games 2]
        [--rates 1,4] [--pauses 300] [--level easy] [--master] [--no-write]

Measured with the browser's own APIs (docs: /work/shared/STACK.md), from the first click:

* interaction latency: Event Timing entries with an ``interactionId`` (input → next paint,
  the metric behind INP), the longest entry per interaction; median, p75, p98, max; and
  the median split of an interaction into input delay (input → first handler), processing
  (the handlers) and presentation (last handler → next paint), as web.dev splits INP;
* long tasks (``longtask``, > 50 ms): how many, how many > 100 ms, the longest;
* long animation frames (``long-animation-frame``): total time, split into script (the
  click handlers, the scheduler's message tasks), style/layout forced from inside scripts,
  and the frame's own rendering (style, layout, paint after ``renderStart``);
* DOM calls per click: the page's DOM methods and setters called from outside
  ``tacocatPatch.apply`` (i.e. from Python: a lower bound of Python→JS crossings; the
  applier's own DOM calls are JavaScript calling JavaScript) and the applier's batches;
* tap → its change painted: from the input to the first paint after the first change it
  makes to the page (its move, selection or new round), however the page schedules that
  change — the counterpart of the latency above, which ends at the first paint of any
  kind (the page answers a move's tap first and draws the move a frame later,
  web/control/moves.py); median and p90;
* this build only: ``window.tacocatProfile()``, the page's own per-move phases
  (web/render/profile.py).

Clicks: ``page.click`` (trusted input, waits for the target to be stable), then a pause of
``--pauses`` ms (300: a quick player's pace) in which the bench runs nothing in the page.
Without it (``--pauses 0``) the bench polls the page for its next target (``NEXT_JS``, whose
``document.getAnimations()`` brings the page's style up to date) while the move just made
is still on its way to the screen: the bench's own work then lands inside the interaction
it measures, which a reader's finger never does. ``--pauses 0,300`` measures both in one
run. The policy is
fixed (replace: keep all; duel: first card; attack: first legal card, then confirm; defend:
first card that holds, else sacrifice), and each game uses the same seed in both builds, so
both play the very same game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from docsection import publish  # noqa: E402
from harness import READY, launch_chromium, served_dist  # noqa: E402

OBSERVE_JS = """
window.__perf = {events: [], longtasks: [], loafs: [], dom: 0, batches: 0, drawn: []};
(() => {
  const P = window.__perf;
  // Tap -> the first paint after the first change the tap makes to the page (a mark on
  // the tapped control, data-chosen, and the page's task count, data-tasks, do not
  // count): when its move, selection or new round is on screen, however the page
  // schedules it. "After the paint" = a task posted from that frame's animation-frame
  // callback (it runs once the frame is done).
  let down = null;
  const input = e => { down = e.timeStamp; };
  addEventListener('pointerdown', input, true);
  addEventListener('keydown', input, true);
  new MutationObserver(list => {
    if (down === null || list.every(m => ['data-chosen', 'data-tasks'].includes(
      m.attributeName))) return;
    const t = down;
    down = null;
    requestAnimationFrame(() => setTimeout(() => P.drawn.push([t, performance.now() - t]), 0));
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries())
      if (e.interactionId) P.events.push([e.interactionId, e.name, e.startTime, e.duration,
                                          e.processingStart, e.processingEnd]); })
      .observe({type: 'event', durationThreshold: 16, buffered: true});
  } catch (e) {}
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries())
      P.longtasks.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries()) {
      let script = 0, forced = 0;
      for (const s of e.scripts) { script += s.duration; forced += s.forcedStyleAndLayoutDuration; }
      const end = e.startTime + e.duration;
      P.loafs.push([e.startTime, e.duration, script, forced,
                    e.renderStart ? end - e.renderStart : 0]);
    } }).observe({type: 'long-animation-frame', buffered: true});
  } catch (e) {}
  // Count DOM calls made by Python: not from inside web/render/patch.js (the applier and the
  // motion's reads and starts) and not from this bench's own polling (NEXT_JS).
  P.inside = 0;
  const wrap = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d) return;
    if (typeof d.value === 'function') {
      const f = d.value;
      proto[name] = function () { if (!P.inside) P.dom++; return f.apply(this, arguments); };
    } else if (d.set) {
      Object.defineProperty(proto, name,
        {...d, set(v) { if (!P.inside) P.dom++; d.set.call(this, v); }});
    }
  };
  for (const n of ['createElement', 'createElementNS', 'createTextNode', 'getElementById',
                   'querySelector', 'querySelectorAll', 'getAnimations'])
    wrap(Document.prototype, n);
  for (const n of ['setAttribute', 'removeAttribute', 'getAttribute', 'append', 'remove',
                   'replaceChildren', 'getBoundingClientRect', 'animate', 'querySelector',
                   'querySelectorAll', 'closest', 'className']) wrap(Element.prototype, n);
  for (const n of ['appendChild', 'insertBefore', 'cloneNode', 'textContent'])
    wrap(Node.prototype, n);
  for (const n of ['hidden', 'focus']) wrap(HTMLElement.prototype, n);
  let hooked = false;
  const hook = () => {
    if (hooked || !window.tacocatPatch) return;
    hooked = true;
    const T = window.tacocatPatch;
    for (const name of Object.keys(T)) {
      const f = T[name];
      if (typeof f !== 'function') continue;
      T[name] = function () {
        if (name === 'apply') P.batches++;
        P.inside++; try { return f.apply(this, arguments); } finally { P.inside--; } };
    }
  };
  document.addEventListener('DOMContentLoaded', hook);
  window.addEventListener('load', hook);
})();
"""

# The page's per-move profile (web/render/profile.py; builds before it have none).
PROFILE_JS = "window.tacocatProfile ? window.tacocatProfile() : '[]'"

# What to click next (a CSS selector), or "" to wait, or "over".
NEXT_JS = """() => {
  const P = window.__perf;
  if (P) P.inside++;
  try { return next(); } finally { if (P) P.inside--; }
  function next() {
  const q = s => document.querySelector(s);
  const ok = n => n && !n.closest('[hidden]') && n.getAttribute('aria-disabled') !== 'true';
  if (q('#btn-rematch')) return 'over';
  if (ok(q('#btn-continue'))) return '#btn-continue';
  const hand = q('#hand');
  const phase = hand && hand.dataset.phase;
  if (document.getAnimations().some(a => a.playState === 'running' &&
      a.effect && a.effect.getTiming().iterations !== Infinity)) return '';
  const cards = [...document.querySelectorAll('#hand button.card')];
  const first = cards.find(ok);
  if (phase === 'replace') return ok(q('#act-confirm')) ? '#act-confirm' : '';
  if (phase === 'duel') return first ? '#' + first.id : '';
  if (phase === 'attack') {
    const confirm = q('#act-confirm');
    if (ok(confirm) && cards.some(c => c.getAttribute('aria-pressed') === 'true'))
      return '#act-confirm';
    return first ? '#' + first.id : '';
  }
  if (phase === 'defend')
    return first ? '#' + first.id : (ok(q('#act-sacrifice')) ? '#act-sacrifice' : '');
  return '';
  }
}"""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def play(browser, base: str, rate: float, seed: int, level: str, profile: bool,
         pause_ms: int) -> dict:
    context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
    context.add_init_script(OBSERVE_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?fresh=1&level={level}&seed={seed}")
    page.wait_for_function(READY, timeout=180000)
    cdp = context.new_cdp_session(page)
    if rate != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate("() => { const P = window.__perf; P.t0 = performance.now(); P.dom0 = P.dom;"
                  " P.b0 = P.batches; }")
    clicks = 0
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        target = page.evaluate(NEXT_JS)
        if target == "over":
            break
        if not target:
            time.sleep(0.05)
            continue
        try:
            page.click(target, timeout=20000)
            clicks += 1
        except Exception:  # the target went away (a computer move re-rendered): look again
            continue
        if pause_ms:  # a timer on the bench's side: nothing runs in the page meanwhile
            page.wait_for_timeout(pause_ms)
    page.wait_for_timeout(1500)  # the last interaction's entry
    perf = page.evaluate("window.__perf")
    moves = json.loads(page.evaluate(PROFILE_JS)) if profile else []
    context.close()
    t0 = perf["t0"]
    by_id: dict[int, list] = {}
    for ident, _name, start, duration, began, ended in perf["events"]:
        if start >= t0:
            by_id.setdefault(ident, []).append((start, duration, began, ended))
    lat = [max(d for _, d, _, _ in entries) for entries in by_id.values()]
    split = [_split(entries) for entries in by_id.values()]
    tasks = [d for s, d in perf["longtasks"] if s >= t0]
    drawn = [d for s, d in perf["drawn"] if s >= t0]
    loafs = [x for x in perf["loafs"] if x[0] >= t0]
    return {"clicks": clicks, "latency": lat, "split": split, "tasks": tasks, "drawn": drawn,
            "loaf": [sum(x[1] for x in loafs), sum(x[2] for x in loafs),
                     sum(x[3] for x in loafs), sum(x[4] for x in loafs)],
            "dom": perf["dom"] - perf["dom0"], "batches": perf["batches"] - perf["b0"],
            "moves": moves}


def _split(entries: list[tuple[float, float, float, float]]) -> tuple[float, float, float]:
    """One interaction (its pointerdown, pointerup, click… entries) as the time from the
    input to its first handler, the handlers' own time, and from the last handler to the
    next paint (input delay / processing / presentation, as web.dev splits INP)."""
    start = min(e[0] for e in entries)
    end = max(e[0] + e[1] for e in entries)
    delay = min(e[2] for e in entries) - start
    processing = sum(e[3] - e[2] for e in entries)
    last = max(e[3] for e in entries)
    return delay, processing, max(0.0, end - last)


def summary(runs: list[dict]) -> dict:
    lat = [v for r in runs for v in r["latency"]]
    tasks = [r["tasks"] for r in runs]
    clicks = sum(r["clicks"] for r in runs)
    return {
        "games": len(runs), "clicks": clicks, "n": len(lat),
        "median": statistics.median(lat) if lat else 0.0, "p75": pct(lat, 0.75),
        "p98": pct(lat, 0.98), "max": max(lat, default=0.0),
        "over50": [sum(d > 50 for d in t) for t in tasks],
        "over100": [sum(d > 100 for d in t) for t in tasks],
        "longest": [max(t, default=0.0) for t in tasks],
        "split": [statistics.median([x[i] for r in runs for x in r["split"]] or [0.0])
                  for i in range(3)],
        "loaf": [sum(r["loaf"][i] for r in runs) / len(runs) for i in range(4)],
        "dom_per_click": sum(r["dom"] for r in runs) / max(clicks, 1),
        "batches_per_click": sum(r["batches"] for r in runs) / max(clicks, 1),
        "moves": [m for r in runs for m in r["moves"]],
        "drawn": sorted(d for r in runs for d in r["drawn"]),
    }


def profile_table(moves: list[dict]) -> list[str]:
    human = [m for m in moves if not m.get("computer")]
    if not human:
        return []
    phases = ["snapshot", "engine", "save", "screen", "views", "diff", "patch",
              "takeback+focus", "motion", "announce+sound", "advance"]
    rows = ["| phase | median ms | p90 ms | max ms |", "|---|---:|---:|---:|"]
    for ph in phases:
        vals = [m.get(ph, 0.0) for m in human]
        rows.append(f"| {ph} | {statistics.median(vals):.2f} | {pct(vals, 0.9):.2f} | "
                    f"{max(vals):.2f} |")
    total = [sum(m.get(ph, 0.0) for ph in phases) for m in human]
    rows.append(f"| **whole move (Python side)** | {statistics.median(total):.2f} | "
                f"{pct(total, 0.9):.2f} | {max(total):.2f} |")
    ops = [m.get("ops", 0) for m in human]
    made = [m.get("created", 0) for m in human]
    rows += ["", f"Per move of yours ({len(human)} moves): {statistics.mean(ops):.0f} patch "
             f"operations on average (max {max(ops)}), {statistics.mean(made):.1f} nodes "
             "created, one applier call."]
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV", default="",
                    help="also play dist/ as built at this git revision, alternating")
    ap.add_argument("--games", type=int, default=2, help="games per build and rate")
    ap.add_argument("--rates", default="1,4", help="CPU throttle rates (1 = none)")
    ap.add_argument("--pauses", default="300",
                    help="ms after each click before the bench looks at the page again")
    ap.add_argument("--level", default="easy")
    ap.add_argument("--master", action="store_true",
                    help="also one game against master at 4× (this build only)")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    pauses = [int(x) for x in args.pauses.split(",")]

    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, float, int], list[dict]] = {}
    loads: dict[tuple[str, float, int], list[float]] = {}
    with served_dist("tacocat-play-", precompressed=True, baseline=args.baseline) as sites:
        bases = {name: site.base for name, site in sites.items()}
        with sync_playwright() as p:
            browser = launch_chromium(p)
            version = browser.version
            order = [(n, b, pz) for n, b in sorted(bases.items()) for pz in pauses]
            for rate in rates:
                for game in range(args.games):
                    for name, base, pause in (order[::-1] if game % 2 else order):
                        load = os.getloadavg()[0]
                        run = play(browser, base, rate, 700 + game, args.level,
                                   profile=name == "after", pause_ms=pause)
                        results.setdefault((name, rate, pause), []).append(run)
                        loads.setdefault((name, rate, pause), []).extend(
                            [load, os.getloadavg()[0]])
                        print(f"{name} {rate:g}x pause {pause} game {game}: "
                              f"{run['clicks']} clicks, p98 "
                              f"{pct(run['latency'], 0.98):.0f} ms, long tasks "
                              f"{len(run['tasks'])}, load {load:.1f}", flush=True)
            master = None
            if args.master:
                load = os.getloadavg()[0]
                master = play(browser, bases["after"], 4, 800, "master", profile=False,
                              pause_ms=pauses[-1])
                master["load"] = [load, os.getloadavg()[0]]
            browser.close()

    lines = [
        "## Playing a whole game (interaction latency)",
        "",
        f"Measured by `bench/web_play.py` on {date.today().isoformat()}: headless Chromium "
        f"{version}, {os.cpu_count()} cores, **shared machine** (load averages below: other "
        f"engineers' test runs; at 4× every figure stretches with the load). 390×844, the "
        f"shipped dist/ build, trusted clicks (`page.click`) through {args.games} whole "
        f"game(s) per row against `{args.level}` (fixed seeds, fixed policy: both builds "
        "play the same games), builds alternating game by game; 'pause': ms after each "
        "click in which the bench runs nothing in the page (0: it polls at once, inside "
        "the move's frame; see the module's docstring)."
        + (f" 'before' = dist/ as built at `{args.baseline}`." if args.baseline else ""),
        "",
        "| build | CPU | pause | load | clicks | latency median | p75 | p98 | max | median "
        "split: input delay / processing / presentation | long tasks "
        "> 50 ms (per game) | > 100 ms | longest | long frames: total / script / forced layout / "
        "rendering (s per game) | DOM calls from Python per click | applier calls per click | "
        "tap → its change painted: median / p90 |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---|---|---|---|---|---:|---:|---|",
    ]
    summaries = {}
    for (name, rate, pause), runs in sorted(results.items(),
                                            key=lambda kv: (kv[0][1], kv[0][2], kv[0][0])):
        sm = summaries[(name, rate, pause)] = summary(runs)
        ld = loads[(name, rate, pause)]
        lf = sm["loaf"]
        lines.append(
            f"| {name} | {rate:g}× | {pause} | {min(ld):.1f}–{max(ld):.1f} | {sm['clicks']} | "
            f"{sm['median']:.0f} ms | {sm['p75']:.0f} ms | {sm['p98']:.0f} ms | "
            f"{sm['max']:.0f} ms | {' / '.join(f'{x:.0f}' for x in sm['split'])} ms | "
            f"{', '.join(map(str, sm['over50']))} | "
            f"{', '.join(map(str, sm['over100']))} | "
            f"{', '.join(f'{x:.0f}' for x in sm['longest'])} ms | "
            f"{lf[0] / 1000:.2f} / {lf[1] / 1000:.2f} / {lf[2] / 1000:.2f} / "
            f"{lf[3] / 1000:.2f} | {sm['dom_per_click']:.0f} | {sm['batches_per_click']:.2f} | "
            f"{statistics.median(sm['drawn'] or [0]):.0f} / {pct(sm['drawn'], 0.9):.0f} ms |")
    if master is not None:
        ld = master["load"]
        tasks = master["tasks"]
        lines += ["", f"A whole game against `master` at 4× (this build, load {min(ld):.1f}–"
                  f"{max(ld):.1f}): {master['clicks']} clicks, {len(tasks)} long tasks > 50 ms, "
                  f"{sum(d > 100 for d in tasks)} > 100 ms, longest "
                  f"{max(tasks, default=0):.0f} ms; interaction p98 "
                  f"{pct(master['latency'], 0.98):.0f} ms."]
    for rate in rates:
        sm = summaries.get(("after", rate, pauses[-1]))
        if sm and sm["moves"]:
            lines += ["", f"Where a move of yours goes in this build at {rate:g}× (pause "
                      f"{pauses[-1]} ms; the page's "
                      "own `window.tacocatProfile()`, web/render/profile.py; wall time of the "
                      "Python "
                      "side of the click task, the applier included in 'patch'):", ""]
            lines += profile_table(sm["moves"])
    body = "\n".join(lines)
    publish("browser-play", body, write=not args.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
