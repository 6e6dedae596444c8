"""Input as the page reads it for control/ (web/platform/browser_page.py makes these):
plain facts — which control, which key, what a form says — never an element or an event,
so control decides from data and is tested with data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tap:
    """A click (or a tap) on a control that names its action (``data-act``)."""

    act: str | None  # None: the click hit no control
    arg: str | None = None  # its data-arg
    target: str | None = None  # the control's id
    refused: str | None = None  # aria-disabled: the reason it gives (its title), or ""
    in_menu: bool = False  # inside the menu (a click elsewhere closes it)


@dataclass(frozen=True)
class Press:
    """A key pressed on the page."""

    key: str
    modified: bool = False  # with Ctrl, Cmd or Alt: the browser's, not ours
    typing: bool = False  # in a text field or a select: the letters are the field's
    in_hand: bool = False  # on a card of the hand
    target: str | None = None  # the focused element's id


@dataclass(frozen=True)
class NewGameForm:
    """What the New game dialog's controls say (read when Start is pressed)."""

    mode: str
    level: str
    seat: str
    pace: str
    seed: str


__all__ = ["NewGameForm", "Press", "Tap"]
