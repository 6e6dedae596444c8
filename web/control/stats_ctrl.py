"""The statistics: counting each finished game once, and the Statistics dialog.

The controller holds one :class:`StatsControl` (``ctl.stats``); ``record`` is the stored
:class:`web.formats.stats_store.Stats`. Offers :meth:`count` (a move that ended the game,
web/control/move_flow.py) and the dialog's handlers; uses the page's dialogs and storage,
and the painter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.formats.stats_store import Stats
from web.formats.stored import STATS_KEY
from web.model.session import Session
from web.views.stats_view import stats_view

if TYPE_CHECKING:
    from web.control.feature_hosts import StatsHost


class StatsControl:
    def __init__(self, ctl: StatsHost, record: Stats) -> None:
        self.ctl = ctl
        self.record = record
        self.armed = False  # Reset pressed once: the next press forgets every game

    def count(self, s: Session) -> None:
        """The game just ended: count it, and store the statistics."""
        self.record.add(s.mode, s.level, s.human, s.game.winner, s.game.round)
        self.ctl.page.store(STATS_KEY, self.record.to_text())

    def draw(self) -> None:
        self.ctl.painter.draw(stats_view(self.record, self.armed))

    def do_stats(self, _arg) -> None:
        self.armed = False
        self.draw()
        self.ctl.page.close_all()
        self.ctl.page.show("dlg-stats")

    def do_stats_close(self, _arg) -> None:
        self.ctl.page.close("dlg-stats")

    def do_stats_reset(self, _arg) -> None:
        """Two presses: the first asks, the second forgets every game."""
        if not self.armed:
            self.armed = True
            self.draw()
            return
        self.record = Stats()
        self.ctl.page.store(STATS_KEY, None)
        self.do_stats(None)


__all__ = ["StatsControl"]
