"""The game session behind the page, free of any browser API (unit-tested in CPython).

It owns the :class:`~tacocat.Game`, turns engine events into log entries (catalog keys
with parameters, translated when shown), remembers what lies on the table, rebuilds
itself from a record (its save: :mod:`web.formats.saved_game`), and works out which card
selections the player may make — always from the observation's ``legal_actions()``,
never by re-implementing a rule.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tacocat import WOW, YAY, Action, Game, GameRecord, RecordError
from tacocat import events as ev
from tacocat.actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE
from tacocat.moves import lowest_holds, sacrificed_card
from tacocat.record import load_json
from web.model.seen import Seen

MODE_AI, MODE_HOTSEAT, MODE_WATCH = "ai", "hotseat", "watch"
MODES = (MODE_AI, MODE_HOTSEAT, MODE_WATCH)
PACES = (0, 400, 900, 1800)
LETTERS = "TACOCAT"

# Hand-built positions for tutorials and tests (?scenario=...): a Jumbo to play, or to answer.
SCENARIOS: dict[str, dict[str, Any]] = {
    "jumbo": {"yay": [2, 5, 6, 7, 11], "wow": [3, 4, 8, 9, 10], "phase": "attack",
              "attacker": YAY},
    "defend": {"yay": [2, 5, 7, 8, 12], "wow": [1, 9], "phase": "defend", "attacker": WOW,
               "attack": [4, 5, 6]},
    "showdown": {"yay": [2, 9], "wow": [3, 10], "phase": "attack", "attacker": YAY,
                 "cat": 2, "tiles": [3]},
    "final": {"yay": [2, 9], "wow": [3, 10], "phase": "attack", "attacker": YAY,
              "cat": 0, "tiles": [1]},
    # the last round, and a good opponent wins it whatever YAY does
    "last-stand": {"yay": [5, 11], "wow": [1, 12], "phase": "attack", "attacker": YAY,
                   "cat": 6, "tiles": [5]},
    # the largest hands, with the longest card names: layout checks at every screen size.
    # On the second C the arrow points at YAY, so the player replaces first and may choose
    # any card (on the first C the computer went first and could leave them none).
    "big-replace": {"yay": [1, 2, 3, 5, 7, 8, 9, 11, 12], "wow": [1, 2, 3, 4, 6, 8, 10, 11, 12],
                    "phase": "replace", "cat": 4},
    "big-duel": {"yay": [1, 2, 3, 5, 7, 8, 9, 12], "wow": [2, 3, 4, 6, 8, 10, 11, 12],
                 "phase": "duel", "cat": 2},
    "big-attack": {"yay": [1, 2, 3, 5, 7, 8, 9, 12], "wow": [2, 3, 4, 6, 8, 10, 11, 12],
                   "phase": "attack", "attacker": YAY, "cat": 2},
    "big-defend": {"yay": [1, 2, 3, 5, 7, 8, 9, 12], "wow": [2, 3, 8, 10, 11], "phase": "defend",
                   "attacker": WOW, "attack": [4, 5, 6], "cat": 2},
}


@dataclass
class Entry:
    """One move-log line: a catalog key and its parameters (translated when shown)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # who acted, if anyone
    computer: bool = False  # made by the computer (highlighted)


def place(index: int, n_spaces: int = 7) -> tuple[str, dict[str, Any]]:
    """A board position as a catalog key + params: a goal or a lettered space."""
    if index < 0:
        return "place.goal", {"seat": ("goal", YAY)}
    if index >= n_spaces:
        return "place.goal", {"seat": ("goal", WOW)}
    return "place.space", {"letter": space_letter(index, n_spaces), "index": index + 1}


def hand_indices(hand, cards) -> set[int]:
    """The positions in ``hand`` of ``cards`` (each card once: a pair picks two of three)."""
    wanted = list(cards)
    out = set()
    for i, v in enumerate(hand):
        if v in wanted:
            wanted.remove(v)
            out.add(i)
    return out


