"""The computer players: greedy baseline, the searching levels (``medium``, ``hard``,
``master``) and the oracle.

Every player decides from its :class:`~tacocat.observation.Observation` only (the oracle,
evaluation-only, is the exception and says so with ``needs_game``). Randomness comes from
a per-decision ``Random`` seeded by the player's seed and the public content of the
observation, so a decision never depends on anything hidden, nor on call order.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from random import Random

from ..actions import ATTACK, DEFEND, DUEL, REPLACE, Action
from ..game import Game
from ..moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE
from ..observation import Observation
from ..players import run_think
from .hints import Hint, explain
from .rules_of_thumb import greedy_action, keep_rule_action, replace_rule
from .search import (
    Future,
    duel_candidates,
    duel_entry,
    duel_mix,
    duel_table,
    make_futures,
    pick_from_mix,
    sample_hand,
    sample_opponent_hands,
    search_replacement,
    solver_for,
    tie_for,
    trick_values,
)
from .solver import ApproxSolver, SliceClock, TrickSolver

SLICE_S = 0.015  # yield to the caller after about this much work (slices stay ≤ 20 ms)
# The wall-clock safety net of the searching levels: far above their normal decision times
# (p95 well under 100 ms), so only a badly overloaded machine ever reaches it.
SAFETY_NET_MS = 1500.0
# master: its caps (see MasterPlayer; ``master-2026`` in tacocat.ai spells out the old ones)
MASTER_SAMPLES = 32
MASTER_ROUNDS = (8, 16, 32, 64)
CLOSE_MARGIN = 0.1
CLOSE_FACTOR = 1  # off: twice the samples in close positions measured no gain (docs/AI.md)
MASTER_SAFETY_NET_MS = 4000.0  # p95 is ~10× lower


def new_clock() -> SliceClock:
    """A slice clock of :data:`SLICE_S` (read at call time, so a test can shrink it)."""
    return SliceClock(SLICE_S)


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
    iteration cap), lowered for big hands by ``size_caps`` (hand size → cap: an 8-card
    solve costs far more than a 5-card one). The caps decide, so the same position always
    gets the same move on any machine and at any load; ``budget_ms`` is only a safety net
    far above the normal figure (``None``: none at all). ``duel_top`` is how many high
    duel cards are weighed; ``mistake`` is the chance of a random legal move (the easy
    level's kindness); ``mixed_duel`` switches the equilibrium duel on (otherwise: the
    highest card);
    ``replacement``: ``"rule"`` (:func:`replace_rule`, medium and hard-2026), ``"trim"``
    (:func:`trim_rule`, hard) or ``"keep"`` (:func:`keep_rule`)."""

    duel_by_rank = False  # the duel's columns: the opponent's card values (see MasterPlayer)

    def __init__(self, seed: int = 0, *, name: str = "hard", samples: int = 24,
                 budget_ms: float | None = SAFETY_NET_MS, duel_top: int = 4,
                 min_samples: int = 2, mistake: float = 0.0, mixed_duel: bool = True,
                 replacement: str = "rule", size_caps: dict[int, int] | None = None) -> None:
        super().__init__(seed)
        self.size_caps = dict(size_caps or {})
        self.name = name
        self.samples = samples
        self.budget_ms = budget_ms
        self.duel_top = duel_top
        self.min_samples = min_samples
        self.mistake = mistake
        self.mixed_duel = mixed_duel
        if replacement not in ("rule", "keep", "trim"):
            raise ValueError(f"unknown replacement {replacement!r}")
        self.replacement = replacement

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
            return (yield from self._replace(obs, rng))
        if len(legal) == 1:
            return legal[0], None
        if self.samples <= 0:
            return greedy_action(obs), None
        if obs.phase == PHASE_DUEL and not self.mixed_duel:
            return Action(DUEL, (obs.hand[-1],)), None
        rows = duel_candidates(obs.hand, self.duel_top)
        totals, count, tables = yield from self._sample(obs, rng, legal, rows)
        if obs.phase == PHASE_DUEL:
            yield  # the matrix game gets a slice of its own
            mix, per_row = duel_mix(rows, tables)
            if hint:
                best = max(range(len(rows)), key=mix.__getitem__)
                return Action(DUEL, (rows[best],)), per_row[best]
            return pick_from_mix(rows, mix, rng), None
        best = max(range(len(legal)), key=lambda k: (totals[k], preference(legal[k])))
        return legal[best], totals[best] / count

    def _sample(self, obs: Observation, rng: Random, legal: list[Action], rows: list[int]
                ) -> Generator[None, None, tuple[list[float], int, list[dict[int, list[float]]]]]:
        """PIMC over sampled opponent hands: in the trick phases, the summed outcome of each
        of ``legal``; in the duel, one table per sample (:func:`duel_table`) for my
        candidate cards ``rows``. Returns (totals, samples, tables)."""
        solver = self._solver(obs)
        tie = tie_for(obs.ruleset, obs.cat, obs.viewer)
        clock = new_clock()
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        totals = [0.0] * len(legal)
        tables: list[dict[int, list[float]]] = []
        source = self._opponent_hands(obs, rng)
        cap = self._sample_cap(obs)
        n = -1
        while n + 1 < cap:
            n += 1
            opp = next(source)
            if obs.phase in (PHASE_ATTACK, PHASE_DEFEND):
                values = yield from solver.sliced(trick_values, solver, obs, opp, legal, tie,
                                                  clock=clock)
                for k, v in enumerate(values):
                    totals[k] += v
            else:  # duel: my outcomes against each card this sampled hand could seal
                tables.append((yield from solver.sliced(duel_table, solver, obs.hand, opp,
                                                        rows, self.duel_top, tie,
                                                        self.duel_by_rank, clock=clock)))
            now = time.perf_counter()
            if deadline is not None and now > deadline and n + 1 >= self.min_samples:
                break
            if clock.expired():
                yield
                clock.restart()
            if n + 1 == cap and obs.phase != PHASE_DUEL:
                cap = self._more_samples(cap, self._sample_cap(obs), totals)
        return totals, n + 1, tables

    def _replace(self, obs: Observation,
                 rng: Random) -> Generator[None, None, tuple[Action, float | None]]:
        """The replacement (a rule here; :class:`MasterPlayer` searches)."""
        if self.replacement in ("keep", "trim"):
            return keep_rule_action(obs.hand, obs.replace_limit, self.replacement == "trim"), None
        return replace_rule(obs.hand, obs.replace_limit), None
        yield  # pragma: no cover

    def _sample_cap(self, obs: Observation) -> int:
        """How many opponent hands this decision samples at most (the iteration cap)."""
        return min(self.samples, self.size_caps.get(len(obs.hand), self.samples))

    def _more_samples(self, cap: int, base: int, totals: list[float]) -> int:
        """The sample cap once ``cap`` samples (``base``: the first cap) gave ``totals``
        (here: unchanged; master samples more where the best moves are close)."""
        return cap

    def _solver(self, obs: Observation) -> TrickSolver:
        """The solver for the duel and trick search (exact here)."""
        return solver_for(obs.ruleset)

    def _opponent_hands(self, obs: Observation, rng: Random) -> Iterator[tuple[int, ...]]:
        """Opponent hands for the samples, one per ``next()``: uniform over the hands the
        hard facts allow (:func:`sample_hand`)."""
        while True:
            yield sample_hand(obs, rng)


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


