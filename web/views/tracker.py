"""The card tracker: how many of each value lie face up this round, and the discard pile
(public information, so it reads the same from either seat)."""

from __future__ import annotations

from ..i18n import language, t
from ..screen import Screen
from ..text import card_label
from ..vdom import Root, h, txt


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
