"""Input: a click becomes its control's handler (``data-act`` → the controller's action
table), a key a move in the hand, a button pressed by its letter, or a replay step. Input
arrives read (web/model/intents.py); the keyboard's map is web/model/keymap.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from web.model.chrome import REPLAY, Chrome
from web.model.intents import Press, Tap
from web.model.keymap import LETTERS, MOVES, NEXT, PREV, move_in_hand
from web.model.screen import Screen, Ui

Handler = Callable[[str | None], None]


class InputHost(Protocol):
    """The state input reads and writes, and the four things it asks of the controller."""

    chrome: Chrome
    ui: Ui
    interacted: bool
    by_pointer: bool
    tapped: str | None

    def message(self, text: str, alert: bool = False) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def render(self, refocus: bool = True) -> bool: ...
    def screen(self) -> Screen: ...


@dataclass(frozen=True)
class InputCalls:
    """What input asks of the other features and of the page, as callbacks (lila's
    ``PromotionCtrl`` style): the flow of a move, the menu, the replay, the hand."""

    land_now: Callable[[], bool]  # a move still in flight settles first (True: it did)
    close_menu: Callable[[], None]
    replay_key: Callable[[str], bool]
    play_focused: Callable[[], bool]  # Enter on a card
    dialog_open: Callable[[], bool]
    press_button: Callable[[str], None]  # a button pressed by its letter
    warm_sound: Callable[[], None]


class Input:
    def __init__(self, host: InputHost, actions: dict[str, Handler], calls: InputCalls) -> None:
        self.host = host
        self.actions = actions
        self.calls = calls

    def pointer(self) -> None:
        host = self.host
        host.interacted = True
        host.by_pointer = True
        self.calls.warm_sound()

    def tap(self, tap: Tap) -> None:
        host = self.host
        host.interacted = True
        # a move still in flight settles first: input meets a settled page, and a refusal
        # the page read before it (a button disabled until that move) no longer holds —
        # the handler decides from the state now
        landed = self.calls.land_now()
        if host.chrome.menu_open and ((tap.act is not None and tap.target != "btn-menu") or
                                      (tap.act is None and not tap.in_menu)):
            self.calls.close_menu()
        if tap.act is None:
            return
        if tap.refused is not None and not landed:
            if tap.refused:
                host.message(tap.refused)
            return
        handler = self.actions.get(tap.act)
        if handler is not None:
            host.tapped = tap.target  # what answers a move at once (web/control/move_flow.py)
            try:
                handler(tap.arg)
            finally:
                host.tapped = None

    def press(self, press: Press) -> bool:
        """Handle a key; ``True`` if it was ours (the browser's default is then skipped)."""
        host = self.host
        host.interacted = True
        host.by_pointer = False
        self.calls.land_now()
        self.calls.warm_sound()
        if press.modified:
            return False
        key = press.key
        if key == "Escape" and host.chrome.menu_open:
            # from any control in the menu too (the pace and language selects are typing
            # targets, which the letter keys below must leave alone)
            self.calls.close_menu()
            host.focus("btn-menu")
            return True
        if press.typing or self.calls.dialog_open():
            return False
        if host.chrome.showing == REPLAY:
            return self.calls.replay_key(key)
        if press.in_hand or (press.target is None and key in MOVES):
            ui = host.ui
            at = ui.focus if press.in_hand else ui.focus + (key in PREV) - (key in NEXT)
            moved = move_in_hand(len(host.screen().obs.hand), at, key)
            if moved is not None:
                ui.focus = moved
                host.render()  # the roving Tab stop (the hand's view) moves
                host.focus(f"card-{moved}")
                return True
        if press.in_hand and key == "Enter":
            host.tapped = press.target  # the focused card answers the key
            try:
                if self.calls.play_focused():
                    return True
            finally:
                host.tapped = None
        button = LETTERS.get(key.lower()) if len(key) == 1 else None
        if button is not None:
            self.calls.press_button(button)
            return True
        return False


__all__ = ["Handler", "Input", "InputCalls", "InputHost"]
