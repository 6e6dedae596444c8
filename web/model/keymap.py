"""The keyboard, listed once: the hand is one Tab stop whose cards are reached with the
arrow keys (the APG toolbar pattern), and single letters press buttons — so the rules
panel's list (web/views/dialog_view.py), the buttons' ``aria-keyshortcuts`` and the
handler (web/control/input_ctrl.py) cannot disagree."""

from __future__ import annotations

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


def move_in_hand(size: int, current: int, key: str) -> int | None:
    """The hand's roving Tab stop after ``key`` among ``size`` cards (None: not a movement
    key, or no cards)."""
    if not size:
        return None
    if key in PREV:
        return max(current - 1, 0)
    if key in NEXT:
        return min(current + 1, size - 1)
    if key == "Home":
        return 0
    if key == "End":
        return size - 1
    return None


__all__ = ["LETTERS", "MOVES", "NEXT", "PREV", "SHORTCUTS", "move_in_hand"]