def space_letter(index: int, n_spaces: int = 7) -> str:
    """The letter printed on a space of the T-A-C-O-C-A-T track."""
    return LETTERS[index] if n_spaces == len(LETTERS) else str(index + 1)


class Session:
    """A game plus who plays which seat, its log and its table view."""

    def __init__(self, game: Game, mode: str = MODE_AI, level: str = "easy",
                 human: int = YAY) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        self.game = game
        self.mode = mode
        self.level = level
        self.human = human
        self.log: list[Entry] = []
        self.table: dict[str, Any] = {}
        self.drawn: dict[int, tuple[int, ...]] = {}  # cards each seat drew this round
        self.move_events: list[list] = []  # the events each move of the history caused
        self.seen = Seen()  # every card ever shown to each seat, taken-back moves included
        self.seen.start(game.initial_events)
        # on one device: the seat that just allowed a take-back and still holds the device
        # (no take-back is offered to it until the device has been handed over)
        self.granted_by: int | None = None
        self.result: dict[str, Any] | None = None  # the latest round result
        self.result_pending = False  # ... still on the table: the next round waits for it
        self.record_events(game.initial_events)
        if game.attack:  # a position that starts with a trick on the table
            self.table = {"kind": "trick", "attacker": game.attacker,
                          "attack": list(game.attack),
                          "answers": [[c, ok] for c, ok in game.answers]}

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, mode: str = MODE_AI, level: str = "easy", human: int = YAY,
            scenario: str | None = None) -> Session:
        if scenario in SCENARIOS:
            game = Game.from_position(seed=seed, **SCENARIOS[scenario])
        else:
            game = Game(seed)
        return cls(game, mode, level, human)

    @classmethod
    def from_record(cls, record: GameRecord, mode: str = MODE_AI, level: str = "easy",
                    human: int = YAY, result_pending: bool = False) -> Session:
        """Replay ``record`` move by move (so the log is rebuilt); raises RecordError.
        ``result_pending``: the last round's result is still on the table (a save made
        while it was shown); otherwise the game goes on (or shows its end)."""
        n_spaces = len(record.ruleset.spaces)
        if n_spaces != len(LETTERS):
            raise RecordError(f"this page plays the {len(LETTERS)}-space board; the record's "
                              f"ruleset has {n_spaces} spaces")
        session = cls(record.start(), mode, level, human)
        record.replay_onto(session.apply)
        if session.result_pending and not result_pending:
            session.next_round()
        return session

    @classmethod
    def from_record_text(cls, text: str, **kwargs: Any) -> Session:
        """An imported record (:meth:`record_json`): its moves, and what each seat had seen
        (a record written elsewhere may lack that: then what its moves showed)."""
        data = load_json(text, what="the record")
        session = cls.from_record(GameRecord.from_dict(data), **kwargs)
        session.restore_seen(data)
        return session

    def restore_seen(self, data: dict[str, Any]) -> None:
        """Take the saved record of what each seat had seen (if ``data`` has one)."""
        if data.get("seen") is not None:
            self.seen = self.seen.merged(data["seen"])

    def record_json(self) -> str:
        """The game record, with what each seat has seen (so an import keeps it)."""
        return json.dumps({**GameRecord.of(self.game).to_dict(), "seen": self.seen.to_dict()},
                          separators=(",", ":"))

    # -- seats ------------------------------------------------------------------------------
    def is_computer(self, seat: int) -> bool:
        return self.mode == MODE_WATCH or (self.mode == MODE_AI and seat != self.human)

    def first_viewer(self) -> int | None:
        """Whose hand the table shows first: the human's against the computer, nobody's
        when watching, else the first seat that owes a move."""
        if self.mode == MODE_AI:
            return self.human
        if self.mode == MODE_WATCH:
            return None
        owing = [p for p in self.game.to_act() if self.owes(p)]
        return owing[0] if owing else YAY

    def humans(self) -> tuple[int, ...]:
        return tuple(s for s in (YAY, WOW) if not self.is_computer(s))

    def owes(self, seat: int) -> bool:
        """``seat`` still has to decide now (in a sealed step: has not committed yet)."""
        if seat not in self.game.to_act():
            return False
        return self.game.pending[seat] is None

    def log_viewer(self) -> int | None:
        """Whose private cards the log may show: the lone human, else nobody."""
        return self.human if self.mode == MODE_AI else None

    # -- playing ----------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list:
        """Apply a move (an illegal one raises and changes nothing); a move that ends a
        round leaves its result pending until :meth:`next_round` (the page waits; a move
        of the next round implies it)."""
        if self.result_pending:
            self.next_round()
        events = self.game.apply(seat, action)
        self.move_events.append(events)
        self.seen.moved(events)
        self.granted_by = None  # a move: the device has changed hands since any take-back
        self.record_events(events)
        result = self.round_result(events)
        if result is not None:
            self.result = result
            self.result_pending = True
        return events

    def next_round(self) -> None:
        """The players have seen the round result: the next round may be shown."""
        self.result_pending = False
        if not self.game.is_terminal():
            self.table = {}

    def record_events(self, events: list) -> None:
        viewer = self.log_viewer()
        for event in events:
            self._note(event.visible_to(viewer), viewer)

    def _add(self, key: str, actor: int | None = None, **params: Any) -> None:
        computer = actor is not None and self.is_computer(actor)
        self.log.append(Entry(key, params, actor, computer))

    def _note(self, e, viewer: int | None) -> None:
        info = e.info or {}
        kind = e.kind
        n = len(self.game.ruleset.spaces)
        if kind == ev.ROUND_STARTED:
            if self.table.get("kind") != "showdown":  # it stays until the players move on
                self.table = {}
            self.drawn = {}
            if info.get("arrow") is None:
                self._add("log.round.double", round=info["round"], n=info["hand_size"])
            else:
                self._add("log.round.arrow", round=info["round"], n=info["hand_size"],
                          seat=("goal", info["arrow"]))
        elif kind == ev.DEALT:
            if e.cards:
                self._add("log.dealt", e.player, who=("seat", e.player), cards=list(e.cards))
        elif kind == ev.COMMITTED:
            step = info.get("step")
            self._add(f"log.committed.{step}", e.player, who=("seat", e.player))
        elif kind == ev.REPLACED:
            self._add("log.replaced", e.player, who=("seat", e.player), n=len(e.cards),
                      cards=list(e.cards))
        elif kind == ev.DREW:
            if e.cards:
                self.drawn[e.player] = e.cards
                self._add("log.drew", e.player, who=("seat", e.player), cards=list(e.cards))
        elif kind == ev.DUEL:
            y, w = e.cards
            self.table = {"kind": "duel", "yay": y, "wow": w, "attacker": info.get("attacker")}
            if info.get("tie"):
                self._add("log.duel.tie", yay=y, wow=w)
            else:
                self._add("log.duel.first", yay=y, wow=w, who=("seat", info["attacker"]))
        elif kind == ev.ATTACKED:
            self.table = {"kind": "trick", "attacker": e.player, "attack": list(e.cards),
                          "answers": []}
            self._add("log.attacked", e.player, who=("seat", e.player), cards=list(e.cards))
        elif kind in (ev.DEFENDED, ev.SACRIFICED):
            if self.table.get("kind") == "trick":
                self.table["answers"].append([e.cards[0], kind == ev.DEFENDED])
            self._add(f"log.{kind}", e.player, who=("seat", e.player), card=e.cards[0],
                      against=info.get("against"))
        elif kind == ev.TRICK:
            defended = bool(info.get("defended"))
            if self.table.get("kind") == "trick":
                self.table["done"] = True
                self.table["next"] = e.player
            key = "log.trick.defended" if defended else "log.trick.sacrificed"
            self._add(key, who=("seat", e.player))
        elif kind == ev.SHOWDOWN:
            y, w = e.cards
            winner = info.get("winner")
            self.table = {"kind": "showdown", "yay": y, "wow": w, "winner": winner}
            if winner is None:
                self._add("log.showdown.tie", yay=y, wow=w)
            else:
                self._add("log.showdown", yay=y, wow=w, who=("seat", winner))
        elif kind == ev.CAT_MOVED:
            fk, fp = place(info["from"], n)
            tk, tp = place(info["to"], n)
            self._add("log.cat", **{"from": ("t", fk, fp), "to": ("t", tk, tp)})
        elif kind == ev.GAME_WON:
            self._add("log.won", who=("seat", e.player))

    # -- what the page shows ------------------------------------------------------------------
    def round_result(self, events: list) -> dict[str, Any] | None:
        """If ``events`` ended a round: what the result banner shows."""
        out: dict[str, Any] | None = None
        for e in events:
            info = e.info or {}
            if e.kind == ev.SHOWDOWN:
                over = self.game.is_terminal()
                out = {"yay": e.cards[0], "wow": e.cards[1], "winner": info.get("winner"),
                       "round": self.game.round if over else self.game.round - 1}
            elif e.kind == ev.CAT_MOVED and out is not None:
                out["from"], out["to"] = info["from"], info["to"]
            elif e.kind == ev.GAME_WON and out is not None:
                out["game_won"] = e.player
        return out


