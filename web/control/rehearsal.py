"""A rehearsal, soon after start-up: the code a move runs, run once on a copy of the game.

On a phone the first move of a visit cost several times a later one (its tap task 55–66 ms
at 4× CPU throttle against ≈ 15 ms, the computer's first decision 117 ms): the first call
of each code path pays for it (the browser compiles WebAssembly functions lazily, Python's
interpreter specialises its bytecode on first runs). So while the page waits for the
player, a copy of the game (made through the save's own text) plays a few moves with
the computer's players, and every move is drawn into trees and diffed against the last —
exactly the work of a real move, except that nothing reaches the page: no DOM, no
storage, no sound, the real game and its players untouched.

It runs in slices (a yield between steps, the search's own ≤ 20 ms slices), so a tap during
it waits for one slice at most, and it stops as soon as the page moves on (``alive``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from web.control.computer import think_sliced
from web.formats.saved_game import save_text, session_from_save
from web.model import levels
from web.model.screen import Screen, Ui
from web.model.session import Session
from web.render.vdom import Differ, Memo
from web.views.log_view import LogLines
from web.views.page_view import page

PLIES = 4  # moves rehearsed: both seats act at least once
SEARCH_SLICES = 3  # slices of the game's own level rehearsed (its code paths, not its answer)


async def rehearse(session: Session, alive: Callable[[], bool]) -> int:
    """Play up to ``PLIES`` moves of a copy of ``session``, drawing each into trees;
    returns how many were played (0 if the page moved on first)."""
    copy = session_from_save(save_text(session))
    differ, memo, log = Differ(), Memo(), LogLines()
    easy = levels.make("easy", seed=1)
    own = levels.make(session.level, seed=2)
    played = 0
    for ply in range(PLIES):
        game = copy.game
        if game.is_terminal() or not alive():
            break
        if copy.result_pending:
            copy.next_round()
            continue
        seat = game.to_act()[0]
        obs = game.observation(seat)
        screen = Screen.build(copy, Ui(viewer=seat))
        json.dumps(differ.render(page(screen, log, memo)))
        await asyncio.sleep(0)
        if ply == 0:  # the game's own level: its first slices only
            await think_sliced(own, obs, alive, SEARCH_SLICES)
        action = await think_sliced(easy, obs, alive)
        if action is None or not alive():
            break
        copy.apply(seat, action)
        played += 1
        await asyncio.sleep(0)
    return played


__all__ = ["rehearse"]
