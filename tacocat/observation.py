"""What one seat knows — exactly RULES.md "What each player knows", nothing more.

The UI renders from this and the computer opponent decides from it, so an AI that
only reads its observation cannot cheat.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action
from .moves import (
    PHASE_ATTACK,
    PHASE_DEFEND,
    PHASE_DUEL,
    PHASE_REPLACE,
    answer_options,
    attack_options,
    duel_options,
    replace_options,
)
from .ruleset import Ruleset

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Observation:
    """A snapshot of the game as seen from ``viewer``'s seat."""

    viewer: int
    ruleset: Ruleset
    phase: str
    to_act: tuple[int, ...]
    round: int
    cat: int
    tiles: tuple[bool, ...]
    hand: tuple[int, ...]
    opponent_hand_size: int
    draw_size: int
    discard: tuple[int, ...]
    attacker: int | None
    attack: tuple[int, ...]
    answers: tuple[tuple[int, bool], ...]
    duels: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...], tuple[tuple[int, bool], ...]], ...]
    replaced: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    replace_limit: int
    committed: tuple[bool, bool]
    sealed: Action | None
    last_showdown: tuple[int, int, int | None] | None
    winner: int | None
    moves: int
    tied_rounds: int = 0
    _legal: list[Action] | None = field(default=None, repr=False, compare=False)

    @property
    def hand_size(self) -> int:
        """Cards dealt on the cat's space."""
        return self.ruleset.spaces[self.cat].hand_size

    @property
    def arrow(self) -> int | None:
        return self.ruleset.arrow_target(self.cat) if 0 <= self.cat < len(self.tiles) else None

    @property
    def my_turn(self) -> bool:
        return self.viewer in self.to_act

    @property
    def target(self) -> int | None:
        """The attacking card the defender must answer now (defend phase only)."""
        return self.attack[len(self.answers)] if self.phase == PHASE_DEFEND else None

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions — computed from this observation alone."""
        if self._legal is not None:
            return self._legal
        hand = self.hand
        if not self.my_turn:
            out: list[Action] = []
        elif self.phase == PHASE_REPLACE:
            out = replace_options(hand, self.replace_limit)
        elif self.phase == PHASE_DUEL:
            out = duel_options(hand)
        elif self.phase == PHASE_ATTACK:
            out = attack_options(hand, self.ruleset.jumbo)
        else:
            out = answer_options(hand, self.target, self.ruleset.must_defend)  # type: ignore[arg-type]
        object.__setattr__(self, "_legal", out)
        return out

    def table(self) -> tuple[int, ...]:
        return self.attack + tuple(c for c, _ in self.answers)

    def opponent_floor(self) -> int:
        """No card in the opponent's hand is lower than this: a sacrifice plays the
        defender's lowest card, and a hand only shrinks after the replace step."""
        opp = 1 - self.viewer
        floor = 0
        answered = [(att, ans) for att, _, ans in self.tricks]
        if self.phase == PHASE_DEFEND:  # the trick on the table (it always has an attacker)
            answered.append((self.attacker, self.answers))
        for attacker, answers in answered:
            if attacker != opp:
                floor = max([floor] + [c for c, held in answers if not held])
        return floor

    def seen_counts(self) -> dict[int, int]:
        """Face-up cards per value this round (discard pile and the current trick)."""
        return dict(Counter(self.discard + self.table()))

    def unseen(self) -> list[int]:
        """Cards the viewer cannot see: the opponent's hand plus the draw pile, sorted."""
        left = Counter(self.ruleset.deck_counts())
        left.subtract(self.hand + self.discard + self.table())
        return sorted(left.elements())

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form for the browser UI."""
        return {
            "viewer": self.viewer,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "my_turn": self.my_turn,
            "round": self.round,
            "cat": self.cat,
            "tiles": list(self.tiles),
            "hand": list(self.hand),
            "opponent_hand_size": self.opponent_hand_size,
            "draw_size": self.draw_size,
            "discard": list(self.discard),
            "attacker": self.attacker,
            "attack": list(self.attack),
            "answers": [[c, ok] for c, ok in self.answers],
            "target": self.target,
            "duels": [list(d) for d in self.duels],
            "tricks": [[a, list(att), [[c, ok] for c, ok in ans]] for a, att, ans in self.tricks],
            "replaced": [None if r is None else list(r) for r in self.replaced],
            "replace_limit": self.replace_limit,
            "committed": list(self.committed),
            "sealed": None if self.sealed is None else self.sealed.notation(),
            "last_showdown": None if self.last_showdown is None else list(self.last_showdown),
            "winner": self.winner,
            "hand_size": self.hand_size if 0 <= self.cat < len(self.tiles) else None,
            "arrow": self.arrow,
            "legal": [a.notation() for a in self.legal_actions()],
        }


def observe(game: Game, viewer: int) -> Observation:
    """Build ``viewer``'s observation of ``game``. Never includes hidden cards."""
    opp = 1 - viewer
    # Only the sealed steps (a duel, a double-arrow replacement) hold pending choices.
    committed = (game.pending[0] is not None, game.pending[1] is not None)
    return Observation(
        viewer=viewer,
        ruleset=game.ruleset,
        phase=game.phase,
        to_act=tuple(game.acting),
        round=game.round,
        cat=game.cat,
        tiles=tuple(game.tiles),
        hand=tuple(game.hands[viewer]),
        opponent_hand_size=len(game.hands[opp]),
        draw_size=len(game.draw),
        discard=tuple(game.discard),
        attacker=game.attacker,
        attack=game.attack,
        answers=tuple(game.answers),
        duels=tuple(game.duels),
        tricks=tuple(game.tricks),
        replaced=(game.replaced[0], game.replaced[1]),
        replace_limit=game.replace_limit[viewer] if viewer in game.acting else 0,
        committed=committed,
        sealed=game.pending[viewer],
        last_showdown=game.last_showdown,
        winner=game.winner,
        moves=len(game.history),
        tied_rounds=game.tied_rounds,
    )
