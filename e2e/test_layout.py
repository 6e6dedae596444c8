"""The table fits the screen: at phone, tablet and desktop sizes, in every phase and every
language, the whole hand (each card at least its strip), the buttons that act on it, the
cards on the table, the piles and, on an empty table, the first visit's lessons offer are
in view and not covered, card text is at least 11 px and never runs into the corner value,
and every control is a touch target of at least 44 × 44 px."""

from __future__ import annotations

import pytest

VIEWPORTS = [(360, 740), (390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]
LANGUAGES = ("eu", "et", "sw", "mr")
# phase -> the page to open: the biggest hands (9 and 8 cards) with the longest names (an
# ordinary deal, 7 cards, asks less of every screen than big-replace's 9)
PHASES = {"replace": "scenario=big-replace", "duel": "scenario=big-duel",
          "attack": "scenario=big-attack", "defend": "scenario=big-defend"}

MEASURE = """() => {
  const vw = innerWidth, vh = innerHeight;
  const box = (n) => n.getBoundingClientRect();
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5
    && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
  // a hand's cards overlap: each must answer a tap on the strip it shows (its left edge)
  const shown = (n) => { const r = box(n);
    const x = n.matches('#hand .card') ? r.left + 12 : r.left + r.width / 2;
    const hit = document.elementFromPoint(x, r.top + r.height / 2);
    return hit !== null && (hit === n || n.contains(hit)); };
  const label = (n) => n.id || n.getAttribute('aria-label') || n.textContent.trim().slice(0, 30);
  const problems = [];
  const groups = {hand: '#hand .card', actions: '#actions button', table: '#table-cards .card',
                  offer: '.table:has(.empty) #offer:not([hidden]) button',
                  piles: '.piles .pile:not([hidden])'};
  for (const [name, sel] of Object.entries(groups)) {
    for (const n of document.querySelectorAll(sel)) {
      if (!inside(box(n))) problems.push(`${name} outside the viewport: ${label(n)}`);
      else if (!shown(n)) problems.push(`${name} covered: ${label(n)}`);
    }
  }
  for (const card of document.querySelectorAll('#hand .card, #table-cards .card')) {
    for (const part of card.querySelectorAll('span')) {
      const cs = getComputedStyle(part);
      if (cs.display === 'none' || !part.textContent.trim()) continue;
      if (parseFloat(cs.fontSize) < 11) problems.push(`text under 11 px: ${label(card)}`);
    }
    const name = card.querySelector('.card-name'), value = card.querySelector('.card-value');
    if (name && value && getComputedStyle(name).display !== 'none') {
      const range = document.createRange(); range.selectNodeContents(name);
      const text = range.getBoundingClientRect(), v = box(value), c = box(card);
      if (text.top < v.bottom - 0.5 && text.left < v.right && text.right > v.left)
        problems.push(`name runs into the value: ${label(card)}`);
      if (text.bottom > c.bottom + 0.5 || text.left < c.left - 0.5 || text.right > c.right + 0.5)
        problems.push(`name overflows the card: ${label(card)}`);
      for (const mark of card.querySelectorAll('.mark, .badge')) {
        const m = box(mark);
        if (m.left < text.right && m.right > text.left
            && m.top < text.bottom && m.bottom > text.top)
          problems.push(`a mark hides the name: ${label(card)}`);
      }
    }
  }
  const controls = document.querySelectorAll(
    'button, select, input:not([type=file]), a[href], summary, [tabindex="0"]');
  for (const n of controls) {
    if (n.closest('[hidden], dialog:not([open])') || n.offsetParent === null) continue;
    const r = box(n);
    if (r.width < 43.5 || r.height < 43.5)
      problems.push(`touch target ${Math.round(r.width)}x${Math.round(r.height)}: ${label(n)}`);
  }
  return {problems, phase: document.getElementById('hand').dataset.phase,
          cards: document.querySelectorAll('#hand .card').length};
}"""


def _check(page, base_url, wait_ready, lang: str) -> list[str]:
    problems = []
    for phase, query in PHASES.items():
        page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&lang={lang}&{query}")
        wait_ready(page)
        page.wait_for_function(f"document.getElementById('hand').dataset.phase === '{phase}'",
                               timeout=30000)
        got = page.evaluate(MEASURE)
        assert got["cards"] >= 7
        problems += [f"{phase}: {p}" for p in got["problems"]]
        if phase != "replace":
            continue
        # once, on the first page: the New game dialog and the menu have controls too
        if page.locator("#btn-menu").is_visible():
            page.click("#btn-menu")
        page.click("#btn-new")
        problems += [f"new game: {p}" for p in page.evaluate(MEASURE)["problems"]
                     if "touch target" in p]
        page.click("#new-cancel")
        if page.locator("#btn-menu").is_visible():
            page.click("#btn-menu")
            problems += [f"menu: {p}" for p in page.evaluate(MEASURE)["problems"]
                         if "touch target" in p]
    return problems


@pytest.mark.parametrize("size", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_hand_actions_and_table_fit_every_screen(new_context, base_url, wait_ready, size):
    width, height = size
    page = new_context(viewport={"width": width, "height": height}).new_page()
    assert _check(page, base_url, wait_ready, "en") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_fits_a_phone(new_context, base_url, wait_ready, lang):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    assert _check(page, base_url, wait_ready, lang) == []


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_every_hand_control_is_in_view_on_the_smallest_phone(new_context, base_url,
                                                             wait_ready, lang):
    page = new_context(viewport={"width": 320, "height": 568}).new_page()
    assert _check(page, base_url, wait_ready, lang) == []


def test_desktop_uses_a_wide_screen(new_context, base_url, wait_ready):
    """At 1920 × 1080 the cards grow with the screen instead of leaving it empty."""
    sizes = {}
    for width, height in ((1280, 800), (1920, 1080)):
        page = new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy")
        wait_ready(page)
        sizes[width] = page.evaluate(
            "document.querySelector('#hand .card').getBoundingClientRect().width")
        used = page.evaluate("document.querySelector('.play').getBoundingClientRect().right")
        assert used > 0.65 * width
    assert sizes[1920] >= 1.3 * sizes[1280]
