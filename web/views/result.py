"""The round result and the game-over screen, shown where the hand was — never over the
board — once the showdown cards lie on the table and the cat has moved."""

from __future__ import annotations

from ..i18n import t
from ..screen import Screen
from ..session import MODE_WATCH
from ..vdom import Node, Root, h


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
    game = s.session.game
    n_spaces = len(game.ruleset.spaces)
    winner = game.winner
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
        out.append(h("p", "", t("over.rounds", rounds=game.round, tied=game.tied_rounds)))
    if s.replay is None:  # (the replay bar steps on; nothing to press here)
        if winner is not None:
            again = t("watch.again") if s.session.mode == MODE_WATCH else t("over.rematch")
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