# -- selections (pure helpers for the hand's buttons) -------------------------------------
@dataclass
class CardState:
    enabled: bool
    reason: tuple[str, dict[str, Any]] | None = None  # catalog key + params when disabled


def _is_sub(multiset: list[int], of: tuple[int, ...]) -> bool:
    need = Counter(multiset)
    have = Counter(of)
    return all(have[v] >= k for v, k in need.items())


def replace_states(hand: tuple[int, ...], selected: set[int], limit: int) -> list[CardState]:
    """Replacing: any sub-multiset of at most ``limit`` cards."""
    full = len(selected) >= limit
    return [CardState(True) if i in selected or not full
            else CardState(False, ("reason.replace.limit", {"k": limit}))
            for i in range(len(hand))]


def attack_states(hand: tuple[int, ...], selected: set[int],
                  legal: list[Action]) -> tuple[list[CardState], Action | None]:
    """Attacking: a card may be added if the selection stays part of a legal attack.
    Returns each card's state and the legal attack the selection forms (or None)."""
    attacks = [a.cards for a in legal if a.kind == ATTACK]
    chosen = sorted(hand[i] for i in selected)
    states = []
    for i, v in enumerate(hand):
        if i in selected:
            states.append(CardState(True))
            continue
        trial = sorted([*chosen, v])
        if any(_is_sub(trial, a) for a in attacks):
            states.append(CardState(True))
        elif len(trial) >= len(hand):
            states.append(CardState(False, ("reason.attack.keep", {})))
        else:
            states.append(CardState(False, ("reason.attack.combo", {"card": v})))
    exact = next((Action(ATTACK, a) for a in attacks if list(a) == chosen), None)
    return states, exact


def defend_states(hand: tuple[int, ...], legal: list[Action],
                  target: int | None) -> list[CardState]:
    ok = {a.cards[0] for a in legal if a.kind == DEFEND}
    return [CardState(True) if v in ok
            else CardState(False, ("reason.defend.low", {"card": v, "target": target}))
            for v in hand]


def sacrifice_state(hand: tuple[int, ...], legal: list[Action],
                    target: int | None) -> CardState:
    if any(a.kind == SACRIFICE for a in legal):
        return CardState(True)
    if target is not None and lowest_holds(hand, target):
        return CardState(False, ("reason.sacrifice.holds",
                                 {"card": sacrificed_card(hand), "target": target}))
    return CardState(False, ("reason.sacrifice.must", {}))


def duel_states(hand: tuple[int, ...], legal: list[Action]) -> list[CardState]:
    ok = {a.cards[0] for a in legal if a.kind == DUEL}
    return [CardState(v in ok) for v in hand]


__all__ = [
    "MODES",
    "PACES",
    "REPLACE",
    "SCENARIOS",
    "CardState",
    "Entry",
    "Session",
    "attack_states",
    "defend_states",
    "duel_states",
    "hand_indices",
    "place",
    "replace_states",
    "sacrifice_state",
]
