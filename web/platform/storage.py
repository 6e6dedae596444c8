"""What the page keeps in ``localStorage``: the game in progress, the preferences (and the
statistics). A stored value that cannot be read never stops the page: it is set aside
under ``<key>.corrupt`` (so it is not lost, and export can still offer it), the page
starts fresh, and the player is told.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from tacocat import TacocatError
from web.platform.browser import window

T = TypeVar("T")
CORRUPT = ".corrupt"
MAX_STORED = 1_000_000  # characters; a real save is a few KB


def storage_get(key: str) -> str | None:
    """``localStorage[key]``, or ``None`` where storage throws (sandboxed iframes,
    blocked storage) or holds nothing."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    # JS null arrives as None or as Pyodide's JsNull, depending on the conversion path
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return str(value)


def storage_set(key: str, value: str | None) -> bool:
    """Store (``None``: remove) ``key``; ``False`` where storage is unavailable."""
    try:
        if value is None:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, value)
    except Exception:
        return False
    return True



def read(key: str, parse: Callable[[str], T]) -> tuple[T | None, bool]:
    """``(parse(stored value), set_aside)``: ``(None, False)`` when nothing is stored,
    ``(None, True)`` when the value was unreadable and has been set aside."""
    raw = storage_get(key)
    if raw is None:
        return None, False
    try:
        if len(raw) > MAX_STORED:
            raise ValueError("too large")
        return parse(raw), False
    except (TacocatError, ValueError, TypeError, KeyError, AttributeError,
            RecursionError, OverflowError, MemoryError):
        set_aside(key, raw)
        return None, True


def set_aside(key: str, raw: str) -> None:
    """Move an unreadable value out of the way (keeping it when there is room)."""
    if not storage_set(key + CORRUPT, raw[:MAX_STORED]):
        storage_set(key + CORRUPT, None)
    storage_set(key, None)


def write(key: str, value: str | None) -> bool:
    return storage_set(key, value)


def corrupt(key: str) -> str | None:
    """A value set aside earlier (offered for export), if any."""
    return storage_get(key + CORRUPT)


def dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))
