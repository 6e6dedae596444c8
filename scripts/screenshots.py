#!/usr/bin/env python3
"""Screenshots of the game for docs/screenshots/ (a script to look at, not a test).

    .venv/bin/python -m scripts.screenshots                 # -> e2e/artifacts/screens/
    .venv/bin/python -m scripts.screenshots --docs          # ... and copy to docs/screenshots/
    .venv/bin/python -m scripts.screenshots --lang eu --sizes 360x740
    .venv/bin/python -m scripts.screenshots --schemes light,dark --quick   # two shots each

Serves the repo root (scripts/serve.py) and drives the page in Chromium (Debian's when
present) through: replacement, a duel reveal, a Jumbo defence, the showdown on the
table, game over, and the menu open on a phone. Reduced motion, so no shot catches a card
in flight.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from scripts import serve
from scripts.engine_drivers import CHROMIUM_ARGS as ARGS
from scripts.page_driver import READY, play_to_end

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "e2e" / "artifacts" / "screens"
DOCS = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"


def open_page(page, base: str, query: str) -> None:
    page.goto(f"{base}index.html?fresh=1&{query}")
    page.wait_for_function(READY, timeout=60000)


def settle(page, phase: str | None = None) -> None:
    """Wait until the hand shows ``phase`` (or anything but waiting)."""
    want = f"=== '{phase}'" if phase else "!== 'wait'"
    page.wait_for_function(f"document.getElementById('hand').dataset.phase {want}",
                           timeout=30000)


def shots(page, base: str, lang: str, size: str, out: Path, scheme: str = "light",
          quick: bool = False) -> list[Path]:
    made: list[Path] = []
    q = f"lang={lang}"
    suffix = ("" if lang == "en" else "-" + lang) + ("" if scheme == "light" else "-" + scheme)

    def shot(name: str) -> None:
        path = out / f"{name}-{size}{suffix}.png"
        page.screenshot(path=str(path))
        made.append(path)

    open_page(page, base, f"{q}&pace=1800&level=easy&seed=3")  # slow: the duel stays a while
    settle(page, "replace")
    page.click("#card-3")
    page.click("#card-4")
    shot("replace")
    page.click("#act-confirm")
    settle(page, "duel")
    page.locator("#hand button.card").last.click()  # the computer sealed first: reveal
    page.wait_for_function("document.querySelector('#table-cards [data-key^=duel]:not(.back)')")
    shot("duel")
    if quick:
        return made
    open_page(page, base, f"{q}&pace=0&scenario=defend")
    settle(page, "defend")
    page.click("#card-2")  # hold the 4 with the 7; the 5 and 6 are still to answer
    settle(page, "defend")
    shot("jumbo-defence")
    open_page(page, base, f"{q}&pace=0&mode=hotseat&scenario=showdown")
    settle(page, "attack")
    page.click("#card-1")
    page.click("#act-confirm")
    page.click("#pass-show")
    settle(page, "defend")
    page.click("#act-sacrifice")  # WOW gives up the 3, keeps the 10: YAY's 2 wins
    page.wait_for_selector("#btn-continue")
    shot("showdown")
    open_page(page, base, f"{q}&pace=0&level=easy&seed=3")
    play_to_end(page)
    shot("game-over")
    page.click("#btn-over-stats")
    page.wait_for_selector("#dlg-stats[open]")
    shot("statistics")
    page.click("#stats-close")
    page.click("#btn-over-replay")
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    shot("replay")
    page.click("#replay-exit")
    if page.viewport_size["width"] < 900:
        page.click("#btn-menu")
        shot("menu")
    open_page(page, base, f"{q}&pace=0")
    page.click("#btn-menu")
    page.click("#btn-learn")
    page.click("#act-confirm")  # keep every card: the lesson explains why not
    page.wait_for_selector("#lesson-feedback.wrong")
    shot("lesson")
    page.goto(f"{base}docs/article-eu.html")
    page.get_by_role("button").nth(1).click()  # the duel's poster: Play
    page.wait_for_selector("iframe")
    frame = next(f for f in page.frames if "lesson=" in f.url)
    frame.wait_for_function(READY, timeout=60000)
    page.locator("iframe").first.scroll_into_view_if_needed()
    shot("article-lessons")
    return made


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="360x740,390x844,1280x800")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--schemes", default="light", help="light, dark or both (light,dark)")
    ap.add_argument("--quick", action="store_true", help="only the replacement and the duel")
    ap.add_argument("--docs", action="store_true", help="copy the shots to docs/screenshots/")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    server, base = serve.start_server(ROOT, port=0)
    made: list[Path] = []
    try:
        with sync_playwright() as p:
            launch = {"executable_path": CHROMIUM, "args": ARGS} if Path(CHROMIUM).exists() \
                else {}
            browser = p.chromium.launch(**launch)
            for size in args.sizes.split(","):
                width, height = map(int, size.split("x"))
                for scheme in args.schemes.split(","):
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  reduced_motion="reduce", color_scheme=scheme)
                    made += shots(context.new_page(), base, args.lang, size, OUT, scheme,
                                  args.quick)
                    context.close()
            browser.close()
    finally:
        serve.stop_server(server)
    if args.docs:
        DOCS.mkdir(parents=True, exist_ok=True)
        for path in made:
            shutil.copy(path, DOCS / path.name)
    print("\n".join(str(p) for p in made))
    return 0


if __name__ == "__main__":
    sys.exit(main())
