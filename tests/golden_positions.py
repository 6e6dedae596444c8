"""Positions for the frozen-master check: every 7th decision of games played by the
greedy rule of thumb (deterministic), so every phase and hand size appears."""

from __future__ import annotations

from collections.abc import Iterator

from tacocat import Game
from tacocat.ai.rules_of_thumb import greedy_action
from tacocat.observation import Observation


def positions(games: int = 4, every: int = 7
              ) -> Iterator[tuple[int, int, int, Observation, Game]]:
    """(game seed, decision number, seat, that seat's observation, a copy of the game)."""
    for seed in range(games):
        g = Game(900 + seed)
        step = 0
        while not g.is_terminal():
            for p in g.to_act():
                obs = g.observation(p)
                if step % every == 0 and len(obs.legal_actions()) > 1:
                    yield 900 + seed, step, p, obs, g.clone()
                step += 1
                g.apply(p, greedy_action(obs))
