"""Game records: ruleset + seed (+ optional starting position) + moves. Replaying a
record reproduces the identical game, so a record is a complete save file.

Records come from files and storage that anyone can edit, so reading one never trusts it:
:func:`load_json` bounds size, nesting and numbers before and while parsing, and every
defect is a :class:`RecordError` with a message a player can read.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, brief, format_move, parse_move
from .errors import RecordError, TacocatError
from .game import SEED_LIMIT, Game
from .position import position_problem
from .ruleset import DEFAULT, Ruleset

FORMAT = "tacocat-record"
VERSION = 1
MAX_MOVES = 100_000
MAX_JSON_BYTES = 2_000_000  # a record of MAX_MOVES moves fits, with room to spare
MAX_JSON_DEPTH = 32  # a record nests 3 levels deep
MAX_INT_DIGITS = 20  # every 64-bit integer fits
# A whole JSON string (escapes included), or a bracket. A lone '"' is an unterminated string.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}"]', re.DOTALL)


def _nesting_ok(text: str, max_depth: int) -> bool:
    """Whether no array or object in ``text`` nests deeper than ``max_depth``.

    Iterative, and stops at the first level too deep: ``json.loads`` recurses once per
    level, and in the browser a deep document overflows the stack and kills the Python
    runtime, so this must run first. Brackets inside strings do not count; the scan stops
    at an unterminated string, where ``json.loads`` stops too."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = text[m.start()]
        if c == "[" or c == "{":
            depth += 1
            if depth > max_depth:
                return False
        elif c == "]" or c == "}":
            depth -= 1
        elif m.end() - m.start() == 1:  # a lone quote: the document is broken from here on
            break
    return True


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number that can be saved")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {brief(text)} is too large")
    return value


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"a whole number has more than {MAX_INT_DIGITS} digits")
    return int(text)


def load_json(text: str, *, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_JSON_DEPTH,
              what: str = "the data") -> Any:
    """Parse untrusted JSON text, or raise :class:`RecordError` saying what is wrong.

    Refuses, before parsing: text that is not a ``str``, more than ``max_bytes`` bytes of
    UTF-8, or arrays/objects nested deeper than ``max_depth`` (checked without recursion).
    While parsing: ``NaN``, ``Infinity``, ``-Infinity``, numbers that overflow to infinity
    (``1e400``) and integers of more than 20 digits. ``what`` names the data in messages
    ("the record", "the saved game")."""
    if not isinstance(text, str):
        raise RecordError(f"{what} must be text, not {type(text).__name__}")
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise RecordError(f"{what} is too large (more than {max_bytes:,} bytes)")
    if not _nesting_ok(text, max_depth):
        raise RecordError(f"{what} is nested too deeply (more than {max_depth} levels)")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          parse_int=_short_int)
    except RecordError as exc:
        raise RecordError(f"{what} is not valid: {exc}") from None
    except (ValueError, RecursionError) as exc:  # RecursionError: unreachable, by the scan
        raise RecordError(f"{what} is not valid JSON: {exc}") from None


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    seed: int
    moves: tuple[str, ...] = ()
    ruleset: Ruleset = DEFAULT
    position: dict[str, Any] | None = None

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        moves = tuple(format_move(p, a) for p, a in game.history)
        return cls(game.seed, moves, game.ruleset, game.position)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seed": self.seed,
                             "ruleset": self.ruleset.to_dict(), "moves": list(self.moves)}
        if self.position is not None:
            d["position"] = self.position
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError("this is not a Tacocat game record (missing 'format')")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise RecordError(f"unsupported record version {brief(version)} (this game reads "
                              f"version {VERSION})")
        seed = data.get("seed")
        if type(seed) is not int or not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise RecordError("the record's seed must be a whole number")
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("the record's moves must be a list of strings like 'Y:D7'")
        if len(moves) > MAX_MOVES:
            raise RecordError("the record has too many moves")
        for i, text in enumerate(moves, 1):
            try:
                parse_move(text)
            except RecordError as exc:
                raise RecordError(f"move {i} is unreadable: {exc}") from None
        try:
            ruleset = Ruleset.from_dict(data.get("ruleset", {}))
        except TacocatError as exc:
            raise RecordError(f"the record's ruleset is invalid: {exc}") from None
        position = data.get("position")
        problem = None if position is None else position_problem(position)
        if problem:
            raise RecordError(f"the record's starting position is malformed: {problem}")
        return cls(seed, tuple(moves), ruleset, position)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record saved by :meth:`to_json`; anything else is a :class:`RecordError`."""
        return cls.from_dict(load_json(text, what="the record"))

    def start(self) -> Game:
        """The game before the first move (a :class:`RecordError` if the start is bad)."""
        try:
            if self.position is None:
                return Game(self.seed, self.ruleset)
            return Game.from_position(seed=self.seed, ruleset=self.ruleset, **self.position)
        except (TacocatError, TypeError, ValueError) as exc:
            raise RecordError(f"the record's start is invalid: {exc}") from None

    def replay_onto(self, apply: Callable[[int, Action], object]) -> None:
        """Feed every move to ``apply(seat, action)`` (e.g. a UI session's), turning a move
        that does not apply into a :class:`RecordError` that names it."""
        for i, text in enumerate(self.moves, 1):
            try:
                player, action = parse_move(text)
            except RecordError as exc:
                raise RecordError(f"move {i} is unreadable: {exc}") from None
            try:
                apply(player, action)
            except TacocatError as exc:
                raise RecordError(f"move {i} ({text}) does not apply: {exc}") from None

    def replay(self) -> Game:
        """Rebuild the game; a move that does not apply raises :class:`RecordError`."""
        game = self.start()
        self.replay_onto(game.apply)
        return game
