"""The page's controller: input becomes engine actions, engine events become renders and
animations. It owns the session and the page state (:class:`web.model.screen.Ui`); the views
only draw what they are handed, and the engine alone decides what is legal.

    click / key ─▶ Controller.do_* ─▶ Session.apply ─▶ events ─▶ log + table model
                                                          │
            Motion.play (FLIP) ◀─ views.render(Screen) ◀──┘ ─▶ live region, next turn
"""

from __future__ import annotations

import asyncio
import random
import time

from tacocat import YAY
from web.control.analysis_ctrl import AnalysisControl
from web.control.computer import Runner
from web.control.games_ctrl import GamesControl
from web.control.hand_ctrl import HandControl
from web.control.input_ctrl import SHORTCUTS, Input, handler_table
from web.control.lessons_ctrl import LessonsControl
from web.control.move_flow import Moves
from web.control.rehearsal import rehearse
from web.control.replay_ctrl import ReplayControl
from web.control.stats_ctrl import StatsControl
from web.formats.prefs import Prefs, parse_seed
from web.formats.stats_store import Stats
from web.i18n.catalog import has, set_language, t
from web.model import levels
from web.model.screen import Screen, Ui
from web.model.session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, Session
from web.model.takeback import pass_offer
from web.model.tap_policy import AnswerPolicy
from web.model.text import sentence
from web.platform import embed, offline, storage
from web.platform.browser import document, window
from web.platform.dialog_boxes import Dialogs
from web.platform.dom import (
    active_element,
    apply_theme,
    by_id,
    focus,
    on,
    params,
    proxy,
    query,
    query_all,
)
from web.platform.language import language, language_switcher
from web.platform.sound import Sound
from web.render.motion import Motion
from web.render.paint import Painter
from web.render.profile import Profile
from web.render.vdom import Memo
from web.views.dialog_view import key_help, pace_choices, theme_choices
from web.views.hand_view import opponent
from web.views.log_view import LogLines
from web.views.page_view import page

# the rehearsal starts after the first frames of the table have painted
REHEARSE_AFTER_S = 0.15


