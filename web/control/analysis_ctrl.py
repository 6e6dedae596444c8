"""Analyse, in the page: master's post-game analysis of one seat's decisions, opened from
the game-over screen or the replay. The controller holds one :class:`AnalysisControl`
(``ctl.analysis``; ``panel``: the dialog's state, :class:`web.model.analysis_panel.Panel`).
Offers :meth:`stop` (a new game, leaving the replay) and the dialog's handlers; uses the
session, ``ctl.replay.current``, the dialogs, the painter, ``spawn`` and ``announce``.

The work runs as one of the page's tasks, a slice at a time with the main thread handed
back to the browser after each (as the computer's turns run), so input is never blocked;
the dialog draws through the same trees and diff as the table (:mod:`web.views.analysis_view`),
only its own regions. Cancel (the button or Escape) closes the generator and changes
nothing else; a new game or leaving the replay cancels it too. A finished analysis is
kept with its record (:mod:`web.formats.analyses_store`) and shown at once next time.
"""

from __future__ import annotations

import asyncio

from tacocat import GameRecord
from web.control.input_ctrl import Feature
from web.formats.analyses_store import AnalysisStore
from web.i18n.catalog import t
from web.model.analysis_panel import Panel
from web.model.session import MODE_AI
from web.platform import storage
from web.platform.dom import by_id, focus, on
from web.views.analysis_view import analysis


class AnalysisControl(Feature):
    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.panel: Panel | None = None
        self._analyses: AnalysisStore | None = None
        self._bound = False

    # -- opening --------------------------------------------------------------------------
    def do_analyse(self, _arg) -> None:
        """Open the dialog for the game shown: the replay's record, else the game's."""
        if self.ctl.replay.current is not None:
            record, finished = self.ctl.replay.current.record, self.ctl.replay.current.finished
            mode, human = self.ctl.replay.current.mode, self.ctl.replay.current.human
        else:
            s = self.ctl.session
            record, finished = GameRecord.of(s.game), s.game.is_terminal()
            mode, human = s.mode, s.human
        if not finished:  # the hands of a game still going on are nobody else's business
            self.ctl.message(t("analysis.unfinished"))
            return
        self._bind()
        self.stop()
        self.panel = Panel(record, mode, human, in_replay=self.ctl.replay.current is not None)
        self.ctl.dialogs.close_all()
        self.ctl.dialogs.show("dlg-analysis")
        if mode == MODE_AI:
            self._analyse_seat(human)
        else:  # two players (or the computer watched): whose moves?
            self.draw()
            focus(by_id("analysis-seat-yay"))

    def do_analysis_seat(self, arg: str) -> None:
        if self.panel is not None and self.panel.seat is None and arg in ("0", "1"):
            self._analyse_seat(int(arg))

    def _analyse_seat(self, seat: int) -> None:
        p = self.panel
        stored = self.store().find(p.record, seat)
        p.begin(seat, stored)
        self.draw()
        if stored is not None:
            focus(by_id("analysis-title"))
            return
        focus(by_id("analysis-cancel"))
        self.ctl.spawn(self._run_analysis(p, self.ctl.token))

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
            storage.write(storage.ANALYSES_KEY, store.to_text())
        self.draw()
        focus(by_id("analysis-title"))

    # -- closing ----------------------------------------------------------------------------
    def do_analysis_cancel(self, _arg) -> None:
        self.close()

    def do_analysis_close(self, _arg) -> None:
        self.close()

    def close(self) -> None:
        """Close the dialog (cancelling unfinished work) and give focus back to Analyse."""
        was_running = self.panel is not None and self.panel.running
        self.stop()
        self.ctl.dialogs.close("dlg-analysis")
        if was_running:
            self.ctl.announce(t("analysis.cancelled"))
        focus(by_id("replay-analyse") if self.ctl.replay.current is not None
              else by_id("btn-over-analyse"))

    def stop(self) -> None:
        """Drop the work under way, if any (a new game, leaving the replay)."""
        if self.panel is not None:
            self.panel.cancel()
            self.panel = None

    def do_analysis_show(self, arg: str) -> None:
        """Jump the replay to the position where the decision was made."""
        if self.ctl.replay.current is None or arg is None or not str(arg).isdigit():
            return
        self.stop()
        self.ctl.dialogs.close("dlg-analysis")
        self.ctl.replay.current.go(int(arg))
        self.ctl.render()
        self.ctl.announce(by_id("replay-where").textContent)
        focus(by_id("replay-next"))

    # -- drawing, storage --------------------------------------------------------------------
    def draw(self) -> None:
        self.ctl.painter.draw(analysis(self.panel))

    def store(self) -> AnalysisStore:
        """The stored analyses, read once (an unreadable store is set aside: recompute)."""
        if self._analyses is None:
            store, _bad = storage.read(storage.ANALYSES_KEY, AnalysisStore.from_text)
            self._analyses = store or AnalysisStore()
        return self._analyses

    def _bind(self) -> None:
        if self._bound:
            return
        self._bound = True

        def escape(event) -> None:  # Escape: cancel (or close), focus back to Analyse
            event.preventDefault()
            self.close()

        on(by_id("dlg-analysis"), "cancel", escape)


__all__ = ["AnalysisControl"]
