"""The self-hosted runtime (runtime/, built by scripts/build_runtime.py, with the trimmed
bytecode standard library) boots a bare PyScript page (bench/bare/) from local files only:
no CDN, no console errors. And the static server: content types, hidden paths, prefixes,
precompressed siblings."""

from __future__ import annotations

import gzip
import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "runtime" / "manifest.json"
PYODIDE_BOOT_FILES = {
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
}


def _manifest() -> dict:
    if not MANIFEST.is_file():
        pytest.fail("runtime/ is not built: run `make runtime` (scripts/setup.sh)")
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def _load_bare(page, url, wait_ready) -> dict:
    page.goto(url)
    wait_ready(page)
    return page.evaluate(
        """() => ({
            python: document.documentElement.dataset.python,
            readyMs: Number(document.documentElement.dataset.readyMs),
            status: document.getElementById("status").textContent,
        })"""
    )


def _runtime_paths(requests: list[str], runtime_url: str) -> list[str]:
    return [u[len(runtime_url) :] for u in requests if u.startswith(runtime_url)]


def test_bare_page_boots_from_local_runtime(page, server_url, network_log, wait_ready, screenshot):
    base_url = server_url
    info = _load_bare(page, base_url + "bench/bare/", wait_ready)
    screenshot(page, "ready")

    assert info["python"].startswith("3."), info
    assert "ready" in info["status"]
    assert network_log.foreign == []
    # Everything came from the served tree (data: URLs aside), nothing from elsewhere.
    outside = [u for u in network_log.requests if not u.startswith((base_url, "data:"))]
    assert outside == []
    assert network_log.bad_responses == []

    runtime_url = base_url + "runtime/"
    loaded = _runtime_paths(network_log.requests, runtime_url)
    pyodide = {p.removeprefix("pyodide/") for p in loaded if p.startswith("pyodide/")}
    pyscript = [p for p in loaded if p.startswith("pyscript/")]
    assert pyodide == PYODIDE_BOOT_FILES
    assert "pyscript/core.js" in pyscript
    assert all(not p.endswith(".map") for p in loaded)

    # The service worker will precache runtime/manifest.json's list: it must cover
    # everything a page actually loads.
    listed = {f["path"] for f in _manifest()["files"]}
    assert set(loaded) <= listed, set(loaded) - listed

    print(
        f"\nbare page: Python {info['python']} ready at {info['readyMs']} ms; "
        f"{len(network_log.requests)} requests, {len(pyscript)} PyScript files, "
        f"{len(pyodide)} Pyodide files"
    )


def test_bare_page_under_sub_path(page, static_server, network_log, wait_ready):
    base = static_server(ROOT, prefix="/games/tacocat/")
    assert base.endswith("/games/tacocat/")
    _load_bare(page, base + "bench/bare/", wait_ready)
    assert network_log.foreign == []
    assert [u for u in network_log.requests if not u.startswith((base, "data:"))] == []
    assert network_log.bad_responses == []


def test_guard_sees_foreign_requests(page, server_url, network_log):
    """The guard itself: a request to another host is recorded as foreign."""
    # a text file has no icon, and Chromium's own favicon request (404, at a moment of its
    # choosing, sometimes after this test has cleared the log) is not what it provokes
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server_url + "bench/bare/pyscript.toml")
    page.evaluate("() => fetch('http://example.invalid/x').catch(() => null)")
    _poll(lambda: network_log.foreign, page)
    assert network_log.foreign == ["http://example.invalid/x"]
    network_log.foreign.clear()  # do not fail this test for it
    network_log.failed.clear()
    network_log.console_errors.clear()


