"""The layers of web/ (docs/ARCHITECTURE.md): the state, the formats, the views and the
tree diff are pure Python — they never import the browser's side (``web.platform``), the
controller (``web.control``) or JavaScript's modules, directly or through another module,
so they run and are tested in CPython. Also the sizes a newcomer can hold in mind: at most
12 Python modules per folder, at most 400 lines per module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from web.platform.snapshot_modules import imports

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PURE = ("web.i18n", "web.model", "web.formats", "web.views", "web.render.vdom")
FORBIDDEN = ("web.platform", "web.control", "js", "pyscript", "pyodide")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    return {name: imports(src, name, pkg, everywhere=True) for name, (src, pkg) in sources.items()}


def violations(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """``"<pure module> -> <forbidden import> (via ...)"`` for every pure module that
    reaches a forbidden one through our own modules."""
    deps = graph(sources)

    def forbidden(mod: str) -> bool:
        return any(mod == f or mod.startswith(f + ".") for f in FORBIDDEN)

    out = []
    for name in sorted(deps):
        if not any(name == p or name.startswith(p + ".") for p in PURE):
            continue
        seen, stack = {name}, [(name, [name])]
        while stack:
            mod, path = stack.pop()
            for dep in sorted(deps.get(mod, ())):
                if forbidden(dep):
                    out.append(f"{name} -> {dep} (via {' -> '.join(path)})")
                elif dep in deps and dep not in seen:
                    seen.add(dep)
                    stack.append((dep, [*path, dep]))
    return out


def our_sources() -> dict[str, tuple[str, bool]]:
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in sorted(WEB.rglob("*.py")) if "__pycache__" not in p.parts}


def test_the_pure_layers_never_reach_the_browser_or_the_controller() -> None:
    sources = our_sources()
    assert {"web.model.session", "web.views.page_view", "web.render.vdom"} <= set(sources)
    assert violations(sources) == []


@pytest.mark.parametrize("line", [
    "from web.platform.dom import by_id",
    "from web.platform import dom",
    "from ..platform.browser import document",
    "import js",
    "from pyscript import document",
    "from web.control.controller import Controller",
])
def test_a_view_that_imports_the_dom_is_caught(line: str) -> None:
    sources = our_sources()
    src, pkg = sources["web.views.card_view"]
    sources["web.views.card_view"] = (src + "\n\ndef _leak():\n    " + line + "\n", pkg)
    found = violations(sources)
    # the view itself, and every pure module that imports it (the board, the page ...)
    assert any(v.startswith("web.views.card_view -> ") for v in found)
    assert any(v.startswith("web.views.page_view -> ") and "web.views.card_view" in v
               for v in found)


def test_a_model_reaching_the_browser_through_another_module_is_caught() -> None:
    sources = our_sources()
    src, pkg = sources["web.model.seen"]
    sources["web.model.seen"] = (src + "\nfrom web.render.paint import Painter\n", pkg)
    assert any(v.startswith("web.model.seen -> web.platform") for v in violations(sources))


def test_folders_and_modules_stay_small() -> None:
    for folder in [WEB, *sorted(p for p in WEB.rglob("*") if p.is_dir())]:
        modules = [p for p in folder.glob("*.py")]
        assert len(modules) <= 12, f"{folder.relative_to(ROOT)}: {len(modules)} modules"
    for path in sorted(WEB.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.relative_to(ROOT)}: {lines} lines"
