"""The article snippet (web/embed.js) is generated from scripts/embed_template.js and the
catalogs (scripts/build_embed.py): the committed file must be current, carry each poster
string once per language, fall back to English, and stay small and ASCII."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scripts import build_embed

ROOT = Path(__file__).resolve().parent.parent

EMBED = ROOT / build_embed.OUTPUT_REL


def _strings_in(text: str) -> dict:
    return json.loads(re.search(r"var STRINGS = (\{.*?\});\n", text).group(1))


def test_committed_snippet_is_current():
    assert not build_embed.is_stale(), (
        f"{build_embed.OUTPUT_REL} is stale (a catalog or scripts/embed_template.js changed): "
        "run `make embed` and commit it"
    )


def test_every_language_names_play_and_the_game():
    strings = _strings_in(EMBED.read_text(encoding="utf-8"))
    catalogs = sorted(p.stem for p in (ROOT / "web" / "i18n").glob("*.json"))
    assert sorted(strings) == catalogs
    english = strings["en"]
    assert {"app.title", "embed.play", "embed.tagline"} <= set(english)
    for lang in catalogs:
        catalog = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for key in build_embed.KEYS:
            shown = strings[lang].get(key) or english.get(key)
            assert shown == catalog.get(key, english.get(key)), (lang, key)
        # Only what differs from English is repeated.
        assert all(strings[lang][k] != english.get(k) for k in strings[lang] if lang != "en")


def test_missing_keys_fall_back_to_english(tmp_path):
    for lang, data in (("en", {"app.title": "T", "embed.play": "Play",
                               "lesson.duel.title": "Duel"}),
                       ("xx", {"app.title": "T", "embed.play": "Spiel"})):
        (tmp_path / f"{lang}.json").write_text(json.dumps(data), encoding="utf-8")
    strings = build_embed.strings(tmp_path)
    assert strings == {"en": {"app.title": "T", "embed.play": "Play", "lesson.duel.title": "Duel"},
                       "xx": {"embed.play": "Spiel"}}


def test_snippet_is_small_ascii_and_valid_javascript():
    data = EMBED.read_bytes()
    # (with the puzzle poster's words in five languages, 12.7 KB raw, 4.1 KB brotli: an
    # article without loading ahead gets < 15 KB before Play, e2e/test_embed.py)
    assert len(data) < 13000
    data.decode("ascii")  # \\u escapes: right in an article of any encoding
    text = data.decode()
    assert json.loads(re.search(r"var LESSONS = (\[.*?\]);", text).group(1)) == \
        list(build_embed.LESSONS)
    if shutil.which("node"):
        check = subprocess.run(["node", "--check", str(EMBED)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
    else:
        pytest.skip("node not installed")
