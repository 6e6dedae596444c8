"""Slicing the search (so the browser can render between slices) never changes a decision;
sampling respects what the opponent revealed."""

import pytest
from helpers import position

from tacocat import WOW, YAY, Game
from tacocat.ai import make_player
from tacocat.ai import players as ai_players
from tacocat.ai.search import _SOLVERS
from tacocat.players import run_think


def decide(obs, slice_s, monkeypatch):
    monkeypatch.setattr(ai_players, "SLICE_S", slice_s)
    _SOLVERS.clear()  # a cold memo, so the solve is large enough to need many slices
    gen = make_player("hard", 3, budget_ms=None, samples=6).think(obs)
    yields = 0
    while True:
        try:
            next(gen)
            yields += 1
        except StopIteration as stop:
            return stop.value, yields


@pytest.mark.parametrize("setup", ["duel", "attack", "defend"])
def test_tiny_slices_give_the_same_decision_as_one_long_slice(setup, monkeypatch):
    if setup == "duel":
        obs = position([1, 3, 4, 6, 7, 9, 11, 12], [2, 3, 5, 5, 8, 9, 10, 12]).observation(YAY)
    elif setup == "attack":
        obs = position([1, 3, 4, 5, 7, 9, 11, 12], [2, 3, 5, 6, 8, 9, 10, 12], phase="attack",
                       attacker=YAY).observation(YAY)
    else:
        obs = position([1, 11, 12, 12], [2, 3, 5, 7, 8, 9, 10], phase="defend", attacker=YAY,
                       attack=[4, 5, 6]).observation(WOW)
    whole, _ = decide(obs, 10.0, monkeypatch)
    sliced, yields = decide(obs, 0.0005, monkeypatch)
    assert sliced == whole
    assert yields >= 2  # the cold solve really was cut into slices


def test_run_think_and_choose_agree_after_slicing():
    g = Game(seed=8)
    p = make_player("hard", 1, budget_ms=None, samples=4)
    obs = g.observation(WOW)
    assert run_think(p.think(obs)) == p.choose(obs)


def test_sampled_opponent_hands_respect_what_a_sacrifice_revealed():
    """A sacrifice plays the defender's lowest card: no lower card can remain in hand."""
    from random import Random

    from helpers import play

    from tacocat.ai.search import sample_hand

    g = position([4, 4, 9, 11, 12], [2, 5, 6, 7, 12], phase="attack", attacker=YAY)
    play(g, (YAY, "A4.4"), (WOW, "B5"), (WOW, "S"))
    obs = g.observation(YAY)
    assert obs.opponent_floor() == 2 and g.observation(WOW).opponent_floor() == 0
    rng = Random(1)
    hands = [sample_hand(obs, rng) for _ in range(300)]
    assert all(min(h) >= 2 and len(h) == 3 for h in hands)
    assert 1 in obs.unseen()  # a 1 is still unseen, yet never sampled
