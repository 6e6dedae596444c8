"""Offline play and installability: the service worker (sw.js + generated precache.js)
precaches every file the game needs, so a whole game plays with the network cut, the
page reloads and plays offline, an update reaches a returning player, and a failed or
interrupted install leaves no half-filled cache behind."""

from __future__ import annotations

import json
import re
import shutil
from urllib.parse import urlsplit

from ship_helpers import (
    precache_list,
    publish_new_build,
    sw_state,
    wait_controlled,
    wait_for_build,
)

from scripts.page_driver import FAST, STEP, play_to_end


def test_offline_after_load_then_offline_reload(page, context, base_url, wait_ready):
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    version = wait_controlled(page)

    context.set_offline(True)
    assert play_to_end(page) > 5  # a whole game with the network cut

    from_network: list[str] = []
    page.on("response", lambda r: None if r.from_service_worker else from_network.append(r.url))
    page.reload()
    wait_ready(page)
    assert play_to_end(page) > 5  # and another after an offline reload
    # The page learns its build offline too (web/platform/offline.py asks the worker it has).
    assert page.evaluate("document.documentElement.dataset.sw") == version, sw_state(page)
    assert from_network == [], from_network  # everything came from the precache


def test_manifest_valid_installable_and_everything_precached(
    page, context, base_url, wait_ready, network_log
):
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    version = wait_controlled(page)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = json.loads(manifest["data"])
    assert parsed["name"] and parsed["short_name"] and parsed["display"] == "standalone"
    sizes = {i["sizes"] for i in parsed["icons"]}
    assert {"192x192", "512x512"} <= sizes
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's browser contexts are incognito profiles, where nothing installs.
    errors = [e for e in errors if e["errorId"] != "in-incognito"]
    assert errors == [], errors

    info = page.evaluate(
        """async () => ({
            script: navigator.serviceWorker.controller.scriptURL,
            scope: (await navigator.serviceWorker.getRegistration()).scope,
            caches: await caches.keys(),
        })"""
    )
    assert info["script"] == base_url + "sw.js"
    assert info["scope"] == base_url
    ours = [c for c in info["caches"] if c.startswith("tacocat:")]
    assert ours == [f"tacocat:{urlsplit(base_url).path}:{version}"]

    # Every same-origin file the page loaded is in the precache list, and is cached.
    listed = precache_list(page, base_url)
    loaded = {
        u.split("?")[0]
        for u in network_log.requests
        if u.startswith(base_url)
        and not re.search(r"/((sw|precache)\.js|download-sizes\.json)$", u)
        and u != base_url + "__tacocat_snapshot__"  # answered by the worker: not a file
    }
    loaded = {base_url if u == base_url + "index.html" else u for u in loaded}
    assert loaded - listed == set()
    cached = page.evaluate(
        """async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)""",
        ours[0],
    )
    # everything but the files kept only once a feature asks for them (the puzzles): those
    # are not among a first visit's bytes (scripts/build_precache.py LAZY)
    lazy = set(page.evaluate("""async () => { const t = await (await fetch('precache.js',
        {cache: 'no-store'})).text(); return JSON.parse(t.slice(t.indexOf('{'),
        t.lastIndexOf('}') + 1)).files.filter((f) => f[4]).map((f) => new URL(f[0],
        location.href).href); }"""))
    assert lazy == {base_url + "web/puzzles.json"}
    assert listed - lazy <= set(cached) and not lazy & set(cached)
    for big in ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/python_stdlib.zip"):
        assert base_url + big in listed


def _first_visit_of_a_copy(new_context, static_server, dist_dir, tmp_path, wait_ready,
                           prefix: str):
    """A copy of dist/ served at ``prefix``, visited once until its worker controls the
    page (then closed). Returns (context, site folder, base URL, build version)."""
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    base = static_server(site, prefix=prefix)
    context = new_context()
    page = context.new_page()
    page.goto(base + "?" + FAST)
    wait_ready(page)
    old = wait_controlled(page)
    page.close()
    return context, site, base, old


def test_update_reaches_returning_player(
    new_context, static_server, dist_dir, tmp_path, wait_ready
):
    context, site, base, old = _first_visit_of_a_copy(
        new_context, static_server, dist_dir, tmp_path, wait_ready, "/update/")

    new = publish_new_build(site)  # a new build is published
    assert new != old

    page = context.new_page()
    page.goto(base + "?" + FAST)  # the next visit
    wait_for_build(page, new)
    wait_ready(page)
    text = page.evaluate("async () => (await fetch('web/shell.css')).text()")
    assert "build 2" in text
    # The new worker says what it is busy with (for a failure's message: sw_state).
    busy = sw_state(page)["activeBusy"]
    assert busy["version"] == new and isinstance(busy["pending"], list), busy
    names = page.evaluate("caches.keys()")
    assert [n for n in names if n.startswith("tacocat:/update/:")] == [f"tacocat:/update/:{new}"]
    assert play_to_end(page) > 5


