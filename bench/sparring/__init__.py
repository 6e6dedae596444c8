"""Sparring partners for evaluation only, written independently of ``tacocat.ai``:
``counter`` (a card-counting heuristic) and ``ismcts`` / ``ismcts-N`` (ISMCTS that searches
replacement, 300 or N iterations per decision). :func:`make` builds them, or any
``tacocat.ai`` level by name, for :func:`tacocat.ai.arena.run_arena`'s ``factory``."""

from __future__ import annotations

from typing import Any

from tacocat.ai import make_player

from .counter import CounterPlayer
from .ismcts import ISMCTSPlayer

PARTNERS = ("counter", "ismcts")


def make(name: str, seed: int, **options: Any) -> Any:
    """A player by name: a sparring partner, or a ``tacocat.ai`` level."""
    if name == "counter":
        return CounterPlayer(seed)
    if name == "ismcts" or name.startswith("ismcts-"):
        iterations = int(name.split("-", 1)[1]) if "-" in name else 300
        return ISMCTSPlayer(seed, iterations=iterations)
    return make_player(name, seed, **options)
