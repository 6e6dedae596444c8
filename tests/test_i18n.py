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


def _string_problems(lang: str, en: dict[str, str], other: dict) -> list[str]:
    """What is wrong with ``other``'s strings: not a string, empty where English is not,
    a brace that str.format cannot parse, or {placeholders} that differ from English."""
    problems = []
    for key, text in other.items():
        if not isinstance(text, str):
            problems.append(f"{lang}:{key} is not a string")
            continue
        if not text.strip() and en.get(key, "").strip():
            problems.append(f"{lang}:{key} is empty")
            continue
        try:
            names = _placeholders(text)  # parsing is lazy: _placeholders consumes it all
        except ValueError as exc:
            problems.append(f"{lang}:{key} has a stray brace: {exc}")
            continue
        if key in en and names != _placeholders(en[key]):
            problems.append(f"{lang}:{key} placeholders {sorted(names)} differ from English "
                            f"{sorted(_placeholders(en[key]))}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strings_and_placeholders(lang):
    problems = _string_problems(lang, _load("en"), _load(lang))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("text", "found"), [
    ("Score: {n}}", "stray brace"),  # a single '}'
    ("Score: {n", "stray brace"),  # an unclosed '{'
    ("Score: {count}", "differ from English"),
    ("", "is empty"),
    (7, "not a string"),
])
def test_the_string_check_catches_broken_translations(text, found):
    """The check above must be able to fail: each broken string is reported."""
    problems = _string_problems("xx", {"k": "Score: {n}"}, {"k": text})
    assert len(problems) == 1 and found in problems[0]
    assert _string_problems("xx", {"k": "Score: {n}"}, {"k": "Punkte: {n}"}) == []


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
