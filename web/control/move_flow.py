"""The flow of a move, from the tap (or the computer's choice) to the next turn.

A move is split over moments so that no single task carries all of it — on a phone
(4× slower than this machine) the whole of it was one long task per move:

1. **The move's first task** (:meth:`Moves.play`): the positions on screen are read (the
   start of each card's flight), the engine applies the move, and every view draws the new
   position into one patch batch — not yet applied. A player's tap does this in its own
   task, marking the tapped control (``data-chosen``: the card lifts, a button darkens),
   so the next frame answers the tap (:meth:`Moves.play_tapped`); a computer's move starts
   here from its own task.
2. **Right after** — after the tap's answer has painted, or in the next task — the batch
   is applied, the new position's layout read (the one layout it needs) and every
   animation started (FLIP, web/render/motion.py and web/render/patch.js), so the frame
   that follows only paints, with the cards starting from where they were. Before issue
   #52 the batch was applied in one task and the animation measured in the next frame: at
   4× CPU that frame (layout, the motion's Python, the restyle after it) was long in most
   moves. Where a whole move fits in a frame (a fast machine, web/model/tap_policy.py) steps 1
   and 2 run in one task.
3. **After that frame's paint** (:meth:`Moves.settle`): what nobody waits to see — the
   autosave, the Take back button, the announcement and sound, and the next turn (a
   computer move, a pass screen).

A move that starts while the previous one is not yet settled draws and settles that one
first, so the order of moves, saves, announcements and turns never changes; any click or
key does the same (web/control/input_ctrl.py), so input always meets a settled page, and a new
session drops it. While a move waits it counts as one of the page's pending tasks
(``<html data-tasks>``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tacocat import Action, IllegalActionError
from tacocat.actions import ATTACK, DEFEND, DUEL, SACRIFICE
from tacocat.moves import cards_played
from web.model.chrome import LESSON, PUZZLE
from web.model.session import MODE_AI
from web.model.text import Words, sentence
from web.render.motion import Snapshot

if TYPE_CHECKING:
    from web.control.feature_hosts import MovesHost

WATCH_PAUSE_MS = 1500  # a round result stays this long when the computer plays itself
NOW, NEXT_TASK, AFTER_PAINT = "now", "next task", "after paint"  # when a move is drawn


@dataclass
class Landing:
    """A change drawn and animated at once (``animate`` returns how long its animation
    lasts, in ms) and settled after the next frame's paint (``settle``)."""

    token: int
    animate: Callable[[], float]
    settle: Callable[[float], None]
    refocus: bool = False  # the focused element went away: focus the hand again
    draw: Callable[[], None] | None = None  # a move diffed in its task, drawn when it lands
    landed: bool = False
    settled: bool = False
    took: float = 0.0


@dataclass
class Answer:
    """A tap answered at once (its control marked ``data-chosen``, painted in the next
    frame) whose move (``run``) is drawn in a task right after that paint."""

    token: int
    run: Callable[[], None]
    node: str | None  # the tapped control's id, or None
    done: bool = False


