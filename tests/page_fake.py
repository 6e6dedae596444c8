"""The page as control/ sees it (:class:`web.control.page_port.PagePort`), in CPython: the
patch batches applied to the fake DOM of the views' tests (tests/vdom_fake.py), storage a
dict, dialogs a set, the frame and idle callbacks run by the event loop. So the controller
is driven by taps and keys as the browser would drive it, and what it drew is read back
from the elements, never from its state."""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from vdom_fake import FakeNode, FakePage

from web.control.controller import Controller
from web.model.intents import NewGameForm, Press, Tap

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent


class Elements(defaultdict):
    """The page's elements by id: any id a view roots a tree at exists (as index.html's)."""

    def __missing__(self, ident: str) -> FakeNode:
        node = self[ident] = FakeNode("div", {"id": ident})
        return node


class FakeApplier(FakePage):
    """web/render/patch.js: applies batches, keeps the static labels and the focus; the
    motion takes no time (as with reduced motion)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id = Elements()
        self.labels: dict[str, str] = {}
        self.focused: str | None = None
        self.batches = 0
        self.marked: set[str] = set()

    def apply(self, batch: Any) -> int:  # type: ignore[override]
        ops = json.loads(batch) if isinstance(batch, str) else batch
        self.batches += 1
        rest = []
        for op in ops:
            if op[0] == "labels":
                self.labels.update(op[1])
            else:
                rest.append(op)
        super().apply(rest)
        return 0

    def reset(self) -> None: ...
    def finish(self) -> None: ...
    def remember(self) -> None: ...

    def land(self, plan: str) -> float:
        return 0.0

    def deal(self, unit: int) -> float:
        return 0.0

    def mark(self, ident: str, on: bool) -> None:
        (self.marked.add if on else self.marked.discard)(ident)

    def focus(self, ident: str | None) -> bool:
        self.focused = ident
        return ident is not None

    def focusWithin(self, ident: str) -> bool:
        return self.focused is not None

    def lostFocus(self) -> bool:
        return False

    def bringIntoView(self, ident: str) -> None: ...


class FakeSound:
    enabled = False

    def __init__(self) -> None:
        self.played: list[str] = []

    def warm(self) -> None: ...

    def play(self, name: str | None) -> None:
        if name:
            self.played.append(name)

    def events(self, events: list) -> None: ...


class FakeBrowserPage:
    """Everything control may ask of the page, recorded."""

    def __init__(self, stored: dict[str, str] | None = None) -> None:
        self.applier = FakeApplier()
        self.sound = FakeSound()
        self.stored = dict(stored or {})
        self.flags: dict[str, str] = {}
        self.open: set[str] = set()
        self.shown: list[str] = []
        self.reports: list[str] = []
        self.copied: list[str] = []
        self.downloads: list[tuple[str, str]] = []
        self.form = NewGameForm("ai", "easy", "0", "0", "")
        self.url = ("http://localhost/", "")
        self.day = "2026-12-07"
        self.unreachable: set[str] = set()

    # time: run on the event loop, after whatever is queued now
    def after_paint(self, callback: Callable[[], None]) -> None:
        asyncio.get_event_loop().call_soon(callback)

    def idle(self, callback: Callable[[], None]) -> None:
        asyncio.get_event_loop().call_soon(callback)

    def load(self, key: str, parse: Callable[[str], T]) -> tuple[T | None, bool]:
        text = self.stored.get(key)
        if text is None:
            return None, False
        try:
            return parse(text), False
        except Exception:  # as web/platform/storage.py: set aside, and say so
            self.stored[key + ".corrupt"] = self.stored.pop(key)
            return None, True

    def store(self, key: str, text: str | None) -> bool:
        if text is None:
            self.stored.pop(key, None)
        else:
            self.stored[key] = text
        return True

    def flag(self, name: str, value: str | None) -> None:
        if value is None:
            self.flags.pop(name, None)
        else:
            self.flags[name] = value

    def ready(self) -> None:
        self.flags["ready"] = "1"

    @staticmethod
    def now_ms() -> float:
        return asyncio.get_event_loop().time() * 1000

    def report(self, *parts: object) -> None:
        self.reports.append(" ".join(str(p) for p in parts))

    def press(self, ident: str) -> None:
        self.pressed = ident

    def reveal(self, ident: str) -> None: ...
    def select_text(self, ident: str) -> None: ...

    def copy(self, text: str) -> bool:
        self.copied.append(text)
        return True

    def theme(self, theme: str) -> None:
        self.flags["theme"] = theme

    def download(self, text: str, name: str) -> None:
        self.downloads.append((name, text))

    def pick_file(self) -> None:
        self.picking = True

    def location(self) -> tuple[str, str]:
        return self.url

    def today(self) -> str:
        return self.day

    async def fetch_text(self, url: str) -> str:
        path = ROOT / url
        if url in self.unreachable or not path.is_file():
            raise OSError(f"{url}: not here")
        return path.read_text(encoding="utf-8")

    def language(self, code: str) -> str:
        from web.i18n.catalog import set_language
        set_language(code)
        return code

    def show(self, dialog: str) -> None:
        self.open.add(dialog)
        self.shown.append(dialog)  # every dialog ever opened, in order

    def close(self, dialog: str) -> None:
        self.open.discard(dialog)

    def close_all(self) -> None:
        self.open.clear()

    def any_open(self) -> bool:
        return bool(self.open)

    def new_game_form(self) -> NewGameForm:
        return self.form

    # -- reading what was drawn, as a player sees it ----------------------------------------
    def element(self, ident: str) -> FakeNode:
        return self.applier.by_id[ident]

    def text(self, ident: str) -> str:
        return _text(self.element(ident))

    def buttons(self, ident: str) -> list[FakeNode]:
        return [n for n in _walk(self.element(ident)) if n.tag == "button"]


def _walk(node: FakeNode):
    yield node
    for child in node.children:
        yield from _walk(child)


def _text(node: FakeNode) -> str:
    return "".join(n.value for n in _walk(node) if n.tag == "#text").strip()


def tap_of(button: FakeNode) -> Tap:
    """The Tap the browser's click handler would make of this button."""
    a = button.attrs
    refused = a.get("title", "") if a.get("aria-disabled") == "true" else None
    return Tap(a.get("data-act"), a.get("data-arg"), a.get("id"), refused)


async def settle(ctl: Controller, page: FakeBrowserPage, hang_s: float = 120.0) -> None:
    """Run the event loop until the page says nothing more will happen until the player
    acts (``data-tasks="0"``), as the e2e tests wait for it. ``hang_s`` only detects a
    hang (a whole game's moves take well under a second each)."""
    loop = asyncio.get_event_loop()
    end = loop.time() + hang_s
    while loop.time() < end:
        await asyncio.sleep(0.001)
        if page.flags.get("tasks") == "0":
            await asyncio.sleep(0)
            if page.flags.get("tasks") == "0":
                return
    raise AssertionError("the page never settled")


__all__ = ["FakeBrowserPage", "Press", "settle", "tap_of"]
