"""Browser benchmark: a first visit on a phone's network (issue #49) — Lighthouse's mobile
profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4×, 390×844), this build
against ``--baseline REV`` (built the same way), builds alternating run by run. Writes the
``network-start`` section of docs/PERFORMANCE.md.

    nice -n 10 .venv/bin/python -m bench.network_start [--baseline a148e26] [--runs 3]
        [--paths page,nosw,article] [--browser shell|chromium] [--play-after 20]
        [--rtt 150] [--down 1.6] [--up 750] [--cpu 4] [--cache-control no-cache]
        [--no-write]

The network is slowed at the bench's own server, not by DevTools: Chromium's network
emulation does not reach a service worker's own fetches (docs/PERFORMANCE.md; STACK.md,
"Slow networks"). scripts/serve.py's handler (its precompressed .br/.gz siblings, brotli
where the browser asks for it) writes through :class:`PacedWriter`: each response waits
the round trip (plus its request's bytes at the upload rate) before its first byte, then
its bytes cross **one shared link** — a byte clock every write of every response reserves
time on, in 4 KB chunks, so parallel responses split the 1.6 Mbit/s between them. "Bytes
on the wire" are what the server wrote (headers and bodies) up to the moment the page was
playable; the **byte floor** is those bytes at the link's rate, the least time the visit
could take; "playable ÷ floor" is how close the start comes to it. The CPU is slowed 4× by
CDP ``Emulation.setCPUThrottlingRate`` from before navigation; each visit is a fresh
profile (empty HTTP cache, no service worker).

Paths (``--paths``):

* ``page``: ``index.html?fresh=1``, the service worker allowed (its fetches are paced too);
* ``nosw``: ``index.html?fresh=1&sw=0``, no worker — what the article's frame does after
  Play (it registers the worker only at the first move);
* ``article``: this build only: an article on another site (``localhost``; the game is on
  ``127.0.0.1``) with the snippet two screens below the fold, scrolled into view at t0;
  the reader presses Play at t0 + ``--play-after`` s (trusted click). With
  ``data-preload="visible"`` (web/preload.html loads the game ahead into the frame's
  cache partition) and without it. Reported: the wait from Play to playable (the game's
  frame's ``data-ready-ms`` on its own clock, against the click's time on the article's),
  the bytes the article fetched from the game's site before Play, and after it.

For each of ``page`` and ``nosw``: first paint (``first-contentful-paint``), playable
(``<html data-ready-ms>``), bytes, floor, ratio, median of ``--runs``; and one visit of
this build (the median one) stage by stage: when each response was requested, began and
ended at the server (ms after navigation: the page's ``performance.timeOrigin``), with the
page's own marks (``data-boot-ms`` of web/boot/pyodide_loader.mjs, first paint, ready) and
each file's ``responseEnd`` in the page (``performance.getEntriesByType("resource")``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from bench import harness
from bench.docsection import publish
from bench.harness import HANG, served_dist
from scripts import serve
from scripts.page_driver import READY

ROOT = Path(__file__).resolve().parent.parent


BROWSERS = {"shell": "/usr/bin/chromium-headless-shell", "chromium": "/usr/bin/chromium"}
PHONE = {"width": 390, "height": 844}
CHUNK = 4096  # bytes per paced write: 20 ms at 1.6 Mbit/s
SLACK = 0.05  # s: a sender this late after its turn still finds the link busy
BIG = 10_000  # responses listed one by one in the stage table (smaller ones are summed)
PATHS = {"page": "index.html?fresh=1", "nosw": "index.html?fresh=1&sw=0"}
PATH_NAMES = {
    "page": "the page, service worker allowed (`index.html?fresh=1`)",
    "nosw": "no worker, as the article's frame after Play (`?sw=0`)",
}


# -- the paced link ----------------------------------------------------------------------
class Link:
    """One phone's connection: a round trip before each response, then every response's
    bytes in turn through one byte clock at the download rate."""

    def __init__(self, rtt_ms: float, down_mbit: float, up_kbit: float) -> None:
        self.rtt = rtt_ms / 1000
        self.rate = down_mbit * 1e6 / 8  # bytes per second
        self.up = up_kbit * 1e3 / 8
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.free_at = 0.0  # time.monotonic() when the link is next free
            self.sent: list[tuple[float, int]] = []  # (wall time the bytes crossed, bytes)
            self.responses: list[dict] = []

    def cross(self, n: int) -> None:
        """Send ``n`` bytes: wait for the link's turn and for their time on it. A sender
        back a little late from its sleep (a busy machine) does not lose the link's time:
        the link counts as idle only after :data:`SLACK` without bytes, so a busy one keeps
        its rate exactly."""
        with self.lock:
            now = time.monotonic()
            start = self.free_at if now - self.free_at < SLACK else now
            self.free_at = start + n / self.rate
            until = self.free_at
        delay = until - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def bytes_until(self, wall: float) -> int:
        return sum(n for t, n in list(self.sent) if t <= wall)


class PacedWriter:
    """A response's ``wfile``: the round trip before the first byte, then the link."""

    def __init__(self, raw, link: Link) -> None:
        self.raw = raw
        self.link = link
        self.record: dict | None = None
        self.ready_at = 0.0

    def begin(self, record: dict, request_bytes: int) -> None:
        self.record = record
        self.ready_at = time.monotonic() + self.link.rtt + request_bytes / self.link.up

    def write(self, data) -> int:
        view = memoryview(data).cast("B")
        if self.ready_at:
            delay = self.ready_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self.ready_at = 0.0
        for i in range(0, len(view), CHUNK):
            chunk = view[i:i + CHUNK]
            self.link.cross(len(chunk))
            try:
                self.raw.write(chunk)
            except OSError:
                if self.record is not None:
                    self.record["aborted"] = True
                raise
            now = time.time()
            self.link.sent.append((now, len(chunk)))
            if self.record is not None:
                self.record.setdefault("first", now)
                self.record["end"] = now
                self.record["bytes"] += len(chunk)
        return len(view)

    def flush(self) -> None:
        self.raw.flush()

    def close(self) -> None:
        self.raw.close()

    @property
    def closed(self) -> bool:
        return self.raw.closed


