"""A move in steps (web/control/move_flow.py): the tap answered in the next frame, the
move drawn in a task after that paint, animated in the frame after, settled (save, Take back,
announcement, next turn) after that frame's paint.

Behaviour only: the game goes on when the browser gives no animation frames (a hidden
page, an off-screen embed), focus comes back to the hand after a tap removed the focused
card, and a take-back made before the move landed restores the position.
"""

from __future__ import annotations

# Nothing left for the page to do until the player acts (no computer turn, no move in flight).
SETTLED = "document.documentElement.dataset.tasks === '0'"
PHASE = "document.getElementById('hand').dataset.phase"
VIEW = """() => ({
  hand: [...document.querySelectorAll('#hand .card')].map(c => c.getAttribute('aria-label')),
  table: [...document.querySelectorAll('#table-cards .card')].length,
  phase: document.getElementById('hand').dataset.phase})"""
NO_FRAMES = "() => { window.requestAnimationFrame = () => 0; }"  # frames stop coming


def _open(page, base_url, wait_ready, query: str, phase: str) -> None:
    page.goto(f"{base_url}index.html?fresh=1&level=easy&{query}")
    wait_ready(page)
    page.wait_for_function(f"{PHASE} === '{phase}'")
    page.wait_for_function(SETTLED)


def test_a_move_settles_without_animation_frames(page, base_url, wait_ready):
    _open(page, base_url, wait_ready, "seed=12&pace=400", "replace")
    page.evaluate(NO_FRAMES)
    page.locator("#act-confirm").click()  # keep every card: both replacements resolve
    page.wait_for_function(f"{PHASE} === 'duel'")
    page.wait_for_function(SETTLED, timeout=30000)  # settled by the fall-back timer
    saved = page.evaluate("Object.keys(localStorage).some(k => localStorage[k]"
                          ".includes('\"moves\"'))")
    assert saved, "the move was not saved: it never settled"
    undo = page.locator("#btn-takeback")
    assert undo.get_attribute("aria-disabled") == "true"  # the draw was seen: refused
    assert undo.get_attribute("aria-description")  # and it says why
    # The settled move's phases are in the page's profile (bench/web_play.py reads it).
    moves = page.evaluate("JSON.parse(window.tacocatProfile())")
    assert moves and {"engine", "views", "patch", "save"} <= set(moves[-1])


def test_focus_comes_back_to_the_hand_after_a_tap(page, base_url, wait_ready):
    _open(page, base_url, wait_ready, "scenario=defend&pace=400", "defend")
    card = page.get_by_role("button", name="7 — Was It a Car or a Cat I Saw?")
    card.focus()
    card.click()  # a pointer's tap: the card leaves the hand, focus must not stay lost
    page.wait_for_function(SETTLED, timeout=30000)
    assert page.evaluate("!!document.activeElement.closest('#hand, #actions, #result')")


# One step of play against the computer: Continue, else the first playable card, else Confirm.
STEP = """() => {
  const ok = n => n && !n.closest('[hidden]') && n.getAttribute('aria-disabled') !== 'true';
  if (ok(document.getElementById('btn-continue'))) return 'continue';
  const card = [...document.querySelectorAll('#hand button.card')].find(ok);
  const confirm = document.getElementById('act-confirm');
  const sacrifice = document.getElementById('act-sacrifice');
  const pressed = document.querySelector('#hand button.card[aria-pressed="true"]');
  const target = (pressed || !card) && ok(confirm) ? confirm : card || (ok(sacrifice) && sacrifice);
  if (target) target.click();
  return target ? 'played' : '';
}"""


def test_after_continue_the_new_hand_has_the_focus(page, base_url, wait_ready):
    """Continue deals the next round; the tapped button goes away, and once the deal has
    landed the focus is on the new hand."""
    _open(page, base_url, wait_ready, "seed=12&pace=0", "replace")
    for _ in range(200):
        page.wait_for_function(SETTLED, timeout=30000)
        if page.evaluate(STEP) == "continue":
            break
    else:
        raise AssertionError("no round ended in 200 steps")
    before = page.locator("#round-info").text_content()
    page.locator("#btn-continue").click()  # a pointer's tap
    page.wait_for_function(SETTLED, timeout=30000)
    assert page.locator("#round-info").text_content() != before  # the next round is dealt
    assert page.evaluate("document.activeElement.matches('#hand button.card')")


CHOSEN = "[...document.querySelectorAll('[data-chosen]')].map(n => n.id)"


