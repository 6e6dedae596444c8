"""Exact trick-phase solver: perfect-information minimax over two known hands.

A compact model of the Play step (RULES.md §4–5), separate from :class:`~tacocat.game.Game`
for speed. Hands are sorted tuples of card values. Values are round outcomes from the
**attacker's** point of view: ``+1`` win, ``0`` tie, ``-1`` loss — the lower showdown card
wins. Minimax over an ordinal outcome is the same for any utility that orders
loss < tie < win, so the search stays exact whatever the stakes of a tie.

The memo is keyed on (attacker hand, defender hand, tie), packed into bytes, and shared
by every caller of one :class:`TrickSolver` (one per ruleset variant), so repeated
searches reuse work. :class:`ApproxSolver` and :func:`round_value` trade exactness for
speed on big hands (master's many samples).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable
from typing import TypeVar

from ..moves import attack_options

Hand = tuple[int, ...]
T = TypeVar("T")
_TIE_BYTE = {-1: b"\x00", 0: b"\x01", 1: b"\x02"}
# the memo's entries: (lower bound, upper bound) of a position's value, packed in a small int
_CODE = {(lo, hi): 3 * (lo + 1) + hi + 1 for lo in (-1, 0, 1) for hi in (-1, 0, 1)}
_BOUNDS = {code: bounds for bounds, code in _CODE.items()}


class SliceExpired(Exception):
    """The solver's deadline passed mid-search. Nothing is lost: every subtree solved so
    far is in the memo, so calling again resumes about where it stopped."""


def remove(hand: Hand, cards: Iterable[int]) -> Hand:
    """``hand`` minus the multiset ``cards`` (all must be present)."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _attacks(hand: Hand, jumbo: bool) -> list[tuple[Hand, Hand]]:
    """Every legal (attack, rest) pair (:func:`tacocat.moves.attack_options`), most
    promising first for the search's cut-offs: singles from the highest card, then sets
    (highest value first), then sequences."""
    options = [a.cards for a in attack_options(hand, jumbo)]
    singles = sorted((c for c in options if len(c) == 1), reverse=True)
    sets = sorted((c for c in options if len(c) > 1 and c[0] == c[-1]),
                  key=lambda c: (-c[0], len(c)))
    runs = [c for c in options if len(c) > 1 and c[0] != c[-1]]
    return [(att, remove(hand, att)) for att in singles + sets + runs]


class SliceClock:
    """The end of the current work slice, shared by everything one decision does, so
    many small steps cannot chain into one long slice."""

    def __init__(self, slice_s: float) -> None:
        self.slice_s = slice_s
        self.restart()

    def restart(self) -> None:
        """Call after each yield: a new slice starts now."""
        self.end = time.perf_counter() + self.slice_s

    def expired(self) -> bool:
        return time.perf_counter() > self.end


