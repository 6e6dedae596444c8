"""Computer players for the page: the AI's levels when ``tacocat.ai`` is present,
else the engine's random player (so the page works before the AI lands)."""

from __future__ import annotations

from typing import Any

from tacocat import Action
from tacocat.players import RandomPlayer

try:  # the AI package (levels "easy", "medium", "hard")
    from tacocat.ai import LEVELS_OFFERED as _LEVELS
    from tacocat.ai import make_player as _make_player
except ImportError:  # pragma: no cover - depends on what is installed
    _LEVELS = None
    _make_player = None

LEVELS: tuple[str, ...] = tuple(_LEVELS) if _LEVELS else ("easy",)
HAS_AI = _make_player is not None
HINT_LEVEL = "medium" if "medium" in LEVELS else LEVELS[-1]


def make(level: str, seed: int = 0) -> Any:
    """A computer player at ``level`` (falls back to the first offered level)."""
    if level not in LEVELS:
        level = LEVELS[0]
    if _make_player is None:
        return RandomPlayer(seed)
    try:
        return _make_player(level, seed=seed)
    except TypeError:
        return _make_player(level)


class Hint:
    """What the hint button shows: an action and why (key/params for translation)."""

    def __init__(self, action: Action, reason: str, key: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        self.action = action
        self.reason = reason
        self.key = key
        self.params = params or {}


def hint(obs: Any, seed: int = 0) -> Hint:
    player = make(HINT_LEVEL, seed)
    if hasattr(player, "hint"):
        h = player.hint(obs)
        return Hint(h.action, getattr(h, "reason", ""), getattr(h, "key", None),
                    dict(getattr(h, "params", None) or {}))
    return Hint(player.choose(obs), "", "hint.random", {})