class PacedHandler(serve.TacocatRequestHandler):
    """scripts/serve.py's handler (precompressed siblings and all) on the paced link."""

    link: Link  # set by the bench before serving
    cache_control: str | None = None  # instead of serve.py's (no-cache)

    def setup(self) -> None:
        super().setup()
        self.wfile = PacedWriter(self.wfile, self.link)

    def parse_request(self) -> bool:
        ok = super().parse_request()
        record = {"path": self.path.split("?")[0], "query": "?" in self.path,
                  "requested": time.time(), "bytes": 0, "status": 0, "encoding": ""}
        size = len(self.raw_requestline) + sum(
            len(k) + len(v) + 4 for k, v in (self.headers.items() if self.headers else ()))
        self.wfile.begin(record, size + 2)
        self.link.responses.append(record)
        if self.cache_control is not None:
            self.extra_headers = {**self.extra_headers, "Cache-Control": self.cache_control}
        return ok

    def send_response(self, code, message=None) -> None:
        if self.wfile.record is not None:
            self.wfile.record["status"] = int(code)
        super().send_response(code, message)

    def send_header(self, keyword, value) -> None:
        if keyword.lower() == "content-encoding" and self.wfile.record is not None:
            self.wfile.record["encoding"] = value
        super().send_header(keyword, value)