LOG_JS = "[...document.querySelectorAll('#log li')].map((li) => li.textContent)"


def test_a_game_in_progress_survives_an_update(
    new_context, static_server, dist_dir, tmp_path, wait_ready
):
    """The update promise (README, docs/TESTING.md): a player who has touched the game keeps
    playing the old build; the next visit runs the new build and resumes that very game."""
    context, site, base, old = _first_visit_of_a_copy(
        new_context, static_server, dist_dir, tmp_path, wait_ready, "/keep-game/")
    url = base + "?level=easy&pace=0"
    playing = context.new_page()
    playing.goto(url + "&fresh=1")
    wait_ready(playing)
    acted = 0
    for _ in range(400):  # the player's own moves (a hang detector: 400 steps)
        if acted >= 3:
            break
        acted += playing.evaluate(STEP) in ("keep", "duel", "attack", "defend", "sacrifice")
        playing.wait_for_timeout(60)
    assert acted >= 3

    new = publish_new_build(site)
    assert new != old
    later = context.new_page()
    later.goto(url)  # no ?fresh: the saved game is offered
    wait_for_build(later, new)
    wait_ready(later)
    later.wait_for_selector("#dlg-resume[open]", timeout=60000)
    later.click("#resume-yes")
    # By now the computer has answered the player's last move (it waits for the player).
    moves = playing.evaluate(LOG_JS)
    later.wait_for_function(f"{LOG_JS}.length >= {len(moves)}", timeout=30000)
    assert later.evaluate(LOG_JS) == moves
    # The player's own tab was never reloaded under them: the same game, on the old page.
    assert playing.evaluate("performance.getEntriesByType('navigation')[0].type") == "navigate"
    assert playing.evaluate(LOG_JS) == moves
    assert play_to_end(later) > 0


# The page asks the old build's worker for its version; the answer is held back until
# a newer build has taken over (a slow old worker, e.g. still completing its cache). Once
# per tab: after the page reloads onto the new build it asks freely.
HOLD_VERSION_ANSWER = """(() => {
  let store;
  try { store = window.sessionStorage; } catch { return; }
  if (!store || store.getItem('held')) return;
  const send = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (message, ...rest) {
    if (message?.type !== 'tacocat:version' || store.getItem('held')) {
      return send.call(this, message, ...rest);
    }
    store.setItem('held', 'waiting');
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      store.setItem('held', 'released');
      send.call(this, message, ...rest);
    }, {once: true});
  };
})()"""


def test_a_build_that_takes_over_while_the_page_asks_is_not_missed(
    new_context, static_server, dist_dir, tmp_path, wait_ready
):
    """The page (web/platform/offline.py) listens for a new worker from before its first question:
    a new build that takes over while the old worker has not answered yet still reaches the
    player (the page reloads onto it), whatever the old worker answers, if anything."""
    context, site, base, old = _first_visit_of_a_copy(
        new_context, static_server, dist_dir, tmp_path, wait_ready, "/held/")

    context.add_init_script(HOLD_VERSION_ANSWER)
    page = context.new_page()
    page.goto(base + "?" + FAST)
    page.wait_for_function("sessionStorage.getItem('held') === 'waiting'", timeout=60000)
    new = publish_new_build(site)  # published while the page waits for its answer
    assert new != old
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    wait_for_build(page, new)
    wait_ready(page)
    assert page.evaluate("sessionStorage.getItem('held')") == "released"
    # It reloaded onto the new build (its answer came while the new worker took over).
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
    assert page.evaluate("caches.keys()") == [f"tacocat:/held/:{new}"]


def test_a_replaced_build_never_brings_its_cache_back(page, base_url, wait_ready):
    """A newer build's worker deletes the old build's cache as it takes over, while the old
    worker may still serve a page: that worker must not create the cache again (and fill it
    with the old runtime next to the new one); it serves from the host and says so."""
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    version = wait_controlled(page)
    name = f"tacocat:{urlsplit(base_url).path}:{version}"
    assert name in page.evaluate("caches.keys()")
    served = page.evaluate(
        """async (name) => {
          await caches.delete(name);  // what the newer build's activation does
          const css = await fetch('web/shell.css', {cache: 'no-store'});
          return [css.status, (await css.text()).length > 0];
        }""",
        name,
    )
    assert served == [200, True]
    asked = page.evaluate(ASK_VERSION)
    assert "replaced" in asked["answer"]["error"]
    assert name not in asked["caches"]


