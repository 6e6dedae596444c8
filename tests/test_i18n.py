"""Message catalogs (web/i18n/*.json): every language has exactly English's keys, the same
parameters in each message, messages that parse (web/model/msgformat.py), plurals by each
language's CLDR rule, no case ending glued onto a parameter, and no rules text left in
English. The words themselves are checked against each language's glossary
(tests/test_glossary.py)."""

from __future__ import annotations

import json
import re
import unicodedata
from decimal import Decimal
from pathlib import Path

import pytest
from babel import Locale

from web.i18n import catalog as i18n
from web.i18n.msgformat import PLURAL, Arg, Choice, MessageSyntaxError, parse, walk
from web.i18n.plurals import compile_rule

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGUAGES = ("en", "eu", "et", "sw", "mr")
OTHERS = tuple(x for x in LANGUAGES if x != "en")

# Parameters that count something: wherever English shows one, it chooses its words by the
# number ({n, plural, …}) unless the key is listed in BARE_NUMBERS (a number shown without
# a counted word: "Discard pile (5)"); every language may choose by any of them.
COUNTS = ("n", "k", "rounds", "tied", "moves", "drop", "won", "lost", "blunders",
          "mistakes", "inaccuracies", "total", "done", "seen")
BARE_NUMBERS = {
    "discard.title": "a heading with the pile's size in brackets",
    "info.draw": "a heading with the pile's size in brackets",
    "prompt.defend.jumbo": "'card {i} of {n}': an ordinal position",
    "lesson.of": "'lesson {i} of {n}': an ordinal position",
    "replay.where": "'move {k} of {n}': an ordinal position",
    "seen.cell": "a tracker cell, '{value}: {seen} of {total} seen'",
    "analysis.progress": "a progress figure, '{done} of {total}'",
    "analysis.milestone": "a progress figure, '{done} of {total}'",
    "analysis.counts": "labels and figures: 'blunders: 2'",
    "stats.chart": "'{won} won, {lost} lost': a figure beside a word, not a counted noun",
    "stats.yay.wins": "a table cell: a seat and a figure",
    "stats.percent": "a percentage",
    "analysis.percent": "a percentage",
    "prompt.replace.second": "'replaced {k}': the number alone; its counted card follows",
    "loading.download": "megabytes with one decimal: a quantity with its unit's symbol",
}
# The terms messages may inflect ({who.erg}): which catalog words each parameter can hold.
TERMS = {
    "who": ("seat.you", "seat.computer", "seat.YAY", "seat.WOW"),
    "seat": ("seat.YAY", "seat.WOW"),
    "level": ("level.easy", "level.medium", "level.hard", "level.master", "level.random"),
}


def _load(lang: str) -> dict[str, str]:
    path = CATALOGS / f"{lang}.json"
    assert path.is_file(), f"missing catalog {path}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_languages_shipped():
    assert {p.stem for p in CATALOGS.glob("*.json")} == set(LANGUAGES)


@pytest.mark.parametrize("lang", OTHERS)
def test_catalog_has_exactly_the_english_keys(lang):
    en, other = _load("en"), _load(lang)
    missing = sorted(set(en) - set(other) - _forms(other))
    extra = sorted(set(other) - set(en) - _forms(other))
    assert not missing, f"{lang}.json misses {len(missing)} keys: {missing}"
    assert not extra, f"{lang}.json has keys English does not: {extra}"


def _forms(catalog: dict) -> set[str]:
    """A catalog's own forms of its terms (``seat.computer.erg``): keys only it needs."""
    words = {key for keys in TERMS.values() for key in keys}
    return {k for k in catalog if k.rpartition(".")[0] in words and k not in _load("en")}