# -- one visit ------------------------------------------------------------------------------
MARKS_JS = """() => {
  const d = document.documentElement.dataset;
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    origin: performance.timeOrigin, ready: Number(d.readyMs), boot: d.bootMs || '',
    fcp: paint ? paint.startTime : null,
    resources: performance.getEntriesByType('resource').map(e => ({
      name: e.name, start: e.startTime, responseStart: e.responseStart,
      end: e.responseEnd, transfer: e.transferSize, worker: e.workerStart > 0})),
  };
}"""


@dataclass
class Visit:
    ready_ms: float
    fcp_ms: float | None
    wire: int  # bytes the server wrote up to playable
    boot: str
    origin: float  # the page's timeOrigin, epoch ms
    responses: list[dict] = field(default_factory=list)
    resources: list[dict] = field(default_factory=list)
    total: int = 0  # bytes written during the whole visit

    def floor_s(self, link: Link) -> float:
        return self.wire / link.rate

    def ratio(self, link: Link) -> float:
        return self.ready_ms / 1000 / self.floor_s(link)


def _context(browser, cpu: float):
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    page = context.new_page()
    if cpu != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return context, page


def visit(browser, url: str, link: Link, cpu: float) -> Visit:
    link.reset()
    context, page = _context(browser, cpu)
    try:
        page.goto(url, wait_until="commit", timeout=HANG * 1000)
        page.wait_for_function(READY, timeout=HANG * 1000, polling=100)
        marks = page.evaluate(MARKS_JS)
    finally:
        context.close()
    ready_wall = (marks["origin"] + marks["ready"]) / 1000
    return Visit(marks["ready"], marks["fcp"], link.bytes_until(ready_wall), marks["boot"],
                 marks["origin"], [dict(r) for r in link.responses], marks["resources"],
                 sum(n for _, n in link.sent))


