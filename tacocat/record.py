"""Game records: ruleset + seed (+ optional starting position) + moves. Replaying a
record reproduces the identical game, so a record is a complete save file."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, format_move, parse_move
from .errors import RecordError, TacocatError
from .game import SEED_LIMIT, Game
from .ruleset import DEFAULT, Ruleset

FORMAT = "tacocat-record"
VERSION = 1
MAX_MOVES = 100_000
_POSITION_KEYS = {"yay", "wow", "phase", "cat", "tiles", "attacker", "attack", "answers",
                  "draw", "discard"}


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
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r}")
        seed = data.get("seed")
        if type(seed) is not int or not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise RecordError("the record's seed must be a whole number")
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("the record's moves must be a list of strings like 'Y:D7'")
        if len(moves) > MAX_MOVES:
            raise RecordError("the record has too many moves")
        try:
            ruleset = Ruleset.from_dict(data.get("ruleset", {}))
        except TacocatError as exc:
            raise RecordError(f"the record's ruleset is invalid: {exc}") from None
        position = data.get("position")
        if position is not None and (
            not isinstance(position, dict) or not set(position) <= _POSITION_KEYS
        ):
            raise RecordError("the record's starting position is malformed")
        return cls(seed, tuple(moves), ruleset, position)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise RecordError(f"the record is not valid JSON: {exc}") from None
        return cls.from_dict(data)

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
            player, action = parse_move(text)
            try:
                apply(player, action)
            except TacocatError as exc:
                raise RecordError(f"move {i} ({text}) does not apply: {exc}") from None

    def replay(self) -> Game:
        """Rebuild the game; a move that does not apply raises :class:`RecordError`."""
        game = self.start()
        self.replay_onto(game.apply)
        return game
