"""Loading ahead in an article (issue #49): the snippet's opt-in ``data-preload="visible"``.

Once the poster comes within a screen of the viewport (and the article has loaded), a
hidden frame of the game's own origin (web/preload.html) downloads the game's files at low
priority, so that the frame Play creates finds them in its HTTP cache. Everything here is
counted at the game's server: the article is on another *site* than the game (``localhost``
against ``127.0.0.1``), as on the web, so the browser's cache partitions apply. Without the
option nothing but the snippet is fetched before Play; with it, nothing while the poster is
far below the fold, nor when the reader's browser asks to save data or reports 2G
(``navigator.connection``, overridden in an init script). After loading ahead, Play
downloads no big file again — also when Play comes while a big file is still on its way;
and a reader who already played there (the game's service worker keeps every file) is not
sent the game again. Timings belong in bench/network_start.py; the waits here are hang detectors."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pytest
from ship_helpers import frame_with, wait_controlled

from scripts import serve
from scripts.page_driver import wait_ready

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "e2e" / "fixtures" / "article"
PREFIX = "/games/tacocat/"
BIG = 50_000  # bytes on the wire: the runtime, the standard library, the game's archive
SCRIPT = "document.querySelector('script[src$=\"web/embed.js\"]')"
# The poster's host: the script's previous element until Play (then the frame is).
HOST = "document.querySelector('div[role=region][aria-label]')"
PRELOAD_FRAME = f"(() => {{ const h = {HOST}; return h && h.shadowRoot && " \
    "h.shadowRoot.querySelector('iframe'); })()"
HANG_MS = 60_000  # a hang detector: loading ahead from localhost takes about a second

# navigator.connection as a reader's browser may report it (Chromium only has the API).
CONNECTION = """(() => {{
  const value = {value};
  if (value === null) {{ delete Navigator.prototype.connection; return; }}
  Object.defineProperty(Navigator.prototype, 'connection',
                        {{get: () => value, configurable: true}});
}})()"""


# What the loading-ahead frame told the snippet: how many files it fetched.
PRELOADED = """addEventListener('message', (e) => {
  if (e.data && e.data.type === 'tacocat:preloaded') window.__preloaded = e.data.files;
});"""


class _HeldWasm(serve.TacocatRequestHandler):
    """Sends the wasm's first half, then waits until the test lets the rest go."""

    release = threading.Event()
    holding = threading.Event()

    def copyfile(self, source, outputfile) -> None:
        if not self.path.split("?")[0].endswith("pyodide.asm.wasm"):
            return super().copyfile(source, outputfile)
        data = source.read()
        half = len(data) // 2
        outputfile.write(data[:half])
        outputfile.flush()
        self.holding.set()
        self.release.wait(HANG_MS / 1000)
        outputfile.write(data[half:])


@pytest.fixture
def game(dist_dir):
    """The game (dist/) under a sub-path, on 127.0.0.1, recording every response."""
    servers = []

    def start(handler=serve.TacocatRequestHandler):
        server, url = serve.start_server(dist_dir, prefix=PREFIX, handler_class=handler)
        server.request_log = []
        servers.append(server)
        return server, url

    yield start
    for server in servers:
        serve.stop_server(server)


@pytest.fixture
def article(tmp_path):
    """article(game_url, attrs, spacer_px) -> the sample article's URL on another site
    (localhost), with the snippet only (no bare or foreign frame)."""
    servers = []

    def make(game_url: str, attrs: str = "", spacer_px: int = 0) -> str:
        html = (FIXTURE / "index.html").read_text(encoding="utf-8")
        html = re.sub(r'<iframe id="(bare|foreign)".*?</iframe>', "", html, flags=re.S)
        html = html.replace("__GAME__", game_url)
        snippet = f'<script src="{game_url}web/embed.js"'
        assert html.count(snippet) == 1
        html = html.replace(snippet, (f'<div id="spacer" style="height:{spacer_px}px"></div>'
                                      if spacer_px else "") + snippet + attrs)
        site = tmp_path / f"article-{len(servers)}"
        site.mkdir()
        (site / "index.html").write_text(html, encoding="utf-8")
        server, url = serve.start_server(site)
        servers.append(server)
        assert "127.0.0.1" in url
        return url.replace("127.0.0.1", "localhost")

    yield make
    for server in servers:
        serve.stop_server(server)


def _sent(server) -> list[tuple[str, int, int]]:
    """(path, status, bytes) of every response so far."""
    return [(r["path"], r["status"], r["bytes"]) for r in list(server.request_log)]


