"""Moves you can see: cards fly from the hand (yours, or the computer's after it lifts
them) to the table, the cat walks to its new space — and with reduced motion nothing
moves at all. Animations never hold up the page: no main-thread task over 100 ms."""

from __future__ import annotations

LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => list.getEntries().forEach(
  (e) => window.__long.push(Math.round(e.duration)))).observe({type: 'longtask'});"""
RUNNING = """() => document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect && a.effect.target)
  .map((a) => { const t = a.effect.target;
    return t.id || (t.closest('#table-cards') ? 'table-card' : t.closest('#hand') ? 'hand-card'
      : t.closest('#opponent') ? 'opponent' : t.className); })"""


def _open(page, base_url, wait_ready, query: str) -> None:
    page.goto(f"{base_url}index.html?fresh=1&level=easy&{query}")
    wait_ready(page)


def _watch(page, until: str, timeout_ms: int = 15000) -> set[str]:
    """Every element that animated until ``until`` (JS) holds."""
    seen: set[str] = set()
    for _ in range(timeout_ms // 50):
        seen.update(page.evaluate(RUNNING))
        if page.evaluate(until):
            break
        page.wait_for_timeout(50)
    return seen


def test_cards_fly_and_the_cat_walks_without_long_tasks(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.add_init_script(LONG_TASKS)
    _open(page, base_url, wait_ready, "pace=900&scenario=showdown")
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    page.evaluate("window.__long = []")
    page.click("#card-1")  # the 9
    page.click("#act-confirm")
    # my 9 flies to the table; the computer lifts its answer; the showdown cards fly in;
    # the cat walks and the tile drops; only then the result appears
    seen = _watch(page, "!document.getElementById('result').hidden"
                        " && document.getAnimations().every(a => a.playState !== 'running'"
                        " || a.effect.target.classList.contains('spinner'))")
    assert {"table-card", "cat"} <= seen, seen
    long_tasks = page.evaluate("window.__long")
    assert max(long_tasks, default=0) <= 100, long_tasks
    # the page answered input while animating: the Next round button works at once
    page.click("#btn-continue")
    page.wait_for_function("document.getElementById('hand').dataset.phase !== 'result'")


def test_the_computer_lifts_its_cards_before_they_move(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    _open(page, base_url, wait_ready, "pace=1800&scenario=showdown&level=hard")
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    page.click("#card-1")
    page.click("#act-confirm")
    page.wait_for_selector("#opponent .lifted .card", timeout=10000)
    label = page.get_attribute("#opponent .lifted .card", "aria-label")
    assert label == "10 — A Nut for a Jar of Tuna"  # the computer's answer, face up
    page.wait_for_selector("#opponent .lifted", state="detached", timeout=10000)


def test_reduced_motion_moves_nothing(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce").new_page()
    _open(page, base_url, wait_ready, "pace=900&scenario=showdown")
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    page.click("#card-1")
    page.click("#act-confirm")
    seen = _watch(page, "!document.getElementById('result').hidden")
    assert seen == set(), seen
    styles = page.evaluate("""() => [...document.querySelectorAll('#cat, .card, .space, .btn')]
        .map(n => getComputedStyle(n)).map(s => [s.transitionDuration, s.animationName])""")
    assert styles and all(t in ("0s", "") and a == "none" for t, a in styles)
    assert page.locator("#opponent .lifted").count() == 0  # no lifting either


SHOWDOWN_VIEW = """() => {
  const vw = innerWidth, vh = innerHeight;
  const seen = (n) => { const r = n.getBoundingClientRect();
    if (r.left < 0 || r.top < 0 || r.right > vw || r.bottom > vh) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === n || n.contains(hit)); };
  const cards = [...document.querySelectorAll('#table-cards [data-key^="sd-"]')];
  const cat = document.getElementById('cat');
  const board = document.querySelector('.board').getBoundingClientRect();
  const result = document.getElementById('result').getBoundingClientRect();
  return {cards: cards.map(c => [c.getAttribute('aria-label'), seen(c)]),
          cat: cat.getAttribute('aria-label'), catSeen: seen(cat),
          dialogs: document.querySelectorAll('dialog[open]').length,
          resultBelowBoard: result.top >= board.bottom,
          announced: document.getElementById('announce').textContent};
}"""


def test_the_showdown_happens_on_the_table(new_context, base_url, wait_ready):
    """While the round result is announced, the last two cards lie on the table, the cat
    stands on its new space, and no dialog covers the board."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    _open(page, base_url, wait_ready, "pace=400&scenario=showdown&level=hard")
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'attack'")
    page.click("#card-1")  # attack with the 9, keep the 2
    page.click("#act-confirm")
    page.wait_for_function(
        "document.getElementById('announce').textContent.includes('Showdown')", timeout=20000)
    view = page.evaluate(SHOWDOWN_VIEW)
    assert view["cards"] == [["2 — Star Rats", True], ["3 — UFO Tofu", True]], view
    assert view["cat"] == "The cat is on space 2 (A)" and view["catSeen"], view
    assert view["dialogs"] == 0 and view["resultBelowBoard"]
    assert "you win the round" in view["announced"]
    assert page.locator("#btn-continue").is_visible()
    page.click("#btn-continue")  # only now is the next round dealt
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'replace'")
    assert page.locator("#table-cards [data-key]").count() == 0
