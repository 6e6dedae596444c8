"""What the page shows right now, worked out once per render for every view.

:class:`Ui` is the page's own state (selection, whose hand is shown, what the computer
is doing); :class:`Screen` joins it with the session into the facts the views render —
the viewer's observation and legal actions, the pending round result — so no view asks
the game for anything the viewer could not see, and no view repeats another's reasoning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tacocat import YAY, Action
from tacocat.ai.hints import Hint
from tacocat.observation import Observation
from web.model.replay_state import Replay
from web.model.session import MODE_AI, Session
from web.model.text import Words


@dataclass
class Ui:
    """Page state that is not part of the game."""

    viewer: int | None = YAY  # whose hand is face up (None: nobody's, e.g. while passing)
    selected: set[int] = field(default_factory=set)  # hand indices picked for a move
    focus: int = 0  # the hand's roving Tab stop
    hint: Hint | None = None  # asked for, until a move is made (views/hint_view.py)
    thinking: int | None = None  # seat the computer is thinking for (shown by the opponent)
    lifted: tuple[int, tuple[int, ...], bool] | None = None  # (seat, cards, face up) before a move
    busy: set[int] = field(default_factory=set)  # seats whose computer turn is under way
    table: dict[str, Any] | None = None  # a table frame being presented instead of the latest


@dataclass(frozen=True)
class Screen:
    """The player view (boardgame.io's ``playerView``): what the seat at the bottom may
    know — its observation, its legal actions, the public facts of the table and the log —
    and the page state. Never the game itself, so no view can show a hidden card: the
    opponent's hand appears only in a finished game's replay (``revealed``)."""

    ui: Ui
    words: Words
    mode: str
    level: str
    me: int  # the seat at the bottom of the screen
    opp: int
    obs: Observation  # ``me``'s view
    acting: bool  # the shown hand may act now
    legal: list[Action]
    result: dict[str, Any] | None  # the round result still on the table
    over: bool
    log: list  # the move log's entries (web/model/session.py Entry)
    log_of: int  # which game's log (a new game or a replay's step redraws it)
    latest: dict[str, Any]  # the table as the last move left it
    drawn: tuple[int, ...]  # the cards ``me`` has just drawn (marked new)
    waiting: int | None  # the seat the table waits for, when ``me`` does not act
    opponent_busy: bool  # the computer is working on its turn
    revealed: tuple[int, ...] = ()  # the opponent's cards face up (a finished replay)
    replay: Replay | None = None  # stepping through a record: nothing to act on
    lesson_done: bool = False  # a lesson's move was made (or a puzzle's try): the hand rests
    open_hands: bool = False  # a puzzle: both hands are shown; its panel goes on, not the deal

    @classmethod
    def build(cls, session: Session, ui: Ui, replay: Replay | None = None,
              lesson_done: bool = False, open_hands: bool = False) -> Screen:
        game = session.game
        if session.mode == MODE_AI:
            me = session.human
        else:
            me = ui.viewer if ui.viewer is not None else YAY
        obs = game.observation(me)
        acting = (replay is None and not lesson_done and ui.viewer == me
                  and not session.is_computer(me) and session.owes(me)
                  and not session.result_pending)
        legal = obs.legal_actions() if acting else []
        result = session.result if session.result_pending or game.is_terminal() else None
        opp = 1 - me
        reveal = (replay is not None and replay.finished and result is None) or \
            (open_hands and game.round == 1)
        return cls(
            ui, Words(session.mode, session.human), session.mode, session.level, me, opp,
            obs, acting, legal, result, game.is_terminal(), session.log, id(session),
            session.table, tuple(session.drawn.get(me, ())),
            next((p for p in game.to_act() if session.owes(p)), None),
            opp in ui.busy and not session.owes(me),
            tuple(game.hands[opp]) if reveal else (), replay, lesson_done, open_hands)

    @property
    def reveal(self) -> bool:
        """Both hands face up: the replay of a finished game, or a puzzle."""
        return (self.replay is not None and self.replay.finished) or self.open_hands

    @property
    def hidden(self) -> bool:
        """The bottom hand is face down (hot-seat hand-over, or watching the computer)."""
        return self.ui.viewer is None

    @property
    def table(self) -> dict[str, Any]:
        return self.ui.table if self.ui.table is not None else self.latest

    def hand_sizes(self) -> tuple[int, int]:
        """(mine, opponent's) as shown: nobody holds cards while a round result is up."""
        if self.result is not None:
            return 0, 0
        return len(self.obs.hand), self.obs.opponent_hand_size

    def revealed_hand(self) -> tuple[int, ...]:
        """The opponent's cards face up (a finished game's replay), exactly as many as
        :meth:`hand_sizes` says: none while a round result is up, even though the engine
        has dealt the next round already."""
        return self.revealed
