"""Short sounds made on the spot with the Web Audio API (no audio files): a card played,
a duel or showdown revealed, the cat's move, a win. Off until the player's first gesture
(browsers require one), off by default inside an article, remembered when toggled.

Creating the audio context costs tens of milliseconds, so it never happens inside a move's
task: it is made in a task of its own at the player's first gesture (``warm``), and a sound
asked for before that plays a moment later, from such a task."""

from __future__ import annotations

from tacocat import events as ev

from .browser import create_once_callable, window

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


class Sound:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.ctx = None

    def _context(self):
        if self.ctx is None:
            maker = getattr(window, "AudioContext", None) or getattr(
                window, "webkitAudioContext", None)
            if maker is None:
                return None
            self.ctx = maker.new()
        if str(self.ctx.state) == "suspended":
            self.ctx.resume()
        return self.ctx

    def warm(self) -> None:
        """At a gesture: make the audio context soon, in a task of its own."""
        if self.enabled and self.ctx is None:
            window.setTimeout(create_once_callable(lambda *_: self._start(None)), 0)

    def play(self, name: str | None) -> None:
        if not self.enabled or name is None:
            return
        if self.ctx is None:  # not warmed yet: not in this task
            window.setTimeout(create_once_callable(lambda *_: self._start(name)), 0)
            return
        self._start(name)

    def _start(self, name: str | None) -> None:
        if not self.enabled:
            return
        try:
            ctx = self._context()
        except Exception:  # no audio here (a locked-down frame): stay silent
            return
        if ctx is None or name is None:
            return
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
