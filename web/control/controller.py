"""The page's controller: it holds the state — the session, the table's page state
(:class:`web.model.screen.Ui`), the page around it (:class:`web.model.chrome.Chrome`) —
turns input into engine actions and state changes, and has the views draw the result. Like
lichess's round controller: ``redraw = patch(last trees, view(state))``.

    Tap / Press (web/platform/browser_page.py reads them) ─▶ ACTIONS[act](arg)
        ─▶ Session.apply ─▶ events ─▶ log + table ─▶ views(Screen, Chrome) ─▶ one patch
        ─▶ motion, live region, next turn (web/control/move_flow.py)

It never touches the page: all it asks of it goes through ``page`` (:class:`PagePort`:
the browser's, or tests/page_fake.py). :meth:`actions` is the one table from a button's
``data-act`` to its handler."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from tacocat import YAY
from web.control.analysis_ctrl import AnalysisControl
from web.control.computer import Runner
from web.control.games_ctrl import GamesControl
from web.control.hand_ctrl import HandControl
from web.control.input_ctrl import Handler, Input, InputCalls
from web.control.lessons_ctrl import LessonsControl
from web.control.move_flow import Moves
from web.control.page_port import PagePort
from web.control.puzzles_ctrl import PuzzlesControl
from web.control.rehearsal import rehearse
from web.control.replay_ctrl import ReplayControl
from web.control.stats_ctrl import StatsControl
from web.control.task_set import TaskSet
from web.formats.prefs import Prefs, parse_seed
from web.formats.puzzle_store import PuzzleRecord
from web.formats.saved_game import save_text, session_from_save
from web.formats.stats_store import Stats
from web.formats.stored import PREFS_KEY, PUZZLES_KEY, SAVE_KEY, STATS_KEY
from web.i18n.catalog import language, t
from web.model import levels
from web.model.chrome import GAME, LESSON, PUZZLE, REPLAY, Chrome
from web.model.intents import Press, Tap
from web.model.screen import Screen, Ui
from web.model.session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, Session
from web.model.takeback import button_reason, pass_offer
from web.model.tap_policy import AnswerPolicy
from web.model.text import sentence
from web.render.motion import Motion
from web.render.paint import Painter
from web.render.profile import Profile
from web.render.vdom import Memo
from web.views.chrome_view import chrome, settings
from web.views.hand_view import focus_target, opponent
from web.views.hint_view import hint_note
from web.views.log_view import LogLines
from web.views.page_view import page

# the rehearsal starts after the first frames of the table have painted
REHEARSE_AFTER_S = 0.15


class Controller:
    def __init__(self, page_: PagePort, params: dict[str, str], embedded: bool,
                 reduced_motion: Callable[[], bool]) -> None:
        self.page = page_
        self.params = params
        self.embedded = embedded
        self.answers = AnswerPolicy.from_param(params.get("answer"))  # move_flow.py
        # an embedded game keeps its own save, so it never overwrites the main site's
        self.save_key = SAVE_KEY + (".embed" if embedded else "")
        self.notices: list[str] = []
        prefs, bad = page_.load(PREFS_KEY, Prefs.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.prefs"))
        self.first_visit = prefs is None and not bad
        self.prefs = prefs or Prefs()
        self.prefs.update(params)  # ?pace= ?level= ?mode= for this visit only
        page_.theme(self.prefs.theme)  # as index.html's first script did, from the same prefs
        stats, bad = page_.load(STATS_KEY, Stats.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.stats"))
        puzzles, bad = page_.load(PUZZLES_KEY, PuzzleRecord.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.puzzles"))
        self.session: Session | None = None
        self.ui = Ui()
        self.chrome = Chrome()
        self.painter = Painter(page_.applier)
        self.profile = Profile()  # one move's phases, for bench/web_play.py
        self.memo = Memo()  # views whose inputs did not change are not built again
        self.log = LogLines()
        self.shown: Screen | None = None  # the screen render() drew last
        self.motion = Motion(page_.applier, reduced_motion)
        self.motion.set_pace(self.prefs.pace)
        self.sound = page_.sound
        self.sound.enabled = self.prefs.sound if self.prefs.sound is not None else not embedded
        self.runner = Runner(page_.flag, page_.now_ms)
        self.ai: dict[int, object] = {}
        self.token = 0
        self.pending_resume: Session | None = None
        self.storage_ok = True
        self.interacted = False
        self.tapped: str | None = None  # the control the current input came through
        self.by_pointer = False  # the last input was a pointer's (else keys): move_flow.py
        self.moves = Moves(self)
        self.hand = HandControl(self)
        self.analysis = AnalysisControl(self)
        self.games = GamesControl(self)
        self.replay = ReplayControl(self, on_leave=self.analysis.stop)
        self.lessons = LessonsControl(self)
        self.stats = StatsControl(self, stats or Stats())
        self.puzzles = PuzzlesControl(self, puzzles or PuzzleRecord())
        self.input = Input(self, self.actions(), InputCalls(
            land_now=self.moves.land_now, close_menu=self.games.close_menu,
            replay_key=self.replay.step_key, play_focused=self.hand.play_focused,
            dialog_open=page_.any_open, press_button=page_.press, warm_sound=self.sound.warm))
        self.tasks = TaskSet(page_.flag, self.moves.pending_frames, self.failed)
        self.tasks.count()

    def actions(self) -> dict[str, Handler]:
        """Every button's action (``data-act``) and its handler: the one table
        (tests/test_web_control.py checks every action a view or the page names is here)."""
        hand, games, replay, lessons = self.hand, self.games, self.replay, self.lessons
        analysis, stats, puzzles = self.analysis, self.stats, self.puzzles
        return {
            "card": hand.do_card, "confirm": hand.do_confirm, "clear": hand.do_clear,
            "sacrifice": hand.do_sacrifice, "hint": hand.do_hint, "takeback": hand.do_takeback,
            "pass-takeback": hand.do_pass_takeback, "pass-show": hand.do_pass_show,
            "continue": hand.do_continue,
            "new": games.do_new, "new-start": games.do_new_start,
            "new-cancel": games.do_new_cancel, "rematch": games.do_rematch,
            "resume-yes": games.do_resume_yes, "resume-no": games.do_resume_no,
            "export": games.do_export, "import": games.do_import, "sound": games.do_sound,
            "menu": games.do_menu, "rules": games.do_rules,
            "replay": replay.do_replay, "replay-go": replay.do_replay_go,
            "replay-exit": replay.do_replay_exit, "share": replay.do_share,
            "share-copy": replay.do_share_copy, "share-close": replay.do_share_close,
            "learn": lessons.do_learn, "lesson-next": lessons.do_lesson_next,
            "lesson-retry": lessons.do_lesson_retry, "lesson-exit": lessons.do_lesson_exit,
            "offer-dismiss": lessons.do_offer_dismiss,
            "analyse": analysis.do_analyse, "analysis-seat": analysis.do_analysis_seat,
            "analysis-cancel": analysis.close, "analysis-close": analysis.close,
            "analysis-show": analysis.do_analysis_show,
            "stats": stats.do_stats, "stats-close": stats.do_stats_close,
            "stats-reset": stats.do_stats_reset,
            "puzzles": puzzles.do_puzzles, "puzzle-hint": puzzles.do_hint,
            "puzzle-solution": puzzles.do_solution, "puzzle-retry": puzzles.do_retry,
            "puzzle-next": puzzles.do_next, "puzzle-share": puzzles.do_share,
            "puzzle-exit": puzzles.do_exit,
        }

    # -- what the page tells us (web/platform/browser_page.py Listener) -----------------------
    def tap(self, tap: Tap) -> None:
        self.input.tap(tap)

    def press(self, press: Press) -> bool:
        return self.input.press(press)

    def pointer(self) -> None:
        self.input.pointer()

    def choose(self, what: str, value: str) -> None:
        {"pace": self.games.on_pace, "theme": self.games.on_theme,
         "lang-select": self.games.on_language, "mode": self.games.on_mode}[what](value)

    def link(self) -> None:
        self.replay.open_shared()  # a share link pasted into the tab

    def picked(self, reading) -> None:
        self.games.picked(reading)

    def escape(self, _dialog: str) -> None:
        self.analysis.close()

    # -- start-up ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Draw the page and start the game, giving the browser the thread back between
        steps (at a phone's speed each takes 20–50 ms: one task, they held the first
        frame for 0.1–0.2 s, issue #52)."""
        self.painter.draw(settings(self.prefs.pace, self.prefs.theme, language()))
        await asyncio.sleep(0)
        saved, bad = (None, False) if self.params.get("fresh") else \
            self.page.load(self.save_key, session_from_save)
        if bad:
            self.notices.append(t("storage.corrupt.save"))
        if saved is not None and not saved.game.is_terminal():
            self.pending_resume = saved  # before the new game can autosave over it
        seed = parse_seed(self.params.get("seed"))
        p = self.prefs
        self.new_game(seed=seed, scenario=self.params.get("scenario"), mode=p.mode,
                      level=p.level, human=p.human, save=False)
        await asyncio.sleep(0)
        if self.params.get("seed") and seed is None:
            self.notices.append(t("seed.invalid", seed=self.params["seed"]))
        if self.notices:
            self.chrome.note(" ".join(self.notices), alert=True)
        self.chrome.ready = True
        self.replay.open_shared()
        lesson = self.lessons.open_param() or self.puzzles.open_param()
        self.chrome.offer = self.first_visit and not self.embedded and not lesson and \
            self.chrome.showing == GAME
        if self.chrome.showing == GAME and not lesson:  # (a puzzle opens a moment later)
            self.offer_resume()
        self.draw_chrome()
        self.page.ready()
        self.tasks.spawn(self.rehearse(self.token))

    async def rehearse(self, token: int) -> None:
        """A move's code run once on a copy (rehearsal.py): the first move costs no more."""
        await asyncio.sleep(REHEARSE_AFTER_S)
        if token != self.token or self.session is None:
            return
        try:
            played = await rehearse(self.session, self.alive(token))
        except Exception as exc:  # the game itself is fine: say so in the console only
            self.page.report("rehearsal failed:", repr(exc))
            return
        self.page.flag("rehearsed", str(played))

    def relabel(self) -> None:
        """Every string again after a language change: static words, then every view."""
        self.painter.draw(settings(self.prefs.pace, self.prefs.theme, language()))
        self.memo = Memo()
        self.render()
        if self.analysis.panel is not None:
            self.analysis.draw()
        self.stats.draw()

    def offer_resume(self) -> None:
        """The saved game is on offer while it waits (at start, after a replay)."""
        if self.pending_resume is not None:
            game = self.pending_resume.game
            self.games.offer_resume(game.round, len(game.history))

    # -- games -----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None, scenario: str | None = None,
                 mode: str = MODE_AI, level: str = "easy", human: int = YAY,
                 save: bool = True) -> None:
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        self.set_session(Session.new(seed, mode, level, human, scenario))
        if save:
            self.autosave()

    def set_session(self, session: Session, hand_over: bool = False) -> None:
        """Show ``session``; ``hand_over``: hands hidden until the device is passed."""
        self.token += 1
        self.moves.drop_landing()
        self.motion.finish_all()
        self.session = session
        self.ai = {seat: levels.make(session.level, seed=session.game.seed * 2 + seat + 1)
                   for seat in (YAY, 1 - YAY) if session.is_computer(seat)}
        self.ui = Ui(viewer=None if hand_over else self.session.first_viewer())
        self.page.close_all()
        self.chrome.note("")
        self.advance()

    def show(self, showing: str, ui: Ui | None = None) -> None:
        """The table shows the game, a replay, a lesson or a puzzle from now on (their own
        state is dropped when it no longer shows); the game's turns wait meanwhile."""
        if showing != GAME:
            self.token += 1
            self.motion.finish_all()
        if showing != REPLAY:
            self.replay.current = None
        if showing != LESSON:
            self.lessons.run = None
        if showing != PUZZLE:
            self.puzzles.run = None
        self.chrome.showing = showing
        self.ui = ui if ui is not None else Ui(viewer=self.session.first_viewer())
        self.page.close_all()
        self.chrome.menu_open = False
        self.chrome.note("")

    def back_to_game(self) -> None:
        """After a replay, a lesson or a puzzle: the game drawn again, its turns go on."""
        self.show(GAME)
        self.render()
        self.advance(render=False)

    def alive(self, token: int) -> Callable[[], bool]:
        return lambda: token == self.token

    def failed(self, exc: BaseException) -> None:
        self.page.report(repr(exc))
        self.message(t("error.internal", error=sentence(str(exc) or type(exc).__name__)),
                     alert=True)

    # -- drawing ------------------------------------------------------------------------------
    def render(self, refocus: bool = True) -> bool:
        """Every view draws the state, the diff applied at once; whether the focused element
        went away (a move, move_flow.py, leaves the focus to a later step: ``refocus``)."""
        t0 = time.perf_counter()
        self.prepare_render()
        lost = self.painter.flush(self.profile)
        if lost and refocus:
            self.focus_play()
        self.profile.lap("takeback+focus")
        self.runner.note("render", time.perf_counter() - t0)
        return lost

    def prepare_render(self) -> None:
        """Every view draws the state; the diff waits in the painter for its ``flush`` (a
        move draws in a task of its own, web/control/move_flow.py)."""
        s = self.shown = self.screen()
        self.profile.lap("screen")
        roots = [*page(s, self.log, self.memo, self.replay.current, self.lessons.run),
                 *self.puzzles.roots(), *self.chrome_roots()]
        self.profile.lap("views")
        self.painter.prepare(roots, self.profile)

    def chrome_roots(self) -> list:
        reason = button_reason(self.session, self.chrome.showing == GAME)
        hint = self.shown is not None and self.shown.acting and self.chrome.showing != LESSON
        return chrome(self.chrome, takeback=reason, hint=hint, sound=self.sound.enabled,
                      hint_note=hint_note(self.shown))

    def draw_chrome(self) -> None:
        """The page around the table only (a message, the menu, Take back)."""
        self.painter.draw(self.chrome_roots())

    def render_opponent(self) -> None:
        """Only the opponent's corner (the computer thinking, its cards lifted)."""
        self.painter.draw(opponent(Screen.build(self.session, self.ui)))

    def screen(self) -> Screen:
        """What the views show: the live game, the replay's position, or a lesson."""
        if self.chrome.showing == REPLAY:
            replay = self.replay.current
            return Screen.build(replay.session(), self.ui, replay)
        if self.chrome.showing == LESSON:
            run = self.lessons.run
            return Screen.build(run.session, self.ui, lesson_done=run.done)
        if self.chrome.showing == PUZZLE:
            puzzle = self.puzzles.run
            return Screen.build(puzzle.session, self.ui, lesson_done=puzzle.over,
                                open_hands=True)
        return Screen.build(self.session, self.ui)

    def advance(self, render: bool = True) -> None:
        """Render, then start whatever comes next: a computer move, a pass screen."""
        s = self.session
        game = s.game
        if render:
            self.render()
        if s.result_pending or game.is_terminal():
            if s.mode == MODE_WATCH and s.result_pending and not game.is_terminal():
                self.tasks.spawn(self.moves.watch_next(self.token))
            return
        for seat in game.to_act():
            if s.is_computer(seat) and s.owes(seat) and seat not in self.ui.busy:
                self.ui.busy.add(seat)
                self.tasks.spawn(self.moves.computer_turn(seat, self.token))
        if s.mode == MODE_HOTSEAT:
            owing = [p for p in game.to_act() if s.owes(p)]
            if owing and self.ui.viewer not in owing:
                self.ui.viewer = None
                self.render()
                self.hand.ask_pass(owing[0], pass_offer(s, owing[0]))

    def focus(self, ident: str | None) -> None:
        self.painter.focus(ident)

    def focus_play(self) -> None:
        """Put focus where the player acts: the hand's current card, else the actions."""
        if not self.interacted or self.page.any_open():
            return
        self.focus(focus_target(self.shown or self.screen()))

    def message(self, text: str, alert: bool = False) -> None:
        self.chrome.note(text, alert)
        self.draw_chrome()

    def announce(self, text: str) -> None:
        if text:
            self.chrome.say(text)
            self.draw_chrome()

    def take_tapped(self) -> str | None:
        """The control this input came through (once: a later, programmatic move has none)."""
        ident, self.tapped = self.tapped, None
        return ident

    def autosave(self) -> None:
        s = self.session
        # While "resume your game?" is open, the saved game is the one on offer: keep it.
        if s is None or s.mode == MODE_WATCH or self.pending_resume is not None:
            return
        ok = self.page.store(self.save_key, None if s.game.is_terminal() else save_text(s))
        if not ok and self.storage_ok:
            self.storage_ok = False
            self.message(t("storage.unavailable"))

    def save_prefs(self) -> None:
        self.page.store(PREFS_KEY, self.prefs.to_text())


__all__ = ["Controller"]