def _precache(dist_dir: Path) -> list[str]:
    text = (dist_dir / "precache.js").read_text(encoding="utf-8")
    files = json.loads(text[text.index("{"):text.rindex("}") + 1])["files"]
    # (not the files kept only when a feature first asks for them: the puzzles)
    return [PREFIX + url.removeprefix("./") for url, *rest in files if len(rest) < 4]


def _settle(page) -> None:
    """The article loaded and the network quiet (what it will fetch on its own, it has)."""
    page.wait_for_load_state("load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)  # an observer's first callback comes after a frame


def _wait_preloaded(page) -> None:
    page.wait_for_function(f"!!{PRELOAD_FRAME}", timeout=HANG_MS)
    page.wait_for_function(f"!{PRELOAD_FRAME}", timeout=HANG_MS)


def _play(page):
    page.get_by_role("button", name=re.compile(".")).click()
    frame = frame_with(page, "embed=1")
    wait_ready(frame, HANG_MS)
    return frame


def test_without_the_option_only_the_snippet_is_fetched(page, game, article):
    server, url = game()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(article(url))
    _settle(page)
    page.evaluate(f"{HOST}.scrollIntoView()")
    _settle(page)
    assert [(path, status) for path, status, _ in _sent(server)] == \
        [(PREFIX + "web/embed.js", 200)]
    assert page.evaluate(f"!{PRELOAD_FRAME}")


def test_loading_ahead_starts_near_the_viewport_and_not_before(page, game, article,
                                                               dist_dir):
    server, url = game()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(article(url, ' data-preload="visible"', spacer_px=6 * 844))
    _settle(page)
    # Far below the fold: the snippet alone.
    assert [p for p, *_ in _sent(server)] == [PREFIX + "web/embed.js"]
    assert page.evaluate(f"!{PRELOAD_FRAME}")

    # Scrolled to two screens above it: still nothing.
    top = page.evaluate(f"{HOST}.getBoundingClientRect().top + scrollY")
    page.evaluate(f"scrollTo(0, {top} - 3 * innerHeight)")
    _settle(page)
    assert [p for p, *_ in _sent(server)] == [PREFIX + "web/embed.js"]

    # Within a screen of it (its top half a screen below the viewport): the files come,
    # each once, the file list first.
    page.evaluate(f"scrollTo(0, {top} - 1.5 * innerHeight)")
    _wait_preloaded(page)
    sent = _sent(server)
    paths = [p for p, *_ in sent]
    assert paths[:3] == [PREFIX + "web/embed.js", PREFIX + "web/preload.html",
                         PREFIX + "download-sizes.json"], paths
    files = _precache(dist_dir)
    assert sorted(paths[3:]) == sorted(files), paths
    assert all(status == 200 for _, status, _ in sent)
    # The hidden frame is gone once done, and the poster is untouched.
    assert page.evaluate(f"{HOST}.shadowRoot.querySelectorAll('iframe').length") == 0
    assert page.evaluate(f"{SCRIPT}.previousElementSibling === {HOST}")
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0


@pytest.mark.parametrize("connection", [
    {"saveData": True, "effectiveType": "4g"},
    {"saveData": False, "effectiveType": "2g"},
    {"saveData": False, "effectiveType": "slow-2g"},
], ids=["save-data", "2g", "slow-2g"])
def test_no_loading_ahead_when_saving_data_or_on_2g(page, game, article, connection):
    server, url = game()
    page.add_init_script(CONNECTION.format(value=json.dumps(connection)))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(article(url, ' data-preload="visible"'))
    assert page.evaluate("navigator.connection.effectiveType") == connection["effectiveType"]
    _settle(page)
    page.evaluate(f"{HOST}.scrollIntoView()")
    _settle(page)
    assert [p for p, *_ in _sent(server)] == [PREFIX + "web/embed.js"]
    assert page.evaluate(f"!{PRELOAD_FRAME}")


def test_an_unknown_connection_loads_ahead(page, game, article):
    """No navigator.connection (Firefox, Safari) is "unknown", not "slow": the site owner
    opted in, so the files come."""
    server, url = game()
    page.add_init_script(CONNECTION.format(value="null"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(article(url, ' data-preload="visible"'))
    assert page.evaluate("'connection' in navigator") is False
    _wait_preloaded(page)
    assert PREFIX + "runtime/pyodide/pyodide.asm.wasm" in [p for p, *_ in _sent(server)]


def test_play_after_loading_ahead_downloads_nothing_big_again(page, game, article, dist_dir):
    server, url = game()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(article(url, ' data-preload="visible"'))
    _wait_preloaded(page)
    before = len(server.request_log)
    big = {p for p, status, n in _sent(server) if status == 200 and n >= BIG}
    assert {PREFIX + "runtime/pyodide/pyodide.asm.wasm",
            PREFIX + "runtime/pyodide/python_stdlib.zip", PREFIX + "app.zip"} <= big

    frame = _play(page)
    assert frame.evaluate("document.documentElement.dataset.sw") == "deferred"
    after = _sent(server)[before:]
    # The frame asked again (a no-cache host: revalidated) and got 304s, no bodies; only
    # its own document (a frame's navigation is cached apart from fetches) came whole.
    bodies = [(p, n) for p, status, n in after if status == 200]
    assert bodies == [(PREFIX, next(n for p, s, n in after if s == 200))], after
    assert {p for p, status, _ in after if status == 304} >= big
    # The article is as without the option: the frame in the poster's place, nothing else.
    assert page.evaluate(f"{SCRIPT}.previousElementSibling.tagName") == "IFRAME"
    assert page.evaluate(f"{SCRIPT}.previousElementSibling.previousElementSibling.id") == \
        "intro"
    assert page.evaluate(f"{HOST}") is None
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1


def test_play_while_a_big_file_is_still_coming_waits_for_it(page, game, article):
    """Play before loading ahead is done: the poster (and its hidden frame) stays until it
    is, so the big file on its way is not cut off and sent again; the game's frame takes
    it from the cache."""
    _HeldWasm.release.clear()
    _HeldWasm.holding.clear()
    server, url = game(_HeldWasm)
    page.set_viewport_size({"width": 390, "height": 844})
    asked = threading.Event()

    def on_request(request) -> None:
        try:
            from_game = "embed=1" in request.frame.url
        except Exception:  # a worker's request has no frame
            from_game = False
        if from_game and request.url.endswith("pyodide.asm.wasm"):
            asked.set()

    page.context.on("request", on_request)
    page.goto(article(url, ' data-preload="visible"'))
    page.wait_for_function(f"!!{PRELOAD_FRAME}", timeout=HANG_MS)
    assert _HeldWasm.holding.wait(HANG_MS / 1000)
    try:
        page.get_by_role("button", name=re.compile(".")).click()
        frame = frame_with(page, "embed=1")
        # The poster is hidden, not gone, while its frame still loads; the game's frame
        # is where the script tag is.
        assert page.evaluate(f"getComputedStyle({HOST}).display") == "none"
        assert page.evaluate(f"{SCRIPT}.previousElementSibling.tagName") == "IFRAME"
        deadline = time.monotonic() + HANG_MS / 1000
        while not asked.is_set() and time.monotonic() < deadline:
            page.wait_for_timeout(50)  # the game's frame asks for the wasm
        assert asked.is_set()
    finally:
        _HeldWasm.release.set()
    wait_ready(frame, HANG_MS)
    page.wait_for_function(f"{HOST} === null", timeout=HANG_MS)  # done: the poster goes
    wasm = [(s, n) for p, s, n in _sent(server) if p.endswith("pyodide.asm.wasm")]
    assert [s for s, n in wasm if s == 200] == [200], wasm
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1


def test_a_reader_who_played_here_is_not_sent_the_game_again(page, game, article):
    """Once the reader played in the article's frame, the game's service worker keeps every
    file: on the next visit the loading-ahead page (in its scope) sees it and stops."""
    server, url = game()
    page.context.add_init_script(PRELOADED)
    page.set_viewport_size({"width": 390, "height": 844})
    address = article(url, ' data-preload="visible"')
    page.goto(address)
    _wait_preloaded(page)
    assert page.evaluate("window.__preloaded") > 10  # the files it fetched
    frame = _play(page)
    frame.wait_for_function("document.getElementById('hand').dataset.phase === 'replace'")
    frame.locator("#act-confirm").click()  # the first move registers the worker
    wait_controlled(frame)
    before = len(server.request_log)

    again = page.context.new_page()
    again.set_viewport_size({"width": 390, "height": 844})
    again.goto(address)
    deadline = time.monotonic() + HANG_MS / 1000
    while PREFIX + "web/preload.html" not in [p for p, *_ in _sent(server)[before:]]:
        assert time.monotonic() < deadline, _sent(server)[before:]
        again.wait_for_timeout(50)
    again.wait_for_function(f"!{PRELOAD_FRAME}", timeout=HANG_MS)
    assert again.evaluate("window.__preloaded") == 0  # it fetched nothing: done at once
    _settle(again)
    bodies = [(p, n) for p, s, n in _sent(server)[before:] if s == 200 and n >= BIG]
    assert bodies == [], bodies
