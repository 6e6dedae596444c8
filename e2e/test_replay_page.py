"""Replay, driven by role and accessible name in English and Swahili: an imported finished
game is stepped through move by move with the keyboard and round by round with the
buttons, forward and back, to the same final position (both hands shown); the game shared
as a link opens in another page as the same replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.page_driver import play_to_end

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
VIEW = """() => ({
  where: document.getElementById('replay-where').textContent,
  hand: [...document.querySelectorAll('#hand .card')].map(c => c.getAttribute('aria-label')),
  other: [...document.querySelectorAll('#opponent .revealed .card')]
    .map(c => c.getAttribute('aria-label')),
  table: [...document.querySelectorAll('#table-cards .card')]
    .map(c => c.getAttribute('aria-label')),
  cat: document.getElementById('cat').getAttribute('aria-label'),
  log: [...document.querySelectorAll('#log li')].map(li => li.textContent)})"""


def _t(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def _button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


@pytest.mark.parametrize("lang", ["en", "sw"])
def test_replay_an_imported_game_forward_and_back(new_context, base_url, wait_ready, lang,
                                                  tmp_path):
    t = _t(lang)
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&seed=8&lang={lang}")
    wait_ready(page)
    play_to_end(page)  # a whole game, then its record as a file
    finished = page.evaluate(VIEW)
    with page.expect_download() as download:
        _button(page, t["share.link"]).click()
        _button(page, t["share.file"]).click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    moves = len(json.loads(path.read_text())["moves"])

    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&lang={lang}")
    wait_ready(page)
    page.set_input_files("#import-file", files=[str(path)])
    page.wait_for_selector("#btn-over-replay")  # the imported game is over: its end shows
    _button(page, t["toolbar.replay"]).last.click()
    start = page.evaluate(VIEW)
    assert start["where"] == t["replay.where"].format(k=0, n=moves, round=1)
    assert start["table"] == [] and len(start["hand"]) == 7
    for _ in range(moves):  # every move with the keyboard
        page.keyboard.press("ArrowRight")
    end = page.evaluate(VIEW)
    assert end["table"] == finished["table"] and end["cat"] == finished["cat"]
    assert end["log"] == finished["log"]
    assert end["hand"] == [] and end["other"] == []  # the last cards lie on the table
    for _ in range(moves):
        page.keyboard.press("ArrowLeft")
    assert page.evaluate(VIEW) == start
    rounds = 0
    while page.get_attribute("#replay-next-round", "aria-disabled") != "true":
        _button(page, t["replay.next.round"]).click()
        rounds += 1
        mid = page.evaluate(VIEW)
        assert len(mid["table"]) == 2  # every round ends with its showdown on the table
    assert page.evaluate(VIEW) == end and rounds >= 2
    assert end["where"] == t["replay.where"].format(k=moves, n=moves, round=rounds)
    _button(page, t["replay.prev"]).click()  # one move before the end: both hands face up
    before_end = page.evaluate(VIEW)
    assert before_end["hand"] and before_end["other"]  # both face up, the last trick open
    _button(page, t["replay.exit"]).click()
    assert page.locator("#replay-bar").is_hidden() and page.locator("#btn-rematch").is_visible()


def test_a_shared_link_opens_the_replay(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&seed=8")
    wait_ready(page)
    play_to_end(page)
    final = page.evaluate("document.getElementById('cat').getAttribute('aria-label')")
    page.get_by_role("button", name="Share link").click()
    link = page.input_value("#share-url")
    assert "#record=" in link and link.startswith(base_url)
    other = new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(link)
    wait_ready(other)
    assert other.locator("#replay-bar").is_visible()
    other.keyboard.press("End")
    assert other.evaluate("document.getElementById('cat').getAttribute('aria-label')") == final
    # a damaged link is reported, and the page plays normally
    other.goto("about:blank")
    other.goto(link[:-12] + "%%%")
    wait_ready(other)
    assert "could not be opened" in other.locator("#message").text_content()
    assert other.locator("#replay-bar").is_hidden()
