"""Determinized search (PIMC): sample the hidden cards, solve each sample exactly.

The opponent's hand is drawn uniformly from the cards the viewer cannot see
(:meth:`Observation.unseen` — the opponent's hand plus the draw pile): everything public
is already excluded (replaced cards, duel and trick cards lie face up on the discard pile),
hand sizes are respected, and no sampled card is below the opponent's last sacrifice.
Each sample is then a perfect-information deal that the
:class:`~tacocat.ai.solver.TrickSolver` solves exactly.
"""

from __future__ import annotations

from random import Random

from ..actions import DEFEND, DUEL, Action
from ..moves import PHASE_DEFEND
from ..observation import Observation
from ..ruleset import TIE_ARROW_WINS, Ruleset
from .matrix import solve_matrix
from .solver import Hand, TrickSolver, remove

_SOLVERS: dict[tuple[bool, bool], TrickSolver] = {}


def solver_for(ruleset: Ruleset) -> TrickSolver:
    """The shared solver (and memo) for this ruleset's trick rules."""
    key = (ruleset.jumbo, ruleset.must_defend)
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = TrickSolver(*key)
    return s


def tie_for(ruleset: Ruleset, cat: int, seat: int) -> int:
    """``seat``'s outcome when the showdown cards are equal."""
    if ruleset.tie_rule != TIE_ARROW_WINS:
        return 0
    arrow = ruleset.arrow_target(cat)
    return 0 if arrow is None else (1 if arrow == seat else -1)


def sample_hand(obs: Observation, rng: Random) -> Hand:
    """One opponent hand consistent with everything ``obs.viewer`` has seen: drawn
    uniformly from the unseen cards, none below the floor the opponent's sacrifices set
    (uniform over the hands that satisfy it, i.e. the exact conditional)."""
    unseen = obs.unseen()
    floor = obs.opponent_floor()
    pool = [c for c in unseen if c >= floor]
    if len(pool) < obs.opponent_hand_size:  # cannot happen in a real game; stay safe
        pool = unseen
    return tuple(sorted(rng.sample(pool, obs.opponent_hand_size)))


def trick_values(solver: TrickSolver, obs: Observation, opp: Hand,
                 actions: list[Action], tie: int) -> list[int]:
    """The viewer's exact outcome after each of ``actions`` (attack or answer) against
    the opponent hand ``opp``."""
    hand = obs.hand
    out = []
    if obs.phase == PHASE_DEFEND:
        done = len(obs.answers)
        later = obs.attack[done + 1:]
        held = all(ok for _, ok in obs.answers)
        for a in actions:
            if a.kind == DEFEND:
                v = solver.answer(opp, remove(hand, a.cards), later, held, -tie)
            else:
                v = solver.answer(opp, hand[1:], later, False, -tie)
            out.append(-v)
        return out
    for a in actions:
        out.append(solver.answer(remove(hand, a.cards), opp, a.cards, True, tie))
    return out


def duel_entry(solver: TrickSolver, mine: Hand, opp: Hand, i: int, j: int, tie: int) -> float:
    """My outcome when I seal ``i`` and the opponent seals ``j``.

    A tied duel leads to another duel; it is valued as the average of the two ways the
    next duel can go (either side attacking), which keeps the matrix cheap.
    """
    a = remove(mine, (i,))
    b = remove(opp, (j,))
    if len(a) == 1:
        return 1.0 if a[0] < b[0] else (-1.0 if a[0] > b[0] else float(tie))
    if i > j:
        return solver.value(a, b, tie)
    if i < j:
        return -solver.value(b, a, -tie)
    return (solver.value(a, b, tie) - solver.value(b, a, -tie)) / 2


def duel_candidates(hand: Hand, top: int) -> list[int]:
    """Distinct duel cards worth considering: the ``top`` highest, plus the lowest."""
    values = sorted(set(hand), reverse=True)
    keep = values[:top]
    if values[-1] not in keep:
        keep.append(values[-1])
    return keep


def duel_mix(rows: list[int], tables: list[dict[int, list[float]]]
             ) -> tuple[list[float], list[float]]:
    """Mixed duel strategy against the sampled opponent hands.

    ``tables`` holds, per sampled hand, my outcome for each of my candidate ``rows``
    against each duel card the opponent could seal (``{their card: [outcome per row]}``).
    One matrix game — my cards against the opponent's card *values*, each entry averaged
    over the samples holding that value — is solved. Returns (my mix, my outcome per row
    against the column that best answers my mix: the hint's figure).
    """
    sums: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    for table in tables:
        for j, outcomes in table.items():
            col = sums.setdefault(j, [0.0] * len(rows))
            counts[j] = counts.get(j, 0) + 1
            for r, v in enumerate(outcomes):
                col[r] += v
    cols = sorted(sums)
    payoff = [[sums[j][r] / counts[j] for j in cols] for r in range(len(rows))]
    mix = solve_matrix(payoff)
    col_vals = [sum(m * payoff[r][c] for r, m in enumerate(mix)) for c in range(len(cols))]
    worst = min(range(len(cols)), key=col_vals.__getitem__)
    return mix, [payoff[r][worst] for r in range(len(rows))]


def duel_table(solver: TrickSolver, mine: Hand, opp: Hand, rows: list[int], top: int,
               tie: int) -> dict[int, list[float]]:
    """My outcome for each candidate duel card in ``rows`` against each card ``opp``
    might seal (see :func:`duel_mix`)."""
    return {j: [duel_entry(solver, mine, opp, i, j, tie) for i in rows]
            for j in duel_candidates(opp, top)}


def pick_from_mix(rows: list[int], mix: list[float], rng: Random,
                  floor: float = 0.05) -> Action:
    """Sample a duel card from ``mix``, ignoring slivers below ``floor``."""
    weights = [m if m >= floor else 0.0 for m in mix]
    if sum(weights) <= 0:
        weights = mix
    r = rng.random() * sum(weights)
    for card, w in zip(rows, weights, strict=True):
        r -= w
        if r <= 0 and w > 0:
            return Action(DUEL, (card,))
    return Action(DUEL, (rows[max(range(len(rows)), key=weights.__getitem__)],))

