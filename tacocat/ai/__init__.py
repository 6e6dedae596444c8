"""The computer opponent: ``make_player(level, seed)`` for every level.

Levels: ``random`` and ``greedy`` (baselines), ``easy``, ``medium``, ``hard``, ``master``
(offered to players, :data:`LEVELS_OFFERED`), and for evaluation only ``hard-2026`` (the
earlier ``hard``, frozen: rule-of-thumb replacement), ``master-2026`` (master before
issue 21, frozen) and ``oracle`` (sees both hands).

Every player has ``name``, ``choose(obs) -> Action``, ``think(obs)`` — a generator that
yields between work slices (≤ 20 ms) and returns the action — and ``hint(obs) -> Hint``
(``action, reason, key, params``; see :mod:`tacocat.ai.hints`). The oracle has
``needs_game = True`` and ``choose_with_game(game, seat)`` instead.
"""

from __future__ import annotations

from typing import Any

from ..observation import Observation
from ..players import Player, RandomPlayer
from .computer_players import GreedyPlayer, MasterPlayer, OraclePlayer, SearchPlayer
from .hints import Hint, explain

LEVELS = ("random", "greedy", "easy", "medium", "hard", "master", "hard-2026", "master-2026",
          "oracle")
LEVELS_OFFERED = ("easy", "medium", "hard", "master")

#: Settings per searching level (keyword arguments of :class:`SearchPlayer`).
# Iteration caps per hand size: about what a 25 ms budget reached on an idle machine (the
# budget used to decide, so strength and moves fell with the machine's load).
MEDIUM_CAPS = {8: 3, 9: 2}
HARD_CAPS = {7: 12, 8: 6, 9: 2}
LEVEL_OPTIONS: dict[str, dict[str, Any]] = {
    "easy": {"samples": 0, "mistake": 0.25},
    "medium": {"samples": 4, "size_caps": MEDIUM_CAPS, "mixed_duel": False},
    "hard": {"samples": 20, "size_caps": HARD_CAPS, "duel_top": 3, "replacement": "trim"},
    # the earlier hard, frozen for evaluation (the rule-of-thumb replacement); not offered
    "hard-2026": {"samples": 20, "size_caps": HARD_CAPS, "duel_top": 3,
                  "replacement": "rule"},
}

#: Settings of :class:`MasterPlayer` per level. ``master-2026`` is master as it was before
#: issue 21, frozen for evaluation: every later improvement sits behind an option whose old
#: value is spelled out here (tests/test_ai_frozen.py replays its recorded moves).
MASTER_OPTIONS: dict[str, dict[str, Any]] = {
    "master": {},
    "master-2026": {"samples": 32, "duel_top": 3, "min_samples": 8,
                    "replace_rounds": (8, 16, 32, 64), "exact_at": 6, "max_low": 3,
                    "trick_exact_at": 6, "close_factor": 1, "budget_ms": 1500.0,
                    "duel_by_rank": False},
}


class _RandomWithHint(RandomPlayer):
    def hint(self, obs: Observation) -> Hint:
        return explain(obs, self.choose(obs))


def make_player(level: str, seed: int = 0, **options: Any) -> Player:
    """A player for ``level``; ``options`` override the level's settings
    (e.g. ``budget_ms=None`` for a deterministic, iteration-capped search)."""
    if level == "random":
        return _RandomWithHint(seed)
    if level == "greedy":
        return GreedyPlayer(seed)
    if level == "oracle":
        return OraclePlayer(seed, **options)
    if level in MASTER_OPTIONS:
        return MasterPlayer(seed, name=level, **{**MASTER_OPTIONS[level], **options})
    if level in LEVEL_OPTIONS:
        return SearchPlayer(seed, name=level, **{**LEVEL_OPTIONS[level], **options})
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "LEVELS_OFFERED", "Hint", "make_player"]
