"""The page's controller: input becomes engine actions, engine events become renders and
animations. It owns the session and the page state (:class:`web.screen.Ui`); the views
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

from . import keys, players, shell, storage, warmup
from .answer import AnswerPolicy
from .browser import document, window
from .commands import Commands
from .computer import Runner
from .dom import active_element, by_id, focus, on, proxy, query, query_all
from .i18n import has, set_language, t
from .lessons import Run
from .motion import Motion
from .paint import Painter
from .prefs import Prefs, parse_seed
from .profile import Profile
from .replay import Replay
from .screen import Screen, Ui
from .session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, Session
from .sound import Sound
from .stats import Stats
from .takeback import pass_offer
from .text import sentence
from .turns import Turns
from .vdom import Memo
from .views.dialogs import Dialogs, fill_paces
from .views.log import LogLines
from .views.opponent import opponent
from .views.page import page

# the rehearsal starts after the first frames of the table have painted
REHEARSE_AFTER_S = 0.15


class Controller(Turns, Commands):
    def __init__(self) -> None:
        self.params = shell.params()
        self.answers = AnswerPolicy.from_param(self.params.get("answer"))  # web/turns.py
        set_language(shell.language())
        self.embedded = shell.is_embedded()
        # an embedded game keeps its own save, so it never overwrites the main site's
        self.save_key = storage.SAVE_KEY + (".embed" if self.embedded else "")
        self.notices: list[str] = []
        prefs, bad = storage.read(storage.PREFS_KEY, Prefs.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.prefs"))
        self.prefs = prefs or Prefs()
        self.prefs.update(self.params)  # ?pace= ?level= ?mode= for this visit only
        stats, bad = storage.read(storage.STATS_KEY, Stats.from_text)
        if bad:
            self.notices.append(t("storage.corrupt.stats"))
        self.stats = stats or Stats()
        self.session: Session | None = None
        self.ui = Ui()
        self.painter = Painter()
        self.profile = Profile()  # one move's phases, for bench/web_play.py
        self.memo = Memo()  # views whose inputs did not change are not built again
        self.hand = self.painter  # the hand's drawn cards: self.hand.cards()
        self.log = LogLines()
        self.replay: Replay | None = None
        self.shown: Screen | None = None  # the screen render() drew last
        self.lesson: Run | None = None
        self.first_visit = prefs is None and not bad
        self.dialogs = Dialogs(players.LEVELS)
        self.motion = Motion()
        self.motion.set_pace(self.prefs.pace)
        self.sound = Sound(self.prefs.sound if self.prefs.sound is not None
                           else not self.embedded)
        self.runner = Runner()
        self.ai: dict[int, object] = {}
        self.token = 0
        self.tasks: set = set()
        self._count_tasks()
        self.pending_resume: Session | None = None
        self.storage_ok = True
        self.interacted = False
        self.tapped = None  # the control the current input came through (web/commands.py)
        self.by_pointer = False  # the last input was a pointer's (else keys): web/turns.py

    # -- start-up ---------------------------------------------------------------------------
    def start(self) -> None:
        self.apply_static_text()
        fill_paces(by_id("pace"), self.prefs.pace)
        self.bind()
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
        if self.params.get("seed") and seed is None:
            self.notices.append(t("seed.invalid", seed=self.params["seed"]))
        if self.notices:
            self.message(" ".join(self.notices), alert=True)
        for node in query_all("[data-needs-python]"):
            node.removeAttribute("disabled")
        by_id("loading").hidden = True
        document.body.classList.remove("booting")
        self.open_shared()
        lesson = self.open_lesson_param()
        if self.first_visit and not self.embedded and not lesson and self.replay is None:
            by_id("offer").hidden = False
        if self.pending_resume is not None and self.replay is None and not lesson:
            game = self.pending_resume.game
            self.dialogs.offer_resume(game.round, len(game.history))
        shell.init(on_language_change=self.relabel)
        root = document.documentElement
        root.dataset.readyMs = str(round(window.performance.now()))
        root.dataset.ready = "1"
        self.spawn(self.rehearse(self.token))

    async def rehearse(self, token: int) -> None:
        """Once the table is on screen, run a move's code once on a copy of the game
        (web/warmup.py), so the player's first move costs what later ones do."""
        await asyncio.sleep(REHEARSE_AFTER_S)
        if token != self.token or self.session is None:
            return
        try:
            played = await warmup.rehearse(self.session, self.alive(token))
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
        keys.render_help()

    def relabel(self, _code: str | None = None) -> None:
        """Re-render every string after the language changed."""
        self.apply_static_text()
        fill_paces(by_id("pace"), self.prefs.pace)
        self.painter.reset()  # apply_static_text rewrote some drawn regions' text
        self.render()

    def bind(self) -> None:
        on(document, "click", self.on_click)
        on(document, "keydown", self.on_key)
        on(document, "pointerdown", self.on_pointer)
        on(window, "hashchange", lambda _e: self.open_shared())  # a link pasted into the tab
        # The per-move profile, read by bench/web_play.py once a game is over (encoding it
        # at every move cost the page a growing JSON and an attribute write per move).
        window.tacocatProfile = proxy(self.profile.to_json)
        on(by_id("pace"), "change", self.on_pace)
        on(by_id("import-file"), "change", self.on_import)

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
        self.drop_landing()
        self.motion.finish_all()
        self.session = session
        self.ai = {seat: players.make(session.level, seed=session.game.seed * 2 + seat + 1)
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
        self._count_tasks()
        task.add_done_callback(self._task_done)

    def _count_tasks(self) -> None:
        """``<html data-tasks>``: how many of the page's own tasks (a computer's turn, a
        pause, a delayed result) are still to run. "0" means nothing more will happen
        until the player acts — a fact tests wait for instead of sleeping."""
        document.documentElement.dataset.tasks = str(len(self.tasks) + self.pending_frames())

    def _task_done(self, task) -> None:
        self.tasks.discard(task)
        self._count_tasks()
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            window.console.error("tacocat:", repr(exc))
            self.message(t("error.internal", error=sentence(str(exc) or type(exc).__name__)),
                         alert=True)

    # -- the flow of play -----------------------------------------------------------------------
    def render(self, takeback: bool = True, refocus: bool = True) -> bool:
        """Every view draws the screen; the diff of all their trees is applied at once.
        A move (web/turns.py) leaves the Take back button (``takeback=False``) and the focus
        (``refocus=False``) to later steps. Returns whether the focused element went away."""
        t0 = time.perf_counter()
        prof = self.profile
        had_focus = active_element()
        s = self.shown = self.screen()
        prof.lap("screen")
        roots = page(s, self.log, self.memo, self.replay, self.lesson, self.sound.enabled)
        prof.lap("views")
        self.painter.draw(roots, prof)
        if takeback:
            self.render_takeback()
        lost = had_focus is not None and not had_focus.isConnected
        if lost and refocus:
            self.focus_play()
        prof.lap("takeback+focus")
        self.runner.note("render", time.perf_counter() - t0)
        return lost

    def render_opponent(self) -> None:
        """Only the opponent's corner (the computer thinking, its cards lifted)."""
        self.painter.draw(opponent(Screen.build(self.session, self.ui)))

    def screen(self) -> Screen:
        """What the views show: the live game, the replay's position, or a lesson."""
        if self.replay is not None:
            return Screen.build(self.replay.session(), self.ui, self.replay)
        if self.lesson is not None:
            return Screen.build(self.lesson.session, self.ui, lesson_done=self.lesson.done)
        return Screen.build(self.session, self.ui)

    def advance(self, render: bool = True) -> None:
        """Render, then start whatever comes next: a computer move, a pass screen."""
        s = self.session
        game = s.game
        if render:
            self.render()
        if s.result_pending or game.is_terminal():
            if s.mode == MODE_WATCH and s.result_pending and not game.is_terminal():
                self.spawn(self.watch_next(self.token))
            return
        for seat in game.to_act():
            if s.is_computer(seat) and s.owes(seat) and seat not in self.ui.busy:
                self.ui.busy.add(seat)
                self.spawn(self.computer_turn(seat, self.token))
        if s.mode == MODE_HOTSEAT:
            owing = [p for p in game.to_act() if s.owes(p)]
            if owing and self.ui.viewer not in owing:
                self.ui.viewer = None
                self.render()
                offer = pass_offer(s, owing[0])
                self.dialogs.ask_pass(owing[0], offer.seat)
                self.pass_note(offer)

    # -- focus, messages -----------------------------------------------------------------------
    def focus_play(self) -> None:
        """Put focus where the player acts: the hand's current card, else the actions."""
        if not self.interacted or self.dialogs.any_open():
            return
        cards = self.hand.cards()
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
