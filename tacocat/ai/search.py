"""Determinized search (PIMC): sample the hidden cards, solve each sample exactly.

The opponent's hand is drawn from the cards the viewer cannot see
(:meth:`Observation.unseen` — the opponent's hand plus the draw pile): everything public
is already excluded (replaced cards, duel and trick cards lie face up on the discard pile),
hand sizes are respected, and no sampled card is below the opponent's last sacrifice.
``hard`` draws uniformly (:func:`sample_hand`); ``master`` weighs the hands by how likely
the opponent's visible choices were (:func:`sample_opponent_hands`). Each sample is then a
perfect-information deal that the :class:`~tacocat.ai.solver.TrickSolver` solves exactly.

Master's replacement is searched here too (:func:`search_replacement`): candidate discard
sets are compared on the same sampled futures, each scored by
:func:`~tacocat.ai.solver.round_value`.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from math import comb
from random import Random

from ..actions import DEFEND, DUEL, Action
from ..moves import PHASE_DEFEND
from ..observation import Observation
from ..ruleset import TIE_ARROW_WINS, Ruleset
from .matrix import solve_matrix
from .rules_of_thumb import keep_rule
from .solver import Hand, SliceClock, TrickSolver, remove, round_value

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
    cols, payoff = duel_payoff(rows, tables)
    mix = solve_matrix(payoff)
    col_vals = [sum(m * payoff[r][c] for r, m in enumerate(mix)) for c in range(len(cols))]
    worst = min(range(len(cols)), key=col_vals.__getitem__)
    return mix, [payoff[r][worst] for r in range(len(rows))]


def duel_payoff(rows: list[int], tables: list[dict[int, list[float]]]
                ) -> tuple[list[int], list[list[float]]]:
    """The duel's matrix game from the per-sample ``tables``: (the opponent's card values,
    ``payoff[my row][their column]`` averaged over the samples holding that value)."""
    sums: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    for table in tables:
        for j, outcomes in table.items():
            col = sums.setdefault(j, [0.0] * len(rows))
            counts[j] = counts.get(j, 0) + 1
            for r, v in enumerate(outcomes):
                col[r] += v
    cols = sorted(sums)
    return cols, [[sums[j][r] / counts[j] for j in cols] for r in range(len(rows))]


def duel_table(solver: TrickSolver, mine: Hand, opp: Hand, rows: list[int], top: int,
               tie: int, by_rank: bool = False) -> dict[int, list[float]]:
    """My outcome for each candidate duel card in ``rows`` against each card ``opp``
    might seal (see :func:`duel_mix`), keyed by the card's value — or, ``by_rank``, by
    :func:`rank_columns`' column."""
    if not by_rank:
        return {j: [duel_entry(solver, mine, opp, i, j, tie) for i in rows]
                for j in duel_candidates(opp, top)}
    cols = rank_columns(opp, top)
    got = {j: [duel_entry(solver, mine, opp, i, j, tie) for i in rows] for j in set(cols)}
    return {k: got[j] for k, j in enumerate(cols)}


def rank_columns(hand: Hand, top: int) -> list[int]:
    """The opponent's duel choices as strategies every sampled hand can play: column ``k``
    (``k < top``) seals their ``k``-th highest distinct value (their lowest if they have
    fewer), column ``top`` their lowest card. Keyed by value instead, a column such as
    "seal a 12" exists only in the samples holding a 12, yet the matrix game lets the
    opponent pick it always: master then defends against an opponent who always has the
    card that hurts most."""
    values = sorted(set(hand), reverse=True)
    return [values[min(k, len(values) - 1)] for k in range(top)] + [values[-1]]


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


# -- reading the opponent (PIMC with inference) -------------------------------------------------
# Hard facts are never violated (unseen cards, hand size, the sacrifice floor). Soft evidence
# weighs each sampled hand by how likely the opponent's visible choices were for a *sound*
# player — mildly, so an unusual opponent cannot make the sampler rule out the truth:
# * replacement: a sound player discards a band of middling values, so a card inside the
#   band of their discards was most likely drawn, not kept;
# * defences: defending a t with a y > t suggests no spare card in t..y−1.
KEEP_IN_BAND = 0.15  # chance a sound player keeps a card inside the band it discards
KEEP_ALL_BAND = (6, 8)  # kept everything: probably no 6–8 (weak evidence)
KEEP_ALL_IN_BAND = 0.5
SPARE_DEFENDER = 0.5  # weight per cheaper card that would also have held


