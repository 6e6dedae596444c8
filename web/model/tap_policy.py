"""Whether a tap is answered before its move is drawn (web/control/move_flow.py ``answer_first``).

Drawn in the tap's own task, a move reaches the screen in the first frame when its work
fits in that frame, and then nothing is gained by answering first (on this machine at
full speed: 17 ms from tap to the move painted, against 33 ms answering first). On a
phone-class CPU (4× throttle) the same work made the tap wait 56 ms for its first paint,
against 24 ms answering first. So the page measures what drawing a move costs where it
runs — the Python side of the move's task, a moving average — and answers first only
where that would not leave the browser its share of a 16 ms frame.

Pure and standard library only, so it is unit-tested in CPython (tests/test_web_answer.py).
"""

from __future__ import annotations

from dataclasses import dataclass

FIRST_ABOVE_MS = 6.0  # a move's Python above this: answer first (the browser needs the rest)
WEIGHT = 0.3  # of the newest move in the moving average
MODES = ("auto", "first", "now")  # ?answer= (for tests and measurements); anything else: auto


@dataclass
class AnswerPolicy:
    mode: str = "auto"
    cost_ms: float | None = None  # not measured yet: answer first (a visit's first move is
    #                               its dearest, the code paths still cold)

    @classmethod
    def from_param(cls, value: str | None) -> AnswerPolicy:
        return cls(value if value in MODES else "auto")

    def first(self) -> bool:
        """Answer the next tap first, and draw its move after that paint?"""
        if self.mode != "auto":
            return self.mode == "first"
        return self.cost_ms is None or self.cost_ms > FIRST_ABOVE_MS

    def measured(self, ms: float) -> None:
        """A move was drawn in ``ms`` of Python (its task: snapshot, engine, render)."""
        if ms < 0:
            return
        self.cost_ms = ms if self.cost_ms is None else \
            (1 - WEIGHT) * self.cost_ms + WEIGHT * ms


__all__ = ["FIRST_ABOVE_MS", "AnswerPolicy"]
