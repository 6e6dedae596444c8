"""Take back, as Board Game Arena does it for hidden information: a player may undo their
last decision (and the opponent's replies since), but never past a moment that showed
them something new — cards they drew, a revealed duel card, the opponent's cards, a new
deal. Pure logic on a :class:`~web.session.Session` (no browser), unit-tested."""

from __future__ import annotations

from typing import NamedTuple

from tacocat import GameRecord
from tacocat import events as ev

from .session import Session

# event kind -> the catalog key that names what it showed ("the cards you drew", ...)
SHOWN_TO_ALL = {ev.DUEL: "takeback.seen.duel", ev.SHOWDOWN: "takeback.seen.showdown",
                ev.ROUND_STARTED: "takeback.seen.deal"}
SHOWN_BY_OPPONENT = {ev.REPLACED: "takeback.seen.cards", ev.ATTACKED: "takeback.seen.cards",
                     ev.DEFENDED: "takeback.seen.cards", ev.SACRIFICED: "takeback.seen.cards"}


class Takeback(NamedTuple):
    moves: int  # how many moves of the history go (0: none)
    reason: str | None  # catalog key saying why not, when ``moves`` is 0


def revealed(event, seat: int) -> str | None:
    """What ``event`` showed ``seat`` that it did not know (a catalog key), if anything."""
    if event.kind in SHOWN_TO_ALL:
        return SHOWN_TO_ALL[event.kind]
    if event.kind == ev.DREW and event.player == seat and event.cards:
        return "takeback.seen.draw"
    if event.kind in SHOWN_BY_OPPONENT and event.player != seat:
        return SHOWN_BY_OPPONENT[event.kind]
    return None


def takeback(session: Session, seat: int) -> Takeback:
    """May ``seat`` take back its last decision now, and how many moves would go?"""
    history = session.game.history
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat), None)
    if last is None:
        return Takeback(0, "takeback.none")
    for events in session.move_events[last:]:
        for event in events:
            seen = revealed(event, seat)
            if seen is not None:
                return Takeback(0, seen)
    return Takeback(len(history) - last, None)


def taken_back(session: Session, moves: int) -> Session:
    """The session as it was ``moves`` moves ago: replayed from the record without them,
    so the record and the log are exactly those of the game played without them."""
    record = GameRecord.of(session.game)
    shorter = GameRecord(record.seed, record.moves[:len(record.moves) - moves],
                         record.ruleset, record.position)
    return Session.from_record(shorter, session.mode, session.level, session.human)
