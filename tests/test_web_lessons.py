"""The lessons (web/model/lesson_runs.py) without a browser: every position is valid, every right
move is legal there and is judged right, other legal moves are judged wrong with a
catalog explanation, and the scripted replies lead where the lesson says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tacocat import YAY, Action
from web.model.lesson_runs import BY_NAME, LESSONS

CATALOG = json.loads((Path(__file__).resolve().parent.parent / "web" / "i18n" / "en.json")
                     .read_text(encoding="utf-8"))


def test_six_lessons_in_the_order_of_a_round():
    assert [lesson.name for lesson in LESSONS] == [
        "replace", "duel", "defend", "jumbo", "sacrifice", "showdown"]
    assert set(BY_NAME) == {lesson.name for lesson in LESSONS}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_each_lesson_judges_every_legal_move(lesson):
    session = lesson.session()
    assert YAY in session.game.to_act() and session.owes(YAY)
    legal = session.game.legal_actions(YAY)
    rights = [a for a in legal if a.notation() in lesson.right]
    assert rights and len(rights) == len(lesson.right)  # every right move is legal here
    for action in legal:
        ok, key = lesson.judge(action)
        assert ok == (action in rights)
        assert key in CATALOG, key
    for key in ("title", "task", "right", "wrong"):
        assert f"lesson.{lesson.name}.{key}" in CATALOG


def test_the_replies_reach_what_the_lessons_show():
    duel = BY_NAME["duel"].session()
    duel.apply(YAY, Action.duel(12))
    assert duel.game.attacker == YAY and duel.game.phase == "attack"  # 12 beats the 11
    showdown = BY_NAME["showdown"]
    s = showdown.session()
    s.apply(YAY, Action.attack(9))
    showdown.reply(s)
    assert s.result_pending and s.result["winner"] == YAY
    assert (s.result["from"], s.result["to"]) == (2, 0)  # jumping the covered space 1
    replace = BY_NAME["replace"].session()
    replace.apply(YAY, Action.replace(6, 7, 8))
    assert replace.game.replace_limit[1 - YAY] == 3  # the second player: at most as many
