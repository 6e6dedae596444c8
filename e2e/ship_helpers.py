"""Helpers for the shipping tests (offline, embed, snapshot, dist): frames, the service
worker and a new build published. A whole game through the UI and the ready check are
scripts/page_driver.py's."""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import urljoin

from scripts import build_precache


def frame_with(page, fragment: str, timeout: float = 60.0):
    """The page's frame whose URL contains ``fragment``, waiting for it: an iframe swapped
    in by a script starts at about:blank and navigates a moment later (longer on a busy
    machine), so a single look at ``page.frames`` can miss it. A hang detector, no more."""
    deadline = time.monotonic() + timeout
    while True:
        for frame in page.frames:
            if fragment in frame.url:
                return frame
        if time.monotonic() > deadline:
            raise AssertionError(f"no frame with {fragment!r}: {[f.url for f in page.frames]}")
        page.wait_for_timeout(50)


def game_over_text(frame) -> str:
    return frame.evaluate("() => document.querySelector('#result')?.innerText || ''")


def wait_controlled(page, timeout: float = 60000) -> str:
    """Wait until the service worker controls the page; returns its build version."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller && document.documentElement.dataset.sw"
        " && document.documentElement.dataset.sw !== 'unavailable'",
        timeout=timeout,
    )
    return page.evaluate("document.documentElement.dataset.sw")


def precache_list(page, base_url: str) -> set[str]:
    """Absolute URLs of the precache list the page's site serves (precache.js)."""
    text = page.evaluate("async () => (await fetch('precache.js', {cache: 'no-store'})).text()")
    data = json.loads(text.split("=", 1)[1].strip().rstrip(";"))
    return {urljoin(base_url, url) for url, *_ in data["files"]}


def publish_new_build(site: Path) -> str:
    """A new build of the copy in ``site`` is published: one file changes (not Python's)
    and the precache list is regenerated (scripts/build_precache.py). Returns its version."""
    css = site / "web" / "shell.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* build 2 */\n", encoding="utf-8")
    return build_precache.write(site, quiet=True)["version"]


SW_STATE_JS = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const w = (s) => s && {url: s.scriptURL, state: s.state};
  return {
    dataset: Object.fromEntries(['sw', 'swUpdated', 'boot', 'bootMs', 'ready', 'snapshot']
      .map((k) => [k, document.documentElement.dataset[k]])),
    navigation: performance.getEntriesByType('navigation')[0]?.type,
    controller: w(navigator.serviceWorker.controller),
    registration: reg && {installing: w(reg.installing), waiting: w(reg.waiting),
                          active: w(reg.active)},
    caches: await caches.keys(),
    // What the active worker is still busy with (sw.js "tacocat:busy"); 2 s at most.
    activeBusy: await new Promise((resolve) => {
      const worker = reg && reg.active;
      if (!worker) return resolve(null);
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => resolve(e.data);
      setTimeout(() => resolve('no answer in 2 s'), 2000);
      worker.postMessage({type: 'tacocat:busy'}, [channel.port2]);
    }),
  };
}"""


def sw_state(page) -> dict | str:
    """What the page and its service worker registration look like (for a failure's
    message)."""
    try:
        return page.evaluate(SW_STATE_JS)
    except Exception as exc:  # the page itself is gone
        return f"(no state: {exc})"


def wait_for_build(page, version: str, timeout: float = 120000) -> None:
    """Wait until the page says that build ``version`` serves it (``data-sw``; the page may
    reload itself onto it). On a timeout the message carries what the page and its service
    worker registration looked like, to tell a missed update from a slow install. A hang
    detector: the new build installs (copying the old build's files) and takes over only
    once the old worker is idle, a few seconds; a loaded run once saw the new worker still
    "installed" (waiting) after 60 s."""
    try:
        page.wait_for_function(
            f"document.documentElement.dataset.sw === {json.dumps(version)}", timeout=timeout)
    except Exception as exc:
        raise AssertionError(
            f"build {version} not shown within {timeout} ms: {sw_state(page)}") from exc
