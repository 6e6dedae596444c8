"""Small DOM helpers shared by the page's views (PyScript main thread).

Nothing here writes HTML: elements are created and filled with ``textContent`` and
attributes, so text from a catalog or an imported record can never become markup.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from web.platform.browser import create_proxy, document, to_js, window

_proxies: list = []  # JS callbacks must stay alive as long as the page


def py(node):
    """JS ``null``/``undefined`` → ``None`` (Pyodide maps ``null`` to a JsNull object)."""
    if node is None or type(node).__name__ in ("JsNull", "JsUndefined"):
        return None
    return node


def params() -> dict[str, str]:
    """The page's query parameters (last value wins)."""
    parsed = parse_qs(str(window.location.search).lstrip("?"))
    return {k: v[-1] for k, v in parsed.items()}


def by_id(name: str):
    return py(document.getElementById(name))


def query(selector: str, root=None):
    return py((root or document).querySelector(selector))


def query_all(selector: str, root=None) -> list:
    found = (root or document).querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def js_obj(data: dict):
    """A plain JS object (not a Map) from a dict, e.g. for option bags."""
    return to_js(data, dict_converter=window.Object.fromEntries)


def proxy(fn):
    """A JS function for ``fn`` that lives as long as the page."""
    p = create_proxy(fn)
    _proxies.append(p)
    return p


def on(target, kind: str, fn, **options) -> None:
    target.addEventListener(kind, proxy(fn), js_obj(options) if options else None)


def el(tag: str, cls: str = "", text: str | None = None, **attrs: object):
    """``<tag class=cls>text</tag>``; ``attrs`` with ``_`` → ``-`` (``aria_label``),
    a trailing ``_`` dropped (``for_``), ``None``/``False`` skipped, ``True`` → empty."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(key.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    return node


def clear(node) -> None:
    node.replaceChildren()


def set_attr(node, name: str, value: object | None) -> None:
    """Set ``name`` to ``value``, or remove it when ``value`` is ``None``."""
    if value is None:
        node.removeAttribute(name)
    else:
        node.setAttribute(name, str(value))


def focus(node) -> None:
    """Move focus without scrolling the page (or an embedding article)."""
    if node is not None:
        node.focus(js_obj({"preventScroll": True}))


def active_element():
    node = py(document.activeElement)
    return None if node is None or node == document.body else node


_REDUCED = None  # the media query list, made once: matchMedia() itself is not cheap


def reduced_motion() -> bool:
    global _REDUCED
    if _REDUCED is None:
        _REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)")
    return bool(_REDUCED.matches)


def now_ms() -> float:
    return float(window.performance.now())


def apply_theme(theme: str) -> None:
    """``<html data-theme>``: "light" or "dark" fixes the page's colour scheme (web/style.css
    reads it); anything else leaves it to the device's ``prefers-color-scheme``."""
    root = document.documentElement
    if theme in ("light", "dark"):
        root.dataset.theme = theme
    else:
        root.removeAttribute("data-theme")
