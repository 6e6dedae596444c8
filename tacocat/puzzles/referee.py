"""The puzzle referee: exact judgement of trick-fight moves, and the defence that holds
out longest.

A puzzle is won or lost at the showdown, so every question the page asks — is this move
still winning, what does the opponent answer, how does the opponent beat a wrong move —
has an exact answer from :class:`~tacocat.ai.solver.TrickSolver` (the same solver the
computer levels use). Values alone do not pick a reply, though: in a won position every
defence loses, and a referee that answered with the first losing move would let the
player win after one good move. Like lichess, which answers with the defence that delays
mate longest, the opponent here plays, among its moves that lose least, the one that
leaves the player the most *decisions* (moves with more than one legal choice) before the
round ends; the player's own stored line takes, among its winning moves, the one that
needs the fewest. Both are exact: :func:`decisions_left` is a minimax over the trick
fight restricted to value-preserving moves, memoised like the solver.

Nothing here is random and nothing depends on ``hash()`` or set order: the same game gives
the same answers on CPython and in Pyodide.
"""

from __future__ import annotations

from typing import NamedTuple

from ..actions import SACRIFICE, Action
from ..ai.computer_players import preference
from ..ai.search import solver_for, tie_for
from ..ai.solver import Hand, TrickSolver, remove
from ..errors import TacocatError
from ..game import Game
from ..moves import PHASE_ATTACK, PHASE_DEFEND, answer_options, attack_options
from ..ruleset import WOW, YAY, Ruleset

MEMO_LIMIT = 200_000  # entries of the decisions memo before it is cleared (browser memory)
# decisions_left() per (jumbo, must_defend, ties): shared by every Judge of that variant
_MEMOS: dict[tuple, dict[tuple, int]] = {}


class PuzzleError(TacocatError, ValueError):
    """Puzzle data that is malformed or does not hold (a corrupt file, a tampered line),
    or a referee question asked outside a trick fight."""


class Fight(NamedTuple):
    """The trick fight reduced to what decides it: who attacks, both hands, the attacking
    cards still to be answered (``()``: the attacker is to move) and whether every answer
    of the trick so far defended. Hashable, so it keys the memo."""

    attacker: int
    att: Hand
    dfn: Hand
    pending: Hand
    held: bool

    @property
    def mover(self) -> int:
        return self.attacker if not self.pending else 1 - self.attacker

    @property
    def over(self) -> bool:
        """Both sides hold one card: the showdown (the attacker keeps at least one)."""
        return not self.pending and len(self.att) == 1


def fight_of(game: Game) -> Fight:
    """The trick fight of ``game`` now; :class:`PuzzleError` outside the trick phases."""
    if game.phase not in (PHASE_ATTACK, PHASE_DEFEND) or game.attacker is None:
        raise PuzzleError(f"there is no trick fight to judge in the {game.phase} step")
    a = game.attacker
    att, dfn = tuple(game.hands[a]), tuple(game.hands[1 - a])
    if game.phase == PHASE_ATTACK:
        return Fight(a, att, dfn, (), True)
    pending = game.attack[len(game.answers):]
    return Fight(a, att, dfn, pending, all(ok for _, ok in game.answers))


def _settle(f: Fight) -> Fight:
    """After the last answer of a trick: whoever attacks next (the defender, if every
    attacking card was defended), with nothing pending."""
    if f.pending:
        return f
    if f.held:
        return Fight(1 - f.attacker, f.dfn, f.att, (), True)
    return Fight(f.attacker, f.att, f.dfn, (), True)


def legal(f: Fight, ruleset: Ruleset) -> list[Action]:
    """The mover's legal actions, in the engine's order (:meth:`Game.legal_actions`)."""
    if f.over:
        return []
    if not f.pending:
        return attack_options(f.att, ruleset.jumbo)
    return answer_options(f.dfn, f.pending[0], ruleset.must_defend)


def after(f: Fight, action: Action) -> Fight:
    """The fight once the mover plays ``action`` (assumed legal)."""
    if not f.pending:
        return Fight(f.attacker, remove(f.att, action.cards), f.dfn, action.cards, True)
    if action.kind == SACRIFICE:
        return _settle(Fight(f.attacker, f.att, f.dfn[1:], f.pending[1:], False))
    return _settle(Fight(f.attacker, f.att, remove(f.dfn, action.cards), f.pending[1:],
                         f.held))


