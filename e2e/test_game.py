"""The game page end to end in Chromium: whole games by mouse, two players on one device,
every phase incl. a Jumbo and its defence, resume after reload, import/export (the
keyboard has e2e/test_keyboard.py).
The conftest guard fails every test on a console error or a request leaving localhost."""

from __future__ import annotations

import json
import random

MAX_STEPS = 1500

STATE_JS = """() => {
  const hand = document.getElementById('hand');
  const dlg = document.querySelector('dialog[open]');
  const result = document.getElementById('result');
  const cards = [...hand.querySelectorAll('button.card')].map(b => ({
    label: b.getAttribute('aria-label'), disabled: b.getAttribute('aria-disabled') === 'true',
    pressed: b.getAttribute('aria-pressed'), title: b.getAttribute('title'), id: b.id}));
  const actions = [...document.querySelectorAll('#actions button')].map(b => ({
    id: b.id, text: b.textContent, disabled: b.getAttribute('aria-disabled') === 'true',
    title: b.getAttribute('title')}));
  return {over: document.getElementById('btn-rematch') !== null,
          result: !result.hidden, resultText: result.innerText,
          phase: hand.dataset.phase, dialog: dlg ? dlg.id : null, cards, actions,
          prompt: document.getElementById('prompt').textContent,
          log: [...document.querySelectorAll('#log li')].map(li => li.textContent),
          info: document.getElementById('round-info').textContent,
          message: document.getElementById('message').textContent};
}"""

# Ready, nothing of the page's own in flight (a tap's move is made a frame after the tap:
# web/control/move_flow.py), and something for the player to do.
SETTLED_JS = """() => document.documentElement?.dataset.ready === '1' &&
  document.documentElement.dataset.tasks === '0' && (
  document.querySelector('dialog[open]') !== null ||
  !document.getElementById('result').hidden ||
  !['wait', undefined].includes(document.getElementById('hand').dataset.phase))"""


def open_game(page, base_url, wait_ready, query: str = "") -> None:
    page.goto(base_url + "index.html?pace=0&level=easy" + (("&" + query) if query else ""))
    wait_ready(page)


def menu(page, selector: str) -> None:
    """Press a control of the game menu (opening the menu first)."""
    if not page.locator(selector).is_visible():
        page.click("#btn-menu")
    page.click(selector)


def state(page) -> dict:
    return page.evaluate(STATE_JS)


def settle(page) -> dict:
    page.wait_for_function(SETTLED_JS, timeout=30000)
    return state(page)


def value_of(label: str) -> int:
    return int(label.split(" ")[0])


class Mouse:
    def __init__(self, page) -> None:
        self.page = page

    def click(self, selector: str) -> None:
        self.page.click(selector)


def take_turn(page, st: dict, driver, rng: random.Random) -> str:
    """Make one decision from what the page shows; returns what was done."""
    if st["result"]:
        driver.click("#btn-continue")
        return "continue"
    if st["dialog"] == "dlg-pass":
        driver.click("#pass-show")
        return "pass"
    phase = st["phase"]
    enabled = [c for c in st["cards"] if not c["disabled"]]
    if phase == "replace":
        limit = int(page.evaluate(
            "() => (document.getElementById('prompt').textContent.match(/up to (\\d+)/)"
            " || [0, 0])[1]"))
        for card in rng.sample(st["cards"], min(limit, rng.randint(0, 2))):
            driver.click(f"#{card['id']}")
        driver.click("#act-confirm")
    elif phase == "duel":
        driver.click(f"#{rng.choice(enabled)['id']}")
    elif phase == "attack":
        driver.click(f"#{rng.choice(enabled)['id']}")
        driver.click("#act-confirm")
    elif phase == "defend":
        sacrifice = next(a for a in st["actions"] if a["id"] == "act-sacrifice")
        if enabled and (sacrifice["disabled"] or rng.random() < 0.7):
            driver.click(f"#{rng.choice(enabled)['id']}")
        else:
            driver.click("#act-sacrifice")
    else:
        raise AssertionError(f"unexpected state {st}")
    return phase


def play_until(page, driver, rng, stop, max_steps: int = MAX_STEPS) -> dict:
    seen: set[str] = set()
    for _ in range(max_steps):
        st = settle(page)
        if stop(st, seen):
            return {"state": st, "seen": seen}
        seen.add(take_turn(page, st, driver, rng))
    raise AssertionError("game did not finish")


# -- whole games ---------------------------------------------------------------------------
def test_complete_game_vs_computer_by_mouse(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "seed=11")
    out = play_until(page, Mouse(page), random.Random(1), lambda st, _: st["over"])
    assert {"replace", "duel", "attack", "defend", "continue"} <= out["seen"]
    assert page.locator("#result #btn-rematch").is_visible()
    text = out["state"]["resultText"]
    assert "Game over" in text and "win" in text and "rounds played" in text
    # rematch starts a fresh game at once
    page.click("#btn-rematch")
    st = settle(page)
    assert st["phase"] == "replace" and "Round 1" in st["info"]


