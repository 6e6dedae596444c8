"""Every region of the page one render draws, in one list (the one place that says which
views make up the table), for :meth:`web.control.controller.Controller.render`."""

from __future__ import annotations

from web.model.lesson_runs import Run
from web.model.replay_state import Replay
from web.model.screen import Screen
from web.render.vdom import Memo, Root
from web.views.board_view import board, board_key
from web.views.hand_view import hand, opponent
from web.views.lesson_view import lesson
from web.views.log_view import LogLines, tracker, tracker_key
from web.views.replay_view import replay_bar
from web.views.table_view import result, table


def page(s: Screen, log: LogLines, memo: Memo, replay: Replay | None = None,
         run: Run | None = None) -> list[Root]:
    """The trees of the whole table for ``s`` (``memo`` keeps the board and the tracker
    while what they show is unchanged). The page around it: web/views/chrome_view.py."""
    return [*memo("board", board_key(s), lambda: board(s)), *opponent(s), *table(s),
            *hand(s), *result(s), *log.roots(s),
            *memo("tracker", tracker_key(s), lambda: tracker(s)), *replay_bar(replay),
            *lesson(run)]
