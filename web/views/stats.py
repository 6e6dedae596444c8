"""The Statistics dialog: a table per opponent and a small chart of recent results
(inline SVG: one bar per game, up for a win, down for a loss)."""

from __future__ import annotations

from ..browser import document
from ..dom import by_id, clear, el
from ..i18n import t
from ..stats import HOTSEAT, Stats

SVG = "http://www.w3.org/2000/svg"


def _svg(tag: str, **attrs: object):
    node = document.createElementNS(SVG, tag)
    for key, value in attrs.items():
        node.setAttribute(key.replace("_", "-"), str(value))
    return node


def _percent(rate: float | None) -> str:
    return "—" if rate is None else t("stats.percent", n=round(100 * rate))


class StatsView:
    def __init__(self) -> None:
        self.table = by_id("stats-table")
        self.chart = by_id("stats-chart")

    def render(self, stats: Stats) -> None:
        clear(self.table)
        rows = stats.rows()
        by_id("stats-empty").hidden = bool(rows)
        self.table.hidden = not rows
        if rows:
            head = el("tr")
            for key in ("stats.opponent", "stats.games", "stats.wins", "stats.rate",
                        "stats.streak", "stats.best", "stats.rounds"):
                head.append(el("th", "", t(key), scope="col"))
            self.table.append(el("thead"))
            self.table.firstChild.append(head)
            body = el("tbody")
            for row in rows:
                tr = el("tr")
                name = t("stats.hotseat") if row.key == HOTSEAT else t(f"level.{row.key}")
                tr.append(el("th", "", name, scope="row"))
                vs = row.key != HOTSEAT
                for value in (row.games, row.wins if vs else t("stats.yay.wins", n=row.wins),
                              _percent(row.rate) if vs else "—", row.streak if vs else "—",
                              row.best if vs else "—", f"{row.rounds:.1f}"):
                    tr.append(el("td", "", str(value)))
                body.append(tr)
            self.table.append(body)
        self._chart(stats)

    def _chart(self, stats: Stats) -> None:
        clear(self.chart)
        recent = stats.recent()
        self.chart.hidden = not recent
        if not recent:
            return
        won = sum(g["won"] for g in recent)
        label = t("stats.chart", n=len(recent), won=won, lost=len(recent) - won)
        slots = max(len(recent), 20)  # bars keep their width with only a few games
        svg = _svg("svg", viewBox=f"0 0 {slots * 12} 44", role="img", aria_label=label,
                   preserveAspectRatio="none", width="100%", height="44")
        svg.append(_svg("line", x1=0, y1=22, x2=slots * 12, y2=22, stroke="#b5a88f"))
        for i, g in enumerate(recent):
            svg.append(_svg("rect", x=i * 12 + 2, width=8, height=18,
                            y=3 if g["won"] else 23, rx=2,
                            fill="#1f7a45" if g["won"] else "#b3261e"))
        self.chart.append(svg)
        self.chart.append(el("p", "help", label))
