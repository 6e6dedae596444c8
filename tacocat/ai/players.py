"""The computer players: greedy baseline, the searching levels, and the oracle.

Every player decides from its :class:`~tacocat.observation.Observation` only (the oracle,
evaluation-only, is the exception and says so with ``needs_game``). Randomness comes from
a per-decision ``Random`` seeded by the player's seed and the public content of the
observation, so a decision never depends on anything hidden, nor on call order.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from random import Random

from ..actions import ATTACK, DEFEND, DUEL, REPLACE, Action
from ..game import Game
from ..moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE
from ..observation import Observation
from ..players import run_think
from .hints import Hint, explain
from .rules_of_thumb import greedy_action, replace_rule
from .search import (
    duel_candidates,
    duel_entry,
    duel_mix,
    duel_table,
    pick_from_mix,
    sample_hand,
    solver_for,
    tie_for,
    trick_values,
)
from .solver import SliceClock

SLICE_S = 0.015  # yield to the caller after about this much work (slices stay ≤ 20 ms)


def decision_rng(seed: int, obs: Observation) -> Random:
    """A RNG for one decision: the seed plus the viewer's public view (never hidden cards)."""
    key = (seed, obs.viewer, obs.round, obs.cat, obs.tiles, obs.phase, obs.hand,
           obs.discard, obs.attack, obs.answers, obs.duels, obs.replaced, obs.moves)
    return Random(repr(key))


def preference(action: Action) -> tuple[int, int]:
    """Tie-break between equally valued moves: shed high cards, defend cheaply, and
    sacrifice last."""
    if action.kind == ATTACK:
        return (action.cards[-1], len(action.cards))
    if action.kind == DEFEND:
        return (-action.cards[0], 0)
    return (-100, 0)


class _Base:
    name = "base"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, obs: Observation) -> Action:
        return run_think(self.think(obs))

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        raise NotImplementedError

    def hint(self, obs: Observation) -> Hint:
        """A move for the human in ``obs.viewer``'s seat, with a reason (see :class:`Hint`)."""
        action, score = run_think(self._analyse(obs))
        return explain(obs, action, score)

    def _analyse(self, obs: Observation) -> Generator[None, None, tuple[Action, float | None]]:
        action = yield from self.think(obs)
        return action, None


class GreedyPlayer(_Base):
    """The documented rule of thumb (:mod:`tacocat.ai.rules_of_thumb`)."""

    name = "greedy"

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        return greedy_action(obs)
        yield  # pragma: no cover


