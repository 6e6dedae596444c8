"""Analyse, in the page: master's post-game analysis of one seat's decisions, opened from
the game-over screen or the replay. The controller holds one :class:`AnalysisControl`
(``ctl.analysis``; ``panel``: the dialog's state, :class:`web.model.analysis_panel.Panel`).
Offers :meth:`stop` (a new game, leaving the replay), :meth:`close` and the dialog's
handlers; uses the session, the replay shown (``ctl.replay``), the page's dialogs and
storage, the painter, ``spawn``, ``focus`` and ``announce``.

The work runs as one of the page's tasks, a slice at a time with the main thread handed
back to the browser after each (as the computer's turns run), so input is never blocked;
the dialog draws through the same trees and diff as the table (:mod:`web.views.analysis_view`),
only its own regions. Cancel (the button or Escape) closes the generator and changes
nothing else; a new game or leaving the replay cancels it too. A finished analysis is
kept with its record (:mod:`web.formats.analyses_store`) and shown at once next time.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from tacocat import GameRecord
from web.formats.analyses_store import AnalysisStore
from web.formats.stored import ANALYSES_KEY
from web.i18n.catalog import t
from web.model.analysis_panel import Panel
from web.model.chrome import REPLAY
from web.model.session import MODE_AI
from web.views.analysis_view import analysis

if TYPE_CHECKING:
    from web.control.feature_hosts import AnalysisHost


class AnalysisControl:
    def __init__(self, ctl: AnalysisHost) -> None:
        self.ctl = ctl
        self.panel: Panel | None = None
        self._analyses: AnalysisStore | None = None

    # -- opening --------------------------------------------------------------------------
    def do_analyse(self, _arg) -> None:
        """Open the dialog for the game shown: the replay's record, else the game's."""
        in_replay = self.ctl.chrome.showing == REPLAY
        if in_replay:
            replay = self.ctl.replay.current
            record, finished, mode, human = replay.record, replay.finished, replay.mode, \
                replay.human
        else:
            s = self.ctl.session
            record, finished = GameRecord.of(s.game), s.game.is_terminal()
            mode, human = s.mode, s.human
        if not finished:  # the hands of a game still going on are nobody else's business
            self.ctl.message(t("analysis.unfinished"))
            return
        self.stop()
        self.panel = Panel(record, mode, human, in_replay=in_replay)
        self.ctl.page.close_all()
        self.ctl.page.show("dlg-analysis")
        if mode == MODE_AI:
            self._analyse_seat(human)
        else:  # two players (or the computer watched): whose moves?
            self.draw()
            self.ctl.focus("analysis-seat-yay")

    def do_analysis_seat(self, arg: str) -> None:
        if self.panel is not None and self.panel.seat is None and arg in ("0", "1"):
            self._analyse_seat(int(arg))

    def _analyse_seat(self, seat: int) -> None:
        p = self.panel
        stored = self.store().find(p.record, seat)
        p.begin(seat, stored)
        self.draw()
        if stored is not None:
            self.ctl.focus("analysis-title")
            return
        self.ctl.focus("analysis-cancel")
        self.ctl.tasks.spawn(self._run_analysis(p, self.ctl.token))

    async def _run_analysis(self, p: Panel, token: int) -> None:
        """Slice after slice until done, cancelled, or the page moved on (a new game)."""
        while p.running:
            if p.step():
                self.draw()
            await asyncio.sleep(0)  # the browser's turn: input, paint
            if p is not self.panel or token != self.ctl.token:
                p.cancel()
                return
        if p is not self.panel:  # closed meanwhile: nothing to show or keep
            return
        if p.result is not None:
            store = self.store()
            store.put(p.record, p.result)
            self.ctl.page.store(ANALYSES_KEY, store.to_text())
        self.draw()
        self.ctl.focus("analysis-title")

    # -- closing ----------------------------------------------------------------------------
    def close(self, _arg=None) -> None:
        """Close the dialog (cancelling unfinished work) and give focus back to Analyse
        (Cancel, Close, Escape)."""
        was_running = self.panel is not None and self.panel.running
        self.stop()
        self.ctl.page.close("dlg-analysis")
        if was_running:
            self.ctl.announce(t("analysis.cancelled"))
        self.ctl.focus("replay-analyse" if self.ctl.chrome.showing == REPLAY
                       else "btn-over-analyse")

    def stop(self) -> None:
        """Drop the work under way, if any (a new game, leaving the replay)."""
        if self.panel is not None:
            self.panel.cancel()
            self.panel = None

    def do_analysis_show(self, arg: str) -> None:
        """Jump the replay to the position where the decision was made."""
        if self.ctl.chrome.showing != REPLAY or arg is None or not str(arg).isdigit():
            return
        self.stop()
        self.ctl.page.close("dlg-analysis")
        self.ctl.replay.go_to(int(arg))

    # -- drawing, storage --------------------------------------------------------------------
    def draw(self) -> None:
        self.ctl.painter.draw(analysis(self.panel))

    def store(self) -> AnalysisStore:
        """The stored analyses, read once (an unreadable store is set aside: recompute)."""
        if self._analyses is None:
            store, _bad = self.ctl.page.load(ANALYSES_KEY, AnalysisStore.from_text)
            self._analyses = store or AnalysisStore()
        return self._analyses


__all__ = ["AnalysisControl"]
