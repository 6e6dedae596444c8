"""What the whole-game benchmark (bench/web_play.py) puts into the page and reads back: the
browser's own measurements from the moment the page starts (Event Timing, Long Tasks, Long
Animation Frames with their script attribution), the player's policy (which control to
press next), and one game played with trusted clicks.

Everything is counted from the page's ready flag (``data-ready``) to the game's end, so the
computer's turns, every animation and the settling after each move are in it; what came
before ready (the start) is kept apart, so "no frame over 100 ms after ready" can be told
from the start-up's own frames.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from scripts.page_driver import READY

OBSERVE_JS = """
window.__perf = {events: [], longtasks: [], loafs: [], dom: 0, batches: 0, drawn: []};
(() => {
  const P = window.__perf;
  // Tap -> the first paint after the first change the tap makes to the page (a mark on the
  // tapped control, data-chosen, and the page's task count, data-tasks, do not count).
  let down = null;
  P.taps = {};
  const input = e => { down = e.timeStamp; const n = e.target && e.target.closest &&
    e.target.closest('[id],[data-act]');
    P.taps[Math.round(e.timeStamp)] = !n ? '' : (n.id ? '#' + n.id : '[' + n.dataset.act + ']'); };
  addEventListener('pointerdown', input, true);
  addEventListener('keydown', input, true);
  addEventListener('click', input, true);
  new MutationObserver(list => {
    if (down === null || list.every(m => ['data-chosen', 'data-tasks'].includes(
      m.attributeName))) return;
    const t = down;
    down = null;
    requestAnimationFrame(() => setTimeout(() => P.drawn.push([t, performance.now() - t]), 0));
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const watch = (type, fn, extra) => {
    try { new PerformanceObserver(l => l.getEntries().forEach(fn))
            .observe({type, buffered: true, ...extra}); } catch (e) {}
  };
  watch('event', e => { if (e.interactionId) P.events.push(
    [e.interactionId, e.name, e.startTime, e.duration, e.processingStart, e.processingEnd,
     P.taps[Math.round(e.startTime)] || '']); },
    {durationThreshold: 16});
  watch('longtask', e => P.longtasks.push([e.startTime, e.duration]));
  // a long animation frame: its span, when rendering began, when style and layout began, and
  // each script in it: who called it (invoker), its time, the style and layout it forced
  watch('long-animation-frame', e => P.loafs.push({
    start: e.startTime, duration: e.duration, render: e.renderStart || 0,
    style: e.styleAndLayoutStart || 0,
    scripts: e.scripts.map(s => [s.invoker, s.duration, s.forcedStyleAndLayoutDuration,
                                 (s.sourceURL || '').split('/').pop()])}));
  // DOM calls made from Python: not from inside web/render/patch.js, not from this probe
  P.inside = 0;
  const wrap = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d) return;
    if (typeof d.value === 'function') {
      const f = d.value;
      proto[name] = function () { if (!P.inside) P.dom++; return f.apply(this, arguments); };
    } else if (d.set) {
      Object.defineProperty(proto, name,
        {...d, set(v) { if (!P.inside) P.dom++; d.set.call(this, v); }});
    }
  };
  for (const n of ['createElement', 'createElementNS', 'createTextNode', 'getElementById',
                   'querySelector', 'querySelectorAll', 'getAnimations'])
    wrap(Document.prototype, n);
  for (const n of ['setAttribute', 'removeAttribute', 'getAttribute', 'append', 'remove',
                   'replaceChildren', 'getBoundingClientRect', 'animate', 'querySelector',
                   'querySelectorAll', 'closest', 'className']) wrap(Element.prototype, n);
  for (const n of ['appendChild', 'insertBefore', 'cloneNode', 'textContent'])
    wrap(Node.prototype, n);
  for (const n of ['hidden', 'focus']) wrap(HTMLElement.prototype, n);
  let hooked = false;
  const hook = () => {
    if (hooked || !window.tacocatPatch) return;
    hooked = true;
    const T = window.tacocatPatch;
    for (const name of Object.keys(T)) {
      const f = T[name];
      if (typeof f !== 'function') continue;
      T[name] = function () {
        if (name === 'apply') P.batches++;
        P.inside++; try { return f.apply(this, arguments); } finally { P.inside--; } };
    }
  };
  document.addEventListener('DOMContentLoaded', hook);
  window.addEventListener('load', hook);
})();
"""

# The page's per-move profile (web/render/profile.py; builds before it have none).
PROFILE_JS = "window.tacocatProfile ? window.tacocatProfile() : '[]'"

# What to press next (a CSS selector), "" to wait, or "over". The policy is fixed (replace:
# keep all; duel: first card; attack: first legal card, then confirm; defend: first card
# that holds, else sacrifice), so both builds play the very same game from a seed.
NEXT_JS = """() => {
  const P = window.__perf;
  if (P) P.inside++;
  try { return next(); } finally { if (P) P.inside--; }
  function next() {
  const q = s => document.querySelector(s);
  const ok = n => n && !n.closest('[hidden]') && n.getAttribute('aria-disabled') !== 'true';
  if (q('#btn-rematch')) return 'over';
  if (ok(q('#btn-continue'))) return '#btn-continue';
  const hand = q('#hand');
  const phase = hand && hand.dataset.phase;
  if (document.getAnimations().some(a => a.playState === 'running' &&
      a.effect && a.effect.getTiming().iterations !== Infinity)) return '';
  const cards = [...document.querySelectorAll('#hand button.card')];
  const first = cards.find(ok);
  if (phase === 'replace') return ok(q('#act-confirm')) ? '#act-confirm' : '';
  if (phase === 'duel') return first ? '#' + first.id : '';
  if (phase === 'attack') {
    const confirm = q('#act-confirm');
    if (ok(confirm) && cards.some(c => c.getAttribute('aria-pressed') === 'true'))
      return '#act-confirm';
    return first ? '#' + first.id : '';
  }
  if (phase === 'defend')
    return first ? '#' + first.id : (ok(q('#act-sacrifice')) ? '#act-sacrifice' : '');
  return '';
  }
}"""


@dataclass
class Frame:
    """One long animation frame, split as the Long Animation Frames API splits it."""

    start: float
    duration: float
    script: float  # the scripts' own time
    forced: float  # style and layout forced from inside those scripts
    style_layout: float  # the frame's own style and layout (from styleAndLayoutStart)
    rendering: float  # from renderStart to the end: rAF callbacks, style, layout, paint
    by_invoker: dict[str, float] = field(default_factory=dict)


@dataclass
class Game:
    """What one game measured, from ready to its end (``start_frames``: before ready)."""

    clicks: int
    latency: list[float]  # per interaction, the longest entry
    split: list[tuple[float, float, float]]  # input delay / processing / presentation
    worst: list[tuple]  # the slowest interactions: (ms, target, delay, processing, presentation)
    tasks: list[float]  # long tasks' durations
    frames: list[Frame]
    start_frames: list[Frame]
    drawn: list[float]  # tap -> its change painted
    dom: int
    batches: int
    moves: list[dict]  # the page's own profile (this build only)


def _frame(entry: dict) -> Frame:
    end = entry["start"] + entry["duration"]
    by: dict[str, float] = {}
    for invoker, duration, _forced, _src in entry["scripts"]:
        name = invoker.split("#")[0] if invoker.startswith("#") else invoker
        by[name] = by.get(name, 0.0) + duration
    return Frame(entry["start"], entry["duration"],
                 sum(s[1] for s in entry["scripts"]), sum(s[2] for s in entry["scripts"]),
                 end - entry["style"] if entry["style"] else 0.0,
                 end - entry["render"] if entry["render"] else 0.0, by)


def _split(entries: list[tuple[float, float, float, float]]) -> tuple[float, float, float]:
    """One interaction as input delay / processing / presentation (as web.dev splits INP)."""
    start = min(e[0] for e in entries)
    end = max(e[0] + e[1] for e in entries)
    delay = min(e[2] for e in entries) - start
    processing = sum(e[3] - e[2] for e in entries)
    last = max(e[3] for e in entries)
    return delay, processing, max(0.0, end - last)


def play(browser, url: str, *, rate: float, pause_ms: int, css: str = "",
         reduced_motion: bool = False, profile: bool = False, hang_s: float = 1800) -> Game:
    """One whole game at ``url`` in a 390×844 page whose CPU is slowed ``rate``× from the
    start (a phone is slow before the first move too), service workers blocked; ``css``
    switches parts of the look off (a measuring build, bench/look_parts.py)."""
    context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844},
                                  reduced_motion="reduce" if reduced_motion else "no-preference")
    context.add_init_script(OBSERVE_JS)
    if css:
        context.add_init_script(
            "document.addEventListener('DOMContentLoaded', () => { const s = "
            f"document.createElement('style'); s.textContent = {json.dumps(css)}; "
            "document.head.append(s); });")
    page = context.new_page()
    if rate != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000)
    page.evaluate("() => { const P = window.__perf; P.t0 = performance.now(); P.dom0 = P.dom;"
                  " P.b0 = P.batches; }")
    clicks = 0
    deadline = time.monotonic() + hang_s
    while time.monotonic() < deadline:
        target = page.evaluate(NEXT_JS)
        if target == "over":
            break
        if not target:
            time.sleep(0.05)
            continue
        try:
            page.click(target, timeout=20_000)
            clicks += 1
        except Exception:  # the target went away (a computer move re-rendered): look again
            continue
        if pause_ms:  # a timer on the bench's side: nothing runs in the page meanwhile
            page.wait_for_timeout(pause_ms)
    page.wait_for_timeout(1500)  # the last interaction's entries
    perf = page.evaluate("window.__perf")
    moves = json.loads(page.evaluate(PROFILE_JS)) if profile else []
    context.close()
    t0 = perf["t0"]
    by_id: dict[int, list] = {}
    targets: dict[int, str] = {}
    for ident, _name, start, duration, began, ended, target in perf["events"]:
        if start >= t0:
            by_id.setdefault(ident, []).append((start, duration, began, ended))
            targets[ident] = targets.get(ident) or target
    frames = [_frame(e) for e in perf["loafs"]]
    return Game(
        clicks=clicks,
        latency=[max(d for _, d, _, _ in entries) for entries in by_id.values()],
        split=[_split(entries) for entries in by_id.values()],
        worst=sorted(((max(d for _, d, _, _ in entries), targets[ident], *_split(entries))
                      for ident, entries in by_id.items()), reverse=True)[:5],
        tasks=[d for s, d in perf["longtasks"] if s >= t0],
        frames=[f for f in frames if f.start >= t0],
        start_frames=[f for f in frames if f.start < t0],
        drawn=[d for s, d in perf["drawn"] if s >= t0],
        dom=perf["dom"] - perf["dom0"], batches=perf["batches"] - perf["b0"], moves=moves)


__all__ = ["NEXT_JS", "OBSERVE_JS", "Frame", "Game", "play"]
