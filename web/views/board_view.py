"""The track from the YAY goal to the WOW goal: spaces, arrows, tiles and the cat."""

from __future__ import annotations

from tacocat import SEATS, WOW, YAY
from web.i18n.catalog import language, t
from web.model.screen import Screen
from web.model.session import space_letter
from web.model.text import arrow_words, goal_name
from web.render.vdom import Node, Root, h, txt
from web.views.card_view import art


def arrow_glyph(arrow: int | None) -> str:
    return "↔" if arrow is None else ("←" if arrow == YAY else "→")


def _goal(seat: int) -> Node:
    name = SEATS[seat]
    return h("li", f"goal goal-{name.lower()}", None,
             art(f"goal-{name.lower()}", "goal-art"), h("span", "goal-name", name),
             h("span", "goal-word", t("board.goal.word")),
             key=f"goal-{name}", aria_label=t("board.goal", seat=goal_name(seat)))


def board_key(s: Screen) -> tuple:
    """Everything :func:`board` draws from (its memo's key)."""
    obs, over = s.obs, s.over
    return (id(obs.ruleset), obs.tiles, obs.cat, obs.round, over,
            s.result["round"] if s.result is not None else None,
            None if over else (obs.hand_size, obs.arrow), language())


def board(s: Screen) -> list[Root]:
    """The track's cells, the cat's place and the round line above the table."""
    game = s.obs  # the board is public: every seat sees the same
    rs = game.ruleset
    n = len(rs.spaces)
    cells = [_goal(YAY)]
    for i in range(n):
        covered = game.tiles[i]
        arrow = rs.arrow_target(i)
        letter = space_letter(i, n)
        if covered:
            label = t("board.space.covered", index=i + 1, letter=letter)
        else:
            label = t("board.space.long", index=i + 1, letter=letter,
                      n=rs.spaces[i].hand_size, arrow=arrow_words(arrow))
        cells.append(h("li", "space" + (" covered" if covered else "") +
                       (" here" if game.cat == i else ""), None,
                       h("span", "space-letter", letter),
                       h("span", "space-size", str(rs.spaces[i].hand_size)),
                       h("span", "space-arrow", arrow_glyph(arrow), aria_hidden="true"),
                       key=f"space-{i}", aria_label=label))
    cells.append(_goal(WOW))
    if 0 <= game.cat < n:
        where = t("board.cat", index=game.cat + 1, letter=space_letter(game.cat, n))
    else:
        where = t("board.cat.goal", seat=goal_name(YAY if game.cat < 0 else WOW))
    if s.result is not None:
        info = [txt(t("banner.round", round=s.result["round"]))]
    elif s.over:
        info = [h("span", "ri-round", t("info.round", round=game.round))]
    else:  # the space's facts are on the board too; narrow screens show only the round
        # ("Raundi 1", "1. txanda": never split between the word and its number)
        info = [h("span", "ri-round", t("info.round", round=game.round)),
                h("span", "ri-space", " · " + t("info.space", n=game.hand_size,
                                                arrow=arrow_words(game.arrow)))]
    return [Root("track", children=cells),
            Root("cat", {"style": f"--pos:{game.cat + 1}", "aria-label": where,
                         "title": where}),
            Root("round-info", children=info)]
