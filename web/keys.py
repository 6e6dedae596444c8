"""The keyboard: the hand is one Tab stop whose cards are reached with the arrow keys
(the APG toolbar pattern), and single letters act — listed once here, so the rules
panel, the buttons' ``aria-keyshortcuts`` and the handler cannot disagree."""

from __future__ import annotations

from .dom import by_id, clear, el, focus
from .i18n import t

# (key shown, catalog key of what it does, the button it presses or None)
SHORTCUTS: tuple[tuple[str, str, str | None], ...] = (
    ("← →", "keys.move", None),
    ("Space", "keys.select", None),
    ("Enter", "keys.play", None),
    ("C", "keys.confirm", "act-confirm"),
    ("S", "keys.sacrifice", "act-sacrifice"),
    ("H", "keys.hint", "btn-hint"),
    ("U", "keys.takeback", "btn-takeback"),
    ("N", "keys.new", "btn-new"),
    ("Enter", "keys.continue", "btn-continue"),
    ("← → ↑ ↓", "keys.replay", None),
)
LETTERS = {key.lower(): button for key, _, button in SHORTCUTS if len(key) == 1 and button}
PREV = ("ArrowLeft", "ArrowUp")
NEXT = ("ArrowRight", "ArrowDown")
MOVES = (*PREV, *NEXT, "Home", "End")


def render_help() -> None:
    """The rules panel's keyboard list."""
    box = by_id("keys")
    clear(box)
    for key, what, _ in SHORTCUTS:
        item = el("li")
        for i, part in enumerate(key.split(" / ")):
            if i:
                item.append(" / ")
            item.append(el("kbd", "", part))
        item.append(" " + t(what))
        box.append(item)


def typing(target) -> bool:
    tag = str(getattr(target, "tagName", "") or "").upper()
    return tag in ("INPUT", "SELECT", "TEXTAREA")


def move_in_hand(cards: list, current: int, key: str) -> int | None:
    """The roving Tab stop after ``key`` (None: not a movement key)."""
    if not cards:
        return None
    if key in PREV:
        index = max(current - 1, 0)
    elif key in NEXT:
        index = min(current + 1, len(cards) - 1)
    elif key == "Home":
        index = 0
    elif key == "End":
        index = len(cards) - 1
    else:
        return None
    for i, card in enumerate(cards):
        card.setAttribute("tabindex", "0" if i == index else "-1")
    focus(cards[index])
    return index
