"""Each language's words are the rules article's words, one per concept
(docs/glossary/README.md): generated from the glossaries, these tests fail when a catalog
names a game term with another word than its glossary's, when a rival word for a concept
appears, when a glossary word claims an article sentence the article does not have, and
when an English message uses a word that is neither a glossary term nor a known ordinary
word (so a new term cannot slip in untranslated)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARIES = ROOT / "docs" / "glossary"
ARTICLES = ROOT / "docs" / "articles"
CATALOGS = ROOT / "web" / "i18n"
LANGUAGES = ("eu", "et", "sw", "mr")
WORDS = "words"  # en.toml's table of ordinary words, not a concept


def _toml(name: str) -> dict:
    return tomllib.loads((GLOSSARIES / f"{name}.toml").read_text(encoding="utf-8"))


def _catalog(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def _concepts() -> dict[str, dict]:
    return {k: v for k, v in _toml("en").items() if k != WORDS}


def _plain(text: str) -> str:
    """A message's words: parameters and plural syntax removed, branches kept."""
    text = re.sub(r"\{\w+, (?:plural|select),", " ", text)
    text = re.sub(r"\{[\w.]*\}", " ", text)
    text = re.sub(r"(?:^|\s)(?:=\d+|one|other|few|many|two|zero)\s*\{", " ", text)
    return text.replace("{", " ").replace("}", " ").replace("#", " ")


def _english_hits(concept: dict, en: dict[str, str]) -> list[str]:
    pattern = re.compile(rf"(?i)(?<![\w-])(?:{concept['en']})(?![\w-])")
    skip = concept.get("except", {})
    return [key for key, text in en.items() if key not in skip and pattern.search(_plain(text))]


def _normalised(text: str) -> str:
    return " ".join(text.split())


# -- English: every word is a term or an ordinary word --------------------------------------
def _unknown_words(en: dict[str, str], concepts: dict[str, dict], ordinary: set[str]) -> dict:
    unknown: dict[str, list[str]] = {}
    for key, text in en.items():
        if key.startswith("lang."):
            continue
        plain = _plain(text)
        for concept in concepts.values():
            if key not in concept.get("except", {}):
                plain = re.sub(rf"(?i)(?<![\w-])(?:{concept['en']})(?![\w-])", " ", plain)
        for word in re.findall(r"[A-Za-z][A-Za-z'’-]*", plain):
            if word.lower() not in ordinary:
                unknown.setdefault(word.lower(), []).append(key)
    return unknown


def test_every_english_word_is_a_glossary_term_or_an_ordinary_word():
    en = _catalog("en")
    unknown = _unknown_words(en, _concepts(), set(_toml("en")[WORDS]["ordinary"]))
    assert not unknown, (
        "English messages use words docs/glossary/en.toml does not know; add each to a "
        "concept (then to every language's glossary) or to [words] ordinary:\n"
        + "\n".join(f"  {w}: {keys[:3]}" for w, keys in sorted(unknown.items())))


def test_a_new_english_term_fails():
    concepts = {"tile": {"en": "tiles?"}}
    assert _unknown_words({"k": "A tile covers {from}."}, concepts, {"a", "covers"}) == {}
    assert _unknown_words({"k": "The meeple moves."}, concepts, {"the", "moves"}) == \
        {"meeple": ["k"]}


def test_english_exceptions_name_real_messages():
    en = _catalog("en")
    for name, concept in _concepts().items():
        assert set(concept.get("except", {})) <= set(en), name
        assert concept.get("means"), f"{name}: say what the concept means"


# -- each language --------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_gives_one_word_for_every_concept(lang):
    glossary, concepts = _toml(lang), _concepts()
    article = _normalised((ARTICLES / f"{lang}.txt").read_text(encoding="utf-8"))
    problems = [f"{name}: missing" for name in concepts if name not in glossary]
    problems += [f"{name}: not a concept of docs/glossary/en.toml" for name in glossary
                 if name not in concepts]
    for name, entry in glossary.items():
        if not entry.get("word") or not entry.get("match"):
            problems.append(f"{name}: needs its word and a `match` pattern for its forms")
            continue
        if not re.search(entry["match"], entry["word"], re.I):
            problems.append(f"{name}: `match` does not match its own word {entry['word']!r}")
        source = entry.get("source", "")
        if not source and not entry.get("note"):
            problems.append(f"{name}: give the article sentence it comes from (`source`) or "
                            "say why the article has none or is not followed (`note`)")
        if source and _normalised(source) not in article:
            problems.append(f"{name}: its source is not in docs/articles/{lang}.txt: {source!r}")
    assert not problems, f"docs/glossary/{lang}.toml:\n" + "\n".join(problems)


def _off_glossary(lang: str, glossary: dict, concepts: dict, en: dict, other: dict) -> list[str]:
    found = []
    for name, concept in concepts.items():
        entry = glossary.get(name)
        if not entry:
            continue
        word = re.compile(entry["match"], re.I)
        allowed = entry.get("except", {})
        for key in _english_hits(concept, en):
            if key in other and key not in allowed and not word.search(_plain(other[key])):
                found.append(f"{lang}:{key} says {concept['en']!r} in English but not "
                             f"{entry['word']!r}: {other[key][:90]!r}")
        rivals = entry.get("rivals")
        if rivals:
            rival = re.compile(rivals, re.I)
            found += [f"{lang}:{key} uses a rival of {entry['word']!r} "
                      f"({rival.search(_plain(text)).group()!r}): {text[:90]!r}"
                      for key, text in other.items() if rival.search(_plain(text))]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalog_uses_its_glossarys_words(lang):
    found = _off_glossary(lang, _toml(lang), _concepts(), _catalog("en"), _catalog(lang))
    assert not found, "\n".join(found)


def test_the_word_check_bites():
    concepts = {"board": {"en": "board"}}
    glossary = {"board": {"word": "mängulaud", "match": "mängulau", "rivals": r"\bväl[ij]"}}
    en = {"a": "The board", "b": "Pull the cat", "c": "A board"}
    assert _off_glossary("et", glossary, concepts, en,
                         {"a": "Mängulaud", "b": "Väli", "c": "Rada"}) == [
        "et:c says 'board' in English but not 'mängulaud': 'Rada'",
        "et:b uses a rival of 'mängulaud' ('Väli'): 'Väli'"]
    glossary["board"]["except"] = {"c": "a reason"}
    assert len(_off_glossary("et", glossary, concepts, en, {"a": "mängulauale", "c": "Rada"})) == 0
