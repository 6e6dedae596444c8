"""Learn to play: the lessons in the page (offered on the first visit, in the menu, or
embedded alone in an article with ``?lesson=<name>``).

The controller holds one :class:`LessonsControl` (``ctl.lessons``); ``run`` is the
lesson's state (:class:`web.model.lesson_runs.Run`) while one shows
(``ctl.chrome.showing == LESSON``), else ``None``. Offers :meth:`open_param` (start-up),
:meth:`play` (a move made in a lesson, from web/control/move_flow.py) and the buttons'
handlers. Uses the page state, the motion and ``show``/``render``/``advance``/``announce``/
``focus``/``focus_play``/``save_prefs`` (the first-visit offer is answered once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat import YAY, Action
from web.model.chrome import LESSON
from web.model.lesson_runs import BY_NAME, LESSONS, Run
from web.model.screen import Ui
from web.views.lesson_view import feedback_text, heading, task

if TYPE_CHECKING:
    from web.control.feature_hosts import LessonsHost


class LessonsControl:
    def __init__(self, ctl: LessonsHost) -> None:
        self.ctl = ctl
        self.run: Run | None = None

    def start(self, index: int, single: bool = False) -> None:
        """Show lesson ``index``; the game in progress waits (its computer turns stop)."""
        ctl = self.ctl
        self.run = Run(index, single)
        ctl.chrome.offer = False
        ctl.show(LESSON, Ui(viewer=YAY))
        ctl.render()
        ctl.announce(heading(self.run) + " " + task(self.run))

    def open_param(self) -> bool:
        """``?lesson=<name>``: just that lesson (inside an article: nothing around it)."""
        name = self.ctl.params.get("lesson")
        if name not in BY_NAME:
            return False
        self.ctl.chrome.lesson_only = self.ctl.embedded
        self.start(LESSONS.index(BY_NAME[name]), single=True)
        return True

    def play(self, seat: int, action: Action) -> None:
        """A move in the lesson: judged at once, its feedback is the answer."""
        run, ctl = self.run, self.ctl
        before = ctl.motion.snapshot(run.session.game.cat)
        right = run.attempt(seat, action)
        ctl.ui.selected.clear()
        ctl.render()
        if right:
            game = run.session.game
            ctl.motion.play(before, YAY, game.cat, [i for i, c in enumerate(game.tiles) if c])
        ctl.announce(feedback_text(run))
        if right:
            ctl.focus("lesson-retry" if run.last or run.single else "lesson-next")

    def dismiss_offer(self) -> None:
        """The first-visit offer is shown once: storing the preferences marks the visit."""
        self.ctl.chrome.offer = False
        self.ctl.draw_chrome()
        self.ctl.save_prefs()

    # -- the buttons ------------------------------------------------------------------------
    def do_learn(self, _arg) -> None:
        self.dismiss_offer()
        self.start(0)
        self.ctl.interacted = True
        self.ctl.focus_play()

    def do_lesson_next(self, _arg) -> None:
        if self.run is not None and not self.run.last:
            self.start(self.run.index + 1)
            self.ctl.focus_play()

    def do_lesson_retry(self, _arg) -> None:
        if self.run is not None:
            self.start(self.run.index, self.run.single)
            self.ctl.focus_play()

    def do_lesson_exit(self, _arg) -> None:
        self.ctl.back_to_game()  # (show() drops the lesson)
        self.ctl.focus_play()

    def do_offer_dismiss(self, _arg) -> None:
        self.dismiss_offer()


__all__ = ["LessonsControl"]
