"""Take back, as Board Game Arena does it for hidden information: a player may undo their
last decision (and the opponent's replies since), but never past a moment that showed
them something new — cards they drew, a revealed duel card, the opponent's cards, a new
deal. "Since" counts everything ever shown to them, in moves already taken back too
(:mod:`web.model.seen`), so a chain of take-backs cannot undo a move made before a card the
player has seen. On one device the other player allows a take-back on the pass screen, and
the player who just allowed one is offered none until the device has been handed over.
Pure logic on a :class:`~web.model.session.Session` (no browser), unit-tested."""

from __future__ import annotations

from typing import NamedTuple

from tacocat import GameRecord
from web.model.session import MODE_AI, MODE_HOTSEAT, Session


class Takeback(NamedTuple):
    moves: int  # how many moves of the history go (0: none)
    reason: str | None  # catalog key saying why not, when ``moves`` is 0


class PassOffer(NamedTuple):
    """What the pass screen says about taking back the last move."""

    seat: int | None  # the player whose last move the other may let them take back
    refused: int | None  # ... or the player who may not, with the reason below
    reason: str | None  # catalog key (a ``pass.takeback.*`` note), when refused


def takeback(session: Session, seat: int) -> Takeback:
    """May ``seat`` take back its last decision now, and how many moves would go?"""
    history = session.game.history
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat), None)
    if last is None:
        return Takeback(0, "takeback.none")
    seen = session.seen.since(seat, last)
    if seen is not None:
        return Takeback(0, seen.key)
    return Takeback(len(history) - last, None)


def pass_offer(session: Session, to: int) -> PassOffer:
    """On one device, the device goes to ``to``: may ``to`` let the player who made the last
    move take it back? Not if the policy refuses it, and not if that player is the one who
    just allowed a take-back and still holds the device (they would allow it themselves)."""
    history = session.game.history
    mover = history[-1][0] if history else None
    if mover is None or mover == to:
        return PassOffer(None, None, None)
    if takeback(session, mover).moves == 0:
        return PassOffer(None, mover, "pass.takeback.seen")
    if session.granted_by == mover:
        return PassOffer(None, mover, "pass.takeback.handover")
    return PassOffer(mover, None, None)


def taken_back(session: Session, moves: int, granted_by: int | None = None) -> Session:
    """The session as it was ``moves`` moves ago: replayed from the record without them,
    so the record and the log are exactly those of the game played without them; what
    each seat has seen stays. ``granted_by``: on one device, who allowed it."""
    record = GameRecord.of(session.game)
    shorter = GameRecord(record.seed, record.moves[:len(record.moves) - moves],
                         record.ruleset, record.position)
    back = Session.from_record(shorter, session.mode, session.level, session.human)
    back.seen = session.seen.cut(moves)
    back.granted_by = granted_by
    return back

def button_reason(session: Session, in_game: bool) -> str:
    """The catalog key the page's Take back button says (why it is off, or what it does):
    only the live game against the computer offers it from the menu."""
    if not in_game:
        return "replay.active"
    if session.mode == MODE_AI:
        return takeback(session, session.human).reason
    return "takeback.hotseat" if session.mode == MODE_HOTSEAT else "takeback.watch"
