"""Running a computer player in the page: its search is a generator that yields between
slices of ≤ 20 ms, and this runner hands the browser the main thread after each slice,
so the page keeps rendering and answering while the computer thinks.

Decision times, the spans of the page's clock each decision took, and slow slices are
published on ``<html data-ai-times data-ai-spans data-slow data-perf>`` for the browser
benchmark (bench/web_perf.py), which matches them against the browser's long tasks.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

from tacocat import Action
from tacocat.observation import Observation
from tacocat.players import Thinking

SLOW_SLICE_S = 0.05
SPANS_KEPT = 400


async def think_sliced(player, obs: Observation, alive: Callable[[], bool],
                       slices: int | None = None,
                       note: Callable[[float], None] | None = None) -> Action | None:
    """``player.think(obs)`` a slice at a time, the browser's turn between slices; ``None``
    if ``alive()`` turned false (the page moved on) or after ``slices`` slices (a rehearsal
    of its first ones, web/control/rehearsal.py). ``note``: each slice's seconds."""
    thinking = Thinking(player.think(obs))
    try:
        while slices is None or thinking.slices < slices:
            t0 = time.perf_counter()
            finished = thinking.step()
            if note is not None:
                note(time.perf_counter() - t0)
            if finished:
                return thinking.value
            await asyncio.sleep(0)
            if not alive():
                return None
        return None
    finally:
        if not thinking.done:
            thinking.close()


class Runner:
    """``flag(name, value)`` publishes on ``<html data-*>``; ``now_ms()`` is the page's clock
    (the one the browser's long tasks are timed by)."""

    def __init__(self, flag: Callable[[str, str | None], None],
                 now_ms: Callable[[], float]) -> None:
        self.flag = flag
        self.now_ms = now_ms
        self.times: dict[str, list[float]] = {}
        self.spans: list[list[float]] = []
        self.slow: list[list] = []
        self.perf = {"slice": 0.0, "render": 0.0, "apply": 0.0}

    async def decide(self, player, obs: Observation, level: str,
                     alive: Callable[[], bool]) -> Action | None:
        """The player's action, computed in slices; ``None`` if ``alive()`` turned false
        (a new game started meanwhile)."""
        started = time.perf_counter()
        span_start = self.now_ms()
        action = await think_sliced(player, obs, alive, note=lambda s: self.note("slice", s))
        if action is None:
            return None
        self.times.setdefault(level, []).append(round((time.perf_counter() - started) * 1000, 2))
        span = [round(span_start, 1), round(self.now_ms(), 1)]
        self.spans = [*self.spans[-SPANS_KEPT + 1:], span]
        self.publish()
        return action

    def note(self, what: str, seconds: float) -> None:
        """Remember the longest ``what`` ("slice", "render", "apply") and slow slices."""
        self.perf[what] = max(self.perf[what], seconds)
        if (what == "slice" and seconds > SLOW_SLICE_S) or (what == "render" and seconds > 0.03):
            self.slow.append([round(self.now_ms()), what, round(seconds * 1000)])

    def publish(self) -> None:
        self.flag("aiTimes", json.dumps(self.times))
        self.flag("aiSpans", json.dumps(self.spans))
        self.flag("slow", json.dumps(self.slow[-50:]))
        self.flag("perf", json.dumps({k: round(v * 1000, 1) for k, v in self.perf.items()}))
