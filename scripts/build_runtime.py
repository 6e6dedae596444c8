#!/usr/bin/env python3
"""Build the self-hosted browser runtime (``runtime/``) from ``node_modules``.

Standard library only. Run after ``npm ci``:

    python3 -m scripts.build_runtime

Result (gitignored, served as static files next to the game)::

    runtime/pyodide/    the files Pyodide needs to boot (ES module build)
    runtime/pyscript/   the @pyscript/core dist folder without source maps
    runtime/manifest.json

``manifest.json`` lists every runtime file (path relative to ``runtime/``, size in
bytes, sha256) plus a combined ``version`` hash, so a service worker can precache
the runtime under a versioned cache name.

Two Pyodide files are made here rather than copied, so the page loads less:

* ``python_stdlib.zip``: only the standard-library modules the game needs, precompiled
  to bytecode by the pinned Pyodide (scripts/build_stdlib.py; ≈2.9 MB stored, ≈0.85 MB
  brotli, instead of 2.5 MB of source that the browser compiles on every load);
* ``pyodide-lock.json``: the lock file with its package list emptied (the page loads no
  packages; Pyodide still requires the file).

And ``pyodide.asm.mjs`` is Pyodide's own with a few speed-ups to its dynamic linker, which
keep the function table's layout exactly (scripts/pyodide_patch.py: every start spent
≈ 8 % of a profiled later visit at 4× CPU there).

``--full-stdlib`` (or ``TACOCAT_FULL_STDLIB=1``, e.g. ``TACOCAT_FULL_STDLIB=1 make dist``)
ships Pyodide's untrimmed originals of both instead.

Idempotent: a file is rewritten only when its size or content differs, and files
that no longer exist upstream (e.g. PyScript chunks with old content hashes) are
removed. The versions found in node_modules must match the exact pins in
package.json, otherwise the build stops (run ``npm ci``).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from scripts import build_stdlib, pyodide_build, pyodide_patch

ROOT = Path(__file__).resolve().parent.parent

# What Pyodide's ES module build fetches while booting with only the standard
# library: pyodide.mjs imports pyodide.asm.mjs, which instantiates
# pyodide.asm.wasm; loadPyodide() then fetches python_stdlib.zip and
# pyodide-lock.json (the lock file is required even when no package is loaded).
# pyodide.js (UMD build), *.d.ts, *.map and console*.html are not needed.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Of those, made by this script unless the untrimmed runtime is asked for.
STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
# Patched on the way (always: the trimmed or the full standard library alike).
ASM = "pyodide.asm.mjs"
# Where build stamps live (not served: serve.py hides dot-folders; not in the manifest).
STAMPS = ".build"

# Files of the @pyscript/core dist folder that are never served.
PYSCRIPT_SKIP_SUFFIXES = (".map",)


class BuildError(Exception):
    pass


def _pinned_versions(root: Path) -> dict[str, str]:
    pkg = json.loads((root / "package.json").read_text(encoding="utf-8"))
    deps = {**pkg.get("dependencies", {}), **pkg.get("devDependencies", {})}
    return deps


def _installed_version(package_dir: Path) -> str:
    meta = package_dir / "package.json"
    if not meta.is_file():
        raise BuildError(f"{package_dir} is missing: run `npm ci` first (or `make runtime`).")
    return json.loads(meta.read_text(encoding="utf-8"))["version"]


def _check_version(root: Path, name: str, package_dir: Path) -> str:
    pinned = _pinned_versions(root).get(name)
    installed = _installed_version(package_dir)
    if pinned is not None and pinned != installed:
        raise BuildError(
            f"{name}: node_modules has {installed} but package.json pins {pinned}: run `npm ci`."
        )
    return installed


def _sync_file(src: Path, dst: Path) -> bool:
    """Copy src to dst unless dst already has identical content. Returns True if copied."""
    if (
        dst.is_file()
        and dst.stat().st_size == src.stat().st_size
        and filecmp.cmp(src, dst, shallow=False)
    ):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copyfile(src, tmp)
    tmp.replace(dst)
    return True


def _sync_dir(
    pairs: list[tuple[Path, Path]], dest_dir: Path, log: list[str], keep: list[Path] = ()
) -> None:
    """Make dest_dir contain exactly the destinations in pairs (recursively), plus `keep`."""
    wanted = {dst.resolve() for _, dst in pairs} | {k.resolve() for k in keep}
    for src, dst in pairs:
        copied = _sync_file(src, dst)
        log.append(f"  {'copied' if copied else 'same  '} {dst.relative_to(dest_dir.parent)}")
    if dest_dir.is_dir():
        for path in sorted(dest_dir.rglob("*"), reverse=True):
            if path.is_file() and path.resolve() not in wanted:
                path.unlink()
                log.append(f"  removed {path.relative_to(dest_dir.parent)}")
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


def _sha256(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def full_stdlib_default() -> bool:
    return os.environ.get("TACOCAT_FULL_STDLIB", "") not in ("", "0")


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def lock_stub(lock: Path) -> bytes:
    """Pyodide's lock file without its package list: the page loads no packages."""
    info = json.loads(lock.read_text(encoding="utf-8"))["info"]
    return (json.dumps({"info": info, "packages": {}}, separators=(",", ":")) + "\n").encode()


