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

from typing import NamedTuple

from .errors import RecordError

REPLACE, DUEL, ATTACK, DEFEND, SACRIFICE = "replace", "duel", "attack", "defend", "sacrifice"
_LETTER = {REPLACE: "R", DUEL: "D", ATTACK: "A", DEFEND: "B", SACRIFICE: "S"}
_KIND = {v: k for k, v in _LETTER.items()}
SEAT_LETTERS = ("Y", "W")


class Action(NamedTuple):
    """One decision. ``cards`` are card values in ascending order."""

    kind: str
    cards: tuple[int, ...] = ()

    @staticmethod
    def replace(*cards: int) -> Action:
        return Action(REPLACE, tuple(sorted(cards)))

    @staticmethod
    def duel(card: int) -> Action:
        return Action(DUEL, (card,))

    @staticmethod
    def attack(*cards: int) -> Action:
        return Action(ATTACK, tuple(sorted(cards)))

    @staticmethod
    def defend(card: int) -> Action:
        return Action(DEFEND, (card,))

    @staticmethod
    def sacrifice() -> Action:
        return Action(SACRIFICE, ())

    def notation(self) -> str:
        return _LETTER[self.kind] + ".".join(map(str, self.cards))

    def __str__(self) -> str:
        return self.notation()

    @staticmethod
    def parse(text: str) -> Action:
        """Parse ``"A5.6.7"``-style notation; raises :class:`RecordError` if malformed."""
        if not isinstance(text, str) or not text:
            raise RecordError(f"not an action: {text!r}")
        kind = _KIND.get(text[0].upper())
        if kind is None:
            raise RecordError(f"unknown action letter in {text!r} (expected R, D, A, B or S)")
        body = text[1:]
        try:
            cards = tuple(int(part) for part in body.split(".")) if body else ()
        except ValueError:
            raise RecordError(f"bad card list in action {text!r}") from None
        if kind in (DUEL, DEFEND) and len(cards) != 1:
            raise RecordError(f"{kind} takes exactly one card: {text!r}")
        if kind == ATTACK and not cards:
            raise RecordError(f"an attack needs at least one card: {text!r}")
        if kind == SACRIFICE and cards:
            raise RecordError(f"a sacrifice names no card: {text!r}")
        return Action(kind, tuple(sorted(cards)))


def format_move(player: int, action: Action) -> str:
    """``"Y:A5.6.7"`` — a seat letter and the action."""
    return f"{SEAT_LETTERS[player]}:{action.notation()}"


def parse_move(text: str) -> tuple[int, Action]:
    """Inverse of :func:`format_move`."""
    if not isinstance(text, str) or len(text) < 3 or text[1] != ":":
        raise RecordError(f"not a move: {text!r} (expected e.g. 'Y:D7')")
    seat = text[0].upper()
    if seat not in SEAT_LETTERS:
        raise RecordError(f"unknown seat in move {text!r} (expected Y or W)")
    return SEAT_LETTERS.index(seat), Action.parse(text[2:])
