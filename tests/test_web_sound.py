"""web/platform/sound.py: the audio context is made at an idle moment after a gesture, never in the
gesture's own task; a sound asked for before it exists plays when it is made, if still
fresh; an engine's suspended context is resumed in a gesture."""

from __future__ import annotations

import pytest

from tacocat import events as ev
from web.platform import sound as sound_module
from web.platform.sound import LATE_MS, Sound, sound_of


class FakeContext:
    def __init__(self, page: FakeWindow, state: str) -> None:
        self.page = page
        self.state = state
        self.currentTime = 0.0
        self.destination = object()
        self.resumed = 0

    def resume(self) -> None:
        self.resumed += 1
        if self.page.gesture or self.page.sticky:
            self.state = "running"

    def createOscillator(self) -> _Node:
        self.page.tones += 1
        return _Node()

    def createGain(self) -> _Node:
        return _Node()


class _Node:
    def __getattr__(self, _name: str):
        return self

    def __call__(self, *_args) -> _Node:
        return self


class FakeWindow:
    """What Sound reaches: a clock, web/render/patch.js's idle(), AudioContext."""

    def __init__(self, sticky: bool = True, audio: bool = True) -> None:
        self.now = 1000.0
        self.idle_calls: list = []
        self.made: list[FakeContext] = []
        self.tones = 0
        self.gesture = False
        self.sticky = sticky  # Chromium, Firefox: a page that had a gesture may start audio
        self.performance = type("Perf", (), {"now": lambda _self: self.now})()
        self.tacocatPatch = type("Patch", (), {
            "idle": lambda _self, callback, _timeout: self.idle_calls.append(callback)})()
        if audio:
            page = self

            class AudioContext:
                @staticmethod
                def new() -> FakeContext:
                    ctx = FakeContext(page, "running" if page.sticky else "suspended")
                    page.made.append(ctx)
                    return ctx

            self.AudioContext = AudioContext

    def run_idle(self) -> None:
        calls, self.idle_calls = self.idle_calls, []
        for callback in calls:
            callback()


@pytest.fixture
def page(monkeypatch):
    fake = FakeWindow()
    monkeypatch.setattr(sound_module, "window", fake)
    monkeypatch.setattr(sound_module, "create_once_callable", lambda f: f)
    return fake


def test_a_gesture_asks_for_the_context_at_the_next_idle_moment_once(page):
    sound = Sound(enabled=True)
    sound.warm()
    sound.warm()  # pointerdown, then keydown: still one request
    assert page.made == [] and len(page.idle_calls) == 1  # nothing made in the gesture
    page.run_idle()
    assert len(page.made) == 1 and page.tones == 0  # made, and silent: nothing was asked
    sound.warm()
    assert page.idle_calls == []  # made already: no more requests
    sound.play("card")
    assert page.tones == 1  # once made, a move's sound plays in its own task


def test_a_sound_asked_for_before_the_context_plays_when_it_is_made_if_fresh(page):
    sound = Sound(enabled=True)
    sound.play("reveal")
    assert page.made == [] and page.tones == 0
    page.now += LATE_MS / 2
    page.run_idle()
    assert page.tones == 2  # the reveal's two notes

    late = Sound(enabled=True)
    late.play("win")
    page.now += LATE_MS + 1  # a page that was busy: the sound no longer belongs to its move
    page.run_idle()
    assert page.tones == 2 and late.ctx is not None


def test_a_suspended_context_is_resumed_in_the_next_gesture(monkeypatch):
    page = FakeWindow(sticky=False)  # WebKit: audio starts only inside a gesture
    monkeypatch.setattr(sound_module, "window", page)
    monkeypatch.setattr(sound_module, "create_once_callable", lambda f: f)
    sound = Sound(enabled=True)
    sound.warm()
    page.run_idle()
    ctx = page.made[0]
    assert ctx.state == "suspended"
    page.now += LATE_MS + 1
    sound.play("card")
    assert page.tones == 0  # its notes would sound only at the next gesture: dropped
    page.gesture = True
    sound.warm()
    assert ctx.state == "running"
    sound.play("card")
    assert page.tones == 1


def test_off_or_without_web_audio_nothing_is_made_or_asked_again(monkeypatch, page):
    off = Sound(enabled=False)
    off.warm()
    off.play("card")
    assert page.idle_calls == [] and page.made == []

    sound = Sound(enabled=True)
    sound.play("card")
    sound.enabled = False  # turned off before the idle moment came
    page.run_idle()
    assert page.made == []

    bare = FakeWindow(audio=False)  # a frame without Web Audio
    monkeypatch.setattr(sound_module, "window", bare)
    quiet = Sound(enabled=True)
    quiet.warm()
    bare.run_idle()
    quiet.warm()
    quiet.play("card")
    assert bare.idle_calls == []  # asked once, then never again


def test_a_move_sounds_like_its_most_telling_event():
    def event(kind: str):
        return type("E", (), {"kind": kind})()

    assert sound_of([event(ev.ATTACKED), event(ev.GAME_WON)]) == "win"
    assert sound_of([event(ev.DEFENDED), event(ev.SHOWDOWN)]) == "reveal"
    assert sound_of([]) is None
