"""Which of the page's own modules go into the start-up snapshot (issue #19).

A memory snapshot (web/boot/snapshot_worker.mjs) restores wasm memory, not JavaScript
objects, so only modules that do not reach JavaScript *when imported* may be imported
before it is taken: those whose import-time code imports neither ``pyscript``, ``js`` nor
``pyodide``, directly or through another of our modules. An import inside a function
runs only when it is called: web/platform/browser.py reaches the page that way, so the modules
that take ``document``, ``window`` and Pyodide's bridge from it qualify (and must not use
them at import). They are found here from the sources themselves, so the list never goes
stale; the worker imports them, and a later visit finds them already imported
(tests/test_snapshot_modules.py imports each in CPython with JavaScript's modules made
unimportable: a module that used one at import would fail there).
"""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER_ONLY = ("pyscript", "js", "pyodide")  # top-level names that reach JavaScript
HERE = Path(__file__).resolve().parent.parent  # web/


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_time(tree: ast.AST):
    """The nodes of a module that run when it is imported: all but the bodies of its
    functions (class bodies and top-level ``if``/``try`` blocks run)."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                pending.append(child)


def imports(source: str, name: str, is_package: bool = False,
            everywhere: bool = False) -> set[str]:
    """Every module name the module ``name`` (its text ``source``) imports when imported
    — or, with ``everywhere``, anywhere, function bodies too — relative imports resolved
    (``from . import x`` counts both the package and ``package.x``, which may be a
    module)."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree) if everywhere else _import_time(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _imports(path: Path, name: str) -> set[str]:
    return imports(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")


def pure_modules(root: Path = HERE) -> list[str]:
    """Our modules under ``root`` (a package folder) that never import JavaScript's
    modules, sorted so that the list is the same everywhere."""
    graph = {
        _module_name(path, root): path for path in sorted(root.rglob("*.py"))
    }
    imports = {name: _imports(path, name) for name, path in graph.items()}
    # Those that import JavaScript's modules, then, until nothing changes, those that
    # import one of them (import cycles included).
    reach = {n for n, deps in imports.items() if any(d.split(".")[0] in BROWSER_ONLY for d in deps)}
    grown = True
    while grown:
        more = {n for n, deps in imports.items() if n not in reach and deps & reach}
        reach |= more
        grown = bool(more)
    return [name for name in sorted(graph) if name not in reach]
