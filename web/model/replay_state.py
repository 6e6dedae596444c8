"""Stepping through a game move by move and round by round (no browser API; unit-tested).

Each position is rebuilt from the record's first ``k`` moves, so the board, the table,
the hands and the log are exactly the game's at that point — forward and back alike.
"""

from __future__ import annotations

from tacocat import GameRecord
from tacocat import events as ev
from web.model.session import Session


class Replay:
    def __init__(self, record: GameRecord, mode: str, level: str, human: int) -> None:
        self.record = record
        self.mode, self.level, self.human = mode, level, human
        self.total = len(record.moves)
        whole = self._build(self.total)
        self.finished = whole.game.is_terminal()
        # after how many moves each round ended (the moves that led to a showdown)
        self.ends = [k for k, events in enumerate(whole.move_events, 1)
                     if any(e.kind == ev.SHOWDOWN for e in events)]
        self.at = 0
        self._cache: dict[int, Session] = {self.total: whole}

    def _build(self, k: int) -> Session:
        prefix = GameRecord(self.record.seed, self.record.moves[:k], self.record.ruleset,
                            self.record.position)
        return Session.from_record(prefix, self.mode, self.level, self.human,
                                   result_pending=True)

    def session(self) -> Session:
        """The game after the first :attr:`at` moves (a round result stays on the table)."""
        got = self._cache.get(self.at)
        if got is None:
            if len(self._cache) > 8:
                self._cache = {self.total: self._cache[self.total]}
            got = self._cache[self.at] = self._build(self.at)
        return got

    def go(self, k: int) -> None:
        self.at = min(max(k, 0), self.total)

    def step(self, delta: int) -> None:
        self.go(self.at + delta)

    def next_round(self) -> None:
        """To the end of this round (its showdown), or of the next one if already there."""
        self.go(next((k for k in self.ends if k > self.at), self.total))

    def previous_round(self) -> None:
        self.go(max((k for k in self.ends if k < self.at), default=0))

    def round_number(self) -> int:
        return self.session().game.round if self.at not in self.ends else \
            self.ends.index(self.at) + 1
