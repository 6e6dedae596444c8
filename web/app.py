"""The page's entry point (``<script type="py">`` in index.html): build the controller and
start the game. The modules behind it:

* :mod:`web.controller` (+ :mod:`web.commands`) — input → engine actions → renders;
* :mod:`web.views` — one view per region: board, opponent, table, hand, result, log,
  tracker, dialogs; :mod:`web.screen` — what they are handed;
* :mod:`web.motion` — the animations; :mod:`web.keys` — the keyboard;
* :mod:`web.session` — the game, its log and saves (no browser API; unit-tested);
* :mod:`web.storage`, :mod:`web.prefs`, :mod:`web.records`, :mod:`web.computer`,
  :mod:`web.text`, :mod:`web.i18n`, :mod:`web.shell`.
"""

from __future__ import annotations

import gc

from .controller import Controller

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
