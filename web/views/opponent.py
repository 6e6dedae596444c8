"""The opponent's corner: who they are, how many cards they hold, what they are doing,
and the cards the computer has picked, lifted for a moment before they move."""

from __future__ import annotations

from ..dom import by_id, clear, el
from ..i18n import t
from ..screen import Screen
from .cards import card_back, card_face


class OpponentView:
    def __init__(self) -> None:
        self.box = by_id("opponent")

    def backs(self):
        return self.box.querySelector(".backs")

    def render(self, s: Screen) -> None:
        session, ui = s.session, s.ui
        game = session.game
        box = self.box
        clear(box)
        opp = s.opp
        box.append(el("span", "opp-name", s.words.seat_long(opp, session.level)))
        _, n = s.hand_sizes()
        box.append(el("span", "opp-count", t("opponent.cards", n=n)))
        status = ""
        if not s.over and s.result is None and ui.lifted is None:
            if ui.thinking == opp or (opp in ui.busy and not session.owes(s.me)):
                status = t("opponent.thinking")
            elif game.pending[opp] is not None:
                status = t("opponent.sealed")
        box.append(el("span", "opp-status", status))
        lifted = ui.lifted if ui.lifted is not None and ui.lifted[0] == opp else None
        shown = n - (len(lifted[1]) if lifted else 0)
        if s.reveal:  # a finished game's replay: the opponent's cards face up
            row = el("div", "revealed", None, role="group",
                     aria_label=t("opponent.hand", who=s.words.seat_name(opp), n=n))
            for value in s.revealed_hand():
                row.append(card_face(value))
            box.append(row)
            return
        backs = el("div", "backs", None, role="img",
                   aria_label=t("opponent.hand", who=s.words.seat_name(opp), n=n))
        for _ in range(max(0, shown)):
            backs.append(el("div", "card back mini", None, aria_hidden="true"))
        box.append(backs)
        if lifted:
            row = el("div", "lifted")
            for value in lifted[1]:
                row.append(card_face(value, data_key=f"lift-{value}") if lifted[2]
                           else card_back(data_key="lift"))
            box.append(row)