# -- the article ----------------------------------------------------------------------------
ARTICLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>How to play (a benchmark's article)</title>
<style>body{{margin:0 auto;max-width:44rem;padding:1rem;font:18px/1.6 Georgia,serif}}</style>
</head><body>
<h1>Tacocat Spelled Backwards: the rules</h1>
{paragraphs}
<div style="height:{spacer}px"></div>
<script src="{game}web/embed.js" data-lang="en" data-level="easy"{attrs} async></script>
{paragraphs}
</body></html>
"""
PARAGRAPH = ("<p>Each round the player with the lowest card in the showdown pulls the cat "
             "one space toward their goal. The first to pull it into their goal wins.</p>")
CLICK_JS = """addEventListener('click', () => {
  if (window.__playAt === undefined) window.__playAt = performance.timeOrigin + performance.now();
}, true);"""


@dataclass
class ArticleVisit:
    wait_ms: float  # Play -> playable
    before: int  # bytes from the game's site before Play
    after: int  # bytes from Play to playable
    preload_done_s: float | None  # t0 -> the last preload response's end
    twice: list[str]  # files sent whole more than once
    paint_ms: float | None  # Play -> the frame's first paint
    frame: Visit  # the game's frame (its clock starts when Play made it)
    played: float  # wall time of the click


def article_pages(folder: Path, game: str) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = {"preload": ' data-preload="visible"', "plain": ""}
    for name, attrs in names.items():
        (folder / f"{name}.html").write_text(ARTICLE.format(
            paragraphs="\n".join([PARAGRAPH] * 4), spacer=2 * PHONE["height"], game=game,
            attrs=attrs), encoding="utf-8")
    return {name: f"{name}.html" for name in names}


def article_visit(browser, url: str, link: Link, cpu: float, play_after: float) -> ArticleVisit:
    link.reset()
    context, page = _context(browser, cpu)
    page.add_init_script(CLICK_JS)
    host = "div[role=region][aria-label]"
    try:
        page.goto(url, timeout=HANG * 1000)
        page.wait_for_function(f"!!document.querySelector('{host}')?.shadowRoot",
                               timeout=HANG * 1000)
        page.wait_for_load_state("networkidle")
        t0 = time.time()
        page.locator(host).scroll_into_view_if_needed()
        page.wait_for_timeout(max(0.0, t0 + play_after - time.time()) * 1000)
        played = time.time()
        before = link.bytes_until(played)
        page.locator(f"{host} button").click()
        frame = None
        deadline = time.monotonic() + HANG
        while frame is None and time.monotonic() < deadline:
            frame = next((f for f in page.frames if "embed=1" in f.url), None)
            page.wait_for_timeout(50)
        if frame is None:
            raise RuntimeError("Play made no frame")
        frame.wait_for_function(READY, timeout=HANG * 1000, polling=100)
        marks = frame.evaluate(MARKS_JS)
        play_at = page.evaluate("window.__playAt")
    finally:
        context.close()
    ready_wall = (marks["origin"] + marks["ready"]) / 1000
    ahead = [r for r in link.responses if r["requested"] < played and "end" in r
             and not r["path"].endswith("/embed.js")]
    whole: dict[str, int] = {}
    for r in link.responses:
        if r["status"] == 200 and r["bytes"] > BIG and not r.get("aborted"):
            key = (r["path"].rsplit("/", 1)[-1] or "./") + ("?…" if r["query"] else "")
            whole[key] = whole.get(key, 0) + 1
    return ArticleVisit(
        wait_ms=marks["origin"] + marks["ready"] - play_at,
        before=before, after=link.bytes_until(ready_wall) - before,
        preload_done_s=max(r["end"] for r in ahead) - t0 if ahead else None,
        twice=sorted(p for p, n in whole.items() if n > 1),
        paint_ms=(marks["origin"] + marks["fcp"] - play_at) if marks["fcp"] else None,
        frame=Visit(marks["ready"], marks["fcp"], link.bytes_until(ready_wall) - before,
                    marks["boot"], marks["origin"], [dict(r) for r in link.responses],
                    marks["resources"]),
        played=play_at / 1000)


# -- reporting --------------------------------------------------------------------------------
def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def secs(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.1f} s"


def parse_boot(boot: str) -> list[tuple[str, float]]:
    out = []
    for part in filter(None, boot.split(",")):
        name, _, at = part.partition(":")
        try:
            out.append((name, float(at)))
        except ValueError:
            continue
    return out


def stage_table(v: Visit, base_path: str, since: float = 0.0) -> list[str]:
    """One visit stage by stage: the server's responses (those still going at ``since``,
    a wall time) and the page's own marks."""
    origin = v.origin / 1000
    responses = [r for r in v.responses if r.get("end", since) >= since]

    def at(wall: float | None) -> str:
        return "–" if wall is None else f"{(wall - origin) * 1000:.0f}"

    ends = {}
    for e in v.resources:
        name = e["name"].split("?")[0].split("#")[0]
        ends.setdefault(name, []).append(e)
    lines = ["| response (server) | status | bytes | requested | first byte | last byte | "
             "the page has it (responseEnd) |", "|---|---:|---:|---:|---:|---:|---:|"]
    small = [r for r in responses if r["bytes"] < BIG]
    for r in sorted(responses, key=lambda r: r["requested"]):
        if r["bytes"] < BIG:
            continue
        name = r["path"].removeprefix(base_path) or "./"
        if r["query"]:
            name += " (the page)"
        page_end = [e["end"] for url, es in ends.items() if url.endswith(r["path"])
                    for e in es]
        lines.append(
            f"| {name} | {r['status']}{' ' + r['encoding'] if r['encoding'] else ''} | "
            f"{r['bytes']:,} | {at(r['requested'])} | {at(r.get('first'))} | "
            f"{at(r.get('end'))} | "
            f"{', '.join(f'{x:.0f}' for x in page_end) or '–'} |")
    if small:
        lines.append(
            f"| {len(small)} smaller responses | | {sum(r['bytes'] for r in small):,} | "
            f"{at(min(r['requested'] for r in small))}–{at(max(r['requested'] for r in small))}"
            f" | | by {at(max((r.get('end', 0) for r in small), default=None) or None)} | |")
    cut = origin + v.ready_ms / 1000
    ends = [r for r in responses if 0 < r.get("end", 0) <= cut]
    last = max((r["end"] for r in ends), default=0)
    last_big = max((r["end"] for r in ends if r["bytes"] >= BIG), default=0)
    marks = [("first paint", v.fcp_ms), *parse_boot(v.boot), ("playable", v.ready_ms)]
    lines += ["", "The page's own marks (ms after navigation): " + ", ".join(
        f"{name} {ms:.0f}" for name, ms in marks if ms is not None) + "."]
    if last:
        lines += ["", f"The last byte of a file ≥ {BIG // 1000} KB crossed at "
                  f"{(last_big - origin) * 1000:.0f} ms, {(cut - last_big) * 1000:.0f} ms before "
                  f"playable; the last byte of any file before playable at "
                  f"{(last - origin) * 1000:.0f} ms."]
    return lines


