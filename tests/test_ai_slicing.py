"""Slicing the search (so the browser can render between slices) never changes a decision;
sampling respects what the opponent revealed."""

import pytest
from helpers import position

from tacocat import WOW, YAY
from tacocat.ai import computer_players as ai_players
from tacocat.ai import make_player
from tacocat.ai.search import _SOLVERS
from tacocat.players import Thinking

OPTIONS = {"hard": {"budget_ms": None, "samples": 6},
           "master": {"budget_ms": None, "samples": 6, "replace_rounds": (2, 4, 8)}}


def decide(obs, slice_s, monkeypatch, level="hard"):
    """A fresh player's decision with a cold solver memo, and how often it yielded."""
    monkeypatch.setattr(ai_players, "SLICE_S", slice_s)
    _SOLVERS.clear()  # a cold memo, so the solve is large enough to need many slices
    thinking = Thinking(make_player(level, 3, **OPTIONS[level]).think(obs))
    while not thinking.step():
        pass
    return thinking.value, thinking.slices


@pytest.mark.parametrize("level", ["hard", "master"])
@pytest.mark.parametrize("setup", ["replace", "duel", "attack", "defend"])
def test_tiny_slices_give_the_same_decision_as_one_long_slice(level, setup, monkeypatch):
    """Forced into many slices (0.5 ms each) from a cold memo, a fresh player decides
    exactly as a fresh player that never yields."""
    if setup == "replace":
        obs = position([1, 3, 4, 5, 7, 7, 9, 11, 12], [2, 3, 5, 6, 8, 9, 10, 10, 12],
                       phase="replace", cat=4).observation(YAY)
    elif setup == "duel":
        obs = position([1, 3, 4, 6, 7, 9, 11, 12], [2, 3, 5, 5, 8, 9, 10, 12]).observation(YAY)
    elif setup == "attack":
        obs = position([1, 3, 4, 5, 7, 9, 11, 12], [2, 3, 5, 6, 8, 9, 10, 12], phase="attack",
                       attacker=YAY).observation(YAY)
    else:
        obs = position([1, 3, 9, 11, 12, 12], [2, 3, 5, 5, 7, 8, 9, 10, 10], phase="defend",
                       attacker=YAY, attack=[4, 5, 6]).observation(WOW)
    whole, once = decide(obs, 10.0, monkeypatch, level)
    sliced, yields = decide(obs, 0.0005, monkeypatch, level)
    assert sliced == whole
    if setup != "replace" or level == "master":  # hard replaces by a rule: nothing to slice
        assert yields >= 3 * max(1, once)  # the cold search really was cut into slices


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
