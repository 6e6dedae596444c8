"""The parts of the table's look, each of which a measuring build can switch off
(``python -m bench.web_play --without pictures,fan``), so one game shows what that part costs a
phone: a stylesheet added to the page before it renders. ``motion`` is every animation
and transition, switched off the way a player does: ``prefers-reduced-motion``.
"""

from __future__ import annotations

MOTION = "motion"
PARTS: dict[str, str] = {
    # the palindromes' pictures (<svg><use> of the in-page sprite) and the backs' pattern
    "pictures": ".card-art, .back-art { display: none !important; }",
    # the phone's gently fanned row: each card's angle and lift
    "fan": ".hand > .card { rotate: none !important; translate: none !important; }",
    # each hand card on a compositor layer of its own
    "layers": ".hand > .card { will-change: auto !important; }",
    # a revealed card's 3D turn-over: its back drawn behind its face
    "turnover": ".played .card:not(.back, .slot) { transform-style: flat !important; }"
                ".played .card::before { display: none !important; }"
                ".played .card > * { backface-visibility: visible !important; }",
    # the cat on the board (and so its walk)
    "cat": "#cat { display: none !important; }",
    # the felt's light and rim on the table and the board
    "felt": ".table, .board { background: #2f5f2b !important;"
            " box-shadow: none !important; }",
    # the wooden tiles' gradient and bevel
    "tiles": ".space { background: #e6cf9c !important; box-shadow: none !important; }",
    # the cards' drop shadows
    "shadows": ".card { box-shadow: none !important; }",
    # each card's second, turned corner value
    "corners": ".card-value.corner { display: none !important; }",
    # the hand's transitions (a lift, a hover)
    "transitions": "button.card { transition: none !important; }",
    MOTION: "",
}


def switched_off(parts: list[str]) -> str:
    """The stylesheet that switches ``parts`` off (``motion`` needs none: see the module's
    docstring)."""
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise ValueError(f"unknown part(s) {unknown}; the parts: {', '.join(PARTS)}")
    return "\n".join(PARTS[p] for p in parts if PARTS[p])


__all__ = ["MOTION", "PARTS", "switched_off"]
