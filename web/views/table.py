"""The table: sealed duel cards face down, the revealed duel, the trick being answered,
the showdown — plus the draw and discard piles that cards come from and go to.

Every card carries ``data-key`` (its place on the table) and ``data-from`` (the seat
that played it), which is all the animator needs to fly it in from the right hand.
"""

from __future__ import annotations

from tacocat import SEATS, WOW, YAY

from ..dom import by_id, clear, el
from ..i18n import t
from ..screen import Screen
from ..text import cards_text, sentence
from .cards import card_back, card_face


class TableView:
    def __init__(self) -> None:
        self.cards = by_id("table-cards")
        self.caption = by_id("table-caption")
        self.draw = by_id("draw-pile")
        self.discard = by_id("discard-pile")

    def render(self, s: Screen) -> None:
        game = s.session.game
        clear(self.cards)
        self.caption.textContent = ""
        view = s.table
        kind = view.get("kind")
        sealed = game.phase == "duel" and any(p is not None for p in game.pending)
        if s.result is None and s.ui.table is None and sealed:
            self._sealed(s)
        elif kind in ("duel", "showdown"):
            self._pair(s, view)
        elif kind == "trick":
            self._trick(s, view)
        else:
            self.cards.append(el("p", "empty", t("table.empty")))
        show_piles = s.result is None and not s.over
        self.draw.hidden = self.discard.hidden = not show_piles
        if show_piles:
            self.draw.textContent = t("info.draw", n=s.obs.draw_size)
            self.discard.textContent = t("discard.title", n=len(s.obs.discard))

    def _who(self, s: Screen, seat: int) -> str:
        name = s.words.seat_name(seat)
        return name if name == SEATS[seat] else f"{name} ({SEATS[seat]})"

    def _sealed(self, s: Screen) -> None:
        game = s.session.game
        row = el("div", "pair")
        for seat in (YAY, WOW):
            cell = el("div", "played")
            cell.append(el("span", "who", self._who(s, seat)))
            if game.pending[seat] is not None:
                cell.append(card_back(data_key=f"duel-{seat}", data_from=seat))
            else:
                cell.append(el("div", "card slot", None, aria_hidden="true"))
            row.append(cell)
        self.cards.append(row)

    def _pair(self, s: Screen, view: dict) -> None:
        showdown = view["kind"] == "showdown"
        prefix = "sd" if showdown else "duel"
        row = el("div", "pair")
        for seat, key in ((YAY, "yay"), (WOW, "wow")):
            cell = el("div", "played")
            cell.append(el("span", "who", self._who(s, seat)))
            win = showdown and view.get("winner") == seat
            cell.append(card_face(view[key], cls="win" if win else "",
                                  data_key=f"{prefix}-{seat}", data_from=seat))
            row.append(cell)
        self.cards.append(row)
        if showdown:
            line = sentence(t("table.showdown", yay=view["yay"], wow=view["wow"]))
            if view.get("winner") is None:
                line += " " + t("banner.tie")
            else:
                line += " " + s.words.tw("banner.win.round", view["winner"])
        else:
            line = s.words.duel_line(view["yay"], view["wow"], view.get("attacker"))
        self.caption.textContent = line

    def _trick(self, s: Screen, view: dict) -> None:
        attack, answers = view["attack"], view["answers"]
        attacker = view["attacker"]
        n = len(attack)
        grid = el("div", "trick" + (" tall" if n >= 3 else "") + (" many" if n >= 6 else ""))
        for i, card in enumerate(attack):
            col = el("div", "trick-col")
            current = i == len(answers) and not view.get("done")
            col.append(card_face(card, cls="attack" + (" target" if current else ""),
                                 data_key=f"a{i}", data_from=attacker))
            if i < len(answers):
                value, ok = answers[i]
                face = card_face(value, cls="answer " + ("held" if ok else "lost"),
                                 data_key=f"d{i}", data_from=1 - attacker)
                face.append(el("span", "mark " + ("ok" if ok else "no"), "✓" if ok else "✗",
                               aria_hidden="true"))
                col.append(face)
            else:
                col.append(el("div", "card slot", None, aria_hidden="true"))
            grid.append(col)
        self.cards.append(grid)
        if view.get("done"):
            defended = all(ok for _, ok in answers)
            key = "table.trick.defended" if defended else "table.trick.sacrificed"
            self.caption.textContent = s.words.tw(key, view["next"])
        else:
            self.caption.textContent = sentence(
                s.words.tw("log.attacked", attacker, cards=cards_text(attack)))
