"""Embedding in an article on another origin: the one-line snippet (web/embed.js) shows a
light poster and loads nothing else from the game's site until the reader presses Play;
then the game plays in a frame, by keyboard too. With data-autoload it loads at once, as
a bare <iframe> does. The frame follows the game's height messages and ignores everyone
else's, and the article's own styles are unchanged (and do not reach the poster)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from ship_helpers import frame_with, wait_controlled

from scripts.page_driver import play_to_end, wait_ready

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "e2e" / "fixtures" / "article"
CATALOGS = ROOT / "web" / "i18n"
SNIPPET_FRAME = "document.querySelector('iframe:not(#bare):not(#foreign)')"
HEIGHT = f"() => {SNIPPET_FRAME}.getBoundingClientRect().height"
POSTER = "document.querySelector('script[src$=\"web/embed.js\"]').previousElementSibling"
BEFORE_PLAY_BUDGET = 15 * 1024

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

# What the poster shows and how it looks, read through its (open) shadow root.
POSTER_INFO = f"""() => {{
  const host = {POSTER};
  const root = host.shadowRoot;
  const q = (s) => root.querySelector(s);
  const cs = (s, p) => getComputedStyle(q(s)).getPropertyValue(p);
  return {{
    tag: host.tagName, role: host.getAttribute('role'), label: host.getAttribute('aria-label'),
    style: host.getAttribute('style'), cls: host.className,
    heading: q('h2').textContent, lines: [...root.querySelectorAll('p')].map(p => p.textContent),
    button: q('button').textContent, lang: q('div').lang,
    board: q('[aria-hidden=true]').textContent,
    font: cs('h2', 'font-family'), color: cs('h2', 'color'),
    buttonBg: cs('button', 'background-color'), lineHeight: cs('p', 'line-height'),
    height: host.getBoundingClientRect().height,
  }};
}}"""


def _catalog(lang: str) -> dict:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.fixture
def article(tmp_path, static_server, dist_dir):
    """The sample article on a second port (facade, autoload and lesson variants); the game
    (dist/) under a sub-path on a first; a foreign frame on a third."""
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
    html = html.replace("__GAME__", game).replace("__FOREIGN__", foreign)
    snippet = f'<script src="{game}web/embed.js"'
    assert html.count(snippet) == 1
    # The snippet next to a bare frame of the game, and the snippet alone (facade pages).
    (site / "autoload.html").write_text(
        html.replace(snippet, snippet + " data-autoload"), encoding="utf-8")
    alone = re.sub(r'<iframe id="bare".*?</iframe>', "", html, flags=re.S)
    assert alone.count(game + "?") == 0 and "id=\"bare\"" not in alone
    (site / "index.html").write_text(alone, encoding="utf-8")
    (site / "lesson.html").write_text(
        alone.replace(snippet, snippet + ' data-lesson="duel"'), encoding="utf-8")
    (site / "nolang.html").write_text(
        alone.replace(snippet + ' data-lang="eu"', snippet), encoding="utf-8")
    # The same article without the game, for the style comparison.
    (site / "plain.html").write_text(
        html.split("<script src=")[0] + "</body></html>", encoding="utf-8"
    )
    return {"url": static_server(site), "game": game, "foreign": foreign,
            "origin": game.split("/games/")[0]}


class GameTraffic:
    """Every response from the game's origin, with decoded and on-the-wire body sizes."""

    def __init__(self, page, origin: str) -> None:
        self.origin = origin
        self.responses: list = []
        page.on("response", lambda r: self.responses.append(r) if r.url.startswith(origin)
                else None)

    def bodies(self) -> dict[str, tuple[int, int]]:
        out = {}
        for response in self.responses:
            try:
                decoded = len(response.body())
            except Exception:  # a redirect or an aborted request has no body
                decoded = 0
            wire = response.request.sizes()["responseBodySize"]
            out[response.url] = (decoded, wire)
        return out


