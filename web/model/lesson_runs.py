"""Learn to play: six short lessons, each a hand-made position (``Game.from_position``)
that asks for one move, says why it is right, and lets the player try again.

No browser API here (unit-tested): a lesson builds its session, judges the player's move
and plays the opponent's scripted reply. The texts are catalog keys
``lesson.<name>.title|task|right|wrong``; the names are also what an article embeds with
``data-lesson="<name>"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tacocat import WOW, YAY, Action, Game
from tacocat.actions import parse_move
from web.model.session import MODE_AI, Session


@dataclass(frozen=True)
class Lesson:
    name: str
    position: dict[str, Any]
    right: tuple[str, ...]  # the moves that are right, in action notation ("A4.5.6")
    before: tuple[str, ...] = ()  # the opponent's moves before the player's ("W:D11")
    after: tuple[str, ...] = ()  # the opponent's reply once the player was right
    keys: dict[str, str] = field(default_factory=dict)  # a wrong move → its own explanation

    def session(self, seed: int = 1) -> Session:
        game = Game.from_position(seed=seed, **self.position)
        session = Session(game, MODE_AI, "easy", YAY)
        for move in self.before:
            session.apply(*parse_move(move))
        return session

    def judge(self, action: Action) -> tuple[bool, str]:
        """Is ``action`` the lesson's move? With the catalog key that explains why."""
        if action.notation() in self.right:
            return True, f"lesson.{self.name}.right"
        return False, self.keys.get(action.notation(), f"lesson.{self.name}.wrong")

    def reply(self, session: Session) -> None:
        """The opponent's scripted answer (so a lesson can reach its showdown)."""
        for move in self.after:
            session.apply(*parse_move(move))


LESSONS: tuple[Lesson, ...] = (
    # the arrow points at YAY: it replaces first, and its count caps WOW's
    Lesson("replace", {"yay": [1, 2, 6, 7, 8, 12], "wow": [3, 4, 5, 9, 10, 11],
                       "phase": "replace", "cat": 5},
           right=("R6.7.8",), keys={"R": "lesson.replace.keep"}),
    # WOW has sealed an 11 already; a 12 wins the duel, anything else lets WOW attack
    Lesson("duel", {"yay": [2, 5, 9, 12], "wow": [3, 6, 10, 11], "phase": "duel"},
           right=("D12",), before=("W:D11",)),
    # a single attack: the cheapest card that holds
    Lesson("defend", {"yay": [3, 9, 11], "wow": [2, 10], "phase": "defend", "attacker": WOW,
                      "attack": [8]},
           right=("B9",), keys={"B11": "lesson.defend.costly"}),
    # a Jumbo: a set of two 10s or the sequence 4-5-6
    Lesson("jumbo", {"yay": [1, 4, 5, 6, 10, 10], "wow": [2, 3, 7, 8, 11, 12],
                     "phase": "attack", "attacker": YAY},
           right=("A4.5.6", "A10.10")),
    # nothing holds against the 10: the lowest card is given up
    Lesson("sacrifice", {"yay": [2, 6, 8], "wow": [4, 5], "phase": "defend", "attacker": WOW,
                         "attack": [10]},
           right=("S",)),
    # keep the 2 for the showdown; the cat then jumps over the covered space A to T
    Lesson("showdown", {"yay": [2, 9], "wow": [3, 10], "phase": "attack", "attacker": YAY,
                        "cat": 2, "tiles": [1]},
           right=("A9",), after=("W:B10",)),
)
BY_NAME = {lesson.name: lesson for lesson in LESSONS}


class Run:
    """A lesson in progress: its position, and how the player's last try went."""

    def __init__(self, index: int, single: bool = False) -> None:
        self.index = index
        self.single = single  # embedded in an article: just this lesson
        self.lesson = LESSONS[index]
        self.session = self.lesson.session()
        self.done = False  # the right move was made
        self.feedback: tuple[bool, str] | None = None  # (right?, catalog key)

    def attempt(self, seat: int, action: Action) -> bool:
        """Judge the player's move; a right one is played (with the opponent's reply), a
        wrong one is not: the position stays for another try. Returns whether it was right."""
        ok, key = self.lesson.judge(action)
        self.feedback = (ok, key)
        if ok:
            self.session.apply(seat, action)
            self.lesson.reply(self.session)
            self.done = True
        return ok

    @property
    def last(self) -> bool:
        return self.index == len(LESSONS) - 1
