"""Sounds from the Web Audio API: on by default on the game's page, off by default inside
an article, a toggle in the menu that is remembered."""

from __future__ import annotations

COUNT_TONES = """window.__tones = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { const o = super.createOscillator(); const start = o.start.bind(o);
    o.start = (...a) => { window.__tones += 1; return start(...a); }; return o; }
};"""


def _attack(page, base_url, wait_ready, query: str) -> None:
    page.goto(f"{base_url}index.html?pace=0&level=easy&scenario=jumbo&{query}")
    wait_ready(page)
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    page.locator("#hand .card").last.click()
    page.click("#act-confirm")
    page.wait_for_function("document.querySelectorAll('#table-cards .card').length > 0")


def test_sound_on_by_default_and_the_toggle_is_remembered(new_context, base_url, wait_ready):
    context = new_context()
    context.add_init_script(COUNT_TONES)
    page = context.new_page()
    _attack(page, base_url, wait_ready, "fresh=1")
    page.wait_for_function("window.__tones > 0")
    page.click("#btn-menu")
    sound = page.get_by_role("button", name="Sound")
    assert sound.get_attribute("aria-pressed") == "true"
    sound.click()
    assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
    _attack(page, base_url, wait_ready, "fresh=1")  # a reload: still off, and silent
    assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
    assert page.evaluate("window.__tones") == 0  # the move's sound runs with the move


def test_sound_off_by_default_in_an_article(new_context, base_url, wait_ready):
    context = new_context()
    context.add_init_script(COUNT_TONES)
    page = context.new_page()
    _attack(page, base_url, wait_ready, "fresh=1&embed=1")
    assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
    page.click("#btn-menu")
    page.click("#btn-sound")  # the reader turns it on: the next sounds play
    page.wait_for_function("window.__tones > 0")



PHASE_AT_MAKE = """window.__phaseAtMake = [];
const Plain = window.AudioContext;
window.AudioContext = class extends Plain {
  constructor(...a) {
    super(...a);
    window.__phaseAtMake.push(document.getElementById('hand').dataset.phase);
  }
};"""


def test_the_audio_context_is_made_after_the_first_taps_move_not_before(
        new_context, base_url, wait_ready):
    """Making it costs 5-40 ms at 4x CPU: made from the tap (as it was), it ran between
    the tap's answer and its move and held the move's frame (web/render/patch.js idle)."""
    context = new_context()
    context.add_init_script(PHASE_AT_MAKE)
    page = context.new_page()
    page.goto(f"{base_url}index.html?pace=0&level=easy&fresh=1&answer=first")
    wait_ready(page)
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'replace'")
    assert page.evaluate("window.__phaseAtMake") == []  # no gesture yet: none made
    page.get_by_role("button", name="Keep all cards").click()  # a move, the first gesture
    page.wait_for_function("window.__phaseAtMake.length > 0")
    made = page.evaluate("window.__phaseAtMake")
    assert made != ["replace"], "made before the tap's move was drawn"
    page.locator("#hand .card").last.click()  # later taps make no other
    assert page.evaluate("window.__phaseAtMake") == made