def test_facade_loads_nothing_until_play_then_plays_by_keyboard(page, article, screenshot):
    page.set_viewport_size({"width": 1100, "height": 900})
    traffic = GameTraffic(page, article["origin"])
    page.goto(article["url"])
    page.wait_for_function(f"{POSTER}.tagName === 'DIV' && !!{POSTER}.shadowRoot")
    page.wait_for_load_state("networkidle")

    # Before Play: the snippet and nothing else from the game's site, well within budget.
    before = traffic.bodies()
    assert list(before) == [article["game"] + "web/embed.js"], before
    decoded, wire = next(iter(before.values()))
    assert decoded <= BEFORE_PLAY_BUDGET and wire <= decoded, before
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1  # the foreign one

    # The poster: the board, the title, one line about the game, Play, in the article's
    # language (data-lang="eu"), with the poster's own look whatever the article's CSS.
    eu = _catalog("eu")
    info = page.evaluate(POSTER_INFO)
    assert info["tag"] == "DIV" and info["cls"] == "" and info["role"] == "region"
    assert info["label"] == info["heading"] == eu["app.title"]
    assert info["lines"] == [eu["embed.tagline"]] and info["button"] == eu["embed.play"]
    assert info["lang"] == "eu" and info["board"] == "TACOCAT"
    assert "height: 720px" in info["style"] and abs(info["height"] - 720) <= 1
    assert "Georgia" not in info["font"] and info["color"] == "rgb(67, 20, 7)"
    assert info["buttonBg"] == "rgb(194, 65, 12)" and info["lineHeight"] != "28.8px"
    shot = screenshot(page, "article-poster")
    page.screenshot(path=str(shot.with_name(shot.stem + "-viewport.png")))

    # Keyboard: Tab reaches Play (its accessible name in Basque); focus warms the connection.
    play = page.get_by_role("button", name=eu["embed.play"])
    for _ in range(10):
        if play.evaluate("b => b.getRootNode().activeElement === b"):
            break
        page.keyboard.press("Tab")
    assert play.evaluate("b => b.getRootNode().activeElement === b")
    assert page.evaluate(
        "document.querySelector('link[rel=preconnect]')?.href") == article["origin"] + "/"
    assert list(traffic.bodies()) == list(before)  # warming downloads nothing
    page.keyboard.press("Enter")

    # Play swaps in the frame, right where the poster was, and focuses it.
    page.wait_for_function(f"{POSTER}.tagName === 'IFRAME'")
    frame_info = page.evaluate(f"""() => {{ const f = {POSTER};
        return {{src: f.src, style: f.getAttribute('style'), cls: f.className,
                 lazy: f.getAttribute('loading'), focused: document.activeElement === f,
                 prev: f.previousElementSibling.id}}; }}""")
    assert frame_info["src"] == article["game"] + "?embed=1&lang=eu&level=easy&pace=0"
    assert frame_info["focused"] and frame_info["prev"] == "intro" and frame_info["cls"] == ""
    assert frame_info["lazy"] is None and "height: 720px" in frame_info["style"]
    snippet = frame_with(page, "lang=eu")
    wait_ready(snippet)
    assert snippet.evaluate("document.documentElement.lang") == "eu"
    # No offline copy for a reader who only looks: the worker waits for the first move.
    assert snippet.evaluate("document.documentElement.dataset.sw") == "deferred"
    assert snippet.evaluate("navigator.serviceWorker.controller") is None

    # Playable by keyboard alone: Tab into the game, Enter on the replace step's button.
    active = "() => document.activeElement && document.activeElement.id"
    for _ in range(60):
        if snippet.evaluate(active) == "act-confirm":
            break
        page.keyboard.press("Tab")
    assert snippet.evaluate(active) == "act-confirm"
    assert snippet.evaluate("document.getElementById('hand').dataset.phase") == "replace"
    page.keyboard.press("Enter")
    snippet.wait_for_function("document.getElementById('hand').dataset.phase !== 'replace'")
    # Now the reader plays: the frame registers the service worker (offline from now on).
    wait_controlled(snippet)
    assert play_to_end(snippet) > 5
    page.locator("#title").scroll_into_view_if_needed()
    screenshot(page, "article-after-play")


