"""The move log: one line per event, keyed by its number, so a render adds only the new
lines (the ones drawn before are the very same tree nodes, which the diff skips)."""

from __future__ import annotations

from ..i18n import language
from ..screen import Screen
from ..vdom import Node, Root, h

MAJOR = ("round", "showdown", "cat", "won")


class LogLines:
    """The log's lines, each built once per session and language (a log grows to a few
    hundred lines; rebuilding them all on every move would be wasted work)."""

    def __init__(self) -> None:
        self.session: object | None = None
        self.lang = ""
        self.lines: list[Node] = []

    def roots(self, s: Screen) -> list[Root]:
        if s.session is not self.session or language() != self.lang \
                or len(self.lines) > len(s.session.log):
            self.session, self.lang = s.session, language()  # another game, step or language
            self.lines = []
        for number in range(len(self.lines), len(s.session.log)):
            entry = s.session.log[number]
            cls = "computer" if entry.computer else ""
            if entry.key.split(".")[1] in MAJOR:
                cls += " major"
            self.lines.append(h("li", cls.strip(), s.words.entry(entry), key=str(number)))
        return [Root("log", children=list(self.lines), scroll_end=True)]
