"""Analyses kept with their game records in the browser (no browser API here; unit-tested).

The page keeps no archive of finished games (the save is cleared when a game ends), so an
analysis is stored *with* the record it analyses: each entry holds the record itself, the
seat, and :meth:`tacocat.ai.analysis.Analysis.to_dict`. Opening Analyse again on the same
game — the game just finished, its replay, the same file imported again or the same
shared link — finds the entry by the record's content and shows it at once.

Anything stored that does not read back (edited by hand, written by another version) is
ignored: a malformed whole is set aside by :mod:`web.platform.storage`, a malformed entry is
dropped when it is looked up, and the analysis is simply computed again.
"""

from __future__ import annotations

import json
from typing import Any

from tacocat import GameRecord
from tacocat.ai.analysis import Analysis
from web.formats.stored import read_stored, stored_list, stored_text

FORMAT, VERSION = "tacocat-analyses", 1
KEEP = 8  # the most recent analyses (each is ≈ 15–25 KB of JSON)
LEVEL = "master"


def record_key(record: GameRecord) -> dict[str, Any]:
    """What identifies a game: its seed, ruleset, start position and moves — as JSON
    reads it back (lists, not tuples), so a stored key compares equal."""
    return json.loads(record.to_json())


class AnalysisStore:
    def __init__(self, entries: list[dict[str, Any]] | None = None) -> None:
        self.entries: list[dict[str, Any]] = entries or []

    def find(self, record: GameRecord, seat: int, level: str = LEVEL) -> Analysis | None:
        """The stored analysis of ``seat`` in ``record``, or ``None`` (also when the
        entry no longer reads back: it is dropped, and the caller computes it again)."""
        key = record_key(record)
        for entry in list(self.entries):
            if entry["seat"] == seat and entry["level"] == level and entry["record"] == key:
                try:
                    found = Analysis.from_dict(entry["analysis"])
                    if found.seat != seat or found.level != level:
                        raise ValueError("the analysis is of another seat or level")
                    return found
                except (ValueError, TypeError, KeyError):
                    self.entries.remove(entry)
                    return None
        return None

    def put(self, record: GameRecord, analysis: Analysis) -> None:
        """Keep ``analysis`` of ``record`` (replacing an older one of the same seat)."""
        key = record_key(record)
        self.entries = [e for e in self.entries if not (
            e["seat"] == analysis.seat and e["level"] == analysis.level
            and e["record"] == key)]
        self.entries.append({"record": key, "seat": analysis.seat, "level": analysis.level,
                             "analysis": analysis.to_dict()})
        del self.entries[:-KEEP]

    # -- storage -----------------------------------------------------------------------------
    def to_text(self) -> str:
        return stored_text(FORMAT, VERSION, entries=self.entries)

    @classmethod
    def from_text(cls, text: str) -> AnalysisStore:
        """Stored analyses; ``ValueError`` when the whole is not ours or is malformed (a
        single entry's analysis is checked only when it is looked up)."""
        data = read_stored(text, FORMAT, VERSION, what="the stored analyses",
                           not_ours="not Tacocat analyses",
                           old_version="analyses version {version!r}")
        return cls(stored_list(data, "entries", KEEP, _valid_entry, what="analyses"))


def _valid_entry(e) -> bool:
    return (isinstance(e, dict) and set(e) == {"record", "seat", "level", "analysis"}
            and e["seat"] in (0, 1) and type(e["seat"]) is int
            and isinstance(e["level"], str) and isinstance(e["record"], dict))


__all__ = ["AnalysisStore", "record_key"]
