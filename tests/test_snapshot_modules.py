"""The page's modules that go into the start-up snapshot (web/platform/snapshot_modules.py): found
from their imports, they must never reach JavaScript, and every one imports in CPython
with JavaScript's modules made unimportable."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from web.platform.snapshot_modules import BROWSER_ONLY, _import_time, pure_modules

ROOT = Path(__file__).resolve().parents[1]


def test_every_page_module_is_pure_reaching_the_page_only_through_browser():
    pure = pure_modules()
    assert pure == sorted(pure)
    # The views and the state, and the page's glue too: it takes document, window and
    # Pyodide's bridge from web.platform.browser, which imports them when first used.
    for name in ("web.model.session", "web.model.screen", "web.render.vdom", "web.views.page_view",
                 "web.i18n.catalog", "web.model.text", "web.app", "web.platform.embed",
                 "web.platform.language", "web.platform.offline", "web.control.controller",
                 "web.platform.dom", "web.control.move_flow", "web.platform.storage",
                 "web.platform.browser"):
        assert name in pure
    everything = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                  for p in (ROOT / "web").rglob("*.py")}
    assert set(pure) == {n.removesuffix(".__init__") for n in everything}


def test_only_browser_imports_javascript_and_only_in_its_functions():
    import ast

    for path in sorted((ROOT / "web").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        at_import = {id(n) for n in _import_time(tree)}
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.split(".")[0] in BROWSER_ONLY for n in names):
                assert path.name == "browser.py" and id(node) not in at_import, path


def test_found_through_imports_and_cycles(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "leaf.py": "import json\n",
        "glue.py": "from pyscript import document\n",
        "uses_glue.py": "from . import glue\n",
        "late.py": "def f():\n    import js\n",  # inside a function: not at import
        "klass.py": "class K:\n    import js\n",  # a class body runs at import
        "guarded.py": "try:\n    import pyodide\nexcept ImportError:\n    pass\n",
        "a.py": "from . import b\n",
        "b.py": "from .a import x\nfrom .sub import deep\n",
        "sub/__init__.py": "",
        "sub/deep.py": "from .. import uses_glue\n",
        "c.py": "from .leaf import y\nfrom .sub import __name__ as z\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    assert pure_modules(pkg) == ["pkg", "pkg.c", "pkg.late", "pkg.leaf", "pkg.sub"]


def test_each_imports_without_javascript():
    """What the snapshot worker does, in CPython: if a module reached `pyscript`, `js` or
    `pyodide` at import, it would fail here."""
    script = textwrap.dedent("""
        import importlib, sys
        for name in ("pyscript", "js", "pyodide"):
            sys.modules[name] = None  # import fails
        from web.platform.snapshot_modules import pure_modules
        for name in pure_modules():
            importlib.import_module(name)
        print(len(pure_modules()))
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 50
