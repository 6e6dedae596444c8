#!/usr/bin/env python3
"""What shipping costs a reader: every response of a cold first visit counted at the server,
per engine (Chromium, Firefox, WebKit), bytes an article's reader downloads before pressing
Play, and reload times, measured on fresh `make dist` builds. Writes the "ship" section of
docs/PERFORMANCE.md.

    .venv/bin/python -m bench.size_report [--runs 2] [--baseline REV] [--no-write]

* First visit, at the server: a fresh profile visits the site's root as a reader does,
  service worker allowed, until the page is ready and its worker says the offline cache is
  complete; scripts/serve.py records every response as sent (status, body bytes on the
  wire, Content-Encoding: brotli where the browser accepts it, which WebKit does only over
  HTTPS, so on this http://127.0.0.1 server it gets gzip). Summed per engine; a file sent
  with 200 more than once is a duplicate. "Before" is the same visit of dist/ as built by
  the scripts of ``--baseline`` (default: the last commit before issue #19), exported with
  ``git archive``. Chromium through Playwright, Firefox and WebKit through
  scripts/engine_drivers.py (the Debian packages).
* Article: the sample article (e2e/fixtures/article) with the snippet on another origin;
  response bodies from the game's origin until the reader would press Play.
* Reload (Chromium): navigation → <html data-ready="1">, the service worker controlling the
  page, online and with the network cut (context.set_offline), median of --runs; plus the
  cold first visit for reference.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.docsection import publish
from bench.harness import build_baseline
from scripts import build_dist, compress, serve
from scripts import engine_drivers as drivers
from scripts.engine_drivers import CHROMIUM_ARGS
from scripts.page_driver import READY

ROOT = Path(__file__).resolve().parent.parent

BASELINE = "804675a"  # the last commit before issue #19's work
GOAL_TOTAL = 4.5 * 1024 * 1024


def first_visits(browser, base: str, runs: int) -> dict:
    url = base + "?fresh=1"
    cold, online, offline = [], [], []
    fetched: set[str] = set()
    for i in range(runs):
        context = browser.new_context()
        context.on("request", lambda r: fetched.add(r.url))
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_function(READY, timeout=120000)
        cold.append((time.perf_counter() - t0) * 1000)
        page.wait_for_function(
            "navigator.serviceWorker.controller && document.documentElement.dataset.sw",
            timeout=120000,
        )
        if i == 0:
            page.wait_for_timeout(500)
        for target, offline_flag in ((online, False), (offline, True)):
            context.set_offline(offline_flag)
            t0 = time.perf_counter()
            page.reload()
            page.wait_for_function(READY, timeout=120000)
            target.append((time.perf_counter() - t0) * 1000)
        context.close()
    return {"fetched": fetched, "cold": cold, "online": online, "offline": offline}


def server_visit(engine_name: str, site: Path, serve) -> dict:
    """One cold first visit of the site's root in a fresh profile; every response as sent."""
    server, base = serve.start_server(site, port=0)
    server.request_log = []
    engine = drivers.launch(engine_name)
    try:
        engine.open(base)
        engine.wait_for(READY, 300)
        ready = float(engine.run("document.documentElement.dataset.readyMs"))
        engine.wait_for("(document.documentElement.dataset.sw || '').length === 16", 300)
        time.sleep(1.0)  # a straggler would land now
        log = list(server.request_log)
        # The second visit, from the worker's cache, once the first has made its start-up
        # snapshot (web/boot/pyodide_loader.mjs): it starts from that snapshot. (A build
        # from before the snapshot, e.g. the baseline, makes none.)
        if (site / "web" / "boot" / "snapshot_worker.mjs").exists():
            engine.wait_for("['stored', 'failed', 'no-room'].includes("
                            "document.documentElement.dataset.snapshot)", 300)
        engine.reload()
        engine.wait_for(READY, 300)
        warm = float(engine.run("document.documentElement.dataset.readyMs"))
        errors = engine.errors()
    finally:
        engine.close()
        serve.stop_server(server)
    return {"engine": engine_name, "version": engine.version, "ready": ready, "warm": warm,
            "log": log, "errors": errors}