def test_autoload_and_bare_iframe_in_an_article(page, article, screenshot):
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(article["url"] + "plain.html")
    plain = page.evaluate(ARTICLE_STYLE)

    # The frame's style as the snippet inserted it: by the time page.goto returns, the game
    # may have sent its height already (it did once on a loaded CI machine).
    page.add_init_script("""(() => {
      const first = window.__firstStyle = new WeakMap();
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) {
          if (node.tagName === 'IFRAME') first.set(node, node.getAttribute('style'));
        }
      }).observe(document, {childList: true, subtree: true});
    })()""")
    # Not until "load": that waits for both game frames to load at once (the snippet's and
    # the bare one), which took over 30 s beside a CPU hog; what follows waits for each.
    page.goto(article["url"] + "autoload.html", wait_until="domcontentloaded")
    page.wait_for_function("document.querySelector('script[src$=\"web/embed.js\"]')"
                           "?.previousElementSibling?.tagName === 'IFRAME'")
    assert article["url"].split("/")[2] != article["origin"].split("/")[2]  # another port

    # data-autoload: the frame at once, right where the script tag is, inline styles only.
    info = page.evaluate(
        """() => {
          const s = document.querySelector('script[src$="web/embed.js"]');
          const f = s.previousElementSibling;
          return {tag: f.tagName, src: f.src, cls: f.className, style: window.__firstStyle.get(f),
                  prev: f.previousElementSibling.id, lazy: f.getAttribute('loading')};
        }"""
    )
    assert info["tag"] == "IFRAME" and info["prev"] == "intro" and info["cls"] == ""
    assert info["src"] == article["game"] + "?embed=1&lang=eu&level=easy&pace=0"
    assert "height: 720px" in info["style"] and info["lazy"] == "lazy"

    snippet = frame_with(page, "lang=eu")
    wait_ready(snippet)
    assert snippet.evaluate("document.documentElement.classList.contains('embed')")
    assert snippet.evaluate("document.documentElement.lang") == "eu"

    # The frame takes the game's height (no longer the initial 720 px).
    content = "Math.ceil(document.documentElement.getBoundingClientRect().height)"
    page.wait_for_function(f"{SNIPPET_FRAME}.style.height !== '720px'")
    _settle_height(page, snippet, content)
    shot = screenshot(page, "article-with-embed")
    page.screenshot(path=str(shot.with_name(shot.stem + "-viewport.png")))

    # Forged height messages are ignored: a third origin, the article itself, and the
    # game's own origin from another frame. Every height the frame takes is recorded, then
    # a real change in the game must arrive before the forged ones may be judged.
    page.evaluate(f"""() => {{
        window.__heights = [];
        new MutationObserver(() => window.__heights.push({SNIPPET_FRAME}.style.height))
            .observe({SNIPPET_FRAME}, {{attributes: true, attributeFilter: ['style']}});
    }}""")
    page.locator("#bare").scroll_into_view_if_needed()
    bare = frame_with(page, "lang=et")
    wait_ready(bare)
    frame_with(page, "foreign.html").evaluate("fakeHeight(1234)")  # a third origin
    page.evaluate("window.postMessage({type: 'tacocat:height', height: 1500}, '*')")  # article
    bare.evaluate("window.parent.postMessage({type: 'tacocat:height', height: 1777}, '*')")
    # (An off-screen frame is not rendered, so it would not notice its own resize.)
    page.evaluate(f"{SNIPPET_FRAME}.scrollIntoView()")
    grown = snippet.evaluate(f"""() => {{
        document.body.style.paddingBottom = '321px';
        return {content};
    }}""")
    page.wait_for_function(f"{SNIPPET_FRAME}.style.height === '{grown}px'")
    forged = {"1234px", "1500px", "1777px"}
    assert not forged & set(page.evaluate("window.__heights")), page.evaluate("window.__heights")
    snippet.evaluate("document.body.style.paddingBottom = ''")

    # Both games play inside the article.
    assert play_to_end(snippet) > 5
    # The game-over screen is in the reader's sight, however tall the frame.
    deadline = time.monotonic() + 30  # a hang detector: it takes < 1 s
    while True:  # smooth scrolling takes a moment, longer on a loaded machine
        top = snippet.evaluate(
            "document.querySelector('#btn-rematch').getBoundingClientRect().top")
        frame_top = page.evaluate(f"{SNIPPET_FRAME}.getBoundingClientRect().top")
        if 0 <= frame_top + top < page.viewport_size["height"] or time.monotonic() > deadline:
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

    # The article's own styles did not change, and nothing was added to it but the frame.
    after = page.evaluate(ARTICLE_STYLE)
    assert after["body"] == plain["body"] and after["h1"] == plain["h1"]
    assert after["p"] == plain["p"]
    assert after["sheets"] == plain["sheets"] and after["styles"] == plain["styles"]
    assert after["scripts"] == plain["scripts"] + 1  # the snippet itself, nothing added
    assert page.evaluate("document.querySelectorAll('iframe').length") == 3


def _settle_height(page, frame, content: str, timeout: float = 30.0) -> None:
    """Wait until the snippet's frame is as tall as the game's content (±2 px)."""
    deadline = time.monotonic() + timeout
    while True:
        diff = abs(page.evaluate(HEIGHT) - frame.evaluate(content))
        if diff <= 2 or time.monotonic() > deadline:
            break
        page.wait_for_timeout(50)
    assert diff <= 2, diff


def test_lesson_embed_is_compact_and_titled(page, article):
    page.goto(article["url"] + "lesson.html")
    page.wait_for_function(f"!!{POSTER}.shadowRoot")
    eu, en = _catalog("eu"), _catalog("en")
    info = page.evaluate(POSTER_INFO)
    title = eu.get("lesson.duel.title") or en.get("lesson.duel.title") or en["app.title"]
    assert info["heading"] == info["label"] == title
    assert eu["app.title"] in info["lines"] and eu["embed.tagline"] not in info["lines"]
    assert "height: 440px" in info["style"]
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1  # not loaded
    page.get_by_role("button", name=eu["embed.play"]).click()
    page.wait_for_function(f"{POSTER}.tagName === 'IFRAME'")
    src = page.evaluate(f"{POSTER}.src")
    assert src == article["game"] + "?embed=1&lesson=duel&lang=eu&level=easy&pace=0"
    assert "height: 440px" in page.evaluate(f"{POSTER}.getAttribute('style')")
    wait_ready(frame_with(page, "lesson=duel"))


def test_poster_speaks_the_readers_language(new_context, article):
    """Without data-lang the poster follows the browser's languages (et-EE: Estonian)."""
    page = new_context(locale="et-EE").new_page()
    page.goto(article["url"] + "nolang.html")
    page.wait_for_function(f"!!{POSTER}.shadowRoot")
    et = _catalog("et")
    info = page.evaluate(POSTER_INFO)
    assert info["lang"] == "et" and info["button"] == et["embed.play"]
    assert info["lines"] == [et["embed.tagline"]]
