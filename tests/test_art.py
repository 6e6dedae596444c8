"""The card art sprite (web/art/deck.svg): complete, small, and safe to reference.

The page draws art with ``<use href="#sprite-art-7"/>`` from the sprite's copy in index.html
(scripts/build_sprite.py); these checks need no browser (scripts/preview_art.py renders
every symbol to look at).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scripts import build_sprite
from tacocat.cards import NAMES
from web.views.card_view import SPRITE as IN_PAGE
from web.views.card_view import art

ROOT = Path(__file__).resolve().parent.parent

SPRITE = ROOT / "web" / "art" / "deck.svg"
BROTLI_JS = ROOT / "scripts" / "brotli.mjs"
NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
ART_IDS = [f"art-{value}" for value in NAMES]
OTHER_IDS = ["card-back", "cat", "cat-step", "goal-yay", "goal-wow"]
MAX_SYMBOL = 4096
MAX_RAW = 60 * 1024
MAX_BROTLI = 25 * 1024
# Drawing and structure only: no text (no fonts), no scripts or foreign content, no
# filters, no raster images, no stylesheets (they do not cross a <use> boundary reliably).
FORBIDDEN = {"text", "tspan", "textPath", "script", "foreignObject", "image", "filter",
             "font", "font-face", "style", "title", "a", "iframe", "video", "audio"}
GRADIENTS = {"linearGradient", "radialGradient"}
SHAPES = {"path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


@pytest.fixture(scope="module")
def raw() -> bytes:
    return SPRITE.read_bytes()


@pytest.fixture(scope="module")
def root(raw) -> ET.Element:
    return ET.fromstring(raw)


@pytest.fixture(scope="module")
def symbols(root) -> dict[str, ET.Element]:
    out: dict[str, ET.Element] = {}
    for sym in root.iter(f"{{{NS}}}symbol"):
        assert sym.get("id") not in out, f"duplicate symbol id {sym.get('id')!r}"
        out[sym.get("id")] = sym
    return out


def view_box(sym: ET.Element) -> tuple[float, ...]:
    return tuple(float(x) for x in re.split(r"[\s,]+", (sym.get("viewBox") or "").strip()))


def test_is_a_standalone_svg_document(root):
    assert root.tag == f"{{{NS}}}svg"


@pytest.mark.parametrize("sym_id", [*ART_IDS, *OTHER_IDS])
def test_symbol_exists(symbols, sym_id):
    assert sym_id in symbols, f"web/art/deck.svg has no <symbol id={sym_id!r}>"


def test_every_symbol_has_a_view_box(symbols):
    for sym_id, sym in symbols.items():
        box = view_box(sym) if sym.get("viewBox") else ()
        assert len(box) == 4 and box[2] > 0 and box[3] > 0, f"{sym_id}: viewBox {box}"


def test_view_boxes_fit_their_use(symbols):
    for sym_id in ART_IDS:
        assert view_box(symbols[sym_id]) == (0, 0, 100, 100), sym_id
    _, _, w, h = view_box(symbols["card-back"])
    assert 1.35 <= h / w <= 1.5, f"card-back is {w}x{h}, not card-shaped (~1:1.42)"
    assert view_box(symbols["cat"]) == view_box(symbols["cat-step"]), "cat poses differ"


def test_cat_poses_differ(raw):
    text = raw.decode()
    spans = {s: re.search(rf'<symbol id="{s}".*?</symbol>', text, re.S) for s in
             ("cat", "cat-step")}
    assert all(spans.values())
    assert spans["cat"].group(0).replace('id="cat"', "") != spans["cat-step"].group(0).replace(
        'id="cat-step"', ""), "cat-step is the same drawing as cat"


@pytest.mark.parametrize("sym_id", ART_IDS)
def test_art_symbol_size(raw, sym_id):
    """Each illustration's source text (what ships) is at most 4 KB."""
    match = re.search(rf'<symbol\b[^>]*\bid="{sym_id}".*?</symbol>'.encode(), raw, re.S)
    assert match, sym_id
    assert len(match.group(0)) <= MAX_SYMBOL, f"{sym_id}: {len(match.group(0))} bytes"


def test_total_raw_size(raw):
    assert len(raw) <= MAX_RAW, f"deck.svg is {len(raw)} bytes raw"


def _brotli_size(data: bytes, tmp_path: Path) -> int:
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        return len(brotli.compress(data, quality=11))
    node = shutil.which("node")
    if not node or not BROTLI_JS.is_file():
        pytest.skip("no brotli: neither Python's brotli module nor node + scripts/brotli.mjs")
    src, dst = tmp_path / "deck.svg", tmp_path / "deck.svg.br"
    src.write_bytes(data)
    job = tmp_path / "job.json"
    job.write_text(json.dumps([[str(src), str(dst)]]), encoding="utf-8")
    subprocess.run([node, str(BROTLI_JS), str(job)], check=True, timeout=60)
    return dst.stat().st_size


