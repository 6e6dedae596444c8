#!/usr/bin/env python3
"""Contact sheets of the card art sprite (web/art/deck.svg), to look at (not a test).

    .venv/bin/python -m scripts.preview_art                   # -> /tmp/art/*.png
    .venv/bin/python -m scripts.preview_art --out /tmp/x --scale 2
    .venv/bin/python -m scripts.preview_art --engine firefox  # Debian's firefox-esr (BiDi)

Writes an HTML page that references the sprite file itself (``<use
href=".../deck.svg#art-7">``: an external reference, which needs same-origin HTTP, not
``file://``; the game draws the same symbols from its copy in index.html), serves the
repo root and that page from one local server on 127.0.0.1, and
screenshots it: every ``art-N`` in a cream card frame at 40 px and 140 px wide, on the
game's own tinted faces at 60 px, the back, both cat poses and the goals at 32 and 96 px,
each on a light page and on a dark (#1b1f24) one. Symbols are read from the sprite, so a
new one shows up without editing this script. Fails if the page asks for anything not on
the local server or gets an HTTP error. Nothing is downloaded.

Files: ``<engine>-<theme>.png`` (the whole sheet) and ``<engine>-<theme>-<section>.png``
(one section each: ``art40``, ``art140``, ``faces``, ``tokens``).
"""

from __future__ import annotations

import argparse
import base64
import html
import http.server
import os
import sys
import threading
import xml.etree.ElementTree as ET
from functools import partial
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tacocat.cards import NAMES

ROOT = Path(__file__).resolve().parent.parent

SPRITE = "web/art/deck.svg"
SVG_NS = "{http://www.w3.org/2000/svg}"
PREVIEW = "/__preview/"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
]
THEMES = {"light": ("#f6f1e7", "#222"), "dark": ("#1b1f24", "#e8e4dc")}
SECTIONS = ("art40", "art140", "faces", "tokens")

CSS = """
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; font: 13px/1.3 system-ui, sans-serif;
  background: var(--bg); color: var(--ink); }
section { padding: 8px 4px 12px; }
h2 { font-size: 13px; margin: 0 0 6px; font-weight: 600; }
.row { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
.card { position: relative; display: flex; flex-direction: column; align-items: center;
  background: #fffaf0; border: 2px solid #8a6a48; border-radius: 8px; color: #2a1f1a;
  box-shadow: 0 1px 2px rgba(0,0,0,.25); padding: 2px; }
.card .v { align-self: flex-start; font-weight: 800; line-height: 1; padding-left: 2px; }
.card .n { font-size: 11px; font-weight: 600; text-align: center; line-height: 1.05;
  padding: 2px 0 3px; }
.s40 { width: 48px; height: 68px; }
.s40 .v { font-size: 11px; }
.s140 { width: 150px; height: 213px; border-radius: 12px; }
.s140 .v { font-size: 20px; }
.s140 .n { font-size: 13px; }
.game { width: 60px; height: 88px; --hue: calc(var(--v) * 29 + 10);
  border-color: hsl(var(--hue) 45% 35%); color: hsl(var(--hue) 60% 22%);
  background: linear-gradient(160deg, hsl(var(--hue) 80% 96%), hsl(var(--hue) 70% 86%)); }
.game .v { font-size: 18px; }
.game svg { color: #2a1f1a; }
.back { border-radius: 6px; display: block; box-shadow: 0 1px 2px rgba(0,0,0,.25); }
.tok { display: flex; flex-direction: column; align-items: center; gap: 2px; font-size: 11px; }
.tok svg { color: #2a1f1a; }
#art40 .row { max-width: 360px; }
#art40, #tokens32 { width: max-content; }
.felt { background: #2f5a2b; padding: 6px; border-radius: 6px; display: flex; gap: 6px; }
"""


def symbols(sprite: Path) -> dict[str, str]:
    """{symbol id: viewBox} in file order."""
    root = ET.parse(sprite).getroot()
    return {s.get("id"): s.get("viewBox", "0 0 100 100") for s in root.iter(f"{SVG_NS}symbol")}


