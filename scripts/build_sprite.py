#!/usr/bin/env python3
"""Place the card art sprite (web/art/deck.svg, the one source) inside index.html.

A ``<use>`` that names another file makes the browser look that document up again for
every picture it builds: ~150 lookups a game, and ~1.7x the style work per change
(docs/PERFORMANCE.md, issue #38). In the page itself the pictures are plain in-document
references. The copy sits between ``<!-- sprite:begin -->`` and ``<!-- sprite:end -->`` at
the top of the body; every id in it gets the ``sprite-`` prefix (``#sprite-art-7``; so
``cat`` cannot meet the page's own ``#cat``), and so do the references inside it.

    .venv/bin/python -m scripts.build_sprite          # rewrite index.html's copy
    .venv/bin/python -m scripts.build_sprite --check  # exit 1 if it is out of date

tests/test_art.py runs ``--check``'s comparison, so an edited sprite cannot ship stale.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPRITE = ROOT / "web" / "art" / "deck.svg"
PAGE = ROOT / "index.html"
PREFIX = "sprite-"
BEGIN, END = "<!-- sprite:begin -->", "<!-- sprite:end -->"
_BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)


class SpriteError(Exception):
    """The page has no place for the sprite, or the sprite is not what this expects."""


def inline(svg: str) -> str:
    """The sprite as an inline, hidden ``<svg>``: comments and the XML namespace dropped (the
    HTML parser puts ``<svg>`` in it anyway), every id and in-sprite reference prefixed."""
    body = re.sub(r"<!--.*?-->", "", svg, flags=re.S).strip()
    opening = re.match(r"<svg\b[^>]*>", body)
    if not opening or not body.endswith("</svg>"):
        raise SpriteError("web/art/deck.svg is not one <svg> element")
    inner = body[opening.end():-len("</svg>")]
    inner = re.sub(r'\bid="([^"]+)"', rf'id="{PREFIX}\1"', inner)
    inner = re.sub(r'\bhref="#([^"]+)"', rf'href="#{PREFIX}\1"', inner)
    inner = re.sub(r"url\(#([^)]+)\)", rf"url(#{PREFIX}\1)", inner)
    lines = [line.strip() for line in inner.splitlines() if line.strip()]
    return ('<svg class="sprite" aria-hidden="true" focusable="false" width="0" height="0">'
            + "".join(lines) + "</svg>")


def render(page: str, svg: str) -> str:
    """``page`` with its sprite block replaced by the current sprite."""
    if len(_BLOCK.findall(page)) != 1:
        raise SpriteError(f"index.html needs exactly one {BEGIN} … {END} block")
    return _BLOCK.sub(lambda _: f"{BEGIN}{inline(svg)}{END}", page)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = ap.parse_args(argv)
    page = PAGE.read_text(encoding="utf-8")
    try:
        wanted = render(page, SPRITE.read_text(encoding="utf-8"))
    except SpriteError as exc:
        print(f"build_sprite: {exc}", file=sys.stderr)
        return 2
    if wanted == page:
        return 0
    if args.check:
        print("build_sprite: index.html's sprite is out of date: run "
              "scripts/build_sprite.py", file=sys.stderr)
        return 1
    PAGE.write_text(wanted, encoding="utf-8")
    print("build_sprite: index.html updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
