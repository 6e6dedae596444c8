"""Message catalogs: ``web/i18n/<lang>.json`` maps flat keys to strings with ``{named}``
placeholders. Every user-visible string goes through :func:`t`, so adding a language is
adding a catalog. A missing key falls back to English, then to the key itself."""

from __future__ import annotations

import json
from pathlib import Path
from string import Formatter

CATALOG_DIR = Path(__file__).resolve().parent.parent / "i18n"  # web/i18n/
DEFAULT_LANG = "en"

_catalogs: dict[str, dict[str, str]] = {}
_lang = DEFAULT_LANG


def _read(lang: str) -> dict[str, str]:
    if lang not in _catalogs:
        path = CATALOG_DIR / f"{lang}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        _catalogs[lang] = {k: v for k, v in data.items() if isinstance(v, str)}
    return _catalogs[lang]


def available() -> list[str]:
    """Language codes that have a catalog file."""
    try:
        return sorted(p.stem for p in CATALOG_DIR.glob("*.json"))
    except OSError:
        return [DEFAULT_LANG]


def set_language(lang: str | None) -> str:
    """Switch to ``lang`` (e.g. ``"eu"`` or ``"en-GB"``) if a catalog exists; returns the
    language now in use."""
    global _lang
    for code in (lang or "", (lang or "").split("-")[0].lower()):
        if code and code in available():
            _lang = code
            return _lang
    _lang = DEFAULT_LANG
    return _lang


def language() -> str:
    return _lang


def has(key: str) -> bool:
    return key in _read(_lang) or key in _read(DEFAULT_LANG)


class _Params(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


# Parameters that count something: when one of them is 1 and the catalog has a
# ``<key>.one`` form ("1 card" vs "7 cards"), that form is used.
COUNTS = ("n", "k", "count", "rounds", "moves", "games", "drop")


def _plural_key(key: str, params: dict) -> str:
    for name in COUNTS:
        if params.get(name) == 1:
            one = key + ".one"
            if one in _read(_lang) or one in _read(DEFAULT_LANG):
                return one
            break
    return key


def t(key: str, **params: object) -> str:
    """The string for ``key`` in the current language with ``{placeholders}`` filled
    (the ``.one`` form when a count parameter is 1)."""
    if params:
        key = _plural_key(key, params)
    text = _read(_lang).get(key)
    if text is None:
        text = _read(DEFAULT_LANG).get(key, key)
    if not params:
        return text
    try:
        return Formatter().vformat(text, (), _Params(params))
    except (ValueError, IndexError, AttributeError):
        return text


def placeholders(text: str) -> set[str]:
    """The ``{named}`` placeholders of a catalog string (for catalog checks)."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}