def _string_problems(lang: str, en: dict[str, str], other: dict) -> list[str]:
    """What is wrong with ``other``'s strings: not a string, empty where English is not,
    a message that does not parse, or parameters that differ from English."""
    problems = []
    for key, text in other.items():
        if not isinstance(text, str):
            problems.append(f"{lang}:{key} is not a string")
            continue
        if not text.strip() and en.get(key, "").strip():
            problems.append(f"{lang}:{key} is empty")
            continue
        try:
            names = i18n.placeholders(text)
        except MessageSyntaxError as exc:
            problems.append(f"{lang}:{key} does not parse: {exc}")
            continue
        if key in en and names != i18n.placeholders(en[key]):
            problems.append(f"{lang}:{key} parameters {sorted(names)} differ from English "
                            f"{sorted(i18n.placeholders(en[key]))}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strings_and_placeholders(lang):
    problems = _string_problems(lang, _load("en"), _load(lang))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("text", "found"), [
    ("Score: {n}}", "does not parse"),  # a single '}'
    ("Score: {n", "does not parse"),  # an unclosed '{'
    ("{n, plural, one {# point}}", "does not parse"),  # no 'other'
    ("{n, plural, one {# point} other {# points}", "does not parse"),
    ("{n, plural, one {# point} one {#} other {# points}}", "does not parse"),
    ("{n, choose, one {#} other {#}}", "does not parse"),
    ("Score: {count}", "differ from English"),
    ("", "is empty"),
    (7, "not a string"),
])
def test_the_string_check_catches_broken_translations(text, found):
    """The check above must be able to fail: each broken string is reported."""
    problems = _string_problems("xx", {"k": "Score: {n}"}, {"k": text})
    assert len(problems) == 1 and found in problems[0]
    assert _string_problems("xx", {"k": "Score: {n}"}, {"k": "Punkte: {n}"}) == []
    assert _string_problems("xx", {"k": "Score: {n}"},
                            {"k": "{n, plural, one {# Punkt} other {# Punkte}}"}) == []


@pytest.mark.parametrize("lang", OTHERS)
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


