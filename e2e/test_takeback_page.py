"""Take back, driven by role and accessible name in English and Basque: it restores the
exact previous position, it is refused once a move has shown something new (here: the
cards drawn), and on one device the other player allows it on the pass screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
VIEW = """() => ({
  hand: [...document.querySelectorAll('#hand .card')].map(c => c.getAttribute('aria-label')),
  table: [...document.querySelectorAll('#table-cards .card')]
    .map(c => c.getAttribute('aria-label')),
  log: [...document.querySelectorAll('#log li')].map(li => li.textContent),
  prompt: document.getElementById('prompt').textContent,
  phase: document.getElementById('hand').dataset.phase})"""


# Nothing left for the page to do until the player acts (no computer turn pending).
SETTLED = "document.documentElement.dataset.tasks === '0'"


def _t(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def _open(page, base_url, wait_ready, query: str, phase: str) -> None:
    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&{query}")
    wait_ready(page)
    page.wait_for_function(f"document.getElementById('hand').dataset.phase === '{phase}'")
    page.wait_for_function(SETTLED)


@pytest.mark.parametrize("lang", ["en", "eu"])
def test_take_back_restores_the_position_exactly(page, base_url, wait_ready, lang):
    t = _t(lang)
    _open(page, base_url, wait_ready, f"lang={lang}&scenario=defend", "defend")
    before = page.evaluate(VIEW)
    undo = page.get_by_role("button", name=t["toolbar.takeback"], exact=True)
    assert undo.get_attribute("aria-disabled") == "true"  # nothing of mine to take back
    page.get_by_role("button", name="7 — Was It a Car or a Cat I Saw?").click()  # holds the 4
    page.wait_for_function("document.querySelectorAll('#table-cards .answer').length === 1")
    assert page.evaluate(VIEW) != before
    assert undo.get_attribute("aria-disabled") == "false"
    undo.click()
    page.wait_for_function("document.querySelectorAll('#table-cards .answer').length === 0")
    assert page.evaluate(VIEW) == before
    assert page.locator("#message").text_content() == t["takeback.done"]


@pytest.mark.parametrize("lang", ["en", "eu"])
def test_no_take_back_after_a_draw(page, base_url, wait_ready, lang):
    t = _t(lang)
    _open(page, base_url, wait_ready, f"lang={lang}&seed=12", "replace")
    page.locator("#hand .card").first.click()
    page.locator("#act-confirm").click()  # the computer has sealed its choice: both resolve
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'duel'")
    page.wait_for_function(SETTLED)  # the computer has sealed its duel card too
    drawn = page.evaluate(VIEW)
    undo = page.get_by_role("button", name=t["toolbar.takeback"], exact=True)
    assert undo.get_attribute("aria-disabled") == "true"
    assert undo.get_attribute("aria-description") == t["takeback.seen.draw"]
    undo.click(force=True)  # a disabled control still says why when pressed
    assert page.locator("#message").text_content() == t["takeback.seen.draw"]
    page.keyboard.press("u")  # the key does the same
    assert page.evaluate(VIEW) == drawn  # the drawn card stays: nothing was hidden again


def test_on_one_device_the_other_player_allows_a_take_back(page, base_url, wait_ready):
    _open(page, base_url, wait_ready, "mode=hotseat&scenario=jumbo", "attack")
    before = page.evaluate(VIEW)
    for value in ("5 — Ma Has a Ham", "6 — Evil Olive", "7 — Was It a Car or a Cat I Saw?"):
        page.get_by_role("button", name=value).click()
    page.get_by_role("button", name="Attack with 5, 6, 7").click()
    allow = page.get_by_role("button", name="Let YAY take back their last move")
    allow.click()  # WOW agrees on the pass screen: the device goes back to YAY
    page.get_by_role("button", name="Show YAY's hand").click()
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    assert page.evaluate(VIEW) == before


def test_on_one_device_a_chain_of_take_backs_cannot_undo_a_card_seen(page, base_url,
                                                                      wait_ready):
    """#20's repro: YAY answers WOW's 4-5-6, WOW attacks with its 9 and YAY lets WOW take it
    back. YAY has seen the 9, so the pass screen that follows offers YAY no take-back of
    the 7 and says why."""
    t = _t("en")
    _open(page, base_url, wait_ready, "mode=hotseat&scenario=defend", "defend")
    page.get_by_role("button", name="5 — Ma Has a Ham").click()
    page.get_by_role("button", name=re.compile("^Sacrifice")).click()
    page.get_by_role("button", name="7 — Was It a Car or a Cat I Saw?").click()
    page.get_by_role("button", name="Show WOW's hand").click()
    page.get_by_role("button", name="9 — May a Moody Baby Doom a Yam").click()
    page.get_by_role("button", name="Attack with 9").click()
    to_yay = page.get_by_role("dialog", name="Pass the device to YAY")
    expect(to_yay).to_be_visible(timeout=30000)
    to_yay.get_by_role("button", name="Let WOW take back their last move").click()
    to_wow = page.get_by_role("dialog", name="Pass the device to WOW")
    expect(to_wow).to_be_visible(timeout=30000)
    expect(to_wow.get_by_role("button", name="Let YAY take back their last move")) \
        .to_have_count(0)
    why = t["pass.takeback.seen"].format(seat="YAY")
    expect(to_wow).to_have_accessible_description(re.compile(re.escape(why)))
    expect(to_wow.get_by_text(why)).to_be_visible()
    to_wow.get_by_role("button", name="Show WOW's hand").click()  # WOW attacks again
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    assert page.evaluate(VIEW)["hand"] == ["1 — Tacocat", "9 — May a Moody Baby Doom a Yam"]
