"""Every region of the page one render draws, in one list (the one place that says which
views make up the table), for :meth:`web.controller.Controller.render`."""

from __future__ import annotations

from ..lessons import Run
from ..replay import Replay
from ..screen import Screen
from ..vdom import Memo, Root
from .board import board, board_key
from .hand import hand
from .lesson import lesson
from .log import LogLines
from .opponent import opponent
from .replay import replay_bar
from .result import result
from .table import table
from .tracker import tracker, tracker_key


def page(s: Screen, log: LogLines, memo: Memo, replay: Replay | None = None,
         run: Run | None = None, sound: bool = False) -> list[Root]:
    """The trees of the whole table for ``s`` (``memo`` keeps the board and the tracker
    while what they show is unchanged)."""
    return [*memo("board", board_key(s), lambda: board(s)), *opponent(s), *table(s),
            *hand(s), *result(s), *log.roots(s),
            *memo("tracker", tracker_key(s), lambda: tracker(s)), *replay_bar(replay),
            *lesson(run),
            Root("btn-hint", {"aria-disabled": "false" if s.acting and run is None
                              else "true"}),
            Root("btn-sound", {"aria-pressed": "true" if sound else "false"})]
