"""Accessibility in the page: every control has a name that says what it is, the computer's
moves are announced in a live region, focus and selection are both visible, and the
keyboard shortcuts are declared on the controls and listed in the rules panel."""

from __future__ import annotations

from test_game import open_game, settle

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


def test_focus_and_selection_look_different_and_show_together(page, server_url, wait_ready):
    open_game(page, server_url, wait_ready, "fresh=1&seed=4")
    settle(page)
    page.keyboard.press("ArrowRight")  # the hand takes the focus
    page.keyboard.press("Space")  # select the focused card for replacement
    look = page.evaluate("""() => { const c = document.activeElement, s = getComputedStyle(c);
        return {pressed: c.getAttribute('aria-pressed'), outline: s.outlineStyle,
                outlineColor: s.outlineColor, shadow: s.boxShadow, transform: s.transform}; }""")
    assert look["pressed"] == "true"
    assert look["outline"] not in ("none", "")  # focus: an outline around the card ...
    assert look["shadow"] != "none" and look["transform"] != "none"  # ... selection: lifted, ringed
    other = page.evaluate("""() => { const c = document.querySelector(
        '#hand button.card[aria-pressed=false]'); const s = getComputedStyle(c);
        return [s.outlineStyle, s.transform]; }""")
    assert other == ["none", "none"]  # neither focused nor selected: neither look
    assert "replace 1 card" in page.locator("#act-confirm").text_content().lower()


def test_shortcuts_are_declared_and_listed(page, server_url, wait_ready):
    open_game(page, server_url, wait_ready, "fresh=1&scenario=defend")
    settle(page)
    assert page.get_attribute("#act-sacrifice", "aria-keyshortcuts") == "S"
    assert "ArrowLeft" in page.get_attribute("#hand", "aria-keyshortcuts")
    assert page.get_attribute("#hand", "role") == "toolbar"
    listed = page.locator("#keys li").all_text_contents()
    assert any(item.startswith("S ") for item in listed) and len(listed) >= 6
    assert page.locator("#hand button.card[tabindex='0']").count() == 1  # one Tab stop
