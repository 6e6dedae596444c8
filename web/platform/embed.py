"""The game inside an article (``?embed=1``, web/embed.js's iframe): the compact layout,
our height told to the embedding page, and a modal dialog scrolled into the reader's sight.
"""

from __future__ import annotations

import math

from web.platform.browser import document, window
from web.platform.dom import js_obj, params, proxy

HEIGHT_MESSAGE = "tacocat:height"  # {type, height}: the only thing sent to a parent page

_state = {"last_height": 0}


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
        window.parent.postMessage(js_obj({"type": HEIGHT_MESSAGE, "height": height}), "*")
    except Exception as exc:
        window.console.warn("tacocat: cannot post the height:", str(exc))


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
        marker.scrollIntoView(js_obj({"block": "nearest"}))
        marker.remove()


def start() -> None:
    """The compact layout, and height messages from now on (once, at start-up); the rules
    panel folded (the article around the game explains the rules)."""
    document.documentElement.classList.add("embed")
    rules = document.getElementById("rules")
    if rules:
        rules.open = False
    observer = window.ResizeObserver.new(proxy(post_height))
    observer.observe(document.documentElement)
    dialogs = window.MutationObserver.new(proxy(_reveal_dialogs))
    options = {"attributes": True, "attributeFilter": ["open"], "subtree": True}
    dialogs.observe(document.body, js_obj(options))
    window.addEventListener("load", proxy(lambda _e: post_height()))
    post_height()


__all__ = ["HEIGHT_MESSAGE", "is_embedded", "post_height", "start"]
