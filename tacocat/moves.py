"""Legal-action generation as pure functions of what the acting player can see.

Both :class:`~tacocat.game.Game` and :class:`~tacocat.observation.Observation` use these,
so the list a player is offered is exactly the list the engine accepts.
"""

from __future__ import annotations

from .actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE, Action

PHASE_REPLACE, PHASE_DUEL, PHASE_ATTACK, PHASE_DEFEND, PHASE_OVER = (
    "replace", "duel", "attack", "defend", "over"
)


def is_jumbo(cards: tuple[int, ...]) -> bool:
    """A set (2+ equal values) or a sequence (3+ consecutive values, one of each)."""
    if len(cards) >= 2 and cards[0] == cards[-1]:
        return True
    n = len(cards)
    return n >= 3 and cards[-1] - cards[0] == n - 1 and len(set(cards)) == n


def replace_options(hand: list[int] | tuple[int, ...], limit: int) -> list[Action]:
    """Every sub-multiset of ``hand`` with at most ``limit`` cards, smallest first."""
    values = sorted(set(hand))
    found: list[tuple[int, ...]] = [()]
    for v in values:
        c = hand.count(v)
        found += [prev + (v,) * k for prev in found for k in range(1, c + 1)
                  if len(prev) + k <= limit]
    found.sort(key=lambda cards: (len(cards), cards))
    return [Action(REPLACE, cards) for cards in found]


def duel_options(hand: list[int] | tuple[int, ...]) -> list[Action]:
    return [Action(DUEL, (v,)) for v in sorted(set(hand))]


def attack_options(hand: list[int] | tuple[int, ...], jumbo: bool) -> list[Action]:
    """Singles, then sets, then sequences; the attacker always keeps at least one card."""
    values = sorted(set(hand))
    out = [Action(ATTACK, (v,)) for v in values]
    if not jumbo:
        return out
    most = len(hand) - 1
    for v in values:
        for size in range(2, min(hand.count(v), most) + 1):
            out.append(Action(ATTACK, (v,) * size))
    n = len(values)
    for i in range(n):
        j = i
        while j + 1 < n and values[j + 1] == values[j] + 1:
            j += 1
            if 3 <= j - i + 1 <= most:
                out.append(Action(ATTACK, tuple(values[i : j + 1])))
    return out


def answer_options(hand: list[int] | tuple[int, ...], target: int,
                   must_defend: bool) -> list[Action]:
    """Defend with any card ≥ ``target``; sacrifice the lowest card when it is below it."""
    out = [Action(DEFEND, (v,)) for v in sorted(set(hand)) if v >= target]
    if min(hand) < target and not (must_defend and out):
        out.append(Action(SACRIFICE, ()))
    return out
