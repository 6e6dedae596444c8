#!/usr/bin/env python3
"""Draw Tacocat's app icons locally (standard library only; no downloads).

    python3 -m scripts.make_icons      # writes icons/icon.svg, icon-192.png, icon-512.png,
                                       # icon-maskable-512.png

One geometry (a cat face on a rounded tile) is written as SVG and rasterised to PNG
with 3x3 supersampling, using zlib + struct for the PNG encoding. The outputs are
committed; rerun only when the design changes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "icons"

BG = (0xC2, 0x41, 0x0C)  # burnt orange tile
FACE = (0xFF, 0xF4, 0xE0)  # cream cat
INK = (0x2B, 0x1A, 0x10)  # eyes/nose

# Geometry on a 100x100 canvas.
HEAD = (50.0, 56.0, 27.0)  # cx, cy, r
EARS = (((26.0, 44.0), (30.0, 16.0), (47.0, 32.0)), ((74.0, 44.0), (70.0, 16.0), (53.0, 32.0)))
EYES = ((40.0, 54.0, 4.2), (60.0, 54.0, 4.2))
NOSE = ((45.5, 64.0), (54.5, 64.0), (50.0, 69.5))


def svg(maskable: bool = False) -> str:
    radius = 0 if maskable else 22
    ears = "".join(
        f'<polygon points="{" ".join(f"{x:g},{y:g}" for x, y in ear)}" fill="#fff4e0"/>'
        for ear in EARS
    )
    eyes = "".join(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#2b1a10"/>' for x, y, r in EYES)
    nose = " ".join(f"{x:g},{y:g}" for x, y in NOSE)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="{radius}" fill="#c2410c"/>'
        f"{ears}"
        f'<circle cx="{HEAD[0]:g}" cy="{HEAD[1]:g}" r="{HEAD[2]:g}" fill="#fff4e0"/>'
        f'{eyes}<polygon points="{nose}" fill="#2b1a10"/>'
        "</svg>\n"
    )


def _in_triangle(px: float, py: float, tri) -> bool:
    (x1, y1), (x2, y2), (x3, y3) = tri
    d1 = (px - x2) * (y1 - y2) - (x1 - x2) * (py - y2)
    d2 = (px - x3) * (y2 - y3) - (x2 - x3) * (py - y3)
    d3 = (px - x1) * (y3 - y1) - (x3 - x1) * (py - y1)
    neg = d1 < 0 or d2 < 0 or d3 < 0
    pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (neg and pos)


def _in_round_rect(px: float, py: float, radius: float) -> bool:
    if radius <= 0:
        return 0 <= px <= 100 and 0 <= py <= 100
    cx = min(max(px, radius), 100 - radius)
    cy = min(max(py, radius), 100 - radius)
    return (px - cx) ** 2 + (py - cy) ** 2 <= radius * radius


def _color_at(px: float, py: float, radius: float, scale: float):
    """RGBA at a canvas point; `scale` shrinks the art toward the centre (maskable)."""
    if not _in_round_rect(px, py, radius):
        return (0, 0, 0, 0)
    x = 50 + (px - 50) / scale
    y = 50 + (py - 50) / scale
    for ex, ey, r in EYES:
        if (x - ex) ** 2 + (y - ey) ** 2 <= r * r:
            return (*INK, 255)
    if _in_triangle(x, y, NOSE):
        return (*INK, 255)
    hx, hy, hr = HEAD
    if (x - hx) ** 2 + (y - hy) ** 2 <= hr * hr or any(_in_triangle(x, y, e) for e in EARS):
        return (*FACE, 255)
    return (*BG, 255)


def raster(size: int, maskable: bool = False) -> bytes:
    radius = 0 if maskable else 22
    scale = 0.8 if maskable else 1.0  # keep the face inside the maskable safe zone
    n = 3
    rows = []
    for j in range(size):
        row = bytearray([0])  # filter type 0
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(n):
                for si in range(n):
                    px = (i + (si + 0.5) / n) * 100 / size
                    py = (j + (sj + 0.5) / n) * 100 / size
                    c = _color_at(px, py, radius, scale)
                    for k in range(3):
                        acc[k] += c[k] * c[3]
                    acc[3] += c[3]
            a = acc[3]
            if a:
                row += bytes((acc[0] // a, acc[1] // a, acc[2] // a, a // (n * n)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    (OUT / "icon-192.png").write_bytes(raster(192))
    (OUT / "icon-512.png").write_bytes(raster(512))
    (OUT / "icon-maskable-512.png").write_bytes(raster(512, maskable=True))
    for p in sorted(OUT.iterdir()):
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
