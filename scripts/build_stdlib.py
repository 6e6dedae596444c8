#!/usr/bin/env python3
"""Build the trimmed, precompiled standard library the page loads (python_stdlib.zip).

    python3 -m scripts.build_stdlib --out runtime/pyodide/python_stdlib.zip
    python3 -m scripts.build_stdlib --full ...   # Pyodide's untrimmed zip, unchanged

Pyodide's npm package ships the whole standard library as *source* (2.5 MB deflated,
614 files), and Python compiles every module it imports from source on every page load:
≈150 modules (asyncio, inspect, typing, ...) before the game's first line runs. This
script keeps only what the page needs and ships it as bytecode made by the pinned Pyodide
itself (scripts/in_pyodide.py), so the browser unmarshals instead of compiling:

* the modules: scripts/stdlib_modules.txt (measured in the browser by
  scripts/measure_stdlib.py) + every module tacocat/ and web/ import (read from their
  source, so new imports are picked up without re-measuring) + :data:`MARGIN`, and
  everything those import in turn (found by importing them in Pyodide);
* each one compiled to a sourceless ``.pyc`` (hash-based, docstrings dropped as
  ``python -OO`` does, asserts and line numbers kept), stored uncompressed in the zip:
  hosts compress it on the wire (dist/ ships .br/.gz siblings, see scripts/compress.py),
  and Python reads stored members without inflating them.

The output is reproducible: same inputs, same bytes. ``--full`` (or TACOCAT_FULL_STDLIB=1
for scripts/build_runtime.py) ships Pyodide's original zip instead.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from scripts import pyodide_build

ROOT = Path(__file__).resolve().parent.parent
SOURCE_ZIP = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
MODULE_LIST = ROOT / "scripts" / "stdlib_modules.txt"
OUR_CODE = ("tacocat/**/*.py", "web/**/*.py")
OUR_PACKAGES = {"tacocat", "web", "pyscript", "polyscript", "_pyscript"}
# Modules a game's Python can reach through standard-library calls that no test happened to
# make (codec look-ups, date and hash helpers, a debugging pprint): cheap insurance.
MARGIN = (
    "datetime", "hashlib", "secrets", "colorsys", "string", "textwrap", "pprint", "queue",
    "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.utf_16",
    "encodings.utf_32", "encodings.cp437",
)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
BUILD_FILES = ("scripts/build_stdlib.py", "scripts/in_pyodide.py", "scripts/pyodide_node.mjs")


class StdlibError(Exception):
    pass


def measured_modules(path: Path = MODULE_LIST) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [s for line in lines if (s := line.split("#", 1)[0].strip())]


def module_name(rel: str) -> str:
    """'tacocat/ai/__init__.py' -> 'tacocat.ai'; 'web/app.py' -> 'web.app'."""
    parts = list(PurePosixPath(rel).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _walk(tree: ast.AST, lazy: bool):
    """ast.walk, without descending into function bodies unless ``lazy``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if lazy or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def module_imports(
    source: bytes | str, module: str, is_package: bool, lazy: bool = True
) -> set[str]:
    """Absolute names a module imports; with ``lazy`` also inside functions (a lazy import
    runs when its function does). ``from a import b`` gives ``a`` and ``a.b``, which may be
    a submodule; a name that is not one fails harmlessly when the closure is computed."""
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in _walk(ast.parse(source, module), lazy):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{a.name}" for a in node.names if a.name != "*")
    return names


def reach(graph: dict[str, set[str]], roots) -> tuple[set[str], set[str]]:
    """Follow imports from ``roots`` through ``graph`` ({module: names it imports}).
    Returns (modules of the graph reached, names outside the graph they import)."""
    todo, seen, outside = list(roots), set(), set()
    while todo:
        module = todo.pop()
        if module in seen or module not in graph:
            continue
        seen.add(module)
        parts = module.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # parent packages
        for name in graph[module]:
            if name in graph:
                todo.append(name)
            else:
                outside.add(name)
    return seen, outside


def our_graph(root: Path = ROOT) -> dict[str, set[str]]:
    graph = {}
    for path in sorted(p for pattern in OUR_CODE for p in root.glob(pattern)):
        rel = path.relative_to(root).as_posix()
        graph[module_name(rel)] = module_imports(
            path.read_bytes(), module_name(rel), path.name == "__init__.py"
        )
    return graph


