"""The browser's globals and Pyodide's bridge to JavaScript, reached when first used, not
when a module is imported.

So every module of the page imports before PyScript exists: the start-up snapshot's
worker (web/boot/snapshot_worker.mjs) imports them all, and a later visit starts with the
page's code already loaded (issue #19; web/platform/snapshot_modules.py finds what may be imported
there, tests/test_snapshot_modules.py imports each in CPython with JavaScript's modules
unimportable). A module imports ``document``, ``window``, ``create_proxy``,
``create_once_callable`` and ``to_js`` from here instead of from ``pyscript`` and
``pyodide.ffi``, and must not use them at import.
"""

from __future__ import annotations

from typing import Any


class _Global:
    """``document`` or ``window``: every attribute read or write goes to PyScript's own
    object, looked up on first use (in the page it is there by then)."""

    __slots__ = ("_name", "_target")

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_target", None)

    def _resolve(self) -> Any:
        target = self._target
        if target is None:
            import pyscript

            target = getattr(pyscript, self._name)
            object.__setattr__(self, "_target", target)
        return target

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._resolve(), attr)

    def __setattr__(self, attr: str, value: Any) -> None:
        setattr(self._resolve(), attr, value)

    def __repr__(self) -> str:
        return f"<browser {self._name}>"


document: Any = _Global("document")
window: Any = _Global("window")


def create_proxy(obj: Any, **options: Any) -> Any:
    """Pyodide's ``create_proxy``: a JavaScript function that calls ``obj``."""
    from pyodide.ffi import create_proxy as make

    return make(obj, **options)


def create_once_callable(obj: Any, **options: Any) -> Any:
    """Pyodide's ``create_once_callable``: a JavaScript function for a single call."""
    from pyodide.ffi import create_once_callable as make

    return make(obj, **options)


def to_js(obj: Any, **options: Any) -> Any:
    """Pyodide's ``to_js``: a Python value converted to JavaScript."""
    from pyodide.ffi import to_js as convert

    return convert(obj, **options)
