#!/usr/bin/env python3
"""What shipping costs a player: bytes of a first visit (with brotli and with gzip, before
and after issue #11), bytes an article's reader downloads before pressing Play, and reload
times, measured on fresh `make dist` builds in Chromium. Writes the "ship" section of
docs/PERFORMANCE.md.

    .venv/bin/python bench/size_report.py [--runs 5] [--baseline REV] [--no-write]

* First visit: every file the browser fetched (the page's own requests and the service
  worker's precache), counted once, split into the PyScript/Pyodide runtime and our own
  files. On the wire = the file's precompressed sibling (brotli quality 11 / gzip -9, as
  scripts/compress.py makes them for dist/) when it is smaller, else the raw file. "Before"
  is the same measurement of a dist/ built by the scripts of ``--baseline`` (default: the
  last commit before this work), exported with ``git archive`` and compressed alike.
* Article: the sample article (e2e/fixtures/article) with the snippet on another origin;
  response bodies from the game's origin until the reader would press Play.
* Reload: navigation → <html data-ready="1">, the service worker controlling the page,
  online and with the network cut (context.set_offline), median of --runs; plus the cold
  first visit for reference.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
import compress  # noqa: E402
from docsection import write_section  # noqa: E402

BASELINE = "88654f4"  # the last commit before issue #11's work
GOAL_TOTAL = 4.5 * 1024 * 1024
READY = "document.documentElement.dataset.ready === '1'"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def build_baseline(rev: str, folder: Path) -> Path:
    """dist/ as the scripts of `rev` built it (their runtime: Pyodide's full library)."""
    src = folder / "src"
    src.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True,
                             check=True).stdout
    tar = folder / "src.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as t:
        t.extractall(src, filter="data")
    (src / "node_modules").symlink_to(ROOT / "node_modules")
    for script, args in (("build_runtime.py", ["--quiet"]),
                         ("build_dist.py", ["--quiet", "--out", str(folder / "dist")])):
        subprocess.run([sys.executable, str(src / "scripts" / script), *args], cwd=src,
                       check=True)
    return folder / "dist"


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


def wire_bytes(site: Path, base: str, fetched: set[str]) -> dict:
    """Per group (runtime / own): files, raw, br, gzip bytes of what was fetched."""
    sizes = compress.compress_site(site, quiet=True)
    groups = {g: {"files": 0, "raw": 0, "br": 0, "gzip": 0} for g in ("runtime", "own")}
    biggest = []
    prefix = urlsplit(base).path
    for rel in sorted({urlsplit(u).path[len(prefix):] or "index.html"
                       for u in fetched if u.startswith(base)}):
        rel = rel or "index.html"
        f = site / rel
        if not f.is_file():
            continue
        raw = f.stat().st_size
        s = sizes.get(rel, {"raw": raw, "br": raw, "gzip": raw})
        group = groups["runtime" if rel.startswith("runtime/") else "own"]
        group["files"] += 1
        for key in ("raw", "br", "gzip"):
            group[key] += s[key]
        biggest.append((s["br"], rel))
    biggest.sort(reverse=True)
    total = {k: groups["runtime"][k] + groups["own"][k] for k in ("files", "raw", "br", "gzip")}
    wasm = sizes.get("runtime/pyodide/pyodide.asm.wasm", {})
    return {**groups, "total": total, "biggest": biggest[:6], "wasm": wasm}


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


