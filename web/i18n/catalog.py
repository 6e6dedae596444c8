"""Message catalogs: ``web/i18n/<lang>.json`` maps flat keys to messages (the syntax:
web/model/msgformat.py — ``{named}`` parameters, a term's forms ``{who.erg}``, CLDR
plurals ``{n, plural, one {…} other {…}}``). Every user-visible string goes through
:func:`t`, so adding a language is adding a catalog, with its plural rule in
``lang.plural``. A missing key falls back to English, then to the key itself."""

from __future__ import annotations

import json
from pathlib import Path

from web.i18n.msgformat import MessageSyntaxError, Term, arguments, format_parts, parse
from web.i18n.plurals import compile_rule

CATALOG_DIR = Path(__file__).resolve().parent  # web/i18n/
DEFAULT_LANG = "en"
PLURAL_KEY = "lang.plural"  # the catalog's CLDR plural rule, e.g. "one: i = 1 and v = 0"

_catalogs: dict[str, dict[str, str]] = {}
_parsed: dict[tuple[str, str], tuple] = {}
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


def names() -> list[tuple[str, str]]:
    """[(code, the language's name in itself)] for every catalog, English first."""
    out = [(code, str(_read(code).get("lang.name") or code)) for code in available()]
    out.sort(key=lambda item: (item[0] != DEFAULT_LANG, item[1].casefold()))
    return out


def has(key: str) -> bool:
    return key in _read(_lang) or key in _read(DEFAULT_LANG)


def _lookup(key: str) -> tuple[str, str]:
    """(the language the text is in, the text) for ``key``."""
    text = _read(_lang).get(key)
    if text is not None:
        return _lang, text
    return DEFAULT_LANG, _read(DEFAULT_LANG).get(key, key)


def _form(key: str, form: str) -> str | None:
    return _read(_lang).get(f"{key}.{form}")


def term(key: str) -> Term:
    """A catalog word that messages may inflect (``{who.erg}`` reads ``<key>.erg``)."""
    return Term(t(key), key, _form)


def t(key: str, **params: object) -> str:
    """The message for ``key`` in the current language with its parameters filled."""
    lang, text = _lookup(key)
    if not params and "{" not in text:
        return text
    parts = _parsed.get((lang, key))
    if parts is None:
        try:
            parts = parse(text)
        except MessageSyntaxError:
            parts = (text,)  # shown as written rather than not at all
        _parsed[(lang, key)] = parts
    rule = compile_rule(_read(lang).get(PLURAL_KEY, ""))
    return format_parts(parts, params, rule)


def placeholders(text: str) -> set[str]:
    """The parameter names of a catalog string (for catalog checks)."""
    return arguments(parse(text))


__all__ = ["CATALOG_DIR", "DEFAULT_LANG", "PLURAL_KEY", "available", "has", "language",
           "names", "placeholders", "set_language", "t", "term"]
