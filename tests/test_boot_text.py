"""The start-up's words (index.html's boot-text block, scripts/build_boot_text.py) are the
catalogs' own, in every language, and fresh."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scripts import build_boot_text

ROOT = Path(__file__).resolve().parent.parent


def _block(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="boot-text">(.*?)</script>', page,
                      re.S)
    assert found, "index.html has no boot-text block"
    return json.loads(found.group(1))


def test_index_html_carries_the_catalogs_start_up_words():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert build_boot_text.render(page) == page, "stale: run python -m scripts.build_boot_text"
    data = _block(page)
    catalogs = {p.stem: json.loads(p.read_text(encoding="utf-8"))
                for p in (ROOT / "web" / "i18n").glob("*.json")}
    assert next(iter(data)) == "en" and set(data) == set(catalogs)
    for lang, words in data.items():
        assert set(words) == set(build_boot_text.KEYS), lang
        assert all(words[k] == catalogs[lang][k] for k in words)


def test_a_changed_catalog_makes_the_copy_stale(tmp_path):
    for path in (ROOT / "web" / "i18n").glob("*.json"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    en = json.loads((tmp_path / "en.json").read_text(encoding="utf-8"))
    en["loading.deal"] = "Shuffling…"
    (tmp_path / "en.json").write_text(json.dumps(en), encoding="utf-8")
    fresh = build_boot_text.render(page, tmp_path)
    assert fresh != page and _block(fresh)["en"]["loading.deal"] == "Shuffling…"


def test_text_cannot_close_the_script_early(tmp_path):
    (tmp_path / "en.json").write_text(json.dumps({"loading.text": "</script><b>"}),
                                      encoding="utf-8")
    page = build_boot_text.render("<!-- boot-text:begin --><!-- boot-text:end -->", tmp_path)
    assert "</script><b>" not in page and _block(page)["en"]["loading.text"] == "</script><b>"
