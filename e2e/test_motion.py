"""Moves you can see: cards fly from the hand (yours, or the computer's after it lifts
them) to the table, the cat walks to its new space, the result fades in only after them —
and input given while they move acts at once. With reduced motion nothing moves at all.

These tests check behaviour, not speed: every ``Element.animate`` call is recorded by an
init script, and ``window.__hold = true`` makes each new animation start paused, so "while
the cards fly" is a state the test holds for as long as it needs, on any machine. How long
the page's tasks take while animating is a benchmark figure (bench/web_perf.py,
docs/PERFORMANCE.md), never an assertion here."""

from __future__ import annotations

# Records every animation the page creates: what it moves (a short name), its timing, the
# opacity it starts from, and the "task" it was created in (one synchronous batch of
# animate() calls shares a batch number); while window.__hold is true, it starts paused.
ANIMATIONS = """(() => {
  window.__anims = []; window.__hold = false;
  let batch = 0, open = false;
  const name = (t) => t.id || (t.closest('#cat') ? 'cat-stride'
    : t.closest('#table-cards') ? 'table-card'
    : t.closest('#hand') ? 'hand-card' : t.closest('#opponent') ? 'opponent'
    : t.classList.contains('ghost') ? 'ghost' : t.getAttribute('class') || t.tagName);
  const original = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const anim = original.call(this, frames, options);
    if (!open) { open = true; batch += 1; setTimeout(() => { open = false; }, 0); }
    const timing = anim.effect.getTiming();
    const first = Array.isArray(frames) && frames.length ? frames[0] : {};
    window.__anims.push({target: name(this), batch, anim, delay: timing.delay,
                         end: timing.delay + timing.duration, from: first.opacity});
    if (window.__hold) anim.pause();
    return anim;
  };
  window.__release = () => { window.__hold = false;
    window.__anims.forEach((a) => { if (a.anim.playState === 'paused') a.anim.play(); }); };
})();"""
# The batch that walked the cat (the showdown's render), without the Animation objects.
SHOWDOWN_BATCH = """() => { const cat = window.__anims.filter((a) => a.target === 'cat').pop();
  return cat ? window.__anims.filter((a) => a.batch === cat.batch)
    .map(({anim, ...rest}) => ({...rest, state: anim.playState})) : null; }"""
CAT_HELD = "window.__anims.some((a) => a.target === 'cat' && a.anim.playState === 'paused')"
RESULT_OPACITY = "getComputedStyle(document.getElementById('result')).opacity"
PHASE = "document.getElementById('hand').dataset.phase"


def _open(page, base_url, wait_ready, query: str) -> None:
    page.add_init_script(ANIMATIONS)
    page.goto(f"{base_url}index.html?fresh=1&level=easy&{query}")
    wait_ready(page)
    page.wait_for_function(f"{PHASE} === 'attack'")


def _attack_with_the_9_held(page) -> list[dict]:
    """Attack with the 9 (keeping the 2) with every new animation held paused; returns the
    showdown's batch of animations once the page has started it."""
    page.click("#card-1")  # the 9
    page.evaluate("window.__hold = true")
    page.click("#act-confirm")
    # my 9 flies; the computer lifts and plays its answer; the showdown cards fly in,
    # the cat walks and the result fades in: all created at once, all held
    page.wait_for_function(CAT_HELD, timeout=60000)
    return page.evaluate(SHOWDOWN_BATCH)


def test_cards_fly_and_the_cat_walks_before_the_result_appears(new_context, base_url,
                                                               wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    _open(page, base_url, wait_ready, "pace=900&scenario=showdown")
    batch = _attack_with_the_9_held(page)
    moved = {a["target"] for a in batch}
    assert {"table-card", "cat", "result"} <= moved, batch
    # its legs take turns (the sprite's two strides) for exactly as long as it walks
    walk = next(a for a in batch if a["target"] == "cat")
    strides = [a for a in batch if a["target"] == "cat-stride"]
    assert len(strides) == 2 and all(a["delay"] == walk["delay"] and a["end"] == walk["end"]
                                     for a in strides), batch
    result = next(a for a in batch if a["target"] == "result")
    travel = [a for a in batch if a["target"] in ("table-card", "cat")]
    # the result starts fading in only when the last card has landed and the cat arrived,
    # and until then it is transparent, not merely behind
    assert result["delay"] >= max(a["end"] for a in travel) > 0, batch
    assert result["from"] == 0
    assert page.evaluate(RESULT_OPACITY) == "0"
    assert page.evaluate("!document.getElementById('result').hidden")
    page.evaluate("window.__release()")
    page.wait_for_function(f"{RESULT_OPACITY} === '1'", timeout=60000)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running'"
                           " || a.effect.target.classList.contains('spinner'))", timeout=60000)
    assert page.locator("#btn-continue").is_visible()
    assert page.evaluate("document.getElementById('announce').textContent").count("Showdown")


def test_input_while_the_cards_fly_acts_at_once(new_context, base_url, wait_ready):
    """A click given while the showdown still moves is not lost or queued behind it: the
    next round is dealt at once, and the old animations jump to their end."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    _open(page, base_url, wait_ready, "pace=900&scenario=showdown")
    _attack_with_the_9_held(page)
    assert page.evaluate(CAT_HELD)  # the cat is still on its way
    page.click("#btn-continue")
    page.wait_for_function(f"{PHASE} === 'replace'")
    assert page.evaluate(CAT_HELD) is False  # finished, not left hanging
    assert page.evaluate("window.__anims.filter((a) => a.target === 'cat')"
                         ".every((a) => a.anim.playState === 'finished')")
    assert page.locator("#table-cards [data-key]").count() == 0
    assert page.locator(".ghost").count() == 0
    page.evaluate("window.__release()")  # the new deal's own animations


def test_the_computer_lifts_its_cards_before_they_move(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    _open(page, base_url, wait_ready, "pace=1800&scenario=showdown&level=hard")
    page.click("#card-1")
    page.click("#act-confirm")
    label = page.wait_for_function(  # read as it appears: it stays only a moment
        "document.querySelector('#opponent .lifted .card')?.getAttribute('aria-label')",
        timeout=60000).json_value()
    assert label == "10 — A Nut for a Jar of Tuna"  # the computer's answer, face up
    page.wait_for_selector("#opponent .lifted", state="detached", timeout=60000)


def test_reduced_motion_moves_nothing(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce").new_page()
    _open(page, base_url, wait_ready, "pace=900&scenario=showdown")
    page.click("#card-1")
    page.click("#act-confirm")
    page.wait_for_function("!document.getElementById('result').hidden", timeout=60000)
    assert page.evaluate("window.__anims.map((a) => a.target)") == []
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
    page.click("#card-1")  # attack with the 9, keep the 2
    page.click("#act-confirm")
    page.wait_for_function(
        "document.getElementById('announce').textContent.includes('Showdown')", timeout=60000)
    view = page.evaluate(SHOWDOWN_VIEW)
    assert view["cards"] == [["2 — Star Rats", True], ["3 — UFO Tofu", True]], view
    assert view["cat"] == "The cat is on space 2 (A)" and view["catSeen"], view
    assert view["dialogs"] == 0 and view["resultBelowBoard"]
    assert "you win the round" in view["announced"]
    assert page.locator("#btn-continue").is_visible()
    page.click("#btn-continue")  # only now is the next round dealt
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'replace'")
    assert page.locator("#table-cards [data-key]").count() == 0
