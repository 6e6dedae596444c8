"""Legal-action generation as pure functions of what the acting player can see.

Both :class:`~tacocat.game.Game` and :class:`~tacocat.observation.Observation` use these,
so the list a player is offered is exactly the list the engine accepts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import (
    ATTACK,
    DEFEND,
    DUEL,
    REPLACE,
    SACRIFICE,
    Action,
    action_problem,
    seat_problem,
)
from .errors import IllegalActionError
from .ruleset import SEATS

if TYPE_CHECKING:
    from .game import Game

PHASE_REPLACE, PHASE_DUEL, PHASE_ATTACK, PHASE_DEFEND, PHASE_OVER = (
    "replace", "duel", "attack", "defend", "over"
)
EXPECTED = {  # the action kinds each phase takes
    PHASE_REPLACE: (REPLACE,),
    PHASE_DUEL: (DUEL,),
    PHASE_ATTACK: (ATTACK,),
    PHASE_DEFEND: (DEFEND, SACRIFICE),
}


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


def sacrificed_card(hand: list[int] | tuple[int, ...]) -> int:
    """The card a sacrifice plays: the defender's lowest (RULES.md §4)."""
    return min(hand)


def lowest_holds(hand: list[int] | tuple[int, ...], target: int) -> bool:
    """Does the defender's lowest card already hold against ``target``? Then playing it is
    a defence, not a sacrifice (RULES.md §4: a card equal or higher always defends)."""
    return bool(hand) and sacrificed_card(hand) >= target


def cards_played(hand: list[int] | tuple[int, ...], action: Action) -> tuple[int, ...]:
    """The cards ``action`` puts on the table from ``hand`` (a sacrifice names none: it
    plays the lowest)."""
    return (sacrificed_card(hand),) if action.kind == SACRIFICE else action.cards


def answer_options(hand: list[int] | tuple[int, ...], target: int,
                   must_defend: bool) -> list[Action]:
    """Defend with any card ≥ ``target``; sacrifice the lowest card when it is below it."""
    out = [Action(DEFEND, (v,)) for v in sorted(set(hand)) if v >= target]
    if not lowest_holds(hand, target) and not (must_defend and out):
        out.append(Action(SACRIFICE))
    return out


def _listed(cards: tuple[int, ...]) -> str:
    return ", ".join(map(str, cards))


def _without(hand: list[int], cards: tuple[int, ...]) -> list[int] | None:
    """``hand`` minus the multiset ``cards``, or ``None`` if the hand lacks one of them."""
    if len(cards) > len(hand):
        return None
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def check_action(game: Game, player: Any, action: Any) -> None:
    """Raise :class:`IllegalActionError` saying why ``player`` may not play ``action`` in
    ``game`` now; return if it is legal. Reads the game, never changes it."""
    if game.phase == PHASE_OVER:
        raise IllegalActionError("the game is over")
    problem = seat_problem(player) or action_problem(action)
    if problem:
        raise IllegalActionError(problem)
    name = SEATS[player]
    if player not in game.acting:  # then exactly one seat acts: with two, every seat may
        raise IllegalActionError(f"it is not {name}'s turn (waiting for "
                                 f"{SEATS[game.acting[0]]})")
    kind, cards = action.kind, action.cards
    if kind not in EXPECTED[game.phase]:
        raise IllegalActionError(f"{kind} is not possible in the {game.phase} step")
    hand = game.hands[player]
    rest = _without(hand, cards)
    if rest is None:  # so ``cards`` is not empty: an empty list is always held
        raise IllegalActionError(f"{name} does not hold {_listed(cards)}")
    if kind == REPLACE:
        limit = game.replace_limit[player]
        if len(cards) > limit:
            raise IllegalActionError(f"{name} may replace at most {limit} card(s) now")
    elif kind == ATTACK:
        if not rest:
            raise IllegalActionError("the attacker must still hold a card after attacking")
        if len(cards) > 1:
            if not game.ruleset.jumbo:
                raise IllegalActionError("Jumbo attacks are switched off in this ruleset")
            if not is_jumbo(cards):
                raise IllegalActionError(
                    f"{_listed(cards)} is neither a set (2+ equal values) "
                    "nor a sequence (3+ consecutive values)"
                )
    elif kind == DEFEND:
        target = game.attack[len(game.answers)]
        if cards[0] < target:
            raise IllegalActionError(
                f"a {cards[0]} cannot defend against a {target}; "
                "defend with an equal or higher card, or sacrifice your lowest"
            )
    elif kind == SACRIFICE:  # (a duel needs no more than holding the card)
        target = game.attack[len(game.answers)]
        if lowest_holds(hand, target):
            raise IllegalActionError(
                f"your lowest card ({sacrificed_card(hand)}) already holds against {target}: "
                "defend with it"
            )
        if game.ruleset.must_defend and hand[-1] >= target:
            raise IllegalActionError(
                f"this ruleset makes you defend when you can (your {hand[-1]} holds)"
            )
