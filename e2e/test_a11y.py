"""Accessibility in the page: every control has a name that says what it is, the computer's
moves are announced in a live region, and reduced motion turns animation off."""

from __future__ import annotations

from test_game import open_game, settle, state

NAMELESS_JS = """() => [...document.querySelectorAll('button, select, input, a[href], [tabindex]')]
  .filter(n => !n.closest('[hidden], dialog:not([open])') && n.type !== 'file')
  .filter(n => !(n.getAttribute('aria-label') || n.textContent.trim() || n.labels?.length
                 || n.getAttribute('title')))
  .map(n => n.outerHTML.slice(0, 120))"""


def test_controls_are_named_and_cards_say_value_and_name(page, server_url, wait_ready):
    open_game(page, server_url, wait_ready, "fresh=1&seed=4")
    st = settle(page)
    assert page.evaluate(NAMELESS_JS) == []
    labels = [c["label"] for c in st["cards"]]
    assert labels and all(" — " in label and label.split(" — ")[0].isdigit() for label in labels)
    assert page.get_by_role("button", name="Sacrifice").count() == 0  # only in a defence


def test_computer_moves_are_announced_in_a_live_region(page, server_url, wait_ready):
    open_game(page, server_url, wait_ready, "fresh=1&seed=4")
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    settle(page)
    page.click("#act-confirm")  # keep every card; the computer replaces in the same step
    st = settle(page)
    assert st["phase"] == "duel"
    page.wait_for_function("document.getElementById('announce').textContent.length > 0")
    assert "Computer" in region.text_content()


def test_reduced_motion_turns_animation_off(browser, server_url, wait_ready, new_context):
    context = new_context(reduced_motion="reduce")
    page = context.new_page()
    open_game(page, server_url, wait_ready, "fresh=1&seed=4")
    settle(page)
    durations = page.evaluate("""() => [...document.querySelectorAll('#cat, .card, .space')]
        .map(n => getComputedStyle(n))
        .map(s => [s.transitionDuration, s.animationName])""")
    assert durations and all(t in ("0s", "") and a == "none" for t, a in durations)
    assert state(page)["phase"] == "replace"
