"""A puzzle in the page: the position (both hands shown), the player's tries judged by the
engine's referee (:mod:`tacocat.puzzles`), the two-level hint, the solution, and how the
try counts — the day's puzzle, a rated run's puzzle, or one puzzle an article embeds.

The position is played in a :class:`~web.model.session.Session` of its own (the game in
progress waits), so the table, the hand and the log draw it as any game. The opponent's
moves are the referee's (the defence that holds out longest), never the AI's. No rule is
decided here: which moves win is :func:`tacocat.puzzles.is_winning`'s answer."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tacocat import Action
from tacocat.puzzles import (
    Clue,
    Puzzle,
    PuzzleError,
    game,
    hint,
    is_winning,
    refutation,
    reply,
    result,
    round_over,
)
from web.model.session import MODE_AI, Session

DAILY, RATED, SINGLE = "daily", "rated", "single"
KINDS = (DAILY, RATED, SINGLE)
# how a try ends
SOLVING, WRONG, SOLVED, SHOWN = "solving", "wrong", "solved", "shown"


@dataclass
class Outcome:
    """What the first try of a puzzle came to — the one that counts (rating, streak)."""

    solved: bool
    hinted: bool  # the hint was asked for before it was solved


class PuzzleRun:
    """One puzzle on the table; ``kind`` says how it counts, ``day`` is the date of the
    day's puzzle (the player's local date)."""

    def __init__(self, puzzle: Puzzle, kind: str, day: datetime.date | None = None) -> None:
        self.puzzle = puzzle
        self.kind = kind
        self.day = day
        self.state = SOLVING
        self.hint_level = 0  # 0: none asked, 1: the sentence, 2: the card too
        self.clue: Clue | None = None
        self.outcome: Outcome | None = None  # set once: the first try's result
        self.wrong: Action | None = None  # the last wrong move (its refutation is shown)
        self.wrong_hand: tuple[int, ...] = ()  # the hand it was played from
        self.hinted = False  # a hint was asked for before the try counted
        self.alone = False  # embedded alone in an article: no way back to a game
        self.session = self._fresh()

    def _fresh(self) -> Session:
        # the opponent is "the computer" for the words; its moves come from the referee
        return Session(game(self.puzzle), MODE_AI, "master", self.puzzle.solver)

    # -- the player's moves ---------------------------------------------------------------
    @property
    def solver(self) -> int:
        return self.puzzle.solver

    @property
    def over(self) -> bool:
        """Nothing left to play in this try: solved, refuted or the solution shown."""
        return self.state != SOLVING

    def attempt(self, action: Action) -> list[tuple[int, Action]]:
        """The player's move: a winning one is played with the opponent's replies (the
        moves made are returned); a wrong one is played with its refutation, up to the
        showdown, and the try ends (:meth:`retry` starts again)."""
        g = self.session.game
        seat = self.solver
        if self.over or seat not in g.to_act():
            return []
        if not is_winning(g, seat, action):
            line = [(seat, action), *refutation(g, action)]
            self.wrong = action
            self.wrong_hand = tuple(g.hands[seat])  # to name it (a sacrifice's lowest card)
            self.state = WRONG
            self._count(False)
            for who, move in line:
                self.session.apply(who, move)
            return line
        played = [(seat, action)]
        self.session.apply(seat, action)
        self._clear_hint()
        while not round_over(g) and seat not in g.to_act():
            answer = reply(g)
            opponent = 1 - seat
            self.session.apply(opponent, answer)
            played.append((opponent, answer))
        if round_over(g):
            self.state = SOLVED if result(g, seat) == "won" else WRONG
            self._count(self.state == SOLVED)
        return played

    def retry(self) -> None:
        """The position again (the try that counted stays counted)."""
        self.session = self._fresh()
        self.state = SOLVING
        self.wrong = None
        self._clear_hint()

    def solution_line(self) -> list[tuple[int, Action]]:
        """The main line from the start, to be played out on a fresh position; showing it
        gives the puzzle up (a try not yet counted counts as failed)."""
        self.retry()
        self._count(False)
        self.state = SHOWN
        return list(self.puzzle.line)

    # -- the hint ---------------------------------------------------------------------------
    def ask_hint(self) -> Clue | None:
        """First the sentence, then the card as well; ``None`` when there is nothing to
        hint (the try is over, or it is not the player's move)."""
        g = self.session.game
        if self.over or self.solver not in g.to_act():
            return None
        try:
            self.clue = hint(self.puzzle, g)
        except PuzzleError:
            return None
        self.hint_level = min(self.hint_level + 1, 2)
        if self.outcome is None:
            self.hinted = True
        return self.clue

    def _clear_hint(self) -> None:
        self.hint_level = 0
        self.clue = None

    def _count(self, solved: bool) -> None:
        if self.outcome is None:
            self.outcome = Outcome(solved, self.hinted)


__all__ = ["DAILY", "KINDS", "RATED", "SHOWN", "SINGLE", "SOLVED", "SOLVING", "WRONG",
           "Outcome", "PuzzleRun"]
