"""The move log: one line per event, appended as the game goes on."""

from __future__ import annotations

from ..dom import by_id, clear, el
from ..screen import Screen

MAJOR = ("round", "showdown", "cat", "won")


class LogView:
    def __init__(self) -> None:
        self.box = by_id("log")
        self.shown = 0
        self.source = None  # the session whose log is shown

    def reset(self) -> None:
        clear(self.box)
        self.shown = 0

    def render(self, s: Screen) -> None:
        if s.session is not self.source:  # another game (or another replay step)
            self.source = s.session
            self.reset()
        entries = s.session.log[self.shown:]
        for entry in entries:
            cls = "computer" if entry.computer else ""
            if entry.key.split(".")[1] in MAJOR:
                cls += " major"
            self.box.append(el("li", cls.strip(), s.words.entry(entry)))
        self.shown = len(s.session.log)
        if entries:
            self.box.scrollTop = self.box.scrollHeight
