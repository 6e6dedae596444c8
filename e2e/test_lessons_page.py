"""Learn to play: offered on the first visit, and all six lessons completed with the
keyboard only (English and Marathi); a wrong move is explained and can be tried again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
# the keys that make each lesson's right move, from the hand's first card
MOVES = {
    "replace": ["ArrowRight", "ArrowRight", "Space", "ArrowRight", "Space", "ArrowRight",
                "Space", "c"],  # the 6, 7 and 8
    "duel": ["End", "Enter"],  # the 12
    "defend": ["Home", "ArrowRight", "Enter"],  # the 9
    "jumbo": ["End", "Space", "ArrowLeft", "Space", "c"],  # the two 10s
    "sacrifice": ["s"],
    "showdown": ["End", "Enter"],  # attack with the 9, keep the 2
}


@pytest.mark.parametrize("lang", ["en", "mr"])
def test_every_lesson_by_keyboard(new_context, base_url, wait_ready, lang):
    t = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base_url}index.html?pace=0&level=easy&lang={lang}")  # a first visit
    wait_ready(page)
    assert page.locator("#offer").is_visible()
    learn = page.get_by_role("button", name=t["lesson.learn"]).filter(visible=True)
    assert learn.count() == 1  # the offer's button (the menu's is folded away)
    for _ in range(12):
        if learn.evaluate("b => b === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    for i, (name, keys) in enumerate(MOVES.items(), 1):
        title = t["lesson.of"].format(i=i, n=len(MOVES), title=t[f"lesson.{name}.title"])
        page.wait_for_function(
            f"document.getElementById('lesson-title').textContent === {json.dumps(title)}")
        if i == 1:  # a wrong try first: keep every card
            page.keyboard.press("c")
            feedback = page.text_content("#lesson-feedback")
            assert feedback.startswith(t["lesson.wrong.title"])
            assert t["lesson.replace.keep"] in feedback
        for key in keys:
            page.keyboard.press(key)
        feedback = page.text_content("#lesson-feedback")
        assert feedback.startswith(t["lesson.right.title"]), (name, feedback)
        assert t[f"lesson.{name}.right"] in feedback
        focused = page.evaluate("document.activeElement.id")
        if i < len(MOVES):
            assert focused == "lesson-next"
            page.keyboard.press("Enter")
    assert t["lesson.finished"] in page.text_content("#lesson-feedback")
    assert page.locator("#table-cards [data-key^='sd-']").count() == 2  # the showdown
    assert page.get_attribute("#cat", "aria-label") == t["board.cat"].format(index=1, letter="T")
    page.get_by_role("button", name=t["lesson.exit"]).click()
    assert page.locator("#lesson").is_hidden()
    page.reload()  # the offer was taken: not offered again
    wait_ready(page)
    assert page.locator("#offer").is_hidden()


def test_a_lesson_alone_for_an_article(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 600}).new_page()
    page.goto(f"{base_url}index.html?embed=1&lesson=jumbo&pace=0")
    wait_ready(page)
    assert page.locator("#lesson").is_visible() and page.locator(".side").is_hidden()
    assert page.locator("#lesson-exit").count() == 0  # nothing but the lesson
    page.get_by_role("button", name="10 — A Nut for a Jar of Tuna").first.click()
    page.get_by_role("button", name="10 — A Nut for a Jar of Tuna").last.click()
    page.get_by_role("button", name="Attack with 10, 10").click()
    assert page.text_content("#lesson-feedback").startswith("Right!")
    assert page.locator("#lesson-next").count() == 0
    page.get_by_role("button", name="Try again").click()
    assert page.text_content("#lesson-feedback") == ""