class SearchPlayer(_Base):
    """PIMC player. ``samples`` caps the opponent hands sampled per decision (the
    iteration cap; with ``budget_ms=None`` the result is deterministic); ``budget_ms`` is
    the wall-clock budget. ``duel_top`` is how many high duel cards are weighed;
    ``mistake`` is the chance of a random legal move (the easy level's kindness);
    ``mixed_duel`` switches the equilibrium duel on (otherwise: the highest card)."""

    def __init__(self, seed: int = 0, *, name: str = "hard", samples: int = 24,
                 budget_ms: float | None = 60.0, duel_top: int = 4, min_samples: int = 2,
                 mistake: float = 0.0, mixed_duel: bool = True) -> None:
        super().__init__(seed)
        self.name = name
        self.samples = samples
        self.budget_ms = budget_ms
        self.duel_top = duel_top
        self.min_samples = min_samples
        self.mistake = mistake
        self.mixed_duel = mixed_duel

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        action, _ = yield from self._decide(obs)
        return action

    def _analyse(self, obs: Observation) -> Generator[None, None, tuple[Action, float | None]]:
        return (yield from self._decide(obs, hint=True))

    def _decide(self, obs: Observation,
                hint: bool = False) -> Generator[None, None, tuple[Action, float | None]]:
        legal = obs.legal_actions()
        if not legal:
            raise ValueError("no decision to make in this observation")
        rng = decision_rng(self.seed, obs)
        if self.mistake and not hint and rng.random() < self.mistake:
            if obs.phase == PHASE_REPLACE:
                k = rng.randint(0, obs.replace_limit)
                return Action(REPLACE, tuple(sorted(rng.sample(obs.hand, k)))), None
            return rng.choice(legal), None
        if obs.phase == PHASE_REPLACE:
            return replace_rule(obs.hand, obs.replace_limit), None
        if len(legal) == 1:
            return legal[0], None
        if self.samples <= 0:
            return greedy_action(obs), None
        if obs.phase == PHASE_DUEL and not self.mixed_duel:
            return Action(DUEL, (obs.hand[-1],)), None
        solver = solver_for(obs.ruleset)
        tie = tie_for(obs.ruleset, obs.cat, obs.viewer)
        clock = SliceClock(SLICE_S)
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        hands = []
        totals = [0.0] * len(legal)
        rows = duel_candidates(obs.hand, self.duel_top)
        tables: list[dict[int, list[float]]] = []
        for n in range(self.samples):
            opp = sample_hand(obs, rng)
            hands.append(opp)
            if obs.phase in (PHASE_ATTACK, PHASE_DEFEND):
                values = yield from solver.sliced(trick_values, solver, obs, opp, legal, tie,
                                                  clock=clock)
                for k, v in enumerate(values):
                    totals[k] += v
            else:  # duel: my outcomes against each card this sampled hand could seal
                tables.append((yield from solver.sliced(duel_table, solver, obs.hand, opp,
                                                        rows, self.duel_top, tie,
                                                        clock=clock)))
            now = time.perf_counter()
            if deadline is not None and now > deadline and n + 1 >= self.min_samples:
                break
            if clock.expired():
                yield
                clock.restart()
        if obs.phase == PHASE_DUEL:
            yield  # the matrix game gets a slice of its own
            mix, per_row = duel_mix(rows, tables)
            if hint:
                best = max(range(len(rows)), key=mix.__getitem__)
                return Action(DUEL, (rows[best],)), per_row[best]
            return pick_from_mix(rows, mix, rng), None
        best = max(range(len(legal)), key=lambda k: (totals[k], preference(legal[k])))
        return legal[best], totals[best] / len(hands)


class OraclePlayer(_Base):
    """Sees both hands and solves the round's duel and tricks exactly (evaluation only).

    It does not peek at a sealed choice or the draw pile; its replacement is the rule of
    thumb. ``needs_game``: the arena calls :meth:`choose_with_game`.
    """

    name = "oracle"
    needs_game = True

    def __init__(self, seed: int = 0, duel_top: int = 5) -> None:
        super().__init__(seed)
        self.duel_top = duel_top

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        raise TypeError("the oracle needs the full game: use choose_with_game(game, seat)")
        yield  # pragma: no cover

    def choose_with_game(self, game: Game, seat: int) -> Action:
        obs = game.observation(seat)
        legal = obs.legal_actions()
        if obs.phase == PHASE_REPLACE:
            return replace_rule(obs.hand, obs.replace_limit)
        if len(legal) == 1:
            return legal[0]
        opp = tuple(game.hands[1 - seat])
        solver = solver_for(obs.ruleset)
        tie = tie_for(obs.ruleset, obs.cat, seat)
        if obs.phase == PHASE_DUEL:
            rows = duel_candidates(obs.hand, self.duel_top)
            cols = duel_candidates(opp, self.duel_top)
            payoff = [[duel_entry(solver, obs.hand, opp, i, j, tie) for j in cols] for i in rows]
            from .matrix import solve_matrix

            return pick_from_mix(rows, solve_matrix(payoff), decision_rng(self.seed, obs))
        vals = trick_values(solver, obs, opp, legal, tie)
        best = max(range(len(legal)), key=lambda k: (vals[k], preference(legal[k])))
        return legal[best]