def build(
    root: Path = ROOT, out: Path | None = None, quiet: bool = False, full_stdlib: bool | None = None
) -> dict:
    out = out or root / "runtime"
    full = full_stdlib_default() if full_stdlib is None else full_stdlib
    nm = root / "node_modules"
    pyodide_src = nm / "pyodide"
    pyscript_pkg = nm / "@pyscript" / "core"
    pyscript_src = pyscript_pkg / "dist"

    pyodide_version = _check_version(root, "pyodide", pyodide_src)
    pyscript_version = _check_version(root, "@pyscript/core", pyscript_pkg)

    log: list[str] = []

    # Pyodide: an explicit list, so a missing file is an error, not a silent gap.
    pyodide_out = out / "pyodide"
    pairs = []
    for name in PYODIDE_FILES:
        src = pyodide_src / name
        if not src.is_file():
            raise BuildError(f"pyodide {pyodide_version}: expected file {src} is missing")
        if name == ASM or (not full and name in (STDLIB, LOCK)):
            continue
        pairs.append((src, pyodide_out / name))
    made = [pyodide_out / ASM] + ([] if full else [pyodide_out / STDLIB, pyodide_out / LOCK])
    _sync_dir(pairs, pyodide_out, log, keep=made)
    try:
        patched = pyodide_patch.patch((pyodide_src / ASM).read_text(encoding="utf-8"))
    except pyodide_patch.PatchError as exc:
        raise BuildError(str(exc)) from exc
    changed = _write_if_changed(pyodide_out / ASM, patched.encode("utf-8"))
    log.append(f"  {'wrote ' if changed else 'same  '} pyodide/{ASM} "
               f"({len(pyodide_patch.PATCHES)} patches to its dynamic linker)")
    if not full:
        try:
            info = build_stdlib.build(
                pyodide_out / STDLIB, quiet=True, stamp=out / STAMPS / "stdlib.json"
            )
        except (build_stdlib.StdlibError, pyodide_build.PyodideBuildError) as exc:
            raise BuildError(str(exc)) from exc
        verb = "same  " if info.get("cached") else "built "
        log.append(f"  {verb} pyodide/{STDLIB} ({info['files']} modules, bytecode)")
        changed = _write_if_changed(pyodide_out / LOCK, lock_stub(pyodide_src / LOCK))
        log.append(f"  {'wrote ' if changed else 'same  '} pyodide/{LOCK} (no packages)")

    # PyScript: the whole dist folder (chunk names carry content hashes), minus maps.
    pyscript_out = out / "pyscript"
    if not (pyscript_src / "core.js").is_file():
        raise BuildError(f"@pyscript/core {pyscript_version}: {pyscript_src}/core.js is missing")
    pairs = [
        (src, pyscript_out / src.relative_to(pyscript_src))
        for src in sorted(pyscript_src.rglob("*"))
        if src.is_file() and not src.name.endswith(PYSCRIPT_SKIP_SUFFIXES)
    ]
    # Apache-2.0 asks redistributors to pass the licence along.
    if (pyscript_pkg / "LICENSE").is_file():
        pairs.append((pyscript_pkg / "LICENSE", pyscript_out / "LICENSE"))
    _sync_dir(pairs, pyscript_out, log)

    files = []
    for path in sorted(p for d in (pyodide_out, pyscript_out) for p in d.rglob("*")):
        if path.is_file():
            files.append(
                {
                    "path": path.relative_to(out).as_posix(),
                    "size": path.stat().st_size,
                    "sha256": _sha256(path),
                }
            )
    total = sum(f["size"] for f in files)
    version = hashlib.sha256(
        "".join(f"{f['path']}\0{f['sha256']}\n" for f in files).encode()
    ).hexdigest()[:16]
    manifest = {
        "pyodide": pyodide_version,
        "pyscript": pyscript_version,
        "stdlib": "full" if full else "trimmed",
        "version": version,
        "total_bytes": total,
        "files": files,
    }
    manifest_path = out / "manifest.json"
    text = json.dumps(manifest, indent=2) + "\n"
    if not manifest_path.is_file() or manifest_path.read_text(encoding="utf-8") != text:
        manifest_path.write_text(text, encoding="utf-8")
        log.append("  wrote  runtime/manifest.json")
    else:
        log.append("  same   runtime/manifest.json")

    if not quiet:
        print(f"runtime: pyodide {pyodide_version}, @pyscript/core {pyscript_version} -> {out}")
        print("\n".join(log))
        pyo = sum(f["size"] for f in files if f["path"].startswith("pyodide/"))
        pys = total - pyo
        print(
            f"runtime: {len(files)} files, {total:,} bytes "
            f"(pyodide {pyo:,}, pyscript {pys:,}), version {version}"
        )
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="output dir (default: runtime/)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    parser.add_argument(
        "--full-stdlib",
        action="store_true",
        default=None,
        help="ship Pyodide's untrimmed python_stdlib.zip and lock file "
        "(default: $TACOCAT_FULL_STDLIB, else trimmed)",
    )
    args = parser.parse_args(argv)
    try:
        build(out=args.out, quiet=args.quiet, full_stdlib=args.full_stdlib)
    except BuildError as exc:
        print(f"build_runtime: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
