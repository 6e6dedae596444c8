"""Actions: small immutable values with a short text notation.

Notation (used in logs and game records):

========  ===========  ======================================
notation  kind         meaning
========  ===========  ======================================
``R3.7``  replace      discard a 3 and a 7, draw two (``R`` alone: keep all)
``D7``    duel         seal a 7 as duel card
``A7``    attack       attack with a single 7
``A5.6.7``attack       Jumbo: a sequence (or a set such as ``A4.4``)
``B9``    defend       answer the current attacking card with a 9 ("block")
``S``     sacrifice    give up the current attacking card, playing the lowest card
========  ===========  ======================================

A move in a record also names the seat: ``Y:D7`` or ``W:S``.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any, NamedTuple

from .errors import IllegalActionError, RecordError
from .ruleset import MAX_VALUE, WOW, YAY

REPLACE, DUEL, ATTACK, DEFEND, SACRIFICE = "replace", "duel", "attack", "defend", "sacrifice"
_LETTER = {REPLACE: "R", DUEL: "D", ATTACK: "A", DEFEND: "B", SACRIFICE: "S"}
_KIND = {v: k for k, v in _LETTER.items()}
SEAT_LETTERS = ("Y", "W")
MAX_NOTATION = 200  # far more than any hand; refuses absurd strings before splitting them
_CARD_TEXT = re.compile(r"[1-9][0-9]?")  # 1..99, ASCII digits only, no leading zero
# How many cards each kind names: (fewest, most); None = bounded by the hand instead.
_COUNTS: dict[str, tuple[int, int | None]] = {
    REPLACE: (0, None), DUEL: (1, 1), ATTACK: (1, None), DEFEND: (1, 1), SACRIFICE: (0, 0),
}
_COUNT_TEXT = {
    DUEL: "a duel seals exactly one card",
    ATTACK: "an attack plays at least one card",
    DEFEND: "a defence plays exactly one card",
    SACRIFICE: "a sacrifice names no card (it plays your lowest)",
}


class Action(NamedTuple):
    """One decision. ``cards`` are card values in ascending order.

    ``Action(kind, cards)`` builds without any check, because the AI builds thousands per
    decision; :meth:`Game.check <tacocat.game.Game.check>` refuses a malformed one. The
    named constructors and :meth:`parse` build only well-formed actions: the right number
    of cards for the kind, each a real ``int`` card value (``True`` and ``3.0`` are not).
    """

    kind: str
    cards: tuple[int, ...] = ()

    @staticmethod
    def replace(*cards: int) -> Action:
        return Action(REPLACE, _card_tuple(cards))

    @staticmethod
    def duel(card: int) -> Action:
        return Action(DUEL, _card_tuple((card,)))

    @staticmethod
    def attack(*cards: int) -> Action:
        if not cards:
            raise IllegalActionError("an attack plays at least one card")
        return Action(ATTACK, _card_tuple(cards))

    @staticmethod
    def defend(card: int) -> Action:
        return Action(DEFEND, _card_tuple((card,)))

    @staticmethod
    def sacrifice() -> Action:
        return Action(SACRIFICE)

    def notation(self) -> str:
        return _LETTER[self.kind] + ".".join(map(str, self.cards))

    def __str__(self) -> str:
        return self.notation()

    @staticmethod
    def parse(text: str) -> Action:
        """Parse ``"A5.6.7"``-style notation; raises :class:`RecordError` if malformed.

        Strict: ASCII digits only (``R1_0``, ``D 7``, ``D07`` and ``D٣`` are refused), card
        values 1 to 99, and the right number of cards for the kind."""
        if not isinstance(text, str) or not text:
            raise RecordError(f"not an action: {brief(text)}")
        if len(text) > MAX_NOTATION:
            raise RecordError(f"an action is at most {MAX_NOTATION} characters long")
        kind = _KIND.get(text[0].upper())
        if kind is None:
            raise RecordError(f"unknown action letter in {text!r} (expected R, D, A, B or S)")
        body = text[1:]
        parts = body.split(".") if body else []
        if not all(_CARD_TEXT.fullmatch(part) for part in parts):
            raise RecordError(f"bad card list in action {text!r} (cards are numbers 1 to "
                              f"{MAX_VALUE}, separated by dots)")
        cards = tuple(sorted(int(part) for part in parts))
        if kind in (DUEL, DEFEND) and len(cards) != 1:
            raise RecordError(f"{kind} takes exactly one card: {text!r}")
        if kind == ATTACK and not cards:
            raise RecordError(f"an attack needs at least one card: {text!r}")
        if kind == SACRIFICE and cards:
            raise RecordError(f"a sacrifice names no card: {text!r}")
        return Action(kind, cards)


def _card_tuple(cards: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` sorted, after checking each is a real card value."""
    for c in cards:
        if not is_card(c):
            raise IllegalActionError(f"not a card value: {brief(c)} (cards are whole numbers "
                                     f"1 to {MAX_VALUE})")
    return tuple(sorted(cards))


# -- checks at the API boundary (Game.check); never on the hot paths ------------------------
def brief(value: Any) -> str:
    """A short repr for error messages: a hostile value cannot make a message huge (or
    raise, as ``str`` of an int with thousands of digits does)."""
    if type(value) is int and not -(10**9) < value < 10**9:
        return "a huge number"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def is_card(value: Any) -> bool:
    """A real ``int`` in the ruleset's value range; ``bool``, ``3.0`` and int subclasses
    are not cards (they would save as ``DTrue`` / ``D3.0``)."""
    return type(value) is int and 1 <= value <= MAX_VALUE


def seat_problem(player: Any) -> str | None:
    """Why ``player`` is not a seat (``True`` and ``1.0`` are not), or ``None``."""
    if type(player) is not int or player not in (YAY, WOW):
        return f"no such seat: {brief(player)} (seats are 0 for YAY and 1 for WOW)"
    return None


def action_problem(action: Any) -> str | None:
    """Why ``action`` is malformed whatever the position, or ``None`` if well-formed:
    a known kind, a tuple of real cards in ascending order, as many as the kind takes."""
    if not isinstance(action, Action):
        return f"not an action: {brief(action)}"
    kind, cards = action.kind, action.cards
    if type(kind) is not str or kind not in _COUNTS:
        return f"unknown action kind {brief(kind)}"
    if type(cards) is not tuple:
        return f"an action's cards must be a tuple of card values, not {brief(cards)}"
    fewest, most = _COUNTS[kind]
    if len(cards) < fewest or (most is not None and len(cards) > most):
        return _COUNT_TEXT[kind]
    for c in cards:
        if not is_card(c):
            return f"{brief(c)} is not a card (card values are whole numbers 1 to {MAX_VALUE})"
    if any(a > b for a, b in pairwise(cards)):
        return "list an action's cards in ascending order"
    return None


def format_move(player: int, action: Action) -> str:
    """``"Y:A5.6.7"`` — a seat letter and the action."""
    return f"{SEAT_LETTERS[player]}:{action.notation()}"


def parse_move(text: str) -> tuple[int, Action]:
    """Inverse of :func:`format_move`."""
    if not isinstance(text, str) or not 3 <= len(text) <= MAX_NOTATION or text[1] != ":":
        raise RecordError(f"not a move: {brief(text)} (expected e.g. 'Y:D7')")
    seat = text[0].upper()
    if seat not in SEAT_LETTERS:
        raise RecordError(f"unknown seat in move {text!r} (expected Y or W)")
    return SEAT_LETTERS.index(seat), Action.parse(text[2:])
