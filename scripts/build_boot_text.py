#!/usr/bin/env python3
"""Place the start-up's words, in every language, inside index.html.

Before Python runs, the page shows how the download goes ("Downloading the game: 1.2 of
3.9 MB", the time left, then "Starting Python…": index.html's boot script) — in the
reader's language, so those few messages must be in the page itself. They come from the
catalogs (web/i18n/<lang>.json, the one source: :data:`KEYS`), copied as JSON between
``<!-- boot-text:begin -->`` and ``<!-- boot-text:end -->`` in a ``<script
type="application/json" id="boot-text">``: ``{"en": {"loading.text": …}, "eu": …}``.
The boot script picks the language the page will speak (``?lang=`` → the choice kept on
this device → the browser's languages → English) and sets ``<html lang>``, which Python
then takes (web/platform/language.py).

    .venv/bin/python -m scripts.build_boot_text          # rewrite index.html's copy
    .venv/bin/python -m scripts.build_boot_text --check  # exit 1 if it is out of date

tests/test_boot_text.py runs the check, so an edited catalog cannot ship stale words.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "web" / "i18n"
PAGE = ROOT / "index.html"
KEYS = ("loading.text", "loading.download", "loading.left", "loading.engine",
        "loading.python", "loading.deal", "loading.failed")
BEGIN, END = "<!-- boot-text:begin -->", "<!-- boot-text:end -->"
_BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)


def strings(catalogs: Path = CATALOGS) -> dict[str, dict[str, str]]:
    """{language: {key: text}} for :data:`KEYS`, English first (a key a catalog lacks is
    left out: the page falls back to English)."""
    found = {path.stem: json.loads(path.read_text(encoding="utf-8"))
             for path in sorted(catalogs.glob("*.json"))}
    order = sorted(found, key=lambda code: (code != "en", code))
    return {code: {k: found[code][k] for k in KEYS if isinstance(found[code].get(k), str)}
            for code in order}


def render(page: str, catalogs: Path = CATALOGS) -> str:
    if len(_BLOCK.findall(page)) != 1:
        raise ValueError(f"index.html needs exactly one {BEGIN} … {END} block")
    data = json.dumps(strings(catalogs), ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/")  # never closes the script element early
    block = f'{BEGIN}<script type="application/json" id="boot-text">{data}</script>{END}'
    return _BLOCK.sub(lambda _: block, page)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if index.html is stale")
    args = ap.parse_args(argv)
    page = PAGE.read_text(encoding="utf-8")
    fresh = render(page)
    if args.check:
        if fresh != page:
            print("index.html's boot text is stale: run python -m scripts.build_boot_text",
                  file=sys.stderr)
            return 1
        return 0
    if fresh != page:
        PAGE.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