def per_file(visits: dict[str, Visit], base_paths: dict[str, str]) -> list[str]:
    """Bytes on the wire per file, up to playable, one visit of each build."""
    names: dict[str, dict[str, int]] = {}
    for build, v in visits.items():
        cut = v.origin / 1000 + v.ready_ms / 1000
        for r in v.responses:
            if r["requested"] > cut:
                continue
            name = r["path"].removeprefix(base_paths[build]) or "./"
            names.setdefault(name, {}).setdefault(build, 0)
            names[name][build] += r["bytes"]
    builds = list(visits)
    lines = ["| file | " + " | ".join(builds) + " |",
             "|---|" + "---:|" * len(builds)]
    order = sorted(names, key=lambda n: -max(names[n].values()))
    for name in order:
        if max(names[name].values()) < BIG:
            continue
        lines.append(f"| {name} | " + " | ".join(
            f"{names[name].get(b, 0):,}" for b in builds) + " |")
    rest = {b: sum(v.get(b, 0) for n, v in names.items() if max(v.values()) < BIG)
            for b in builds}
    lines.append("| everything smaller | " + " | ".join(f"{rest[b]:,}" for b in builds) + " |")
    lines.append("| **total** | " + " | ".join(
        f"**{sum(v.get(b, 0) for v in names.values()):,}**" for b in builds) + " |")
    return lines


