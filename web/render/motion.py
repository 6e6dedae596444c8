"""Moves you can see: cards travel from a hand to the table and from the table to the
discard pile, sealed duel cards flip together, the cat walks (hopping over tiles).

Like chessground, the views always render the final position at once; this module then
animates the difference from a :class:`Snapshot` taken just before (FLIP: first, last,
invert, play) with the Web Animations API. So input is never blocked — a click during an
animation acts on the real position — and with ``prefers-reduced-motion`` or the Instant
pace nothing moves at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import NamedTuple

from web.platform.browser import window
from web.platform.dom import reduced_motion

# Base duration (ms) of one card flight for each computer pace (0 = no animation).
UNIT_MS = {0: 0, 400: 170, 900: 300, 1800: 460}
EASE = "cubic-bezier(.25, .8, .3, 1)"


class Rect(NamedTuple):
    left: float
    top: float
    width: float
    height: float


@dataclass
class Card:
    rect: Rect
    value: int | None  # None: face down
    key: str  # its data-key: web/render/patch.js keeps a clone under it, for cards that leave


@dataclass
class Snapshot:
    hand: list[tuple[int | None, Rect]] = field(default_factory=list)  # my cards
    table: dict[str, Card] = field(default_factory=dict)
    lifted: list[Rect] = field(default_factory=list)  # the computer's picked cards
    opponent: Rect | None = None
    cat: int | None = None


Found = list[tuple[str | None, int | None, int | None, Rect]]


def measure(*selectors: str) -> list[Found]:
    """For each selector, (data-key, data-value, data-from, rect) of each element matching
    it: every read of a moment in one call (web/render/patch.js)."""
    return [[(key, None if value is None else int(value), None if seat is None else int(seat),
              Rect(*box)) for key, value, seat, *box in found]
            for found in json.loads(window.tacocatPatch.measure(json.dumps(selectors)))]


def _table_card(key: str) -> str:
    return f'#table-cards [data-key="{key}"]'


def _centre_shift(src, dst) -> str:
    dx = (src.left + src.width / 2) - (dst.left + dst.width / 2)
    dy = (src.top + src.height / 2) - (dst.top + dst.height / 2)
    scale = max(0.3, min(2.0, src.width / dst.width)) if dst.width else 1
    return f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.3f})"


class Motion:
    """Works out a move's animations in Python and starts them all in one call."""

    def __init__(self) -> None:
        self.unit = UNIT_MS[900]
        self.ops: list[list] = []  # the animations to start (web/render/patch.js ``animate``)

    def set_pace(self, pace: int) -> None:
        self.unit = UNIT_MS.get(pace, UNIT_MS[900])

    @property
    def on(self) -> bool:
        return self.unit > 0 and not reduced_motion()

    @staticmethod
    def finish_all() -> None:
        """Jump every running animation to its end (a new move supersedes them)."""
        window.tacocatPatch.finish()

    def _animate(self, selector: str, frames: list[dict], duration: float, delay: float = 0,
                 easing: str = EASE, index: int = 0) -> None:
        """The ``index``-th match of ``selector`` animates (once :meth:`_start` runs)."""
        self.ops.append(["anim", selector, index, frames, {
            "duration": max(duration, 1), "delay": delay, "easing": easing,
            "fill": "backwards"}])

    def _start(self) -> None:
        if self.ops:
            window.tacocatPatch.animate(json.dumps(self.ops, separators=(",", ":")))
        self.ops = []

    # -- before the render --------------------------------------------------------------------
    def snapshot(self, cat: int) -> Snapshot:
        snap = Snapshot(cat=cat)
        if not self.on:
            return snap
        window.tacocatPatch.keep("#table-cards [data-key]")
        hand, table, lifted, backs = measure("#hand button.card", "#table-cards [data-key]",
                                             "#opponent .lifted .card", "#opponent .backs")
        snap.hand = [(value, rect) for _, value, _, rect in hand]
        snap.table = {key: Card(rect, value, key) for key, value, _, rect in table}
        snap.lifted = [rect for *_, rect in lifted]
        snap.opponent = backs[0][3] if backs else None
        return snap

    # -- after the render ---------------------------------------------------------------------
    def play(self, before: Snapshot, me: int, cat_to: int, tiles: list[int]) -> float:
        """Animate from ``before`` to what is rendered now; returns the total in ms.

        Every position is read first, in one call (the one layout the new DOM needs
        anyway); then every ghost and animation starts in one more, so no read forces
        another layout."""
        if not self.on:
            return 0.0
        unit = self.unit
        table, pile, track, result = measure("#table-cards [data-key]",
                                             "#discard-pile:not([hidden])", "#track > li",
                                             "#result:not([hidden])")
        now = {key: (value, seat, rect) for key, value, seat, rect in table}
        target = pile[0][3] if pile else None
        walk = before.cat is not None and before.cat != cat_to
        centres = [r.left + r.width / 2 for *_, r in track] if walk else []
        end = self._table(before, me, unit, now, target)
        if walk and len(centres) > 2:
            end = self._walk(before.cat, cat_to, centres, tiles, end, unit)
        if result and end > 0:
            self._animate("#result", [{"opacity": 0, "transform": "translateY(8px)"},
                                      {"opacity": 1, "transform": "none"}], unit, end)
            end += unit
        self._start()
        return end

    def _table(self, before: Snapshot, me: int, unit: float, now: dict, target) -> float:
        hand = list(before.hand)
        lifted = list(before.lifted)
        end = 0.0
        # cards that left the table go to the discard pile
        for key, card in before.table.items():
            kept = now.get(key)
            if kept is not None and (kept[0] == card.value or card.value is None):
                continue
            if target is not None:
                self._ghost(card, target, unit)
        # cards that arrived: from the hand that played them
        arrivals = [(k, v) for k, v in now.items() if k not in before.table]
        for i, (key, (value, seat, rect)) in enumerate(arrivals):
            src = None
            if seat == me and hand:
                match = next((j for j, (v, _) in enumerate(hand) if v == value), 0)
                src = hand.pop(match)[1]
            elif lifted:
                src = lifted.pop(0)
            elif before.opponent is not None:
                src = before.opponent
            if src is None:
                continue
            delay = i * unit * 0.25
            self._animate(_table_card(key), [{"transform": _centre_shift(src, rect),
                                              "opacity": 0.9},
                                             {"transform": "none", "opacity": 1}], unit, delay)
            end = max(end, delay + unit)
        # sealed cards that were revealed turn over together, from the back web/cards.css
        # draws behind the face (backface-visibility) to the face
        flips = [k for k, (value, _, _) in now.items() if k in before.table
                 and before.table[k].value is None and value is not None]
        for key in flips:
            self._animate(_table_card(key), [{"transform": "perspective(40em) rotateY(180deg)"},
                                             {"transform": "perspective(40em) rotateY(0deg)"}],
                          unit, end, "ease-in-out")
        if flips:
            end += unit
        return end

    def _ghost(self, card: Card, target, unit: float) -> None:
        """A stand-in for a card that left the table (the copy web/render/patch.js kept of it),
        flying to the discard pile."""
        rect = card.rect
        dx = (target.left + target.width / 2) - (rect.left + rect.width / 2)
        dy = (target.top + target.height / 2) - (rect.top + rect.height / 2)
        self.ops.append(["ghost", card.key, rect.left, rect.top, round(dx, 1), round(dy, 1),
                         unit, EASE])

    def _walk(self, start: int, stop: int, centres: list[float], tiles: list[int],
              delay: float, unit: float) -> float:
        """The cat walks space by space to ``stop``, hopping high over covered spaces."""
        def centre(index: int) -> float:
            return centres[index + 1]

        step = -1 if stop < start else 1
        path = list(range(start, stop + step, step))
        end_x = centre(stop)
        frames = []
        n = len(path) - 1
        for k, index in enumerate(path):
            dx = centre(index) - end_x
            frames.append({"transform": f"translate({dx:.1f}px, 0)", "offset": k / n})
            if k < n:
                nxt = path[k + 1]
                hop = -22 if 0 <= nxt < len(centres) - 2 and nxt in tiles else -10
                mid = (centre(index) + centre(nxt)) / 2 - end_x
                frames.append({"transform": f"translate({mid:.1f}px, {hop}px)",
                               "offset": (k + 0.5) / n})
        duration = unit * 1.3 * n
        self._animate("#cat", frames, duration, delay, "linear")
        # its legs: the two strides of the sprite take turns, two per space
        strides = 2 * n
        for selector, first in (("#cat .cat-pose", 1), ("#cat .cat-step", 0)):
            self._animate(selector, [*({"opacity": first if j % 2 == 0 else 1 - first,
                                        "offset": j / strides, "easing": "steps(1, end)"}
                                       for j in range(strides)),
                                     {"opacity": first, "offset": 1}], duration, delay, "linear")
        self._animate(f"#track > li:nth-child({start + 2})",  # the space it left
                      [{"transform": "translateY(-14px) scale(1.15)", "opacity": 0.3},
                       {"transform": "none", "opacity": 1}], unit, delay + unit * 0.6)
        return delay + duration

    def deal(self) -> float:
        """A new round: the cards fly from the draw pile into both hands."""
        if not self.on:
            return 0.0
        pile, *hands = measure("#draw-pile", "#hand .card", "#opponent .backs .card")
        if not pile:
            return 0.0
        src = pile[0][3]
        step = self.unit * 0.12
        i = 0
        for selector, found in zip(("#hand .card", "#opponent .backs .card"), hands,
                                   strict=True):
            for index, (*_, rect) in enumerate(found):
                self._animate(selector, [{"transform": _centre_shift(src, rect), "opacity": 0},
                                         {"transform": "none", "opacity": 1}], self.unit,
                              i * step, index=index)
                i += 1
        self._start()
        return i * step + self.unit


__all__ = ["Motion", "Snapshot"]
