#!/usr/bin/env python3
"""Precompressed siblings for a built site: ``x.wasm`` gets ``x.wasm.br`` (brotli, quality
11) and ``x.wasm.gz`` (gzip -9), so a host that serves them (nginx ``gzip_static`` /
``brotli_static``, Caddy ``precompressed``, scripts/serve.py ...) sends the smallest bytes
without compressing on every request, and at a quality no host uses on the fly.

    python3 -m scripts.compress dist          # build_dist.py does this

A sibling is written only for types worth compressing and only when it is at least 5 %
smaller. Outputs are cached by content hash in runtime/.build/compress/ (brotli at quality
11 takes a minute for the 9.6 MB wasm; it is made once per machine). Gzip via Python's
``gzip`` (mtime 0), brotli via Node's built-in zlib (scripts/brotli.mjs): no extra package.
Same input, same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "runtime" / ".build" / "compress"
BROTLI_JS = ROOT / "scripts" / "brotli.mjs"
COMPRESSIBLE = (
    ".html", ".js", ".mjs", ".css", ".json", ".toml", ".svg", ".webmanifest", ".wasm",
    ".zip", ".txt", ".py", ".map", ".ico",
)
ENCODINGS = {"br": ".br", "gzip": ".gz"}
MIN_BYTES = 512
MIN_SAVING = 0.05


class CompressError(Exception):
    pass


def _sha256(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def candidates(site: Path) -> list[Path]:
    return sorted(
        p for p in site.rglob("*")
        if p.is_file() and p.suffix in COMPRESSIBLE and p.stat().st_size >= MIN_BYTES
        and not p.name.endswith((".br", ".gz"))
    )


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli_many(jobs: list[tuple[Path, Path]]) -> None:
    if not jobs:
        return
    node = shutil.which("node")
    if not node:
        raise CompressError("node not found: brotli needs Node.js (scripts/setup.sh)")
    with tempfile.TemporaryDirectory(prefix="tacocat-br-") as tmp:
        job = Path(tmp) / "job.json"
        job.write_text(json.dumps([[str(s), str(d)] for s, d in jobs]), encoding="utf-8")
        proc = subprocess.run([node, str(BROTLI_JS), str(job)], capture_output=True, text=True,
                              check=False, timeout=1800)
        if proc.returncode != 0:
            raise CompressError(f"brotli failed: {proc.stderr[-2000:]}")


def compress_site(site: Path, cache: Path = CACHE, quiet: bool = False) -> dict:
    """Write .br/.gz siblings in ``site``; returns {relative path: {"raw", "br", "gzip"}}."""
    cache.mkdir(parents=True, exist_ok=True)
    files = candidates(site)
    digests = {f: _sha256(f) for f in files}
    todo_br = []
    for f, digest in digests.items():
        gz = cache / f"{digest}.gz"
        if not gz.is_file():
            tmp = gz.with_name(gz.name + ".tmp")
            tmp.write_bytes(_gzip(f.read_bytes()))
            tmp.replace(gz)
        br = cache / f"{digest}.br"
        if not br.is_file():
            todo_br.append((f, br.with_name(br.name + ".tmp")))
    _brotli_many(todo_br)
    for _, tmp in todo_br:
        tmp.replace(tmp.with_name(tmp.name.removesuffix(".tmp")))
    report = {}
    for f, digest in digests.items():
        raw = f.stat().st_size
        sizes = {"raw": raw}
        for name, suffix in ENCODINGS.items():
            cached = cache / f"{digest}{suffix}"
            sibling = f.with_name(f.name + suffix)
            size = cached.stat().st_size
            if size <= raw * (1 - MIN_SAVING):
                shutil.copyfile(cached, sibling)
                shutil.copystat(f, sibling)  # same mtime as the original: not stale
                sizes[name] = size
            else:
                sibling.unlink(missing_ok=True)
                sizes[name] = raw
        report[f.relative_to(site).as_posix()] = sizes
    if not quiet:
        total = {k: sum(v[k] for v in report.values()) for k in ("raw", "br", "gzip")}
        print(f"{site}: {len(report)} files precompressed: {total['raw']:,} bytes raw, "
              f"{total['br']:,} brotli, {total['gzip']:,} gzip")
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        compress_site(args.site, quiet=args.quiet)
    except (CompressError, OSError) as exc:
        print(f"compress: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
