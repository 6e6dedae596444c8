"""The start-up snapshot of issue #19 (web/boot/pyodide_loader.mjs, snapshot_worker.mjs,
sw.js): after a first visit the reader's browser makes a memory snapshot of Python with
the engine imported and the service worker keeps it with this build's files; later visits
start from it (`<html data-boot="snapshot">`), play, deal different games (the snapshot's
frozen `random` is reseeded), reload offline; a corrupt snapshot falls back to a plain
start, quietly, and is never offered again for this build; a new build never restores
an old build's snapshot. Without a service worker the page keeps it itself
(snapshot_store.mjs), with the same checks."""

from __future__ import annotations

import shutil

import pytest
from ship_helpers import publish_new_build, wait_controlled, wait_for_build

from scripts.page_driver import FAST, play_to_end

HAND_JS = ("[...document.querySelectorAll('#hand button.card')]"
           ".map(b => b.getAttribute('aria-label'))")
# Generous: the worker boots a whole Pyodide in the background (a hang detector only).
MADE_MS = 180_000
# The snapshot's bytes never pass through the page's main thread (copying or storing them
# there was a 90-130 ms task at 4x CPU in the first game): the snapshot worker sends them
# to the service worker or stores them itself. This records any that do.
THROUGH_PAGE_JS = """(() => {
  const seen = self.__snapshotThroughPage = [];
  const steps = self.__snapshotSteps = [];  // the snapshot worker's answer, the ask
  if (typeof ServiceWorker === 'undefined') return;  // not a window with workers (frames)
  const big = (v) => (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) && v.byteLength > 1e6;
  const carries = (data) => !!data && typeof data === 'object' && Object.values(data).some(big);
  const Plain = window.Worker;
  window.Worker = function (...args) {
    const worker = new Plain(...args);
    worker.addEventListener('message', (e) => {
      if (carries(e.data)) seen.push('worker to page');
      else steps.push('made');
    });
    return worker;
  };
  window.Worker.prototype = Plain.prototype;
  const send = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (message, ...rest) {
    if (carries(message)) seen.push('page to service worker');
    if (message?.type === 'tacocat:snapshot') steps.push('asked');
    return send.call(this, message, ...rest);
  };
  const put = Cache.prototype.put;
  Cache.prototype.put = function (request, response) {
    if (String(request.url || request).includes('__tacocat_snapshot__')) seen.push('page put');
    return put.call(this, request, response);
  };
})()"""
THROUGH_PAGE = "window.__snapshotThroughPage"
# The service worker is asked to keep the snapshot only once it is made: a message event
# of the active worker pending through the making (seconds; a minute under load) kept a
# new build's worker waiting (issue #40).
STEPS = "window.__snapshotSteps"


def boot(page) -> str:
    return page.evaluate("document.documentElement.dataset.boot")


