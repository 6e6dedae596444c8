"""The shipped game (dist/) in Firefox ESR and WebKitGTK: the smoke set of issue #19.

Each test runs in each engine with a fresh profile: the page loads to ready with no
console error and no request leaving the origin; a whole game against ``easy`` played by
accessible names (and the move log's numbers fit their column); the service worker makes
the page work with the server gone; a later visit starts from the start-up snapshot the
engine made after the first; the article snippet's poster loads the game on Play;
at 390×844 the hand and its actions are on screen. Timeouts only detect hangs (WebKit
boots Pyodide 2–4× slower than Chromium on this machine; CI machines are slower still).
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from scripts.page_driver import READY, ready_in

from .conftest import FAST
from .play import NAMES, play_by_names

ROOT = Path(__file__).resolve().parents[2]
BOOT = 300.0  # hang detector for a start-up (normally 2-15 s)


class _Loads(HTMLParser):
    """What index.html itself makes the browser fetch: its stylesheets and icon, the big
    files a first visit downloads at once for its progress bar (``tacocat-preload``), its
    classic scripts (not the inert tags the boot script reads), and any file its ``<use>``
    pictures come from (none now: they name the sprite's copy in the page)."""

    def __init__(self) -> None:
        super().__init__()
        self.paths = {"/"}

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        if (tag == "link" and a.get("rel") in ("stylesheet", "icon", "tacocat-preload")) or \
                (tag == "script" and a.get("src") and a.get("type") in (None, "module")):
            self.paths.add("/" + (a.get("href") or a.get("src")))
        elif tag == "use" and a.get("href") and not a["href"].startswith("#"):
            self.paths.add("/" + a["href"].split("#")[0])


def _before_worker() -> set[str]:
    """The paths the page loads before its service worker exists (from index.html)."""
    parser = _Loads()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.paths


def _assert_clean(engine, site) -> None:
    assert engine.errors() == []
    foreign = [u for u in engine.requests()
               if urlsplit(u).scheme in ("http", "https", "ws", "wss")
               and urlsplit(u).hostname not in ("127.0.0.1", "localhost")]
    assert foreign == []
    served = {r["path"] for r in site.server.request_log}
    assert served, "the page asked the server for nothing"
    bad = [r for r in site.server.request_log if r["status"] >= 400]
    assert bad == []


def test_loads_to_ready_and_serves_each_file_once(engine, site):
    engine.open(site.url + "?" + FAST)
    engine.wait_for(READY, BOOT)
    assert engine.run("document.querySelectorAll('#hand button').length") == 7
    engine.wait_for("!!document.documentElement.dataset.sw", BOOT)  # the cache is complete
    _assert_clean(engine, site)
    sent = [r["path"] for r in site.server.request_log if r["status"] == 200]
    twice = sorted({p for p in sent if sent.count(p) > 1})
    # Only what the page loads before its worker exists may come twice, and only where the
    # engine keeps no HTTP cache (WebKit's automation sessions are ephemeral).
    before = _before_worker() if engine.name == "webkit" else set()
    assert set(twice) <= before
    for big in ("/runtime/pyodide/pyodide.asm.wasm", "/runtime/pyodide/python_stdlib.zip",
                "/app.zip"):
        # once, or in WebKit once for the page and once for the worker's cache
        assert sent.count(big) == (2 if big in before else 1), (big, sent.count(big))


def test_chromium_first_visit_sends_each_file_once(new_context, site):
    """The same count in Chromium (Playwright, a fresh context), opened as a reader does."""
    page = new_context().new_page()
    page.goto(site.url)
    page.wait_for_function(READY, timeout=BOOT * 1000)
    page.wait_for_function("(document.documentElement.dataset.sw || '').length === 16",
                           timeout=BOOT * 1000)
    sent = [r["path"] for r in site.server.request_log if r["status"] == 200]
    assert sorted({p for p in sent if sent.count(p) > 1}) == []
    assert "/runtime/pyodide/pyodide.asm.wasm" in sent


def test_a_whole_game_by_accessible_names(engine, site):
    engine.open(site.url + "?" + FAST)
    engine.wait_for(READY, BOOT)
    assert play_by_names(engine) > 10
    result = engine.run("document.querySelector('#result').innerText")
    assert "Game over" in result or "wins" in result
    # Every entry number of the move log fits inside the log's left padding ("100." was cut).
    fit = engine.run("""() => {
      const log = document.getElementById('log');
      const item = log.querySelector('li');
      const probe = document.createElement('span');
      probe.textContent = (log.children.length >= 100 ? log.children.length : 999) + '. ';
      probe.style.whiteSpace = 'pre';
      item.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return {entries: log.children.length, width,
              padding: parseFloat(getComputedStyle(log).paddingLeft)};
    }""")
    assert fit["entries"] > 10
    assert fit["padding"] >= fit["width"] + 2, fit
    _assert_clean(engine, site)


def test_offline_reload(engine, site):
    engine.open(site.url + "?" + FAST)
    engine.wait_for(READY, BOOT)
    version = engine.wait_for("document.documentElement.dataset.sw", BOOT)
    assert version not in ("unavailable", "deferred")
    site.stop()  # the network is gone
    engine.reload()
    engine.wait_for(READY, BOOT)
    assert engine.wait_for("document.documentElement.dataset.sw", BOOT) == version
    engine.run(f"""() => [...document.querySelectorAll('#actions button')]
                  .find((b) => b.textContent.trim() === {NAMES['keep']!r}).click()""")
    engine.wait_for("document.querySelector('#hand').dataset.phase !== 'replace'", BOOT)
    assert engine.errors() == []


def test_a_later_visit_starts_from_the_snapshot(engine, site):
    """After a first visit the engine makes the start-up snapshot (web/boot/) and the next
    visit restores it and plays; the snapshot worker's files came from the worker's cache."""
    engine.open(site.url + "?" + FAST)
    engine.wait_for(READY, BOOT)
    made = engine.wait_for("['stored', 'failed', 'no-room'].includes("
                           "document.documentElement.dataset.snapshot)"
                           " && document.documentElement.dataset.snapshot", BOOT)
    assert made == "stored"
    first = [r["path"] for r in site.server.request_log if r["status"] == 200]
    engine.reload()
    engine.wait_for(READY, BOOT)
    assert engine.run("document.documentElement.dataset.boot") == "snapshot"
    # Read on the reader's thread (web/boot/snapshot_reader.mjs), not by the loader's fallback.
    assert "early:" in engine.run("document.documentElement.dataset.bootMs")
    engine.run(f"""() => [...document.querySelectorAll('#actions button')]
                  .find((b) => b.textContent.trim() === {NAMES['keep']!r}).click()""")
    engine.wait_for("document.querySelector('#hand').dataset.phase !== 'replace'", BOOT)
    _assert_clean(engine, site)
    sent = [r["path"] for r in site.server.request_log if r["status"] == 200]
    # the later visit fetched no runtime: it came from the worker's cache
    assert sent.count("/runtime/pyodide/pyodide.asm.wasm") == \
        first.count("/runtime/pyodide/pyodide.asm.wasm") >= 1


def test_embed_poster_then_play(engine, site):
    engine.open(site.url + "article.html")
    engine.wait_for("!!document.querySelector('script[src$=\"web/embed.js\"]')"
                    ".previousElementSibling?.shadowRoot?.querySelector('button')", BOOT)
    assert engine.run("document.querySelectorAll('iframe').length") == 0  # only the poster
    engine.run("""() => document.querySelector('script[src$="web/embed.js"]')
                  .previousElementSibling.shadowRoot.querySelector('button').click()""")
    engine.wait_for(ready_in("document.querySelector('iframe')?.contentDocument"), BOOT)
    frame = engine.run("""() => { const f = document.querySelector('iframe');
      return {src: f.getAttribute('src'), cards: f.contentDocument
              .querySelectorAll('#hand button').length}; }""")
    assert "embed=1" in frame["src"] and frame["cards"] == 7
    _assert_clean(engine, site)


def test_phone_layout_hand_and_actions_in_view(engine, site):
    engine.open(site.url + "phone.html")
    engine.wait_for(ready_in("document.getElementById('game').contentDocument"), BOOT)
    box = engine.run("""() => {
      const doc = document.getElementById('game').contentDocument;
      const rect = (s) => { const r = doc.querySelector(s).getBoundingClientRect();
                            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
      const cards = [...doc.querySelectorAll('#hand button')].map((b) => {
        const r = b.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; });
      const win = doc.defaultView;
      return {outer: [win.innerWidth, win.innerHeight],
              w: doc.documentElement.clientWidth, h: doc.documentElement.clientHeight,
              scroll: doc.documentElement.scrollWidth, hand: rect('#hand'),
              actions: rect('#actions'), cards,
              keep: [...doc.querySelectorAll('#actions button')].map((b) => b.textContent.trim())};
    }""")
    assert box["outer"] == [390, 844]  # w, h: without a classic scrollbar, if any
    assert box["scroll"] <= box["w"], "the page scrolls sideways"
    assert len(box["cards"]) == 7
    for left, right, top, bottom in box["cards"]:
        assert left >= 0 and right <= box["w"] and top >= 0 and bottom <= box["h"]
    for part in ("hand", "actions"):
        assert box[part]["top"] >= 0 and box[part]["bottom"] <= box["h"], (part, box)
    assert NAMES["keep"] in box["keep"]
    assert engine.errors() == []