class MasterPlayer(SearchPlayer):
    """``hard``'s search plus a searched replacement and weighted opponent sampling.

    * Replacement: candidate discard sets compared on shared sampled futures by successive
      halving (:func:`~tacocat.ai.search.search_replacement`), respecting who replaces
      first and the second player's limit.
    * Duel and tricks: PIMC over opponent hands weighted by
      :func:`~tacocat.ai.search.sample_opponent_hands`; exact from ``trick_exact_at``
      cards down, rule-of-thumb tricks first above that (:class:`ApproxSolver`).
    * Deterministic: ``samples`` and ``replace_rounds`` (cumulative futures per surviving
      candidate in each halving round) cap the work; ``budget_ms`` is only a safety net.
      ``exact_at``: hand size from which the replacement's futures are solved exactly.
    """

    def __init__(self, seed: int = 0, *, name: str = "master", samples: int = MASTER_SAMPLES,
                 budget_ms: float | None = MASTER_SAFETY_NET_MS, duel_top: int = 5,
                 min_samples: int = 8, replace_rounds: tuple[int, ...] = MASTER_ROUNDS,
                 exact_at: int = 6, max_low: int = 3, trick_exact_at: int = 7,
                 close_margin: float = CLOSE_MARGIN, close_factor: int = CLOSE_FACTOR,
                 duel_by_rank: bool = True) -> None:
        super().__init__(seed, name=name, samples=samples, budget_ms=budget_ms,
                         duel_top=duel_top, min_samples=min_samples)
        self.replace_rounds = replace_rounds
        self.exact_at = exact_at
        self.max_low = max_low
        self.trick_exact_at = trick_exact_at
        self.close_margin = close_margin
        self.close_factor = close_factor
        self.duel_by_rank = duel_by_rank

    def _sample_cap(self, obs: Observation) -> int:
        # big hands cost far more per sample (and their first tricks are approximate anyway)
        return self.samples if len(obs.hand) <= self.trick_exact_at else self.samples // 2

    def _more_samples(self, cap: int, base: int, totals: list[float]) -> int:
        """``close_factor`` × the samples when the two best moves are within
        ``close_margin`` (mean outcome per sample): spend the time where it can change the
        decision, never on clear ones. Decided by the values, so still deterministic."""
        if self.close_factor <= 1 or len(totals) < 2 or cap != base:
            return cap
        first, second = sorted(totals, reverse=True)[:2]
        return cap * self.close_factor if (first - second) / cap < self.close_margin else cap

    def _solver(self, obs: Observation) -> TrickSolver:
        return ApproxSolver(solver_for(obs.ruleset), self.trick_exact_at)  # type: ignore[return-value]

    def _opponent_hands(self, obs: Observation, rng: Random) -> Iterator[tuple[int, ...]]:
        cap = self._sample_cap(obs)
        while True:  # a second batch only when a close position asks for more samples
            yield from sample_opponent_hands(obs, rng, cap)

    def replace_setup(self, obs: Observation, rng: Random
                      ) -> tuple[list[Future], int | None, int, int]:
        """What the replacement search compares candidates on: (the sampled futures, the
        opponent's replacement limit — ``None``: they replaced already, −1: after us, at
        most as many as we do —, the hand size from which futures are solved exactly, my
        outcome of a tied showdown)."""
        hand = obs.hand
        opp = 1 - obs.viewer
        if obs.replaced[opp] is not None:
            opp_limit: int | None = None  # they replaced already
        elif obs.arrow is None:
            opp_limit = len(hand)  # sealed, at the same time
        else:
            opp_limit = -1  # they replace after us, at most as many as we do
        count = max(self.replace_rounds)
        futures = make_futures(sample_opponent_hands(obs, rng, count), obs.unseen(), rng)
        exact_at = self.exact_at if len(hand) <= self.exact_at + 1 else self.exact_at - 1
        return futures, opp_limit, exact_at, tie_for(obs.ruleset, obs.cat, obs.viewer)

    def _replace(self, obs: Observation,
                 rng: Random) -> Generator[None, None, tuple[Action, float | None]]:
        hand, limit = obs.hand, obs.replace_limit
        if limit == 0:
            return Action(REPLACE, ()), None
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        futures, opp_limit, exact_at, tie = self.replace_setup(obs, rng)
        clock = new_clock()
        yield  # sampling gets a slice of its own
        clock.restart()
        discards, score = yield from search_replacement(
            solver_for(obs.ruleset), hand, limit, tie, futures, opp_limit, self.replace_rounds,
            clock, self.max_low, exact_at, deadline)
        return Action(REPLACE, discards), score
