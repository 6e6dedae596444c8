"""Moves you can see: cards travel from a hand to the table and from the table to the
discard pile, sealed duel cards flip together, the cat walks (hopping over tiles), a new
round's cards fly from the draw pile.

Like chessground, the views always render the final position at once; the move is then
animated from where everything was just before (FLIP: first, last, invert, play) with the
Web Animations API. So input is never blocked — a click during an animation acts on the
real position — and with ``prefers-reduced-motion`` or the Instant pace nothing moves at
all. This module decides *whether* and *what* (the pace's length, the seat at the bottom,
where the cat went); the positions are read and the animations started by
``web/render/patch.js`` (``remember``, ``land``, ``deal``), each in one call: done from
Python through JSON, the reads and starts cost a phone 6–10 ms of every move (issue #52).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# Base duration (ms) of one card flight for each computer pace (0 = no animation).
UNIT_MS = {0: 0, 400: 170, 900: 300, 1800: 460}


@dataclass
class Snapshot:
    """Where a move starts from: the cat's space (the page keeps the positions it read)."""

    cat: int | None = None


class Motion:
    def __init__(self, applier: Any, reduced: Callable[[], bool]) -> None:
        self.applier = applier  # web/render/patch.js (a fake in CPython's tests)
        self.reduced = reduced  # prefers-reduced-motion, as the device says now
        self.unit = UNIT_MS[900]

    def set_pace(self, pace: int) -> None:
        self.unit = UNIT_MS.get(pace, UNIT_MS[900])

    @property
    def on(self) -> bool:
        return self.unit > 0 and not self.reduced()

    def finish_all(self) -> None:
        """Jump every running animation to its end (a new move supersedes them)."""
        self.applier.finish()

    def snapshot(self, cat: int) -> Snapshot:
        """Before a move is drawn: the page reads where every card is."""
        if self.on:
            self.applier.remember()
        return Snapshot(cat=cat)

    def play(self, before: Snapshot, me: int, cat_to: int, tiles: list[int]) -> float:
        """Animate from ``before`` to what is drawn now; returns the total in ms."""
        if not self.on:
            return 0.0
        plan = {"me": me, "cat": [before.cat, cat_to], "tiles": tiles, "unit": self.unit}
        return float(self.applier.land(json.dumps(plan, separators=(",", ":"))))

    def deal(self) -> float:
        """A new round: the cards fly from the draw pile into both hands."""
        if not self.on:
            return 0.0
        return float(self.applier.deal(self.unit))


__all__ = ["UNIT_MS", "Motion", "Snapshot"]
