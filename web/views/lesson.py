"""The lesson panel: which lesson, what to do, and — after a try — why it was right or
what to change, with the buttons to go on."""

from __future__ import annotations

from ..dom import by_id, clear, el
from ..i18n import t
from ..lessons import LESSONS, Run


def _button(text: str, ident: str, act: str, primary: bool = False):
    return el("button", "btn primary" if primary else "btn", text, type="button", id=ident,
              data_act=act)


class LessonView:
    def __init__(self) -> None:
        self.box = by_id("lesson")
        self.title = by_id("lesson-title")
        self.task = by_id("lesson-task")
        self.feedback = by_id("lesson-feedback")
        self.buttons = by_id("lesson-buttons")

    def render(self, run: Run | None) -> None:
        self.box.hidden = run is None
        if run is None:
            return
        self.box.parentElement.dataset.state = "lesson"  # read, not docked over the table
        name = run.lesson.name
        self.title.textContent = t("lesson.of", i=run.index + 1, n=len(LESSONS),
                                   title=t(f"lesson.{name}.title"))
        self.task.textContent = t(f"lesson.{name}.task")
        clear(self.feedback)
        self.feedback.className = "lesson-feedback"
        if run.feedback is not None:
            ok, key = run.feedback
            self.feedback.classList.add("right" if ok else "wrong")
            self.feedback.append(el("strong", "", t("lesson.right.title" if ok
                                                    else "lesson.wrong.title") + " "))
            self.feedback.append(t(key))
            if ok and run.last and not run.single:
                self.feedback.append(el("span", "", " " + t("lesson.finished")))
        clear(self.buttons)
        if run.done and not run.last and not run.single:
            self.buttons.append(_button(t("lesson.next"), "lesson-next", "lesson-next", True))
        if run.done or run.feedback is not None:
            self.buttons.append(_button(t("lesson.retry"), "lesson-retry", "lesson-retry",
                                        run.single or run.last))
        if not run.single:
            self.buttons.append(_button(t("lesson.exit"), "lesson-exit", "lesson-exit"))
