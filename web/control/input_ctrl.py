"""Input: clicks and keys become the features' handlers, and the keyboard's map.

Every button names what it does (``data-act="name"``, ``data-arg``); each feature object
the controller holds (:class:`Feature`) answers the names of its ``do_name`` methods, and
:class:`Input` dispatches to them — one table, checked for clashes when the page starts.
The keyboard: the hand is one Tab stop whose cards are reached with the arrow keys (the
APG toolbar pattern), and single letters press buttons — listed once in
:data:`SHORTCUTS`, so the rules panel, the buttons' ``aria-keyshortcuts`` and the handler
cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable

from web.platform.dom import active_element, by_id, focus, py

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

Handler = Callable[[str | None], None]


class Feature:
    """One part of the page's behaviour, held by the controller (``ctl``): its buttons are
    its ``do_<name>`` methods (``data-act="<name>"``, dashes for underscores)."""

    def __init__(self, ctl) -> None:
        self.ctl = ctl

    def handlers(self) -> dict[str, Handler]:
        return {name[3:].replace("_", "-"): getattr(self, name)
                for name in sorted(dir(type(self))) if name.startswith("do_")}


def handler_table(features: list[Feature]) -> dict[str, Handler]:
    """Every feature's handlers in one table; two features answering one name is a bug."""
    table: dict[str, Handler] = {}
    for feature in features:
        for name, handler in feature.handlers().items():
            if name in table:
                raise ValueError(f"data-act={name!r} is answered twice")
            table[name] = handler
    return table


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


class Input:
    """The page's click, pointer and key listeners (web/control/controller.py binds them)."""

    def __init__(self, ctl, actions: dict[str, Handler]) -> None:
        self.ctl = ctl
        self.actions = actions

    def on_pointer(self, _event) -> None:
        ctl = self.ctl
        ctl.interacted = True
        ctl.by_pointer = True
        ctl.sound.warm()

    def on_click(self, event) -> None:
        ctl = self.ctl
        ctl.interacted = True
        ctl.moves.land_now()  # a move still in flight settles first: input meets a settled page
        closest = hasattr(event.target, "closest")
        target = py(event.target.closest("[data-act]")) if closest else None
        inside_menu = closest and py(event.target.closest("#menu")) is not None
        if by_id("menu").hasAttribute("data-open") and (
                (target is not None and target.id != "btn-menu") or
                (target is None and not inside_menu)):
            ctl.games.close_menu()
        if target is None:
            return
        act = str(target.getAttribute("data-act"))
        arg = py(target.getAttribute("data-arg"))
        if target.getAttribute("aria-disabled") == "true":
            reason = py(target.getAttribute("title"))
            if reason:
                ctl.message(reason)
            return
        handler = self.actions.get(act)
        if handler is not None:
            ctl.tapped = target  # what answers a move at once (web/control/move_flow.py)
            try:
                handler(arg)
            finally:
                ctl.tapped = None

    def on_key(self, event) -> None:
        ctl = self.ctl
        ctl.interacted = True
        ctl.by_pointer = False
        ctl.moves.land_now()
        ctl.sound.warm()
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        if key == "Escape" and by_id("menu").hasAttribute("data-open"):
            # from any control in the menu too (the pace and language selects are
            # typing targets, which the letter keys below must leave alone)
            event.preventDefault()
            ctl.games.close_menu()
            focus(by_id("btn-menu"))
            return
        if typing(event.target) or ctl.dialogs.any_open():
            return
        if ctl.replay.current is not None:
            if ctl.replay.step_key(key):
                event.preventDefault()
            return
        in_hand = hasattr(event.target, "closest") and py(event.target.closest("#hand")) \
            is not None
        if in_hand or (active_element() is None and key in MOVES):
            at = ctl.ui.focus if in_hand else \
                ctl.ui.focus + (key in PREV) - (key in NEXT)
            moved = move_in_hand(ctl.painter.cards(), at, key)
            if moved is not None:
                ctl.ui.focus = moved
                event.preventDefault()
                return
        if in_hand and key == "Enter":
            ctl.tapped = event.target  # the focused card answers the key
            try:
                played = ctl.hand.play_focused()
            finally:
                ctl.tapped = None
            if played:
                event.preventDefault()
                return
        button = LETTERS.get(key.lower()) if len(key) == 1 else None
        node = by_id(button) if button else None
        if node is not None and node.isConnected:
            event.preventDefault()
            node.click()


__all__ = ["LETTERS", "MOVES", "SHORTCUTS", "Feature", "Input", "handler_table"]
