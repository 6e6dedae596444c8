"""Analyse, in the page: master's post-game analysis of one seat's decisions, opened from
the game-over screen or the replay. A mixin of :class:`web.controller.Controller`, like
:mod:`web.review`.

The work runs as one of the page's tasks, a slice at a time with the main thread handed
back to the browser after each (as the computer's turns run), so input is never blocked;
the dialog draws through the same trees and diff as the table (:mod:`web.views.analysis`),
only its own regions. Cancel (the button or Escape) closes the generator and changes
nothing else; a new game or leaving the replay cancels it too. A finished analysis is
kept with its record (:mod:`web.analysis_store`) and shown at once next time.
"""

from __future__ import annotations

import asyncio

from tacocat import GameRecord

from . import storage
from .analysis_panel import Panel
from .analysis_store import AnalysisStore
from .dom import by_id, focus, on
from .i18n import t
from .session import MODE_AI
from .views.analysis import analysis


class Analysing:
    panel: Panel | None = None
    _analyses: AnalysisStore | None = None
    _analysis_bound = False

    # -- opening --------------------------------------------------------------------------
    def do_analyse(self, _arg) -> None:
        """Open the dialog for the game shown: the replay's record, else the game's."""
        if self.replay is not None:
            record, finished = self.replay.record, self.replay.finished
            mode, human = self.replay.mode, self.replay.human
        else:
            s = self.session
            record, finished = GameRecord.of(s.game), s.game.is_terminal()
            mode, human = s.mode, s.human
        if not finished:  # the hands of a game still going on are nobody else's business
            self.message(t("analysis.unfinished"))
            return
        self._bind_analysis()
        self.stop_analysis()
        self.panel = Panel(record, mode, human, in_replay=self.replay is not None)
        self.dialogs.close_all()
        self.dialogs.show("dlg-analysis")
        if mode == MODE_AI:
            self._analyse_seat(human)
        else:  # two players (or the computer watched): whose moves?
            self.draw_analysis()
            focus(by_id("analysis-seat-yay"))

    def do_analysis_seat(self, arg: str) -> None:
        if self.panel is not None and self.panel.seat is None and arg in ("0", "1"):
            self._analyse_seat(int(arg))

    def _analyse_seat(self, seat: int) -> None:
        p = self.panel
        stored = self.analysis_store().find(p.record, seat)
        p.begin(seat, stored)
        self.draw_analysis()
        if stored is not None:
            focus(by_id("analysis-title"))
            return
        focus(by_id("analysis-cancel"))
        self.spawn(self._run_analysis(p, self.token))

    async def _run_analysis(self, p: Panel, token: int) -> None:
        """Slice after slice until done, cancelled, or the page moved on (a new game)."""
        while p.running:
            if p.step():
                self.draw_analysis()
            await asyncio.sleep(0)  # the browser's turn: input, paint
            if p is not self.panel or token != self.token:
                p.cancel()
                return
        if p is not self.panel:  # closed meanwhile: nothing to show or keep
            return
        if p.result is not None:
            store = self.analysis_store()
            store.put(p.record, p.result)
            storage.write(storage.ANALYSES_KEY, store.to_text())
        self.draw_analysis()
        focus(by_id("analysis-title"))

    # -- closing ----------------------------------------------------------------------------
    def do_analysis_cancel(self, _arg) -> None:
        self.close_analysis()

    def do_analysis_close(self, _arg) -> None:
        self.close_analysis()

    def close_analysis(self) -> None:
        """Close the dialog (cancelling unfinished work) and give focus back to Analyse."""
        was_running = self.panel is not None and self.panel.running
        self.stop_analysis()
        self.dialogs.close("dlg-analysis")
        if was_running:
            self.announce(t("analysis.cancelled"))
        focus(by_id("replay-analyse") if self.replay is not None
              else by_id("btn-over-analyse"))

    def stop_analysis(self) -> None:
        """Drop the work under way, if any (a new game, leaving the replay)."""
        if self.panel is not None:
            self.panel.cancel()
            self.panel = None

    def do_analysis_show(self, arg: str) -> None:
        """Jump the replay to the position where the decision was made."""
        if self.replay is None or arg is None or not str(arg).isdigit():
            return
        self.stop_analysis()
        self.dialogs.close("dlg-analysis")
        self.replay.go(int(arg))
        self.render()
        self.announce(by_id("replay-where").textContent)
        focus(by_id("replay-next"))

    # -- drawing, storage --------------------------------------------------------------------
    def draw_analysis(self) -> None:
        self.painter.draw(analysis(self.panel))

    def analysis_store(self) -> AnalysisStore:
        """The stored analyses, read once (an unreadable store is set aside: recompute)."""
        if self._analyses is None:
            store, _bad = storage.read(storage.ANALYSES_KEY, AnalysisStore.from_text)
            self._analyses = store or AnalysisStore()
        return self._analyses

    def _bind_analysis(self) -> None:
        if self._analysis_bound:
            return
        self._analysis_bound = True

        def escape(event) -> None:  # Escape: cancel (or close), focus back to Analyse
            event.preventDefault()
            self.close_analysis()

        on(by_id("dlg-analysis"), "cancel", escape)


__all__ = ["Analysing"]
