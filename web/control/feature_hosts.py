"""What each feature of control/ may use of the controller — and nothing else: one
:class:`typing.Protocol` per feature, the controller being the one object that provides
them all. A feature reaches another only through the field named here (the hand asks the
move flow to play a tap, the replay tells the lessons it left...). tests/test_web_control.py
fails when a feature uses a name of the controller its protocol does not list."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from web.control.computer import Runner
    from web.control.hand_ctrl import HandControl
    from web.control.lessons_ctrl import LessonsControl
    from web.control.move_flow import Moves
    from web.control.page_port import PagePort, SoundPort
    from web.control.puzzles_ctrl import PuzzlesControl
    from web.control.replay_ctrl import ReplayControl
    from web.control.stats_ctrl import StatsControl
    from web.control.task_set import TaskSet
    from web.formats.prefs import Prefs
    from web.model.chrome import Chrome
    from web.model.screen import Screen, Ui
    from web.model.session import Session
    from web.model.tap_policy import AnswerPolicy
    from web.render.motion import Motion
    from web.render.paint import Painter
    from web.render.profile import Profile


class AnalysisHost(Protocol):
    """What :class:`control.analysis_ctrl.AnalysisControl` uses."""

    chrome: Chrome
    page: PagePort
    painter: Painter
    replay: ReplayControl
    session: Session
    tasks: TaskSet
    token: int

    def announce(self, text: str) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def message(self, text: str, alert: bool = False) -> None: ...


class GamesHost(Protocol):
    """What :class:`control.games_ctrl.GamesControl` uses."""

    chrome: Chrome
    motion: Motion
    page: PagePort
    painter: Painter
    pending_resume: Session | None
    prefs: Prefs
    session: Session
    sound: SoundPort
    tasks: TaskSet

    def autosave(self) -> None: ...
    def draw_chrome(self) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def focus_play(self) -> None: ...
    def message(self, text: str, alert: bool = False) -> None: ...
    def new_game(self, seed: int | None = None, scenario: str | None = None,
                 mode: str = ..., level: str = ..., human: int = ...,
                 save: bool = True) -> None: ...
    def relabel(self) -> None: ...
    def save_prefs(self) -> None: ...
    def set_session(self, session: Session, hand_over: bool = False) -> None: ...


class HandHost(Protocol):
    """What :class:`control.hand_ctrl.HandControl` uses."""

    by_pointer: bool
    chrome: Chrome
    interacted: bool
    lessons: LessonsControl
    motion: Motion
    moves: Moves
    page: PagePort
    painter: Painter
    puzzles: PuzzlesControl
    session: Session
    ui: Ui

    def advance(self, render: bool = True) -> None: ...
    def announce(self, text: str) -> None: ...
    def autosave(self) -> None: ...
    def draw_chrome(self) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def focus_play(self) -> None: ...
    def message(self, text: str, alert: bool = False) -> None: ...
    def render(self, refocus: bool = True) -> bool: ...
    def set_session(self, session: Session, hand_over: bool = False) -> None: ...
    def take_tapped(self) -> str | None: ...


class LessonsHost(Protocol):
    """What :class:`control.lessons_ctrl.LessonsControl` uses."""

    chrome: Chrome
    embedded: bool
    interacted: bool
    motion: Motion
    params: dict[str, str]
    ui: Ui

    def announce(self, text: str) -> None: ...
    def back_to_game(self) -> None: ...
    def draw_chrome(self) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def focus_play(self) -> None: ...
    def render(self, refocus: bool = True) -> bool: ...
    def save_prefs(self) -> None: ...
    def show(self, showing: str, ui: Ui | None = None) -> None: ...


class ReplayHost(Protocol):
    """What :class:`control.replay_ctrl.ReplayControl` uses."""

    chrome: Chrome
    motion: Motion
    page: PagePort
    prefs: Prefs
    session: Session

    def announce(self, text: str) -> None: ...
    def back_to_game(self) -> None: ...
    def draw_chrome(self) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def focus_play(self) -> None: ...
    def message(self, text: str, alert: bool = False) -> None: ...
    def offer_resume(self) -> None: ...
    def render(self, refocus: bool = True) -> bool: ...
    def screen(self) -> Screen: ...
    def show(self, showing: str, ui: Ui | None = None) -> None: ...


class StatsHost(Protocol):
    """What :class:`control.stats_ctrl.StatsControl` uses."""

    page: PagePort
    painter: Painter


class MovesHost(Protocol):
    """What :class:`control.move_flow.Moves` uses."""

    ai: dict[int, Any]
    answers: AnswerPolicy
    chrome: Chrome
    hand: HandControl
    interacted: bool
    lessons: LessonsControl
    motion: Motion
    page: PagePort
    painter: Painter
    prefs: Prefs
    profile: Profile
    puzzles: PuzzlesControl
    runner: Runner
    session: Session
    shown: Screen | None
    sound: SoundPort
    stats: StatsControl
    tasks: TaskSet
    token: int
    ui: Ui

    def advance(self, render: bool = True) -> None: ...
    def alive(self, token: int) -> Callable[[], bool]: ...
    def announce(self, text: str) -> None: ...
    def autosave(self) -> None: ...
    def focus_play(self) -> None: ...
    def message(self, text: str, alert: bool = False) -> None: ...
    def prepare_render(self) -> None: ...
    def render(self, refocus: bool = True) -> bool: ...
    def render_opponent(self) -> None: ...


class PuzzlesHost(Protocol):
    """What :class:`control.puzzles_ctrl.PuzzlesControl` uses."""

    chrome: Chrome
    embedded: bool
    interacted: bool
    page: PagePort
    params: dict[str, str]
    prefs: Prefs
    tasks: TaskSet
    token: int
    ui: Ui

    def announce(self, text: str) -> None: ...
    def back_to_game(self) -> None: ...
    def focus(self, ident: str | None) -> None: ...
    def focus_play(self) -> None: ...
    def message(self, text: str, alert: bool = False) -> None: ...
    def offer_resume(self) -> None: ...
    def render(self, refocus: bool = True) -> bool: ...
    def show(self, showing: str, ui: Ui | None = None) -> None: ...


__all__ = ["AnalysisHost",
           "GamesHost",
           "HandHost",
           "LessonsHost",
           "MovesHost",
           "PuzzlesHost",
           "ReplayHost",
           "StatsHost"]
