"""Hand-built positions (:meth:`Game.from_position`, a record's ``"position"``): their
shape and types checked before anything else, then the position itself against the rules.
Kept apart from the game's rules of play, which never see a malformed position."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import events as ev
from .actions import brief
from .errors import PositionError
from .events import Event
from .moves import EXPECTED, PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE, is_jumbo
from .ruleset import WOW, YAY

if TYPE_CHECKING:
    from .game import Game

POSITION_KEYS = ("yay", "wow", "phase", "cat", "tiles", "attacker", "attack", "answers",
                 "draw", "discard")


def _ints_problem(key: str, value: Any, noun: str) -> str | None:
    if not isinstance(value, (list, tuple)):
        return f"{key} must be a list of {noun}, not {brief(value)}"
    for c in value:
        if type(c) is not int:
            return f"{noun} are whole numbers, not {brief(c)} (in {key})"
    return None


def position_problem(pos: Any) -> str | None:
    """Why ``pos`` (the keyword arguments of :meth:`Game.from_position`, or a record's
    ``"position"``) has the wrong shape or types, or ``None``. Only types are checked here;
    :meth:`Game.from_position` then checks the position against the rules."""
    if not isinstance(pos, dict):
        return "a position must be an object"
    unknown = [k for k in pos if k not in POSITION_KEYS]
    if unknown:
        return f"unknown position field(s): {', '.join(brief(k) for k in unknown)}"
    for key in ("yay", "wow"):
        if key not in pos:
            return f"a position needs both hands ({key!r} is missing)"
    for key in ("yay", "wow", "tiles", "attack", "draw", "discard"):
        if key in pos:
            problem = _ints_problem(key, pos[key], "space indices" if key == "tiles"
                                    else "card values")
            if problem:
                return problem
    phase = pos.get("phase", PHASE_DUEL)
    if type(phase) is not str or phase not in EXPECTED:
        return f"unknown phase {brief(phase)}"
    for key in ("cat", "attacker"):
        value = pos.get(key)
        if value is not None and type(value) is not int:
            return f"{key} must be a whole number, not {brief(value)}"
    answers = pos.get("answers", ())
    if not isinstance(answers, (list, tuple)):
        return f"answers must be a list of [card, defended] pairs, not {brief(answers)}"
    for pair in answers:
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2
                and type(pair[0]) is int and type(pair[1]) is bool):
            return f"each answer is a [card, true/false] pair, not {brief(pair)}"
    return None


def check_position(pos: Any) -> None:
    """Raise :class:`PositionError` if :func:`position_problem` finds one."""
    problem = position_problem(pos)
    if problem:
        raise PositionError(problem)


def setup(game: Game, *, yay, wow, phase, cat, tiles, attacker, attack, answers, draw,
          discard) -> list[Event]:
    """Put ``game`` (fresh from ``_init_common``) at the position, checked against the
    rules; its opening events. Types and the phase are checked already (check_position)."""
    rs = game.ruleset
    n_spaces = len(rs.spaces)
    cat = rs.start if cat is None else cat
    if not 0 <= cat < n_spaces:
        raise PositionError(f"the cat must stand on a space 0..{n_spaces - 1}, not {cat}")
    if any(not 0 <= t < n_spaces for t in tiles):
        raise PositionError(f"tiles must be space indices 0..{n_spaces - 1}")
    if cat in tiles:
        raise PositionError("the cat cannot stand on a covered space")
    game.cat = cat
    for t in tiles:
        game.tiles[t] = True
    game.round = 1
    table = list(attack) + [c for c, _ in answers]
    left = rs.deck_counts()
    for c in [*yay, *wow, *table, *discard, *draw]:
        if c not in left:
            raise PositionError(f"the deck has no card of value {brief(c)}")
        if left[c] == 0:
            raise PositionError(f"the position uses more {c}s than the deck holds")
        left[c] -= 1
    rest = [v for v, k in sorted(left.items()) for _ in range(k)]
    game.rng.shuffle(rest)
    game.draw = rest + list(reversed(draw))
    game.discard = list(discard)
    game.hands = [sorted(yay), sorted(wow)]
    hy, hw = len(yay), len(wow)
    game.phase = phase
    if phase != PHASE_DEFEND and hy != hw:
        raise PositionError("both hands must hold the same number of cards")
    if phase == PHASE_REPLACE:
        if hy != game.hand_size:
            raise PositionError(f"the replace step starts with {game.hand_size} cards each")
        arrow = game.arrow
        game.acting = [YAY, WOW] if arrow is None else [arrow]
        game.replace_limit = [hy, hy]
    elif phase == PHASE_DUEL:
        if hy < 2:
            raise PositionError("a duel needs at least two cards in each hand")
        game.replaced = [(), ()]
        game.acting = [YAY, WOW]
    else:
        if attacker not in (YAY, WOW):
            raise PositionError("the attack and defend phases need an attacker (0 or 1)")
        game.replaced = [(), ()]
        game.attacker = attacker
        if phase == PHASE_ATTACK:
            if hy < 2:
                raise PositionError("an attack needs at least two cards in each hand")
            game.acting = [attacker]
        else:
            att = tuple(sorted(attack))
            if not att or (len(att) > 1 and not is_jumbo(att)):
                raise PositionError("the attack on the table must be a card or a Jumbo")
            if len(answers) >= len(att):
                raise PositionError("every attacking card is answered already")
            game.attack = att
            game.answers = [(c, ok) for c, ok in answers]
            h_att, h_def = len(game.hands[attacker]), len(game.hands[1 - attacker])
            if h_att < 1 or h_def - h_att != len(att) - len(answers):
                raise PositionError("hand sizes do not match the trick on the table")
            game.acting = [1 - attacker]
    return [Event(ev.ROUND_STARTED, None, (), {"round": 1, "space": cat,
                                              "hand_size": game.hand_size,
                                              "arrow": game.arrow})]