INSTALL = """async () => {
  const reg = await navigator.serviceWorker.register('sw.js');
  // After a failed install the registration may hold no worker: update() tries again.
  if (!reg.installing && !reg.waiting && !reg.active) await reg.update();
  const worker = reg.installing || reg.waiting || reg.active;
  await new Promise((done) => {
    const check = () => ['activated', 'redundant'].includes(worker.state) && done();
    worker.addEventListener('statechange', check);
    check();
  });
  return {state: worker.state, caches: await caches.keys()};
}"""


ASK_VERSION = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const channel = new MessageChannel();
  const answer = new Promise((done) => (channel.port1.onmessage = (e) => done(e.data)));
  reg.active.postMessage({type: 'tacocat:version'}, [channel.port2]);
  const silent = new Promise((done) => setTimeout(() => done({error: 'no answer'}), 30000));
  const data = await Promise.race([answer, silent]);
  const found = {};
  for (const name of await caches.keys()) {
    found[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  }
  return {answer: data, caches: found};
}"""
META = "__tacocat_precache__"


def test_failed_install_cleans_up_and_an_interrupted_one_does_not_poison(
    new_context, static_server, dist_dir, tmp_path
):
    """Issues #10 and #19: a cache left by an install that was cut off (no completion
    marker) is deleted, never reused, by the next install; a file that fails its hash (a
    half-uploaded build) is never stored and the cache is not marked complete (the page is
    told so: it does not claim to work offline); once the upload completes, the next request
    completes the cache with the right files."""
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    (site / "blank.html").write_text(
        "<!doctype html><title>blank</title><link rel=icon href='data:,'>", encoding="utf-8")
    text = (site / "precache.js").read_text(encoding="utf-8")
    version = json.loads(text.split("=", 1)[1].strip().rstrip(";"))["version"]
    base = static_server(site, prefix="/install/")
    name = f"tacocat:/install/:{version}"
    page = new_context().new_page()
    page.goto(base + "blank.html")
    # An install cut off earlier left caches without their completion marker: one for this
    # very version, holding a wrong page, and one of another version.
    page.evaluate(
        """async ([name, other]) => {
          await (await caches.open(name)).put('./', new Response('stale page'));
          await (await caches.open(other)).put('./', new Response('older'));
        }""",
        [name, "tacocat:/install/:0123456789abcdef"],
    )
    # A half-uploaded build: one precached file does not match its hash.
    css = site / "web" / "shell.css"
    good = css.read_bytes()
    css.write_bytes(good + b"\n/* half-uploaded */\n")
    assert page.evaluate(INSTALL)["state"] == "activated"  # a first install fetches nothing
    failed = page.evaluate(ASK_VERSION)
    assert "version" not in failed["answer"] and "shell.css" in failed["answer"]["error"]
    ours = {n: urls for n, urls in failed["caches"].items() if n.startswith("tacocat:/install/")}
    assert list(ours) == [name]  # both leftovers deleted
    assert base + "web/shell.css" not in ours[name] and base + META not in ours[name]
    assert base + "runtime/pyodide/pyodide.asm.wasm" in ours[name]  # the good files are kept

    css.write_bytes(good)  # the upload completes
    done = page.evaluate(ASK_VERSION)
    assert done["answer"]["version"] == version
    ours = {n: urls for n, urls in done["caches"].items() if n.startswith("tacocat:/install/")}
    assert list(ours) == [name] and base + META in ours[name]
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).match('./')).text()", name)
    assert cached == (site / "index.html").read_text(encoding="utf-8")
    shell = page.evaluate(
        "async (name) => (await (await caches.open(name)).match('web/shell.css')).text()", name)
    assert shell.encode() == good


def test_puzzles_opened_once_play_offline(page, context, base_url, wait_ready):
    """The puzzle set is not among a first visit's bytes; once puzzles have been opened the
    worker keeps it, and they open with the network gone (issue #51)."""
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    version = wait_controlled(page)
    cache = f"tacocat:{urlsplit(base_url).path}:{version}"
    kept = """async ([name, url]) => !!(await (await caches.open(name)).match(url))"""
    puzzles = base_url + "web/puzzles.json"
    assert not page.evaluate(kept, [cache, puzzles])
    page.click("#btn-menu")
    page.click("#btn-puzzles")
    page.wait_for_selector("#puzzle:not([hidden])")
    page.wait_for_function(f"async () => !!(await (await caches.open({cache!r}))"
                           f".match({puzzles!r}))")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.click("#btn-menu")
    page.click("#btn-puzzles")
    page.wait_for_selector("#puzzle:not([hidden])")
    assert page.locator("#hand button.card").count() >= 2
    context.set_offline(False)
