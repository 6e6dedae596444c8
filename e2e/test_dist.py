"""`make dist` (scripts/build_dist.py): only what a host needs, it plays from a domain root
and from a sub-path on a plain static server (no special headers), and it runs bytecode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ship_helpers import wait_controlled

from scripts.page_driver import FAST, play_to_end
from tacocat.ai import LEVELS_OFFERED


def test_dist_holds_only_what_a_host_needs(dist_dir):
    files = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file())
    for needed in (
        "index.html",
        "pyscript.toml",
        "sw.js",
        "precache.js",
        "download-sizes.json",
        "manifest.webmanifest",
        "web/embed.js",
        "runtime/pyodide/pyodide.asm.wasm",
        "runtime/pyodide/python_stdlib.zip",
        "runtime/pyscript/core.js",
        "app.zip",
        "app.zip.br",
        "app.zip.gz",
        "runtime/pyodide/pyodide.asm.wasm.br",
    ):
        assert needed in files
    assert not [f for f in files if f.endswith((".map", ".pyc", ".md", ".ts"))]
    assert not [f for f in files if f.split("/")[0] in ("e2e", "tests", "bench", "scripts")]
    assert not [f for f in files if "node_modules" in f or "__pycache__" in f]
    assert not [f for f in files if "codemirror" in f or "xterm" in f]
    # Our Python travels only inside app.zip (with its bytecode).
    assert not [f for f in files if f.split("/")[0] == "tacocat" or f.endswith(".py")]


def test_dist_under_a_sub_path(page, static_server, dist_dir, network_log, wait_ready):
    base = static_server(dist_dir, prefix="/games/tacocat/")
    page.goto(base + "?" + FAST)
    wait_ready(page)
    wait_controlled(page)
    scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")
    assert scope == base
    assert play_to_end(page) > 5
    assert network_log.bad_responses == []
    assert [u for u in network_log.requests if not u.startswith((base, "data:"))] == []


def test_dist_at_a_domain_root(page, static_server, dist_dir, network_log, wait_ready):
    base = static_server(dist_dir)
    page.goto(base + "?" + FAST)
    wait_ready(page)
    wait_controlled(page)
    assert play_to_end(page) > 5
    assert network_log.bad_responses == []


ROOT = Path(__file__).resolve().parent.parent

HOOK = """
document.addEventListener('DOMContentLoaded', () => {
  const core = document.querySelector('script[src$="pyscript/core.js"]');
  import(core.src).then((m) => m.hooks.main.onReady.add((wrap) => {
    window.__interpreter = wrap.interpreter;
  }));
});
"""
BYTECODE_CHECK = """
import importlib.util, json, sys
report = {"ours": {}, "stdlib": {}}
for name, module in sorted(sys.modules.items()):
    spec = getattr(module, "__spec__", None)
    if not spec or not spec.origin:
        continue
    if name.split(".")[0] in ("tacocat", "web") and not spec.origin.endswith(".zip"):
        report["ours"][name] = spec.origin.endswith(".pyc") or spec.origin  # sourceless
    elif name.split(".")[0] == "pyscript" and spec.origin.endswith(".py"):
        try:
            with open(spec.origin, "rb") as f:
                source = f.read()
            with open(spec.cached, "rb") as f:
                header = f.read(16)
            report["ours"][name] = header[8:16] == importlib.util.source_hash(source)
        except OSError as exc:
            report["ours"][name] = str(exc)
    elif ".zip/" in spec.origin:
        report["stdlib"][name] = spec.origin.rsplit(".", 1)[-1]
json.dumps(report)
"""


def test_page_runs_bytecode_not_source(new_context, base_url, wait_ready):
    """What dist/ ships runs without compiling: every module of ours is imported from its
    bytecode (no source ships beside it), PyScript's package (which PyScript writes as
    source) has a matching .pyc next to its source, every stdlib module is a .pyc."""
    context = new_context()
    context.add_init_script(HOOK)
    page = context.new_page()
    page.goto(base_url + "?" + FAST)
    wait_ready(page)
    report = json.loads(page.evaluate("(code) => window.__interpreter.runPython(code)",
                                      BYTECODE_CHECK))
    ours = report["ours"]
    assert {"web.app", "web.platform.embed", "tacocat.game", "pyscript",
            "pyscript.display"} <= set(ours)
    assert [name for name, ok in ours.items() if ok is not True] == []
    assert len(report["stdlib"]) > 100
    runtime = json.loads((ROOT / "runtime" / "manifest.json").read_text(encoding="utf-8"))
    if runtime["stdlib"] == "trimmed":  # not with TACOCAT_FULL_STDLIB (or while measuring)
        assert set(report["stdlib"].values()) == {"pyc"}, report["stdlib"]


@pytest.mark.parametrize("level", LEVELS_OFFERED)
def test_full_game_at_every_level(page, base_url, wait_ready, level):
    """The trimmed, precompiled runtime plays a whole game at each level the page offers
    (the conftest guard fails the test on any console error)."""
    page.goto(f"{base_url}?level={level}&pace=0&fresh=1&seed=7")
    wait_ready(page)
    assert play_to_end(page, timeout=240) > 5
