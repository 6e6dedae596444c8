"""The game state: whose decision it is, the legal actions, applying them, the outcome.

Modelled on OpenSpiel's game states: chance (shuffles and draws) comes from one seeded
``random.Random`` owned by the game, so the same seed and the same actions always give
the same game, on CPython and in Pyodide alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from . import events as ev
from .actions import DEFEND, DUEL, REPLACE, SEAT_LETTERS, Action
from .events import Event
from .moves import (
    PHASE_ATTACK,
    PHASE_DEFEND,
    PHASE_DUEL,
    PHASE_OVER,
    PHASE_REPLACE,
    answer_options,
    attack_options,
    check_action,
    duel_options,
    replace_options,
)
from .observation import Observation, observe
from .position import check_position, setup
from .ruleset import DEFAULT, SEATS, TIE_ARROW_WINS, WOW, YAY, Ruleset


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winner: int
    rounds: int
    tied_rounds: int

    def returns(self) -> tuple[int, int]:
        """+1 for the winner, -1 for the loser (OpenSpiel-style returns per seat)."""
        return (1, -1) if self.winner == YAY else (-1, 1)

    def __str__(self) -> str:
        return f"{SEATS[self.winner]} wins after {self.rounds} rounds"


SEED_LIMIT = 2**63  # seeds are signed 64-bit, so every record stays portable


class Game:
    """One game of Tacocat Spelled Backwards between YAY (seat 0) and WOW (seat 1)."""

    def __init__(self, seed: int = 0, ruleset: Ruleset = DEFAULT) -> None:
        self._init_common(seed, ruleset)
        self.initial_events: list[Event] = self._start_round()

    def _init_common(self, seed: int, ruleset: Ruleset) -> None:
        if not isinstance(ruleset, Ruleset):
            raise TypeError("ruleset must be a Ruleset")
        if type(seed) is not int:
            raise TypeError("seed must be an int")
        if not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise ValueError("seed must be a whole number that fits in 64 bits")
        self.ruleset = ruleset
        self.seed = seed
        self.rng = Random(seed)
        self.cat = ruleset.start
        self.tiles = [False] * len(ruleset.spaces)
        self.round = 0
        self.tied_rounds = 0
        self.hands: list[list[int]] = [[], []]
        self.draw: list[int] = []  # the top of the pile is the END of this list
        self.discard: list[int] = []
        self.phase = PHASE_REPLACE
        self.acting: list[int] = []
        self.pending: list[Action | None] = [None, None]
        self.replace_limit: list[int] = [0, 0]
        self.replaced: list[tuple[int, ...] | None] = [None, None]
        self.duels: list[tuple[int, int]] = []
        # finished tricks this round: (attacker, attacking cards, [(card, defended), ...])
        self.tricks: list[tuple[int, tuple[int, ...], tuple[tuple[int, bool], ...]]] = []
        self.attacker: int | None = None
        self.attack: tuple[int, ...] = ()
        self.answers: list[tuple[int, bool]] = []  # (card, True if it defended)
        self.last_showdown: tuple[int, int, int | None] | None = None
        self.winner: int | None = None
        self.history: list[tuple[int, Action]] = []
        self.position: dict[str, Any] | None = None

    # -- queries -------------------------------------------------------------------------
    @property
    def space(self) -> int:
        return self.cat

    @property
    def hand_size(self) -> int:
        return self.ruleset.spaces[self.cat].hand_size

    @property
    def arrow(self) -> int | None:
        return self.ruleset.arrow_target(self.cat)

    def to_act(self) -> tuple[int, ...]:
        """Seats that owe a decision now: two during a sealed (simultaneous) step."""
        return tuple(self.acting)

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(self.winner, self.round, self.tied_rounds)

    def returns(self) -> tuple[int, int]:
        out = self.outcome()
        return out.returns() if out else (0, 0)

    def table(self) -> list[int]:
        """Cards face up in the current trick."""
        return list(self.attack) + [c for c, _ in self.answers]

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now, in a fixed order; empty if not their turn."""
        if player not in self.acting:
            return []
        hand = self.hands[player]
        phase = self.phase
        if phase == PHASE_REPLACE:
            return replace_options(hand, self.replace_limit[player])
        if phase == PHASE_DUEL:
            return duel_options(hand)
        if phase == PHASE_ATTACK:
            return attack_options(hand, self.ruleset.jumbo)
        return answer_options(hand, self.attack[len(self.answers)], self.ruleset.must_defend)

    # -- applying --------------------------------------------------------------------------
    def check(self, player: int, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is illegal; else return.

        Everything is checked here, at the boundary (seat, kind, card count and types, then
        the rules), so a malformed action can never reach the state."""
        check_action(self, player, action)

    def apply(self, player: int, action: Action) -> list[Event]:
        """Apply ``player``'s ``action``; returns the events it caused.

        An illegal action raises :class:`IllegalActionError` and changes nothing.
        """
        self.check(player, action)
        self.history.append((player, action))
        phase = self.phase
        if phase == PHASE_REPLACE:
            return self._apply_replace(player, action)
        if phase == PHASE_DUEL:
            return self._apply_duel(player, action)
        if phase == PHASE_ATTACK:
            return self._apply_attack(player, action)
        return self._apply_answer(player, action)

    def _apply_replace(self, player: int, action: Action) -> list[Event]:
        if self.arrow is None:  # double arrow: sealed until both have committed
            self.pending[player] = action
            self.acting.remove(player)
            out = [Event(ev.COMMITTED, player, (), {"step": REPLACE})]
            if self.acting:
                return out
            for p in (YAY, WOW):
                out += self._do_replace(p, self.pending[p].cards)  # type: ignore[union-attr]
            return out + self._start_duel()  # (which clears pending)
        out = self._do_replace(player, action.cards)
        if self.replaced[1 - player] is None:  # the arrowed player went first
            self.acting = [1 - player]
            self.replace_limit[1 - player] = len(action.cards)
            return out
        return out + self._start_duel()

    def _do_replace(self, player: int, cards: tuple[int, ...]) -> list[Event]:
        hand = self.hands[player]
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        drawn = [self.draw.pop() for _ in cards]
        hand.extend(drawn)
        hand.sort()
        self.replaced[player] = cards
        return [
            Event(ev.REPLACED, player, cards),
            Event(ev.DREW, player, tuple(sorted(drawn))),
        ]

    def _start_duel(self) -> list[Event]:
        self.phase = PHASE_DUEL
        self.acting = [YAY, WOW]
        self.pending = [None, None]
        return []

    def _apply_duel(self, player: int, action: Action) -> list[Event]:
        self.pending[player] = action
        self.acting.remove(player)
        out = [Event(ev.COMMITTED, player, (), {"step": DUEL})]
        if self.acting:
            return out
        y, w = self.pending[YAY].cards[0], self.pending[WOW].cards[0]  # type: ignore[union-attr]
        self.pending = [None, None]
        self.hands[YAY].remove(y)
        self.hands[WOW].remove(w)
        self.discard += [y, w]
        self.duels.append((y, w))
        tie = y == w
        attacker = None if tie else (YAY if y > w else WOW)
        out.append(Event(ev.DUEL, None, (y, w), {"tie": tie, "attacker": attacker}))
        if len(self.hands[YAY]) == 1:
            return out + self._showdown()
        if tie:
            self.acting = [YAY, WOW]
            return out
        self.attacker = attacker
        return out + self._start_attack()

    def _start_attack(self) -> list[Event]:
        self.phase = PHASE_ATTACK
        self.attack = ()
        self.answers = []
        self.acting = [self.attacker]  # type: ignore[list-item]
        return []

    def _apply_attack(self, player: int, action: Action) -> list[Event]:
        for c in action.cards:
            self.hands[player].remove(c)
        self.attack = action.cards
        self.answers = []
        self.phase = PHASE_DEFEND
        self.acting = [1 - player]
        return [Event(ev.ATTACKED, player, action.cards)]

    def _apply_answer(self, player: int, action: Action) -> list[Event]:
        hand = self.hands[player]
        target = self.attack[len(self.answers)]
        if action.kind == DEFEND:
            card = action.cards[0]
            hand.remove(card)
            self.answers.append((card, True))
            out = [Event(ev.DEFENDED, player, (card,), {"against": target})]
        else:
            card = hand.pop(0)
            self.answers.append((card, False))
            out = [Event(ev.SACRIFICED, player, (card,), {"against": target})]
        if len(self.answers) < len(self.attack):
            return out
        played = self.table()
        self.discard += played
        self.tricks.append((1 - player, self.attack, tuple(self.answers)))
        defended = all(ok for _, ok in self.answers)
        if defended:
            self.attacker = player
        out.append(Event(ev.TRICK, self.attacker, (), {"defended": defended,
                                                       "cards": played}))
        self.attack = ()
        self.answers = []
        if len(hand) == 1:
            return out + self._showdown()
        return out + self._start_attack()

    # -- end of round ------------------------------------------------------------------------
    def _showdown(self) -> list[Event]:
        y, w = self.hands[YAY][0], self.hands[WOW][0]
        self.hands = [[], []]
        self.discard += [y, w]
        winner: int | None
        if y < w:  # the lower card wins the round
            winner = YAY
        elif y > w:
            winner = WOW
        elif self.ruleset.tie_rule == TIE_ARROW_WINS:
            winner = self.arrow
        else:
            winner = None
        self.last_showdown = (y, w, winner)
        out = [Event(ev.SHOWDOWN, None, (y, w), {"winner": winner})]
        if winner is None:
            self.tied_rounds += 1
            out.append(Event(ev.ROUND_TIED, None, (), {"space": self.cat}))
            return out + self._start_round()
        return out + self._move_cat(winner)

    def _move_cat(self, winner: int) -> list[Event]:
        step = -1 if winner == YAY else 1
        n = len(self.tiles)
        left = self.cat
        to = left + step
        while 0 <= to < n and self.tiles[to]:
            to += step
        self.tiles[left] = True
        self.cat = to
        out = [
            Event(ev.CAT_MOVED, winner, (), {"from": left, "to": to}),
            Event(ev.TILE_PLACED, None, (), {"space": left}),
        ]
        if to < 0 or to >= n:
            self.winner = winner
            self.phase = PHASE_OVER
            self.acting = []
            self.attacker = None
            out.append(Event(ev.GAME_WON, winner))
            return out
        return out + self._start_round()

    def _start_round(self) -> list[Event]:
        """Shuffle all cards, deal the new space's hand size, open the replace step."""
        self.round += 1
        deck = self.ruleset.deck_cards()
        self.rng.shuffle(deck)
        self.draw = deck
        self.discard = []
        n = self.hand_size
        hands: list[list[int]] = [[], []]
        for _ in range(n):
            for p in (YAY, WOW):
                hands[p].append(deck.pop())
        for h in hands:
            h.sort()
        self.hands = hands
        self.duels = []
        self.tricks = []
        self.attacker = None
        self.attack = ()
        self.answers = []
        self.replaced = [None, None]
        self.pending = [None, None]
        self.phase = PHASE_REPLACE
        arrow = self.arrow
        self.acting = [YAY, WOW] if arrow is None else [arrow]
        self.replace_limit = [n, n]
        return [
            Event(ev.ROUND_STARTED, None, (), {"round": self.round, "space": self.cat,
                                              "hand_size": n, "arrow": arrow}),
            Event(ev.DEALT, YAY, tuple(hands[YAY])),
            Event(ev.DEALT, WOW, tuple(hands[WOW])),
        ]

    # -- copies, positions, records -----------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy (its own RNG state), for search."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = Random()
        g.rng.setstate(self.rng.getstate())
        g.tiles = list(self.tiles)
        g.hands = [list(self.hands[0]), list(self.hands[1])]
        g.draw = list(self.draw)
        g.discard = list(self.discard)
        g.acting = list(self.acting)
        g.pending = list(self.pending)
        g.replace_limit = list(self.replace_limit)
        g.replaced = list(self.replaced)
        g.duels = list(self.duels)
        g.tricks = list(self.tricks)
        g.answers = list(self.answers)
        g.history = list(self.history)
        return g

    @classmethod
    def from_position(
        cls,
        *,
        yay: list[int] | tuple[int, ...],
        wow: list[int] | tuple[int, ...],
        phase: str = PHASE_DUEL,
        cat: int | None = None,
        tiles: list[int] | tuple[int, ...] = (),
        attacker: int | None = None,
        attack: list[int] | tuple[int, ...] = (),
        answers: list[list[Any]] | tuple[tuple[int, bool], ...] = (),
        draw: list[int] | tuple[int, ...] = (),
        discard: list[int] | tuple[int, ...] = (),
        seed: int = 0,
        ruleset: Ruleset = DEFAULT,
    ) -> Game:
        """A game starting from a chosen position (scenario tests, tutorials, puzzles).

        ``tiles`` lists covered space indices. ``draw`` gives the next cards to be drawn,
        first card first; every card not placed anywhere goes below them, shuffled.
        In the ``defend`` phase, ``attack`` is on the table and ``answers`` lists the
        ``[card, defended]`` answers already given; hands exclude table cards.
        """
        g = cls.__new__(cls)
        g._init_common(seed, ruleset)
        check_position({"yay": yay, "wow": wow, "phase": phase, "cat": cat, "tiles": tiles,
                        "attacker": attacker, "attack": attack, "answers": answers,
                        "draw": draw, "discard": discard})
        g.position = {
            "yay": sorted(yay), "wow": sorted(wow), "phase": phase, "cat": cat,
            "tiles": sorted(tiles), "attacker": attacker, "attack": sorted(attack),
            "answers": [[c, ok] for c, ok in answers], "draw": list(draw),
            "discard": list(discard),
        }
        g.initial_events = setup(g, **g.position)
        return g

    def observation(self, viewer: int) -> Observation:
        """What ``viewer`` knows now (see :mod:`tacocat.observation`)."""
        return observe(self, viewer)

    def moves_text(self) -> list[str]:
        return [f"{SEAT_LETTERS[p]}:{a.notation()}" for p, a in self.history]

    def __repr__(self) -> str:
        return (f"<Game seed={self.seed} round={self.round} cat={self.cat} phase={self.phase} "
                f"YAY={self.hands[YAY]} WOW={self.hands[WOW]}>")
