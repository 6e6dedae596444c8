"""Puzzles in the real page (issue #51): the day's puzzle opened from the menu and solved
by keyboard alone (Tab, arrows, Space, Enter, C, S — no click, no .focus()); then a rated
puzzle failed on purpose with the rule of thumb's move (which never wins a puzzle's first
move: the generator's filter), its refutation shown, and Try again; then the day's puzzle
in an article on another site (data-puzzle="daily"), solved inside its frame."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from ship_helpers import frame_with

from tacocat.puzzles import daily, loads

ROOT = Path(__file__).resolve().parent.parent
EN = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
PUZZLES = loads((ROOT / "web" / "puzzles.json").read_text(encoding="utf-8"))
IDLE = "document.documentElement.dataset.tasks === '0'"
HAND = """() => { const cards = [...document.querySelectorAll('#hand button.card')];
  return {values: cards.map(c => parseInt(c.dataset.value, 10)),
          pressed: cards.map(c => c.getAttribute('aria-pressed') === 'true'),
          enabled: cards.map(c => c.getAttribute('aria-disabled') !== 'true'),
          focus: cards.indexOf(document.activeElement),
          phase: document.getElementById('hand').dataset.phase}; }"""


def _focus_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def _tab_to(page, ident: str) -> None:
    for _ in range(60):
        if _focus_id(page) == ident:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{ident}")


def _go_to_card(page, index: int) -> None:
    st = page.evaluate(HAND)
    if st["focus"] < 0:
        page.keyboard.press("Home")  # brings the focus into the hand (a page-level key)
        st = page.evaluate(HAND)
    while st["focus"] != index:
        page.keyboard.press("ArrowRight" if st["focus"] < index else "ArrowLeft")
        st = page.evaluate(HAND)


def _play_by_keys(page, kind: str, cards) -> None:
    """One move of the player's, by keys only."""
    page.wait_for_function(IDLE)
    if kind == "sacrifice":
        page.keyboard.press("s")
    else:
        for value in cards:
            st = page.evaluate(HAND)
            index = next(i for i, v in enumerate(st["values"])
                         if v == value and not st["pressed"][i])
            _go_to_card(page, index)
            page.keyboard.press("Space" if kind == "attack" else "Enter")
        if kind == "attack":
            page.keyboard.press("c")
    page.wait_for_function(IDLE)


def _today(page) -> datetime.date:
    return datetime.date.fromisoformat(page.evaluate("new Date().toLocaleDateString('en-CA')"))


def test_the_days_puzzle_by_keyboard_then_a_failed_rated_one(new_context, base_url,
                                                               wait_ready, screenshot):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&seed=3")
    wait_ready(page)
    page.wait_for_function(IDLE)
    _tab_to(page, "btn-menu")
    page.keyboard.press("Enter")
    _tab_to(page, "btn-puzzles")
    page.keyboard.press("Enter")
    page.wait_for_selector("#puzzle:not([hidden])")
    page.wait_for_function(IDLE)
    puzzle = daily(PUZZLES, _today(page))
    assert page.text_content("#puzzle h2").startswith(EN["puzzle.daily"])
    # both hands shown: the opponent's cards face up
    theirs = page.eval_on_selector_all("#opponent .revealed .card",
                                       "cs => cs.map(c => parseInt(c.dataset.value, 10))")
    assert theirs == list(puzzle.hand(1 - puzzle.solver))
    said = page.text_content("#announce")
    assert "Your hand:" in said and "The cat is" in said
    screenshot(page, "daily-start")
    for seat, action in puzzle.line:
        if seat == puzzle.solver and page.get_attribute("#puzzle", "data-state") == "solving":
            _play_by_keys(page, action.kind, action.cards)
    assert page.get_attribute("#puzzle", "data-state") == "solved"
    assert EN["puzzle.solved"] in page.text_content("#puzzle")
    assert page.locator("#puzzle-share").count() == 1
    screenshot(page, "daily-solved")

    # the focus is on Next puzzle: a rated one, failed with the rule of thumb's move
    assert _focus_id(page) == "puzzle-next"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#puzzle h2').textContent.startsWith("
                           f"{json.dumps(EN['puzzle.rated.title'].split(' (')[0])})")
    page.wait_for_function(IDLE)
    st = page.evaluate(HAND)
    if st["phase"] == "attack":
        _go_to_card(page, len(st["values"]) - 1)  # the highest card, alone
        page.keyboard.press("Space")
        page.keyboard.press("c")
    else:  # the cheapest card that holds
        _go_to_card(page, st["enabled"].index(True))
        page.keyboard.press("Enter")
    page.wait_for_function(IDLE)
    assert page.get_attribute("#puzzle", "data-state") == "wrong"
    assert page.text_content("#puzzle").count("Not this one") == 1
    assert not page.locator("#result").is_hidden()  # the refutation, to the showdown
    assert page.locator("#btn-continue").count() == 0
    assert "±" in page.text_content(".puzzle-rating")
    screenshot(page, "rated-wrong")
    assert _focus_id(page) == "puzzle-retry"
    page.keyboard.press("Enter")
    page.wait_for_function(IDLE)
    assert page.get_attribute("#puzzle", "data-state") == "solving"
    stored = json.loads(page.evaluate("localStorage.getItem('tacocat.puzzles.v1')"))
    assert stored["days"][0]["solved"] is True and stored["rated"][0]["solved"] is False
    assert stored["rating"]["rating"] < 1500


def test_the_days_puzzle_in_an_article(page, static_server, dist_dir, tmp_path, wait_ready):
    game = static_server(dist_dir, prefix="/games/tacocat/")
    site = tmp_path / "article"
    site.mkdir()
    (site / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Tacocat</title><h1>Puzzle</h1>"
        f'<script src="{game}web/embed.js" data-puzzle="daily" data-lang="en"></script>',
        encoding="utf-8")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(static_server(site))
    play = page.get_by_role("button", name=EN["embed.play"])
    play.wait_for()
    assert page.get_by_text(EN["puzzle.daily"], exact=True).count() == 1  # the poster
    assert [f for f in page.frames if "puzzle=" in f.url] == []  # nothing loaded yet
    play.click()
    frame = frame_with(page, "puzzle=daily")
    wait_ready(frame)
    frame.wait_for_selector("#puzzle:not([hidden])")
    puzzle = daily(PUZZLES, _today(page))
    assert frame.locator("#puzzle-exit").count() == 0  # the article's puzzle alone
    for seat, action in puzzle.line:
        if seat != puzzle.solver or frame.get_attribute("#puzzle", "data-state") != "solving":
            continue
        frame.wait_for_function(IDLE)
        if action.kind == "sacrifice":
            frame.click("#act-sacrifice")
            continue
        for value in action.cards:
            frame.locator(f'#hand button.card[data-value="{value}"]'
                          ':not([aria-pressed="true"])').first.click()
        if action.kind == "attack":
            frame.click("#act-confirm")
    frame.wait_for_function("document.getElementById('puzzle').dataset.state === 'solved'")
