"""Statistics of finished games, kept in the browser next to the save (no browser API
here; unit-tested). Each game is one small entry; the table is computed from them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tacocat import YAY
from web.formats.stored import read_stored, stored_list, stored_text
from web.model.levels import LEVELS
from web.model.session import MODE_AI, MODE_HOTSEAT

FORMAT, VERSION = "tacocat-stats", 1
KEEP = 500  # the most recent games; older ones are dropped
HOTSEAT = "hotseat"


@dataclass(frozen=True)
class Row:
    """One line of the table: against one computer level, or two players on one device."""

    key: str
    games: int
    wins: int  # the human's wins (for two players: YAY's)
    rounds: float  # average rounds per game
    streak: int  # current run of wins (vs the computer)
    best: int  # longest run of wins

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None


class Stats:
    def __init__(self, games: list[dict[str, Any]] | None = None) -> None:
        self.games: list[dict[str, Any]] = games or []

    def add(self, mode: str, level: str, human: int, winner: int, rounds: int) -> None:
        """Count a finished game (vs the computer or two players; watching is not counted)."""
        if mode == MODE_AI:
            self.games.append({"key": level, "won": winner == human, "rounds": rounds})
        elif mode == MODE_HOTSEAT:
            self.games.append({"key": HOTSEAT, "won": winner == YAY, "rounds": rounds})
        del self.games[:-KEEP]

    def row(self, key: str) -> Row:
        mine = [g for g in self.games if g["key"] == key]
        wins = sum(g["won"] for g in mine)
        streak = best = run = 0
        for g in mine:
            run = run + 1 if g["won"] else 0
            best = max(best, run)
        streak = run
        rounds = sum(g["rounds"] for g in mine) / len(mine) if mine else 0.0
        return Row(key, len(mine), wins, rounds, streak, best)

    def rows(self) -> list[Row]:
        """Every computer level the page offers, then two players; only keys with games."""
        return [r for r in (self.row(k) for k in (*LEVELS, HOTSEAT)) if r.games]

    def recent(self, n: int = 20) -> list[dict[str, Any]]:
        """The last ``n`` games against the computer, oldest first (for the chart)."""
        return [g for g in self.games if g["key"] != HOTSEAT][-n:]

    # -- storage -----------------------------------------------------------------------------
    def to_text(self) -> str:
        return stored_text(FORMAT, VERSION, games=self.games)

    @classmethod
    def from_text(cls, text: str) -> Stats:
        """Stored statistics; ``ValueError`` when they are not ours or are malformed."""
        data = read_stored(text, FORMAT, VERSION, what="the statistics",
                           not_ours="not Tacocat statistics",
                           old_version="statistics version {version!r}", max_bytes=100_000)
        games = stored_list(data, "games", KEEP, _valid_game, what="statistics")
        # a level this page no longer offers is dropped, not an error
        return cls([g for g in games if g["key"] in (*LEVELS, HOTSEAT)])


def _valid_game(g) -> bool:
    return (isinstance(g, dict) and set(g) == {"key", "won", "rounds"}
            and isinstance(g["key"], str) and type(g["won"]) is bool
            and type(g["rounds"]) is int and 1 <= g["rounds"] <= 10_000)


__all__ = ["HOTSEAT", "Row", "Stats"]
