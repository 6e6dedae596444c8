"""The page's modules that go into the start-up snapshot (web/snapshot_modules.py): found
from their imports, they must never reach JavaScript, and every one imports in CPython
with JavaScript's modules made unimportable."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from web.snapshot_modules import pure_modules

ROOT = Path(__file__).resolve().parents[1]


def test_the_pure_modules_are_the_views_and_state_not_the_page_glue():
    pure = pure_modules()
    assert pure == sorted(pure)
    # The drawing of a move and its state are pure (the bulk of the page's imports) ...
    for name in ("web.session", "web.screen", "web.vdom", "web.views.page", "web.i18n",
                 "web.text"):
        assert name in pure
    # ... what touches the page or the runtime is not, also through another module.
    for name in ("web.app", "web.shell", "web.offline", "web.controller", "web.dom",
                 "web.turns", "web.storage"):
        assert name not in pure


def test_found_through_imports_and_cycles(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "leaf.py": "import json\n",
        "glue.py": "from pyscript import document\n",
        "uses_glue.py": "from . import glue\n",
        "late.py": "def f():\n    import js\n",  # inside a function counts too
        "a.py": "from . import b\n",
        "b.py": "from .a import x\nfrom .sub import deep\n",
        "sub/__init__.py": "",
        "sub/deep.py": "from .. import uses_glue\n",
        "c.py": "from .leaf import y\nfrom .sub import __name__ as z\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    assert pure_modules(pkg) == ["pkg", "pkg.c", "pkg.leaf", "pkg.sub"]


def test_each_imports_without_javascript():
    """What the snapshot worker does, in CPython: if a module reached `pyscript`, `js` or
    `pyodide` at import, it would fail here."""
    script = textwrap.dedent(f"""
        import importlib, sys
        for name in ("pyscript", "js", "pyodide"):
            sys.modules[name] = None  # import fails
        sys.path.insert(0, {str(ROOT)!r})
        from web.snapshot_modules import pure_modules
        for name in pure_modules():
            importlib.import_module(name)
        print(len(pure_modules()))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 20