class Judge:
    """Exact values and decision counts for one ruleset and board (the tie rule may depend
    on the arrow). Cheap to build: the memos are shared per variant, module-wide."""

    def __init__(self, ruleset: Ruleset, cat: int) -> None:
        self.ruleset = ruleset
        self.solver: TrickSolver = solver_for(ruleset)
        self.ties = (tie_for(ruleset, cat, YAY), tie_for(ruleset, cat, WOW))
        key = (ruleset.jumbo, ruleset.must_defend, self.ties)
        self.memo = _MEMOS.setdefault(key, {})

    @classmethod
    def of(cls, game: Game) -> Judge:
        return cls(game.ruleset, game.cat)

    def value(self, f: Fight, seat: int) -> int:
        """The round's outcome for ``seat`` under best play: +1 win, 0 tie, −1 loss."""
        tie = self.ties[f.attacker]
        if f.over:
            a, d = f.att[0], f.dfn[0]
            v = 1 if a < d else (-1 if a > d else tie)
        elif f.pending:
            v = self.solver.answer(f.att, f.dfn, f.pending, f.held, tie)
        else:
            v = self.solver.value(f.att, f.dfn, tie)
        return v if seat == f.attacker else -v

    def options(self, f: Fight) -> list[tuple[Action, Fight, int]]:
        """Each legal action of the mover, the fight after it, and its value for the mover."""
        me = f.mover
        out = []
        for a in legal(f, self.ruleset):
            nxt = after(f, a)
            out.append((a, nxt, self.value(nxt, me)))
        return out

    def decisions_left(self, f: Fight, solver: int) -> int:
        """How many decisions ``solver`` still makes (moves with a choice) when both sides
        keep the best outcome they can, ``solver`` finishing as fast as it can and its
        opponent holding out as long as it can."""
        if f.over:
            return 0
        key = (f, solver)
        got = self.memo.get(key)
        if got is not None:
            return got
        opts = self.options(f)
        best = max(v for _, _, v in opts)
        rest = [self.decisions_left(n, solver) for _, n, v in opts if v == best]
        mine = f.mover == solver
        got = (1 if mine and len(opts) > 1 else 0) + (min(rest) if mine else max(rest))
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = got
        return got

    def choose(self, f: Fight, solver: int) -> Action:
        """The mover's move: the best outcome first; then, for ``solver``, the fewest
        decisions left, for its opponent the most; then the computer's own taste (shed high
        cards, defend cheaply, sacrifice last), then the engine's order."""
        opts = self.options(f)
        best = max(v for _, _, v in opts)
        sign = -1 if f.mover == solver else 1
        ranked = [(sign * self.decisions_left(n, solver), preference(a), -k, a)
                  for k, (a, n, v) in enumerate(opts) if v == best]
        return max(ranked)[3]


def _check_turn(game: Game, seat: int | None = None) -> Fight:
    f = fight_of(game)
    if seat is not None and seat != f.mover:
        raise PuzzleError("it is not that seat's turn in the trick fight")
    return f


def winning_moves(game: Game) -> list[Action]:
    """Every legal move of the side to move that keeps a round win, in the engine's order."""
    f = _check_turn(game)
    return [a for a, _, v in Judge.of(game).options(f) if v == 1]


def is_winning(game: Game, seat: int, action: Action) -> bool:
    """Does ``seat`` (to move) keep the round won by playing ``action``? Exact. An illegal
    action raises :class:`~tacocat.errors.IllegalActionError`, as :meth:`Game.apply` would."""
    game.check(seat, action)
    f = _check_turn(game, seat)
    return Judge.of(game).value(after(f, action), seat) == 1


def reply(game: Game) -> Action:
    """The move of the side to move, as the opponent of a puzzle: the least bad outcome for
    it, then the most decisions left for the puzzle's side (see :class:`Judge`)."""
    f = _check_turn(game)
    return Judge.of(game).choose(f, 1 - f.mover)


def best_line(game: Game, solver: int) -> list[tuple[int, Action]]:
    """The rest of the round from ``game`` (not changed) with ``solver`` playing its best
    (best outcome, fewest decisions) and the other side :func:`reply`: ``(seat, action)``
    moves up to the showdown."""
    return _play_out(Judge.of(game), _check_turn(game), solver)


def _play_out(judge: Judge, f, solver: int) -> list[tuple[int, Action]]:
    """From ``f`` to the showdown: ``solver`` at its best, the other side as :func:`reply`."""
    line = []
    while not f.over:
        action = judge.choose(f, solver)
        line.append((f.mover, action))
        f = after(f, action)
    return line


def solution(game: Game) -> list[tuple[int, Action]]:
    """The winning line from here for the side to move (its first move included), or
    :class:`PuzzleError` if it cannot win the round any more."""
    f = _check_turn(game)
    if Judge.of(game).value(f, f.mover) != 1:
        raise PuzzleError("the side to move cannot win the round from here")
    return best_line(game, f.mover)


def refutation(game: Game, wrong: Action) -> list[tuple[int, Action]]:
    """How the opponent beats ``wrong`` (a legal move of the side to move that does not
    win): the moves after it up to the showdown, the opponent holding out longest and
    the puzzle's side doing its best. ``game`` is not changed."""
    f = _check_turn(game)
    seat = f.mover
    game.check(seat, wrong)
    judge = Judge.of(game)
    nxt = after(f, wrong)
    if judge.value(nxt, seat) == 1:
        raise PuzzleError(f"{wrong.notation()} wins: there is no refutation")
    return _play_out(judge, nxt, seat)


def round_over(game: Game) -> bool:
    """The puzzle's round has ended (a puzzle game starts at round 1 in a trick fight)."""
    return game.round != 1 or game.is_terminal() or game.phase not in (PHASE_ATTACK,
                                                                      PHASE_DEFEND)


def result(game: Game, seat: int) -> str:
    """``"playing"`` while the round lasts, then ``"won"``, ``"lost"`` or ``"tied"`` for
    ``seat`` (from the showdown that ended it)."""
    if not round_over(game):
        return "playing"
    shown = game.last_showdown
    if shown is None:
        raise PuzzleError("the round ended without a showdown")
    winner = shown[2]
    return "tied" if winner is None else ("won" if winner == seat else "lost")

