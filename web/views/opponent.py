"""The opponent's corner: who they are, how many cards they hold, what they are doing,
and the cards the computer has picked, lifted for a moment before they move."""

from __future__ import annotations

from ..i18n import t
from ..screen import Screen
from ..vdom import Node, Root, h
from .cards import card_back, card_face


def opponent(s: Screen) -> list[Root]:
    session, ui = s.session, s.ui
    game = session.game
    opp = s.opp
    _, n = s.hand_sizes()
    status = ""
    if not s.over and s.result is None and ui.lifted is None:
        if ui.thinking == opp or (opp in ui.busy and not session.owes(s.me)):
            status = t("opponent.thinking")
        elif game.pending[opp] is not None:
            status = t("opponent.sealed")
    out: list[Node] = [
        h("span", "opp-name", s.words.seat_long(opp, session.level), key="name"),
        h("span", "opp-count", t("opponent.cards", n=n), key="count"),
        h("span", "opp-status", status, key="status")]
    label = t("opponent.hand", who=s.words.seat_name(opp), n=n)
    if s.reveal:  # a finished game's replay: the opponent's cards face up
        out.append(h("div", "revealed", None,
                     *(card_face(value) for value in s.revealed_hand()),
                     key="revealed", role="group", aria_label=label))
        return [Root("opponent", children=out)]
    lifted = ui.lifted if ui.lifted is not None and ui.lifted[0] == opp else None
    shown = n - (len(lifted[1]) if lifted else 0)
    out.append(h("div", "backs", None,
                 *(h("div", "card back mini", None, aria_hidden="true")
                   for _ in range(max(0, shown))), key="backs", role="img", aria_label=label))
    if lifted:
        out.append(h("div", "lifted", None,
                     *(card_face(value, data_key=f"lift-{value}") if lifted[2]
                       else card_back(data_key="lift") for value in lifted[1]), key="lifted"))
    return [Root("opponent", children=out)]
