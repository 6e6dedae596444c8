#!/usr/bin/env python3
"""Build ``dist/``: exactly what a static host needs to serve the game.

    python3 -m scripts.build_dist            # -> dist/
    python3 -m scripts.build_dist --out /tmp/site

Standard library only (plus Node, for Pyodide and brotli); run after the runtime is
built (``make dist`` does both). Contents: the page and its config, every file the page
and ``pyscript.toml`` reference (CSS, manifest, icons, and ``app.zip``: our Python and
catalogs with their bytecode, scripts/build_app.py), the runtime files the page loads
(with the trimmed, precompiled standard library of scripts/build_stdlib.py), the service
worker (``sw.js`` + a ``precache.js`` generated for dist's own bytes) and the embed
snippet (``web/embed.js``, regenerated from the catalogs). Every compressible file gets
``.br`` and ``.gz`` siblings for hosts that serve them (scripts/compress.py). No tests,
no node_modules, no source maps, no runtime manifest. All URLs are relative, so the folder
works at a domain root and under any sub-path with no special server headers.

``--source`` ships app.zip without bytecode and ``--no-compress`` skips the siblings
(both only to compare); ``--deflate-zips`` deflates the two archives (app.zip and the
standard library, stored by default so hosts compress them better on the wire) for hosts
that neither compress .zip nor serve the siblings; ``TACOCAT_FULL_STDLIB=1 make dist``
ships Pyodide's untrimmed standard library (scripts/build_runtime.py).
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import zipfile
from pathlib import Path

from scripts import build_app, build_embed, build_precache, compress, pyodide_build

ROOT = Path(__file__).resolve().parent.parent
# Served but not precached: the worker itself, the article snippet and its loading-ahead
# page (data-preload), licences.
EXTRA = ("sw.js", "web/embed.js", "web/preload.html", "runtime/pyscript/LICENSE")
FORBIDDEN_SUFFIXES = (".map", ".pyc", ".ts")
ARCHIVES = ("app.zip", "runtime/pyodide/python_stdlib.zip")


def deflate_zip(path: Path) -> None:
    """Rewrite a stored zip with every member deflated (same names, order and dates)."""
    source = zipfile.ZipFile(path)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for info in source.infolist():
            member = zipfile.ZipInfo(info.filename, info.date_time)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.create_system = info.create_system
            member.external_attr = info.external_attr
            zf.writestr(member, source.read(info), compresslevel=9)
    source.close()
    path.write_bytes(out.getvalue())


def build(
    out: Path,
    quiet: bool = False,
    bytecode: bool = True,
    precompress: bool = True,
    deflate_zips: bool = False,
) -> dict:
    build_app.ensure_source_archive(ROOT)
    groups = build_precache.site_files(ROOT)
    extra = [e for e in EXTRA if (ROOT / e).is_file()]
    files = sorted({*groups["own"], *groups["runtime"], *groups["lazy"], *extra})
    bad = [f for f in files if f.endswith(FORBIDDEN_SUFFIXES) or "node_modules" in f]
    if bad:
        raise build_precache.PrecacheError(f"refusing to ship: {bad}")
    if out.exists():
        # Replace only a folder that is empty or an earlier build (it has sw.js and
        # precache.js), and never the repo or a folder that contains it.
        target = out.resolve()
        earlier = (target / "sw.js").is_file() and (target / "precache.js").is_file()
        if target == ROOT.resolve() or target in ROOT.resolve().parents or \
                (any(target.iterdir()) and not earlier):
            raise build_precache.PrecacheError(
                f"refusing to replace {out}: not empty and not an earlier build")
        shutil.rmtree(out)
    for rel in files:
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dst)
    if bytecode:
        build_app.build(out / build_app.ARCHIVE, ROOT, bytecode=True, quiet=True)
    build_embed.write(out / build_embed.OUTPUT_REL, quiet=True)
    if deflate_zips:
        for rel in ARCHIVES:
            deflate_zip(out / rel)
    data = build_precache.write(out, quiet=True)
    sizes = compress.compress_site(out, quiet=True) if precompress else {}
    if precompress:  # again, now that each file's brotli size is known (the progress bar)
        data = build_precache.write(out, quiet=True)
        sizes = compress.compress_site(out, quiet=True)
    if not quiet:
        total = sum((out / f).stat().st_size for f in files)
        print(
            f"{out}: {len(files) + 1} files, {total:,} bytes; "
            f"service worker precaches {len(data['files'])} files (version {data['version']})"
        )
        if sizes:
            br = sum(v["br"] for v in sizes.values())
            gz = sum(v["gzip"] for v in sizes.values())
            print(f"{out}: .br/.gz siblings for {len(sizes)} files ({br:,} / {gz:,} bytes)")
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--out", default=str(ROOT / "dist"))
    ap.add_argument("--source", action="store_true", help="app.zip without bytecode")
    ap.add_argument("--no-compress", action="store_true", help="no .br/.gz siblings")
    ap.add_argument("--deflate-zips", action="store_true",
                    help="deflate app.zip and the stdlib zip (hosts that compress neither)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        build(Path(args.out), args.quiet, bytecode=not args.source,
              precompress=not args.no_compress, deflate_zips=args.deflate_zips)
    except (build_precache.PrecacheError, build_app.AppBuildError, compress.CompressError,
            pyodide_build.PyodideBuildError, OSError, ValueError) as exc:
        print(f"build_dist: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
