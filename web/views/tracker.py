"""The card tracker: how many of each value lie face up this round, and the discard pile
(public information, so it reads the same from either seat)."""

from __future__ import annotations

from ..dom import by_id, clear, el
from ..i18n import t
from ..screen import Screen
from ..text import card_label


class TrackerView:
    def __init__(self) -> None:
        self.grid = by_id("seen")
        self.title = by_id("discard-title")
        self.pile = by_id("discard")

    def render(self, s: Screen) -> None:
        obs = s.obs
        counts = obs.ruleset.deck_counts()
        seen = obs.seen_counts()
        clear(self.grid)
        for value in sorted(counts):
            k, total = seen.get(value, 0), counts[value]
            label = t("seen.cell", value=value, seen=k, total=total)
            cell = el("li", "seen-cell" + (" all" if k == total else ""), None,
                      style=f"--v:{value}", aria_label=label, title=label)
            cell.append(el("span", "seen-value", str(value), aria_hidden="true"))
            cell.append(el("span", "seen-count", f"{k}/{total}", aria_hidden="true"))
            self.grid.append(cell)
        self.title.textContent = t("discard.title", n=len(obs.discard))
        clear(self.pile)
        if not obs.discard:
            self.pile.append(el("li", "empty", t("discard.empty")))
        for value in obs.discard:
            self.pile.append(el("li", "chip", str(value), style=f"--v:{value}",
                                aria_label=card_label(value)))
