"""The table: sealed duel cards face down, the revealed duel, the trick being answered,
the showdown — plus the draw and discard piles that cards come from and go to.

Every card carries ``data-key`` (its place on the table; also its tree key) and
``data-from`` (the seat that played it), which is all the animator needs to fly it in
from the right hand.

The round result and the game-over screen, shown where the hand was — never over the
board — once the showdown cards lie on the table and the cat has moved.
"""

from __future__ import annotations

from tacocat import SEATS, WOW, YAY
from tacocat.moves import PHASE_DUEL
from web.i18n.catalog import t
from web.model.screen import Screen
from web.model.session import MODE_WATCH
from web.model.text import cards_text, sentence
from web.render.vdom import Node, Root, h, txt
from web.views.card_view import card_back, card_face


def table(s: Screen) -> list[Root]:
    view = s.table
    kind = view.get("kind")
    sealed = s.obs.phase == PHASE_DUEL and any(s.obs.committed)
    caption = ""
    if s.result is None and s.ui.table is None and sealed:
        cards = [_sealed(s)]
    elif kind in ("duel", "showdown"):
        cards, caption = _pair(s, view)
    elif kind == "trick":
        cards, caption = _trick(view, s)
    else:
        cards = [h("p", "empty", t("table.empty"), key="empty")]
    show = s.result is None and not s.over
    piles = [Root("draw-pile", {"hidden": not show},
                  [txt(t("info.draw", n=s.obs.draw_size))] if show else None),
             Root("discard-pile", {"hidden": not show},
                  [txt(t("discard.title", n=len(s.obs.discard)))] if show else None)]
    return [Root("table-cards", children=cards),
            Root("table-caption", children=[txt(caption)] if caption else []), *piles]


def _who(s: Screen, seat: int) -> str:
    name = s.words.seat_name(seat)
    return name if name == SEATS[seat] else f"{name} ({SEATS[seat]})"


def _sealed(s: Screen) -> Node:
    cells = []
    for seat in (YAY, WOW):
        if s.obs.committed[seat]:
            card = card_back(key=f"duel-{seat}", data_key=f"duel-{seat}", data_from=seat)
        else:
            card = h("div", "card slot", None, key=f"slot-{seat}", aria_hidden="true")
        cells.append(h("div", "played", None, h("span", "who", _who(s, seat)), card))
    return h("div", "pair", None, *cells, key="pair")


def _pair(s: Screen, view: dict) -> tuple[list[Node], str]:
    showdown = view["kind"] == "showdown"
    prefix = "sd" if showdown else "duel"
    cells = []
    for seat, name in ((YAY, "yay"), (WOW, "wow")):
        win = showdown and view.get("winner") == seat
        cells.append(h("div", "played", None, h("span", "who", _who(s, seat)),
                       card_face(view[name], cls="win" if win else "",
                                 key=f"{prefix}-{seat}", data_key=f"{prefix}-{seat}",
                                 data_from=seat)))
    if showdown:
        line = sentence(t("table.showdown", yay=view["yay"], wow=view["wow"]))
        if view.get("winner") is None:
            line += " " + t("banner.tie")
        else:
            line += " " + s.words.tw("banner.win.round", view["winner"])
    else:
        line = s.words.duel_line(view["yay"], view["wow"], view.get("attacker"))
    return [h("div", "pair", None, *cells, key="pair")], line


def _trick(view: dict, s: Screen) -> tuple[list[Node], str]:
    attack, answers = view["attack"], view["answers"]
    attacker = view["attacker"]
    n = len(attack)
    cols = []
    for i, card in enumerate(attack):
        current = i == len(answers) and not view.get("done")
        top = card_face(card, cls="attack" + (" target" if current else ""), key=f"a{i}",
                        data_key=f"a{i}", data_from=attacker)
        if i < len(answers):
            value, ok = answers[i]
            below = card_face(value, "div", "answer " + ("held" if ok else "lost"),
                              h("span", "mark " + ("ok" if ok else "no"), "✓" if ok else "✗",
                                aria_hidden="true"),
                              key=f"d{i}", data_key=f"d{i}", data_from=1 - attacker)
        else:
            below = h("div", "card slot", None, key=f"slot{i}", aria_hidden="true")
        cols.append(h("div", "trick-col", None, top, below, key=f"col{i}"))
    grid = h("div", "trick" + (" tall" if n >= 3 else "") + (" many" if n >= 6 else ""),
             None, *cols, key="trick")
    if view.get("done"):
        defended = all(ok for _, ok in answers)
        key = "table.trick.defended" if defended else "table.trick.sacrificed"
        caption = s.words.tw(key, view["next"])
    else:
        caption = sentence(s.words.tw("log.attacked", attacker, cards=cards_text(attack)))
    return [grid], caption


def _button(text: str, ident: str, act: str, primary: bool = False, **attrs: object) -> Node:
    return h("button", "btn primary" if primary else "btn", text, key=ident, type="button",
             id=ident, data_act=act, **attrs)


def result(s: Screen) -> list[Root]:
    """``#result`` and the state of ``#me`` (play or result) it sets."""
    res = s.result
    hidden = res is None and not s.over
    me = Root("me", {"data-state": "play" if hidden else "result"})
    if hidden:
        return [Root("result", {"hidden": True}, []), me]
    n_spaces = len(s.obs.ruleset.spaces)
    winner = s.obs.winner
    out: list[Node] = []
    if winner is not None:
        out.append(h("h2", "", t("over.title")))
        out.append(h("p", "over", s.words.game_over(winner)))
    elif res is not None:
        out.append(h("h2", "", t("banner.round", round=res["round"])))
    if res is not None:
        for i, line in enumerate(s.words.result_lines(res, n_spaces)):
            out.append(h("p", "strong" if i == 1 else "", line))
    if winner is not None:
        out.append(h("p", "", t("over.rounds", rounds=s.obs.round, tied=s.obs.tied_rounds)))
    # (a replay's bar steps on and a puzzle's panel goes on: nothing to press here)
    if s.replay is None and not s.open_hands:
        if winner is not None:
            again = t("watch.again") if s.mode == MODE_WATCH else t("over.rematch")
            buttons = [_button(again, "btn-rematch", "rematch", True),
                       _button(t("over.new"), "btn-over-new", "new"),
                       _button(t("analysis.open"), "btn-over-analyse", "analyse"),
                       _button(t("toolbar.replay"), "btn-over-replay", "replay"),
                       _button(t("share.link"), "btn-over-share", "share"),
                       _button(t("toolbar.stats"), "btn-over-stats", "stats")]
        else:
            buttons = [_button(t("banner.continue"), "btn-continue", "continue", True,
                               aria_keyshortcuts="Enter")]
        out.append(h("div", "buttons", None, *buttons, key="buttons"))
    return [Root("result", {"hidden": False}, out), me]