def test_two_players_one_device_round(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "mode=hotseat&seed=5")
    st = settle(page)
    assert st["phase"] == "replace" and "YAY" in page.locator("#hand-title").text_content()
    # YAY commits the sealed replacement, then the device must be passed: hand hidden.
    page.click("#act-confirm")
    st = settle(page)
    assert st["dialog"] == "dlg-pass"
    assert "WOW" in page.locator("#pass-title").text_content()
    assert page.locator("#hand button.card").count() == 0
    assert page.locator("#hand .card.back").count() == 7
    rng = random.Random(3)
    passes = 0

    def round_over(st, seen):
        return st["result"]

    for _ in range(400):
        st = settle(page)
        if round_over(st, None):
            break
        if st["dialog"] == "dlg-pass":
            passes += 1
            assert page.locator("#hand button.card").count() == 0
        take_turn(page, st, Mouse(page), rng)
    else:
        raise AssertionError("round did not end")
    assert passes >= 2
    assert "Showdown" in st["resultText"]


# -- phases ----------------------------------------------------------------------------------
def test_jumbo_attack_and_defence(page, base_url, wait_ready, screenshot):
    open_game(page, base_url, wait_ready, "mode=hotseat&scenario=jumbo")
    st = settle(page)
    assert st["phase"] == "attack"
    labels = [c["label"] for c in st["cards"]]
    assert labels[0] == "2 — Star Rats"
    ids = {value_of(c["label"]): c["id"] for c in st["cards"]}
    for v in (5, 6, 7):
        page.click(f"#{ids[v]}")
    st = state(page)
    by_value = {value_of(c["label"]): c for c in st["cards"]}
    assert [by_value[v]["pressed"] for v in (5, 6, 7)] == ["true"] * 3
    assert by_value[2]["disabled"] and "set or sequence" in by_value[2]["title"]
    confirm = next(a for a in st["actions"] if a["id"] == "act-confirm")
    assert confirm["text"] == "Attack with 5, 6, 7" and not confirm["disabled"]
    page.click("#act-confirm")
    st = settle(page)
    assert st["dialog"] == "dlg-pass"
    page.click("#pass-show")
    st = settle(page)
    assert st["phase"] == "defend" and "Jumbo" in st["prompt"]
    by_value = {value_of(c["label"]): c for c in st["cards"]}
    assert by_value[3]["disabled"] and "cannot beat the 5" in by_value[3]["title"]
    assert not by_value[8]["disabled"]
    sac = next(a for a in st["actions"] if a["id"] == "act-sacrifice")
    assert sac["text"] == "Sacrifice your lowest card (3)" and not sac["disabled"]
    page.click(f"#{by_value[8]['id']}")  # holds the 5
    st = settle(page)
    assert "against the 6" in st["prompt"]
    page.click(f"#{next(c['id'] for c in st['cards'] if value_of(c['label']) == 9)}")
    st = settle(page)
    assert "against the 7" in st["prompt"]
    page.click("#act-sacrifice")
    st = settle(page)
    assert any("attacks again" in line for line in st["log"])
    table = page.locator("#table-caption").text_content()
    assert "attacks again" in table


def test_defend_a_computer_jumbo_then_showdown(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "scenario=defend")
    st = settle(page)
    assert st["phase"] == "defend"
    assert page.locator("#table-cards .card.attack").count() == 3
    rng = random.Random(4)
    out = play_until(page, Mouse(page), rng, lambda st, _: st["result"])
    assert "Showdown" in out["state"]["resultText"]
    assert "defend" in out["seen"]


def test_showdown_moves_cat_into_goal_and_game_over(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "mode=hotseat&scenario=final")
    assert page.locator("#track li").nth(2).get_attribute("class") == "space covered"
    page.click("#card-1")  # YAY attacks with 9, keeps the 2
    page.click("#act-confirm")
    settle(page)
    page.click("#pass-show")
    settle(page)
    page.click("#card-1")  # WOW defends with 10, keeps the 3 → YAY's 2 wins the showdown
    st = settle(page)
    assert st["result"] and st["over"] and st["dialog"] is None
    body = st["resultText"]
    assert "YAY wins the game" in body and "2 (YAY) vs 3 (WOW)" in body
    assert page.locator("#cat").get_attribute("aria-label") == "The cat is in the YAY goal"


# -- saving, records --------------------------------------------------------------------------
def _hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.ariaLabel)")


def test_reload_mid_game_resumes_same_state(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "seed=31")
    rng = random.Random(5)
    for _ in range(7):
        take_turn(page, settle(page), Mouse(page), rng)
    before = settle(page)
    page.reload()
    wait_ready(page)
    assert page.locator("#dlg-resume[open]").is_visible()
    page.click("#resume-yes")
    after = settle(page)
    assert after["log"] == before["log"]
    assert after["info"] == before["info"]
    assert [c["label"] for c in after["cards"]] == [c["label"] for c in before["cards"]]
    assert after["phase"] == before["phase"]


