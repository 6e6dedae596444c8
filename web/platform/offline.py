"""The page's side of the service worker (sw.js): register it, learn which build serves
the page once its offline cache is complete (``<html data-sw="<version>">``), and show a
newer build when one takes over.

A newer build can take over at any moment of a visit, also while the page is still asking
the old worker for its version (a worker answers only once its cache is complete, which
can take a while). So the ``controllerchange`` listener is in place before the first
``await``, and a question to a worker that stops controlling the page is dropped and put
again to the new one: a change is never missed (e2e/test_offline.py holds the old
worker's answer until the new build has taken over).
"""

from __future__ import annotations

import asyncio

from web.platform.browser import create_once_callable, create_proxy, document, to_js, window
from web.platform.dom import js_obj as _js_object
from web.platform.dom import proxy as _proxy
from web.platform.dom import py as _py

SW_URL = "sw.js"  # relative to the page: the service worker's scope is the game's folder
VERSION_TIMEOUT_S = 300.0  # only catches a worker that never answers (see _ask_version)

_tasks: set = set()  # keep background tasks alive
_state: dict = {"interacted": False, "wanted": None}  # wanted: the deferred query


def _spawn(coroutine) -> None:
    """Run in the background, kept alive until done."""
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def _warn(*parts: object) -> None:
    window.console.warn("tacocat:", *[str(p) for p in parts])


def mark_interaction() -> None:
    """The player touched the game: from now on a new build waits for the next visit. In
    an article (see :func:`defer`), this is when the offline copy is fetched."""
    _state["interacted"] = True
    if _state["wanted"] is not None:
        query, _state["wanted"] = _state["wanted"], None
        register(query)


def defer(query: dict[str, str]) -> None:
    """Register the worker only at the first interaction (an embed: the offline copy is
    the whole runtime again, fetched only once the reader plays)."""
    _state["wanted"] = dict(query)
    document.documentElement.dataset.sw = "deferred"


async def _ask_version(worker, timeout: float = VERSION_TIMEOUT_S) -> dict:
    """The worker's {version, previous, activatedAt}. It answers once its offline cache is
    complete (sw.js), which on a first visit waits for the files still downloading: hence
    a limit that only catches a worker that never answers."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()
    channel = window.MessageChannel.new()

    def on_message(event) -> None:
        if not future.done():
            future.set_result(event.data.to_py())

    proxy = create_proxy(on_message)
    channel.port1.onmessage = proxy
    try:
        worker.postMessage(_js_object({"type": "tacocat:version"}), to_js([channel.port2]))
        return await asyncio.wait_for(future, timeout)
    finally:
        channel.port1.close()
        proxy.destroy()


class _Watch:
    """The controller changes of one page, heard from before its first ``await``."""

    def __init__(self, container) -> None:
        self.container = container
        self.changed = asyncio.Event()
        self.on_change = None  # set once the first version is known

        def listener(_event) -> None:
            self.changed.set()
            if self.on_change is not None:
                _spawn(self.on_change())

        container.addEventListener("controllerchange", _proxy(listener))

    async def controller(self, timeout: float = 30.0) -> None:
        """Wait until a worker controls the page (a first visit: clients.claim())."""
        if not self.container.controller:
            await asyncio.wait_for(self.changed.wait(), timeout)

    async def version(self) -> dict:
        """The controlling worker's answer; if another worker takes over before (or
        as) it answers, the new one's."""
        while True:
            self.changed.clear()
            ask = asyncio.ensure_future(_ask_version(self.container.controller))
            change = asyncio.ensure_future(self.changed.wait())
            await asyncio.wait({ask, change}, return_when=asyncio.FIRST_COMPLETED)
            change.cancel()
            if ask.done() and not self.changed.is_set():
                return ask.result()
            ask.cancel()  # asked a worker that no longer controls the page: ask the new one


def _updated_while_loading() -> None:
    """A newer build took over after this page was loaded from the older one. Show it now
    if the player has not touched the game yet; otherwise the next visit shows it."""
    document.documentElement.dataset.swUpdated = "1"
    if not _state["interacted"]:
        window.location.reload()


