"""The Analyse dialog's content, drawn from a :class:`web.model.analysis_panel.Panel`: the seat
choice, the progress bar while master works, then every decision of the seat with the
move played, the best move, the round chances, the marks (in words, not colour only), a
graph of the seat's chances over the game (SVG through the same trees and diff as the
table) and one summary per round.

The graph has a name and a description; the list is its text alternative (every figure
of the graph is in it).
"""

from __future__ import annotations

from tacocat import SEATS, Action
from tacocat.ai.analysis import Decision, RoundSummary, move_data
from web.i18n.catalog import t
from web.model.analysis_panel import CHOOSE, DONE, ERROR, Panel
from web.model.session import MODE_AI
from web.model.text import cards_text, goal_name
from web.render.vdom import Node, Root, h, svg, txt

W, H, PAD = 600, 200, 10  # the graph's viewBox
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # as lichess marks moves


def percent(chance: float) -> str:
    return t("analysis.percent", n=round(100 * chance))


def move_words(move: dict) -> str:
    """A move as language-free data (:func:`tacocat.ai.analysis.move_data`) in words."""
    cards = move["cards"]
    text = "-".join(map(str, cards)) if move["move"] == "jumbo" else cards_text(cards)
    return t(f"analysis.move.{move['move']}", cards=text)


def notation_words(notation: str) -> str:
    return move_words(move_data(Action.parse(notation)))


def title(p: Panel) -> str:
    if p.seat is None:
        return t("analysis.choose")
    if p.mode == MODE_AI and p.seat == p.human:
        return t("analysis.title")
    return t("analysis.title.seat", seat=goal_name(p.seat))


def summary(r: RoundSummary) -> str:
    """A round's summary in the current language, from its key and data."""
    params = dict(r.params)
    params["result"] = t(f"analysis.result.{r.result}")
    key = f"analysis.{r.key.removeprefix('analysis.')}"
    if r.key.endswith("_lost_at"):  # one sentence per phase in the catalogs (grammar)
        key += "." + params.pop("phase")
    else:
        params.pop("phase", None)
    for name in ("what", "best"):
        if name in params:
            params[name] = move_words(params[name])
    return t(key, **params)


def decision_item(d: Decision, in_replay: bool) -> Node:
    """One decision: what was played and what was best, with the mark named in words."""
    head = h("p", "decision-head", None,
             d.mark and h("span", "mark-sign", SIGNS[d.mark], aria_hidden="true"),
             txt(t("analysis.move.n", move=d.index + 1, phase=t(f"analysis.phase.{d.phase}"))),
             d.mark and h("strong", "mark-name", t("analysis.mark.drop",
                                                   mark=t(f"analysis.mark.{d.mark}"),
                                                   drop=round(100 * d.drop))))
    played = notation_words(d.played)
    if d.forced:
        lines = [h("p", "", t("analysis.forced", move=played))]
    else:
        lines = [h("p", "", t("analysis.played", move=played, chance=percent(d.round_played)))]
        if d.best == d.played:
            lines.append(h("p", "best-same", t("analysis.best.same")))
        else:
            lines.append(h("p", "", t("analysis.best", move=notation_words(d.best),
                                      chance=percent(d.round_best))))
    show = h("button", "btn small", t("analysis.show", move=d.index + 1), type="button",
             data_act="analysis-show", data_arg=d.index) if in_replay else None
    cls = f"decision mark-{d.mark}" if d.mark else "decision"
    return h("li", cls, None, head, *lines, show, key=f"d{d.index}",
             data_mark=d.mark or "none")


