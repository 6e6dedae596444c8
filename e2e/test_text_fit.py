"""Every string fits a 360 px phone in all five languages: the page never scrolls sideways
and no text is cut off — in the menu, the dialogs, each phase, the round result and the
game-over screen."""

from __future__ import annotations

import pytest

LANGUAGES = ("en", "eu", "et", "sw", "mr")

CLIPPED = """() => {
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth + 1)
    out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
  for (const n of document.querySelectorAll('body *')) {
    if (n.offsetParent === null || n.closest('.sr-only, svg, .ghost')) continue;
    if (getComputedStyle(n).clip !== 'auto' && n.getBoundingClientRect().width <= 1) continue;
    const texts = [...n.childNodes].filter(c => c.nodeType === 3 && c.textContent.trim());
    if (!texts.length) continue;
    const wide = n.scrollWidth > n.clientWidth + 1, tall = n.scrollHeight > n.clientHeight + 1;
    const cs = getComputedStyle(n);
    const clips = (v) => v !== 'visible';
    if ((wide && clips(cs.overflowX)) || (tall && clips(cs.overflowY) && !n.matches('.log')))
      out.push(`cut off: <${n.tagName} ${n.id || n.className}> "${n.textContent.trim()}"`);
    const r = n.getBoundingClientRect();
    if (r.right > innerWidth + 1 && cs.position !== 'fixed')
      out.push(`past the right edge: "${n.textContent.trim().slice(0, 40)}"`);
  }
  return out;
}"""

STATES = [
    ("replace", "", None),
    ("menu", "", "#btn-menu"),
    ("new game", "", "#btn-menu >> #btn-new"),
    ("duel", "scenario=big-duel", None),
    ("attack", "scenario=big-attack", None),
    ("defend", "scenario=big-defend", None),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_fits_at_360_px(new_context, base_url, wait_ready, lang):
    page = new_context(viewport={"width": 360, "height": 740}).new_page()
    problems: list[str] = []

    def check(name: str) -> None:
        problems.extend(f"{name}: {p}" for p in page.evaluate(CLIPPED))

    for name, query, button in STATES:
        page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&lang={lang}&{query}")
        wait_ready(page)
        page.wait_for_function("document.getElementById('hand').dataset.phase !== 'wait'")
        for selector in (button or "").split(" >> "):
            if selector:
                page.click(selector)
        check(name)
    page.goto(f"{base_url}index.html?fresh=1&pace=0&lang={lang}&mode=hotseat&scenario=final")
    wait_ready(page)
    page.click("#card-1")
    page.click("#act-confirm")
    check("pass the device")
    page.click("#pass-show")
    page.click("#card-1")
    page.wait_for_selector("#btn-rematch")
    check("game over")
    page.goto(f"{base_url}index.html?fresh=1&pace=0&lang={lang}&mode=hotseat&scenario=showdown")
    wait_ready(page)
    page.click("#card-1")
    page.click("#act-confirm")
    page.click("#pass-show")
    page.click("#act-sacrifice")
    page.wait_for_selector("#btn-continue")
    check("round result")
    assert problems == []