def page_modules(root: Path = ROOT) -> tuple[set[str], set[str]]:
    """(our modules the page can import, the other names they import): starting from every
    module of web/ (the UI) and following imports through tacocat/ and web/. Modules the
    page never reaches (the command line, the arena) do not count."""
    graph = our_graph(root)
    return reach(graph, [m for m in graph if m.split(".")[0] == "web"])


def our_imports(root: Path = ROOT) -> set[str]:
    """Standard-library names the page's own code imports."""
    return {n for n in page_modules(root)[1] if n.split(".")[0] not in OUR_PACKAGES}


def wanted_modules(root: Path = ROOT) -> list[str]:
    return sorted(set(measured_modules()) | our_imports(root) | set(MARGIN))


def _sha256(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def cache_key(modules: list[str], full: bool) -> str:
    h = hashlib.sha256()
    h.update(_sha256(SOURCE_ZIP).encode())
    h.update(b"full" if full else "\n".join(modules).encode())
    for rel in BUILD_FILES:
        h.update((ROOT / rel).read_bytes())
    return h.hexdigest()


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A stored entry with a fixed date and mode: the same files make the same archive."""
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_STORED
    info.create_system = 3
    info.external_attr = 0o644 << 16
    return info


def build(out: Path, full: bool = False, quiet: bool = False, stamp: Path | None = None) -> dict:
    """Write the stdlib zip to ``out``; skipped when ``stamp`` holds this build's key."""
    if not SOURCE_ZIP.is_file():
        raise StdlibError(f"{SOURCE_ZIP} is missing: run `npm ci` (scripts/setup.sh)")
    modules = [] if full else wanted_modules()
    key = cache_key(modules, full)
    if stamp and out.is_file() and stamp.is_file():
        info = json.loads(stamp.read_text(encoding="utf-8"))
        if info.get("key") == key and info.get("sha256") == _sha256(out):
            return {**info, "cached": True}
    out.parent.mkdir(parents=True, exist_ok=True)
    if full:
        shutil.copyfile(SOURCE_ZIP, out)
        info = {"key": key, "mode": "full", "files": len(zipfile.ZipFile(out).namelist())}
    else:
        info = _build_trimmed(out, modules)
    info["sha256"] = _sha256(out)
    info["bytes"] = out.stat().st_size
    if stamp:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(json.dumps({**info, "key": key}, indent=1) + "\n", encoding="utf-8")
    if not quiet:
        print(f"{out}: {info['mode']} standard library, {info['files']} files, "
              f"{info['bytes']:,} bytes")
    return info


def _build_trimmed(out: Path, modules: list[str]) -> dict:
    found = pyodide_build.stdlib_imports(modules)
    files = found["files"]
    if not files:
        raise StdlibError("importing the wanted modules loaded nothing from the stdlib zip")
    source = zipfile.ZipFile(SOURCE_ZIP)
    with tempfile.TemporaryDirectory(prefix="tacocat-stdlib-") as tmp:
        items = []
        for name in files:
            src = Path(tmp, "src", name)
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(source.read(name))
            items.append({"src": src, "out": Path(tmp, "pyc", name + "c"),
                          "filename": f"{found['stdlib_zip']}/{name}",
                          "strip_docstrings": True, "lines_only": True, "checked": False})
        report = pyodide_build.compile_files(items)
        part = out.with_name(out.name + ".part")
        with zipfile.ZipFile(part, "w") as zout:
            for name in files:
                zout.writestr(zip_entry(name + "c"), Path(tmp, "pyc", name + "c").read_bytes())
        part.replace(out)
    return {"mode": "trimmed", "files": len(files), "python": report["version"],
            "magic": report["magic"], "not_importable": sorted(found["failed"])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--full", action="store_true", help="ship Pyodide's untrimmed zip")
    ap.add_argument("--list", action="store_true", help="print the wanted modules and exit")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.list:
        print("\n".join(wanted_modules()))
        return 0
    try:
        build(args.out, full=args.full, quiet=args.quiet)
    except (StdlibError, pyodide_build.PyodideBuildError, OSError) as exc:
        print(f"build_stdlib: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
