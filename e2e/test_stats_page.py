"""Statistics, driven by role and accessible name in English and Estonian: a won and a
lost game against the computer are counted, they survive a reload, and a corrupt stored
value is set aside with a message while the page starts normally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
ROWS = """() => [...document.querySelectorAll('#stats-table tbody tr')]
  .map(tr => [...tr.children].map(c => c.textContent))"""


def _t(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def _finish(page, base_url, wait_ready, lang: str, scenario: str) -> None:
    """The last round of a game: YAY attacks with its high card; the game ends."""
    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=hard&lang={lang}&scenario={scenario}")
    wait_ready(page)
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    page.locator("#hand .card").last.click()
    page.locator("#act-confirm").click()
    page.wait_for_selector("#btn-rematch")


def _open_stats(page, t: dict) -> None:
    """The game-over screen's Statistics button, else the menu's."""
    if not page.locator("#btn-over-stats").is_visible():
        page.click("#btn-menu")
    page.get_by_role("button", name=t["toolbar.stats"], exact=True).filter(visible=True) \
        .first.click()


def _table(page, t: dict) -> list[list[str]]:
    _open_stats(page, t)
    page.wait_for_selector("#dlg-stats[open]")
    rows = page.evaluate(ROWS)
    page.get_by_role("button", name=t["stats.close"], exact=True).click()
    return rows


@pytest.mark.parametrize("lang", ["en", "et"])
def test_statistics_count_games_and_survive_reloads_and_corruption(
        page, base_url, wait_ready, lang):
    t = _t(lang)
    _finish(page, base_url, wait_ready, lang, "final")  # YAY's 2 beats the 3: a win
    assert _table(page, t) == [[t["level.hard"], "1", "1", t["stats.percent"].format(n=100),
                                "1", "1", "1.0"]]
    _finish(page, base_url, wait_ready, lang, "last-stand")  # the computer keeps its 1
    expected = [[t["level.hard"], "2", "1", t["stats.percent"].format(n=50), "0", "1", "1.0"]]
    assert _table(page, t) == expected
    page.reload()
    wait_ready(page)
    assert _table(page, t) == expected
    page.evaluate("localStorage.setItem('tacocat.stats.v1', '[[[[' + 'x'.repeat(10))")
    page.reload()
    wait_ready(page)
    assert t["storage.corrupt.stats"] in page.locator("#message").text_content()
    assert page.evaluate("localStorage.getItem('tacocat.stats.v1.corrupt')").startswith("[[[[")
    _open_stats(page, t)
    assert page.locator("#stats-empty").is_visible()
    page.get_by_role("button", name=t["stats.close"], exact=True).click()
    page.reload()  # the bad value was set aside: no message the second time
    wait_ready(page)
    assert page.locator("#message").is_hidden()
