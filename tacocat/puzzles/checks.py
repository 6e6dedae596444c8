"""Re-verification of a puzzle by the exact solver: what the generator promises of every
puzzle it keeps, checked again for every shipped puzzle by the unit tests, so a change to
the engine, the solver or the referee that breaks a puzzle cannot ship unnoticed."""

from __future__ import annotations

from ..ai.rules_of_thumb import greedy_action
from .codec import Puzzle, replay
from .referee import PuzzleError, fight_of, is_winning, reply, round_over, winning_moves


def verify(puzzle: Puzzle) -> list[str]:
    """Every way ``puzzle`` falls short, in words (an empty list: it holds):

    * exactly one legal first move wins the round for the side to move, and it is the
      main line's first move;
    * at least two legal first moves do not win;
    * the rule of thumb's first move (the ``greedy`` level's) does not win;
    * the main line is legal and ends the round with the solver's win; each of its
      solver moves wins, each opponent move is the referee's :func:`reply`.
    """
    try:
        replay(puzzle)
    except PuzzleError as err:
        return [str(err)]
    problems = []
    game = puzzle.game()
    seat = puzzle.solver
    wins = winning_moves(game)
    if wins != [puzzle.first_move]:
        problems.append(f"winning first moves {[a.notation() for a in wins]}, expected "
                        f"only {puzzle.first_move.notation()}")
    losing = len(game.legal_actions(seat)) - len(wins)
    if losing < 2:
        problems.append(f"only {losing} first move(s) do not win")
    obvious = greedy_action(game.observation(seat))
    if is_winning(game, seat, obvious):
        problems.append(f"the rule of thumb's move {obvious.notation()} wins")
    for k, (who, action) in enumerate(puzzle.line):
        if round_over(game) or fight_of(game).mover != who:
            break  # replay() has said what is wrong
        if who == seat and not is_winning(game, seat, action):
            problems.append(f"move {k + 1} ({action.notation()}) does not win")
        elif who != seat and reply(game) != action:
            problems.append(f"move {k + 1} ({action.notation()}) is not the longest "
                            f"defence ({reply(game).notation()})")
        game.apply(who, action)
    return problems