def test_brotli_size(raw, tmp_path):
    """Compressed as the build compresses it (scripts/compress.py: brotli quality 11)."""
    size = _brotli_size(raw, tmp_path)
    assert 0 < size <= MAX_BROTLI, f"deck.svg is {size} bytes brotli"


def test_no_forbidden_elements(root, symbols):
    found = sorted({local(el.tag) for el in root.iter()} & FORBIDDEN)
    assert not found, f"forbidden elements: {found}"
    for sym_id, sym in symbols.items():
        if sym_id != "card-back":
            grads = {local(el.tag) for el in sym.iter()} & GRADIENTS
            assert not grads, f"{sym_id}: gradients are for the card back only"


def test_no_event_handlers(root):
    bad = [(local(el.tag), name) for el in root.iter() for name in el.attrib
           if local(name).lower().startswith("on")]
    assert not bad, f"event handler attributes: {bad}"


def test_references_stay_inside_the_sprite(root):
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        for name, value in el.attrib.items():
            if name in ("href", XLINK):
                assert value.startswith("#"), f"<{local(el.tag)} {name}={value!r}>: external"
                assert value[1:] in ids, f"{value} points at nothing"
            for target in re.findall(r"url\(\s*['\"]?([^)'\"]*)", value):
                assert target.startswith("#"), f"{name}={value!r}: external url()"
                assert target[1:] in ids, f"{name}={value!r} points at nothing"


def test_internal_ids_are_prefixed_and_unique(root, symbols):
    """Ids other than the symbols' carry a prefix (``bk-p``) so no page id can collide."""
    seen: set[str] = set()
    for el in root.iter():
        el_id = el.get("id")
        if not el_id:
            continue
        assert el_id not in seen, f"duplicate id {el_id!r}"
        seen.add(el_id)
        if el.tag != f"{{{NS}}}symbol":
            assert re.fullmatch(r"[a-z][a-z0-9]*-[a-z0-9-]+", el_id), f"unprefixed id {el_id!r}"
            assert el_id not in {*ART_IDS, *OTHER_IDS}, el_id


def test_shapes_have_their_own_colours(symbols):
    """Every shape sets its fill itself or inherits it from inside its symbol, so page CSS
    on the <svg> (e.g. ``.cat svg { fill: ... }``) cannot recolour the art."""

    def walk(el: ET.Element, fill: str | None, where: str) -> None:
        fill = el.get("fill", fill)
        if local(el.tag) in SHAPES:
            assert fill is not None, f"{where}: a <{local(el.tag)}> without a fill"
        for child in el:
            walk(child, fill, where)

    for sym_id, sym in symbols.items():
        walk(sym, None, sym_id)


@pytest.mark.parametrize("sym_id", [*ART_IDS, "cat", "cat-step", "goal-yay", "goal-wow"])
def test_outlines_follow_the_page_colour(symbols, sym_id):
    """Outlines are ``currentColor`` (the page sets ``color``), not a fixed colour."""
    strokes = {el.get("stroke") for el in symbols[sym_id].iter() if el.get("stroke")}
    assert "currentColor" in strokes, f"{sym_id}: no currentColor outline"


# --- the sprite's copy in index.html (scripts/build_sprite.py) ---------------------------
def test_the_page_holds_the_current_sprite():
    """index.html's copy is what scripts/build_sprite.py makes of deck.svg now (edit the
    sprite, then run the script: this fails until then)."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert build_sprite.render(page, SPRITE.read_text(encoding="utf-8")) == page, (
        "index.html's sprite is stale: run .venv/bin/python -m scripts.build_sprite")


def test_the_copy_names_only_its_own_prefixed_ids_and_the_page_uses_only_those():
    copy = build_sprite.inline(SPRITE.read_text(encoding="utf-8"))
    ids = re.findall(r'\bid="([^"]+)"', copy)
    assert ids and all(i.startswith(build_sprite.PREFIX) for i in ids)
    refs = re.findall(r'href="#([^"]+)"', copy) + re.findall(r"url\(#([^)]+)\)", copy)
    assert refs and set(refs) <= set(ids)  # the sprite's own uses and pattern, renamed
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    outside = build_sprite._BLOCK.sub("", page)
    page_ids = re.findall(r'\bid="([^"]+)"', outside)
    assert not set(page_ids) & set(ids), "a page id meets a sprite id"
    uses = re.findall(r'<use\b[^>]*href="([^"]+)"', outside)
    assert uses and all(u.startswith("#" + build_sprite.PREFIX) and u[1:] in ids for u in uses)
    # the Python side names symbols the same way (web/views/card_view.py)
    assert IN_PAGE == "#" + build_sprite.PREFIX
    assert art("art-7", "card-art").find("use").attrs["href"][1:] in ids


def test_a_page_without_its_place_for_the_sprite_is_refused():
    with pytest.raises(build_sprite.SpriteError):
        build_sprite.render("<html><body></body></html>", SPRITE.read_text(encoding="utf-8"))
    with pytest.raises(build_sprite.SpriteError):
        build_sprite.inline("<g/>")
