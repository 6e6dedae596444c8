"""The page's entry point (``<script type="py">`` in index.html): import the game, build
the controller and start it. Where everything else lives (docs/ARCHITECTURE.md):

* :mod:`web.control` — the controller and its features (input → the move pipeline →
  renders; replay, lessons, analysis, statistics, games and settings);
* :mod:`web.model` — the state the views are handed, pure (session, screen, replay,
  lessons, analysis, take back, the words);
* :mod:`web.formats` — what is stored or shared (preferences, statistics, analyses,
  share links);
* :mod:`web.views` — pure functions from the state to trees, one per region;
* :mod:`web.render` — the tree diff, the painter (web/render/patch.js) and the motion;
* :mod:`web.platform` — the only code that touches browser APIs.

Nothing here is imported at once: a first visit imports about 80 modules of ours, which
at a phone's speed took one task of 0.3–0.6 s (issue #52). They are imported one by one
in the order the build wrote (``web/import_order.json``, scripts/build_app.py), and the
browser gets the thread back whenever a slice has taken :data:`SLICE_S`, as it does
between the start's own steps (web/control/controller.py). A later visit restored from
the start-up snapshot finds most of them imported already.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import time
from pathlib import Path

ORDER = Path(__file__).resolve().parent / "import_order.json"
SLICE_S = 0.02  # at 4× CPU a slice then ends by ≈ 80 ms, a package's own import included

APP = None


async def import_in_slices(order_file: Path = ORDER, slice_s: float = SLICE_S) -> int:
    """Import the page's modules in the build's order, yielding between slices; returns
    how many slices it took. Without the list (a hand-made archive) nothing is imported
    here and the controller's import does it all at once, as before."""
    try:
        names = json.loads(order_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    slices = 1
    end = time.perf_counter() + slice_s
    for name in names:
        importlib.import_module(name)
        if time.perf_counter() > end:
            await asyncio.sleep(0)
            slices += 1
            end = time.perf_counter() + slice_s
    return slices


async def main():
    """Import the game in slices, then build the page (the composition: the controller
    gets the browser's page, web/platform/browser_page.py) and start it."""
    global APP
    from web.platform.browser import document, window

    document.documentElement.dataset.bootStep = "deal"  # the start-up's last step (index.html)
    await import_in_slices()
    from web.control.controller import Controller
    from web.i18n.catalog import set_language
    from web.platform import embed, offline
    from web.platform.browser_page import BrowserPage
    from web.platform.dom import params, proxy, reduced_motion
    from web.platform.language import language

    set_language(language())
    query, embedded = params(), embed.is_embedded()
    page = BrowserPage()
    APP = Controller(page, query, embedded, reduced_motion)
    page.bind(APP)
    # the moves' profile, read by bench/web_play.py once a game is over
    window.tacocatProfile = proxy(APP.profile.to_json)
    await APP.start()
    offline.start(query, embedded)
    if embedded:
        embed.start()
    # Everything loaded so far (modules, catalogs, the runtime's own objects) lives as long
    # as the page: out of the collector's sight, its passes during play stay short.
    gc.freeze()
    return APP


__all__ = ["import_in_slices", "main"]
