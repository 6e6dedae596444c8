"""Nothing stored or imported can brick the page: each bad stored value is set aside with
a message on the first load and gone on the second (no console error either time); a
deeply nested or non-finite import is refused with a message, the game is kept, and a
valid import afterwards still works."""

from __future__ import annotations

import json

import pytest

DEEP = "[" * 100_000 + "]" * 100_000
SAVE = {"format": "tacocat-save", "version": 1, "mode": "ai", "level": "easy", "human": 0,
        "result_pending": False,
        "record": {"format": "tacocat-record", "version": 1, "seed": 5, "moves": ["Y:R"],
                   "ruleset": {"spaces": [{"hand_size": 4}] * 7}}}
INFINITE = json.dumps(SAVE).replace('"hand_size": 4', '"hand_size": Infinity', 1)
FUTURE = json.dumps({**SAVE, "version": 99})
BAD = {
    "deep save": ("tacocat.save.v1", DEEP, "storage.corrupt.save"),
    "deep prefs": ("tacocat.prefs.v1", DEEP, "storage.corrupt.prefs"),
    "deep statistics": ("tacocat.stats.v1", DEEP, "storage.corrupt.stats"),
    "non-finite ruleset": ("tacocat.save.v1", INFINITE, "storage.corrupt.save"),
    "garbage bytes": ("tacocat.save.v1", "\u0000\ufffd\u00ff{[garbage", "storage.corrupt.save"),
    "future version": ("tacocat.save.v1", FUTURE, "storage.corrupt.save"),
    "huge": ("tacocat.prefs.v1", '{"pace": 0, "x": "' + "y" * 3_000_000 + '"}',
             "storage.corrupt.prefs"),
}

def _catalog():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "web" / "i18n" / "en.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_stored_value_never_stops_the_page(page, base_url, wait_ready, case):
    key, value, message = BAD[case]
    page.goto(base_url + "index.html?pace=0")
    wait_ready(page)
    # the computer's first move saves the game once it settles: let it, then tamper
    page.wait_for_function("document.documentElement.dataset.tasks === '0'")
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }",
                  [key, value])
    page.reload()
    wait_ready(page)
    assert _catalog()[message] in page.locator("#message").text_content()
    assert page.evaluate("document.getElementById('hand').querySelectorAll('.card').length") >= 4
    assert page.evaluate("(k) => localStorage.getItem(k + '.corrupt') !== null", key) \
        or case == "huge"
    page.reload()  # set aside: the second visit is an ordinary one
    wait_ready(page)
    assert page.locator("#message").is_hidden()


def test_hostile_imports_are_refused_and_the_game_survives(page, base_url, wait_ready):
    page.goto(base_url + "index.html?fresh=1&pace=0&level=easy&seed=41")
    wait_ready(page)
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'replace'")
    page.click("#act-confirm")
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'duel'")
    hand = page.evaluate("[...document.querySelectorAll('#hand .card')].map(c => c.ariaLabel)")
    record = {"format": "tacocat-record", "version": 1, "seed": 41, "moves": ["Y:R"]}
    for name, text in (("deep.json", DEEP),
                       ("infinite.json", json.dumps(record).replace('"seed": 41',
                                                                    '"seed": Infinity')),
                       ("huge-number.json", json.dumps(record).replace('"seed": 41',
                                                                       '"seed": 1e400'))):
        page.set_input_files("#import-file", files=[
            {"name": name, "mimeType": "application/json", "buffer": text.encode()}])
        # the import is a task of the page's (read, refused, said): wait for it to end
        page.wait_for_function("document.documentElement.dataset.tasks === '0'")
        assert "Could not import" in page.text_content("#message")
        assert "current game is unchanged" in page.text_content("#message")
        now = page.evaluate("[...document.querySelectorAll('#hand .card')].map(c => c.ariaLabel)")
        assert now == hand
    page.set_input_files("#import-file", files=[
        {"name": "ok.json", "mimeType": "application/json",
         "buffer": json.dumps(record).encode()}])  # the runtime still works
    page.wait_for_function(
        "document.getElementById('message').textContent.includes('Game imported')")
