"""`make dist` (scripts/build_dist.py): only what a host needs, and it plays from a
domain root and from a sub-path on a plain static server (no special headers)."""

from __future__ import annotations

from ship_helpers import FAST, play_to_end, wait_controlled


def test_dist_holds_only_what_a_host_needs(dist_dir):
    files = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file())
    for needed in (
        "index.html",
        "pyscript.toml",
        "sw.js",
        "precache.js",
        "manifest.webmanifest",
        "web/embed.js",
        "runtime/pyodide/pyodide.asm.wasm",
        "runtime/pyodide/python_stdlib.zip",
        "runtime/pyscript/core.js",
    ):
        assert needed in files
    assert not [f for f in files if f.endswith((".map", ".pyc", ".md", ".ts"))]
    assert not [f for f in files if f.split("/")[0] in ("e2e", "tests", "bench", "scripts")]
    assert not [f for f in files if "node_modules" in f or "__pycache__" in f]
    assert not [f for f in files if "codemirror" in f or "xterm" in f]


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
