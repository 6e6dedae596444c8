"""Browser benchmark: Analyse in the page — how long master's analysis of a whole game
takes, when its first decision is in, and the longest main-thread task meanwhile, at 1×
and under Chromium's CPU throttle. Writes the ``analysis-page`` section of
docs/PERFORMANCE.md (a measurement, never a test).

    .venv/bin/python -m bench.analysis_page [--runs 2] [--throttle 1,4] [--seeds 8,3]
                                            [--no-write]

Each run: a fresh context on a fresh ``make dist`` build plays a whole game against
``easy`` (fixed seeds; the e2e helper's fixed policy, so every run plays the same game) at
1×, then the CPU factor is set and Analyse is pressed (a trusted click). The page's own
clock marks the click, the first evaluated decision and the end (a MutationObserver on
the dialog); a ``longtask`` observer records every task > 50 ms in between.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from bench.docsection import publish
from bench.harness import LONGTASK_JS, chromium_on_dist, measured_by
from scripts.page_driver import READY, play_to_end

ROOT = Path(__file__).resolve().parent.parent


MARKS = """() => {
  const dlg = document.getElementById('dlg-analysis');
  window.__an = {start: performance.now(), first: null, end: null};
  new MutationObserver(() => {
    const bar = dlg.querySelector('progress');
    const an = window.__an;
    if (an.first === null && bar && bar.value >= 1) an.first = performance.now();
    if (an.end === null && dlg.dataset.state === 'done') an.end = performance.now();
  }).observe(dlg, {subtree: true, childList: true, attributes: true});
}"""


def one_analysis(browser, base: str, seed: int, rate: float) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")
    context.add_init_script(LONGTASK_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?fresh=1&pace=0&level=easy&seed={seed}")
    page.wait_for_function(READY, timeout=180000)
    play_to_end(page, timeout=600)
    page.wait_for_function("document.documentElement.dataset.tasks === '0'")
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate(MARKS)
    page.click("#btn-over-analyse")
    page.wait_for_function("window.__an.end !== null", timeout=1_800_000, polling=500)
    an = page.evaluate("window.__an")
    decisions = page.evaluate("document.querySelectorAll('#analysis-body li.decision').length")
    tasks = [d for begin, d in page.evaluate("window.__longtasks")
             if begin + d > an["start"] and begin < an["end"]]
    context.close()
    return {"seed": seed, "rate": rate, "decisions": decisions,
            "total_s": (an["end"] - an["start"]) / 1000,
            "first_s": (an["first"] - an["start"]) / 1000 if an["first"] else None,
            "longest": max(tasks, default=0), "long": len(tasks)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2, help="analyses per game and CPU factor")
    ap.add_argument("--throttle", default="1,4", help="CPU slow-down factors, e.g. 1,4")
    ap.add_argument("--seeds", default="8,3", help="the games' seeds")
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()
    rates = [float(x) for x in args.throttle.split(",")]
    seeds = [int(x) for x in args.seeds.split(",")]

    found: list[dict] = []
    loads = [os.getloadavg()[0]]
    with chromium_on_dist("tacocat-analysis-") as (browser, base):
        version = browser.version
        for _ in range(args.runs):
            for seed in seeds:
                for rate in rates:
                    found.append(one_analysis(browser, base, seed, rate))
                    print(found[-1], flush=True)
                    loads.append(os.getloadavg()[0])

    lines = [
        "## Analysing a game in the page",
        "",
        measured_by("analysis_page.py", version, loads) + ". A whole game against `easy` "
        "(fixed seeds and policy), then Analyse (master, the human's seat) with the CPU "
        f"factor set; {args.runs} run(s) per game and factor, alternating. Times from the "
        "click to the first evaluated decision and to the finished result; main-thread tasks "
        "over 50 ms in between:",
        "",
        "| game (seed) | decisions | CPU | whole analysis (s) | first decision (s) "
        "| tasks > 50 ms | longest task (ms) |",
        "|---|---:|---|---|---|---|---|",
    ]
    for seed in seeds:
        for rate in rates:
            rows = [r for r in found if r["seed"] == seed and r["rate"] == rate]
            total = ", ".join(f"{r['total_s']:.1f}" for r in rows)
            first = ", ".join(f"{r['first_s']:.2f}" for r in rows if r["first_s"] is not None)
            long = ", ".join(str(r["long"]) for r in rows)
            longest = ", ".join(f"{r['longest']:.0f}" for r in rows)
            lines.append(f"| {seed} | {rows[0]['decisions']} | {rate:g}× | {total} | {first} | "
                         f"{long} | {longest} |")
    totals = {rate: statistics.median(r["total_s"] for r in found if r["rate"] == rate)
              for rate in rates}
    longest = max(r["longest"] for r in found)
    lines += ["", "Median whole analysis: " + ", ".join(
        f"{t:.1f} s at {rate:g}×" for rate, t in totals.items()) + ". The work runs in the "
        "page's own slices (≤ 20 ms of master's search each, then the browser's turn), so "
        "input is answered throughout; "
        + (f"the longest task over 50 ms was {longest:.0f} ms." if longest else
           "no task reached 50 ms (the longtask observer's threshold) in any run.")]
    body = "\n".join(lines)
    publish("analysis-page", body, write=not args.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