def summarise(visit: dict, sizes: dict) -> dict:
    """Responses, 200s, 304s, bytes as sent, the brotli equivalent, duplicates."""
    sent: dict[str, list[dict]] = {}
    for r in visit["log"]:
        sent.setdefault(r["path"], []).append(r)
    ok = [r for r in visit["log"] if r["status"] == 200]
    dupes = sorted((p, sum(1 for r in rs if r["status"] == 200)) for p, rs in sent.items()
                   if sum(1 for r in rs if r["status"] == 200) > 1)

    def br(path: str, raw: int) -> int:
        rel = path.lstrip("/") or "index.html"
        return sizes.get(rel, {}).get("br", raw)

    return {
        "engine": visit["engine"], "version": visit["version"], "ready": visit["ready"],
        "warm": visit["warm"],
        "errors": visit["errors"], "files": len(sent), "responses": len(visit["log"]),
        "ok": len(ok), "not_modified": sum(1 for r in visit["log"] if r["status"] == 304),
        "bad": sorted({f"{r['status']} {r['path']}" for r in visit["log"] if r["status"] >= 400}),
        "bytes": sum(r["bytes"] for r in ok),
        "br_bytes": sum(br(r["path"], r["bytes"]) if r["encoding"] != "br" else r["bytes"]
                        for r in ok),
        "encodings": sorted({r["encoding"] or "identity" for r in ok}),
        "dupes": dupes,
        "dupe_bytes": sum(r["bytes"] for p, _ in dupes for r in sent[p][1:]
                          if r["status"] == 200),
    }


def article_bytes(browser, static, site: Path) -> dict:
    """Bytes from the game's origin in an article with the snippet, before Play."""
    fixture = ROOT / "e2e" / "fixtures" / "article" / "index.html"
    game = static(site, "/games/tacocat/")
    with tempfile.TemporaryDirectory() as tmp:
        html = fixture.read_text(encoding="utf-8").replace("__GAME__", game)
        html = re.sub(r'<iframe id="bare".*?</iframe>', "", html, flags=re.S)
        html = re.sub(r'<iframe id="foreign".*?</iframe>', "", html, flags=re.S)
        Path(tmp, "index.html").write_text(html, encoding="utf-8")
        article = static(Path(tmp), "/")
        context = browser.new_context()
        responses = []
        origin = game.split("/games/")[0]
        context.on("response", lambda r: responses.append(r) if r.url.startswith(origin)
                   else None)
        page = context.new_page()
        page.goto(article)
        page.wait_for_load_state("networkidle")
        decoded = sum(len(r.body()) for r in responses)
        wire = sum(r.request.sizes()["responseBodySize"] for r in responses)
        urls = [r.url[len(game):] for r in responses]
        context.close()
    return {"urls": urls, "decoded": decoded, "wire": wire}


ENGINE_NAMES = ("chromium", "firefox", "webkit")


def measure(runs: int, baseline: str | None) -> dict:
    from playwright.sync_api import sync_playwright

    servers = []

    def static(directory: Path, prefix: str = "/") -> str:
        server, base = serve.start_server(directory, prefix=prefix)
        servers.append(server)
        return base

    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_dist.build(site, quiet=True)
        sites = {"after": site}
        if baseline:
            sites["before"] = build_baseline(baseline, Path(tmp) / "baseline")
        out: dict = {"runs": runs, "baseline": baseline, "visits": {}}
        engines = [e for e in ENGINE_NAMES if e == "chromium" or drivers.available(e)]
        for name, folder in sites.items():
            sizes = compress.compress_site(folder, quiet=True)
            for i in range(runs if name == "after" else 1):
                for engine in engines:  # alternating: the engines share the machine's load
                    visit = summarise(server_visit(engine, folder, serve), sizes)
                    out["visits"].setdefault(name, {}).setdefault(engine, []).append(visit)
                    loads.append(os.getloadavg()[0])
                    print(f"{name} run {i + 1} {engine}: {visit['ok']} x 200, "
                          f"{_kb(visit['bytes'])} sent, dupes {visit['dupes']}", flush=True)
        try:
            with sync_playwright() as p:
                exe = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
                browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
                try:
                    base = static(site)
                    out["reload"] = first_visits(browser, base, runs)
                    out["article"] = article_bytes(browser, static, site)
                finally:
                    browser.close()
        finally:
            for server in servers:
                serve.stop_server(server)
    loads.append(os.getloadavg()[0])
    out["load"] = (min(loads), max(loads))
    return out


def _kb(n: float) -> str:
    return f"{n / 1024:,.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"


