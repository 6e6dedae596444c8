"""The state of the Analyse dialog, and the work it drives (no browser API; unit-tested).

:class:`Panel` runs :func:`tacocat.ai.analysis.analyse` one slice per :meth:`Panel.step`, so
the page's task (web/control/analysis_ctrl.py) can hand the browser the main thread between slices —
as it does for the computer's turns — and can stop at any slice (:meth:`Panel.cancel`:
the generator is closed, nothing else was touched). A record that fails to replay ends
in :attr:`Panel.error` instead of an exception.

It also decides what the live region says: the start, a few milestones (a quarter, half,
three quarters: not every decision), the end.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from tacocat import GameRecord, TacocatError
from tacocat.ai.analysis import Analysis, Progress, analyse
from web.i18n.catalog import t
from web.model.text import sentence

MILESTONES = (0.25, 0.5, 0.75)
CHOOSE, RUNNING, DONE, ERROR = "choose", "running", "done", "error"


@dataclass
class Panel:
    """One opening of the dialog: which game, whose moves, how far the work has come."""

    record: GameRecord
    mode: str  # the session's mode (who "you" are in the texts)
    human: int
    seat: int | None = None  # None: the player still chooses whose moves
    in_replay: bool = False  # a decision can be shown in the replay
    done: int = 0
    total: int = 0
    result: Analysis | None = None
    error: str | None = None
    said: str = ""  # what the dialog's live region says now
    stored: bool = False  # the result came from storage (nothing was computed)
    _work: Generator[Progress, None, Analysis] | None = field(default=None, repr=False)
    _next: int = 0  # the next milestone's index

    @property
    def state(self) -> str:
        if self.error is not None:
            return ERROR
        if self.result is not None:
            return DONE
        return RUNNING if self.seat is not None else CHOOSE

    @property
    def running(self) -> bool:
        return self._work is not None

    def begin(self, seat: int, stored: Analysis | None = None, **options: object) -> None:
        """Analyse ``seat``'s decisions (``stored``: the result is already known).
        ``options`` go to :func:`analyse` (tests use a quicker master)."""
        self.seat, self.done, self._next = seat, 0, 0
        self.result, self.error, self.stored = stored, None, stored is not None
        if stored is not None:
            self.total = self.done = len(stored.decisions)
            self.said = self.finished_text()
            return
        self.total = sum(m.startswith("YW"[seat] + ":") for m in self.record.moves)
        self._work = analyse(self.record, seat, **options)
        self.said = t("analysis.started", total=self.total)

    def step(self) -> bool:
        """One slice of work; ``True`` when something shown changed (a decision was
        evaluated, or the work ended)."""
        if self._work is None:
            return False
        try:
            progress = next(self._work)
        except StopIteration as stop:
            self._work = None
            self.result = stop.value
            self.done = self.total = len(self.result.decisions)
            self.said = self.finished_text()
            return True
        except (TacocatError, ValueError, KeyError, IndexError, TypeError) as exc:
            self._work = None
            self.error = t("analysis.error", error=sentence(str(exc) or type(exc).__name__))
            self.said = self.error
            return True
        changed = progress.done != self.done
        self.done, self.total = progress.done, progress.total
        while self._next < len(MILESTONES) and self.total and \
                self.done >= MILESTONES[self._next] * self.total:
            self._next += 1
            self.said = t("analysis.milestone", done=self.done, total=self.total)
        return changed

    def cancel(self) -> None:
        """Stop the work (closing its generator); the game and the replay are untouched."""
        if self._work is not None:
            self._work.close()
            self._work = None

    def counts(self) -> dict[str, int]:
        marks = [d.mark for d in self.result.decisions] if self.result else []
        return {"total": len(marks), "blunders": marks.count("blunder"),
                "mistakes": marks.count("mistake"), "inaccuracies": marks.count("inaccuracy")}

    def finished_text(self) -> str:
        return f"{t('analysis.done')} {t('analysis.counts', **self.counts())}."


__all__ = ["CHOOSE", "DONE", "ERROR", "RUNNING", "Panel"]
