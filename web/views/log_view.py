"""The move log: one line per event, keyed by its number, so a render adds only the new
lines (the ones drawn before are the very same tree nodes, which the diff skips).

The card tracker: how many of each value lie face up this round, and the discard pile
(public information, so it reads the same from either seat).
"""

from __future__ import annotations

from web.i18n.catalog import language, t
from web.model.screen import Screen
from web.model.text import card_label
from web.render.vdom import Node, Root, h, txt

MAJOR = ("round", "showdown", "cat", "won")


class LogLines:
    """The log's lines, each built once per session and language (a log grows to a few
    hundred lines; rebuilding them all on every move would be wasted work)."""

    def __init__(self) -> None:
        self.session: object | None = None
        self.lang = ""
        self.lines: list[Node] = []

    def roots(self, s: Screen) -> list[Root]:
        if s.log_of != self.session or language() != self.lang \
                or len(self.lines) > len(s.log):
            self.session, self.lang = s.log_of, language()  # another game, step or language
            self.lines = []
        for number in range(len(self.lines), len(s.log)):
            entry = s.log[number]
            cls = "computer" if entry.computer else ""
            if entry.key.split(".")[1] in MAJOR:
                cls += " major"
            self.lines.append(h("li", cls.strip(), s.words.entry(entry), key=str(number)))
        return [Root("log", children=list(self.lines), scroll_end=True)]


def tracker_key(s: Screen) -> tuple:
    """Everything :func:`tracker` draws from (its memo's key)."""
    obs = s.obs
    return id(obs.ruleset), tuple(obs.discard), tuple(obs.table()), language()


def tracker(s: Screen) -> list[Root]:
    obs = s.obs
    counts = obs.ruleset.deck_counts()
    seen = obs.seen_counts()
    cells = []
    for value in sorted(counts):
        k, total = seen.get(value, 0), counts[value]
        label = t("seen.cell", value=value, seen=k, total=total)
        cells.append(h("li", "seen-cell" + (" all" if k == total else ""), None,
                       h("span", "seen-value", str(value), aria_hidden="true"),
                       h("span", "seen-count", f"{k}/{total}", aria_hidden="true"),
                       key=str(value), style=f"--v:{value}", aria_label=label, title=label))
    pile = [h("li", "chip", str(value), style=f"--v:{value}", aria_label=card_label(value))
            for value in obs.discard] or [h("li", "empty", t("discard.empty"))]
    return [Root("seen", children=cells),
            Root("discard-title", children=[txt(t("discard.title", n=len(obs.discard)))]),
            Root("discard", children=pile)]