def graph(p: Panel) -> Node:
    """The seat's round chance after each decision, marks as dots (bigger for worse)."""
    points = p.result.graph()
    decisions = p.result.decisions
    n = len(points)
    step = (W - 2 * PAD) / max(n - 1, 1)

    def xy(i: int, v: float) -> tuple[float, float]:
        return round(PAD + i * step, 1), round(PAD + (1 - v) * (H - 2 * PAD), 1)

    parts: list[Node] = [svg("line", x1=0, x2=W, y1=H / 2, y2=H / 2, class_="mid")]
    for i in range(1, n):  # where a new round starts
        if decisions[i].round != decisions[i - 1].round:
            x = round(PAD + (i - 0.5) * step, 1)
            parts.append(svg("line", x1=x, x2=x, y1=0, y2=H, class_="round-edge"))
    parts.append(svg("polyline", points=" ".join("{},{}".format(*xy(i, v))
                                                 for i, v in enumerate(points)),
                     class_="chance"))
    radius = {"inaccuracy": 5, "mistake": 7, "blunder": 9}
    for i, d in enumerate(decisions):
        if d.mark:
            x, y = xy(i, points[i])
            parts.append(svg("circle", cx=x, cy=y, r=radius[d.mark], class_=f"dot {d.mark}"))
    low = min((d for d in decisions if not d.forced), key=lambda d: d.round_played,
              default=None)
    desc = t("analysis.graph.desc", n=n, first=percent(points[0]), last=percent(points[-1]),
             low=percent(low.round_played if low else points[0]),
             move=(low.index if low else decisions[0].index) + 1)
    axis = h("div", "graph-axis", None, *(h("span", "", percent(v)) for v in (1, 0.5, 0)),
             aria_hidden="true")
    return h("figure", "analysis-graph", None,
             h("figcaption", "", t("analysis.graph.title"), id="analysis-graph-title"),
             h("div", "graph-wrap", None, axis,
               svg("svg", *parts, viewBox=f"0 0 {W} {H}", role="img", focusable="false",
                   aria_labelledby="analysis-graph-title",
                   aria_describedby="analysis-graph-desc", data_points=n)),
             h("p", "graph-desc", desc, id="analysis-graph-desc"), key="graph")


def _buttons(*buttons: Node) -> Node:
    return h("div", "dialog-buttons", None, *buttons, key="buttons")


def _button(text: str, act: str, ident: str, primary: bool = False, **attrs: object) -> Node:
    return h("button", "btn primary" if primary else "btn", text, type="button",
             data_act=act, id=ident, key=ident, **attrs)


def body(p: Panel) -> list[Node]:
    state = p.state
    head = h("h2", "", title(p), id="analysis-title", tabindex="-1", key="title")
    close = _button(t("analysis.close"), "analysis-close", "analysis-close", True)
    if state == CHOOSE:
        return [head, h("p", "help", t("analysis.choose.help")),
                h("div", "buttons seats", None,
                  *(_button(t("analysis.for", seat=goal_name(s)), "analysis-seat",
                            f"analysis-seat-{SEATS[s].lower()}", data_arg=s) for s in (0, 1))),
                _buttons(close)]
    if state == ERROR:
        return [head, h("p", "message alert", p.error, role="alert"), _buttons(close)]
    if state != DONE:
        label = t("analysis.progress", done=p.done, total=p.total)
        return [head, h("p", "progress-text", label, id="analysis-progress-text"),
                h("progress", "", None, id="analysis-progress", max=max(p.total, 1),
                  value=p.done, aria_label=t("analysis.progress.label"),
                  aria_valuetext=label, key="progress"),
                _buttons(_button(t("analysis.cancel"), "analysis-cancel", "analysis-cancel",
                                 aria_keyshortcuts="Escape"))]
    counts = t("analysis.counts", **p.counts())
    out = [head, h("p", "counts", counts, key="counts")]
    if p.result.decisions:
        out.append(graph(p))
    out.append(h("p", "help", t("analysis.note"), key="note"))
    for r in p.result.rounds:
        mine = [d for d in p.result.decisions if d.round == r.round]
        out.append(h("section", "analysis-round", None,
                     h("h3", "", t("analysis.round.title", round=r.round,
                                   result=t(f"analysis.result.{r.result}"))),
                     h("p", "round-summary", summary(r)),
                     h("ol", "decisions", None,
                       *(decision_item(d, p.in_replay) for d in mine)),
                     key=f"round-{r.round}"))
    out.append(_buttons(close))
    return out


def analysis(p: Panel | None) -> list[Root]:
    """The dialog's regions for ``p`` (``None``: nothing open, nothing drawn)."""
    if p is None:
        return []
    return [Root("dlg-analysis", {"data-state": p.state}),
            Root("analysis-body", children=body(p)),
            Root("analysis-status", children=[txt(p.said)])]


__all__ = ["analysis", "move_words", "percent", "summary"]