def median_visit(visits: list[Visit]) -> Visit:
    return sorted(visits, key=lambda v: v.ready_ms)[len(visits) // 2]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV", default="a148e26",
                    help="also measure dist/ as built at this revision ('' for none)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--paths", default="page,nosw,article",
                    help="comma-separated: page, nosw, article")
    ap.add_argument("--browser", choices=sorted(BROWSERS), default="shell")
    ap.add_argument("--rtt", type=float, default=150, help="round trip, ms")
    ap.add_argument("--down", type=float, default=1.6, help="download, Mbit/s")
    ap.add_argument("--up", type=float, default=750, help="upload, kbit/s")
    ap.add_argument("--cpu", type=float, default=4, help="CPU throttle (1 = none)")
    ap.add_argument("--play-after", type=float, default=20,
                    help="article: seconds from the embed in view to Play")
    ap.add_argument("--cache-control", default="no-cache",
                    help="the game's Cache-Control (scripts/serve.py's no-cache: every "
                    "cached file is revalidated, as Netlify's and Cloudflare Pages' "
                    "max-age=0; GitHub Pages sends max-age=600)")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    paths = [p for p in args.paths.split(",") if p]
    unknown = set(paths) - {*PATHS, "article"}
    if unknown:
        ap.error(f"unknown path(s): {', '.join(sorted(unknown))}")

    from playwright.sync_api import sync_playwright

    if os.access(BROWSERS[args.browser], os.X_OK):
        harness.CHROMIUM = BROWSERS[args.browser]
    link = Link(args.rtt, args.down, args.up)
    PacedHandler.link = link
    PacedHandler.cache_control = args.cache_control
    loads = [os.getloadavg()[0]]
    page_runs: dict[tuple[str, str], list[Visit]] = {}
    article_runs: dict[str, list[ArticleVisit]] = {}
    with served_dist("tacocat-network-", precompressed=True, baseline=args.baseline or None,
                     handler_class=PacedHandler) as sites, sync_playwright() as p:
        builds = {"this build": sites["after"].base}
        if "before" in sites:
            builds[f"before ({args.baseline})"] = sites["before"].base
        base_paths = {name: "/" for name in builds}
        article_server = None
        articles: dict[str, str] = {}
        if "article" in paths:
            folder = sites["after"].folder.parent / "article"
            pages = article_pages(folder, sites["after"].base)
            article_server, article_base = serve.start_server(folder, port=0)
            article_base = article_base.replace("127.0.0.1", "localhost")  # another site
            articles = {name: article_base + page for name, page in pages.items()}
        browser = harness.launch_chromium(p)
        version = browser.version
        try:
            for run in range(args.runs):
                order = list(builds.items())
                if run % 2:
                    order.reverse()
                for path in (x for x in paths if x in PATHS):
                    for build, base in order:
                        v = visit(browser, base + PATHS[path], link, args.cpu)
                        loads.append(os.getloadavg()[0])
                        page_runs.setdefault((path, build), []).append(v)
                        print(f"run {run + 1}, {path}, {build}: paint {secs(v.fcp_ms)}, "
                              f"playable {secs(v.ready_ms)}, {mb(v.wire)} "
                              f"(floor {v.floor_s(link):.1f} s, {v.ratio(link):.2f}×), "
                              f"load {loads[-1]:.1f}", flush=True)
                if articles:
                    names = list(articles) if run % 2 == 0 else list(articles)[::-1]
                    for name in names:
                        a = article_visit(browser, articles[name], link, args.cpu,
                                          args.play_after)
                        loads.append(os.getloadavg()[0])
                        article_runs.setdefault(name, []).append(a)
                        print(f"run {run + 1}, article {name}: Play → playable "
                              f"{secs(a.wait_ms)}, before Play {mb(a.before)}, after "
                              f"{mb(a.after)}, sent twice {a.twice or 'none'}, load "
                              f"{loads[-1]:.1f}", flush=True)
        finally:
            browser.close()
            if article_server is not None:
                serve.stop_server(article_server)

    lines = report(args, link, version, loads, builds, page_runs, article_runs, base_paths)
    publish("network-start", "\n".join(lines), write=not args.no_write)
    return 0


