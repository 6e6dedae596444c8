"""The game's Python ships as one generated archive (scripts/build_app.py): it holds every
Python file of tacocat/ and web/ and every catalog, found independently of the builder's
own glob; the bytecode build compiles what the page imports, with Pyodide, reproducibly;
and `make serve` rebuilds the source archive when a file changes."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from scripts import build_app, build_stdlib

ROOT = Path(__file__).resolve().parent.parent


def _walk(top: str, suffix: str) -> set[str]:
    """Files under ROOT/top ending in suffix, by os.walk (not the builder's glob)."""
    out = set()
    for folder, dirs, files in os.walk(ROOT / top):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out.update(
            Path(folder, f).relative_to(ROOT).as_posix() for f in files if f.endswith(suffix)
        )
    return out


def _names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def _need_pyodide():
    if shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir():
        return
    if os.environ.get("CI"):
        pytest.fail("Node or node_modules/pyodide missing: run scripts/setup.sh")
    pytest.skip("Node/Pyodide not installed (run scripts/setup.sh)")


def test_archive_holds_every_python_file_and_catalog():
    expected = _walk("tacocat", ".py") | _walk("web", ".py") | {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "web" / "i18n").glob("*.json")
    }
    assert {"web/app.py", "web/platform/embed.py", "tacocat/game.py",
            "web/i18n/en.json"} <= expected
    names = _names(build_app.archive_bytes(ROOT))
    missing = sorted(expected - set(names))
    assert not missing, f"missing from {build_app.ARCHIVE}: {missing}"
    assert sorted(names) == names and len(set(names)) == len(names)
    # and nothing else (no tests, no caches) but the page's import order
    assert set(names) == expected | {build_app.IMPORT_ORDER}


def test_the_import_order_imports_each_module_after_what_it_needs():
    """web/app.py imports the page's modules one by one in the archive's order: each comes
    after every module of ours it imports at import time, and the controller comes last."""
    order = build_app.import_order(ROOT)
    assert order[-1] == build_app.ENTRY and len(order) == len(set(order))
    assert {"tacocat.game", "web.render.vdom", "web.i18n.catalog"} <= set(order)
    graph = {name: build_stdlib.module_imports((ROOT / path).read_bytes(), name,
                                               path.endswith("__init__.py"), lazy=False)
             for path in build_app.sources(ROOT) if path.endswith(".py")
             for name in [build_stdlib.module_name(path)]}

    def imports_of(name: str) -> set[str]:  # what importing ``name`` imports, transitively
        return build_stdlib.reach(graph, [name])[0]

    # a cycle (a type-checking import back) has no order: only one-way dependencies count
    late = [(name, dep) for i, name in enumerate(order) for dep in graph[name]
            if dep in order and order.index(dep) > i and name not in imports_of(dep)]
    assert late == [], "imported before what they import"
    data = json.loads(zipfile.ZipFile(io.BytesIO(build_app.archive_bytes(ROOT))).read(
        build_app.IMPORT_ORDER))
    assert data == order


def test_archive_is_stored_dated_and_reproducible():
    first, second = build_app.archive_bytes(ROOT), build_app.archive_bytes(ROOT)
    assert first == second
    for info in zipfile.ZipFile(io.BytesIO(first)).infolist():
        assert info.compress_type == zipfile.ZIP_STORED
        assert info.date_time == (1980, 1, 1, 0, 0, 0)


def test_dev_archive_follows_edits(tmp_path):
    """`make serve`: a new, changed or deleted module reaches app.zip on the next request."""
    root = tmp_path / "repo"
    for top in ("tacocat", "web"):
        shutil.copytree(ROOT / top, root / top, ignore=shutil.ignore_patterns("__pycache__"))
    build_app.ensure_source_archive(root)
    package = root / "web" / "newpkg"
    package.mkdir()
    (package / "board.py").write_text("X = 1\n", encoding="utf-8")
    assert "web/newpkg/board.py" in _names(build_app.ensure_source_archive(root).read_bytes())
    (package / "board.py").write_text("X = 22\n", encoding="utf-8")
    data = zipfile.ZipFile(build_app.ensure_source_archive(root)).read("web/newpkg/board.py")
    assert data == b"X = 22\n"
    (package / "board.py").unlink()
    assert "web/newpkg/board.py" not in _names(build_app.ensure_source_archive(root).read_bytes())


def test_page_modules_follow_imports_from_the_ui():
    ours, other = build_stdlib.page_modules(ROOT)
    page = {"web.app", "web.platform.embed", "web.platform.language", "tacocat.game"}
    assert page | {"tacocat.ai.search"} <= ours
    assert "tacocat.cli" not in ours and "tacocat.ai.arena" not in ours  # never on the page
    assert {"json", "asyncio", "pyscript"} <= {n.split(".")[0] for n in other}


def test_pyscript_sources_are_the_bundled_ones():
    sources = build_app.pyscript_sources()
    assert "pyscript/__init__.py" in sources
    bundle = next((ROOT / "node_modules/@pyscript/core/dist").glob("core-*.js")).read_text(
        encoding="utf-8")
    # The bundle embeds the same minified sources (as JS string literals).
    init = sources["pyscript/__init__.py"]
    assert init.split("\n")[0] in bundle
    needed = build_app.pyscript_modules(sources, build_stdlib.page_modules(ROOT)[1])
    assert {"pyscript", "pyscript.context", "pyscript.display"} <= needed
    assert "pyscript.web" not in needed  # only imported lazily, inside PyScript functions


def test_bytecode_archive_is_complete_and_reproducible():
    _need_pyodide()
    first = build_app.archive_bytes(ROOT, bytecode=True)
    assert build_app.archive_bytes(ROOT, bytecode=True) == first  # same inputs, same bytes
    archive = zipfile.ZipFile(io.BytesIO(first))
    names = set(archive.namelist())
    ours, _ = build_stdlib.page_modules(ROOT)
    magics = set()
    for rel in build_app.sources(ROOT):
        if not rel.endswith(".py"):
            continue
        if build_stdlib.module_name(rel) not in ours:  # never imported by the page
            assert rel in names and rel + "c" not in names, rel  # source only
            continue
        assert rel + "c" in names and rel not in names, rel  # bytecode only, where it was
        assert build_app._pyc_name(rel, "cpython-314") not in names, rel
        header = archive.read(rel + "c")[:16]
        magics.add(header[:4])
        assert int.from_bytes(header[4:8], "little") == 0b01, rel  # hash-based, unchecked
        if sys.version_info[:2] == (3, 14):  # the host can check it came from this source
            assert header[8:] == importlib.util.source_hash((ROOT / rel).read_bytes()), rel
    assert len(magics) == 1
    pyscript = [n for n in names if n.startswith("pyscript/")]  # PyScript writes its sources:
    assert pyscript and all("/__pycache__/" in n for n in pyscript)  # checked pycs beside them
