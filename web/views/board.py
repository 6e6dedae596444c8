"""The track from the YAY goal to the WOW goal: spaces, arrows, tiles and the cat."""

from __future__ import annotations

from tacocat import SEATS, WOW, YAY

from ..dom import by_id, clear, el
from ..i18n import t
from ..screen import Screen
from ..session import space_letter
from ..text import arrow_words, goal_name


def arrow_glyph(arrow: int | None) -> str:
    return "↔" if arrow is None else ("←" if arrow == YAY else "→")


class BoardView:
    def __init__(self) -> None:
        self.track = by_id("track")
        self.cat = by_id("cat")
        self.info = by_id("round-info")

    def cell(self, index: int):
        """The track cell of a space (``-1`` and ``n`` are the goals)."""
        return self.track.children.item(index + 1)

    def render(self, s: Screen) -> None:
        game = s.session.game
        rs = game.ruleset
        n = len(rs.spaces)
        for i in range(n):
            cell = self.cell(i)
            covered = game.tiles[i]
            arrow = rs.arrow_target(i)
            letter = space_letter(i, n)
            cell.className = "space" + (" covered" if covered else "") + (
                " here" if game.cat == i else "")
            cell.querySelector(".space-size").textContent = str(rs.spaces[i].hand_size)
            cell.querySelector(".space-arrow").textContent = arrow_glyph(arrow)
            if covered:
                label = t("board.space.covered", index=i + 1, letter=letter)
            else:
                label = t("board.space.long", index=i + 1, letter=letter,
                          n=rs.spaces[i].hand_size, arrow=arrow_words(arrow))
            cell.setAttribute("aria-label", label)
        for seat, index in ((YAY, 0), (WOW, n + 1)):
            self.track.children.item(index).setAttribute(
                "aria-label", t("board.goal", seat=goal_name(seat)))
        self.cat.style.setProperty("--pos", str(game.cat + 1))
        if 0 <= game.cat < n:
            where = t("board.cat", index=game.cat + 1, letter=space_letter(game.cat, n))
        else:
            where = t("board.cat.goal", seat=t(f"seat.{SEATS[YAY if game.cat < 0 else WOW]}"))
        self.cat.setAttribute("aria-label", where)
        self.cat.setAttribute("title", where)
        clear(self.info)
        if s.result is not None:
            self.info.append(t("banner.round", round=s.result["round"]))
        elif game.is_terminal():
            self.info.append(t("info.round", round=game.round))
        else:  # the space's facts are on the board too; narrow screens show only the round
            self.info.append(t("info.round", round=game.round))
            self.info.append(el("span", "ri-space", " · " + t(
                "info.space", n=game.hand_size, arrow=arrow_words(game.arrow))))
