"""Rules of thumb shared by the baseline and the searching players.

``greedy`` (the documented baseline) plays exactly these:

* **replace** — discard the middling cards (5–9), highest first, up to the limit; keep the
  low cards for the showdown and the high cards (10+) for attacking and defending;
* **duel** — seal the highest card (win the duel, attack first, shed a high card);
* **attack** — the highest single card (the lowest card stays home for the showdown);
* **defend** — the cheapest card that holds; otherwise sacrifice.
"""

from __future__ import annotations

from ..actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE, Action
from ..moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE
from ..observation import Observation

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