def first_visit(context, url: str, wait_ready) -> None:
    """A first visit that ends with the snapshot stored for later visits."""
    context.add_init_script(THROUGH_PAGE_JS)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    wait_controlled(page)
    assert boot(page) == "plain"
    page.wait_for_function(
        "['stored', 'failed', 'no-room'].includes(document.documentElement.dataset.snapshot)",
        timeout=MADE_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"
    assert page.evaluate(THROUGH_PAGE) == []
    assert page.evaluate(STEPS) == ["made", "asked"]
    page.close()


def settled(page, js: str, wait_ready, tries: int = 3):
    """Evaluate js once the page is ready; again if the page reloaded itself meanwhile
    (web/platform/offline.py reloads a page that a newer build took over while it loaded)."""
    for attempt in range(tries):
        try:
            wait_ready(page)
            return page.evaluate(js)
        except Exception as exc:  # the context went away with a navigation
            if "Execution context was destroyed" not in str(exc) or attempt == tries - 1:
                raise
    raise AssertionError("unreachable")


def later_visit(context, url: str, wait_ready):
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    return page


def test_later_visits_start_from_the_snapshot_play_and_deal_different_games(
    new_context, base_url, wait_ready
):
    context = new_context()
    url = base_url + "?" + FAST
    first_visit(context, url, wait_ready)

    second = later_visit(context, url, wait_ready)
    assert boot(second) == "snapshot"
    # index.html started reading it at navigation, and the loader took that response.
    assert "early:" in second.evaluate("document.documentElement.dataset.bootMs")
    assert second.evaluate("'tacocatSnapshot' in window") is False
    hand = second.evaluate(HAND_JS)
    assert len(hand) == 7
    assert play_to_end(second) > 5  # a whole game from the restored Python
    # No second snapshot is made by a page that started from one.
    assert second.evaluate("document.documentElement.dataset.snapshot") is None
    second.close()

    third = later_visit(context, url, wait_ready)
    assert boot(third) == "snapshot"
    # The snapshot froze Python's random state; reseeded, a new game is a new deal.
    assert third.evaluate(HAND_JS) != hand

    context.set_offline(True)  # offline, the snapshot comes from the worker's cache too
    third.reload()
    wait_ready(third)
    assert boot(third) == "snapshot"
    assert play_to_end(third) > 5


# The reader of a later visit cannot run (a browser without module workers, a worker that
# fails to load, a page where making one throws): the loader reads the snapshot itself.
NO_READER_JS = """(mode) => {
  const Plain = window.Worker;
  window.Worker = function (url, options) {
    if (!String(url).includes('snapshot_reader')) return new Plain(url, options);
    if (mode === 'throws') throw new DOMException('no workers here', 'SecurityError');
    const body = mode === 'fails' ? 'throw new Error("broken reader");'
      : 'onmessage = () => postMessage({error: "answered 404, not by the service worker"});';
    return new Plain(URL.createObjectURL(new Blob([body], {type: 'text/javascript'})));
  };
  window.Worker.prototype = Plain.prototype;
}"""


@pytest.mark.parametrize("mode", ["throws", "fails", "answers"])
def test_without_the_snapshot_reader_the_loader_reads_the_snapshot_itself(
    new_context, base_url, wait_ready, mode
):
    context = new_context()
    url = base_url + "?" + FAST
    first_visit(context, url, wait_ready)
    context.add_init_script(f"({NO_READER_JS})({mode!r})")
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.goto(url)
    wait_ready(page)
    assert boot(page) == "snapshot"
    assert "early:" not in page.evaluate("document.documentElement.dataset.bootMs")
    assert page.evaluate(HAND_JS) and len(page.evaluate(HAND_JS)) == 7
    assert play_to_end(page) > 5
    # A reader that failed says so in the console; one that could not be made is silent.
    assert any("snapshot reader" in w for w in warnings) == (mode != "throws")


# Flipped bytes (its SHA-256 no longer matches), and bytes that are not a snapshot of this
# runtime, kept with their own correct hash (Pyodide refuses them).
CORRUPT_JS = """async (kind) => {
  const key = new URL('__tacocat_snapshot__', location.href).href;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const hit = await cache.match(key);
    if (!hit) continue;
    let bytes = new Uint8Array(await hit.arrayBuffer());
    const headers = new Headers(hit.headers);
    if (kind === 'flipped') {
      for (let i = 1000; i < bytes.length; i += 997) bytes[i] ^= 0x5a;
    } else {
      bytes = new Uint8Array(1 << 20).fill(7);
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      headers.set('x-tacocat-sha256',
                  [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''));
    }
    await cache.put(key, new Response(bytes, {headers}));
    return true;
  }
  return false;
}"""


@pytest.mark.parametrize("kind", ["flipped", "not-a-snapshot"])
def test_a_corrupt_snapshot_falls_back_to_a_plain_start_quietly(
    new_context, base_url, wait_ready, kind
):
    context = new_context()
    url = base_url + "?" + FAST
    first_visit(context, url, wait_ready)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    assert page.evaluate(CORRUPT_JS, kind)

    page.reload()
    wait_ready(page)
    assert boot(page) == "plain"
    # Nothing for the player to see: no message, no dialog; the game plays.
    assert page.evaluate("document.getElementById('message').hidden")
    assert page.evaluate("document.querySelector('dialog[open]')") is None
    assert play_to_end(page) > 5
    # The worker now refuses a snapshot for this build: none is made or offered again.
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    answer = page.evaluate("""async () => {
        const r = await fetch('__tacocat_snapshot__');
        return [r.status, r.headers.get('x-tacocat-snapshot')];
    }""")
    assert answer == [204, "refused"]
    page.reload()
    wait_ready(page)
    assert boot(page) == "plain"


def test_a_new_build_never_restores_the_old_builds_snapshot(
    new_context, static_server, dist_dir, tmp_path, wait_ready
):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    base = static_server(site, prefix="/snap-update/")
    context = new_context()
    url = base + "?" + FAST
    first_visit(context, url, wait_ready)

    new = publish_new_build(site)  # one file changes (not Python's)

    page = context.new_page()
    page.goto(url)  # found the update (the page may reload itself onto it)
    wait_for_build(page, new)
    page.close()
    page = later_visit(context, url, wait_ready)
    assert settled(page, "document.documentElement.dataset.boot", wait_ready) == "plain"
    assert settled(page, "caches.keys()", wait_ready) == [f"tacocat:/snap-update/:{new}"]


# Without a service worker (blocked: here the test browser's own "block"; for readers a
# private mode, an in-app browser, a cookie setting) the page keeps the snapshot in its
# own Cache Storage, filed under the SHA-256 of the game's archive (snapshot_store.mjs).
PAGE_STORE_JS = "(await caches.keys()).filter((n) => n.startsWith('tacocat-snapshot:'))"
EDIT_PAGE_STORE_JS = """async (kind) => {
  const key = new URL('__tacocat_snapshot__', location.href).href;
  const [name] = (await caches.keys()).filter((n) => n.startsWith('tacocat-snapshot:'));
  const cache = await caches.open(name);
  const hit = await cache.match(key);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const headers = new Headers(hit.headers);
  if (kind === 'flipped') for (let i = 1000; i < bytes.length; i += 997) bytes[i] ^= 0x5a;
  else headers.set('x-tacocat-app', '0'.repeat(64));  // made from another archive
  await cache.put(key, new Response(bytes, {headers}));
  return [hit.headers.get('x-tacocat-app').length, hit.headers.get('x-tacocat-sha256').length];
}"""
MADE_JS = ("['stored', 'failed', 'no-room'].includes("
           "document.documentElement.dataset.snapshot)")


def made_here(page) -> str:
    page.wait_for_function(MADE_JS, timeout=MADE_MS)
    return page.evaluate("document.documentElement.dataset.snapshot")


def reloaded(page, wait_ready) -> str:
    page.reload()
    wait_ready(page)
    return boot(page)


def test_without_a_service_worker_the_page_keeps_its_own_snapshot(
    new_context, base_url, wait_ready
):
    context = new_context(service_workers="block")
    context.add_init_script(THROUGH_PAGE_JS)
    archive: list[str] = []
    context.on("request", lambda r: r.url.endswith("/app.zip") and archive.append(r.url))
    page = context.new_page()
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.sw") == "unavailable"
    assert boot(page) == "plain"
    # The reader looked for a kept copy, found none, and so never asked for the archive:
    # the two requests are the boot script's counted download and the runtime's own (from
    # the HTTP cache: the server sends it once, bench/size_report.py).
    assert len(archive) == 2
    assert made_here(page) == "stored"
    assert page.evaluate(THROUGH_PAGE) == []
    assert page.evaluate(f"(async () => {PAGE_STORE_JS})()") == ["tacocat-snapshot:/"]

    assert reloaded(page, wait_ready) == "snapshot"
    # Read, checked and expanded on the reader's thread (web/boot/snapshot_reader.mjs).
    assert "early:" in page.evaluate("document.documentElement.dataset.bootMs")
    hand = page.evaluate(HAND_JS)
    assert play_to_end(page) > 5
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    assert reloaded(page, wait_ready) == "snapshot"
    assert page.evaluate(HAND_JS) != hand  # reseeded, as from the worker's copy

    # Made from another archive (a new build of the game): a plain start, quietly, and a
    # new snapshot replaces it.
    assert page.evaluate(EDIT_PAGE_STORE_JS, "other") == [64, 64]
    assert reloaded(page, wait_ready) == "plain"
    assert page.evaluate("document.getElementById('message').hidden")
    assert made_here(page) == "stored"
    assert reloaded(page, wait_ready) == "snapshot"

    # Damaged: a plain start, and never offered or made again for this archive.
    page.evaluate(EDIT_PAGE_STORE_JS, "flipped")
    assert reloaded(page, wait_ready) == "plain"
    assert page.evaluate("document.getElementById('message').hidden")
    assert page.evaluate("document.querySelector('dialog[open]')") is None
    assert play_to_end(page) > 5
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    assert reloaded(page, wait_ready) == "plain"
    page.wait_for_timeout(3000)  # past the loader's delay before it would make one
    assert page.evaluate("document.documentElement.dataset.snapshot") is None


def test_a_page_with_a_service_worker_drops_the_pages_own_copy(
    new_context, base_url, wait_ready
):
    context = new_context()
    url = base_url + "?" + FAST
    first_visit(context, url, wait_ready)
    page = later_visit(context, url, wait_ready)
    page.evaluate("""async () => {
        const cache = await caches.open('tacocat-snapshot:/');
        await cache.put(new URL('__tacocat_snapshot__', location.href).href,
                        new Response('left by a visit without the worker'));
    }""")
    assert reloaded(page, wait_ready) == "snapshot"
    for _ in range(600):  # a hang detector: it goes once the page is ready and offline
        if not page.evaluate(f"(async () => {PAGE_STORE_JS})()"):
            break
        page.wait_for_timeout(100)
    assert page.evaluate(f"(async () => {PAGE_STORE_JS})()") == []


WORKER_TIMES_JS = """(() => {
  const times = self.__times = {input: [], workers: []};
  if (typeof Worker === 'undefined') return;
  for (const type of ['pointerdown', 'keydown', 'wheel'])
    addEventListener(type, () => times.input.push(performance.now()), true);
  const Plain = window.Worker;
  window.Worker = function (url, ...rest) {
    times.workers.push([String(url), performance.now()]);
    return new Plain(url, ...rest);
  };
  window.Worker.prototype = Plain.prototype;
})()"""
QUIET_MS = 3000  # web/boot/pyodide_loader.mjs


def test_the_snapshot_is_made_only_once_the_reader_leaves_the_page_alone(
        new_context, base_url, wait_ready):
    """Its worker boots a whole Pyodide: started while the reader taps, it took the core
    their taps' frames needed. The page's own clock decides, so machine load cannot."""
    context = new_context(service_workers="block")
    context.add_init_script(WORKER_TIMES_JS)
    page = context.new_page()
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    page.mouse.move(195, 300)
    for _ in range(24):  # input every 250 ms for 6 s: no pause of 3 s in it
        page.mouse.wheel(0, 1)
        page.wait_for_timeout(250)
    assert made_here(page) == "stored"
    times = page.evaluate("window.__times")
    made = [at for url, at in times["workers"] if "snapshot_worker" in url]
    assert len(made) == 1, times["workers"]
    before = [at for at in times["input"] if at < made[0]]
    assert len(before) >= 20  # the reader's input came first, all of it
    assert made[0] - max(before) >= QUIET_MS - 1