class Controller:
    """One page's game. Its features are objects it holds, each with its buttons
    (``do_*``) and a small interface said in its module: ``moves`` (the move pipeline),
    ``hand``, ``games``, ``replay``, ``lessons``, ``analysis``, ``stats``; ``input``
    dispatches clicks and keys to them."""

    def __init__(self) -> None:
        self.params = params()
        # answer a tap first? (web/control/move_flow.py)
        self.answers = AnswerPolicy.from_param(self.params.get("answer"))
        set_language(language())
        self.embedded = embed.is_embedded()
        # an embedded game keeps its own save, so it never overwrites the main site's
        self.save_key = storage.SAVE_KEY + (".embed" if self.embedded else "")
        self.notices: list[str] = []
        prefs, bad = storage.read(storage.PREFS_KEY, Prefs.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.prefs"))
        self.prefs = prefs or Prefs()
        self.prefs.update(self.params)  # ?pace= ?level= ?mode= for this visit only
        apply_theme(self.prefs.theme)  # as index.html's first script did, from the same prefs
        stats, bad = storage.read(storage.STATS_KEY, Stats.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.stats"))
        stats = stats or Stats()
        self.session: Session | None = None
        self.ui = Ui()
        self.painter = Painter()
        self.profile = Profile()  # one move's phases, for bench/web_play.py
        self.memo = Memo()  # views whose inputs did not change are not built again
        self.log = LogLines()
        self.shown: Screen | None = None  # the screen render() drew last
        self.first_visit = prefs is None and not bad
        self.dialogs = Dialogs(levels.LEVELS, self.painter.draw)
        self.motion = Motion()
        self.motion.set_pace(self.prefs.pace)
        self.sound = Sound(self.prefs.sound if self.prefs.sound is not None
                           else not self.embedded)
        self.runner = Runner()
        self.ai: dict[int, object] = {}
        self.token = 0
        self.tasks: set = set()
        self.pending_resume: Session | None = None
        self.storage_ok = True
        self.interacted = False
        self.tapped = None  # the control the current input came through (input_ctrl.py)
        self.by_pointer = False  # the last input was a pointer's (else keys): move_flow.py
        self.moves = Moves(self)
        self.hand = HandControl(self)
        self.games = GamesControl(self)
        self.replay = ReplayControl(self)
        self.lessons = LessonsControl(self)
        self.analysis = AnalysisControl(self)
        self.stats = StatsControl(self, stats)
        self.input = Input(self, handler_table([self.hand, self.games, self.replay,
                                                self.lessons, self.analysis, self.stats]))
        self.count_tasks()

    # -- start-up ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Draw the page and start the game, giving the browser the thread back between
        steps (at a phone's speed each takes 20–50 ms: one task, they held the first
        frame for 0.1–0.2 s, issue #52)."""
        self.apply_static_text()
        await asyncio.sleep(0)
        saved, bad = (None, False) if self.params.get("fresh") else \
            storage.read(self.save_key, Session.from_save_text)
        if bad:
            self.notices.append(t("storage.corrupt.save"))
        if saved is not None and not saved.game.is_terminal():
            self.pending_resume = saved  # before the new game can autosave over it
        seed = parse_seed(self.params.get("seed"))
        p = self.prefs
        self.new_game(seed=seed, scenario=self.params.get("scenario"), mode=p.mode,
                      level=p.level, human=p.human, save=False)
        self.bind()
        await asyncio.sleep(0)
        if self.params.get("seed") and seed is None:
            self.notices.append(t("seed.invalid", seed=self.params["seed"]))
        if self.notices:
            self.message(" ".join(self.notices), alert=True)
        for node in query_all("[data-needs-python]"):
            node.removeAttribute("disabled")
        by_id("loading").hidden = True
        document.body.classList.remove("booting")
        self.replay.open_shared()
        lesson = self.lessons.open_param()
        if self.first_visit and not self.embedded and not lesson and \
                self.replay.current is None:
            by_id("offer").hidden = False
        if self.replay.current is None and not lesson:
            self.offer_resume()
        await asyncio.sleep(0)
        self.start_shell()
        root = document.documentElement
        root.dataset.readyMs = str(round(window.performance.now()))
        root.dataset.ready = "1"
        self.spawn(self.rehearse(self.token))

    async def rehearse(self, token: int) -> None:
        """Once the table is on screen, run a move's code once on a copy of the game
        (web/control/rehearsal.py), so the player's first move costs what later ones do."""
        await asyncio.sleep(REHEARSE_AFTER_S)
        if token != self.token or self.session is None:
            return
        try:
            played = await rehearse(self.session, self.alive(token))
        except Exception as exc:  # the game itself is fine: say so in the console only
            window.console.error("tacocat: rehearsal failed:", repr(exc))
            return
        document.documentElement.dataset.rehearsed = str(played)

    def apply_static_text(self) -> None:
        document.documentElement.lang = t("lang.code") if has("lang.code") else "en"
        for node in query_all("[data-i18n]"):
            node.textContent = t(node.getAttribute("data-i18n"))
        for attr in ("aria-label", "title", "placeholder"):
            for node in query_all(f"[data-i18n-{attr}]"):
                node.setAttribute(attr, t(node.getAttribute(f"data-i18n-{attr}")))
        self.painter.draw([*key_help(SHORTCUTS), *pace_choices("pace", self.prefs.pace),
                           *theme_choices("theme", self.prefs.theme)])

    def relabel(self, _code: str | None = None) -> None:
        """Re-render every string after the language changed: the page's static text,
        then every view through the diff, as any render (the drawn regions carry no
        ``data-i18n``; a view kept by the memo is built again, in the new words)."""
        self.apply_static_text()
        self.memo = Memo()
        self.render()
        if self.analysis.panel is not None:
            self.analysis.draw()
        self.stats.draw()

    def start_shell(self) -> None:
        """The language switcher, the embed layout and the offline cache (once; the
        page's ``lang`` is set by :meth:`apply_static_text`, which runs first)."""
        slot = by_id("lang-slot") or query(".toolbar")
        if slot:
            slot.appendChild(language_switcher(self.relabel))
        offline.start(self.params, self.embedded)
        if self.embedded:
            embed.start()
            rules = by_id("rules")
            if rules:  # the article around the game already explains the rules
                rules.open = False

    def offer_resume(self) -> None:
        """The saved game is on offer while it waits (at start, after a replay)."""
        if self.pending_resume is not None:
            game = self.pending_resume.game
            self.dialogs.offer_resume(game.round, len(game.history))

    def bind(self) -> None:
        on(document, "click", self.input.on_click)
        on(document, "keydown", self.input.on_key)
        on(document, "pointerdown", self.input.on_pointer)
        on(window, "hashchange", lambda _e: self.replay.open_shared())  # a link pasted into the tab
        # The per-move profile, read by bench/web_play.py once a game is over (encoding it
        # at every move cost the page a growing JSON and an attribute write per move).
        window.tacocatProfile = proxy(self.profile.to_json)
        on(by_id("pace"), "change", self.games.on_pace)
        on(by_id("theme"), "change", self.games.on_theme)
        on(by_id("import-file"), "change", self.games.on_import)

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
        """Show ``session`` from now on; ``hand_over``: hide the hands until the device has
        been passed (a hot-seat take-back)."""
        self.token += 1
        self.moves.drop_landing()
        self.motion.finish_all()
        self.session = session
        self.ai = {seat: levels.make(session.level, seed=session.game.seed * 2 + seat + 1)
                   for seat in (YAY, 1 - YAY) if session.is_computer(seat)}
        self.ui = Ui(viewer=None if hand_over else self.first_viewer())
        self.dialogs.close_all()
        self.message("")
        self.advance()

    def first_viewer(self) -> int | None:
        s = self.session
        if s.mode == MODE_AI:
            return s.human
        if s.mode == MODE_WATCH:
            return None
        owing = [p for p in s.game.to_act() if s.owes(p)]
        return owing[0] if owing else YAY

    def alive(self, token: int):
        return lambda: token == self.token

    def spawn(self, coro) -> None:
        """Run ``coro`` as a task; a failure is reported, never silently dropped."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        self.count_tasks()
        task.add_done_callback(self._task_done)

    def count_tasks(self) -> None:
        """``<html data-tasks>``: how many of the page's own tasks (a computer's turn, a
        pause, a delayed result) are still to run. "0" means nothing more will happen
        until the player acts — a fact tests wait for instead of sleeping."""
        document.documentElement.dataset.tasks = str(len(self.tasks) + self.moves.pending_frames())

    def _task_done(self, task) -> None:
        self.tasks.discard(task)
        self.count_tasks()
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            window.console.error("tacocat:", repr(exc))
            self.message(t("error.internal", error=sentence(str(exc) or type(exc).__name__)),
                         alert=True)

    # -- the flow of play -----------------------------------------------------------------------
    def render(self, takeback: bool = True, refocus: bool = True) -> bool:
        """Every view draws the screen; the diff of all their trees is applied at once.
        A move (web/control/move_flow.py) leaves the Take back button (``takeback=False``)
        and the focus (``refocus=False``) to later steps. Returns whether the focused element
        went away."""
        t0 = time.perf_counter()
        had_focus = active_element()
        self.prepare_render()
        self.painter.flush(self.profile)
        if takeback:
            self.hand.render_takeback()
        lost = had_focus is not None and not had_focus.isConnected
        if lost and refocus:
            self.focus_play()
        self.profile.lap("takeback+focus")
        self.runner.note("render", time.perf_counter() - t0)
        return lost

    def prepare_render(self) -> None:
        """Every view draws the screen and the diff of all their trees waits in the painter
        (:meth:`web.render.paint.Painter.flush` applies it: a move draws in a task of its
        own, web/control/move_flow.py)."""
        s = self.shown = self.screen()
        self.profile.lap("screen")
        roots = page(s, self.log, self.memo, self.replay.current, self.lessons.run,
                     self.sound.enabled)
        self.profile.lap("views")
        self.painter.prepare(roots, self.profile)

    def render_opponent(self) -> None:
        """Only the opponent's corner (the computer thinking, its cards lifted)."""
        self.painter.draw(opponent(Screen.build(self.session, self.ui)))

    def screen(self) -> Screen:
        """What the views show: the live game, the replay's position, or a lesson."""
        replay, run = self.replay.current, self.lessons.run
        if replay is not None:
            return Screen.build(replay.session(), self.ui, replay)
        if run is not None:
            return Screen.build(run.session, self.ui, lesson_done=run.done)
        return Screen.build(self.session, self.ui)

    def advance(self, render: bool = True) -> None:
        """Render, then start whatever comes next: a computer move, a pass screen."""
        s = self.session
        game = s.game
        if render:
            self.render()
        if s.result_pending or game.is_terminal():
            if s.mode == MODE_WATCH and s.result_pending and not game.is_terminal():
                self.spawn(self.moves.watch_next(self.token))
            return
        for seat in game.to_act():
            if s.is_computer(seat) and s.owes(seat) and seat not in self.ui.busy:
                self.ui.busy.add(seat)
                self.spawn(self.moves.computer_turn(seat, self.token))
        if s.mode == MODE_HOTSEAT:
            owing = [p for p in game.to_act() if s.owes(p)]
            if owing and self.ui.viewer not in owing:
                self.ui.viewer = None
                self.render()
                offer = pass_offer(s, owing[0])
                self.dialogs.ask_pass(owing[0], offer)

    # -- focus, messages -----------------------------------------------------------------------
    def focus_play(self) -> None:
        """Put focus where the player acts: the hand's current card, else the actions."""
        if not self.interacted or self.dialogs.any_open():
            return
        cards = self.painter.cards()
        if cards:
            focus(cards[min(self.ui.focus, len(cards) - 1)])
            return
        focus(query("#result button") or query("#actions button"))

    def message(self, text: str, alert: bool = False) -> None:
        node = by_id("message")
        node.textContent = text
        node.hidden = not text
        node.classList.toggle("alert", alert)

    def announce(self, text: str) -> None:
        if text:
            by_id("announce").textContent = text

    def take_tapped(self):
        """The control this input came through (once: a later, programmatic move has none)."""
        node, self.tapped = self.tapped, None
        return node

    def autosave(self) -> None:
        s = self.session
        # While "resume your game?" is open, the saved game is the one on offer: keep it.
        if s is None or s.mode == MODE_WATCH or self.pending_resume is not None:
            return
        ok = storage.write(self.save_key, None if s.game.is_terminal() else s.save_text())
        if not ok and self.storage_ok:
            self.storage_ok = False
            self.message(t("storage.unavailable"))

    def save_prefs(self) -> None:
        storage.write(storage.PREFS_KEY, self.prefs.to_text())