class TrickSolver:
    """Memoised minimax for one ruleset variant (``jumbo``, ``must_defend``).

    ``max_entries`` bounds the memo (it is cleared when full) so a long browser session
    cannot grow without limit.
    """

    def __init__(self, jumbo: bool = True, must_defend: bool = False,
                 max_entries: int = 1_000_000) -> None:
        self.jumbo = jumbo
        self.must_defend = must_defend
        self.max_entries = max_entries
        # Keys are bytes, not tuples: a dict of atomic keys and values is never tracked by
        # the cyclic GC, which would otherwise walk the whole memo (tens of ms per pass).
        self._memo: dict[bytes, int] = {}
        self._att: dict[Hand, list[tuple[Hand, Hand]]] = {}
        self.nodes = 0  # positions solved (memo misses)
        self.calls = 0
        self.deadline: float | None = None  # perf_counter() time; see sliced()

    def sliced(self, fn: Callable[..., T], *args: object,
               clock: SliceClock) -> Generator[None, None, T]:
        """Run ``fn(*args)`` (a solver method) within ``clock``'s current slice, yielding
        whenever the slice is used up, so a browser can render while a large deal is
        solved; returns ``fn``'s result."""
        extra = 0.0
        while True:
            solved = len(self._memo)
            self.deadline = clock.end + extra
            try:
                return fn(*args)
            except SliceExpired:
                pass
            finally:
                self.deadline = None
            # Each retry re-walks from the root through memo hits; a slice that solved no
            # new position made no progress, so the next one is twice as long. This
            # guarantees termination and never triggers at ordinary slice lengths.
            extra = 0.0 if len(self._memo) > solved else max(2 * extra, clock.slice_s)
            yield
            clock.restart()

    def attacks(self, hand: Hand) -> list[tuple[Hand, Hand]]:
        got = self._att.get(hand)
        if got is None:
            got = self._att[hand] = _attacks(hand, self.jumbo)
        return got

    def value(self, att: Hand, dfn: Hand, tie: int = 0) -> int:
        """Outcome for the attacker to move with ``att`` against ``dfn`` (equal sizes).

        With one card each it is the showdown; ``tie`` is the attacker's outcome when the
        showdown cards are equal (``0`` normally, ``±1`` under the arrow-wins variant).
        """
        return self._value(att, dfn, tie, -1, 1)

    def answer(self, att_rest: Hand, dfn: Hand, pending: Hand, all_held: bool,
               tie: int = 0) -> int:
        """Outcome for the attacker while the defender answers ``pending`` (the attacking
        cards not yet answered, ascending); ``all_held`` — every answer so far defended."""
        return self._answer(att_rest, dfn, pending, all_held, tie, -1, 1)

    # Alpha-beta over the three outcomes, fail-soft: a result ≤ alpha is an upper bound,
    # ≥ beta a lower bound, anything between is exact (the full window −1..1 is always
    # exact). Once a side has a tie in hand it only asks whether the rest can do better —
    # a yes/no question that prunes far more than a full solve. The memo keeps bounds.
    def _value(self, att: Hand, dfn: Hand, tie: int, alpha: int, beta: int) -> int:
        if len(att) == 1:
            a, d = att[0], dfn[0]
            return 1 if a < d else (-1 if a > d else tie)
        key = bytes(att) + bytes(dfn) + _TIE_BYTE[tie]  # equal-size hands: unambiguous
        memo = self._memo
        got = memo.get(key)
        if got is None:
            lo, hi = -1, 1
        else:
            lo, hi = _BOUNDS[got]
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        self.nodes += 1
        best = -1
        a = alpha
        for attack, rest in self.attacks(att):
            v = self._answer(rest, dfn, attack, True, tie, a, beta)
            if v > best:
                best = v
                if best >= beta:
                    break
                if best > a:
                    a = best
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        if len(memo) >= self.max_entries:
            memo.clear()
            self._att.clear()  # the attack lists of every hand seen so far: bounded too
        memo[key] = _CODE[(lo, hi)]
        return best

    def _answer(self, att_rest: Hand, dfn: Hand, pending: Hand, all_held: bool, tie: int,
                alpha: int, beta: int) -> int:
        self.calls += 1  # every search step passes here, memo hits included
        if not self.calls & 255 and self.deadline is not None \
                and time.perf_counter() > self.deadline:
            raise SliceExpired
        if not pending:
            if all_held:
                return -self._value(dfn, att_rest, -tie, -beta, -alpha)
            return self._value(att_rest, dfn, tie, alpha, beta)
        target = pending[0]
        later = pending[1:]
        worst = 1
        b = beta
        low = dfn[0]
        can_hold = dfn[-1] >= target
        # sacrifice first when it is possible: it is often the defender's only sensible line
        if low < target and not (self.must_defend and can_hold):
            worst = self._answer(att_rest, dfn[1:], later, False, tie, alpha, b)
            if worst <= alpha:
                return worst
            if worst < b:
                b = worst
        prev = None
        for i, c in enumerate(dfn):
            if c < target or c == prev:
                continue
            prev = c
            v = self._answer(att_rest, dfn[:i] + dfn[i + 1:], later, all_held, tie, alpha, b)
            if v < worst:
                worst = v
                if worst <= alpha:
                    return worst
                if worst < b:
                    b = worst
        return worst


