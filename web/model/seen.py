"""What each seat has seen: a record that only ever grows, for the take-back policy.

Taking back a move must never let a player re-decide it knowing a card shown after it. The
history cannot tell: a take-back removes the move that showed the card, so a second
take-back in a chain (on one device: first the opponent's reply, then one's own move) would
look harmless. So the session keeps every card ever shown to each seat — its own draws and
deals, the opponent's revealed cards, duel and showdown cards — stamped with the *tick* of
the move that showed it. Ticks count every move the session ever applied, moves later taken
back included, so they order sightings and decisions in real time; the moves of the current
history keep the tick they were made at (:attr:`Seen.ticks`).

A move made at tick ``t`` may be taken back only if nothing was shown to its maker at a tick
``>= t`` (the move's own consequences, e.g. the cards it drew, count).

Pure data, saved with the game (:meth:`to_dict`) and read back defensively (:meth:`from_dict`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tacocat import RecordError
from tacocat import events as ev

# event kind -> the catalog key naming what it showed to everyone
SHOWN_TO_ALL = {ev.DUEL: "takeback.seen.duel", ev.SHOWDOWN: "takeback.seen.showdown"}
# event kind -> key, for what the event's own player learns (their new cards)
SHOWN_TO_OWNER = {ev.DREW: "takeback.seen.draw", ev.DEALT: "takeback.seen.deal"}
# event kind -> key, for what the *other* seat learns (the player's cards, face up)
SHOWN_TO_OTHER = {ev.REPLACED: "takeback.seen.cards", ev.ATTACKED: "takeback.seen.cards",
                  ev.DEFENDED: "takeback.seen.cards", ev.SACRIFICED: "takeback.seen.cards"}
KEYS = frozenset({*SHOWN_TO_ALL.values(), *SHOWN_TO_OWNER.values(),
                  *SHOWN_TO_OTHER.values()})
MAX_SIGHTINGS = 200_000  # a saved record is bounded by load_json's size limit anyway
MAX_CARDS = 64  # more cards than any sighting can show (a hand of 9, a Jumbo)


class Sighting(NamedTuple):
    """Cards shown to ``seat`` by the move at ``tick`` (0: the game's start)."""

    tick: int
    seat: int
    key: str  # catalog key naming what it was ("the cards you drew", ...)
    cards: tuple[int, ...]  # may be empty: "replaced no card" is news too


def sightings(events: list, tick: int) -> list[Sighting]:
    """What ``events`` (one move's, or a game's start) showed each seat, in order."""
    out = []
    for e in events:
        if e.kind in SHOWN_TO_ALL:
            out += [Sighting(tick, seat, SHOWN_TO_ALL[e.kind], tuple(e.cards)) for seat in (0, 1)]
        elif e.kind in SHOWN_TO_OWNER and e.cards:
            out.append(Sighting(tick, e.player, SHOWN_TO_OWNER[e.kind], tuple(e.cards)))
        elif e.kind in SHOWN_TO_OTHER:
            out.append(Sighting(tick, 1 - e.player, SHOWN_TO_OTHER[e.kind], tuple(e.cards)))
    return out


class Seen:
    """Every card ever shown to each seat (monotonic), and the tick of each history move."""

    def __init__(self) -> None:
        self.clock = 0  # moves ever applied in this session (taken-back ones included)
        self.ticks: list[int] = []  # the tick each move of the current history was made at
        self.sightings: list[Sighting] = []

    def start(self, events: list) -> None:
        """The game's first events (the deal): seen before any move can be taken back."""
        self.sightings += sightings(events, 0)

    def moved(self, events: list) -> None:
        """A move was applied and caused ``events``."""
        self.clock += 1
        self.ticks.append(self.clock)
        self.sightings += sightings(events, self.clock)

    def since(self, seat: int, move: int) -> Sighting | None:
        """The first thing shown to ``seat`` since history move ``move`` was made (that
        move's own consequences included), in any branch; None if nothing was."""
        tick = self.ticks[move]
        return next((s for s in self.sightings if s.seat == seat and s.tick >= tick), None)

    def cut(self, moves: int) -> Seen:
        """This record after the last ``moves`` moves of the history were taken back: the
        sightings stay (they were seen), only the history's ticks go."""
        out = Seen()
        out.clock = self.clock
        out.ticks = self.ticks[:len(self.ticks) - moves]
        out.sightings = list(self.sightings)
        return out

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"clock": self.clock, "ticks": list(self.ticks),
                "cards": [[s.tick, s.seat, s.key.rsplit(".", 1)[1], list(s.cards)]
                          for s in self.sightings]}

    def merged(self, data: Any) -> Seen:
        """This record (a replay of the saved moves) joined with a saved one, ``data``:
        the saved ticks and clock, and the saved sightings plus the replay's own (so an
        edited file can add what was seen but never hide what its moves show).
        Anything malformed is a :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError("the record's seen cards must be a JSON object")
        clock, ticks, cards = data.get("clock"), data.get("ticks"), data.get("cards")
        if type(clock) is not int or not isinstance(ticks, list) or \
                not isinstance(cards, list) or len(cards) > MAX_SIGHTINGS:
            raise RecordError("the record's seen cards are malformed")
        if len(ticks) != len(self.ticks) or not all(type(t) is int for t in ticks) or \
                any(a >= b for a, b in zip([0, *ticks], [*ticks, clock + 1], strict=True)):
            raise RecordError("the record's seen cards do not fit its moves")
        out = Seen()
        out.clock, out.ticks = clock, list(ticks)
        remap = [0, *ticks]  # the replay's tick k is the saved move k's tick
        known: set[Sighting] = set()
        for item in cards:
            s = _sighting(item, clock)
            if s not in known:
                known.add(s)
                out.sightings.append(s)
        for s in self.sightings:
            s = s._replace(tick=remap[s.tick])
            if s not in known:
                known.add(s)
                out.sightings.append(s)
        out.sightings.sort(key=lambda s: s.tick)  # stable: a move's own order stays
        return out


def _sighting(item: Any, clock: int) -> Sighting:
    if not isinstance(item, list) or len(item) != 4:
        raise RecordError("a seen-cards entry must be [tick, seat, what, cards]")
    tick, seat, what, cards = item
    key = f"takeback.seen.{what}" if isinstance(what, str) else ""
    if type(tick) is not int or not 0 <= tick <= clock or type(seat) is not int or \
            seat not in (0, 1) or key not in KEYS or not isinstance(cards, list) or \
            len(cards) > MAX_CARDS or not all(type(c) is int and 0 < c < 100 for c in cards):
        raise RecordError("a seen-cards entry is malformed")
    return Sighting(tick, seat, key, tuple(cards))
