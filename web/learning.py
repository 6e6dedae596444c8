"""Learn to play: the lessons in the page (offered on the first visit, in the menu, or
embedded alone in an article with ``?lesson=<name>``). A mixin of
:class:`web.controller.Controller`, like :mod:`web.commands`."""

from __future__ import annotations

from tacocat import YAY, Action

from .browser import document
from .dom import by_id, focus
from .lessons import BY_NAME, LESSONS, Run
from .screen import Ui


class Learning:
    def start_lesson(self, index: int, single: bool = False) -> None:
        """Show lesson ``index``; the game in progress waits (its computer turns stop)."""
        self.token += 1
        self.motion.finish_all()
        self.replay = None
        self.lesson = Run(index, single)
        self.ui = Ui(viewer=YAY)
        by_id("offer").hidden = True
        self.dialogs.close_all()
        self.close_menu()
        self.message("")
        self.render()
        self.announce(by_id("lesson-title").textContent + " " + by_id("lesson-task").textContent)

    def open_lesson_param(self) -> bool:
        """``?lesson=<name>``: just that lesson (inside an article: nothing around it)."""
        name = self.params.get("lesson")
        if name not in BY_NAME:
            return False
        if self.embedded:
            document.documentElement.classList.add("lesson-only")
        self.start_lesson(LESSONS.index(BY_NAME[name]), single=True)
        return True

    def play_lesson(self, seat: int, action: Action) -> None:
        run = self.lesson
        before = self.motion.snapshot(run.session.game.cat)
        right = run.attempt(seat, action)
        self.ui.selected.clear()
        self.render()
        if right:
            game = run.session.game
            self.motion.play(before, YAY, game.cat,
                             [i for i, c in enumerate(game.tiles) if c])
        self.announce(by_id("lesson-feedback").textContent)
        focus(by_id("lesson-next") or by_id("lesson-retry") if right else None)

    def do_learn(self, _arg) -> None:
        self.dismiss_offer()
        self.start_lesson(0)
        self.interacted = True
        self.focus_play()

    def do_lesson_next(self, _arg) -> None:
        if self.lesson is not None and not self.lesson.last:
            self.start_lesson(self.lesson.index + 1)
            self.focus_play()

    def do_lesson_retry(self, _arg) -> None:
        if self.lesson is not None:
            self.start_lesson(self.lesson.index, self.lesson.single)
            self.focus_play()

    def do_lesson_exit(self, _arg) -> None:
        self.lesson = None
        self.ui = Ui(viewer=self.first_viewer())
        self.render()
        self.advance(render=False)
        self.focus_play()

    def do_offer_dismiss(self, _arg) -> None:
        self.dismiss_offer()

    def dismiss_offer(self) -> None:
        """The first-visit offer is shown once: storing the preferences marks the visit."""
        by_id("offer").hidden = True
        self.save_prefs()
