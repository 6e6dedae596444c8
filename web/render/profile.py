"""Where one move's time goes, phase by phase (engine, screen, views, diff, patch, motion…),
for the browser benchmark (bench/web_play.py calls ``window.tacocatProfile()``, which
returns :meth:`Profile.to_json`, when a game is over).

Standard library only; a lap costs one ``perf_counter()`` call, so it stays on in the
shipped page (the figures are the page's own, not a profiler's).
"""

from __future__ import annotations

import json
import time

KEPT = 300  # moves remembered (a whole game is about 100)


class Profile:
    def __init__(self) -> None:
        self.moves: list[dict[str, float]] = []
        self.current: dict[str, float] | None = None
        self._t = 0.0

    def start(self) -> None:
        self.current = {}
        self._t = time.perf_counter()

    def lap(self, phase: str) -> None:
        """Charge the time since the last lap to ``phase`` (no-op outside a move)."""
        if self.current is None:
            return
        now = time.perf_counter()
        self.current[phase] = self.current.get(phase, 0.0) + (now - self._t) * 1000
        self._t = now

    def resume(self) -> None:
        """A move's work goes on in a later task (web/control/move_flow.py): laps count from
        now, the wait for the frame is nobody's phase."""
        self._t = time.perf_counter()

    def count(self, what: str, n: int) -> None:
        if self.current is not None:
            self.current[what] = self.current.get(what, 0) + n

    def finish(self) -> None:
        if self.current is not None:
            self.moves = [*self.moves[-KEPT + 1:],
                          {k: round(v, 2) for k, v in self.current.items()}]
        self.current = None

    def to_json(self) -> str:
        return json.dumps(self.moves)
