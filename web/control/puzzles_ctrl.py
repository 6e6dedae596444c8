"""Puzzles in the page: the day's puzzle, the rated run, or one puzzle an article embeds
(``?puzzle=daily`` or ``?puzzle=<id>``, from the snippet's ``data-puzzle``).

The controller holds one :class:`PuzzlesControl` (``ctl.puzzles``); ``run`` is the puzzle
on the table (:class:`web.model.puzzle_run.PuzzleRun`) while one shows
(``ctl.chrome.showing == PUZZLE``). The set (``web/puzzles.json``) is fetched the first
time puzzles open — never with the first move's bytes — and the service worker keeps it
for offline play. The player's moves come from the hand as in a game
(web/control/move_flow.py hands them to :meth:`play`); the opponent answers with the
referee's longest-holding defence. The day's result and the rated run's Glicko-2 rating
are kept on the device (web/formats/puzzle_store.py).
"""

from __future__ import annotations

import asyncio
import datetime
import random
from typing import TYPE_CHECKING

from tacocat import Action
from tacocat.actions import ATTACK
from tacocat.ai.hints import Hint
from tacocat.puzzles import Puzzle, PuzzleError, after_puzzle, daily, loads, next_puzzle
from web.formats.puzzle_store import PuzzleRecord
from web.formats.stored import PUZZLES_KEY
from web.i18n.catalog import t
from web.model.chrome import PUZZLE
from web.model.puzzle_run import DAILY, RATED, SINGLE, SOLVED, PuzzleRun
from web.model.screen import Ui
from web.model.session import hand_indices
from web.views.puzzle_view import feedback_text, position_text, puzzle_panel, share_text

if TYPE_CHECKING:
    from web.control.feature_hosts import PuzzlesHost

PUZZLES_URL = "web/puzzles.json"
STEP_MS = 700  # Show solution: one move of the line every STEP_MS at the default pace


