"""Tacocat puzzles: trick-fight positions from real games where one move wins.

Both hands are shown; the side to move must win the round. Exactly one first move wins,
at least two do not, and the rule of thumb's move is not it. The page builds on this
package (pure, standard library only, deterministic on CPython and Pyodide):

* :class:`Puzzle` — the position, its main line, rating, band and id;
  :func:`loads` / :func:`dumps` the data file (``web/puzzles.json``),
  :class:`PuzzleError` for anything malformed;
* :func:`game` — a :class:`~tacocat.Game` at the puzzle's position;
* the referee: :func:`is_winning`, :func:`reply`, :func:`refutation`, :func:`solution`,
  :func:`result`; :func:`hint` (a catalog key, then the card);
* :func:`daily` — the puzzle of a date; :func:`next_puzzle` and :mod:`.glicko` for a
  rated run.

``scripts/build_puzzles.py`` generates the set; docs/puzzles.md describes it.
"""

from __future__ import annotations

from ..game import Game
from .checks import verify
from .clues import HINT_KEYS, Clue, hint
from .codec import BANDS, Puzzle, band_for, dumps, loads, replay
from .glicko import Rating, after_puzzle, expected_score, update
from .referee import (
    PuzzleError,
    best_line,
    is_winning,
    refutation,
    reply,
    result,
    round_over,
    solution,
    winning_moves,
)
from .schedule import daily, daily_order, next_puzzle


def game(puzzle: Puzzle) -> Game:
    """A fresh :class:`~tacocat.Game` at the puzzle's position, the solver to move (in the
    defend phase the attack and the answers so far are on the table)."""
    return puzzle.game()


__all__ = [
    "BANDS", "HINT_KEYS", "Clue", "Puzzle", "PuzzleError", "Rating", "after_puzzle",
    "band_for", "best_line", "daily", "daily_order", "dumps", "expected_score", "game",
    "hint", "is_winning", "loads", "next_puzzle", "refutation", "replay", "reply", "result",
    "round_over", "solution", "update", "verify", "winning_moves",
]