def report(args, link: Link, version: str, loads: list[float], builds: dict[str, str],
           page_runs: dict, article_runs: dict, base_paths: dict) -> list[str]:
    lines = [
        "### A first visit on a phone's network", "",
        f"Measured by `bench/network_start.py` on {date.today().isoformat()}: "
        f"{args.browser} (Chromium {version}), {os.cpu_count()} cores, load average "
        f"{min(loads):.1f}–{max(loads):.1f} (a shared machine). Lighthouse's mobile profile "
        f"paced at the bench's own server (so a service worker's fetches are slowed too): "
        f"{args.rtt:g} ms round trip before each response's first byte, {args.down:g} Mbit/s "
        f"down shared by all responses (one byte clock), {args.up:g} kbit/s up; CPU "
        f"{args.cpu:g}× (CDP), 390×844; each visit a fresh profile; the shipped dist/ with "
        f"its brotli siblings, `Cache-Control: {args.cache_control}`. Bytes = what the "
        "server wrote (headers and bodies) until the page was playable; floor = those bytes "
        "at the link's rate. Median of "
        f"{args.runs} run(s), builds alternating.", ""]
    if page_runs:
        lines += ["| path | build | first paint | playable | bytes on the wire | byte floor "
                  "| playable ÷ floor |", "|---|---|---:|---:|---:|---:|---:|"]
        for path in PATHS:
            for build in builds:
                vs = page_runs.get((path, build))
                if not vs:
                    continue
                fcps = [v.fcp_ms for v in vs if v.fcp_ms is not None]
                lines.append(
                    f"| {PATH_NAMES[path]} | {build} | "
                    f"{secs(statistics.median(fcps)) if fcps else '–'} | "
                    f"**{secs(statistics.median(v.ready_ms for v in vs))}** | "
                    f"{mb(statistics.median(v.wire for v in vs))} | "
                    f"{statistics.median(v.floor_s(link) for v in vs):.1f} s | "
                    f"**{statistics.median(v.ratio(link) for v in vs):.2f}×** |")
        lines += ["", "All runs (playable s / ratio): " + "; ".join(
            f"{path} {build}: " + ", ".join(f"{v.ready_ms / 1000:.1f}/{v.ratio(link):.2f}"
                                             for v in vs)
            for (path, build), vs in page_runs.items()) + "."]
        if any(path == "page" for path, _ in page_runs):
            one = {b: median_visit(vs) for (path, b), vs in page_runs.items() if path == "page"}
            lines += ["", "Bytes on the wire per file up to playable (the page with its "
                      "worker, the median visit of each build; headers included):", "",
                      *per_file(one, base_paths)]
        lines += ["", "#### Where the time goes (this build, the median visit of each path)"]
        for path in PATHS:
            vs = page_runs.get((path, "this build"))
            if vs:
                lines += ["", f"**{PATH_NAMES[path]}** (ms after navigation):", "",
                          *stage_table(median_visit(vs), base_paths["this build"])]
    if article_runs:
        lines += ["", "#### The article, loading ahead", "",
                  "An article on another site with the snippet two screens below the fold; "
                  f"the embed is scrolled into view at t0, the reader presses Play at t0 + "
                  f"{args.play_after:g} s (this build; goal: playable ≤ 3 s after Play).", "",
                  "| article | bytes from the game's site before Play | loading ahead done "
                  "| Play → first paint | Play → playable | bytes after Play | sent whole "
                  "twice |", "|---|---:|---:|---:|---:|---:|---|"]
        titles = {"preload": '`data-preload="visible"`', "plain": "without the option"}
        for name, runs in article_runs.items():
            done = [a.preload_done_s for a in runs if a.preload_done_s is not None]
            paints = [a.paint_ms for a in runs if a.paint_ms is not None]
            lines.append(
                f"| {titles[name]} | {mb(statistics.median(a.before for a in runs))} | "
                f"{f't0 + {statistics.median(done):.1f} s' if done else '–'} | "
                f"{secs(statistics.median(paints)) if paints else '–'} | "
                f"**{secs(statistics.median(a.wait_ms for a in runs))}** | "
                f"{mb(statistics.median(a.after for a in runs))} | "
                f"{', '.join(sorted({f for a in runs for f in a.twice})) or 'none'} |")
        ahead = article_runs.get("preload")
        if ahead:
            one = sorted(ahead, key=lambda a: a.wait_ms)[len(ahead) // 2]
            lines += ["", "Loading ahead, the median visit after Play: the responses still "
                      "going or made after Play, and the game frame's marks, in ms after "
                      f"the frame was made ({(one.frame.origin / 1000 - one.played) * 1000:.0f}"
                      " ms after the click):", "",
                      *stage_table(one.frame, base_paths["this build"], since=one.played)]
        lines += ["", "All runs (Play → playable, s): " + "; ".join(
            f"{titles[name]}: " + ", ".join(f"{a.wait_ms / 1000:.1f}" for a in runs)
            for name, runs in article_runs.items()) + "."]
    return lines


if __name__ == "__main__":
    raise SystemExit(main())