def _use(href: str, sym: str, view_box: str, width: float, cls: str = "") -> str:
    _, _, w, h = (float(x) for x in view_box.split())
    height = round(width * h / w, 1)
    return (f'<svg class="{cls}" width="{width}" height="{height}" aria-hidden="true">'
            f'<use href="{href}#{sym}"/></svg>')


def build_page(syms: dict[str, str], theme: str, sprite_url: str) -> str:
    bg, ink = THEMES[theme]
    arts = [(v, f"art-{v}") for v in NAMES if f"art-{v}" in syms]
    missing = [f"art-{v}" for v in NAMES if f"art-{v}" not in syms]
    others = [s for s in syms if not s.startswith("art-")]

    def card(value: int, sym: str, size: int, cls: str, name: bool) -> str:
        label = f'<span class="n">{html.escape(NAMES[value])}</span>' if name else ""
        return (f'<div class="card {cls}" style="--v:{value}"><span class="v">{value}</span>'
                f'{_use(sprite_url, sym, syms[sym], size)}{label}</div>')

    back = syms.get("card-back")
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
             f"<title>art {theme}</title><style>:root{{--bg:{bg};--ink:{ink}}}{CSS}</style>"
             "</head><body>"]
    if missing:
        parts.append(f"<p><b>missing symbols: {', '.join(missing)}</b></p>")
    backs = {40: "", 140: ""}
    if back:
        for size in backs:
            backs[size] = _use(sprite_url, "card-back", back, size + 8, "back")
    parts.append('<section id="art40"><h2>art at 40 px (cards 48 px)</h2><div class="row">'
                 + "".join(card(v, s, 40, "s40", False) for v, s in arts)
                 + backs[40] + "</div></section>")
    parts.append('<section id="art140"><h2>art at 140 px</h2><div class="row">'
                 + "".join(card(v, s, 140, "s140", True) for v, s in arts)
                 + backs[140] + "</div></section>")
    parts.append('<section id="faces"><h2>on the game\'s tinted faces (60 px cards, art 44 px)'
                 '</h2><div class="row">'
                 + "".join(card(v, s, 44, "game", False) for v, s in arts) + "</div></section>")
    tokens = [s for s in others if s != "card-back"]

    def token_row(size: int, row_id: str) -> str:
        icons = [_use(sprite_url, s, syms[s], size) for s in tokens]
        felt = f'<div class="felt">{"".join(icons)}</div>' if size < 50 else ""
        return (f'<div class="row" id="{row_id}">'
                + "".join(f'<div class="tok">{icon}<span>{s}</span></div>'
                          for s, icon in zip(tokens, icons, strict=True))
                + felt + "</div>")

    parts.append('<section id="tokens"><h2>tokens at 32 px (and on the felt), 96 px</h2>'
                 f'{token_row(32, "tokens32")}{token_row(96, "tokens96")}</section></body></html>')
    return "".join(parts)


class Handler(http.server.SimpleHTTPRequestHandler):
    """The repo root, plus the preview pages under /__preview/ from ``pages``."""

    def __init__(self, *args, pages: Path, seen: list, **kwargs):
        self.pages = pages
        self.seen = seen
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        path = unquote(urlsplit(path).path)
        if path.startswith(PREVIEW):
            return str(self.pages / Path(path[len(PREVIEW):]).name)
        return super().translate_path(path)

    def send_response(self, code, message=None):
        self.seen.append((code, self.path))
        super().send_response(code, message)

    def log_message(self, format, *args):  # quiet
        pass


def start_server(pages: Path) -> tuple[http.server.ThreadingHTTPServer, str, list]:
    seen: list = []
    handler = partial(Handler, directory=str(ROOT), pages=pages, seen=seen)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}", seen


