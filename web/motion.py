"""Moves you can see: cards travel from a hand to the table and from the table to the
discard pile, sealed duel cards flip together, the cat walks (hopping over tiles).

Like chessground, the views always render the final position at once; this module then
animates the difference from a :class:`Snapshot` taken just before (FLIP: first, last,
invert, play) with the Web Animations API. So input is never blocked — a click during an
animation acts on the real position — and with ``prefers-reduced-motion`` or the Instant
pace nothing moves at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from .dom import js_obj, py, query_all, reduced_motion

# Base duration (ms) of one card flight for each computer pace (0 = no animation).
UNIT_MS = {0: 0, 400: 170, 900: 300, 1800: 460}
EASE = "cubic-bezier(.25, .8, .3, 1)"


@dataclass
class Card:
    rect: object  # DOMRect
    value: int | None  # None: face down
    node: object  # a detached clone, for cards that leave


@dataclass
class Snapshot:
    hand: list[tuple[int, object]] = field(default_factory=list)  # (value, rect) of my cards
    table: dict[str, Card] = field(default_factory=dict)
    lifted: list[object] = field(default_factory=list)  # rects of the computer's picked cards
    opponent: object | None = None
    cat: int | None = None


def _value(node) -> int | None:
    raw = py(node.getAttribute("data-value"))
    return None if raw is None else int(raw)


def _centre_shift(src, dst) -> str:
    dx = (src.left + src.width / 2) - (dst.left + dst.width / 2)
    dy = (src.top + src.height / 2) - (dst.top + dst.height / 2)
    scale = max(0.3, min(2.0, src.width / dst.width)) if dst.width else 1
    return f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.3f})"


class Motion:
    def __init__(self) -> None:
        self.unit = UNIT_MS[900]

    def set_pace(self, pace: int) -> None:
        self.unit = UNIT_MS.get(pace, UNIT_MS[900])

    @property
    def on(self) -> bool:
        return self.unit > 0 and not reduced_motion()

    @staticmethod
    def finish_all() -> None:
        """Jump every running animation to its end (a new move supersedes them)."""
        for anim in document.getAnimations():
            if anim.effect is not None and anim.effect.getTiming().iterations != float("inf"):
                anim.finish()
        for ghost in query_all(".ghost"):
            ghost.remove()

    def _animate(self, node, frames: list[dict], duration: float, delay: float = 0,
                 easing: str = EASE):
        return node.animate(js_obj_list(frames), js_obj({
            "duration": max(duration, 1), "delay": delay, "easing": easing, "fill": "backwards"}))

    # -- before the render --------------------------------------------------------------------
    def snapshot(self, cat: int) -> Snapshot:
        snap = Snapshot(cat=cat)
        if not self.on:
            return snap
        for node in query_all("#hand button.card"):
            snap.hand.append((_value(node), node.getBoundingClientRect()))
        for node in query_all("#table-cards [data-key]"):
            clone = node.cloneNode(True)
            snap.table[str(node.dataset.key)] = Card(node.getBoundingClientRect(), _value(node),
                                                     clone)
        snap.lifted = [n.getBoundingClientRect() for n in query_all("#opponent .lifted .card")]
        backs = py(document.querySelector("#opponent .backs"))
        snap.opponent = backs.getBoundingClientRect() if backs is not None else None
        return snap

    # -- after the render ---------------------------------------------------------------------
    def play(self, before: Snapshot, me: int, cat_to: int, tiles: list[int]) -> float:
        """Animate from ``before`` to what is rendered now; returns the total in ms.

        Every position is read first, in one go (the one layout the new DOM needs anyway);
        only then are ghosts added and animations started, so no read forces another."""
        if not self.on:
            return 0.0
        unit = self.unit
        now = {str(n.dataset.key): n for n in query_all("#table-cards [data-key]")}
        rects = {key: node.getBoundingClientRect() for key, node in now.items()}
        pile = py(document.getElementById("discard-pile"))
        target = pile.getBoundingClientRect() if pile is not None and not pile.hidden else None
        walk = before.cat is not None and before.cat != cat_to
        cat = py(document.getElementById("cat")) if walk else None
        cells = query_all("#track > li") if cat is not None else []
        centres = [r.left + r.width / 2 for r in (c.getBoundingClientRect() for c in cells)]
        # -- writes only from here on
        end = self._table(before, me, unit, now, rects, target)
        if cat is not None:
            end = self._walk(cat, before.cat, cat_to, cells, centres, tiles, end, unit)
        result = py(document.getElementById("result"))
        if result is not None and not result.hidden and end > 0:
            self._animate(result, [{"opacity": 0, "transform": "translateY(8px)"},
                                   {"opacity": 1, "transform": "none"}], unit, end)
            end += unit
        return end

    def _table(self, before: Snapshot, me: int, unit: float, now: dict, rects: dict,
               target) -> float:
        hand = list(before.hand)
        lifted = list(before.lifted)
        end = 0.0
        # cards that left the table go to the discard pile
        for key, card in before.table.items():
            kept = now.get(key)
            if kept is not None and (_value(kept) == card.value or card.value is None):
                continue
            if target is not None:
                self._ghost(card, target, unit)
        # cards that arrived: from the hand that played them
        arrivals = [(k, n) for k, n in now.items() if k not in before.table]
        for i, (key, node) in enumerate(arrivals):
            raw = py(node.getAttribute("data-from"))
            seat = None if raw is None else int(raw)
            value = _value(node)
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
            self._animate(node, [{"transform": _centre_shift(src, rects[key]), "opacity": 0.9},
                                 {"transform": "none", "opacity": 1}], unit, delay)
            end = max(end, delay + unit)
        # sealed cards that were revealed flip together
        flips = [n for k, n in now.items() if k in before.table
                 and before.table[k].value is None and _value(n) is not None]
        for node in flips:
            self._animate(node, [{"transform": "rotateY(90deg)"}, {"transform": "none"}],
                          unit, end, "ease-out")
        if flips:
            end += unit
        return end

    def _ghost(self, card: Card, target, unit: float) -> None:
        """A stand-in for a card that left the table, flying to the discard pile."""
        node = card.node
        rect = card.rect
        node.removeAttribute("data-key")
        node.removeAttribute("id")
        node.setAttribute("aria-hidden", "true")
        node.classList.add("ghost")
        node.setAttribute("style", f"{node.getAttribute('style') or ''};position:fixed;"
                          f"left:{rect.left}px;top:{rect.top}px;margin:0;z-index:30;"
                          "pointer-events:none")
        document.body.append(node)
        dx = (target.left + target.width / 2) - (rect.left + rect.width / 2)
        dy = (target.top + target.height / 2) - (rect.top + rect.height / 2)
        anim = node.animate(js_obj_list([
            {"transform": "none", "opacity": 1},
            {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale(0.3)", "opacity": 0.2}]),
            js_obj({"duration": unit, "easing": EASE, "fill": "forwards"}))
        anim.onfinish = create_once_callable(lambda *_: node.remove())

    def _walk(self, cat, start: int, stop: int, cells: list, centres: list[float],
              tiles: list[int], delay: float, unit: float) -> float:
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
                hop = -22 if 0 <= nxt < len(cells) - 2 and nxt in tiles else -10
                mid = (centre(index) + centre(nxt)) / 2 - end_x
                frames.append({"transform": f"translate({mid:.1f}px, {hop}px)",
                               "offset": (k + 0.5) / n})
        duration = unit * 1.3 * n
        self._animate(cat, frames, duration, delay, "linear")
        left = cells[start + 1]
        self._animate(left, [{"transform": "translateY(-14px) scale(1.15)", "opacity": 0.3},
                             {"transform": "none", "opacity": 1}], unit, delay + unit * 0.6)
        return delay + duration

    def deal(self, draw_pile) -> float:
        """A new round: the cards fly from the draw pile into both hands."""
        if not self.on or draw_pile is None:
            return 0.0
        src = draw_pile.getBoundingClientRect()
        nodes = query_all("#hand .card") + query_all("#opponent .backs .card")
        rects = [node.getBoundingClientRect() for node in nodes]  # all reads, then writes
        step = self.unit * 0.12
        for i, (node, rect) in enumerate(zip(nodes, rects, strict=True)):
            self._animate(node, [{"transform": _centre_shift(src, rect), "opacity": 0},
                                 {"transform": "none", "opacity": 1}], self.unit, i * step)
        return len(nodes) * step + self.unit


def js_obj_list(items: list[dict]):
    """A JS array of plain objects (keyframes)."""
    return to_js(items, dict_converter=window.Object.fromEntries)


__all__ = ["Motion", "Snapshot"]