def measure(runs: int, baseline: str | None) -> dict:
    from playwright.sync_api import sync_playwright

    conftest = _load("tacocat_conftest", ROOT / "e2e" / "conftest.py")
    build_dist = _load("tacocat_build_dist", ROOT / "scripts" / "build_dist.py")
    serve = conftest.serve
    servers = []

    def static(directory: Path, prefix: str = "/") -> str:
        server, base = serve.start_server(directory, prefix=prefix)
        servers.append(server)
        return base

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_dist.build(site, quiet=True)
        sites = {"after": site}
        if baseline:
            sites["before"] = build_baseline(baseline, Path(tmp) / "baseline")
        out: dict = {"runs": runs, "baseline": baseline}
        try:
            with sync_playwright() as p:
                exe = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
                browser = p.chromium.launch(executable_path=exe, args=conftest.CHROMIUM_ARGS)
                try:
                    for name, folder in sites.items():
                        base = static(folder)
                        visit = first_visits(browser, base, runs if name == "after" else 1)
                        out[name] = {**visit, **wire_bytes(folder, base, visit["fetched"])}
                    out["article"] = article_bytes(browser, static, site)
                finally:
                    browser.close()
        finally:
            for server in servers:
                serve.stop_server(server)
    out["load"] = os.getloadavg()[0]
    return out


def _kb(n: float) -> str:
    return f"{n / 1024:,.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"


def render(r: dict) -> str:
    after, before = r["after"], r.get("before")

    def ms(xs):
        return f"{statistics.median(xs):,.0f} ms (min {min(xs):,.0f}, max {max(xs):,.0f})"

    def rows(label: str, data: dict) -> list[str]:
        out = []
        for group, name in (("runtime", "runtime (Pyodide + PyScript)"),
                            ("own", "our own files (page, Python, catalogs, CSS, icons, sw)"),
                            ("total", "**total**")):
            g = data[group]
            out.append(f"| {label} | {name} | {g['files']} | {_kb(g['raw'])} | {_kb(g['br'])} "
                       f"| {_kb(g['gzip'])} |")
        return out

    total = after["total"]
    best = min(total["br"], total["gzip"])
    goal = "met" if best <= GOAL_TOTAL else "NOT met"
    article = r["article"]
    lines = [
        "## Shipping: first-visit bytes, bytes before Play, offline reload",
        "",
        f"Measured by `bench/size_report.py` on fresh `make dist` builds served locally, "
        f"headless Chromium, {r['runs']} fresh profiles. Every file the first visit fetched "
        "(page + service-worker precache) counted once; on the wire = the file's "
        "precompressed sibling (brotli q11 / gzip -9, scripts/compress.py) where smaller, "
        "else raw. "
        + (f"Before = the same measurement of dist/ as built at `{r['baseline']}` "
           "(sources, full standard library), compressed alike." if before else ""),
        "",
        "| build | first visit | files | raw | brotli | gzip |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
        *(rows("before", before) if before else []),
        *rows("after", after),
        "",
        f"Goal: ≤ 4.5 MB compressed in total — **{goal}** with brotli ({_kb(total['br'])}); "
        f"with gzip {_kb(total['gzip'])} (the 9.6 MB wasm alone is "
        f"{_kb(after['wasm'].get('gzip', 0))} gzipped, {_kb(after['wasm'].get('br', 0))} "
        "with brotli). "
        "Largest files (brotli): "
        + ", ".join(f"`{name}` {_kb(size)}" for size, name in after["biggest"]) + ".",
        "",
        f"An article with the snippet (web/embed.js), before the reader presses Play: "
        f"{len(article['urls'])} response(s) from the game's site "
        f"({', '.join(f'`{u}`' for u in article['urls'])}), {_kb(article['decoded'])} decoded, "
        f"{_kb(article['wire'])} on the wire (goal ≤ 15 KB: "
        f"**{'met' if article['decoded'] <= 15 * 1024 else 'NOT met'}**).",
        "",
        "| navigation → playable (`data-ready`), after | median |",
        "| --- | --- |",
        f"| first visit, cold (no service worker yet) | {ms(after['cold'])} |",
        f"| reload online (service worker, cache-first) | {ms(after['online'])} |",
        f"| reload offline (network cut) | {ms(after['offline'])} |",
        "",
        "After the first visit nothing is downloaded again until a new build is published; "
        "then only the changed files are (the worker copies unchanged ones by hash).",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", default=BASELINE, help="git revision for 'before' ('' = none)")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.runs, args.baseline or None)
    text = render(result)
    print(text)
    if not args.no_write:
        path = write_section("docs/PERFORMANCE.md", "ship", text)
        print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
