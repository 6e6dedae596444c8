"""The page's shell around the game UI: language choice, the compact embed layout, height
messages to an embedding page, and the service worker (offline play and updates, in
:mod:`web.offline`).

Hooks for the UI (web/app.py), each one line:

* ``set_language(shell.language())`` instead of choosing the language itself:
  ``?lang=`` → the player's earlier choice → the browser's languages → English.
* ``shell.init()`` once at start-up, after the page is built (before ``data-ready``).
* ``node.append(shell.language_switcher(on_change))``: a labelled ``<select>`` of every
  catalog; on change it switches :mod:`web.i18n`, remembers the choice, puts ``?lang=``
  in the URL and calls ``on_change(code)`` so the UI re-renders its text.

Nothing here writes HTML: elements are created and filled with ``textContent``.
"""

from __future__ import annotations

import contextlib
import json
import math
from urllib.parse import parse_qs, urlencode

from . import i18n, offline
from .browser import create_proxy, document, to_js, window

HEIGHT_MESSAGE = "tacocat:height"  # {type, height}: the only thing sent to a parent page
LANG_KEY = "tacocat.lang"

_proxies: list = []  # keep JS callbacks alive
_state = {"last_height": 0, "initialised": False}


# -- small helpers --------------------------------------------------------------------------
def _js_object(data: dict):
    return to_js(data, dict_converter=window.Object.fromEntries)


def _proxy(fn):
    p = create_proxy(fn)
    _proxies.append(p)
    return p


def params() -> dict[str, str]:
    """The page's query parameters (last value wins)."""
    parsed = parse_qs(str(window.location.search).lstrip("?"))
    return {k: v[-1] for k, v in parsed.items()}


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


def _warn(*parts: object) -> None:
    window.console.warn("tacocat:", *[str(p) for p in parts])


# -- language -------------------------------------------------------------------------------
def match_language(code: str | None) -> str | None:
    """The catalog for a BCP 47 tag ("eu", "et-EE", "mr-IN"), or None."""
    if not code:
        return None
    code = str(code).strip().replace("_", "-")
    available = i18n.available()
    for candidate in (code, code.lower(), code.split("-")[0].lower()):
        if candidate in available:
            return candidate
    return None


def _browser_languages() -> list[str]:
    nav = window.navigator
    out: list[str] = []
    with contextlib.suppress(Exception):
        out.extend(str(x) for x in (nav.languages or []))
    with contextlib.suppress(Exception):
        if nav.language:
            out.append(str(nav.language))
    return out


def language() -> str:
    """The language to show: ?lang= → saved choice → browser languages → English."""
    for candidate in (params().get("lang"), storage_get(LANG_KEY), *_browser_languages()):
        code = match_language(candidate)
        if code:
            return code
    return i18n.DEFAULT_LANG


def language_names() -> list[tuple[str, str]]:
    """[(code, name in that language)] for every catalog, English first."""
    out = []
    for code in i18n.available():
        try:
            data = json.loads((i18n.CATALOG_DIR / f"{code}.json").read_text(encoding="utf-8"))
            name = str(data.get("lang.name") or code)
        except (OSError, ValueError):
            name = code
        out.append((code, name))
    out.sort(key=lambda item: (item[0] != i18n.DEFAULT_LANG, item[1].casefold()))
    return out


def apply_language(code: str) -> str:
    """Switch the catalogs, <html lang>, the remembered choice and ?lang= in the URL."""
    code = i18n.set_language(code)
    document.documentElement.lang = code
    storage_set(LANG_KEY, code)
    query = params()
    query["lang"] = code
    try:
        url = str(window.location.pathname) + "?" + urlencode(query) + str(window.location.hash)
        window.history.replaceState(window.history.state, "", url)
    except Exception as exc:  # e.g. a sandboxed iframe
        _warn("cannot update the URL:", exc)
    return code


