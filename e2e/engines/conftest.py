"""Fixtures of the Firefox and WebKit smoke sets.

* ``engine_site``: a copy of the session's ``dist_dir`` with two test pages added: a phone
  frame (``phone.html``: the game in a 390×844 same-origin iframe, since WebKit's window
  will not shrink below ≈ 447 px) and an article with the snippet (``article.html``:
  same origin, so the test can look into the game's frame).
* ``site``: that copy on a server of its own (a test may stop it: "offline").
* ``engine``: a fresh browser (new profile: no cache, no service worker) per test, for
  each engine whose Debian package is installed (``scripts/setup.sh --browser``); closed
  after the test, and on failure a screenshot goes to e2e/artifacts/.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from scripts import engine_drivers as drivers
from scripts import serve
from scripts.page_driver import FAST

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "e2e" / "artifacts"
ENGINES = ("firefox", "webkit")

PHONE = f"""<!doctype html><meta charset="utf-8"><title>phone</title>
<link rel="icon" href="data:,">
<style>body {{ margin: 0 }} iframe {{ width: 390px; height: 844px; border: 0 }}</style>
<iframe id="game" src="index.html?{FAST}&sw=0" title="Tacocat"></iframe>
"""
ARTICLE = """<!doctype html><meta charset="utf-8"><title>article</title>
<link rel="icon" href="data:,">
<h1>An article</h1><p>Try the game:</p>
<script src="web/embed.js" data-level="easy" data-pace="0" async></script>
<p>The end.</p>
"""


@pytest.fixture(scope="session")
def engine_site(dist_dir, tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("engines") / "site"
    shutil.copytree(dist_dir, site)
    (site / "phone.html").write_text(PHONE, encoding="utf-8")
    (site / "article.html").write_text(ARTICLE, encoding="utf-8")
    return site


class Site:
    """A server of the engine site that a test may stop (to go offline)."""

    def __init__(self, directory: Path) -> None:
        self.server, self.url = serve.start_server(directory, port=0)
        self.server.request_log = []
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            serve.stop_server(self.server)


@pytest.fixture
def site(engine_site):
    s = Site(engine_site)
    yield s
    s.stop()


@pytest.fixture(params=ENGINES)
def engine(request):
    name = request.param
    if not drivers.available(name):
        message = f"{name} is not installed (scripts/setup.sh --browser installs it)"
        if os.environ.get("CI"):  # CI installs it as root: a skip there would hide a gap
            pytest.fail(message)
        pytest.skip(message)
    browser = drivers.launch(name)
    yield browser
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        slug = request.node.nodeid.replace("/", "-").replace(":", "-")[:150]
        try:
            browser.screenshot(ARTIFACTS / f"{slug}-failure.png")
        except Exception as exc:  # a crashed browser has nothing to show
            print(f"no screenshot: {exc}")
        tail = browser.log_tail()
        if tail:
            print(f"--- the end of {name}'s stderr ---\n{tail}")
    browser.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.rep_call = report
    return report
