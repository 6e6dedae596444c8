"""The puzzle panel: which puzzle, what to do (both hands are shown in a puzzle: the
opponent's face up in its own corner, web/views/hand_view.py), how the try went, the
hint's sentence, the rating and its small graph, the day's streak, and the buttons to go
on. Also the sentences a screen reader hears when a puzzle opens (the position: both
hands, the cat, the tiles) and the spoiler-free text a player shares. Pure: the state is
:class:`web.model.puzzle_run.PuzzleRun` and the stored record
(:class:`web.formats.puzzle_store.PuzzleRecord`)."""

from __future__ import annotations

import datetime

from tacocat.moves import PHASE_ATTACK
from web.formats.puzzle_store import PuzzleRecord
from web.i18n.catalog import language, t
from web.model.puzzle_run import DAILY, RATED, SHOWN, SOLVED, WRONG, PuzzleRun
from web.model.session import MODE_AI, space_letter
from web.model.text import Words, cards_text
from web.render.vdom import Node, Root, h, svg
from web.views.hint_view import reason_text
from web.views.lesson_view import panel_button


def day_text(day: datetime.date) -> str:
    """A date in the reader's language, digits only (no month names to translate)."""
    return day.isoformat() if language() in ("en",) else day.strftime("%d.%m.%Y")


def heading(run: PuzzleRun) -> str:
    if run.kind == DAILY and run.day is not None:
        return t("puzzle.daily.title", day=day_text(run.day))
    if run.kind == RATED:
        return t("puzzle.rated.title", rating=run.puzzle.rating)
    return t("puzzle.title")


def task(run: PuzzleRun) -> str:
    attack = run.puzzle.phase == PHASE_ATTACK
    return t("puzzle.task.attack" if attack else "puzzle.task.defend")


def position_text(run: PuzzleRun) -> str:
    """The position, read out when the puzzle opens: both hands, the cat, the tiles."""
    p = run.puzzle
    words = Words(MODE_AI, p.solver)
    n = len(run.session.game.ruleset.spaces)
    parts = [heading(run) + ".", task(run),
             t("puzzle.hand.mine", cards=cards_text(p.hand(p.solver))),
             t("puzzle.hand.theirs", who=words.seat_name(1 - p.solver),
               cards=cards_text(p.hand(1 - p.solver)))]
    if 0 <= p.cat < n:
        parts.append(t("board.cat", index=p.cat + 1, letter=space_letter(p.cat, n)) + ".")
    parts += [t("board.space.covered", index=i + 1, letter=space_letter(i, n)) + "."
              for i in p.tiles]
    return " ".join(parts)


def feedback_text(run: PuzzleRun, record: PuzzleRecord | None = None) -> str:
    """How the try went (what the live region says after a move)."""
    if run.state == SOLVED:
        text = t("puzzle.solved")
        if run.kind == RATED and record is not None and run.outcome is not None:
            text += " " + t("puzzle.rating.now", rating=round(record.rating.rating))
        return text
    if run.state == WRONG:
        words = Words(MODE_AI, run.solver)
        move = words.action(run.wrong, run.wrong_hand) if run.wrong is not None else ""
        return t("puzzle.wrong", move=move)
    if run.state == SHOWN:
        return t("puzzle.shown")
    if run.clue is not None:
        text = reason_text(run.clue.key, run.clue.params)
        if run.hint_level >= 2:
            text += " " + t("puzzle.hint.cards", cards=cards_text(run.clue.cards))
        return text
    return ""


def share_text(run: PuzzleRun, record: PuzzleRecord, url: str) -> str:
    """The day's result without spoilers (no cards, no move)."""
    day = record.day(run.day) if run.day is not None else None
    if day is None:
        return ""
    key = ("puzzle.share.solved.hint" if day["hinted"] else "puzzle.share.solved") \
        if day["solved"] else "puzzle.share.failed"
    return t(key, day=day_text(run.day), streak=record.streak(run.day)) + " " + url + \
        "?puzzle=daily"


def _graph(history: list[int]) -> Node | None:
    """The rating after each rated puzzle, as a small line."""
    if len(history) < 2:
        return None
    low, high = min(history) - 10, max(history) + 10
    step = 120 / (len(history) - 1)
    points = " ".join(f"{i * step:.1f},{30 - (r - low) * 28 / (high - low):.1f}"
                      for i, r in enumerate(history))
    return svg("svg", svg("polyline", points=points, fill="none", stroke="currentColor",
                          stroke_width=2), viewBox="0 0 120 32", width=120, height=32,
               key="graph", role="img",
               aria_label=t("puzzle.graph", first=history[0], last=history[-1]))


def puzzle_panel(run: PuzzleRun | None, record: PuzzleRecord, today: datetime.date | None,
                 url: str = "") -> list[Root]:
    if run is None:
        return [Root("puzzle", {"hidden": True})]
    # the opponent's hand is face up in its own corner (Screen.open_hands)
    out: list[Node] = [h("h2", "puzzle-title", heading(run), key="title"),
                       h("p", "puzzle-task", task(run), key="task")]
    feedback = feedback_text(run, record)
    cls = "puzzle-feedback" + {SOLVED: " right", WRONG: " wrong"}.get(run.state, "")
    out.append(h("p", cls, feedback, key="feedback"))
    if run.kind == RATED:
        rating = record.rating
        out.append(h("p", "puzzle-rating", t("puzzle.rating", rating=round(rating.rating),
                                             rd=round(rating.rd)), key="rating"))
        graph = _graph(record.history())
        if graph is not None:
            out.append(graph)
    if run.kind == DAILY:
        streak = record.streak(today)
        if streak:
            out.append(h("p", "puzzle-streak", t("puzzle.streak", n=streak), key="streak"))
    buttons: list[Node] = []
    if not run.over:
        buttons.append(panel_button(t("puzzle.hint"), "puzzle-hint", "puzzle-hint"))
        buttons.append(panel_button(t("puzzle.solution"), "puzzle-solution", "puzzle-solution"))
    else:
        if run.state != SOLVED:
            buttons.append(panel_button(t("puzzle.retry"), "puzzle-retry", "puzzle-retry", True))
        if run.state == WRONG:
            buttons.append(panel_button(t("puzzle.solution"), "puzzle-solution",
                                   "puzzle-solution"))
        if run.kind == DAILY and run.day is not None and record.day(run.day) is not None:
            buttons.append(panel_button(t("puzzle.share"), "puzzle-share", "puzzle-share"))
        buttons.append(panel_button(t("puzzle.next"), "puzzle-next", "puzzle-next",
                               run.state == SOLVED))
    if not run.alone:
        buttons.append(panel_button(t("puzzle.exit"), "puzzle-exit", "puzzle-exit"))
    out.append(h("div", "buttons", None, *buttons, key="buttons"))
    share = share_text(run, record, url) if run.kind == DAILY else ""
    if share:
        out.append(h("p", "puzzle-share-text", share, key="share-text", id="puzzle-share-text"))
    return [Root("puzzle", {"hidden": False, "data-state": run.state}, out),
            Root("me", {"data-state": "lesson"})]


__all__ = ["feedback_text", "heading", "position_text", "puzzle_panel", "share_text", "task"]
