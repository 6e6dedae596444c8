"""The page's PyScript config loads the generated archive of every engine/UI file
(scripts/build_app.py), the page preloads what Pyodide will fetch, and nothing comes from
a CDN."""

from __future__ import annotations

import json
import posixpath
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scripts import build_app

ROOT = Path(__file__).resolve().parent.parent

CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
CATALOG = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))


def _norm(path: str) -> str:
    return path.removeprefix("./")


def _shipped() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for pattern in
            ("tacocat/**/*.py", "web/**/*.py", "web/i18n/*.json") for p in ROOT.glob(pattern)}


def test_interpreter_is_local_and_relative():
    interpreter = CONFIG.get("interpreter", "")
    assert interpreter, "without `interpreter` PyScript fetches Pyodide from a CDN"
    assert not re.match(r"^[a-z]+:|^/", interpreter), "must be a relative path (sub-path hosting)"
    assert (ROOT / _norm(interpreter)).is_file()
    assert "packages" not in CONFIG, "packages would be fetched from a CDN"


LOADER = ROOT / _norm(CONFIG["interpreter"])
SNAPSHOT_WORKER = ROOT / "web" / "boot" / "snapshot_worker.mjs"


def _module_url(source: str, name: str) -> str:
    """The site-relative path a web/boot module's `NAME = new URL("…", import.meta.url)`
    points at (a trailing "/" kept)."""
    found = re.search(name + r' = new URL\("([^"]+)", import\.meta\.url\)', source)
    assert found, name
    ref = found.group(1)
    return posixpath.normpath(posixpath.join("web/boot", ref)) + ("/" if ref.endswith("/") else "")


def test_loader_wraps_the_pinned_runtime_and_the_worker_makes_the_snapshot_alike():
    """The `interpreter` module re-exports the pinned Pyodide's `version` and
    `loadPyodide`; the snapshot worker boots the same runtime from the same folder and
    unpacks pyscript.toml's one archive where PyScript unpacks it (a snapshot restores only
    into the start it was made from)."""
    loader = LOADER.read_text(encoding="utf-8")
    worker = SNAPSHOT_WORKER.read_text(encoding="utf-8")
    pinned = 'from "../../runtime/pyodide/pyodide.mjs"'
    assert f"import {{ loadPyodide as loadPlain, version }} {pinned};" in loader
    assert "export { version };" in loader and "export async function loadPyodide(" in loader
    assert f"import {{ loadPyodide }} {pinned};" in worker
    for source in (loader, worker):
        assert _module_url(source, "INDEX_URL") == "runtime/pyodide/"
    [(archive, dest)] = CONFIG["files"].items()
    assert _module_url(worker, "APP_URL") == _norm(archive)
    assert f'APP_DIR = "{dest.removesuffix("*")}"' in worker
    # Nothing that holds JavaScript objects goes into the snapshot: of the page's own
    # modules only those web/platform/snapshot_modules.py finds (tests/test_snapshot_modules.py).
    imports = worker.split("const IMPORTS = `", 1)[1].split("`", 1)[0]
    assert not re.search(r"\b(pyscript|js|pyodide)\b", imports)
    assert re.findall(r"\bweb\.[\w.]+\w", imports) == ["web.platform.snapshot_modules"]
    assert "for name in pure_modules():\n    importlib.import_module(name)" in imports


def test_config_unpacks_the_one_generated_archive():
    """No hand-kept file list: [files] unpacks app.zip into the working directory, and the
    archive is built from a glob that covers every Python file and catalog."""
    assert CONFIG.get("files") == {f"./{build_app.ARCHIVE}": "./*"}
    assert set(build_app.sources(ROOT)) == _shipped()


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.texts: dict[str, list[str]] = {}
        self.attrs: list[tuple[str, str]] = []
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("src", "href"):
            if a.get(name):
                self.urls.append(a[name])
        for key, value in a.items():
            if key.startswith("data-i18n-"):
                self.attrs.append((key.removeprefix("data-i18n-"), value))
        if tag in ("input", "meta", "link", "br", "img", "path", "circle"):
            return
        self.stack.append((tag, a.get("data-i18n")))
        if a.get("data-i18n"):
            self.texts.setdefault(a["data-i18n"], []).append("")

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _, key in self.stack:
            if key:
                self.texts[key][-1] += data


def test_static_page_text_matches_the_catalog():
    """index.html shows English before Python runs; it must say what en.json says."""
    parser = _Collector()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.texts, "no data-i18n elements found"
    for key, texts in parser.texts.items():
        assert key in CATALOG, f"index.html uses unknown key {key}"
        for text in texts:
            assert " ".join(text.split()) == " ".join(CATALOG[key].split()), key
    for _, key in parser.attrs:
        assert key in CATALOG, key
    for url in parser.urls:
        assert not re.match(r"^(https?:)?//", url), f"no foreign URLs: {url}"
        assert not url.startswith("/"), f"relative URLs only (sub-path hosting): {url}"


@pytest.mark.parametrize("path", sorted((ROOT / "web").rglob("*.py")))
def test_ui_never_writes_html(path):
    text = path.read_text(encoding="utf-8")
    assert "innerHTML" not in text and "outerHTML" not in text
    assert "insertAdjacentHTML" not in text and "document.write" not in text


def test_catalog_keys_used_in_code_exist():
    code = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "web").rglob("*.py"))
    used = set(re.findall(r'"((?:[a-z_]+\.)+[a-z0-9_]+)"', code))
    # every literal whose first part names a group of catalog keys must be a key
    groups = {key.split(".")[0] for key in CATALOG}
    candidates = {k for k in used if k.split(".")[0] in groups}
    assert len(candidates) > 100
    missing = sorted(k for k in candidates if k not in CATALOG)
    assert not missing, missing


def test_page_preloads_the_archive_and_what_pyodide_fetches():
    """index.html starts every big download at once on a first visit: pyscript.toml's
    [files] (the archive) and the files Pyodide fetches from its folder only after PyScript
    has loaded. The boot script fetches them itself (inert `tacocat-preload` links it reads)
    and counts their bytes for the progress bar, never with <link rel=preload>: WebKit
    never reuses a preload, and the worker completes its cache from the HTTP cache."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert not re.search(r'rel="(?:module)?preload"', page)
    warm = re.findall(r'<link rel="tacocat-preload" href="([^"]+)">', page)
    listed = [src.removeprefix("./") for src in CONFIG["files"]]
    pyodide = "runtime/pyodide/"
    assert sorted(warm) == sorted([
        *listed,
        _norm(CONFIG["interpreter"]),
        *(pyodide + f for f in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip",
                                "pyodide-lock.json", "pyodide.mjs")),
    ])
    # (pyodide.asm.mjs too, 207 KB with brotli: its import later finds it in the HTTP cache,
    # and the progress bar counts it.) PyScript itself starts from the boot script, never
    # from a static module tag.
    assert not re.search(r'<script type="module"', page)
    assert re.search(r'<script type="tacocat/module" id="pyscript-core" '
                     r'src="runtime/pyscript/core.js"></script>', page)