class PuzzlesControl:
    def __init__(self, ctl: PuzzlesHost, record: PuzzleRecord) -> None:
        self.ctl = ctl
        self.record = record
        self.run: PuzzleRun | None = None
        self.puzzles: list[Puzzle] | None = None
        self.single = False  # an article's one puzzle: nothing else of the page

    # -- opening --------------------------------------------------------------------------
    def today(self) -> datetime.date:
        """The player's local date (the page's clock): the day's puzzle is the same for
        everyone who shares it."""
        return datetime.date.fromisoformat(self.ctl.page.today())

    async def load(self) -> bool:
        """The set, fetched once; a failure (offline before it was ever kept, a damaged
        file) is said, and the game in progress stays."""
        if self.puzzles is None:
            try:
                self.puzzles = loads(await self.ctl.page.fetch_text(PUZZLES_URL))
            except (OSError, PuzzleError, ValueError) as exc:
                self.ctl.page.report("puzzles:", repr(exc))
                self.ctl.message(t("puzzle.unavailable"), alert=True)
                return False
        return True

    async def open(self, kind: str, ident: str | None = None) -> None:
        if not await self.load():
            self.ctl.offer_resume()  # (the start held the saved game's offer back for us)
            return
        puzzles = self.puzzles
        day = self.today()
        if kind == DAILY:
            puzzle = daily(puzzles, day)
        elif kind == RATED:
            seed = len(self.record.rated) * 7919 + day.toordinal()
            puzzle = next_puzzle(puzzles, self.record.rating.rating, self.record.done_ids(),
                                 random.Random(seed))
        else:
            puzzle = next((p for p in puzzles if p.id == ident), None)
            if puzzle is None:
                self.ctl.message(t("puzzle.unknown", id=str(ident)[:20]), alert=True)
                self.ctl.offer_resume()
                return
        run = PuzzleRun(puzzle, kind, day if kind == DAILY else None)
        run.alone = self.single
        self.start(run)

    def start(self, run: PuzzleRun) -> None:
        """Show ``run``; the game in progress waits (its computer turns stop)."""
        ctl = self.ctl
        self.run = run
        ctl.chrome.offer = False  # the first visit's lessons offer: not over a puzzle
        ctl.show(PUZZLE, Ui(viewer=run.solver))
        ctl.render()
        ctl.announce(position_text(run))
        ctl.focus_play()

    def open_param(self) -> bool:
        """``?puzzle=daily`` or ``?puzzle=<id>`` (an article's embed: just the puzzle)."""
        wanted = self.ctl.params.get("puzzle")
        if not wanted:
            return False
        self.single = self.ctl.embedded
        self.ctl.chrome.lesson_only = self.ctl.embedded
        kind = DAILY if wanted == "daily" else SINGLE
        self.ctl.tasks.spawn(self.open(kind, None if kind == DAILY else wanted))
        return True

    # -- a move -----------------------------------------------------------------------------
    def play(self, seat: int, action: Action) -> None:
        """The player's move, judged at once: a winning one is answered by the opponent, a
        wrong one by its refutation (then Try again)."""
        run, ctl = self.run, self.ctl
        if run is None or seat != run.solver:
            return
        counted = run.outcome is not None
        run.attempt(action)
        ctl.ui.selected.clear()
        ctl.ui.hint = None
        if not counted and run.outcome is not None:
            self.keep(run)
        ctl.render()
        ctl.announce(feedback_text(run, self.record))
        if run.over:
            ctl.focus("puzzle-next" if run.state == SOLVED else "puzzle-retry")
        else:
            ctl.focus_play()

    def keep(self, run: PuzzleRun) -> None:
        """The try that counts: the day's result, or the rated run's new rating (a hint
        or the solution gives a rated puzzle away, as a failed try)."""
        outcome, p = run.outcome, run.puzzle
        if run.kind == DAILY and run.day is not None:
            self.record.add_day(run.day, p.id, outcome.solved, outcome.hinted)
        elif run.kind == RATED:
            solved = outcome.solved and not outcome.hinted
            self.record.add_rated(p.id, solved, after_puzzle(self.record.rating, p.rating,
                                                             solved))
        else:
            return
        if not self.ctl.page.store(PUZZLES_KEY, self.record.to_text()):
            self.ctl.message(t("storage.unavailable"))

    # -- the buttons ------------------------------------------------------------------------
    def do_puzzles(self, _arg) -> None:
        self.ctl.interacted = True
        self.ctl.tasks.spawn(self.open(DAILY))

    def do_hint(self, _arg) -> None:
        run, ctl = self.run, self.ctl
        if run is None:
            return
        clue = run.ask_hint()
        if clue is None:
            return
        if run.hint_level >= 2:  # the card too: marked in the hand, selected for an attack
            ctl.ui.hint = Hint(clue.action, "", clue.key, clue.params)
            if clue.action.kind == ATTACK:
                ctl.ui.selected = hand_indices(run.session.game.hands[run.solver], clue.cards)
        ctl.render()
        ctl.announce(feedback_text(run, self.record))

    def do_solution(self, _arg) -> None:
        run, ctl = self.run, self.ctl
        if run is None:
            return
        counted = run.outcome is not None
        line = run.solution_line()
        if not counted:
            self.keep(run)
        ctl.ui = Ui(viewer=run.solver)
        ctl.render()
        ctl.tasks.spawn(self._show_line(run, line, ctl.token))

    async def _show_line(self, run: PuzzleRun, line: list, token: int) -> None:
        """The main line, one move at a time, each drawn and moved as in a game."""
        step = STEP_MS if self.ctl.prefs.pace else 0
        for seat, action in line:
            await asyncio.sleep(step / 1000)
            if token != self.ctl.token or self.run is not run:
                return
            run.session.apply(seat, action)
            self.ctl.render()
        self.ctl.announce(feedback_text(run, self.record))
        self.ctl.focus("puzzle-retry")

    def do_retry(self, _arg) -> None:
        if self.run is not None:
            self.run.retry()
            self.start(self.run)

    def do_next(self, _arg) -> None:
        self.ctl.tasks.spawn(self.open(RATED))

    def do_share(self, _arg) -> None:
        run, ctl = self.run, self.ctl
        if run is None:
            return
        base, _ = ctl.page.location()
        text = share_text(run, self.record, base.split("?")[0])
        copied = bool(text) and ctl.page.copy(text)
        ctl.message(t("puzzle.share.copied") if copied else text)

    def do_exit(self, _arg) -> None:
        self.ctl.back_to_game()  # (show() drops the puzzle)
        self.ctl.focus_play()

    # -- drawing ----------------------------------------------------------------------------
    def roots(self) -> list:
        """The panel (every render draws it: while no puzzle shows, without asking the page
        for its date or address)."""
        if self.run is None:
            return puzzle_panel(None, self.record, None)
        base, _ = self.ctl.page.location()
        return puzzle_panel(self.run, self.record, self.today(), base.split("?")[0])


__all__ = ["PUZZLES_URL", "PuzzlesControl"]
