"""Hints for a puzzle, in two levels: a sentence first, then the card(s) to play.

The first level names what goes wrong with the obvious move — the rule of thumb's
(:func:`~tacocat.ai.rules_of_thumb.greedy_action`), which by construction does not win the
first move — found by playing it out against the opponent's refutation: the player's own
showdown card gets spent, or the opponent's Jumbo breaks through. When the obvious move is
fine (at a later step) the sentence says what kind of move wins instead (a Jumbo, letting a
trick go, keeping a cheap card or a high one back).

The page words the sentence in five languages, so a hint is a catalog key and parameters
(card values and counts as plain ints), never English; :data:`HINT_KEYS` lists every key
this module can return (docs/puzzles.md has the English drafts).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import ATTACK, DEFEND, SACRIFICE, Action
from ..ai.rules_of_thumb import greedy_action
from ..game import Game
from .codec import Puzzle
from .referee import Judge, fight_of, refutation

HINT_KEYS = (
    "puzzle.hint.only_move",           # {} — one legal move: play it
    "puzzle.hint.showdown_in_danger",  # {card} — the obvious move spends your showdown card
    "puzzle.hint.their_jumbo",         # {cards} — the obvious move runs into their Jumbo
    "puzzle.hint.their_low_card",      # {card} — their low card is waiting for the showdown
    "puzzle.hint.jumbo",               # {count} — a Jumbo of count cards wins
    "puzzle.hint.let_it_go",           # {card} — let the trick go: sacrifice your card
    "puzzle.hint.keep_cheap",          # {card} — do not defend with the cheapest card
    "puzzle.hint.hold_back",           # {card} — keep your highest card for later
    "puzzle.hint.count",               # {mine, theirs} — count to the showdown
    "puzzle.hint.lost",                # {} — no move wins any more (after a wrong move)
)


class Clue(NamedTuple):
    """A two-level hint: show ``key``/``params`` first, then ``action`` (``cards``: the
    cards to highlight in the hand — for a sacrifice, the lowest card it gives up)."""

    key: str
    params: dict[str, Any]
    action: Action
    cards: tuple[int, ...]


def on_main_line(puzzle: Puzzle, game: Game) -> bool:
    """Whether every move played so far in ``game`` follows the puzzle's main line."""
    done = len(game.history)
    return done < len(puzzle.line) and list(game.history) == list(puzzle.line[:done])


def _showdown_after(game: Game, moves: list[tuple[int, Action]]) -> tuple[int, int]:
    g = game.clone()
    for seat, action in moves:
        g.apply(seat, action)
    shown = g.last_showdown
    assert shown is not None, "a refutation ends at the showdown"
    return shown[0], shown[1]


def _threat(game: Game, seat: int, obvious: Action) -> tuple[str, dict[str, Any]] | None:
    """Why ``obvious`` (not winning) fails, from the opponent's refutation of it."""
    line = refutation(game, obvious)
    mine_now = game.hands[seat][0]
    final = _showdown_after(game, [(seat, obvious), *line])
    if final[seat] > mine_now:
        return "puzzle.hint.showdown_in_danger", {"card": mine_now}
    for who, action in line:
        if who != seat and action.kind == ATTACK and len(action.cards) > 1:
            return "puzzle.hint.their_jumbo", {"cards": list(action.cards)}
    theirs_now = game.hands[1 - seat][0]
    if final[1 - seat] == theirs_now:
        return "puzzle.hint.their_low_card", {"card": theirs_now}
    return None


def _kind_of_win(game: Game, seat: int, move: Action) -> tuple[str, dict[str, Any]]:
    """What kind of move wins, when the obvious one is not the question."""
    hand = game.hands[seat]
    if move.kind == ATTACK and len(move.cards) > 1:
        return "puzzle.hint.jumbo", {"count": len(move.cards)}
    if move.kind == SACRIFICE:
        return "puzzle.hint.let_it_go", {"card": hand[0]}
    if move.kind == DEFEND:
        target = game.attack[len(game.answers)]
        cheapest = min(c for c in hand if c >= target)
        if move.cards[0] > cheapest:
            return "puzzle.hint.keep_cheap", {"card": cheapest}
    if move.kind == ATTACK and move.cards[0] < hand[-1]:
        return "puzzle.hint.hold_back", {"card": hand[-1]}
    return "puzzle.hint.count", {"mine": hand[0], "theirs": game.hands[1 - seat][0]}


def hint(puzzle: Puzzle, game: Game) -> Clue:
    """The hint for the puzzle's side to move in ``game`` (the puzzle's game, at any step):
    the main line's move while the player follows it, else the referee's best winning move
    (or, if none is left, its best move and ``puzzle.hint.lost``)."""
    f = fight_of(game)
    seat = f.mover
    judge = Judge.of(game)
    opts = judge.options(f)
    if on_main_line(puzzle, game) and puzzle.line[len(game.history)][0] == seat:
        move = puzzle.line[len(game.history)][1]
    else:
        move = judge.choose(f, seat)
    cards = (game.hands[seat][0],) if move.kind == SACRIFICE else move.cards
    if len(opts) == 1:
        return Clue("puzzle.hint.only_move", {}, move, cards)
    if judge.value(f, seat) != 1:
        return Clue("puzzle.hint.lost", {}, move, cards)
    obvious = greedy_action(game.observation(seat))
    found = None
    if dict((a, v) for a, _, v in opts)[obvious] != 1:
        found = _threat(game, seat, obvious)
    key, params = found or _kind_of_win(game, seat, move)
    return Clue(key, params, move, cards)