def language_switcher(on_change=None):
    """A labelled <select> of the languages; append it anywhere in the page."""
    label = document.createElement("label")
    label.className = "lang-switch"
    caption = document.createElement("span")
    caption.className = "sr-only"
    caption.textContent = i18n.t("lang.label") if i18n.has("lang.label") else "Language"
    select = document.createElement("select")
    select.id = "lang-select"
    current = i18n.language()
    for code, name in language_names():
        option = document.createElement("option")
        option.value = code
        option.lang = code
        option.textContent = name
        option.selected = code == current
        select.appendChild(option)

    def changed(_event) -> None:
        code = apply_language(str(select.value))
        caption.textContent = i18n.t("lang.label") if i18n.has("lang.label") else "Language"
        if on_change is not None:
            on_change(code)
        document.documentElement.lang = code  # after the UI's relabelling

    select.addEventListener("change", _proxy(changed))
    label.appendChild(caption)
    label.appendChild(select)
    return label


# -- embedding ------------------------------------------------------------------------------
def is_embedded() -> bool:
    return params().get("embed") == "1"


def _content_height() -> int:
    return math.ceil(float(document.documentElement.getBoundingClientRect().height))


def post_height(_entries=None, _observer=None) -> None:
    """Tell the embedding page our height. Only {type, height} is sent: nothing private,
    so any parent may read it; the snippet (web/embed.js) believes only our origin."""
    height = _content_height()
    if abs(height - _state["last_height"]) < 2:
        return
    _state["last_height"] = height
    try:
        window.parent.postMessage(_js_object({"type": HEIGHT_MESSAGE, "height": height}), "*")
    except Exception as exc:
        _warn("cannot post the height:", exc)


def _reveal_dialogs(records, _observer=None) -> None:
    """In a tall frame a modal dialog is centred in the frame, maybe out of the reader's
    sight: scroll the article so that it shows."""
    for record in records:
        node = record.target
        if node.tagName != "DIALOG" or not node.open:
            continue
        # A modal dialog is position: fixed, which scrollIntoView does not follow out of
        # the frame; an ordinary stand-in at the same place does.
        rect = node.getBoundingClientRect()
        marker = document.createElement("div")
        marker.setAttribute("aria-hidden", "true")
        style = marker.style
        style.position = "absolute"
        style.left = "0"
        style.width = "1px"
        style.top = f"{float(rect.top) + float(window.scrollY)}px"
        style.height = f"{float(rect.height)}px"
        style.pointerEvents = "none"
        document.body.appendChild(marker)
        marker.scrollIntoView(_js_object({"block": "nearest"}))
        marker.remove()


def _start_embed() -> None:
    document.documentElement.classList.add("embed")
    observer = window.ResizeObserver.new(_proxy(post_height))
    observer.observe(document.documentElement)
    dialogs = window.MutationObserver.new(_proxy(_reveal_dialogs))
    options = {"attributes": True, "attributeFilter": ["open"], "subtree": True}
    dialogs.observe(document.body, _js_object(options))
    window.addEventListener("load", _proxy(lambda _e: post_height()))
    post_height()


# -- the player's first touch ----------------------------------------------------------
def _mark_interaction(_event) -> None:
    offline.mark_interaction()


# -- start-up -------------------------------------------------------------------------------
def init(on_language_change=None) -> None:
    """Call once at start-up: embed layout + height messages, update watch, offline cache.
    With ``on_language_change``, also put the language switcher in the page (into
    ``#lang-slot`` if the page has one, else at the end of the ``.toolbar``)."""
    if _state["initialised"]:
        return
    _state["initialised"] = True
    root = document.documentElement
    root.lang = i18n.language()
    if on_language_change is not None:
        slot = document.getElementById("lang-slot") or document.querySelector(".toolbar")
        if slot:
            slot.appendChild(language_switcher(on_language_change))
    # Only the first touch matters (offline.mark_interaction): once each, so later taps do
    # not cross into Python for it.
    for kind in ("pointerdown", "keydown", "click"):
        window.addEventListener(kind, _proxy(_mark_interaction),
                                _js_object({"capture": True, "once": True}))
    if is_embedded():
        _start_embed()
        rules = document.getElementById("rules")
        if rules:  # the article around the game already explains the rules
            rules.open = False
        # In an article, the offline copy (the whole runtime again, for the worker's cache)
        # is fetched only once the reader actually plays in the frame.
        offline.defer(params())
    else:
        offline.register(params())


__all__ = [
    "HEIGHT_MESSAGE",
    "apply_language",
    "init",
    "is_embedded",
    "language",
    "language_names",
    "language_switcher",
    "match_language",
    "params",
    "post_height",
]