def opponent_played(obs: Observation) -> list[int]:
    """Cards the opponent has put on the table since replacing (duels and tricks)."""
    opp = 1 - obs.viewer
    out = [d[opp] for d in obs.duels]
    for attacker, attack, answers in obs.tricks:
        out += attack if attacker == opp else [c for c, _ in answers]
    if obs.attacker == opp:
        out += obs.attack
    elif obs.attacker is not None:
        out += [c for c, _ in obs.answers]
    return out


def _binom(k: int, n: int, p: float) -> float:
    """Binomial probability, by plain products (``**`` goes through the C library's
    ``pow``, whose last bit may differ between CPython and Pyodide)."""
    if k < 0 or k > n:
        return 0.0
    out = float(comb(n, k))
    for _ in range(k):
        out *= p
    for _ in range(n - k):
        out *= 1 - p
    return out


class Evidence:
    """The soft evidence in one observation, precomputed so weighing a hand is cheap."""

    def __init__(self, obs: Observation) -> None:
        opp = 1 - obs.viewer
        unseen = obs.unseen()
        self.played = opponent_played(obs)
        self.band: tuple[int, int] | None = None
        self.ratio: list[float] = []
        discards = obs.replaced[opp]
        if discards is not None:
            self._band_model(discards, obs.hand_size, unseen)
        # (target, card) for each of the opponent's defences with a higher card than needed
        answered = [(att, ans) for a, att, ans in obs.tricks if a == obs.viewer]
        if obs.attacker == obs.viewer:
            answered.append((obs.attack, tuple(obs.answers)))
        self.spares = [(t, card) for att, ans in answered
                       for t, (card, held) in zip(att, ans, strict=False) if held and card > t]

    def _band_model(self, discards: tuple[int, ...], n: int, unseen: list[int]) -> None:
        k = len(discards)
        if k:
            lo, hi, keep = discards[0], discards[-1], KEEP_IN_BAND
        else:
            (lo, hi), keep = KEEP_ALL_BAND, KEEP_ALL_IN_BAND
        self.band = (lo, hi)
        q = sum(lo <= c <= hi for c in unseen) / max(1, len(unseen))
        for v in range(n + 1):
            model = sum(_binom(j, n - k, q * keep) * _binom(v - j, k, q) for j in range(v + 1))
            uniform = _binom(v, n, q)
            self.ratio.append(model / uniform if uniform > 0 else 1.0)

    def weight(self, hand: Hand) -> float:
        """How likely ``hand`` is under the model, relative to a uniform draw."""
        w = 1.0
        if self.band is not None:
            lo, hi = self.band
            v = sum(lo <= c <= hi for c in hand) + sum(lo <= c <= hi for c in self.played)
            w = self.ratio[min(v, len(self.ratio) - 1)]
        for t, y in self.spares:
            for c in hand[1:]:
                if t <= c < y:
                    w *= SPARE_DEFENDER
        return w


def sample_opponent_hands(obs: Observation, rng: Random, count: int,
                          pool_factor: int = 4) -> list[Hand]:
    """``count`` opponent hands: ``pool_factor × count`` uniform hands that respect the
    hard facts, resampled by :class:`Evidence` weight (systematic resampling)."""
    unseen = obs.unseen()
    floor = obs.opponent_floor()
    pool = [c for c in unseen if c >= floor]
    size = obs.opponent_hand_size
    if len(pool) < size:  # cannot happen in a real game; stay safe
        pool = unseen
    drawn = [tuple(sorted(rng.sample(pool, size))) for _ in range(count * pool_factor)]
    evidence = Evidence(obs)
    weights = [evidence.weight(h) for h in drawn]
    total = sum(weights)
    if total <= 0:
        return drawn[:count]
    step = total / count
    u = rng.random() * step
    out: list[Hand] = []
    acc = 0.0
    i = 0
    for h, w in zip(drawn, weights, strict=True):
        acc += w
        while i < count and u + i * step < acc:
            out.append(h)
            i += 1
    while len(out) < count:  # rounding at the very end
        out.append(drawn[-1])
    return out


# -- replacement search (master) ----------------------------------------------------------------
# Candidates are compared on shared sampled futures (common random numbers): an opponent hand,
# the draw pile's order, and — when the opponent replaces after us or at the same time — their
# replacement by the sound-player rule (:func:`~tacocat.ai.rules_of_thumb.keep_rule`), limited
# to as many cards as we replaced when they go second. Successive halving spends the futures
# on the candidates still in the running.
#: A sampled future: (the opponent's hand now, the draw pile in drawing order).
Future = tuple[Hand, tuple[int, ...]]


