"""Players: an observation goes in, an action comes out. Each player owns a seeded RNG,
so a game between computer players is reproducible from its seeds."""

from __future__ import annotations

from collections.abc import Generator
from random import Random
from typing import Generic, Protocol, TypeVar

from .actions import REPLACE, Action
from .moves import PHASE_REPLACE
from .observation import Observation

T = TypeVar("T")


class Player(Protocol):
    """Anything that picks an action from an observation."""

    name: str

    def choose(self, obs: Observation) -> Action: ...

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        """Like :meth:`choose`, but yields between slices of work (each ≤ 20 ms) so a
        browser UI can keep rendering; the action is the generator's return value."""
        ...


class RandomPlayer:
    """Uniformly random among legal actions — except replacement, where it picks how many
    cards (0..limit) uniformly and then which cards, so it never enumerates the up to
    hundreds of possible replacement sets. A baseline, and the engine's speed benchmark."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, obs: Observation) -> Action:
        if obs.phase == PHASE_REPLACE:
            k = self.rng.randint(0, obs.replace_limit)
            return Action(REPLACE, tuple(sorted(self.rng.sample(obs.hand, k))))
        return self.rng.choice(obs.legal_actions())

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        return self.choose(obs)
        yield  # pragma: no cover - makes this a generator


class Thinking(Generic[T]):
    """A :meth:`Player.think`-style generator (it yields between slices of work and returns
    its answer), driven one slice at a time: the one way every caller runs one — to the end
    at once (:func:`run_think`), or a slice per turn of the page's event loop."""

    __slots__ = ("done", "gen", "slices", "value")

    def __init__(self, gen: Generator[object, None, T]) -> None:
        self.gen = gen
        self.done = False
        self.slices = 0  # how many times it yielded
        self.value: T | None = None

    def step(self) -> bool:
        """One slice of work; ``True`` once the generator has returned (see ``value``)."""
        try:
            next(self.gen)
        except StopIteration as stop:
            self.done, self.value = True, stop.value
            return True
        self.slices += 1
        return False

    def close(self) -> None:
        """Give up (the page moved on): the generator's ``finally`` blocks run now."""
        self.gen.close()


def run_think(gen: Generator[object, None, T]) -> T:
    """Drive a :meth:`Player.think`-style generator to completion without pausing."""
    thinking = Thinking(gen)
    while not thinking.step():
        pass
    return thinking.value
