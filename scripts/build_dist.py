#!/usr/bin/env python3
"""Build ``dist/``: exactly what a static host needs to serve the game.

    python3 scripts/build_dist.py            # -> dist/
    python3 scripts/build_dist.py --out /tmp/site

Standard library only; run after the runtime is built (``make dist`` does both).
Contents: the page and its config, every file the page and ``pyscript.toml`` reference
(our Python, catalogs, CSS, manifest, icons), the runtime files the page loads, the
service worker (``sw.js`` + a ``precache.js`` generated for dist's own bytes) and the
embed snippet (``web/embed.js``). No tests, no node_modules, no source maps, no runtime
manifest. All URLs are relative, so the folder works at a domain root and under any
sub-path with no special server headers.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_precache

ROOT = Path(__file__).resolve().parent.parent
# Served but not precached: the worker itself, the article snippet, licences.
EXTRA = ("sw.js", "web/embed.js", "runtime/pyscript/LICENSE")
FORBIDDEN_SUFFIXES = (".map", ".pyc", ".ts")


def build(out: Path, quiet: bool = False) -> dict:
    groups = build_precache.site_files(ROOT)
    extra = [e for e in EXTRA if (ROOT / e).is_file()]
    files = sorted({*groups["own"], *groups["runtime"], *extra})
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
    data = build_precache.write(out, quiet=True)
    if not quiet:
        total = sum((out / f).stat().st_size for f in files)
        print(
            f"{out}: {len(files) + 1} files, {total} bytes; "
            f"service worker precaches {len(data['files'])} files (version {data['version']})"
        )
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--out", default=str(ROOT / "dist"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        build(Path(args.out), args.quiet)
    except (build_precache.PrecacheError, OSError, ValueError) as exc:
        print(f"build_dist: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