def render(r: dict) -> str:
    def ms(xs):
        return f"{statistics.median(xs):,.0f} ms (min {min(xs):,.0f}, max {max(xs):,.0f})"

    after = r["visits"]["after"]
    rows = []
    for build, engines in r["visits"].items():
        for engine, visits in engines.items():
            v = visits[0]
            same = all((w["ok"], w["dupes"]) == (v["ok"], v["dupes"]) for w in visits)
            dupes = ", ".join(f"`{p}` ×{n}" for p, n in v["dupes"]) or "none"
            rows.append(
                f"| {build} | {engine} {v['version']} | {v['files']} | {v['responses']} | "
                f"{v['ok']} | {v['not_modified']} | {dupes} | {_kb(v['bytes'])} "
                f"({'/'.join(v['encodings'])}) | {_kb(v['br_bytes'])} |"
                + ("" if same else " (runs differ)"))
    worst = max(v["br_bytes"] for vs in after.values() for v in vs)
    once = all(not v["dupes"] for e, vs in after.items() for v in vs if e != "webkit")
    webkit_dupes = sorted({p for v in after.get("webkit", []) for p, _ in v["dupes"]})
    reload, article = r["reload"], r["article"]
    lines = [
        "## Shipping: a first visit counted at the server, bytes before Play, offline reload",
        "",
        f"Measured by `bench/size_report.py` on {time.strftime('%Y-%m-%d')} on fresh "
        "`make dist` builds served by scripts/serve.py on http://127.0.0.1, which records "
        "every response as sent. Each visit: a fresh profile opens the site's root, service "
        "worker allowed, until the page is ready and its worker reports the offline cache "
        f"complete; {r['runs']} runs per engine, alternating (load average "
        f"{r['load'][0]:.1f}–{r['load'][1]:.1f}: the machine is shared). \"Before\" = dist/ "
        f"as built at `{r['baseline']}`, the same visit, one run per engine. On the wire = "
        "the bodies as sent (brotli where the browser asks for it; WebKit asks only over "
        "HTTPS, so here it gets gzip); brotli equivalent = the same responses had each "
        "been sent with brotli, as a real HTTPS host would send them to Safari.",
        "",
        "| build | engine | files | responses | 200 | 304 | sent more than once | on the "
        "wire | brotli equivalent |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
        *rows,
        "",
        f"Goal: each file sent once with 200 — **{'met' if once else 'NOT met'}** in "
        "Chromium and Firefox; in WebKit "
        + ("**met**" if not webkit_dupes else
           "the big files once, but " + ", ".join(f"`{p}`" for p in webkit_dupes)
           + " twice: the page loads them before its worker exists, and WebKit's automation "
           "session keeps no HTTP cache for the worker to take them from (a reader's Safari "
           "profile has one)")
        + ". Total ≤ 4.5 MB brotli in each engine: "
        f"**{'met' if worst <= GOAL_TOTAL else 'NOT met'}** (largest {_kb(worst)}).",
        "",
        f"An article with the snippet (web/embed.js), before the reader presses Play: "
        f"{len(article['urls'])} response(s) from the game's site "
        f"({', '.join(f'`{u}`' for u in article['urls'])}), {_kb(article['decoded'])} decoded, "
        f"{_kb(article['wire'])} on the wire (goal ≤ 15 KB: "
        f"**{'met' if article['decoded'] <= 15 * 1024 else 'NOT met'}**).",
        "",
        "Ready (`data-ready-ms`) of the visits above, first visit (cold) / reload once it "
        "has made its start-up snapshot (warm: from the worker's cache and the snapshot), ms: "
        + "; ".join(f"{e} " + ", ".join(f"{v['ready']:,.0f} / {v['warm']:,.0f}" for v in vs)
                    for e, vs in after.items()) + ".",
        "",
        "| navigation → playable (`data-ready`), Chromium | median |",
        "| --- | --- |",
        f"| first visit, cold (no service worker yet) | {ms(reload['cold'])} |",
        f"| reload online (service worker, cache-first) | {ms(reload['online'])} |",
        f"| reload offline (network cut) | {ms(reload['offline'])} |",
        "",
        "After the first visit nothing is downloaded again until a new build is published; "
        "then only the changed files are (the worker copies unchanged ones by hash).",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--baseline", default=BASELINE, help="git revision for 'before' ('' = none)")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.runs, args.baseline or None)
    text = render(result)
    publish("ship", text, write=not args.no_write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
