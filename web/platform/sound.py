"""Short sounds made on the spot with the Web Audio API (no audio files): a card played,
a duel or showdown revealed, the cat's move, a win. Off until the player's first gesture
(browsers require one), off by default inside an article, remembered when toggled.

Making the audio context costs 5-40 ms at 4x CPU (Chromium, one-off probe), so it never
happens in a tap's own frame: the first gesture asks for it at the next idle moment after
the tap's answer and its move are on screen (``warm``; web/render/patch.js ``idle``). Chromium
and Firefox let a page that has had a gesture start audio later (sticky activation); an
engine that made it suspended anyway (WebKit wants a gesture) gets ``resume()`` at the
next gesture, in the gesture itself (< 1 ms). A sound asked for before the context exists
plays when it is made, if that is soon enough to still belong to its move."""

from __future__ import annotations

import contextlib

from tacocat import events as ev
from web.platform.browser import create_once_callable, window

CARD, REVEAL, CAT, WIN = "card", "reveal", "cat", "win"
# what one move sounds like: its most telling event decides
PRIORITY = ((ev.GAME_WON, WIN), (ev.CAT_MOVED, CAT), (ev.SHOWDOWN, REVEAL), (ev.DUEL, REVEAL),
            (ev.ATTACKED, CARD), (ev.DEFENDED, CARD), (ev.SACRIFICED, CARD))
# (frequency Hz, start s, length s, wave, glide to Hz)
NOTES = {
    CARD: ((700, 0.0, 0.05, "triangle", 500),),
    REVEAL: ((440, 0.0, 0.09, "sine", None), (660, 0.08, 0.12, "sine", None)),
    CAT: ((320, 0.0, 0.16, "sine", 640), (640, 0.15, 0.12, "sine", 480)),
    WIN: ((523, 0.0, 0.12, "triangle", None), (659, 0.1, 0.12, "triangle", None),
          (784, 0.2, 0.12, "triangle", None), (1047, 0.3, 0.3, "triangle", None)),
}


def sound_of(events) -> str | None:
    kinds = {e.kind for e in events}
    return next((name for kind, name in PRIORITY if kind in kinds), None)


IDLE_TIMEOUT_MS = 1000  # the context is made by then even on a page that is never idle
LATE_MS = 400  # a sound waiting for the context: played only if asked for this recently


class Sound:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.ctx = None
        self.making = False  # the context is asked for at the next idle moment
        self.absent = False  # this page has no Web Audio: ask no more
        self.wanted: tuple[str, float] | None = None  # (sound, when asked, ms)
        self.made_at = 0.0  # ms

    def warm(self) -> None:
        """At a gesture: have the context made soon, or resume one the engine suspended."""
        if not self.enabled or self.absent:
            return
        if self.ctx is None:
            self._make_soon()
        elif str(self.ctx.state) == "suspended":
            with contextlib.suppress(Exception):  # a locked-down frame: stay silent
                self.ctx.resume()

    def play(self, name: str | None) -> None:
        if not self.enabled or name is None or self.absent:
            return
        if self.ctx is None:  # not made yet: not in this task
            self.wanted = (name, float(window.performance.now()))
            self._make_soon()
            return
        self._start(name)

    def _make_soon(self) -> None:
        if not self.making:
            self.making = True
            window.tacocatPatch.idle(create_once_callable(self._made), IDLE_TIMEOUT_MS)

    def _made(self, *_args) -> None:
        self.making = False
        wanted, self.wanted = self.wanted, None
        if not self.enabled or self.ctx is not None:
            return
        try:
            maker = getattr(window, "AudioContext", None) or getattr(
                window, "webkitAudioContext", None)
            if maker is None:
                self.absent = True
                return
            # Not resumed here: outside a gesture WebKit refuses (a rejected promise, which
            # nothing would handle); the next gesture resumes it (warm). Chromium and
            # Firefox start it on their own.
            self.ctx = maker.new()
        except Exception:  # no audio here (a locked-down frame): stay silent
            self.absent = True
            return
        self.made_at = float(window.performance.now())
        if wanted is not None and float(window.performance.now()) - wanted[1] <= LATE_MS:
            self._start(wanted[0])

    def _start(self, name: str) -> None:
        ctx = self.ctx
        if str(ctx.state) == "suspended" and \
                float(window.performance.now()) - self.made_at > LATE_MS:
            return  # waiting for a gesture to resume it (warm): its notes would come late
        now = float(ctx.currentTime)
        for freq, start, length, wave, glide in NOTES[name]:
            osc = ctx.createOscillator()
            gain = ctx.createGain()
            osc.type = wave
            t0, t1 = now + start, now + start + length
            osc.frequency.setValueAtTime(freq, t0)
            if glide:
                osc.frequency.exponentialRampToValueAtTime(glide, t1)
            gain.gain.setValueAtTime(0.0001, t0)
            gain.gain.exponentialRampToValueAtTime(0.12, t0 + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, t1)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(t0)
            osc.stop(t1 + 0.02)

    def events(self, events) -> None:
        self.play(sound_of(events))