class Moves:
    """The move pipeline of one page. ``ctl``, its controller, is the table: the session
    and its page state, the painter and the motion, the page (a frame's paint, the mark on
    a tapped control), the runner and the sound; it draws (render, render_opponent) and
    goes on (advance, autosave, message, announce, focus_play, spawn). The move pipeline is
    the table's own loop: it is the one part of control/ that uses all of it."""

    def __init__(self, ctl: MovesHost) -> None:
        self.ctl = ctl
        self.landing: Landing | None = None
        self.answer: Answer | None = None

    def pending_frames(self) -> int:
        return int(self.landing is not None and not self.landing.settled) + \
            int(self.answer is not None)

    # -- 0. the tap's answer ----------------------------------------------------------------
    def answer_first(self, run: Callable[[], None], node=None) -> None:
        """Answer a tap in the very next frame, then make its move (``run``) in a task
        after that frame's paint — where drawing a move would not fit in a frame
        (web/model/tap_policy.py); else make it at once.

        Drawing a move in the tap's own task made the tap wait for the whole render and
        its layout before anything painted (at 4× CPU, 56–64 ms from a tap to its first
        paint against 32 ms for a tap that only selects a card). Now the tapped control
        lifts or darkens at once (``[data-chosen]``, one attribute), and the move's
        animation starts from where that lifted card is, so the picture runs on as before,
        a frame later, and the tap is answered sooner. Any input, move or new round
        meanwhile makes the move at once first (:meth:`land_now`), so the order of moves
        never changes."""
        self.land_now()
        if not self.ctl.answers.first():  # the move fits in the frame here: draw it at once
            run()
            return
        answer = self.answer = Answer(self.ctl.token, run, node)
        if node is not None:
            self.ctl.painter.applier.mark(node, True)
        self.ctl.tasks.count()
        self.ctl.page.after_paint(lambda: self.answered(answer))

    def answered(self, answer: Answer, make: bool = True) -> None:
        """The answer has painted (or input came first): make the move now, once — or,
        with ``make=False``, drop it with its game."""
        if answer.done:
            return
        answer.done = True
        if answer is self.answer:
            self.answer = None
        self.ctl.tasks.count()
        try:
            if make and answer.token == self.ctl.token:
                answer.run()  # its animation starts from the lifted card (read before)
        finally:
            if answer.node is not None:
                self.ctl.painter.applier.mark(answer.node, False)

    async def watch_next(self, token: int) -> None:
        await asyncio.sleep(max(WATCH_PAUSE_MS, 2 * self.ctl.prefs.pace) / 1000)
        if token == self.ctl.token and self.ctl.session.result_pending:
            self.ctl.hand.do_continue(None)

    async def computer_turn(self, seat: int, token: int) -> None:
        s, ui = self.ctl.session, self.ctl.ui
        alive = self.ctl.alive(token)
        try:
            pace = self.ctl.prefs.pace
            sealed = len(s.game.to_act()) > 1
            if pace and not sealed:
                ui.thinking = seat
                self.ctl.render_opponent()
                await asyncio.sleep(pace * 0.6 / 1000)
            else:
                await asyncio.sleep(0)
            if not alive():
                return
            action = await self.ctl.runner.decide(self.ctl.ai[seat], s.game.observation(seat),
                                              s.level, alive)
            if action is None or not alive():
                return
            lift = self.lifted(seat, action)
            if pace and lift is not None and self.ctl.motion.on:
                ui.thinking = None
                ui.lifted = lift
                self.ctl.render_opponent()
                await asyncio.sleep(pace * 0.4 / 1000)
                if not alive():
                    return
            await asyncio.sleep(0)  # apply + render in a task of their own
            if alive():
                ui.thinking = None
                # still busy while it plays: settling the previous move (in play) must not
                # start this very decision again; this move's own settling comes later
                self.play(seat, action)
        finally:
            if alive():
                ui.busy.discard(seat)
                ui.thinking = None

    def lifted(self, seat: int, action: Action) -> tuple[int, tuple[int, ...], bool] | None:
        """The cards the computer is about to put on the table, for a moment in view (a
        duel card face down)."""
        if action.kind in (ATTACK, DEFEND, SACRIFICE, DUEL):
            played = cards_played(self.ctl.session.game.hands[seat], action)
            return seat, played, action.kind != DUEL
        return None

    # -- 1. the move's first task ---------------------------------------------------------------
    def play_tapped(self, seat: int, action: Action, node=None) -> None:
        """A player's tap (``node``: the control it came through): answered in the next
        frame, its move drawn right after that paint (where a move does not fit in a frame,
        web/model/tap_policy.py); else drawn at once.

        Drawing a move in the tap's own task made the tap wait for the whole render and
        its layout before anything painted (at 4× CPU, 56–64 ms from a tap to its first
        paint against 32 ms for a tap that only selects a card). Now the tapped control
        lifts or darkens at once (``[data-chosen]``, one attribute) while the move is
        worked out, and its animation starts from where that lifted card is."""
        self.land_now()
        if node is not None and self.ctl.answers.first():
            self.ctl.painter.applier.mark(node, True)
            self.play(seat, action, answered=node)
        else:
            self.play(seat, action)

    def play(self, seat: int, action: Action, answered=None) -> None:
        """Make ``seat``'s move; ``answered``: the tapped control marked to answer it (the
        move is drawn once that mark has painted, and the mark then goes)."""
        if self.ctl.chrome.showing == LESSON:
            self.ctl.lessons.play(seat, action)
            return
        if self.ctl.chrome.showing == PUZZLE:
            self.ctl.puzzles.play(seat, action)
            return
        self.land_now()
        s, ui = self.ctl.session, self.ctl.ui
        t0 = time.perf_counter()
        prof = self.ctl.profile
        prof.start()
        prof.count("computer", int(s.is_computer(seat)))
        self.ctl.motion.finish_all()
        before = self.ctl.motion.snapshot(s.game.cat)
        prof.lap("snapshot")
        logged = len(s.log)
        try:
            s.apply(seat, action)
            prof.lap("engine")
        except IllegalActionError as exc:
            prof.finish()
            ui.lifted = None
            self.ctl.message(sentence(str(exc)))
            self.ctl.render()
            return
        if s.game.is_terminal():  # this move ended the game: count it once, now, and drop
            self.ctl.stats.count(s)
            self.ctl.autosave()  # the save with it (never a counted game left to resume)
        ui.selected.clear()
        ui.hint = None
        ui.lifted = None
        if not s.is_computer(seat):  # a message stays until the player it addresses acts
            self.ctl.chrome.offer = False  # playing: the lessons offer has had its chance
            self.ctl.chrome.note("")  # drawn with the move, in its one batch
        # Focus, if the focused card went away, comes back when the move is drawn, before
        # the layout the animation reads anyway (focus() forces style).
        events = s.move_events[-1]
        settle = lambda took: self._settle_move(logged, events, took)  # noqa: E731
        self.ctl.prepare_render()
        self._measured(seat, t0)

        def draw() -> None:
            lost = self.ctl.painter.flush(self.ctl.profile)
            if answered is not None:
                self.ctl.painter.applier.mark(answered, False)
            if lost:
                self.ctl.focus_play()  # the tapped card went away: the hand keeps the focus
        when = AFTER_PAINT if answered is not None else \
            NEXT_TASK if self.ctl.answers.first() else NOW
        self.land_later(lambda: self._animate_move(before), settle, draw=draw, when=when)

    def _measured(self, seat: int, t0: float) -> None:
        spent = time.perf_counter() - t0
        self.ctl.runner.note("apply", spent)
        if not self.ctl.session.is_computer(seat):  # a tap's move: what the next tap costs
            self.ctl.answers.measured(spent * 1000)

    def _animate_move(self, before: Snapshot) -> float:
        prof = self.ctl.profile
        prof.resume()
        game = self.ctl.session.game
        took = self.ctl.motion.play(before, self.ctl.shown.me, game.cat,  # what render() drew
                                [i for i, c in enumerate(game.tiles) if c])
        prof.lap("motion")
        return took

    def _settle_move(self, logged: int, events: list, took: float) -> None:
        prof = self.ctl.profile
        prof.resume()
        self.ctl.autosave()
        prof.lap("save")
        self.report(self.ctl.session.log[logged:], took)
        self.ctl.sound.events(events)
        prof.lap("announce+sound")
        self.ctl.advance(render=False)
        prof.lap("advance")
        prof.finish()

    # -- 2. its animation, in the same task ---------------------------------------------------
    def land_later(self, animate: Callable[[], float], settle: Callable[[float], None],
                   refocus: bool = False, draw: Callable[[], None] | None = None,
                   when: str = "now") -> None:
        """A change is drawn (``draw``, if it waits in the painter) and animated
        (``animate``) ``when``: now, in the next task, or after the next paint; then it
        settles after the paint that follows (``settle``, handed the animation's length in
        ms).

        (Not named ``then``: the controller reaches JavaScript as a proxy, and an object
        with a ``then`` method is a promise to JavaScript — PyScript awaited it.)"""
        landing = self.landing = Landing(self.ctl.token, animate, settle, refocus, draw)
        self.ctl.tasks.count()
        if when == NOW:
            self.land(landing)
        elif when == NEXT_TASK:
            self.ctl.tasks.spawn(self._land_soon(landing))
        else:
            self.ctl.page.after_paint(lambda: self.ctl.tasks.spawn(self._land_soon(landing)))

    async def _land_soon(self, landing: Landing) -> None:
        self.ctl.profile.resume()
        self.land(landing)  # a task of its own (unless input landed it first)

    def land(self, landing: Landing, animate: bool = True) -> None:
        """Draw what waits to be drawn, animate it (before anything paints), then settle
        in a task after the next paint."""
        if landing.landed:
            return
        landing.landed = True
        if landing.draw is not None:  # whatever comes next: a diffed move is drawn first
            landing.draw()
        if landing.token != self.ctl.token:  # a new session came meanwhile: nothing to do
            self.settle(landing)
            return
        try:
            if landing.refocus:  # before the reads: focus() updates style, preventScroll
                self.ctl.focus_play()  # keeps every position where the snapshot saw it
            if animate:
                landing.took = landing.animate()
        finally:  # a failed animation is reported, and the game still goes on
            self.ctl.page.after_paint(lambda: self.ctl.tasks.spawn(self._settle_later(landing)))

    def land_now(self) -> bool:
        """A new move, a new game or a take-back: the move still in flight lands and
        settles now (its animation would be finished at once anyway). Whether anything
        did: then what the page said when the input was read is out of date."""
        changed = self.answer is not None
        if self.answer is not None:  # a tap answered, its move not yet made: make it
            self.answered(self.answer)
        landing = self.landing
        if landing is not None and not landing.settled:
            self.land(landing, animate=False)
            self.settle(landing)
            changed = True
        return changed

    def drop_landing(self) -> None:
        """A new session replaces the game: the move in flight is neither animated nor
        settled (the new session saves and starts its own turns); a tap's move not yet
        made is dropped with its game."""
        if self.answer is not None:
            self.answered(self.answer, make=False)
        landing = self.landing
        if landing is not None:
            landing.landed = landing.settled = True
            self.landing = None
            self.ctl.profile.finish()
        self.ctl.tasks.count()

    # -- 3. after the paint -----------------------------------------------------------------
    async def _settle_later(self, landing: Landing) -> None:
        self.settle(landing)  # a task of its own: it runs after the frame has painted

    def settle(self, landing: Landing) -> None:
        if landing.settled:
            return
        landing.settled = True
        if landing is self.landing:
            self.landing = None
        self.ctl.tasks.count()
        if landing.token == self.ctl.token:
            landing.settle(landing.took)

    def report(self, entries: list, delay_ms: float) -> None:
        """Announce what the other side did (and a round result once it is in view)."""
        s = self.ctl.session
        words = Words(s.mode, s.human)
        own = [e for e in entries if s.mode == MODE_AI and e.seat == s.human
               and e.key != "log.drew"]
        text = " ".join(words.entry(e) for e in entries if e not in own)
        if s.result_pending or s.game.is_terminal():
            self.ctl.tasks.spawn(self.reveal_result(text, delay_ms, self.ctl.token))
        else:
            self.ctl.announce(text)

    async def reveal_result(self, text: str, delay_ms: float, token: int) -> None:
        if delay_ms:
            await asyncio.sleep(delay_ms / 1000)
        if token != self.ctl.token:
            return
        self.ctl.announce(text)
        if self.ctl.interacted and self.ctl.painter.focus_within("me"):
            button = "btn-rematch" if self.ctl.session.game.is_terminal() else "btn-continue"
            if self.ctl.painter.focus(button):  # in sight too, without pushing the table away
                self.ctl.painter.applier.bringIntoView(button)


__all__ = ["Answer", "Landing", "Moves"]
