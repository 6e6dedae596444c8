"""Rules of thumb shared by the baseline and the searching players.

``greedy`` (the documented baseline) plays exactly these:

* **replace** — discard the middling cards (5–9), highest first, up to the limit; keep the
  low cards for the showdown and the high cards (10+) for attacking and defending;
* **duel** — seal the highest card (win the duel, attack first, shed a high card);
* **attack** — the highest single card (the lowest card stays home for the showdown);
* **defend** — the cheapest card that holds; otherwise sacrifice.

Better replacement rules: :func:`trim_rule` (``hard``) and :func:`keep_rule` (how
``master`` expects a sound opponent to replace).
"""

from __future__ import annotations

from ..actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE, Action
from ..moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE
from ..observation import Observation

Hand = tuple[int, ...]

MIDDLE_LOW, MIDDLE_HIGH = 5, 9


def junk_order(hand: tuple[int, ...]) -> list[int]:
    """Cards worth replacing, worst first: the middling values 5–9 (7 first)."""
    out = [c for c in hand if MIDDLE_LOW <= c <= MIDDLE_HIGH]
    # 7 is the worst (too high for the showdown, too low to hold), then 8, 6, 9, 5
    rank = {7: 0, 8: 1, 6: 2, 9: 3, 5: 4}
    out.sort(key=lambda c: (rank.get(c, 5), -c))
    return out


def replace_rule(hand: tuple[int, ...], limit: int) -> Action:
    return Action(REPLACE, tuple(sorted(junk_order(hand)[:limit])))


def greedy_action(obs: Observation) -> Action:
    """The greedy baseline's move (always legal)."""
    hand = obs.hand
    if obs.phase == PHASE_REPLACE:
        return replace_rule(hand, obs.replace_limit)
    if obs.phase == PHASE_DUEL:
        return Action(DUEL, (hand[-1],))
    if obs.phase == PHASE_ATTACK:
        return Action(ATTACK, (hand[-1],))
    if obs.phase == PHASE_DEFEND:
        target = obs.target
        assert target is not None
        for c in hand:
            if c >= target:
                return Action(DEFEND, (c,))
        return Action(SACRIFICE, ())
    raise ValueError(f"no decision in phase {obs.phase!r}")


# -- better replacement rules: hard, and master's model of a sound opponent ------------------
def keep_rule(hand: Hand, limit: int) -> tuple[int, ...]:
    """Discards of a sound player who does not search (sorted).

    Only the lowest one or two cards matter for the showdown (the second is insurance
    against a forced sacrifice), so further low cards are junk; high cards (10+) fight, and
    so does a 9 in a big hand. Middling cards go first (7, then 8, 6, 9, 5), surplus low
    cards last, highest first; never more than ``limit``.
    """
    n = len(hand)
    lows = [c for c in hand if c <= 4]
    keep_low = 2 if n >= 6 else 1
    if lows and lows[0] <= 2 and n < 9:
        keep_low = 1  # a 1 or 2 rarely needs a backup in a small hand
    return _discards(hand, limit, keep_low, 10 if n < 9 else 9)


def trim_rule(hand: Hand, limit: int) -> tuple[int, ...]:
    """The rule of thumb (discard 5–9), but keeping at most two low cards (1–4): the
    ``hard`` level's replacement."""
    return _discards(hand, limit, 2, 10)


def _discards(hand: Hand, limit: int, keep_low: int, high: int) -> tuple[int, ...]:
    """Middling cards (5 up to ``high − 1``) first — 7, then 8, 6, 9, 5 — then the low
    cards (1–4) beyond the lowest ``keep_low``, highest first; at most ``limit``."""
    junk_rank = {7: 0, 8: 1, 6: 2, 9: 3, 5: 4}
    junk = [c for c in hand if 4 < c < high]
    junk.sort(key=lambda c: (junk_rank.get(c, 5), -c))
    surplus = sorted([c for c in hand if c <= 4][keep_low:], reverse=True)
    return tuple(sorted((junk + surplus)[:limit]))


def keep_rule_action(hand: Hand, limit: int, trim: bool = False) -> Action:
    return Action(REPLACE, (trim_rule if trim else keep_rule)(hand, limit))
