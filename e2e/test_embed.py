"""Embedding in an article on another origin: the one-line snippet (web/embed.js) and a
bare <iframe>. The game plays inside, the snippet's frame follows the game's height
messages and ignores everyone else's, and the article's own styles are unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from ship_helpers import play_to_end

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "e2e" / "fixtures" / "article"
SNIPPET_FRAME = "document.querySelector('iframe:not(#bare):not(#foreign)')"
HEIGHT = f"() => {SNIPPET_FRAME}.getBoundingClientRect().height"

ARTICLE_STYLE = """() => {
  const pick = (sel, props) => {
    const cs = getComputedStyle(document.querySelector(sel));
    return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
  };
  return {
    body: pick('body', ['background-color', 'font-family', 'color', 'font-size', 'max-width']),
    h1: pick('#title', ['font-size', 'color', 'font-family']),
    p: pick('#intro', ['line-height', 'color', 'font-family']),
    sheets: document.styleSheets.length,
    styles: document.querySelectorAll('style, link[rel=stylesheet]').length,
    scripts: document.scripts.length,
  };
}"""


@pytest.fixture
def article(tmp_path, static_server, dist_dir):
    """The sample article on a second port; the game (dist/) under a sub-path on a first;
    a foreign frame on a third."""
    game = static_server(dist_dir, prefix="/games/tacocat/")
    foreign_dir = tmp_path / "foreign"
    foreign_dir.mkdir()
    (foreign_dir / "foreign.html").write_text(
        (FIXTURE / "foreign.html").read_text(encoding="utf-8"), encoding="utf-8"
    )
    foreign = static_server(foreign_dir)
    site = tmp_path / "article"
    site.mkdir()
    html = (FIXTURE / "index.html").read_text(encoding="utf-8")
    (site / "index.html").write_text(
        html.replace("__GAME__", game).replace("__FOREIGN__", foreign), encoding="utf-8"
    )
    # The same article without the game, for the style comparison.
    (site / "plain.html").write_text(
        html.split("<script src=")[0] + "</body></html>", encoding="utf-8"
    )
    return {"url": static_server(site), "game": game, "foreign": foreign}


def _game_frame(page, fragment: str):
    for frame in page.frames:
        if fragment in frame.url:
            return frame
    raise AssertionError(f"no frame with {fragment!r}: {[f.url for f in page.frames]}")


def _wait_frame_ready(frame, timeout=60000):
    frame.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout)


def test_snippet_and_bare_iframe_in_an_article(page, article, screenshot):
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(article["url"] + "plain.html")
    plain = page.evaluate(ARTICLE_STYLE)

    page.goto(article["url"])
    game_origin = article["game"].split("/games/")[0]
    assert article["url"].split("/")[2] != game_origin.split("/")[2]  # another port

    # The snippet put one iframe right where the script tag is, with inline styles only.
    info = page.evaluate(
        """() => {
          const s = document.querySelector('script[src$="web/embed.js"]');
          const f = s.previousElementSibling;
          return {tag: f.tagName, src: f.src, cls: f.className, style: f.getAttribute('style'),
                  prev: f.previousElementSibling.id};
        }"""
    )
    assert info["tag"] == "IFRAME" and info["prev"] == "intro" and info["cls"] == ""
    assert info["src"] == article["game"] + "?embed=1&lang=eu&level=easy&pace=0"
    assert "height: 720px" in info["style"]

    snippet = _game_frame(page, "lang=eu")
    _wait_frame_ready(snippet)
    assert snippet.evaluate("document.documentElement.classList.contains('embed')")
    assert snippet.evaluate("document.documentElement.lang") == "eu"

    # The frame takes the game's height (no longer the initial 720 px).
    page.wait_for_function(f"{SNIPPET_FRAME}.style.height !== '720px'")
    page.wait_for_timeout(300)  # let the layout settle
    content = snippet.evaluate(
        "Math.ceil(document.documentElement.getBoundingClientRect().height)"
    )
    assert abs(page.evaluate(HEIGHT) - content) <= 2
    shot = screenshot(page, "article-with-embed")
    page.screenshot(path=str(shot.with_name(shot.stem + "-viewport.png")))

    # Messages that are not from this game frame are ignored.
    before = page.evaluate(HEIGHT)
    foreign = _game_frame(page, "foreign.html")
    foreign.evaluate("fakeHeight(1234)")  # a third origin
    page.evaluate("window.postMessage({type: 'tacocat:height', height: 1500}, '*')")  # article
    page.locator("#bare").scroll_into_view_if_needed()
    bare = _game_frame(page, "lang=et")
    _wait_frame_ready(bare)
    # The game's own origin but another frame: not this iframe's height either.
    bare.evaluate("window.parent.postMessage({type: 'tacocat:height', height: 1777}, '*')")
    page.wait_for_timeout(400)
    assert page.evaluate(HEIGHT) == before

    # Both games play inside the article.
    assert play_to_end(snippet) > 5
    # The game-over dialog is in the reader's sight, however tall the frame.
    for _ in range(40):  # smooth scrolling takes a moment, longer on a loaded machine
        top = snippet.evaluate(
            "document.querySelector('#dlg-banner').getBoundingClientRect().top")
        frame_top = page.evaluate(f"{SNIPPET_FRAME}.getBoundingClientRect().top")
        if 0 <= frame_top + top < page.viewport_size["height"]:
            break
        page.wait_for_timeout(100)
    assert 0 <= frame_top + top < page.viewport_size["height"], (frame_top, top)
    assert bare.evaluate("document.documentElement.lang") == "et"
    assert bare.evaluate("document.documentElement.classList.contains('embed')")
    assert page.evaluate("document.querySelector('#bare').style.height") == "720px"
    assert play_to_end(bare) > 5
    page.locator("#bare").scroll_into_view_if_needed()
    shot = screenshot(page, "article-bare-iframe")
    page.screenshot(path=str(shot))  # the viewport: frames render reliably there
    page.locator("#title").scroll_into_view_if_needed()
    screenshot(page, "article-after-games")

    # The article's own styles did not change.
    after = page.evaluate(ARTICLE_STYLE)
    assert after["body"] == plain["body"] and after["h1"] == plain["h1"]
    assert after["p"] == plain["p"]
    assert after["sheets"] == plain["sheets"] and after["styles"] == plain["styles"]
    assert after["scripts"] == plain["scripts"] + 1  # the snippet itself, nothing added
    # ... nor the game's: the article's `.card`/`.btn` rules do not reach into the frame.
    outline = snippet.evaluate(
        "getComputedStyle(document.querySelector('#hand')).outlineStyle"
    )
    assert outline != "dashed"
