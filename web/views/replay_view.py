"""The replay bar: where we are in the game, and the buttons that step through it."""

from __future__ import annotations

from web.i18n.catalog import t
from web.model.replay_state import Replay
from web.render.vdom import Root, txt

AT_START = ("replay-first", "replay-prev-round", "replay-prev")
AT_END = ("replay-next", "replay-next-round", "replay-last")


def where_text(replay: Replay) -> str:
    """Where the replay is ("Replay: move 12 of 80, round 3"): the bar says it, and so
    does the live region after each step."""
    return t("replay.where", k=replay.at, n=replay.total, round=replay.round_number())


def replay_bar(replay: Replay | None) -> list[Root]:
    if replay is None:
        return [Root("replay-bar", {"hidden": True})]
    return [Root("replay-bar", {"hidden": False}),
            Root("replay-where", children=[txt(where_text(replay))]),
            *(Root(ident, {"aria-disabled": "true" if replay.at == 0 else "false"})
              for ident in AT_START),
            *(Root(ident, {"aria-disabled": "true" if replay.at == replay.total else "false"})
              for ident in AT_END),
            # Analyse: a finished game only (the hands of one still going on stay hidden)
            Root("replay-analyse", {"aria-disabled": "false" if replay.finished else "true",
                                    "title": None if replay.finished
                                    else t("analysis.unfinished")})]
