"""The parts of the table's look, each of which a measuring build can switch off
(``bench/web_play.py --without pictures,fan``), so one game shows what that part costs a
phone. A part is a stylesheet added to the page before it renders and/or a filter on the
animations the page starts (web/render/patch.js ``animate``): the animation's selector and
keyframes (or ``ghost`` for the stand-ins that fly to the discard pile) matched against a
regular expression. ``motion`` is every animation and transition, switched off the way a
player does: ``prefers-reduced-motion``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

MOTION = "motion"


@dataclass(frozen=True)
class Part:
    css: str = ""
    drop: str = ""  # a regular expression: the animations it matches never start


PARTS: dict[str, Part] = {
    # the palindromes' pictures (<svg><use> of the in-page sprite) and the backs' pattern
    "pictures": Part(".card-art, .back-art { display: none !important; }"),
    # the phone's gently fanned row: each card's angle and lift
    "fan": Part(".hand > .card { rotate: none !important; translate: none !important; }"),
    # each hand card on a compositor layer of its own
    "layers": Part(".hand > .card { will-change: auto !important; }"),
    # a revealed card's 3D turn-over: its back drawn behind its face, and the turn itself
    "turnover": Part(".played .card:not(.back, .slot) { transform-style: flat !important; }"
                     ".played .card::before { display: none !important; }"
                     ".played .card > * { backface-visibility: visible !important; }",
                     drop="rotateY"),
    # the cat on the board and its walk (and the space it leaves)
    "cat": Part("#cat { display: none !important; }", drop="^(#cat|#track)"),
    # the felt's light and rim on the table and the board
    "felt": Part(".table, .board { background: #2f5f2b !important;"
                 " box-shadow: none !important; }"),
    # the wooden tiles' gradient and bevel
    "tiles": Part(".space { background: #e6cf9c !important; box-shadow: none !important; }"),
    # the cards' drop shadows
    "shadows": Part(".card { box-shadow: none !important; }"),
    # each card's second, turned corner value
    "corners": Part(".card-value.corner { display: none !important; }"),
    # the animations one by one: the cat's walk, cards flying to the table, the stand-ins
    # flying to the discard pile, the deal, the round result fading in, the hand's
    # transitions (a lift, a hover)
    "walk": Part(drop="^(#cat|#track)"),
    "flights": Part(drop="^#table-cards.*translate"),
    "ghosts": Part(drop="^ghost"),
    "deal": Part(drop="^(#hand|#opponent)"),
    "result": Part(drop="^#result"),
    "transitions": Part("button.card { transition: none !important; }"),
    MOTION: Part(),
}

FILTER_JS = """
(() => {
  const drop = new RegExp(%s);
  const hook = () => {
    const T = window.tacocatPatch;
    if (!T || T.__filtered) return;
    const animate = T.animate;
    T.animate = batch => animate(JSON.stringify(JSON.parse(batch).filter(op =>
      !drop.test(op[0] === 'ghost' ? 'ghost' : op[1] + ' ' + JSON.stringify(op[3]))))));
    T.__filtered = true;
  };
  document.addEventListener('DOMContentLoaded', hook);
  window.addEventListener('load', hook);
})();
"""


def switched_off(parts: list[str]) -> tuple[str, str]:
    """(the stylesheet, the page script) that switch ``parts`` off (``motion`` needs
    neither: see the module's docstring)."""
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise ValueError(f"unknown part(s) {unknown}; the parts: {', '.join(PARTS)}")
    css = "\n".join(PARTS[p].css for p in parts if PARTS[p].css)
    drops = [PARTS[p].drop for p in parts if PARTS[p].drop]
    return css, (FILTER_JS % json.dumps("|".join(f"(?:{d})" for d in drops)) if drops else "")


__all__ = ["MOTION", "PARTS", "Part", "switched_off"]
