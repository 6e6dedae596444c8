"""The round result and the game-over screen, shown where the hand was — never over the
board — once the showdown cards lie on the table and the cat has moved."""

from __future__ import annotations

from ..dom import by_id, clear, el
from ..i18n import t
from ..screen import Screen
from ..session import MODE_WATCH


def _button(text: str, ident: str, act: str, primary: bool = False, **attrs: object):
    return el("button", "btn primary" if primary else "btn", text, type="button", id=ident,
              data_act=act, **attrs)


class ResultView:
    def __init__(self) -> None:
        self.box = by_id("result")

    def render(self, s: Screen) -> None:
        box = self.box
        clear(box)
        result = s.result
        box.hidden = result is None and not s.over
        box.parentElement.dataset.state = "play" if box.hidden else "result"
        if box.hidden:
            return
        game = s.session.game
        n_spaces = len(game.ruleset.spaces)
        winner = game.winner
        if winner is not None:
            box.append(el("h2", "", t("over.title")))
            box.append(el("p", "over", s.words.game_over(winner)))
        elif result is not None:
            box.append(el("h2", "", t("banner.round", round=result["round"])))
        if result is not None:
            lines = s.words.result_lines(result, n_spaces)
            for i, line in enumerate(lines):
                box.append(el("p", "strong" if i == 1 else "", line))
        if winner is not None:
            box.append(el("p", "", t("over.rounds", rounds=game.round, tied=game.tied_rounds)))
        if s.replay is not None:  # the replay bar steps on; nothing to press here
            return
        buttons = el("div", "buttons")
        if winner is not None:
            if s.session.mode == MODE_WATCH:
                buttons.append(_button(t("watch.again"), "btn-rematch", "rematch", True))
            else:
                buttons.append(_button(t("over.rematch"), "btn-rematch", "rematch", True))
            buttons.append(_button(t("over.new"), "btn-over-new", "new"))
            buttons.append(_button(t("toolbar.replay"), "btn-over-replay", "replay"))
            buttons.append(_button(t("share.link"), "btn-over-share", "share"))
            buttons.append(_button(t("toolbar.stats"), "btn-over-stats", "stats"))
        else:
            buttons.append(_button(t("banner.continue"), "btn-continue", "continue", True,
                                   aria_keyshortcuts="Enter"))
        box.append(buttons)
