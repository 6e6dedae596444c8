"""Analyse in the page, by keyboard only once the game is over, in English and Estonian: a
finished game → Analyse → the progress bar → every decision with the marks named and a
graph drawn in the SVG namespace, focus on the result's heading; Escape closes and gives
focus back; opening it again shows the stored result at once (nothing recomputed). Escape
in the middle of the work cancels it and leaves the game-over screen as it was. From a
shared link's replay (two players): the seat is chosen, and a decision jumps the replay to
its move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.page_driver import play_to_end

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
GAME = "index.html?fresh=1&pace=0&level=easy&seed=8"
SVG = "http://www.w3.org/2000/svg"
TAB_LIMIT = 12  # the game-over buttons are a few Tab stops apart

# Everything the dialog showed while it worked, recorded in the page as it happened (the
# work may be quicker than any poll from here).
WATCH = """() => {
  window.__seen = {bars: [], said: [], states: []};
  const dlg = document.getElementById('dlg-analysis');
  new MutationObserver(() => {
    const bar = dlg.querySelector('progress');
    if (bar) window.__seen.bars.push([bar.getAttribute('aria-label'), bar.value, bar.max]);
    const said = document.getElementById('analysis-status').textContent;
    if (said && window.__seen.said.at(-1) !== said) window.__seen.said.push(said);
    const state = dlg.dataset.state;
    if (state && window.__seen.states.at(-1) !== state) window.__seen.states.push(state);
  }).observe(dlg, {subtree: true, childList: true, attributes: true, characterData: true});
}"""
RESULT = """() => {
  const items = [...document.querySelectorAll('#analysis-body li.decision')];
  const svg = document.querySelector('#analysis-body svg');
  const line = svg && svg.querySelector('polyline');
  return {
    items: items.map(li => [li.dataset.mark, li.textContent]),
    ns: svg && svg.namespaceURI, lineNs: line && line.namespaceURI,
    points: line ? line.getAttribute('points').trim().split(/\\s+/).length : 0,
    width: line ? line.getBoundingClientRect().width : 0,
    name: svg && document.getElementById(svg.getAttribute('aria-labelledby')).textContent,
    desc: svg && document.getElementById(svg.getAttribute('aria-describedby')).textContent,
    summaries: [...document.querySelectorAll('#analysis-body .round-summary')]
      .map(p => p.textContent),
    focus: document.activeElement && document.activeElement.id,
    open: document.getElementById('dlg-analysis').open};
}"""


def _t(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def _idle(page) -> None:
    page.wait_for_function("document.documentElement.dataset.tasks === '0'")


def _tab_to(page, ident: str) -> None:
    """Press Tab until ``ident`` has focus (it must be reachable by keyboard)."""
    for _ in range(TAB_LIMIT):
        if page.evaluate("document.activeElement && document.activeElement.id") == ident:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"#{ident} is not reachable with Tab")


def _finished_game(new_context, base_url, wait_ready, lang: str, **context):
    page = new_context(viewport={"width": 1280, "height": 800}, **context).new_page()
    page.goto(f"{base_url}{GAME}&lang={lang}")
    wait_ready(page)
    play_to_end(page)
    _idle(page)
    page.focus("#btn-rematch")  # where the game-over screen puts focus; keys from here on
    return page


@pytest.mark.parametrize("lang", ["en", "et"])
def test_analyse_a_finished_game_by_keyboard(new_context, base_url, wait_ready, lang):
    t = _t(lang)
    page = _finished_game(new_context, base_url, wait_ready, lang)
    over = page.inner_text("#result")
    _tab_to(page, "btn-over-analyse")
    assert page.inner_text("#btn-over-analyse") == t["analysis.open"]
    page.evaluate(WATCH)
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('dlg-analysis').dataset.state === 'done'")
    _idle(page)
    seen = page.evaluate("window.__seen")
    assert seen["states"][0] == "running" and seen["states"][-1] == "done"
    labels = {label for label, _, _ in seen["bars"]}
    assert labels == {t["analysis.progress.label"]}  # a named progress bar, filling up
    values = [v for _, v, _ in seen["bars"]]
    assert values == sorted(values) and seen["bars"][-1][2] > 1
    assert seen["said"][0].startswith(t["analysis.started"].split("{")[0])
    assert seen["said"][-1].startswith(t["analysis.done"])
    assert len(seen["said"]) <= 5  # the start, three milestones, the end: not every step

    got = page.evaluate(RESULT)
    assert got["open"] and got["focus"] == "analysis-title"
    assert page.inner_text("#analysis-title") == t["analysis.title"]
    marks = {"inaccuracy", "mistake", "blunder"}
    marked = [(m, text) for m, text in got["items"] if m in marks]
    assert marked, "an easy-level game has marked moves"
    for mark, text in marked:  # named in words too, not colour only
        assert t[f"analysis.mark.{mark}"] in text
    assert all(m == "none" for m, _ in got["items"] if m not in marks)
    assert got["ns"] == got["lineNs"] == SVG and got["width"] > 100
    assert got["points"] == len(got["items"]) == seen["bars"][-1][2]
    assert got["name"] == t["analysis.graph.title"] and got["desc"]
    assert got["summaries"] and all("{" not in s for s in got["summaries"])
    percent = t["analysis.percent"].replace("{n}", "")
    forced = t["analysis.forced"].split("}")[-1]  # the only legal move: no figures
    assert all(percent in text or forced in text for _, text in got["items"])
    assert any(percent in text for _, text in got["items"])

    page.keyboard.press("Escape")
    assert not page.evaluate(RESULT)["open"]
    assert page.evaluate("document.activeElement.id") == "btn-over-analyse"
    assert page.inner_text("#result") == over

    page.evaluate(WATCH)
    page.keyboard.press("Enter")  # again: the stored result, at once
    again = page.evaluate(RESULT)
    assert again["open"] and again["items"] == got["items"] and again["focus"] == "analysis-title"
    assert "running" not in page.evaluate("window.__seen.states")
    assert page.evaluate("document.documentElement.dataset.tasks") == "0"
    page.keyboard.press("Escape")


def test_escape_cancels_the_work_and_the_page_stays_usable(new_context, base_url,
                                                           wait_ready):
    t = _t("en")
    page = _finished_game(new_context, base_url, wait_ready, "en")
    over = page.inner_text("#result")
    # what is stored and cannot be read is ignored, never a crash: the work runs anyway
    page.evaluate("localStorage.setItem('tacocat.analyses.v1', '{\"format\": 7')")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})  # time to press Escape mid-way
    _tab_to(page, "btn-over-analyse")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#dlg-analysis progress')?.value >= 1")
    page.keyboard.press("Escape")
    _idle(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert not page.evaluate(RESULT)["open"]
    assert page.evaluate("document.activeElement.id") == "btn-over-analyse"
    # (a word joiner alternates at its end, so the same sentence twice is said twice)
    assert page.inner_text("#announce").rstrip("\u2060") == t["analysis.cancelled"]
    assert page.inner_text("#result") == over  # the game-over screen as it was
    stored = page.evaluate("localStorage.getItem('tacocat.analyses.v1')")
    assert stored is None or '"entries":[]' in stored  # nothing half-done was kept
    page.keyboard.press("Enter")  # it still works: all the way this time
    page.wait_for_function("document.getElementById('dlg-analysis').dataset.state === 'done'")
    _idle(page)
    assert page.evaluate(RESULT)["items"]
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")  # back to Rematch: a new game starts normally
    assert page.evaluate("document.activeElement.id") == "btn-rematch"
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand button.card")


def test_a_shared_replay_asks_whose_moves_and_jumps_to_one(new_context, base_url,
                                                            wait_ready):
    page = _finished_game(new_context, base_url, wait_ready, "en")
    page.get_by_role("button", name="Share link").click()
    link = page.input_value("#share-url")
    other = new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(link)  # a shared game opens as a replay of two players
    wait_ready(other)
    other.focus("#replay-next")
    _tab_to(other, "replay-analyse")
    other.keyboard.press("Enter")
    assert other.evaluate("document.activeElement.id") == "analysis-seat-yay"
    assert other.inner_text("#analysis-title") == "Whose moves should be analysed?"
    other.keyboard.press("Tab")
    assert other.evaluate("document.activeElement.id") == "analysis-seat-wow"
    other.keyboard.press("Enter")
    other.wait_for_function("document.getElementById('dlg-analysis').dataset.state === 'done'")
    _idle(other)
    assert other.inner_text("#analysis-title") == "Analysis of WOW's moves"
    show = other.locator("#analysis-body button[data-act='analysis-show']").nth(2)
    move = int(show.get_attribute("data-arg"))
    show.focus()
    other.keyboard.press("Enter")
    assert not other.evaluate(RESULT)["open"]
    where = other.inner_text("#replay-where")
    assert where.startswith(f"Replay: move {move} of ")
