"""How the table looks: every card face draws its own picture from the one sprite, a phone
holds the hand in one row (each card a strip of at least 24 × 44 px that answers a tap),
the page follows the device's light or dark scheme or the menu's choice (kept across a
reload), forced colours keep every card bordered, and axe-core finds nothing in either
theme."""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
PHONES = [(390, 844), (360, 740), (320, 568)]

ROW = """() => [...document.querySelectorAll('#hand .card')].map((n, i, all) => {
  const r = n.getBoundingClientRect();
  const next = all[i + 1];
  // the strip: up to where the next card starts (offsetLeft ignores the fan's rotation)
  const strip = next ? next.offsetLeft - n.offsetLeft : n.offsetWidth;
  const hit = document.elementFromPoint(r.left + Math.min(12, strip / 2), r.top + r.height / 2);
  const hand = n.parentElement.getBoundingClientRect();
  return {top: n.offsetTop, height: n.offsetHeight, strip, hits: !!hit && n.contains(hit),
          left: r.left, right: r.right, bottom: r.bottom, lift: hand.bottom - r.bottom};
})"""

LUMINANCE = """() => {
  const rgb = getComputedStyle(document.documentElement).backgroundColor.match(/[\\d.]+/g)
    .slice(0, 3).map(Number).map(c => c / 255)
    .map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}"""


def _open(page, base_url, wait_ready, query: str, phase: str = "replace") -> None:
    page.goto(f"{base_url}index.html?fresh=1&pace=0&level=easy&{query}")
    wait_ready(page)
    page.wait_for_function(f"document.getElementById('hand').dataset.phase === '{phase}'",
                           timeout=30000)


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("query", ["seed=3", "scenario=big-replace"], ids=["7", "9"])
def test_a_phone_holds_the_hand_in_one_row(new_context, base_url, wait_ready, size, query):
    width, height = size
    page = new_context(viewport={"width": width, "height": height}).new_page()
    _open(page, base_url, wait_ready, query)
    cards = page.evaluate(ROW)
    assert len(cards) >= 7
    assert len({c["top"] for c in cards}) == 1, cards  # one row (before the fan's turn)
    for i, card in enumerate(cards):
        assert card["strip"] >= 24 and card["height"] >= 44, (i, card)
        assert card["hits"], f"card {i} does not answer a tap on its strip"
        assert card["left"] >= 0 and card["right"] <= width and card["bottom"] <= height
    # a tapped card lifts as selection does, and its neighbours stay where they were
    before = page.evaluate(ROW)
    page.click("#card-1", position={"x": 8, "y": 40})
    page.wait_for_function("document.getElementById('card-1').getAttribute('aria-pressed')"
                           " === 'true'")
    page.wait_for_timeout(300)  # the lift's transition (.15 s)
    after = page.evaluate(ROW)
    assert after[1]["lift"] > before[1]["lift"] + 4
    assert after[0]["lift"] == pytest.approx(before[0]["lift"], abs=0.5)


def test_every_card_face_draws_its_own_picture(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    _open(page, base_url, wait_ready, "scenario=big-replace")
    faces = page.evaluate("""() => [...document.querySelectorAll('.card[data-value]')].map(n => ({
      value: n.dataset.value, label: n.getAttribute('aria-label'),
      use: n.querySelector('svg.card-art use')?.getAttribute('href'),
      hidden: n.querySelector('svg.card-art')?.getAttribute('aria-hidden'),
      corners: [...n.querySelectorAll('.card-value')].map(v => v.textContent),
      drawn: n.querySelector('svg.card-art')?.getBBox().width > 0}))""")
    assert len(faces) >= 9
    for face in faces:
        assert face["use"] == f"#sprite-art-{face['value']}", face
        assert face["hidden"] == "true" and face["drawn"], face
        assert face["corners"] == [face["value"]] * 2, face
        assert face["label"].startswith(f"{face['value']} — "), face


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_follows_the_device_scheme(new_context, base_url, wait_ready, scheme):
    page = new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme).new_page()
    _open(page, base_url, wait_ready, "seed=3")
    luminance = page.evaluate(LUMINANCE)
    assert (luminance < 0.05) if scheme == "dark" else (luminance > 0.7), luminance


