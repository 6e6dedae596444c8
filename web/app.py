"""The page's entry point (``<script type="py">`` in index.html): build the controller and
start the game. Where everything else lives (docs/ARCHITECTURE.md):

* :mod:`web.control` — the controller and its features (input → the move pipeline →
  renders; replay, lessons, analysis, statistics, games and settings);
* :mod:`web.model` — the state the views are handed, pure (session, screen, replay,
  lessons, analysis, take back, the words);
* :mod:`web.formats` — what is stored or shared (preferences, statistics, analyses,
  share links);
* :mod:`web.views` — pure functions from the state to trees, one per region;
* :mod:`web.render` — the tree diff, the painter (web/render/patch.js) and the motion;
* :mod:`web.platform` — the only code that touches browser APIs.
"""

from __future__ import annotations

import gc

from web.control.controller import Controller

APP: Controller | None = None


def main() -> Controller:
    global APP
    APP = Controller()
    APP.start()
    # Everything loaded so far (modules, catalogs, the runtime's own objects) lives as long
    # as the page: out of the collector's sight, its passes during play stay short.
    gc.freeze()
    return APP


__all__ = ["main"]
