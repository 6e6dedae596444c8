"""What every browser benchmark shares: the shipped build served from a temporary folder
(:func:`served_dist`, optionally beside a baseline revision built by its own scripts,
:func:`build_baseline`) and Chromium launched with the flags this closed network needs
(:func:`launch_chromium`, the e2e suite's own ``CHROMIUM_ARGS``). The page's ready flag is
scripts/page_driver.py's ``READY``.

    with served_dist("tacocat-play-", precompressed=True, baseline="804675a") as sites:
        sites["after"].base, sites["before"].base ...
"""

from __future__ import annotations

import contextlib
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from scripts import build_dist, compress, serve
from scripts.engine_drivers import CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
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
    for script, args in (("build_runtime", ["--quiet"]),
                         ("build_dist", ["--quiet", "--out", str(folder / "dist")])):
        # Since issue #50 the scripts are a package run with -m; before, files run by path.
        run = (["-m", f"scripts.{script}"] if (src / "scripts" / "__init__.py").exists()
               else [str(src / "scripts" / f"{script}.py")])
        subprocess.run([sys.executable, *run, *args], cwd=src, check=True)
    return folder / "dist"


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
            folders["before"] = build_baseline(baseline, Path(tmp) / "baseline")
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


__all__ = ["CHROMIUM", "HANG", "LONGTASK_JS", "Site", "build_baseline", "chromium_on_dist",
           "launch_chromium", "measured_by", "served_dist"]
