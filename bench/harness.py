"""What every browser benchmark shares: the shipped build served from a temporary folder
(:func:`served_dist`, optionally beside a baseline revision built the same way),
Chromium launched with the flags this closed network needs (:func:`launch_chromium`, the
e2e suite's own ``CHROMIUM_ARGS``) and the page's ready flag (:data:`READY`).

    with served_dist("tacocat-play-", precompressed=True, baseline="804675a") as sites:
        sites["after"].base, sites["before"].base ...
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _folder in ("scripts", "e2e", "bench"):
    if str(ROOT / _folder) not in sys.path:
        sys.path.insert(0, str(ROOT / _folder))

import build_dist  # noqa: E402
import compress  # noqa: E402
import serve  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
READY = "document.documentElement?.dataset.ready === '1'"
HANG = 300.0  # seconds: a hang detector, not a limit
LONGTASK_JS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""


def launch_chromium(playwright):
    """Chromium for the browser benchmarks: Debian's when installed (else Playwright's)."""
    launch: dict = {"args": CHROMIUM_ARGS}
    if os.access(CHROMIUM, os.X_OK):
        launch["executable_path"] = CHROMIUM
    return playwright.chromium.launch(**launch)


@dataclass
class Site:
    folder: Path  # the built site
    base: str  # its URL, served by scripts/serve.py
    server: object


@contextlib.contextmanager
def served_dist(prefix: str, *, precompressed: bool = False, baseline: str | None = None,
                prepare: Callable[[Path], None] | None = None,
                handler_class: type | None = None) -> Iterator[dict[str, Site]]:
    """``{"after": this checkout's dist/}`` (and ``"before"``: ``baseline`` built the same
    way), each served on its own port until the block ends; ``prepare`` runs on each built
    folder before it is served (e.g. instrumenting it); ``handler_class``, a subclass of
    scripts/serve.py's handler, changes how responses are sent (bench/network_start.py
    paces them)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        folders = {"after": Path(tmp) / "dist"}
        build_dist.build(folders["after"], quiet=True)
        if baseline:
            import size_report

            folders["before"] = size_report.build_baseline(baseline, Path(tmp) / "baseline")
            if precompressed:
                compress.compress_site(folders["before"], quiet=True)
        sites: dict[str, Site] = {}
        try:
            for name, folder in folders.items():
                if prepare is not None:
                    prepare(folder)
                extra = {"handler_class": handler_class} if handler_class else {}
                server, base = serve.start_server(folder, port=0, precompressed=precompressed,
                                                  **extra)
                sites[name] = Site(folder, base, server)
            yield sites
        finally:
            for site in sites.values():
                serve.stop_server(site.server)


def measured_by(script: str, version: str, loads: list[float]) -> str:
    """The opening of a browser benchmark's section: which script, when, which Chromium on
    which machine, and the load averages seen while it ran (the machine is shared)."""
    return (f"Measured by `bench/{script}` on {date.today().isoformat()}: headless Chromium "
            f"{version}, {platform.machine()} with {os.cpu_count()} cores, load average "
            f"{min(loads):.1f}–{max(loads):.1f} (a shared machine)")


@contextlib.contextmanager
def chromium_on_dist(prefix: str) -> Iterator[tuple[object, str]]:
    """``(browser, base)``: Chromium (:func:`launch_chromium`) and the URL of this
    checkout's dist/ (:func:`served_dist`), both closed when the block ends."""
    from playwright.sync_api import sync_playwright

    with served_dist(prefix) as sites, sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            yield browser, sites["after"].base
        finally:
            browser.close()


__all__ = ["CHROMIUM", "HANG", "LONGTASK_JS", "READY", "Site", "chromium_on_dist",
           "launch_chromium", "measured_by", "served_dist"]
