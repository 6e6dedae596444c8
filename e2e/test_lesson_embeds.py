"""The sample article (docs/article-eu.html) on another site: a live lesson beside each
rule, each a light poster until Play; two of them are played to the end inside the
article, by mouse in one and by keyboard in the other."""

from __future__ import annotations

import json
from pathlib import Path

from ship_helpers import frame_with

ROOT = Path(__file__).resolve().parent.parent
EU = json.loads((ROOT / "web" / "i18n" / "eu.json").read_text(encoding="utf-8"))
LESSONS = ("replace", "duel", "defend", "jumbo", "sacrifice", "showdown")


def _frame(page, name: str, wait_ready):
    """The lesson's frame once its game is ready."""
    frame = frame_with(page, f"lesson={name}")
    wait_ready(frame)
    return frame


def test_the_sample_article_places_a_lesson_beside_each_rule(page, static_server, dist_dir,
                                                              tmp_path, screenshot, wait_ready):
    game = static_server(dist_dir, prefix="/games/tacocat/")
    site = tmp_path / "article"
    site.mkdir()
    html = (ROOT / "docs" / "article-eu.html").read_text(encoding="utf-8")
    assert html.count('src="../web/embed.js"') == len(LESSONS)
    (site / "index.html").write_text(html.replace("../web/embed.js", game + "web/embed.js"),
                                     encoding="utf-8")
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(static_server(site))
    play = page.get_by_role("button", name=EU["embed.play"])
    play.first.wait_for()
    assert play.count() == len(LESSONS)  # a poster per rule, nothing loaded yet
    for name in LESSONS:
        assert page.get_by_text(EU[f"lesson.{name}.title"], exact=True).count() >= 1
    assert [f for f in page.frames if "lesson=" in f.url] == []
    screenshot(page, "article-posters")

    play.nth(LESSONS.index("duel")).click()
    duel = _frame(page, "duel", wait_ready)
    duel.get_by_role("button", name="12 — Step on No Pets").click()  # beats their 11
    duel.wait_for_function("document.getElementById('lesson-feedback').textContent !== ''")
    assert duel.text_content("#lesson-feedback").startswith(EU["lesson.right.title"])

    play.nth(LESSONS.index("sacrifice") - 1).click()  # one poster fewer: it became a frame
    sacrifice = _frame(page, "sacrifice", wait_ready)
    sacrifice.locator("#hand .card").first.wait_for()
    page.keyboard.press("s")  # Play put the focus in the frame: the keyboard plays there
    sacrifice.wait_for_function(
        "document.getElementById('lesson-feedback').textContent !== ''")
    assert sacrifice.text_content("#lesson-feedback").startswith(EU["lesson.right.title"])
    assert duel.text_content("#lesson-feedback").startswith(EU["lesson.right.title"])
    page.locator("iframe").first.scroll_into_view_if_needed()
    shot = screenshot(page, "article-lessons")
    page.screenshot(path=str(shot.with_name(shot.stem + "-viewport.png")))
