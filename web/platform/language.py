"""The page's language: which catalog to show (chosen by index.html's boot script, which
speaks first), switching it, and the labelled ``<select>`` that does.

Nothing here writes HTML: elements are created and filled with ``textContent``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from web.i18n import catalog as i18n
from web.platform.browser import document, window
from web.platform.dom import params
from web.platform.storage import storage_set

LANG_KEY = "tacocat.lang"


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


def language() -> str:
    """The language to show: the one index.html's boot script chose for the start-up's
    words (``<html data-lang>``: ?lang= → the choice kept on this device → the browser's
    languages → English), so the page never switches language as Python starts."""
    return match_language(document.documentElement.getAttribute("data-lang")) or \
        i18n.DEFAULT_LANG


def apply_language(code: str) -> str:
    """Switch the catalogs, <html lang>, the remembered choice and ?lang= in the URL."""
    code = i18n.set_language(code)
    document.documentElement.lang = code
    document.documentElement.dataset.lang = code
    storage_set(LANG_KEY, code)
    query = params()
    query["lang"] = code
    try:
        url = str(window.location.pathname) + "?" + urlencode(query) + str(window.location.hash)
        window.history.replaceState(window.history.state, "", url)
    except Exception as exc:  # e.g. a sandboxed iframe
        window.console.warn("tacocat: cannot update the URL:", str(exc))
    return code


__all__ = ["LANG_KEY", "apply_language", "language", "match_language"]
