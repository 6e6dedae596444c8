"""The game's page, seen from a browser: when it is ready, and a whole game played
through its UI as fast as it allows.

* :data:`READY` (and :func:`ready_in` for another document, e.g. an iframe's): the JS
  condition ``<html data-ready="1">``, which a page sets once its Python is running;
  :func:`wait_ready` waits for it on a Playwright page or frame.
* :func:`play_to_end`: plays as YAY until the game is over, one JS step at a time, on a
  Playwright page or frame, or on any object with the same ``evaluate(js, arg)`` and
  ``wait_for_timeout(ms)`` (scripts/engine_drivers.py's engines). The default step finds the
  controls by id; e2e/engines/play.py passes one that finds them by accessible names.
"""

from __future__ import annotations

import time

# Query for the fastest game: the quickest computer level, no pauses, no resume offer.
FAST = "level=easy&pace=0&fresh=1"
# The same step repeated this long means the page ignores it (a hang detector: a step takes
# effect in well under a second; counting repeats instead failed when the machine was busy).
STUCK_S = 30


def ready_in(document: str) -> str:
    """The ready check of the document the JS expression ``document`` names, e.g.
    ``"document.querySelector('iframe')?.contentDocument"``."""
    return f"{document}?.documentElement?.dataset.ready === '1'"


READY = ready_in("document")

# How far a page's start got (for a failure's message): the loader's marks, the worker,
# and the last files that finished loading (a file still loading is not listed).
BOOT_STATE_JS = """() => {
  const d = document.documentElement?.dataset || {};
  let controlled = null;
  try { controlled = Boolean(navigator.serviceWorker?.controller); } catch {}
  const done = performance.getEntriesByType('resource');
  return {boot: d.boot, bootMs: d.bootMs, sw: d.sw, snapshot: d.snapshot, controlled,
          loaded: done.length,
          last: done.slice(-4).map((e) => [e.name.split('/').pop(), Math.round(e.responseEnd)]),
          now: Math.round(performance.now())};
}"""


def wait_ready(page, timeout: float = 60000) -> None:
    """Wait until the page's Python says it is ready (<html data-ready="1">). ``page`` may
    be a Frame; ``timeout`` in ms. A timeout's message says how far the start got."""
    try:
        page.wait_for_function(READY, timeout=timeout)
    except Exception as exc:
        try:
            state = page.evaluate(BOOT_STATE_JS)
        except Exception as inner:
            state = f"(no state: {inner})"
        raise AssertionError(
            f"page {page.url} did not become ready within {timeout / 1000:.0f} s: {state}; {exc}"
        ) from exc


# One step of a simple human player, run inside the page: keep all cards, duel/attack/
# defend with the first enabled card, sacrifice when nothing defends, next round.
STEP = """() => {
  const q = (s) => document.querySelector(s);
  const usable = (el) => el && !el.disabled && el.getAttribute('aria-disabled') !== 'true'
                         && el.offsetParent !== null;
  const result = q('#result');
  if (result && !result.hidden) {
    if (q('#btn-rematch')) return 'over';
    const next = q('#btn-continue');
    if (usable(next)) { next.click(); return 'continue'; }
    return 'banner';
  }
  const resume = q('#dlg-resume');
  if (resume && resume.open) { q('#resume-no').click(); return 'fresh'; }
  const hand = q('#hand');
  if (!hand) return 'nohand';
  const phase = hand.dataset.phase;
  if (phase === 'over') return 'over';
  const cards = [...hand.querySelectorAll('button[data-act="card"]')].filter(usable);
  const confirm = q('#act-confirm');
  if (phase === 'replace') {
    if (usable(confirm)) { confirm.click(); return 'keep'; }
    return 'wait';
  }
  if (phase === 'duel') { if (cards.length) { cards[0].click(); return 'duel'; } return 'wait'; }
  if (phase === 'attack') {
    if (usable(confirm)) { confirm.click(); return 'attack'; }
    if (hand.querySelector('[aria-pressed="true"]')) {
      const clear = q('#act-clear'); if (usable(clear)) { clear.click(); return 'clear'; }
    }
    if (cards.length) { cards[0].click(); return 'select'; }
    return 'wait';
  }
  if (phase === 'defend') {
    if (cards.length) { cards[0].click(); return 'defend'; }
    const sac = q('#act-sacrifice'); if (usable(sac)) { sac.click(); return 'sacrifice'; }
    return 'wait';
  }
  return phase || 'wait';
}"""
# What a step answers when it did nothing (the others are actions taken, or 'over').
IDLE = ("wait", "banner", "nohand", "hidden")


def play_to_end(page, timeout: float = 180.0, *, step: str = STEP, arg: object = None) -> int:
    """Play as YAY until the game-over screen; returns the number of actions taken.
    ``step`` is run with ``arg`` until it answers 'over'. The timeouts only detect a hang:
    the whole game, and one step repeated without effect for STUCK_S seconds."""
    who = getattr(page, "name", "")
    who = f"{who}: " if isinstance(who, str) and who else ""
    deadline = time.monotonic() + timeout
    actions = 0
    last = None
    since = time.monotonic()  # when the current run of one repeated step began
    while time.monotonic() < deadline:
        status = page.evaluate(step, arg)
        if status == "over":
            return actions
        if status not in IDLE:
            actions += 1
        if status != last or status == "wait":
            since = time.monotonic()
        elif time.monotonic() - since > STUCK_S:
            raise AssertionError(f"{who}the UI does not react: {status!r} for {STUCK_S} s")
        last = status
        page.wait_for_timeout(25 if status != "wait" else 60)
    raise AssertionError(f"{who}game not finished within {timeout} s (last step: {last})")
