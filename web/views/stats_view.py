"""The Statistics dialog: a table per opponent and a small chart of recent results
(inline SVG: one bar per game, up for a win, down for a loss), and the Reset button
(pressed once, it asks; ``armed``). A pure view, drawn through the same diff as the table.
"""

from __future__ import annotations

from web.formats.stats_store import HOTSEAT, Stats
from web.i18n.catalog import t
from web.render.vdom import Node, Root, h, svg, txt

COLUMNS = ("stats.opponent", "stats.games", "stats.wins", "stats.rate", "stats.streak",
           "stats.best", "stats.rounds")


def _percent(rate: float | None) -> str:
    return "—" if rate is None else t("stats.percent", n=round(100 * rate))


def _table(stats: Stats) -> list[Node]:
    rows = stats.rows()
    if not rows:
        return []
    head = h("thead", "", None, h("tr", "", None, *(h("th", "", t(k), scope="col")
                                                    for k in COLUMNS)))
    body = []
    for row in rows:
        vs = row.key != HOTSEAT
        name = t(f"level.{row.key}") if vs else t("stats.hotseat")
        values = (row.games, row.wins if vs else t("stats.yay.wins", n=row.wins),
                  _percent(row.rate) if vs else "—", row.streak if vs else "—",
                  row.best if vs else "—", f"{row.rounds:.1f}")
        body.append(h("tr", "", None, h("th", "", name, scope="row"),
                      *(h("td", "", str(v)) for v in values), key=row.key))
    return [head, h("tbody", "", None, *body)]


def _chart(stats: Stats) -> list[Node]:
    recent = stats.recent()
    if not recent:
        return []
    won = sum(g["won"] for g in recent)
    label = t("stats.chart", n=len(recent), won=won, lost=len(recent) - won)
    slots = max(len(recent), 20)  # bars keep their width with only a few games
    bars = [svg("rect", x=i * 12 + 2, width=8, height=18, y=3 if g["won"] else 23, rx=2,
                fill="#1f7a45" if g["won"] else "#b3261e", class_="won" if g["won"] else "lost")
            for i, g in enumerate(recent)]
    return [svg("svg", svg("line", x1=0, y1=22, x2=slots * 12, y2=22, stroke="#b5a88f"), *bars,
                viewBox=f"0 0 {slots * 12} 44", role="img", aria_label=label,
                preserveAspectRatio="none", width="100%", height="44"),
            h("p", "help", label)]


def stats_view(stats: Stats, armed: bool = False) -> list[Root]:
    rows = bool(stats.rows())
    chart = _chart(stats)
    return [Root("stats-empty", {"hidden": rows}),
            Root("stats-table", {"hidden": not rows}, _table(stats)),
            Root("stats-chart", {"hidden": not chart}, chart),
            Root("stats-reset", {"data-armed": armed},
                 [txt(t("stats.reset.confirm" if armed else "stats.reset"))])]


__all__ = ["stats_view"]
