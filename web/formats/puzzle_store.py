"""The player's puzzles, kept on the device next to the statistics: the rated run's
Glicko-2 rating and its history (the small graph), and the day's puzzles tried (the
streak, and which day's puzzle is done). Read strictly: anything malformed is set aside
by the page with a message, like the other stores (web/platform/storage.py)."""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field
from typing import Any

from tacocat.puzzles import Rating
from web.formats.stored import read_stored, stored_list, stored_text

FORMAT, VERSION = "tacocat-puzzles-played", 1
KEEP = 500  # the most recent rated puzzles and days kept
ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz234567")


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 8 and set(value) <= ID_CHARS


def _finite(value: Any, low: float, high: float) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and low <= value <= high


def _valid_rated(item: Any) -> bool:
    return isinstance(item, dict) and _is_id(item.get("id")) and \
        type(item.get("solved")) is bool and _finite(item.get("rating"), 0, 4000)


def _valid_day(item: Any) -> bool:
    if not isinstance(item, dict) or not _is_id(item.get("id")) or \
            type(item.get("solved")) is not bool or type(item.get("hinted")) is not bool:
        return False
    try:
        datetime.date.fromisoformat(item.get("day"))
    except (TypeError, ValueError):
        return False
    return True


@dataclass
class PuzzleRecord:
    rating: Rating = field(default_factory=Rating)
    rated: list[dict[str, Any]] = field(default_factory=list)  # {id, solved, rating after}
    days: list[dict[str, Any]] = field(default_factory=list)  # {day, id, solved, hinted}

    def add_rated(self, puzzle_id: str, solved: bool, rating: Rating) -> None:
        self.rating = rating
        self.rated.append({"id": puzzle_id, "solved": solved, "rating": round(rating.rating)})
        del self.rated[:-KEEP]

    def add_day(self, day: datetime.date, puzzle_id: str, solved: bool, hinted: bool) -> None:
        """The day's puzzle, first try only (a second try that day changes nothing)."""
        if self.day(day) is None:
            self.days.append({"day": day.isoformat(), "id": puzzle_id, "solved": solved,
                              "hinted": hinted})
            del self.days[:-KEEP]

    def day(self, day: datetime.date) -> dict[str, Any] | None:
        return next((d for d in self.days if d["day"] == day.isoformat()), None)

    def streak(self, today: datetime.date) -> int:
        """Days in a row, up to today (or yesterday, while today's is not done yet),
        whose puzzle was solved."""
        solved = {d["day"] for d in self.days if d["solved"]}
        day = today if today.isoformat() in solved else today - datetime.timedelta(days=1)
        run = 0
        while day.isoformat() in solved:
            run += 1
            day -= datetime.timedelta(days=1)
        return run

    def done_ids(self) -> set[str]:
        return {r["id"] for r in self.rated}

    def history(self, n: int = 30) -> list[int]:
        """The rating after each of the last ``n`` rated puzzles (the graph)."""
        return [r["rating"] for r in self.rated[-n:]]

    # -- storage ------------------------------------------------------------------------
    def to_text(self) -> str:
        return stored_text(FORMAT, VERSION, rating=self.rating.to_dict(), rated=self.rated,
                           days=self.days)

    @classmethod
    def from_text(cls, text: str) -> PuzzleRecord:
        """A stored record; ``ValueError`` when it is not ours or is malformed."""
        data = read_stored(text, FORMAT, VERSION, what="the puzzles played",
                           not_ours="not Tacocat puzzles",
                           old_version="puzzles version {version!r}", max_bytes=200_000)
        r = data.get("rating")
        if not isinstance(r, dict) or not _finite(r.get("rating"), 0, 4000) or \
                not _finite(r.get("rd"), 1, 1000) or not _finite(r.get("volatility"), 0, 1):
            raise ValueError("malformed puzzle rating")
        rated = stored_list(data, "rated", KEEP, _valid_rated, what="puzzles played")
        days = stored_list(data, "days", KEEP, _valid_day, what="puzzles played")
        return cls(Rating(float(r["rating"]), float(r["rd"]), float(r["volatility"])),
                   rated, days)


__all__ = ["PuzzleRecord"]