def test_the_menu_theme_is_kept_across_a_reload(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}, color_scheme="light").new_page()
    _open(page, base_url, wait_ready, "seed=3")
    page.click("#btn-menu")
    page.select_option("#theme", "dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(LUMINANCE) < 0.05
    page.reload(wait_until="domcontentloaded")  # dark before Python runs: no light flash
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(LUMINANCE) < 0.05
    wait_ready(page)
    assert page.input_value("#theme") == "dark"
    page.click("#btn-menu")
    page.select_option("#theme", "auto")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert page.evaluate(LUMINANCE) > 0.7
    # a bad value in the URL is ignored (the device decides), never an error
    page.goto(f"{base_url}index.html?fresh=1&pace=0&theme=%3Cb%3E")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") is None


def test_forced_colours_keep_every_card_bordered(new_context, base_url, wait_ready):
    page = new_context(viewport={"width": 390, "height": 844}, forced_colors="active").new_page()
    _open(page, base_url, wait_ready, "scenario=big-duel", "duel")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    cards = page.evaluate("""() => [...document.querySelectorAll('.card')]
      .filter(n => n.offsetParent !== null).map(n => { const cs = getComputedStyle(n);
        return {width: parseFloat(cs.borderTopWidth), style: cs.borderTopStyle,
                colour: cs.borderTopColor, bg: cs.backgroundColor}; })""")
    assert len(cards) >= 8
    for card in cards:
        assert card["width"] >= 2 and card["style"] != "none", card
        assert card["colour"] != card["bg"], card


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("query, phase, width, click", [
    ("seed=3", "replace", 1280, ""), ("scenario=big-defend", "defend", 1280, ""),
    ("scenario=big-duel", "duel", 390, ""), ("seed=3", "replace", 390, "#btn-menu")],
    ids=["replace", "defend", "phone-duel", "phone-menu"])
def test_axe_finds_no_violations(new_context, base_url, wait_ready, scheme, query, phase,
                                 width, click):
    page = new_context(viewport={"width": width, "height": 844}, color_scheme=scheme,
                       reduced_motion="reduce").new_page()
    _open(page, base_url, wait_ready, query, phase)
    if click:
        page.click(click)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))  # inline: no request
    result = page.evaluate("""async () => (await axe.run(document,
        {resultTypes: ['violations']})).violations.map(v => ({id: v.id, impact: v.impact,
         nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))""")
    assert result == []


# Every turn-over the page starts is held at its first frame (the card still face down).
HOLD_FLIPS = """(() => {
  window.__flips = []; window.__flipped = [];
  const original = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const anim = original.call(this, frames, options);
    if (Array.isArray(frames) && String(frames[0]?.transform).includes('rotateY')) {
      anim.pause(); window.__flips.push(anim); window.__flipped.push(this);
    }
    return anim;
  };
})();"""


def _mean_colour(png: bytes) -> tuple[float, float, float]:
    """The mean RGB of a screenshot (8-bit RGB or RGBA, not interlaced: what Chromium
    writes), decoded with the standard library."""
    import struct
    import zlib

    pos, chunks, width, height, kind = 8, b"", 0, 0, 2
    while pos < len(png):
        length, tag = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, _depth, kind = struct.unpack(">IIBB", body[:10])
        elif tag == b"IDAT":
            chunks += body
        pos += 12 + length
    raw, px = zlib.decompress(chunks), 4 if kind == 6 else 3
    stride, prev, total, out = width * px, bytearray(width * px), [0, 0, 0], 0
    for y in range(height):
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        f = raw[y * (stride + 1)]
        for i in range(stride):
            a = row[i - px] if i >= px else 0
            b, c = prev[i], prev[i - px] if i >= px else 0
            if f == 1:
                row[i] = (row[i] + a) & 255
            elif f == 2:
                row[i] = (row[i] + b) & 255
            elif f == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for i in range(0, stride, px):
            total[0] += row[i]
            total[1] += row[i + 1]
            total[2] += row[i + 2]
            out += 1
        prev = row
    return tuple(t / out for t in total)


def test_a_revealed_duel_card_turns_over_from_its_back(new_context, base_url, wait_ready):
    """The computer's sealed duel card turns over when the duel reveals it (the human's,
    played after it, arrives from the hand face up, so it does not turn). Whichever seat
    plays first lies face down until both have: the test waits for the computer's card
    before it plays (under load it came first, and its face, not the 7's, was checked)."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.add_init_script(HOLD_FLIPS)
    # not _open: its pace=0 would come first and win over a slower pace
    page.goto(f"{base_url}index.html?fresh=1&level=easy&scenario=big-duel&pace=1800")
    wait_ready(page)
    page.wait_for_function("document.getElementById('hand').dataset.phase === 'duel'",
                           timeout=30000)
    page.locator("#table-cards [data-key='duel-1']").wait_for(timeout=30000)  # its back
    page.click("#card-4")  # the 7
    page.wait_for_function("window.__flips.length >= 1", timeout=60000)
    assert page.evaluate("window.__flips.length") == 1
    card = page.evaluate_handle("window.__flipped[0]").as_element()
    assert card.get_attribute("data-key") == "duel-1"
    label = card.get_attribute("aria-label")
    assert " — " in label and not label.startswith("7 "), label  # the face is in the page...
    back = _mean_colour(card.screenshot())
    r, g, b = back
    assert r > g + 40 and r > b + 40 and g < 110, back  # ...but the back shows
    # its last frame, still paused: finishing it would let the game go on (the duel's
    # outcome restyles and moves the cards), which a loaded machine could catch instead
    page.evaluate("window.__flips.forEach((a) => {"
                  " a.currentTime = a.effect.getComputedTiming().endTime - 1; })")
    face = _mean_colour(card.screenshot())
    # the face: light paper and its picture, whichever card the computer chose (the
    # warmest, 12's crossed-out paw, is about (191, 146, 142); the back (131, 54, 42))
    assert face[1] > back[1] + 60 and sum(face) > sum(back) + 150, (label, back, face)
    page.evaluate("window.__flips.forEach((a) => a.finish())")
