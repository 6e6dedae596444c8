"""The rules as data: deck, board spaces and variants.

Every value that RULES.md marks as an assumption lives here, so a player or a test
can change it without touching the engine. :data:`DEFAULT` is RULES.md's ruleset.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .errors import RulesetError

YAY, WOW = 0, 1
SEATS = ("YAY", "WOW")

TIE_NO_MOVE = "no-move"
TIE_ARROW_WINS = "arrow-wins"
ARROW_TRAILING = "trailing"
ARROW_LEADING = "leading"
# Generous bounds, so a hostile ruleset (e.g. in an imported record) cannot exhaust memory.
MAX_COPIES, MAX_HAND, MAX_SPACES, MAX_VALUE = 100, 30, 15, 99


@dataclass(frozen=True)
class Space:
    """One board space: the hand size printed on it and whether its arrow is double."""

    hand_size: int
    double: bool = False


def _default_spaces() -> tuple[Space, ...]:
    sizes = (4, 6, 9, 7, 9, 6, 4)
    return tuple(Space(n, double=(i == 3)) for i, n in enumerate(sizes))


def _default_deck() -> tuple[tuple[int, int], ...]:
    copies = {1: 2, 2: 3, 3: 5, 4: 5, 5: 5, 6: 5, 7: 3, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2}
    return tuple(copies.items())


def _space_from_dict(number: int, data: Any) -> Space:
    """A space from ``{"hand_size": 7, "double": true}``: strict types, no coercion."""
    if not isinstance(data, dict) or not set(data) <= {"hand_size", "double"}:
        raise RulesetError(f"malformed ruleset: space {number} must be "
                           '{"hand_size": n, "double": true/false}')
    size, double = data.get("hand_size"), data.get("double", False)
    if type(size) is not int:
        raise RulesetError(f"malformed ruleset: space {number} has no whole-number hand_size")
    if type(double) is not bool:
        raise RulesetError(f"malformed ruleset: space {number}'s double must be true or false")
    return Space(size, double)


@dataclass(frozen=True)
class Ruleset:
    """A complete, validated description of the game being played.

    ``deck`` is ``((value, copies), ...)``; ``spaces`` run from the YAY goal to the WOW goal.
    Single arrows point at the player whose goal is farther from the space
    (``arrow_reading="trailing"``) or nearer (``"leading"``).
    """

    deck: tuple[tuple[int, int], ...] = field(default_factory=_default_deck)
    spaces: tuple[Space, ...] = field(default_factory=_default_spaces)
    tie_rule: str = TIE_NO_MOVE
    must_defend: bool = False
    jumbo: bool = True
    arrow_reading: str = ARROW_TRAILING

    def __post_init__(self) -> None:
        self.validate()

    # -- derived facts -------------------------------------------------------------------
    @property
    def start(self) -> int:
        """Index of the centre space, where the cat starts."""
        return len(self.spaces) // 2

    @property
    def deck_size(self) -> int:
        return sum(n for _, n in self.deck)

    def deck_cards(self) -> list[int]:
        """Every card of the deck as a sorted list of values."""
        return [v for v, n in self.deck for _ in range(n)]

    def deck_counts(self) -> dict[int, int]:
        return {v: n for v, n in self.deck if n}

    def arrow_target(self, space: int) -> int | None:
        """The seat the arrow on ``space`` points at, or ``None`` for a double arrow."""
        centre = self.start  # as far from one goal as from the other: always a double arrow
        if self.spaces[space].double:
            return None
        if space < centre:  # nearer YAY's goal: WOW trails
            trailing = WOW
        elif space > centre:
            trailing = YAY
        else:
            return None
        return trailing if self.arrow_reading == ARROW_TRAILING else 1 - trailing

    # -- validation ------------------------------------------------------------------------
    def validate(self) -> None:
        """Raise :class:`RulesetError` with a clear reason if this ruleset cannot be played."""
        if not isinstance(self.deck, tuple) or not self.deck:
            raise RulesetError("the deck must list (value, copies) pairs")
        seen: set[int] = set()
        for item in self.deck:
            if not (isinstance(item, tuple) and len(item) == 2):
                raise RulesetError(f"deck entry {item!r} is not a (value, copies) pair")
            value, copies = item
            if type(value) is not int or value < 1 or value > MAX_VALUE:
                raise RulesetError(f"card value {value!r} must be a whole number from 1 to "
                                   f"{MAX_VALUE}")
            if type(copies) is not int or not 0 <= copies <= MAX_COPIES:
                raise RulesetError(f"copies of {value} must be a whole number from 0 to "
                                   f"{MAX_COPIES}")
            if value in seen:
                raise RulesetError(f"card value {value} is listed twice in the deck")
            seen.add(value)
        if not isinstance(self.spaces, tuple) or not self.spaces:
            raise RulesetError("the board needs at least one space")
        if len(self.spaces) > MAX_SPACES:
            raise RulesetError(f"the board has at most {MAX_SPACES} spaces")
        if len(self.spaces) % 2 == 0:
            raise RulesetError("the board needs an odd number of spaces so the cat starts centred")
        for i, sp in enumerate(self.spaces):
            if not isinstance(sp, Space):
                raise RulesetError(f"space {i + 1} is not a Space")
            if type(sp.hand_size) is not int or not 2 <= sp.hand_size <= MAX_HAND:
                raise RulesetError(f"space {i + 1} has hand size {sp.hand_size!r}; it must be "
                                   f"2 to {MAX_HAND}")
        largest = max(sp.hand_size for sp in self.spaces)
        need = 4 * largest  # two hands dealt, then each player may replace a whole hand
        if self.deck_size < need:
            raise RulesetError(
                f"the deck has {self.deck_size} cards but a hand of {largest} needs {need}: "
                f"2 × {largest} dealt + 2 × {largest} replaced"
            )
        if self.tie_rule not in (TIE_NO_MOVE, TIE_ARROW_WINS):
            raise RulesetError(f"tie_rule must be {TIE_NO_MOVE!r} or {TIE_ARROW_WINS!r}")
        if self.arrow_reading not in (ARROW_TRAILING, ARROW_LEADING):
            raise RulesetError(f"arrow_reading must be {ARROW_TRAILING!r} or {ARROW_LEADING!r}")
        if not isinstance(self.must_defend, bool) or not isinstance(self.jumbo, bool):
            raise RulesetError("must_defend and jumbo must be true or false")

    # -- serialisation ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["deck"] = [list(p) for p in self.deck]
        return d

    @classmethod
    def from_dict(cls, data: Any) -> Ruleset:
        """Build a ruleset from JSON-like data; any defect is a :class:`RulesetError`."""
        if not isinstance(data, dict):
            raise RulesetError("a ruleset must be a JSON object")
        unknown = set(data) - {"deck", "spaces", "tie_rule", "must_defend", "jumbo",
                               "arrow_reading"}
        if unknown:
            raise RulesetError(f"unknown ruleset field(s): {', '.join(sorted(unknown))}")
        kwargs: dict[str, Any] = {}
        if "deck" in data:
            deck = data["deck"]
            if not isinstance(deck, (list, tuple)) or len(deck) > MAX_VALUE:
                raise RulesetError("the deck must be a list of [value, copies] pairs")
            if not all(isinstance(p, (list, tuple)) and len(p) == 2 for p in deck):
                raise RulesetError("every deck entry must be [value, copies]")
            kwargs["deck"] = tuple((p[0], p[1]) for p in deck)
        if "spaces" in data:
            spaces = data["spaces"]
            if not isinstance(spaces, (list, tuple)) or len(spaces) > MAX_SPACES:
                raise RulesetError(f"the board must be a list of at most {MAX_SPACES} spaces")
            kwargs["spaces"] = tuple(_space_from_dict(i, s) for i, s in enumerate(spaces, 1))
        for key in ("tie_rule", "must_defend", "jumbo", "arrow_reading"):
            if key in data:
                kwargs[key] = data[key]
        return cls(**kwargs)

    def with_(self, **changes: Any) -> Ruleset:
        """A copy with some fields changed (validated)."""
        return replace(self, **changes)


DEFAULT = Ruleset()
