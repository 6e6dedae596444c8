"""Computer players for the page: the AI levels offered to players, and hints."""

from __future__ import annotations

from tacocat.ai import LEVELS_OFFERED as LEVELS
from tacocat.ai import Hint, make_player
from tacocat.observation import Observation
from tacocat.players import Player

HINT_LEVEL = "medium"


def make(level: str, seed: int = 0) -> Player:
    """A computer player at ``level`` (an unknown level falls back to the first offered)."""
    return make_player(level if level in LEVELS else LEVELS[0], seed)


def hint(obs: Observation, seed: int = 0) -> Hint:
    """A recommended move for the human in ``obs.viewer``'s seat, with its reason."""
    return make_player(HINT_LEVEL, seed).hint(obs)
