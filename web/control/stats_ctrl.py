"""The statistics: counting each finished game once, and the Statistics dialog.

The controller holds one :class:`StatsControl` (``ctl.stats``); ``record`` is the stored
:class:`web.formats.stats_store.Stats`. Offers :meth:`count` (a move that ended the game,
web/control/move_flow.py) and the dialog's handlers; uses the dialogs and the painter.
"""

from __future__ import annotations

from web.control.input_ctrl import Feature
from web.formats.stats_store import Stats
from web.model.session import Session
from web.platform import storage
from web.views.stats_view import stats_view


class StatsControl(Feature):
    def __init__(self, ctl, record: Stats) -> None:
        super().__init__(ctl)
        self.record = record
        self.armed = False  # Reset pressed once: the next press forgets every game

    def count(self, s: Session) -> None:
        """The game just ended: count it, and store the statistics."""
        self.record.add(s.mode, s.level, s.human, s.game.winner, s.game.round)
        storage.write(storage.STATS_KEY, self.record.to_text())

    def draw(self) -> None:
        self.ctl.painter.draw(stats_view(self.record, self.armed))

    def do_stats(self, _arg) -> None:
        self.armed = False
        self.draw()
        self.ctl.dialogs.close_all()
        self.ctl.dialogs.show("dlg-stats")

    def do_stats_close(self, _arg) -> None:
        self.ctl.dialogs.close("dlg-stats")

    def do_stats_reset(self, _arg) -> None:
        """Two presses: the first asks, the second forgets every game."""
        if not self.armed:
            self.armed = True
            self.draw()
            return
        self.record = Stats()
        storage.write(storage.STATS_KEY, None)
        self.do_stats(None)


__all__ = ["StatsControl"]
