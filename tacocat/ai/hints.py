"""Hints for the human: a recommended move and a one-line reason.

A :class:`Hint` carries the English ``reason`` and a stable ``key`` plus ``params`` so a
UI can translate it, e.g. ``key="hint.attack_high"``, ``params={"card": 11, "low": 2}``.
Keys: ``hint.keep_all``, ``hint.replace``, ``hint.duel_high``, ``hint.duel_low``,
``hint.attack_high``, ``hint.attack_jumbo``, ``hint.attack_low``, ``hint.defend``,
``hint.sacrifice``, ``hint.only_move``. ``params["win"]`` (when present) is the share of
sampled deals the move wins, as a whole percentage.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import ATTACK, DEFEND, DUEL, REPLACE, Action
from ..observation import Observation

TEXT = {
    "hint.only_move": "It is your only legal move.",
    "hint.keep_all": "Keep your hand: every card is either low for the showdown or high "
                     "enough to fight with.",
    "hint.replace": "Swap the middling {cards}: too high for the showdown, too low to hold.",
    "hint.duel_high": "Duel with your {card}: win the duel to attack first, and shed a "
                      "high card.",
    "hint.duel_low": "Duel with your {card}: let them attack and keep your high cards "
                     "to defend.",
    "hint.attack_high": "Attack with your {card}: hard to beat, and it keeps your {low} "
                        "for the showdown.",
    "hint.attack_jumbo": "A Jumbo ({cards}) sheds {n} cards at once.",
    "hint.attack_low": "Attack with your {card}: draw out their defenders while your "
                       "high cards wait.",
    "hint.defend": "Defend with your {card}: the cheapest card that holds against {target}.",
    "hint.sacrifice": "Sacrifice (your {low} goes): keep your high cards to fight back.",
}


class Hint(NamedTuple):
    """A recommended ``action``; ``reason`` is English, ``key``/``params`` translate it."""

    action: Action
    reason: str
    key: str
    params: dict[str, Any]


def _hint(action: Action, key: str, **params: Any) -> Hint:
    shown = {k: (", ".join(map(str, v)) if isinstance(v, tuple) else v)
             for k, v in params.items()}
    reason = TEXT[key].format(**shown)
    if "win" in params:
        reason += f" (wins {params['win']}% of sampled deals)"
    return Hint(action, reason, key, params)


def explain(obs: Observation, action: Action, score: float | None = None) -> Hint:
    """Reason for ``action`` in ``obs``; ``score`` is its mean outcome in [-1, 1] if known."""
    extra: dict[str, Any] = {}
    if score is not None:
        extra["win"] = round(50 * (score + 1))
    hand = obs.hand
    if len(obs.legal_actions()) == 1:
        return _hint(action, "hint.only_move")
    if action.kind == REPLACE:
        if not action.cards:
            return _hint(action, "hint.keep_all")
        return _hint(action, "hint.replace", cards=action.cards)
    if action.kind == DUEL:
        card = action.cards[0]
        key = "hint.duel_high" if card >= sorted(hand)[len(hand) // 2] else "hint.duel_low"
        return _hint(action, key, card=card, **extra)
    if action.kind == ATTACK:
        if len(action.cards) > 1:
            return _hint(action, "hint.attack_jumbo", cards=action.cards,
                         n=len(action.cards), **extra)
        card = action.cards[0]
        if card == hand[-1] or card > hand[0]:
            key = "hint.attack_high" if card == hand[-1] else "hint.attack_low"
            return _hint(action, key, card=card, low=hand[0], **extra)
        return _hint(action, "hint.attack_low", card=card, **extra)
    if action.kind == DEFEND:
        return _hint(action, "hint.defend", card=action.cards[0], target=obs.target, **extra)
    return _hint(action, "hint.sacrifice", low=hand[0], **extra)
