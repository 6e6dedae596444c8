"""Play the game in any engine through its accessible names only: one JS step at a time,
run in the page (or, with ``frame``, in a same-origin iframe's document), finding buttons
by the names a screen reader would announce (the catalog's sentences), never by ids.
Load the page with ``fresh=1`` (no resume offer)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scripts.page_driver import play_to_end

CATALOG = json.loads(
    (Path(__file__).resolve().parents[2] / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))


def _prefix(key: str) -> str:
    """The fixed start of a catalog sentence, before its first placeholder."""
    return re.split(r"\{", CATALOG[key], maxsplit=1)[0]


NAMES = {
    "keep": CATALOG["action.confirm.keep"],
    "attack": _prefix("action.attack"),
    "sacrifice": _prefix("action.sacrifice"),
    "continue": CATALOG["banner.continue"],
    "rematch": CATALOG["over.rematch"],
}

# One step of a simple player: keep every card, duel/defend with the first usable card,
# attack with one card, sacrifice when nothing defends, continue after each round.
STEP = """({names, frameSel}) => {
  const doc = frameSel ? document.querySelector(frameSel).contentDocument : document;
  const name = (el) => (el.getAttribute('aria-label')
    || (el.getAttribute('aria-labelledby') || '').split(' ')
         .map((id) => doc.getElementById(id)?.textContent || '').join(' ')
    || el.textContent).replace(/\\s+/g, ' ').trim();
  const usable = (el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true'
    && el.offsetParent !== null && !el.closest('[hidden], [inert]');
  const buttons = [...doc.querySelectorAll('button')].filter(usable);
  const find = (start) => buttons.find((b) => name(b).startsWith(start));
  if ([...doc.querySelectorAll('button')].some((b) => name(b) === names.rematch
                                               && b.offsetParent !== null)) return 'over';
  for (const key of ['continue', 'keep', 'attack', 'sacrifice']) {
    const b = find(names[key]);
    if (b) { b.click(); return key; }
  }
  const card = buttons.find((b) => /^\\d+ — /.test(name(b))
                                   && b.getAttribute('aria-pressed') !== 'true');
  if (card) { card.click(); return 'card ' + name(card); }
  return 'wait';
}"""


def play_by_names(engine, frame: str | None = None, timeout: float = 600.0) -> int:
    """Play as YAY until the game is over (scripts/page_driver.py's play_to_end with this step);
    the number of clicks. ``frame``: a CSS selector of a same-origin iframe to play in."""
    return play_to_end(engine, timeout, step=STEP, arg={"names": NAMES, "frameSel": frame})
