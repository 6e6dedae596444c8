"""Scenario helpers: build exact positions instead of fishing for seeds."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

from tacocat import DEFAULT, Action, Game, Ruleset

# RULES.md "Components", copied literally (not computed by the code under test):
# "Copies per value: 1:2, 2:3, 3:5, 4:5, 5:5, 6:5, 7:3, 8:2, 9:2, 10:2, 11:2, 12:2" — 38 cards.
RULES_DECK = Counter({1: 2, 2: 3, 3: 5, 4: 5, 5: 5, 6: 5, 7: 3, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2})
assert sum(RULES_DECK.values()) == 38

# `make mutants` runs the suite once per mutant: TACOCAT_TEST_SCALE shrinks the example counts
# of the property tests (the hypothesis profiles are in tests/conftest.py).
SCALE = float(os.environ.get("TACOCAT_TEST_SCALE", "1"))


def examples(n: int) -> int:
    """``n`` hypothesis examples, scaled by TACOCAT_TEST_SCALE (at least 5)."""
    return max(5, round(n * SCALE))


def position(yay, wow, *, phase="duel", ruleset: Ruleset = DEFAULT, **kw: Any) -> Game:
    """A game at a hand-built position (see :meth:`Game.from_position`)."""
    return Game.from_position(yay=list(yay), wow=list(wow), phase=phase, ruleset=ruleset, **kw)


# Every attribute of a Game; snapshot() fails loudly when the engine grows a new one.
_GAME_FIELDS = frozenset({
    "seed", "ruleset", "rng", "cat", "tiles", "round", "tied_rounds", "hands", "draw",
    "discard", "phase", "acting", "pending", "replace_limit", "replaced", "duels", "tricks",
    "attacker", "attack", "answers", "last_showdown", "winner", "history", "position",
    "initial_events",
})


def snapshot(game: Game) -> tuple:
    """Every attribute of the game (the RNG by its state), copied: a full serialisation for
    'unchanged' and 'same state' comparisons. Spelled out rather than generic, because the
    property tests take thousands of snapshots."""
    assert vars(game).keys() == _GAME_FIELDS, "snapshot() does not know every Game attribute"
    return (
        game.seed, game.ruleset, game.rng.getstate(), game.cat, tuple(game.tiles), game.round,
        game.tied_rounds, tuple(map(tuple, game.hands)), tuple(game.draw), tuple(game.discard),
        game.phase, tuple(game.acting), tuple(game.pending), tuple(game.replace_limit),
        tuple(game.replaced), tuple(game.duels), tuple(game.tricks), game.attacker,
        game.attack, tuple(game.answers), game.last_showdown, game.winner, tuple(game.history),
        None if game.position is None else repr(sorted(game.position.items())),
        tuple(game.initial_events),
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


def twins(rng: random.Random, phase: str, n: int, **kw) -> tuple[Game, Game]:
    """Two games that look the same from YAY's seat but hide different cards."""
    deck = list(DEFAULT.deck_cards())
    rng.shuffle(deck)
    mine, rest = deck[:n], deck[n:]
    games = []
    for _ in range(2):
        rng.shuffle(rest)
        games.append(Game.from_position(yay=mine, wow=rest[:n], phase=phase,
                                        seed=rng.randrange(10**6), **kw))
    return games[0], games[1]


def a_game(seed: int = 12):
    """A whole game, easy against greedy, as a record (for the analysis tests)."""
    from tacocat.ai import make_player
    from tacocat.record import GameRecord

    g = Game(seed)
    players = [make_player("easy", 1), make_player("greedy", 2)]
    while not g.is_terminal():
        for p in g.to_act():
            g.apply(p, players[p].choose(g.observation(p)))
    return GameRecord.of(g)