# -- plurals ------------------------------------------------------------------------------
SAMPLES = [*range(0, 2001), *map(Decimal, ("0.0", "1.0", "1.5", "2.5", "0.1", "1.00"))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_plural_rule_is_cldrs(lang):
    """``lang.plural`` gives every number the category CLDR (Babel's data) gives it."""
    rule = compile_rule(_load(lang)[i18n.PLURAL_KEY])
    cldr = Locale.parse(lang).plural_form
    wrong = [n for n in SAMPLES if rule(n) != cldr(n)]
    assert not wrong, f"{lang}: {wrong[:10]} take another category than CLDR's"


def test_the_plural_check_can_fail():
    """A rule that is not the language's own is caught (Basque's 'n = 1' is not
    French's 'i = 0,1')."""
    rule = compile_rule("one: i = 0,1")
    cldr = Locale.parse("eu").plural_form
    assert [n for n in range(5) if rule(n) != cldr(n)] == [0]


def _categories(lang: str) -> set[str]:
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


def _plural_problems(lang: str, catalog: dict[str, str]) -> list[str]:
    problems = []
    needed = _categories(lang)
    for key, text in catalog.items():
        for part in walk(parse(text)):
            if isinstance(part, Choice) and part.kind == PLURAL:
                have = {s for s, _ in part.cases if not s.startswith("=")}
                if have != needed:
                    problems.append(f"{lang}:{key} {{{part.name}, plural}} has "
                                    f"{sorted(have)}, {lang} needs {sorted(needed)}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_has_the_languages_categories(lang):
    problems = _plural_problems(lang, _load(lang))
    assert not problems, "\n".join(problems)
    assert _plural_problems("en", {"k": "{n, plural, other {# cards}}"})  # the check bites


def _counted_without_plural(catalog: dict[str, str]) -> list[str]:
    missing = []
    for key, text in catalog.items():
        parts = list(walk(parse(text)))
        plural = {p.name for p in parts if isinstance(p, Choice) and p.kind == PLURAL}
        shown = {p.name for p in parts if isinstance(p, Arg)}
        for name in sorted((shown & set(COUNTS)) - plural):
            if key not in BARE_NUMBERS:
                missing.append(f"en:{key} shows {{{name}}} without choosing by it "
                               f"({{{name}, plural, one {{…}} other {{…}}}})")
    return missing


def test_every_count_english_shows_chooses_its_words_by_the_number():
    missing = _counted_without_plural(_load("en"))
    assert not missing, "\n".join(missing)
    assert _counted_without_plural({"x": "{rounds} rounds played ({tied} tied)."})


def test_bare_numbers_are_real_keys():
    assert set(BARE_NUMBERS) <= set(_load("en"))


# -- inflection ----------------------------------------------------------------------------
def _letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


def _glued(catalog: dict[str, str]) -> list[str]:
    """Messages with a letter right against a parameter ("{n}tik", "ya{who}") or an
    optional ending in brackets ("{who}(e)k", "(r)en")."""
    found = []
    for key, text in catalog.items():
        for match in re.finditer(r"\{[^{}]*\}", text):
            before = text[match.start() - 1] if match.start() else " "
            after = text[match.end()] if match.end() < len(text) else " "
            if ", " in match.group():
                continue
            if _letter(before) or _letter(after) or after == "(":
                found.append(f"{key}: {text[max(0, match.start() - 8):match.end() + 8]!r}")
        if re.search(r"\((?:[^\W\d_]{1,3})\)[^\W\d_]", text):
            found.append(f"{key}: an optional ending in brackets: {text!r}")
    return found


@pytest.mark.parametrize("lang", OTHERS)
def test_no_case_ending_is_glued_onto_a_parameter(lang):
    glued = _glued(_load(lang))
    assert not glued, f"{lang}: write these so that they need no ending, or use a term's " \
                      f"form ({{who.erg}}):\n" + "\n".join(glued)


def test_the_glue_check_bites():
    assert [f.split(":")[0] for f in _glued({"a": "{n}tik", "b": "{who}(e)k", "c": "ya{who}",
                                             "d": "(r)en x", "e": "{who}ला"})] == \
        ["a", "b", "b", "c", "d", "e"]
    assert _glued({"a": "{n} kartatik", "b": "{who.erg} erasoko du",
                   "c": "{n, plural, one {#} other {#}}"}) == []


def _form_problems(lang: str, catalog: dict[str, str]) -> list[str]:
    problems = []
    for key, text in catalog.items():
        for part in walk(parse(text)):
            if isinstance(part, Arg) and part.form:
                family = TERMS.get(part.name)
                if family is None:
                    problems.append(f"{lang}:{key} asks {{{part.name}.{part.form}}}, but "
                                    f"{part.name} is not a term (terms: {sorted(TERMS)})")
                    continue
                problems += [f"{lang}:{key} asks {{{part.name}.{part.form}}}: {lang} has no "
                             f"'{word}.{part.form}'"
                             for word in family if f"{word}.{part.form}" not in catalog]
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_form_a_message_asks_for_exists(lang):
    problems = _form_problems(lang, _load(lang))
    assert not problems, "\n".join(problems)
    assert _form_problems("xx", {"k": "{who.erg} x", "seat.you.erg": "Zuk"})
    assert _form_problems("xx", {"k": "{n.abl} x"})


def _plural_names(text: str) -> set[str]:
    return {p.name for p in walk(parse(text)) if isinstance(p, Choice) and p.kind == PLURAL}


@pytest.mark.parametrize("lang", OTHERS)
def test_where_english_counts_every_language_counts(lang):
    """A count English chooses its words by is chosen by in every language too (two equal
    branches where the language's words do not change)."""
    en, other = _load("en"), _load(lang)
    missing = [f"{lang}:{key} shows {{{name}}} without {{{name}, plural, …}}"
               for key, text in en.items() if key in other
               for name in sorted(_plural_names(text) - _plural_names(other[key]))]
    assert not missing, "\n".join(missing)
