"""The layers of web/ as docs/ARCHITECTURE.md draws them, checked import by import
(including imports inside function bodies): each package imports only the packages below
it in :data:`LAYERS`; only ``web.platform`` and the composition root ``web.app`` touch the
browser (``js``, ``pyscript``, ``pyodide``); the engine (``tacocat``) imports nothing of the
page. So model, formats, views, render and control all run, and are tested, in CPython.
Also the size a newcomer can hold in mind: at most 400 lines per module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from web.platform.snapshot_modules import imports

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
BROWSER = ("js", "pyscript", "pyodide")
# package -> the packages of ours it may import (besides itself and tacocat)
LAYERS: dict[str, frozenset[str]] = {
    "web.i18n": frozenset(),
    "web.model": frozenset({"web.i18n"}),
    "web.formats": frozenset({"web.model", "web.i18n"}),
    "web.render": frozenset(),
    "web.views": frozenset({"web.model", "web.formats", "web.i18n", "web.render"}),
    "web.control": frozenset({"web.model", "web.formats", "web.i18n", "web.render",
                              "web.views"}),
    "web.platform": frozenset({"web.model", "web.i18n"}),
}
MAY_TOUCH_BROWSER = ("web.platform", "web.app")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str | None:
    return next((p for p in [*LAYERS, "web.app"]
                 if module == p or module.startswith(p + ".")), None)


def violations(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """``"<module> -> <import>"`` for every import a module's layer does not allow."""
    out = []
    for name, (src, pkg) in sorted(sources.items()):
        own = layer(name)
        for dep in sorted(imports(src, name, pkg, everywhere=True)):
            top = dep.split(".")[0]
            if (name.startswith("tacocat") and top == "web") or \
                    (top in BROWSER and own not in MAY_TOUCH_BROWSER):
                out.append(f"{name} -> {dep}")
            elif top == "web" and own in LAYERS and dep != "web":
                target = layer(dep)
                if target != own and target not in LAYERS[own]:
                    out.append(f"{name} -> {dep}")
    return out


def our_sources() -> dict[str, tuple[str, bool]]:
    paths = [*sorted(WEB.rglob("*.py")), *sorted((ROOT / "tacocat").rglob("*.py"))]
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in paths if "__pycache__" not in p.parts}


def test_every_package_of_web_is_in_a_layer() -> None:
    sources = our_sources()
    for name in sources:
        if name.startswith("web.") and name != "web.app":
            assert layer(name) is not None, f"{name}: in no layer of LAYERS"


def test_every_import_follows_the_layers() -> None:
    sources = our_sources()
    assert {"web.model.session", "web.views.page_view", "web.control.controller",
            "web.platform.browser_page", "tacocat.game"} <= set(sources)
    assert violations(sources) == []


@pytest.mark.parametrize(("module", "line", "caught"), [
    ("web.views.card_view", "from web.platform.dom import by_id", "web.platform.dom"),
    ("web.views.card_view", "from ..platform.browser import document",
     "web.platform.browser"),
    ("web.views.card_view", "import js", "js"),
    ("web.views.card_view", "from web.control.controller import Controller",
     "web.control.controller"),
    ("web.model.seen", "from web.render.paint import Painter", "web.render.paint"),
    ("web.model.session", "from web.formats.stored import read_stored",
     "web.formats.stored"),
    ("web.control.hand_ctrl", "from web.platform.dom import by_id", "web.platform.dom"),
    ("web.control.hand_ctrl", "from pyscript import document", "pyscript"),
    ("web.render.paint", "from web.platform.browser import window", "web.platform.browser"),
    ("web.platform.files", "from web.views.page_view import page", "web.views.page_view"),
    ("web.platform.files", "from web.control.controller import Controller",
     "web.control.controller"),
    ("tacocat.game", "from web.model.session import Session", "web.model.session"),
])
def test_an_import_across_the_layers_is_caught(module: str, line: str, caught: str) -> None:
    sources = our_sources()
    src, pkg = sources[module]
    sources[module] = (src + "\n\ndef _leak():\n    " + line + "\n", pkg)
    assert f"{module} -> {caught}" in violations(sources)


def test_modules_stay_small() -> None:
    for path in sorted(WEB.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.relative_to(ROOT)}: {lines} lines"
