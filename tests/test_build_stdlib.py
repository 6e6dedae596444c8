"""The trimmed, precompiled standard library (scripts/build_stdlib.py, built into runtime/ by
scripts/build_runtime.py): it holds bytecode for every measured module and every module the
page's code imports, picks up a new import without re-measuring, and is reproducible."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from scripts import build_stdlib

ROOT = Path(__file__).resolve().parent.parent

RUNTIME_ZIP = ROOT / "runtime" / "pyodide" / "python_stdlib.zip"
STAMP = ROOT / "runtime" / ".build" / "stdlib.json"


def _trimmed_runtime() -> zipfile.ZipFile:
    if not RUNTIME_ZIP.is_file():
        if os.environ.get("CI"):
            pytest.fail("runtime/ is not built: scripts/setup.sh failed to build it")
        pytest.skip("runtime/ is not built (make runtime)")
    if json.loads((ROOT / "runtime" / "manifest.json").read_text())["stdlib"] != "trimmed":
        pytest.skip("runtime/ was built with the full standard library (TACOCAT_FULL_STDLIB)")
    return zipfile.ZipFile(RUNTIME_ZIP)


def _member(module: str, names: set[str]) -> str | None:
    path = module.replace(".", "/")
    for candidate in (path + ".pyc", path + "/__init__.pyc"):
        if candidate in names:
            return candidate
    return None


def test_measured_list_names_stdlib_modules():
    modules = build_stdlib.measured_modules()
    assert len(modules) == len(set(modules)) > 100
    source = set(zipfile.ZipFile(build_stdlib.SOURCE_ZIP).namelist())
    # Every measured name is a module of Pyodide's standard library zip.
    missing = [m for m in modules if _member(m, {n + "c" for n in source}) is None]
    assert not missing, missing
    assert {"asyncio", "json", "pyodide.ffi", "encodings.utf_8", "zipfile"} <= set(modules)


def test_runtime_stdlib_has_bytecode_for_every_wanted_module():
    archive = _trimmed_runtime()
    names = set(archive.namelist())
    assert all(n.endswith(".pyc") for n in names)  # sourceless bytecode only
    infos = archive.infolist()
    assert all(i.compress_type == zipfile.ZIP_STORED for i in infos)
    assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in infos)
    wanted = set(build_stdlib.measured_modules()) | set(build_stdlib.MARGIN)
    # What the page's code imports (top-level names that are pure-Python stdlib modules).
    source = {n + "c" for n in zipfile.ZipFile(build_stdlib.SOURCE_ZIP).namelist()}
    wanted |= {top for m in build_stdlib.our_imports() if _member(top := m.split(".")[0], source)}
    missing = sorted(m for m in wanted if _member(m, names) is None)
    assert not missing, missing
    magic = {archive.read(n)[:4] for n in names}
    assert len(magic) == 1
    # Far smaller than Pyodide's whole library, and none of the big unused packages.
    assert len(names) < 250
    assert not [n for n in names if n.split("/")[0] in ("email", "xml", "unittest", "_pyrepl",
                                                        "sqlite3", "tkinter", "pydoc_data")]


def test_new_imports_of_the_page_are_picked_up(tmp_path):
    """A module added to web/ (in a new sub-package, say) brings its stdlib imports."""
    root = tmp_path / "repo"
    for top in ("tacocat", "web"):
        shutil.copytree(ROOT / top, root / top, ignore=shutil.ignore_patterns("__pycache__"))
    before = build_stdlib.our_imports(root)
    (root / "web" / "newpkg").mkdir()
    (root / "web" / "newpkg" / "stats.py").write_text(
        "import statistics\nfrom fractions import Fraction\n\n"
        "def f():\n    import difflib\n    from . import missing\n", encoding="utf-8")
    after = build_stdlib.our_imports(root)
    assert {"statistics", "fractions", "fractions.Fraction", "difflib"} <= after - before
    # Our own modules never count as standard library.
    assert not [n for n in after if n.split(".")[0] in ("web", "tacocat")]


def test_cli_only_imports_do_not_count():
    """tacocat.cli and the arena are never imported by the page: argparse and
    multiprocessing stay out of the browser's library."""
    imports = build_stdlib.our_imports()
    assert "argparse" not in imports and "multiprocessing" not in imports
    assert {"json", "random", "asyncio", "dataclasses"} <= imports


def test_build_is_reproducible(tmp_path):
    """The same inputs give the same bytes as the zip in runtime/ (needs Node + Pyodide)."""
    archive = _trimmed_runtime()
    del archive
    if not shutil.which("node"):
        pytest.skip("node not installed")
    stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    if stamp["key"] != build_stdlib.cache_key(build_stdlib.wanted_modules(), False):
        pytest.skip("runtime/ is older than the sources: run python -m scripts.build_runtime")
    out = tmp_path / "python_stdlib.zip"
    build_stdlib.build(out, quiet=True)
    assert out.read_bytes() == RUNTIME_ZIP.read_bytes()