def candidate_discards(hand: Hand, limit: int, max_low: int = 4) -> list[tuple[int, ...]]:
    """Discard sets worth searching: contiguous bands of the sorted hand — keep the lowest
    ``i`` cards (showdown cards) and the highest ones (fighters), discard what lies between.
    The band starts at ``i ≤ max_low``, or higher when the limit is too small to reach the
    middle from there; plus the sound-player rule's own choice. Distinct sets, fewest
    discards first."""
    n = len(hand)
    seen: set[tuple[int, ...]] = {()}
    out: list[tuple[int, ...]] = [()]
    for i in range(max(min(max_low, n), n - limit) + 1):
        for j in range(i + 1, min(n, i + limit) + 1):
            d = hand[i:j]
            if d not in seen:
                seen.add(d)
                out.append(d)
    rule = keep_rule(hand, limit)
    if rule not in seen:
        out.append(rule)
    out.sort(key=lambda d: (len(d), d))
    return out


def future_hands(hand: Hand, discard: tuple[int, ...], future: Future,
                 opp_limit: int | None) -> tuple[Hand, Hand]:
    """Both final hands when I discard ``discard`` in ``future``; ``opp_limit`` is the
    opponent's replacement limit if they still replace (``None``: they already did)."""
    opp, pile = future
    k = len(discard)
    mine = tuple(sorted(remove(hand, discard) + pile[:k]))
    if opp_limit is None:
        return mine, opp
    lim = k if opp_limit < 0 else opp_limit  # −1: they replace second, at most k
    od = keep_rule(opp, lim)
    return mine, tuple(sorted(remove(opp, od) + pile[k:k + len(od)]))


def search_replacement(
    solver: TrickSolver, hand: Hand, limit: int, tie: int, futures: list[Future],
    opp_limit: int | None, rounds: tuple[int, ...], clock: SliceClock,
    max_low: int = 4, exact_at: int = 6, deadline: float | None = None,
) -> Generator[None, None, tuple[tuple[int, ...], float]]:
    """The best discard set by successive halving over ``futures`` (shared by every
    candidate). ``rounds`` gives the cumulative samples per surviving candidate in each
    round; half the field survives each round. Yields whenever ``clock``'s slice is up.
    Past ``deadline`` (a ``perf_counter`` time: the safety net) no new round starts.
    Returns (discards, mean outcome)."""
    cands = candidate_discards(hand, limit, max_low)
    sums = [0.0] * len(cands)
    done = [0] * len(cands)
    alive = list(range(len(cands)))
    for r, target in enumerate(rounds):
        if r and deadline is not None and time.perf_counter() > deadline:
            break
        target = min(target, len(futures))
        for c in alive:
            while done[c] < target:
                mine, opp = future_hands(hand, cands[c], futures[done[c]], opp_limit)
                sums[c] += yield from solver.sliced(round_value, solver, mine, opp, tie,
                                                    exact_at, clock=clock)
                done[c] += 1
                if clock.expired():
                    yield
                    clock.restart()
        alive.sort(key=lambda c: (-sums[c] / done[c], len(cands[c]), cands[c]))
        if r + 1 < len(rounds):
            alive = alive[:max(1, (len(alive) + 1) // 2)]
    best = alive[0]
    return cands[best], sums[best] / done[best]


def discard_value(solver: TrickSolver, hand: Hand, discard: tuple[int, ...],
                  futures: list[Future], opp_limit: int | None, tie: int, exact_at: int,
                  clock: SliceClock) -> Generator[None, None, float]:
    """The mean outcome of discarding ``discard`` over every one of ``futures`` (the
    analysis compares the move played with the best on the same futures)."""
    total = 0.0
    for future in futures:
        mine, opp = future_hands(hand, discard, future, opp_limit)
        total += yield from solver.sliced(round_value, solver, mine, opp, tie, exact_at,
                                          clock=clock)
        if clock.expired():
            yield
            clock.restart()
    return total / len(futures)


def make_futures(opp_hands: list[Hand], unseen: list[int], rng: Random) -> list[Future]:
    """One future per sampled opponent hand: the rest of the unseen cards, shuffled, is the
    draw pile."""
    out = []
    for opp in opp_hands:
        pile = list(remove(tuple(unseen), opp))
        rng.shuffle(pile)
        out.append((opp, tuple(pile)))
    return out
