#!/usr/bin/env python3
"""Build ``app.zip``: the game's own Python and catalogs as one archive, which the page
unpacks into Python's working directory (pyscript.toml: ``"./app.zip" = "./*"``).

    python3 -m scripts.build_app                    # source archive at the repo root (dev)
    python3 -m scripts.build_app --bytecode --out dist/app.zip

Contents, found by glob so a new module is never forgotten: ``tacocat/**/*.py``,
``web/**/*.py`` and ``web/i18n/*.json``, plus the page's import order
(``web/import_order.json``). With ``--bytecode`` (what ``make dist`` ships) each module
the page can import ships as *bytecode only* — ``web/app.pyc`` where ``web/app.py`` was,
compiled by the pinned Pyodide (scripts/pyodide_build.py) without docstrings and with a
line-only location table (scripts/in_pyodide.py): a traceback names each line but shows
no source text. Shipping the source beside its bytecode, docstrings and column positions
made the archive 384 KB with brotli, 0.38 s of a first visit on a 1.6 Mbit/s phone
network (issue #49); ``make serve``'s source archive is for development. PyScript's own
``pyscript`` package, which PyScript writes as source on every start, gets a checked
``__pycache__`` pyc instead (from the exact strings in ``@pyscript/core``'s
``src/stdlib/pyscript.js``, the bundle's own copy), so Python never compiles it.

Members are sorted, dated 1980-01-01 and stored uncompressed (hosts compress on the
wire; dist/ has .br/.gz siblings): the same sources always give the same bytes.
``make serve`` rebuilds the source archive when a file changes (scripts/serve.py).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
import tempfile
import threading
import zipfile
from pathlib import Path, PurePosixPath

from scripts import build_stdlib, pyodide_build

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = "app.zip"
PATTERNS = ("tacocat/**/*.py", "web/**/*.py", "web/i18n/*.json")
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
# Where PyScript's main thread runs Python: [files] and the pyscript package land here.
HOME = "/home/pyodide"
# The page's first module (web/app.py imports it last, after everything it needs) and the
# archive's list of our modules in the order the page imports them (web/app.py).
ENTRY = "web.control.controller"
IMPORT_ORDER = "web/import_order.json"


class AppBuildError(Exception):
    pass


def sources(root: Path = ROOT) -> list[str]:
    """Site-relative paths of everything the archive carries (sorted)."""
    found = {
        p.relative_to(root).as_posix()
        for pattern in PATTERNS
        for p in root.glob(pattern)
        if p.is_file() and "__pycache__" not in p.parts
    }
    return sorted(found)


def pyscript_sources(path: Path = PYSCRIPT_STDLIB) -> dict[str, str]:
    """{"pyscript/__init__.py": source, ...}: the files PyScript writes at start-up."""
    if not path.is_file():
        raise AppBuildError(f"{path} is missing: run `npm ci` (scripts/setup.sh)")
    text = path.read_text(encoding="utf-8")
    body = text[text.index("export default") + len("export default") :].strip().rstrip(";")
    tree = json.loads(body)
    out: dict[str, str] = {}

    def walk(prefix: str, node: dict) -> None:
        for name, value in node.items():
            if isinstance(value, str):
                out[f"{prefix}{name}"] = value
            else:
                walk(f"{prefix}{name}/", value)

    walk("", tree)
    return out


def _pyc_name(rel: str, cache_tag: str) -> str:
    path = PurePosixPath(rel)
    return str(path.parent / "__pycache__" / f"{path.stem}.{cache_tag}.pyc")


def import_order(root: Path = ROOT, entry: str = ENTRY) -> list[str]:
    """Our modules that importing ``entry`` imports, each after everything its own import
    runs first (its parent packages, then what it imports at import time), ``entry`` last.

    The page imports them one by one in this order and lets the browser paint between
    slices (web/app.py): imported at once they were one task of 0.3–0.6 s at 4× CPU."""
    graph = {}
    for path in sorted(p for pattern in build_stdlib.OUR_CODE for p in root.glob(pattern)):
        rel = path.relative_to(root).as_posix()
        name = build_stdlib.module_name(rel)
        graph[name] = build_stdlib.module_imports(path.read_bytes(), name,
                                                  path.name == "__init__.py", lazy=False)
    if entry not in graph:
        raise AppBuildError(f"{entry} is not one of our modules")
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen or name not in graph:
            return
        seen.add(name)
        parts = name.split(".")
        for i in range(1, len(parts)):  # a module's packages are imported before it
            visit(".".join(parts[:i]))
        for dep in sorted(graph[name]):
            visit(dep)
        order.append(name)

    visit(entry)
    return order


def archive_bytes(root: Path = ROOT, bytecode: bool = False) -> bytes:
    files = sources(root)
    if not any(f.endswith(".py") for f in files):
        raise AppBuildError(f"no Python files under {root}")
    members: dict[str, bytes] = {rel: (root / rel).read_bytes() for rel in files}
    members[IMPORT_ORDER] = json.dumps(import_order(root)).encode()
    if bytecode:
        compiled = _compile(root, files)
        for name in compiled:  # ours: the bytecode instead of the source (see module doc)
            if not name.startswith("pyscript/"):
                members.pop(name[:-1], None)
        members.update(compiled)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name in sorted(members):
            zf.writestr(build_stdlib.zip_entry(name), members[name])
    return out.getvalue()


def pyscript_modules(sources: dict[str, str], wanted: set[str]) -> set[str]:
    """The pyscript.* modules a page imports: the package itself (PyScript imports it at
    start-up), what our code imports from it, and what those import when loaded (imports
    inside PyScript's functions, such as pyscript.web, are left to compile if used)."""
    graph = {
        build_stdlib.module_name(rel): build_stdlib.module_imports(
            text, build_stdlib.module_name(rel), rel.endswith("/__init__.py"), lazy=False
        )
        for rel, text in sources.items()
    }
    return build_stdlib.reach(graph, ["pyscript", *(n for n in wanted if n in graph)])[0]


def _compile(root: Path, files: list[str]) -> dict[str, bytes]:
    """{member name: pyc bytes} for the modules of ours and of PyScript's package that the
    page can import (the rest ship as source only: compiled if ever imported)."""
    ours, other = build_stdlib.page_modules(root)
    with tempfile.TemporaryDirectory(prefix="tacocat-app-") as tmp:
        items, names = [], {}
        for rel in files:
            if not rel.endswith(".py") or build_stdlib.module_name(rel) not in ours:
                continue
            out = Path(tmp, "pyc", rel)
            items.append({"src": root / rel, "out": out, "filename": f"{HOME}/{rel}",
                          "strip_docstrings": True, "lines_only": True, "checked": False})
            names[rel + "c"] = out  # sourceless: web/app.pyc beside where web/app.py was
        pyscript = pyscript_sources()
        needed = pyscript_modules(pyscript, other)
        for rel, text in pyscript.items():
            if build_stdlib.module_name(rel) not in needed:
                continue
            src = Path(tmp, "pyscript-src", rel)
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(text.encode("utf-8"))
            out = Path(tmp, "pyc", rel)
            items.append({"src": src, "out": out, "filename": f"{HOME}/{rel}", "checked": True})
            names[rel] = out
        report = pyodide_build.compile_files(items)
        return {name if name.endswith(".pyc") else _pyc_name(name, report["cache_tag"]):
                out.read_bytes() for name, out in names.items()}


def build(out: Path, root: Path = ROOT, bytecode: bool = False, quiet: bool = False) -> dict:
    data = archive_bytes(root, bytecode)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.is_file() or out.read_bytes() != data:
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(out)
    info = {"path": str(out), "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
            "bytecode": bytecode, "files": len(zipfile.ZipFile(io.BytesIO(data)).namelist())}
    if not quiet:
        kind = "bytecode + source" if bytecode else "source"
        print(f"{out}: {info['files']} files ({kind}), {info['bytes']:,} bytes")
    return info


_dev_lock = threading.Lock()
_dev_state: dict[str, object] = {}


def ensure_source_archive(root: Path = ROOT) -> Path:
    """The repo root's app.zip (source only), rebuilt when a source file was added,
    removed or changed since the last call (for `make serve`; cheap when nothing did)."""
    out = root / ARCHIVE
    with _dev_lock:
        fingerprint = [
            (rel, (root / rel).stat().st_mtime_ns, (root / rel).stat().st_size)
            for rel in sources(root)
        ]
        if _dev_state.get(str(root)) != fingerprint or not out.is_file():
            build(out, root, bytecode=False, quiet=True)
            _dev_state[str(root)] = fingerprint
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / ARCHIVE)
    ap.add_argument("--bytecode", action="store_true", help="add .pyc compiled by Pyodide")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        build(args.out, bytecode=args.bytecode, quiet=args.quiet)
    except (AppBuildError, pyodide_build.PyodideBuildError, OSError, ValueError) as exc:
        print(f"build_app: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
