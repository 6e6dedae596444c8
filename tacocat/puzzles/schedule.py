"""Which puzzle to show: the puzzle of the day, and the next puzzle of a rated run.

The day's puzzle must be the same for everyone who shares a calendar date, offline, with
no server to ask — so it is a pure function of the date (and the set): the puzzles in a
fixed shuffled order, one a day, cycling. The order comes from SHA-256 of a constant salt
and each puzzle's id, never from the clock, Python's ``hash()`` or ``random``'s
algorithm, so CPython and Pyodide agree, and adding puzzles to the set only inserts
them into the cycle. The caller decides what "today" is (the player's local date), so the
time zone is the caller's business and a date carries none.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable, Sequence
from random import Random

from .codec import Puzzle
from .referee import PuzzleError

DAILY_SALT = "tacocat-daily-1"
EPOCH = datetime.date(2026, 1, 1)  # day 0 of the cycle
NEAR = 8  # a rated run draws among this many unsolved puzzles nearest the player's rating


def _order_key(puzzle: Puzzle) -> bytes:
    return hashlib.sha256(f"{DAILY_SALT}:{puzzle.id}".encode("ascii")).digest()


def daily_order(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """The cycle of the day's puzzles: ``puzzles`` in their fixed shuffled order."""
    return sorted(puzzles, key=_order_key)


def daily(puzzles: Sequence[Puzzle], day: datetime.date) -> Puzzle:
    """The puzzle of ``day`` (a calendar date; a ``datetime`` counts by its own date)."""
    if not isinstance(day, datetime.date):
        raise TypeError(f"daily() takes a datetime.date, not {type(day).__name__}")
    if not puzzles:
        raise PuzzleError("there are no puzzles to choose from")
    cycle = daily_order(puzzles)
    ordinal = datetime.date(day.year, day.month, day.day).toordinal()
    return cycle[(ordinal - EPOCH.toordinal()) % len(cycle)]


def next_puzzle(puzzles: Sequence[Puzzle], rating: float, done_ids: Iterable[str],
                rng_or_seed: Random | int | str) -> Puzzle | None:
    """A puzzle for a rated run: one of the :data:`NEAR` puzzles nearest ``rating`` that
    the player has not done (all of them again once every puzzle is done), drawn with
    ``rng_or_seed`` — deterministic given the arguments. ``None`` for an empty set."""
    rng = rng_or_seed if isinstance(rng_or_seed, Random) else Random(rng_or_seed)
    done = set(done_ids)
    pool = [p for p in puzzles if p.id not in done] or list(puzzles)
    if not pool:
        return None
    pool.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return pool[rng.randrange(min(NEAR, len(pool)))]
