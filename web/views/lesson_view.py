"""The lesson panel: which lesson, what to do, and — after a try — why it was right or
what to change, with the buttons to go on."""

from __future__ import annotations

from web.i18n.catalog import t
from web.model.lesson_runs import LESSONS, Run
from web.render.vdom import Node, Root, h, txt


def panel_button(text: str, ident: str, act: str, primary: bool = False) -> Node:
    """A button of a lesson's or a puzzle's panel (web/views/puzzle_view.py)."""
    return h("button", "btn primary" if primary else "btn", text, key=ident, type="button",
             id=ident, data_act=act)


def heading(run: Run) -> str:
    """The lesson's title line ("Lesson 2 of 6: The duel")."""
    return t("lesson.of", i=run.index + 1, n=len(LESSONS),
             title=t(f"lesson.{run.lesson.name}.title"))


def task(run: Run) -> str:
    return t(f"lesson.{run.lesson.name}.task")


def feedback_text(run: Run) -> str:
    """After a try: right or wrong, and why (what the live region says)."""
    if run.feedback is None:
        return ""
    ok, key = run.feedback
    return t("lesson.right.title" if ok else "lesson.wrong.title") + " " + t(key)


def lesson(run: Run | None) -> list[Root]:
    if run is None:
        return [Root("lesson", {"hidden": True})]
    feedback: list[Node] = []
    cls = "lesson-feedback"
    if run.feedback is not None:
        ok, key = run.feedback
        cls += " right" if ok else " wrong"
        feedback = [h("strong", "", t("lesson.right.title" if ok
                                      else "lesson.wrong.title") + " "), txt(t(key))]
        if ok and run.last and not run.single:
            feedback.append(h("span", "", " " + t("lesson.finished")))
    buttons = []
    if run.done and not run.last and not run.single:
        buttons.append(panel_button(t("lesson.next"), "lesson-next", "lesson-next", True))
    if run.done or run.feedback is not None:
        buttons.append(panel_button(t("lesson.retry"), "lesson-retry", "lesson-retry",
                               run.single or run.last))
    if not run.single:
        buttons.append(panel_button(t("lesson.exit"), "lesson-exit", "lesson-exit"))
    return [Root("lesson", {"hidden": False}),
            Root("me", {"data-state": "lesson"}),  # read, not docked over the table
            Root("lesson-title", children=[txt(heading(run))]),
            Root("lesson-task", children=[txt(task(run))]),
            Root("lesson-feedback", {"class": cls}, feedback),
            Root("lesson-buttons", children=buttons)]


__all__ = ["feedback_text", "heading", "lesson", "panel_button", "task"]
