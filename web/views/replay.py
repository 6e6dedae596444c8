"""The replay bar: where we are in the game, and the buttons that step through it."""

from __future__ import annotations

from ..dom import by_id
from ..i18n import t
from ..replay import Replay

AT_START = ("replay-first", "replay-prev-round", "replay-prev")
AT_END = ("replay-next", "replay-next-round", "replay-last")


class ReplayView:
    def __init__(self) -> None:
        self.bar = by_id("replay-bar")
        self.where = by_id("replay-where")

    def render(self, replay: Replay | None) -> None:
        self.bar.hidden = replay is None
        if replay is None:
            return
        self.where.textContent = t("replay.where", k=replay.at, n=replay.total,
                                   round=replay.round_number())
        for ident in AT_START:
            by_id(ident).setAttribute("aria-disabled", "true" if replay.at == 0 else "false")
        for ident in AT_END:
            by_id(ident).setAttribute("aria-disabled",
                                      "true" if replay.at == replay.total else "false")