async def _watch_worker() -> None:
    container = window.navigator.serviceWorker
    had_controller = bool(container.controller)
    watch = _Watch(container)  # before any await: no controllerchange is missed
    # A controlled page is registered already (its navigation checks for a new build).
    # register() would queue behind that check: in Chromium, offline, it then waited
    # longer than a whole game, and the page never asked its worker (e2e/test_offline.py).
    if not had_controller:
        registration = await container.register(SW_URL, _js_object({"updateViaCache": "none"}))
        if not registration:  # refused without an error (a test browser's "block")
            raise RuntimeError("service worker registration refused")
        await container.ready
        await watch.controller()
    info = await watch.version()
    root = document.documentElement
    started = float(window.performance.timeOrigin)
    if had_controller and info.get("previous") and info.get("activatedAt", 0) > started:
        _updated_while_loading()
        if not _state["interacted"]:
            return
    root.dataset.sw = str(info.get("version", ""))

    async def after_change() -> None:
        try:
            new = await watch.version()
        except Exception as exc:  # the worker went away (unregistered) or never answered
            _warn("cannot ask the new service worker:", exc)
            return
        if new.get("version") != root.dataset.sw:
            _updated_while_loading()
            if _state["interacted"]:  # else the page is reloading
                root.dataset.sw = str(new.get("version", ""))

    watch.on_change = after_change
    _spawn(_hand_over(container))


def _idle():
    """Done when the page's main thread is next idle: its start-up rendering, and the
    requests it makes, are over (at most 2 s; WebKit has no idle callback: 0.5 s)."""
    future = asyncio.get_running_loop().create_future()

    def done(*_args) -> None:
        if not future.done():
            future.set_result(None)

    callback = create_once_callable(done)
    if getattr(window, "requestIdleCallback", None) is not None:
        window.requestIdleCallback(callback, _js_object({"timeout": 2000}))
    else:
        window.setTimeout(callback, 500)
    return future


async def _ask_to_take_over(worker) -> None:
    await _idle()
    try:
        if worker.state == "installed":
            worker.postMessage(_js_object({"type": "tacocat:take-over"}))
    except Exception as exc:  # it went away meanwhile: it takes over on its own, or never
        _warn("cannot ask the new build to take over:", exc)


async def _hand_over(container) -> None:
    """Ask a newer build, once it is installed and waiting, to take over now, when this
    page is idle (sw.js says why install's own ``skipWaiting()`` may leave it waiting). It
    then takes over at once, and the page shows it (see ``after_change``)."""
    try:
        registration = _py(await container.getRegistration())
    except Exception as exc:  # the worker was unregistered meanwhile (?sw=0 in another tab)
        _warn("no service worker registration:", exc)
        return
    if registration is None:
        return

    def watch(worker) -> None:
        def on_state(_event) -> None:
            if worker.state == "installed":
                _spawn(_ask_to_take_over(worker))

        worker.addEventListener("statechange", _proxy(on_state))

    def on_found(_event) -> None:
        installing = _py(registration.installing)
        if installing is not None:
            watch(installing)

    registration.addEventListener("updatefound", _proxy(on_found))
    waiting = _py(registration.waiting)
    if waiting is not None:
        _spawn(_ask_to_take_over(waiting))
    on_found(None)  # one installing already (its updatefound came before this listener)


async def _register(query: dict[str, str]) -> None:
    try:
        if query.get("sw") == "0":  # development escape hatch: no offline cache
            regs = await window.navigator.serviceWorker.getRegistrations()
            for reg in regs:
                await reg.unregister()
            return
        await _watch_worker()
    except Exception as exc:  # no SW support, sandboxed iframe, file://, private mode ...
        document.documentElement.dataset.sw = "unavailable"
        _warn("offline mode unavailable:", exc)


def start(query: dict[str, str], embedded: bool) -> None:
    """Once at start-up: the worker, now (or, in an article, at the first interaction),
    and the player's first touch noted (once per kind, so later taps do not cross into
    Python for it)."""
    for kind in ("pointerdown", "keydown", "click"):
        window.addEventListener(kind, _proxy(lambda _e: mark_interaction()),
                                _js_object({"capture": True, "once": True}))
    if embedded:
        # In an article, the offline copy (the whole runtime again, for the worker's cache)
        # is fetched only once the reader actually plays in the frame.
        defer(query)
    else:
        register(query)


def register(query: dict[str, str]) -> None:
    """Register the service worker and watch it (``?sw=0`` in the page's query removes
    it instead)."""
    try:
        supported = bool(window.navigator.serviceWorker)
    except Exception:  # SecurityError in an opaque-origin (sandboxed) iframe
        supported = False
    if not supported:
        document.documentElement.dataset.sw = "unavailable"
        return
    _spawn(_register(query))
