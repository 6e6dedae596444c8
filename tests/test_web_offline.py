"""The page asks a newer build, once it waits installed, to take over when the page is
idle (web/platform/offline.py ``_hand_over``; sw.js answers with ``skipWaiting()``):
in CPython, with stand-ins for the service worker objects and the idle callback."""

from __future__ import annotations

import asyncio

import pytest

from web.platform import offline

TAKE_OVER = {"type": "tacocat:take-over"}


class Worker:
    def __init__(self, state: str) -> None:
        self.state = state
        self.sent: list[dict] = []
        self.listeners: dict[str, list] = {}

    def postMessage(self, message) -> None:
        self.sent.append(message)

    def addEventListener(self, kind: str, fn) -> None:
        self.listeners.setdefault(kind, []).append(fn)

    def become(self, state: str) -> None:
        self.state = state
        for fn in self.listeners.get("statechange", []):
            fn(None)


class Registration(Worker):
    def __init__(self, waiting=None, installing=None) -> None:
        super().__init__("")
        self.waiting, self.installing = waiting, installing

    def find(self, worker: Worker) -> None:
        self.installing = worker
        for fn in self.listeners.get("updatefound", []):
            fn(None)


class Container:
    def __init__(self, registration) -> None:
        self.registration = registration

    async def getRegistration(self):
        return self.registration


class Window:
    """requestIdleCallback's callbacks wait until the test says the page is idle."""

    def __init__(self) -> None:
        self.idle_callbacks: list = []

    def requestIdleCallback(self, fn, _options) -> None:
        self.idle_callbacks.append(fn)

    def idle(self) -> None:
        callbacks, self.idle_callbacks = self.idle_callbacks, []
        for fn in callbacks:
            fn()


@pytest.fixture
def window(monkeypatch):
    fake = Window()
    monkeypatch.setattr(offline, "window", fake)
    monkeypatch.setattr(offline, "_js_object", lambda data: data)
    monkeypatch.setattr(offline, "_proxy", lambda fn: fn)
    monkeypatch.setattr(offline, "create_once_callable", lambda fn: fn)
    return fake


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_waiting_build_is_asked_once_the_page_is_idle(window):
    async def run():
        waiting = Worker("installed")
        await offline._hand_over(Container(Registration(waiting=waiting)))
        await _settle()
        assert waiting.sent == []  # not while the page is still busy starting
        window.idle()
        await _settle()
        assert waiting.sent == [TAKE_OVER]

    asyncio.run(run())


def test_a_build_found_later_is_asked_once_installed_and_a_failed_one_never(window):
    async def run():
        registration = Registration()
        await offline._hand_over(Container(registration))
        good, broken = Worker("installing"), Worker("installing")
        registration.find(good)
        registration.find(broken)
        window.idle()
        await _settle()
        assert good.sent == broken.sent == []  # installing: nothing to take over yet
        broken.become("redundant")  # its install failed: the working build stays
        good.become("installed")
        await _settle()
        window.idle()
        await _settle()
        assert good.sent == [TAKE_OVER] and broken.sent == []

    asyncio.run(run())


def test_a_build_that_took_over_meanwhile_is_not_asked(window):
    async def run():
        waiting = Worker("installed")
        await offline._hand_over(Container(Registration(waiting=waiting)))
        await _settle()
        waiting.state = "activated"  # the old worker idled out first
        window.idle()
        await _settle()
        assert waiting.sent == []

    asyncio.run(run())


def test_no_registration_no_question(window):
    asyncio.run(offline._hand_over(Container(None)))
    assert window.idle_callbacks == []


def test_a_worker_gone_meanwhile_only_warns(window, monkeypatch):
    warned = []
    monkeypatch.setattr(offline, "_warn", lambda *parts: warned.append(parts))

    class Gone(Worker):
        def postMessage(self, message) -> None:
            raise RuntimeError("InvalidStateError")

    class Unregistered(Container):
        async def getRegistration(self):
            raise RuntimeError("SecurityError")

    async def run():
        await offline._hand_over(Unregistered(None))
        await offline._hand_over(Container(Registration(waiting=Gone("installed"))))
        await _settle()
        window.idle()
        await _settle()

    asyncio.run(run())
    assert [w[0] for w in warned] == ["no service worker registration:",
                                      "cannot ask the new build to take over:"]
