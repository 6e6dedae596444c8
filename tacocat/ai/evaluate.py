"""Master's evaluation of a decision: the value of the move played next to the best move,
from the deciding seat's observation only (the post-game analysis, :mod:`tacocat.ai.analysis`).

Values are the mean round outcome in [−1, 1] (win +1, tie 0, loss −1) over master's
sampled deals, the same searches master plays by — PIMC over weighted opponent hands for
the duel and tricks, the replacement search over sampled futures — with the move played
always among those compared, on the same samples (common random numbers), so the gap
between the two is not sampling luck of one against the other. A generator, like
``think()``: it yields between work slices.
"""

from __future__ import annotations

from collections.abc import Generator

from ..actions import DUEL, REPLACE, Action
from ..moves import PHASE_DUEL, PHASE_REPLACE
from ..observation import Observation
from .computer_players import MasterPlayer, decision_rng, new_clock
from .matrix import solve_matrix
from .search import (
    discard_value,
    duel_candidates,
    duel_payoff,
    search_replacement,
    solver_for,
)

#: (move, mean round outcome in [−1, 1]), best first.
Values = list[tuple[Action, float]]


def move_values(player: MasterPlayer, obs: Observation,
                played: Action) -> Generator[None, None, Values]:
    """The best moves' values and the value of ``played`` (always included) in ``obs``;
    empty when the move was forced (one legal move)."""
    legal = obs.legal_actions()
    if len(legal) <= 1:
        return []
    rng = decision_rng(player.seed, obs)
    if obs.phase == PHASE_REPLACE:
        out = yield from _replacement_values(player, obs, played, rng)
    elif obs.phase == PHASE_DUEL:
        out = yield from _duel_values(player, obs, played, rng)
    else:
        totals, count, _ = yield from player._sample(obs, rng, legal, [])
        out = [(a, t / count) for a, t in zip(legal, totals, strict=True)]
    out.sort(key=lambda av: -av[1])
    return out


def _replacement_values(player: MasterPlayer, obs: Observation, played: Action,
                        rng) -> Generator[None, None, Values]:
    """The search's choice and the discard played, each over all the sampled futures."""
    futures, opp_limit, exact_at, tie = player.replace_setup(obs, rng)
    solver = solver_for(obs.ruleset)
    clock = new_clock()
    yield
    clock.restart()
    best, _ = yield from search_replacement(
        solver, obs.hand, obs.replace_limit, tie, futures, opp_limit, player.replace_rounds,
        clock, player.max_low, exact_at)
    out = []
    for d in dict.fromkeys([best, played.cards]):
        v = yield from discard_value(solver, obs.hand, d, futures, opp_limit, tie, exact_at,
                                     clock)
        out.append((Action(REPLACE, d), v))
    return out


def _duel_values(player: MasterPlayer, obs: Observation, played: Action,
                 rng) -> Generator[None, None, Values]:
    """Each candidate duel card against the opponent's equilibrium mix of the duel's
    matrix game (a card in master's own mix is worth about the game's value: playing it is
    no mistake, whichever of them it was)."""
    rows = duel_candidates(obs.hand, player.duel_top)
    if played.cards[0] not in rows:
        rows.append(played.cards[0])
    _, _, tables = yield from player._sample(obs, rng, obs.legal_actions(), rows)
    yield
    cols, payoff = duel_payoff(rows, tables)
    theirs = solve_matrix([[-payoff[r][c] for r in range(len(rows))] for c in range(len(cols))])
    return [(Action(DUEL, (card,)), sum(q * payoff[r][c] for c, q in enumerate(theirs)))
            for r, card in enumerate(rows)]
