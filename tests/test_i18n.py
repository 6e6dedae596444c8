"""Message catalogs (web/i18n/*.json): every language has exactly English's keys, the same
{placeholders} in each string, and no empty or obviously untranslated rules text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from string import Formatter

import pytest

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGUAGES = ("en", "eu", "et", "sw", "mr")


def _load(lang: str) -> dict[str, str]:
    path = CATALOGS / f"{lang}.json"
    assert path.is_file(), f"missing catalog {path}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def test_languages_shipped():
    assert {p.stem for p in CATALOGS.glob("*.json")} == set(LANGUAGES)


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_catalog_has_exactly_the_english_keys(lang):
    en, other = _load("en"), _load(lang)
    missing = sorted(set(en) - set(other))
    extra = sorted(set(other) - set(en))
    assert not missing, f"{lang}.json misses {len(missing)} keys: {missing}"
    assert not extra, f"{lang}.json has keys English does not: {extra}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strings_and_placeholders(lang):
    en, other = _load("en"), _load(lang)
    bad = {}
    for key, text in other.items():
        assert isinstance(text, str), f"{lang}:{key} is not a string"
        assert text.strip() or not en.get(key, "").strip(), f"{lang}:{key} is empty"
        Formatter().parse(text)  # raises on a stray brace
        if key in en and _placeholders(text) != _placeholders(en[key]):
            bad[key] = (sorted(_placeholders(en[key])), sorted(_placeholders(text)))
    assert not bad, f"{lang}: placeholders differ from English: {bad}"


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_translated_not_copied(lang):
    """Long English sentences (the rules panel, prompts) must be translated."""
    en, other = _load("en"), _load(lang)
    copied = [k for k, v in en.items() if len(v) > 40 and other.get(k) == v]
    assert not copied, f"{lang}: still English: {copied}"
    assert other["lang.name"] != en["lang.name"]


def test_marathi_is_devanagari():
    mr = _load("mr")
    letters = "".join(re.findall(r"[^\W\d_]", " ".join(mr.values())))
    devanagari = sum(1 for ch in letters if "\u0900" <= ch <= "\u097f")
    assert devanagari / max(1, len(letters)) > 0.6
