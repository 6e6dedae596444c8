#!/usr/bin/env python3
"""What shipping costs a player: bytes of a first visit and reload times, measured on a
fresh `make dist` build in Chromium. Writes the "ship" section of docs/PERFORMANCE.md.

    .venv/bin/python bench/size_report.py [--runs 5] [--no-write]

* First visit: every file the browser fetched (the page's own requests and the service
  worker's precache), counted once, split into the PyScript/Pyodide runtime and our own
  files; raw bytes and gzip (level 6, what static hosts typically apply).
* Reload: navigation → <html data-ready="1">, the service worker controlling the page,
  online and with the network cut (context.set_offline), median of --runs; plus the cold
  first visit for reference.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from docsection import write_section  # noqa: E402

OWN_GOAL_GZIP = 300 * 1024


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def measure(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    conftest = _load("tacocat_conftest", ROOT / "e2e" / "conftest.py")
    build_dist = _load("tacocat_build_dist", ROOT / "scripts" / "build_dist.py")
    serve = conftest.serve
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_dist.build(site, quiet=True)
        server, base = serve.start_server(site)
        try:
            with sync_playwright() as p:
                exe = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
                browser = p.chromium.launch(executable_path=exe, args=conftest.CHROMIUM_ARGS)
                try:
                    return _run(browser, base, site, runs)
                finally:
                    browser.close()
        finally:
            serve.stop_server(server)


def _ready(page) -> float:
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=90000)
    return float(page.evaluate("Number(document.documentElement.dataset.readyMs)"))


def _run(browser, base: str, site: Path, runs: int) -> dict:
    url = base + "?fresh=1"
    cold, online, offline = [], [], []
    fetched: set[str] = set()
    for i in range(runs):
        context = browser.new_context()
        context.on("request", lambda r: fetched.add(r.url))
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        _ready(page)
        cold.append((time.perf_counter() - t0) * 1000)
        page.wait_for_function(
            "navigator.serviceWorker.controller && document.documentElement.dataset.sw",
            timeout=90000,
        )
        if i == 0:
            page.wait_for_timeout(500)
        for target, offline_flag in ((online, False), (offline, True)):
            context.set_offline(offline_flag)
            t0 = time.perf_counter()
            page.reload()
            _ready(page)
            target.append((time.perf_counter() - t0) * 1000)
        context.close()

    own = {"files": 0, "raw": 0, "gzip": 0}
    runtime = {"files": 0, "raw": 0, "gzip": 0}
    biggest = []
    for u in sorted(fetched):
        path = urlsplit(u).path
        if not u.startswith(base):
            continue
        rel = path[len(urlsplit(base).path) :] or "index.html"
        f = site / rel
        if not f.is_file():
            continue
        group = runtime if rel.startswith("runtime/") else own
        raw, gz = f.stat().st_size, _gz(f)
        group["files"] += 1
        group["raw"] += raw
        group["gzip"] += gz
        if group is own:
            biggest.append((gz, rel))
    biggest.sort(reverse=True)
    return {
        "own": own,
        "runtime": runtime,
        "biggest_own": biggest[:5],
        "cold": cold,
        "online": online,
        "offline": offline,
        "runs": runs,
    }


def _kb(n: int) -> str:
    return f"{n / 1024:,.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"


def render(r: dict) -> str:
    own, rt = r["own"], r["runtime"]
    total_raw, total_gz = own["raw"] + rt["raw"], own["gzip"] + rt["gzip"]
    goal = "met" if own["gzip"] <= OWN_GOAL_GZIP else "MISSED"

    def ms(xs):
        return f"{statistics.median(xs):,.0f} ms (min {min(xs):,.0f}, max {max(xs):,.0f})"

    lines = [
        "## Shipping: first-visit bytes, offline reload",
        "",
        f"Measured by `bench/size_report.py` on a fresh `make dist` build served locally, "
        f"headless Chromium, {r['runs']} fresh profiles. Every file the first visit fetched "
        "(page + service-worker precache) counted once; gzip = level 6 per file.",
        "",
        "| first visit | files | raw | gzip |",
        "| --- | ---: | ---: | ---: |",
        f"| runtime (Pyodide + PyScript) | {rt['files']} | {_kb(rt['raw'])} | {_kb(rt['gzip'])} |",
        f"| our own files (page, Python, catalogs, CSS, icons, manifest, sw) | {own['files']} "
        f"| {_kb(own['raw'])} | {_kb(own['gzip'])} |",
        f"| total | {rt['files'] + own['files']} | {_kb(total_raw)} | {_kb(total_gz)} |",
        "",
        f"Goal: our own files ≤ 300 KB gzip — **{goal}** ({_kb(own['gzip'])}). "
        "Largest own files (gzip): "
        + ", ".join(f"`{name}` {_kb(gz)}" for gz, name in r["biggest_own"])
        + ".",
        "",
        "| navigation → playable (`data-ready`) | median |",
        "| --- | --- |",
        f"| first visit, cold (no service worker yet) | {ms(r['cold'])} |",
        f"| reload online (service worker, cache-first) | {ms(r['online'])} |",
        f"| reload offline (network cut) | {ms(r['offline'])} |",
        "",
        "After the first visit nothing is downloaded again until a new build is published; "
        "then only the changed files are (the worker copies unchanged ones by hash).",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.runs)
    text = render(result)
    print(text)
    if not args.no_write:
        path = write_section("docs/PERFORMANCE.md", "ship", text)
        print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