def shoot_chromium(base: str, out: Path, scale: float) -> list[Path]:
    from playwright.sync_api import sync_playwright

    shots, foreign = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM if os.access(CHROMIUM, os.X_OK) else None,
            args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900},
                                    device_scale_factor=scale)
            page.on("request", lambda r: r.url.startswith(base) or foreign.append(r.url))
            for theme in THEMES:
                page.goto(f"{base}{PREVIEW}{theme}.html")
                page.wait_for_load_state("networkidle")
                shots.append(out / f"chromium-{theme}.png")
                page.screenshot(path=str(shots[-1]), full_page=True)
                for section in (*SECTIONS, "tokens32"):
                    shots.append(out / f"chromium-{theme}-{section}.png")
                    page.locator(f"#{section}").screenshot(path=str(shots[-1]))
            # The small sizes' real pixels, enlarged 3x without smoothing (to judge them).
            for theme in THEMES:
                for section in ("art40", "tokens32"):
                    shots.append(_zoom(browser, out / f"chromium-{theme}-{section}.png"))
        finally:
            browser.close()
    if foreign:
        raise SystemExit(f"preview_art: non-local requests: {foreign}")
    return shots


def _zoom(browser, shot: Path, factor: int = 3) -> Path:
    """``x.png`` -> ``x-zoom.png``: the same pixels, ``factor`` times larger, unsmoothed."""
    data = base64.b64encode(shot.read_bytes()).decode()
    page = browser.new_page(device_scale_factor=1)
    try:
        page.set_content(
            "<body style='margin:0'><img style='image-rendering:pixelated;display:block'"
            f" src='data:image/png;base64,{data}'></body>")
        img = page.locator("img")
        width = page.evaluate("() => document.querySelector('img').naturalWidth")
        img.evaluate(f"(el, w) => {{ el.style.width = (w * {factor}) + 'px'; }}", width)
        page.set_viewport_size({"width": int(width * factor) + 4, "height": 200})
        zoom = shot.with_name(shot.stem + "-zoom.png")
        img.screenshot(path=str(zoom))
    finally:
        page.close()
    return zoom


def shoot_firefox(base: str, out: Path) -> list[Path]:
    from scripts import engine_drivers as drivers

    if not drivers.available("firefox"):
        raise SystemExit(f"preview_art: no Firefox at {drivers.FIREFOX}")
    shots = []
    with drivers.Firefox() as ff:
        for theme in THEMES:
            ff.resize(1400, 900)
            ff.open(f"{base}{PREVIEW}{theme}.html")
            height = ff.run("() => document.documentElement.scrollHeight")
            ff.resize(1400, int(height))
            shots.append(ff.screenshot(out / f"firefox-{theme}.png"))
        foreign = [u for u in ff.requests() if not u.startswith((base, "about:", "data:"))]
        if foreign:
            raise SystemExit(f"preview_art: non-local requests: {foreign}")
        errors = ff.errors()
        if errors:
            print(f"preview_art: firefox console errors: {errors}", file=sys.stderr)
    return shots


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/art"), help="folder for the PNGs")
    ap.add_argument("--engine", choices=("chromium", "firefox", "both"), default="chromium")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="device pixel ratio for Chromium (1 = the hardest case)")
    args = ap.parse_args(argv)
    sprite = ROOT / SPRITE
    syms = symbols(sprite)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    # Cache-busting query: a re-run after an edit never shows a stale sprite.
    sprite_url = f"/{SPRITE}?v={sprite.stat().st_mtime_ns}"
    for theme in THEMES:
        (out / f"{theme}.html").write_text(build_page(syms, theme, sprite_url), "utf-8")
    server, base, seen = start_server(out)
    try:
        shots = []
        if args.engine in ("chromium", "both"):
            shots += shoot_chromium(base, out, args.scale)
        if args.engine in ("firefox", "both"):
            shots += shoot_firefox(base, out)
    finally:
        server.shutdown()
        server.server_close()
    bad = [f"{code} {path}" for code, path in seen if code >= 400]
    if bad:
        raise SystemExit(f"preview_art: HTTP errors: {bad}")
    print(f"{len(syms)} symbols; {len(shots)} screenshots in {out}:")
    for shot in shots:
        print(f"  {shot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
