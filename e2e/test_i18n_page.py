"""The page in each of the five languages: no untranslated key anywhere (text, labels,
tooltips) before, during and after a game; language from ?lang=, the browser, or the
in-page switcher; Marathi rendered with a system Devanagari font at phone width."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scripts.page_driver import FAST, play_to_end

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "web" / "i18n"
LANGUAGES = ("en", "eu", "et", "sw", "mr")
EN = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
KEY_LIKE = re.compile(r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$")

# Every string the page shows: text nodes and the attributes people hear or hover.
TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const t = walk.currentNode.textContent.trim();
    if (t && !walk.currentNode.parentElement.closest('script, style')) out.push(t);
  }
  const attrs = ['aria-label', 'title', 'placeholder', 'aria-description'];
  for (const el of document.querySelectorAll(attrs.map((a) => `[${a}]`).join(','))) {
    for (const a of attrs) {
      const v = el.getAttribute(a);
      if (v) out.push(v.trim());
    }
  }
  out.push(document.title);
  return out;
}"""


def _catalog(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def _untranslated(page) -> list[str]:
    texts = page.evaluate(TEXTS)
    return sorted({t for t in texts if t in EN or KEY_LIKE.match(t) or "{" in t})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_untranslated_key(page, base_url, wait_ready, lang):
    page.goto(f"{base_url}?lang={lang}&{FAST}")
    wait_ready(page)
    catalog = _catalog(lang)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("h1").first.text_content().strip() == catalog["app.title"]
    assert _untranslated(page) == []
    play_to_end(page)
    assert _untranslated(page) == []  # the log, banners and game-over screen too
    if lang != "en":
        shown = set(page.evaluate(TEXTS))
        english_only = {v for k, v in EN.items() if len(v) > 25 and catalog[k] != v}
        assert not (shown & english_only), shown & english_only


def test_language_from_browser_and_switcher(new_context, base_url, wait_ready):
    context = new_context(locale="et-EE")
    page = context.new_page()
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "et"
    page.click("#btn-menu")
    page.select_option("#lang-select", "sw")
    sw = _catalog("sw")
    page.wait_for_function(
        f"document.querySelector('h1').textContent.trim() === {json.dumps(sw['app.title'])}"
    )
    assert page.evaluate("document.documentElement.lang") == "sw"
    assert "lang=sw" in page.url
    assert _untranslated(page) == []


def test_marathi_at_phone_width_uses_a_system_devanagari_font(
    new_context, base_url, wait_ready, screenshot
):
    context = new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{base_url}?lang=mr&{FAST}")
    wait_ready(page)
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "h1"})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    assert fonts and all(f["glyphCount"] > 0 for f in fonts), fonts
    assert not any(f["familyName"] == "Last Resort" for f in fonts)
    # Nothing wider than the phone.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    full = screenshot(page, "mr-390")
    page.screenshot(path=str(full.with_name(full.stem + "-viewport.png")))
    play_to_end(page)
    screenshot(page, "mr-390-over")
    assert _untranslated(page) == []