# -- fast, approximate values for big hands --------------------------------------------------
# An exact solve of two 8-card hands costs ~15 ms in CPython, too much to repeat over many
# samples. Below ``exact_at`` cards the solver is exact and cheap (a 6-card solve is well
# under a millisecond), so above it both sides play the rule of thumb — the highest card
# attacks; the cheapest card that holds defends, else the lowest card is sacrificed — until
# the hands are small enough. Measured against exact solves of 9-card deals, ranking
# replacements with ``exact_at`` 5–6 almost always picks the same discards.
def _greedy_down(att: list[int], dfn: list[int], sign: int,
                 exact_at: int) -> tuple[list[int], list[int], int]:
    """Greedy tricks until the attacker holds ``exact_at`` cards; ``sign`` flips whenever
    the attack changes hands (+1: the original attacker attacks)."""
    while len(att) > exact_at:
        card = att.pop()
        for k, d in enumerate(dfn):
            if d >= card:
                del dfn[k]
                att, dfn = dfn, att
                sign = -sign
                break
        else:
            del dfn[0]
    return att, dfn, sign


def greedy_value(solver: TrickSolver, att: Hand, dfn: Hand, tie: int, exact_at: int) -> int:
    """Attacker's outcome: greedy tricks down to ``exact_at`` cards, then exact."""
    if len(att) <= exact_at:
        return solver.value(att, dfn, tie)
    a, d, sign = _greedy_down(list(att), list(dfn), 1, exact_at)
    return sign * solver.value(tuple(a), tuple(d), sign * tie)


def round_value(solver: TrickSolver, mine: Hand, opp: Hand, tie: int,
                exact_at: int = 6) -> int:
    """My outcome (+1/0/−1) of a round played from these final hands: both seal their
    highest card in the duel (the most common choice), then :func:`greedy_value`."""
    a = list(mine)
    b = list(opp)
    while True:
        x = a.pop()
        y = b.pop()
        if len(a) == 1:
            return 1 if a[0] < b[0] else (-1 if a[0] > b[0] else tie)
        if x != y:
            break
    if x > y:
        return greedy_value(solver, tuple(a), tuple(b), tie, exact_at)
    return -greedy_value(solver, tuple(b), tuple(a), -tie, exact_at)


class ApproxSolver:
    """The :class:`TrickSolver` interface (``value``, ``answer``, ``sliced``) with
    :func:`greedy_value` above ``exact_at`` cards, so the PIMC search
    (:func:`~tacocat.ai.search.trick_values`, :func:`~tacocat.ai.search.duel_table`)
    can afford many samples of big hands. Exact at ``exact_at`` cards or fewer."""

    def __init__(self, solver: TrickSolver, exact_at: int) -> None:
        self.solver = solver
        self.exact_at = exact_at
        self.sliced = solver.sliced

    def value(self, att: Hand, dfn: Hand, tie: int = 0) -> int:
        return greedy_value(self.solver, att, dfn, tie, self.exact_at)

    def answer(self, att_rest: Hand, dfn: Hand, pending: Hand, all_held: bool,
               tie: int = 0) -> int:
        """Attacker's outcome while the defender answers ``pending``: exact when the hands
        after this trick are small, else greedy answers and :func:`greedy_value`."""
        if len(dfn) - len(pending) <= self.exact_at:
            return self.solver.answer(att_rest, dfn, pending, all_held, tie)
        d = list(dfn)
        for t in pending:
            for k, c in enumerate(d):
                if c >= t:
                    del d[k]
                    break
            else:
                del d[0]
                all_held = False
        if all_held:
            return -greedy_value(self.solver, tuple(d), att_rest, -tie, self.exact_at)
        return greedy_value(self.solver, att_rest, tuple(d), tie, self.exact_at)