def test_a_tap_is_answered_first_and_its_move_made_after_that_paint(page, base_url,
                                                                     wait_ready):
    """The tapped card lifts in the next frame (data-chosen); the move is made in a task
    after that frame's paint, and the mark goes with it. (?answer=first: by default the
    page answers first only where drawing a move is dear, web/model/tap_policy.py.)"""
    _open(page, base_url, wait_ready, "scenario=defend&pace=400&answer=first", "defend")
    before = page.evaluate(VIEW)
    in_the_tap = page.evaluate("""() => {
      const card = [...document.querySelectorAll('#hand .card')]
        .find(c => c.getAttribute('aria-label').startsWith('7 '));
      card.click();
      return {chosen: card.hasAttribute('data-chosen'),
              hand: document.querySelectorAll('#hand .card').length,
              tasks: document.documentElement.dataset.tasks};
    }""")
    assert in_the_tap == {"chosen": True, "hand": len(before["hand"]), "tasks": "1"}
    page.wait_for_function(SETTLED, timeout=30000)
    after = page.evaluate(VIEW)
    assert [c for c in before["hand"] if not c.startswith("7 ")] == after["hand"]  # played
    assert page.evaluate(CHOSEN) == []


def test_where_a_move_fits_in_a_frame_the_tap_draws_it_at_once(page, base_url, wait_ready):
    """?answer=now (what a fast device chooses itself): the move is drawn in the tap's own
    task, and nothing is marked."""
    _open(page, base_url, wait_ready, "scenario=defend&pace=400&answer=now", "defend")
    before = page.evaluate(VIEW)
    in_the_tap = page.evaluate("""() => {
      [...document.querySelectorAll('#hand .card')]
        .find(c => c.getAttribute('aria-label').startsWith('7 ')).click();
      return document.querySelectorAll('#hand .card').length;
    }""")
    assert in_the_tap == len(before["hand"]) - 1
    assert page.evaluate(CHOSEN) == []


def test_input_right_after_a_tap_meets_the_move_made(page, base_url, wait_ready):
    """A second key in the same task as the tap: the first tap's move is made first (so the
    Menu opens on the position after it), and nothing stays marked."""
    _open(page, base_url, wait_ready, "scenario=defend&pace=400&answer=first", "defend")
    before = page.evaluate(VIEW)
    page.evaluate("""() => {
      [...document.querySelectorAll('#hand .card')]
        .find(c => c.getAttribute('aria-label').startsWith('7 ')).click();
      document.getElementById('btn-menu').click();
    }""")
    assert len(page.evaluate(VIEW)["hand"]) == len(before["hand"]) - 1
    page.wait_for_function(SETTLED, timeout=30000)
    assert page.evaluate(CHOSEN) == []


def test_take_back_before_the_move_has_landed(page, base_url, wait_ready):
    """The tap and the Take back in one task: the move is still waiting for its frame."""
    _open(page, base_url, wait_ready, "scenario=defend&pace=400", "defend")
    before = page.evaluate(VIEW)
    page.evaluate("""() => {
      [...document.querySelectorAll('#hand .card')]
        .find(c => c.getAttribute('aria-label').startsWith('7 ')).click();
      document.getElementById('btn-takeback').click();
    }""")
    page.wait_for_function(SETTLED, timeout=30000)
    assert page.evaluate(VIEW) == before
    assert page.evaluate("document.querySelectorAll('.ghost').length") == 0


def test_the_log_shows_its_newest_entry_when_scrolled_to_on_a_phone(new_context, base_url,
                                                                    wait_ready):
    """On a phone the panels below the table are skipped while out of view (CSS
    content-visibility): the log, scrolled to after a whole game, still shows its newest
    entry at the bottom."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base_url}index.html?fresh=1&level=easy&seed=12")
    wait_ready(page)
    page.locator("#btn-menu").click()
    page.locator("#btn-new").click()
    page.check("#mode-watch")
    page.select_option("#new-pace", "0")
    page.click("#new-start")
    page.wait_for_selector("#btn-rematch", timeout=120000)  # the computer played itself
    page.wait_for_function(SETTLED, timeout=60000)
    log = page.locator("#log")
    assert not page.evaluate("document.getElementById('log').getBoundingClientRect().top"
                             " < innerHeight"), "the log should start out of view here"
    log.scroll_into_view_if_needed()
    page.wait_for_function("""() => { const l = document.getElementById('log');
        return l.scrollHeight > l.clientHeight + 20 &&
               l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }""", timeout=10000)


def test_the_start_up_rehearsal_leaves_the_game_alone(page, base_url, wait_ready):
    """web/control/rehearsal.py plays a copy of the game after start-up: the table, the hand and the
    save are as they were, and it says how many moves it rehearsed."""
    page.goto(f"{base_url}index.html?fresh=1&level=master&seed=12")
    wait_ready(page)
    page.wait_for_function(f"{PHASE} === 'replace'")
    before = page.evaluate(VIEW), page.locator("#log").inner_text()
    page.wait_for_function("document.documentElement.dataset.rehearsed === '4'",
                           timeout=60000)
    page.wait_for_function(SETTLED, timeout=30000)
    assert (page.evaluate(VIEW), page.locator("#log").inner_text()) == before
