"""Scenario helpers: build exact positions instead of fishing for seeds."""

from __future__ import annotations

import os
from collections import Counter
from random import Random
from typing import Any

from hypothesis import settings

from tacocat import DEFAULT, Action, Game, Ruleset

# RULES.md "Components", copied literally (not computed by the code under test):
# "Copies per value: 1:2, 2:3, 3:5, 4:5, 5:5, 6:5, 7:3, 8:2, 9:2, 10:2, 11:2, 12:2" — 38 cards.
RULES_DECK = Counter({1: 2, 2: 3, 3: 5, 4: 5, 5: 5, 6: 5, 7: 3, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2})
assert sum(RULES_DECK.values()) == 38

# `make mutants` runs the suite once per mutant: TACOCAT_TEST_SCALE shrinks the example counts
# of the property tests, and the "mutants" profile makes them repeatable run to run.
SCALE = float(os.environ.get("TACOCAT_TEST_SCALE", "1"))
settings.register_profile("mutants", derandomize=True, database=None, deadline=None,
                          print_blob=False)
if os.environ.get("TACOCAT_MUTANTS"):
    settings.load_profile("mutants")


def examples(n: int) -> int:
    """``n`` hypothesis examples, scaled by TACOCAT_TEST_SCALE (at least 5)."""
    return max(5, round(n * SCALE))


def position(yay, wow, *, phase="duel", ruleset: Ruleset = DEFAULT, **kw: Any) -> Game:
    """A game at a hand-built position (see :meth:`Game.from_position`)."""
    return Game.from_position(yay=list(yay), wow=list(wow), phase=phase, ruleset=ruleset, **kw)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def snapshot(game: Game) -> tuple:
    """Every attribute of the game (the RNG by its state), copied: a full serialisation for
    'unchanged' and 'same state' comparisons. New attributes are included automatically."""
    return tuple((k, v.getstate() if isinstance(v, Random) else _frozen(v))
                 for k, v in sorted(vars(game).items()))


def card_census(game: Game) -> Counter:
    """All cards in every zone; must always equal the deck."""
    return Counter(game.hands[0] + game.hands[1] + game.draw + game.discard + game.table())


def play(game: Game, *moves: tuple[int, str]) -> list:
    """Apply ``(seat, notation)`` moves; returns all events."""
    out = []
    for seat, text in moves:
        out += game.apply(seat, Action.parse(text))
    return out


def kinds(events) -> list[str]:
    return [e.kind for e in events]
