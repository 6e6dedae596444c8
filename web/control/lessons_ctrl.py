"""Learn to play: the lessons in the page (offered on the first visit, in the menu, or
embedded alone in an article with ``?lesson=<name>``).

The controller holds one :class:`LessonsControl` (``ctl.lessons``); ``run`` is the lesson
shown (:class:`web.model.lesson_runs.Run`), or ``None``. Offers :meth:`open_param` (start-up),
:meth:`play` (a move made in a lesson, from web/control/move_flow.py) and the buttons'
handlers. Uses the page state, ``render``/``advance``/``announce``/``focus_play``, the
dialogs, the motion and ``save_prefs`` (the first-visit offer is answered once).
"""

from __future__ import annotations

from tacocat import YAY, Action
from web.control.input_ctrl import Feature
from web.model.lesson_runs import BY_NAME, LESSONS, Run
from web.model.screen import Ui
from web.platform.browser import document
from web.platform.dom import by_id, focus


class LessonsControl(Feature):
    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.run: Run | None = None

    def start(self, index: int, single: bool = False) -> None:
        """Show lesson ``index``; the game in progress waits (its computer turns stop)."""
        ctl = self.ctl
        ctl.token += 1
        ctl.motion.finish_all()
        ctl.replay.current = None
        self.run = Run(index, single)
        ctl.ui = Ui(viewer=YAY)
        by_id("offer").hidden = True
        ctl.dialogs.close_all()
        ctl.games.close_menu()
        ctl.message("")
        ctl.render()
        ctl.announce(by_id("lesson-title").textContent + " " +
                     by_id("lesson-task").textContent)

    def open_param(self) -> bool:
        """``?lesson=<name>``: just that lesson (inside an article: nothing around it)."""
        name = self.ctl.params.get("lesson")
        if name not in BY_NAME:
            return False
        if self.ctl.embedded:
            document.documentElement.classList.add("lesson-only")
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
        ctl.announce(by_id("lesson-feedback").textContent)
        focus(by_id("lesson-next") or by_id("lesson-retry") if right else None)

    def dismiss_offer(self) -> None:
        """The first-visit offer is shown once: storing the preferences marks the visit."""
        by_id("offer").hidden = True
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
        ctl = self.ctl
        self.run = None
        ctl.ui = Ui(viewer=ctl.first_viewer())
        ctl.render()
        ctl.advance(render=False)
        ctl.focus_play()

    def do_offer_dismiss(self, _arg) -> None:
        self.dismiss_offer()


__all__ = ["LessonsControl"]