def test_saved_game_survives_reloads_while_the_resume_offer_is_open(page, base_url,
                                                                     wait_ready):
    """The computer moves in the fresh game behind the "resume?" dialog; that must not
    overwrite the saved game before the player has answered."""
    open_game(page, base_url, wait_ready, "seed=32")
    rng = random.Random(7)
    for _ in range(5):
        take_turn(page, settle(page), Mouse(page), rng)
    before = settle(page)
    for _ in range(2):  # reload, ignore the offer, reload again
        page.reload()
        wait_ready(page)
        assert page.locator("#dlg-resume[open]").is_visible()
    page.click("#resume-yes")
    after = settle(page)
    assert after["log"] == before["log"] and after["phase"] == before["phase"]


def test_play_as_wow_against_the_computer(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "fresh=1")
    settle(page)
    menu(page, "#btn-new")
    page.check("#seat-wow")
    page.fill("#new-seed", "77")
    page.click("#new-start")
    st = settle(page)
    assert "(YAY)" in page.text_content("#opponent .opp-name")  # the computer took YAY
    rng = random.Random(3)
    for _ in range(12):
        take_turn(page, st, Mouse(page), rng)
        st = settle(page)
        if st["over"]:
            break
    assert any("Computer" in line for line in st["log"])
    menu(page, "#btn-new")  # the dialog remembers the seat
    assert page.is_checked("#seat-wow")


def test_a_bad_seed_in_the_url_is_reported_and_a_game_starts(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "fresh=1&seed=99999999999999999999")
    st = settle(page)
    assert "99999999999999999999" in st["message"] and "random" in st["message"]
    assert st["phase"] == "replace" and len(st["cards"]) == 7


def test_corrupt_import_keeps_game_and_export_round_trips(page, base_url, wait_ready, tmp_path):
    open_game(page, base_url, wait_ready, "seed=41")
    rng = random.Random(6)
    for _ in range(4):
        take_turn(page, settle(page), Mouse(page), rng)
    before = settle(page)
    bad = [
        ("garbage.json", "this is { not json"),
        ("wrong.json", json.dumps({"format": "something-else"})),
        ("tampered.json", json.dumps({"format": "tacocat-record", "version": 1, "seed": 41,
                                      "moves": ["Y:R", "W:B99"]})),
        ("html.json", "<img src=x onerror=alert(1)>"),
        ("board.json", json.dumps({"format": "tacocat-record", "version": 1, "seed": 1,
                                   "moves": [], "ruleset": {"spaces": [{"hand_size": 4}] * 9}})),
    ]
    for name, text in bad:
        page.set_input_files("#import-file", files=[
            {"name": name, "mimeType": "application/json", "buffer": text.encode()}])
        settle(page)  # the import is a task of the page's: read, refused, said
        assert "Could not import" in page.locator("#message").text_content()
        msg = page.locator("#message").text_content()
        assert "current game is unchanged" in msg
        assert page.locator("#message img").count() == 0
        now = state(page)
        assert now["log"] == before["log"] and now["cards"] == before["cards"]
        if name == "tampered.json":
            assert "move 2 (W:B99) does not apply" in msg, msg
    with page.expect_download() as download:
        menu(page, "#btn-export")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "tacocat-record" and record["seed"] == 41
    page.set_input_files("#import-file", files=[str(path)])
    page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('Game imported')")
    after = settle(page)
    assert after["cards"] == before["cards"]


def test_hint_and_new_game_with_seed(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready)
    settle(page)
    page.click("#btn-hint")
    assert page.locator("#message").text_content().startswith("Hint:")
    menu(page, "#btn-new")
    page.check("#mode-ai")
    page.check("#level-medium")
    page.fill("#new-seed", "777")
    page.click("#new-start")
    first = [c["label"] for c in settle(page)["cards"]]
    assert "medium" in page.locator("#opponent").text_content()
    menu(page, "#btn-new")
    page.fill("#new-seed", "777")
    page.click("#new-start")
    assert [c["label"] for c in settle(page)["cards"]] == first


def test_watch_mode_from_the_new_game_dialog(page, base_url, wait_ready):
    open_game(page, base_url, wait_ready, "fresh=1")
    settle(page)
    menu(page, "#btn-new")
    page.check("#mode-watch")
    assert page.locator("#seat-set").is_hidden() and page.locator("#pace-set").is_visible()
    page.select_option("#new-pace", "0")
    page.check("#level-easy")
    page.click("#new-start")
    page.wait_for_selector("#btn-rematch", timeout=120000)  # the computer played itself
    st = state(page)
    assert st["over"] and "Game over" in st["resultText"]
    assert page.locator("#btn-rematch").text_content() == "Watch another game"
    assert page.locator("#btn-over-new").is_visible()
    rounds = [line for line in st["log"] if line.startswith("Round 1:")]
    # it does not start again by itself: nothing is left to run (no turn, no pause)
    page.wait_for_function("document.documentElement.dataset.tasks === '0'", timeout=60000)
    assert [line for line in state(page)["log"] if line.startswith("Round 1:")] == rounds
    page.click("#btn-rematch")
    page.wait_for_function("!document.getElementById('btn-rematch')")
