"""The page as control/ may use it (:class:`web.control.page_port.PagePort`), in the
browser: the only place where an event is read or an element looked up on control's
behalf. Clicks and keys arrive at control already read (:class:`Tap`, :class:`Press`);
dialogs open, close and report what their form says; a few page actions (a button pressed
by its letter, a panel revealed, text selected or copied, a file offered or picked) are
done here. What the page shows is drawn by views and applied by render/."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from web.model.intents import NewGameForm, Press, Tap
from web.platform import files, storage
from web.platform.browser import create_once_callable, document, window
from web.platform.dom import apply_theme, by_id, focus, on, py, query_all
from web.platform.language import apply_language
from web.platform.sound import Sound

T = TypeVar("T")
FRAME_FALLBACK_MS = 100  # a hidden page or an off-screen frame gets no animation frames
IDLE_TIMEOUT_MS = 1000
FIELDS = ("INPUT", "SELECT", "TEXTAREA")


class Listener(Protocol):
    """What the page tells control (web/control/controller.py implements it)."""

    def tap(self, tap: Tap) -> None: ...
    def press(self, press: Press) -> bool: ...  # True: handled (the browser's default is not)
    def pointer(self) -> None: ...
    def choose(self, what: str, value: str) -> None: ...  # a select or radio: pace, theme…
    def link(self) -> None: ...  # the URL's fragment changed (a pasted share link)
    def picked(self, reading: Awaitable[str]) -> None: ...  # a file chosen to import
    def escape(self, dialog: str) -> None: ...  # Escape in a dialog that may be left


class BrowserPage:
    def __init__(self) -> None:
        self.applier = window.tacocatPatch
        self.sound = Sound(False)

    # -- input --------------------------------------------------------------------------------
    def bind(self, listener: Listener) -> None:
        def click(event) -> None:
            target = event.target
            found = py(target.closest("[data-act]")) if hasattr(target, "closest") else None
            in_menu = hasattr(target, "closest") and py(target.closest("#menu")) is not None
            if found is None:
                listener.tap(Tap(None, in_menu=in_menu))
                return
            refused = None
            if found.getAttribute("aria-disabled") == "true":
                refused = str(py(found.getAttribute("title")) or "")
            listener.tap(Tap(str(found.getAttribute("data-act")),
                             py(found.getAttribute("data-arg")), py(found.id) or None,
                             refused, in_menu))

        def key(event) -> None:
            target = event.target
            in_hand = hasattr(target, "closest") and py(target.closest("#hand")) is not None
            tag = str(getattr(target, "tagName", "") or "").upper()
            # the page itself focused (nothing else is): no target
            ident = None if tag in ("BODY", "HTML") else py(getattr(target, "id", None)) or None
            press = Press(str(event.key), bool(event.ctrlKey or event.metaKey or event.altKey),
                          tag in FIELDS, in_hand, ident)
            if listener.press(press):
                event.preventDefault()

        on(document, "click", click)
        on(document, "keydown", key)
        on(document, "pointerdown", lambda _e: listener.pointer())
        on(window, "hashchange", lambda _e: listener.link())
        def change(event) -> None:  # one listener: views draw (and redraw) these controls
            target = event.target
            ident = str(py(getattr(target, "id", None)) or "")
            if ident in ("pace", "theme", "lang-select"):
                listener.choose(ident, str(target.value))
            elif str(py(getattr(target, "name", None)) or "") == "mode" and \
                    py(target.closest("#new-form")) is not None:
                listener.choose("mode", str(target.value))
        on(document, "change", change)
        def picked(_event) -> None:  # from Import, or a file dropped on the input
            node = by_id("import-file")
            chosen = node.files
            if chosen.length:
                listener.picked(files.read_text(chosen.item(0)))
            node.value = ""  # the same file again is a new choice
        on(by_id("import-file"), "change", picked)
        for name in ("dlg-pass", "dlg-resume"):  # these wait for an answer
            on(by_id(name), "cancel", lambda e: e.preventDefault())

        def escape(event) -> None:
            event.preventDefault()
            listener.escape("dlg-analysis")
        on(by_id("dlg-analysis"), "cancel", escape)

    # -- time -----------------------------------------------------------------------------
    def after_paint(self, callback: Callable[[], None]) -> None:
        self.applier.afterPaint(create_once_callable(lambda *_: callback()), FRAME_FALLBACK_MS)

    def idle(self, callback: Callable[[], None]) -> None:
        self.applier.idle(create_once_callable(lambda *_: callback()), IDLE_TIMEOUT_MS)

    # -- storage, facts, the console ------------------------------------------------------
    @staticmethod
    def load(key: str, parse: Callable[[str], T]) -> tuple[T | None, bool]:
        return storage.read(key, parse)

    @staticmethod
    def store(key: str, text: str | None) -> bool:
        return storage.write(key, text)

    @staticmethod
    def flag(name: str, value: str | None) -> None:
        """``<html data-<name>>`` (``name`` in camelCase, as ``dataset`` spells it)."""
        data = document.documentElement.dataset
        if value is None:
            if hasattr(data, name):
                delattr(data, name)
        else:
            setattr(data, name, value)

    @staticmethod
    def now_ms() -> float:
        return float(window.performance.now())

    def ready(self) -> None:
        self.flag("readyMs", str(round(float(window.performance.now()))))
        self.flag("ready", "1")

    @staticmethod
    def report(*parts: object) -> None:
        window.console.error("tacocat:", *(str(p) for p in parts))

    # -- page actions ---------------------------------------------------------------------
    @staticmethod
    def press(ident: str) -> None:
        node = by_id(ident)
        if node is not None and node.isConnected:
            node.click()

    @staticmethod
    def reveal(ident: str) -> None:
        panel = by_id(ident)
        if panel is None:
            return
        panel.open = True
        summary = py(panel.querySelector("summary")) or panel
        summary.scrollIntoView()
        focus(summary)

    @staticmethod
    def select_text(ident: str) -> None:
        node = by_id(ident)
        if node is not None:
            node.select()

    @staticmethod
    def copy(text: str) -> bool:
        try:
            window.navigator.clipboard.writeText(text)
            return True
        except Exception:  # no clipboard here (an iframe, an old browser): copy by hand
            return False

    @staticmethod
    def theme(theme: str) -> None:
        apply_theme(theme)

    @staticmethod
    def download(text: str, name: str) -> None:
        files.download(text, name)

    @staticmethod
    def pick_file() -> None:
        """The browser's file picker; the file comes back through ``Listener.picked``."""
        by_id("import-file").click()

    @staticmethod
    def location() -> tuple[str, str]:
        loc = window.location
        return f"{loc.origin}{loc.pathname}{loc.search}", str(loc.hash)

    @staticmethod
    def language(code: str) -> str:
        return apply_language(code)

    @staticmethod
    def today() -> str:
        now = window.Date.new()  # the device's clock and time zone
        year, month, day = int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate())
        return f"{year:04d}-{month:02d}-{day:02d}"

    @staticmethod
    async def fetch_text(url: str) -> str:
        try:
            response = await window.fetch(url)
        except Exception as exc:  # offline, before the worker ever kept it
            raise OSError(f"{url}: {exc}") from exc
        if not response.ok:
            raise OSError(f"{url}: HTTP {response.status}")
        return str(await response.text())

    # -- dialogs --------------------------------------------------------------------------
    @staticmethod
    def show(dialog: str) -> None:
        node = by_id(dialog)
        form = py(node.querySelector("form"))
        if form is not None:
            form.reset()  # its controls as the page (and the views) say, nothing typed left
        if not node.open:
            node.showModal()

    @staticmethod
    def close(dialog: str) -> None:
        node = by_id(dialog)
        if node.open:
            node.close()

    @staticmethod
    def close_all() -> None:
        for node in query_all("dialog[open]"):
            node.close()

    @staticmethod
    def any_open() -> bool:
        return bool(query_all("dialog[open]"))

    @staticmethod
    def new_game_form() -> NewGameForm:
        def checked(name: str) -> str:
            found: Any = py(document.querySelector(f'#new-form input[name="{name}"]:checked'))
            return "" if found is None else str(found.value)
        return NewGameForm(checked("mode"), checked("level"), checked("seat"),
                           str(by_id("new-pace").value), str(by_id("new-seed").value).strip())


__all__ = ["BrowserPage", "Listener"]
