"""Scenario helpers: build exact positions instead of fishing for seeds."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tacocat import DEFAULT, Action, Game, Ruleset


def position(yay, wow, *, phase="duel", ruleset: Ruleset = DEFAULT, **kw: Any) -> Game:
    """A game at a hand-built position (see :meth:`Game.from_position`)."""
    return Game.from_position(yay=list(yay), wow=list(wow), phase=phase, ruleset=ruleset, **kw)


def snapshot(game: Game) -> tuple:
    """Everything that defines a game's state, for 'unchanged' comparisons."""
    return (
        game.phase, tuple(game.acting), game.round, game.cat, tuple(game.tiles),
        tuple(map(tuple, game.hands)), tuple(game.draw), tuple(game.discard),
        tuple(game.pending), tuple(game.replace_limit), tuple(game.replaced),
        tuple(game.duels), tuple(game.tricks), game.attacker, game.attack, tuple(game.answers),
        game.last_showdown, game.winner, tuple(game.history), game.rng.getstate(),
    )


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