def _poll(condition, page, timeout: float = 15.0) -> None:
    """Wait until condition() is truthy (Playwright delivers events asynchronously)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        page.wait_for_timeout(20)


# --- the static server ---------------------------------------------------------
def _head(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD")) as r:
            return r.status, r.headers.get_content_type()
    except urllib.error.HTTPError as e:
        return e.code, ""


def _get(url: str, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, b""


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("runtime/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("runtime/pyodide/pyodide.mjs", "text/javascript"),
        ("runtime/pyscript/core.js", "text/javascript"),
        ("runtime/pyodide/pyodide-lock.json", "application/json"),
        ("runtime/pyodide/python_stdlib.zip", "application/zip"),
        ("bench/bare/pyscript.toml", "text/plain"),
        ("scripts/serve.py", "text/x-python"),
        ("bench/bare/", "text/html"),
    ],
)
def test_serve_content_types(server_url, path, content_type):
    assert _head(server_url + path) == (200, content_type)


def test_serve_hides_private_paths_and_respects_prefix(server_url, static_server):
    assert _head(server_url + ".git/HEAD")[0] == 404
    assert _head(server_url + "node_modules/pyodide/package.json")[0] == 404
    sub = static_server(ROOT, prefix="/games/tacocat/")
    origin = sub[: -len("games/tacocat/")]
    assert _head(sub + "runtime/pyscript/core.js") == (200, "text/javascript")
    assert _head(origin + "runtime/pyscript/core.js")[0] == 404


def test_precompressed_siblings_are_served_when_accepted(static_server, dist_dir):
    base = static_server(dist_dir)
    wasm = dist_dir / "runtime" / "pyodide" / "pyodide.asm.wasm"
    for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
        status, headers, body = _get(base + "runtime/pyodide/pyodide.asm.wasm",
                                     **{"Accept-Encoding": f"{coding}, identity"})
        assert status == 200 and headers["Content-Encoding"] == coding
        assert headers["Content-Type"] == "application/wasm"
        assert headers["Vary"] == "Accept-Encoding"
        assert body == wasm.with_name(wasm.name + suffix).read_bytes()
        assert int(headers["Content-Length"]) == len(body) < wasm.stat().st_size
    assert gzip.decompress(_get(base + "index.html", **{"Accept-Encoding": "gzip"})[2]) == \
        (dist_dir / "index.html").read_bytes()
    # The page itself ("/") is sent compressed too; br preferred over gzip.
    _, headers, _ = _get(base, **{"Accept-Encoding": "gzip, deflate, br"})
    assert headers["Content-Encoding"] == "br" and headers["Content-Type"] == "text/html"
    # Not accepted, or refused with q=0: the original bytes.
    for accept in ("identity", "br;q=0, gzip;q=0"):
        status, headers, body = _get(base + "app.zip", **{"Accept-Encoding": accept})
        assert "Content-Encoding" not in headers
        assert body == (dist_dir / "app.zip").read_bytes()
    # Revalidation answers 304 for the compressed variant as for the plain one.
    status, headers, _ = _get(base + "app.zip", **{"Accept-Encoding": "br"})
    again = _get(base + "app.zip", **{"Accept-Encoding": "br",
                                       "If-Modified-Since": headers["Last-Modified"]})
    assert again[0] == 304


def test_stale_sibling_is_never_served(static_server, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.js").write_text("new();\n" * 100)
    (site / "a.js.gz").write_bytes(gzip.compress(b"old();\n" * 100))
    old = (site / "a.js").stat().st_mtime - 100
    os.utime(site / "a.js.gz", (old, old))
    _, headers, body = _get(static_server(site) + "a.js", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers and body.startswith(b"new();")


def test_runtime_manifest_matches_files():
    manifest = _manifest()
    runtime = ROOT / "runtime"
    on_disk = {
        p.relative_to(runtime).as_posix(): p.stat().st_size
        for p in runtime.rglob("*")
        if p.is_file() and p.name != "manifest.json" and ".build" not in p.parts
    }
    assert {f["path"]: f["size"] for f in manifest["files"]} == on_disk
    assert manifest["total_bytes"] == sum(on_disk.values())
    assert not any(p.endswith(".map") for p in on_disk)
    assert {f"pyodide/{n}" for n in PYODIDE_BOOT_FILES} <= set(on_disk)
