#!/usr/bin/env python3
"""Generate the service worker's precache list (``precache.js``) for a site folder.

    python3 -m scripts.build_precache              # the repo-root site (`make serve`)
    python3 -m scripts.build_precache --site dist  # a built dist/ (build_dist.py does this)

Standard library only. The list is everything the game page needs, found from its
sources rather than written by hand:

* the page itself (``index.html``, cached under the site URL ``./``);
* every relative ``src``/``href`` in ``index.html`` (scripts, CSS, manifest, icons), the
  ``config`` of its ``<script type="py">`` tags, and each ``pyscript.toml``'s
  ``[files]`` (resolved relative to the config, ``{PLACEHOLDER}`` templates expanded)
  and ``interpreter`` (relative to the page);
* the icons named by the web app manifest and ``url(...)`` references in our CSS;
* the JavaScript modules our own modules import (``import … from "./x.mjs"``) or start as
  ``new URL("x.mjs", import.meta.url)`` (``web/boot/``: the snapshot worker and its helper);
* the self-hosted runtime from ``runtime/manifest.json``, minus the PyScript chunks a
  page without ``py-editor``/``terminal`` never loads (:data:`RUNTIME_UNUSED`) and the
  plugins its ``pyscript.toml`` turns off (``plugins = ["!name", ...]``: PyScript never
  imports them, :func:`excluded_plugins`).

``precache.js`` (gitignored) sets ``self.TACOCAT_PRECACHE = {version, files}``, each
file ``[url, bytes, integrity, wire bytes]`` (wire: its brotli sibling's size, which
build_dist.py makes before it writes the list a second time; else its own size); ``sw.js``
imports it; index.html's progress bar reads the same sizes from ``download-sizes.json``.
``version`` hashes every URL and content, so any change to any file makes a new service
worker with a new cache.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_NAME = "precache.js"
# The sizes alone, for the page's progress bar on a first visit (index.html): a file the
# worker never fetches, so that the page's read of it is not a second download of
# precache.js (the worker's importScripts bypasses the HTTP cache).
SIZES_NAME = "download-sizes.json"

# PyScript 0.7 dist chunks (name without the "-<8 char hash>.js" suffix) that only the
# code editor (py-editor: CodeMirror) and the terminal (xterm.js, MicroPython) import
# lazily, plus PyScript's own sync-XHR service worker, MicroPython's zip reader ("zip":
# Pyodide unpacks [files] archives itself) and the package graph ("pyodide_graph", only
# read for a config with `packages`, which this page cannot have: no CDN). A game page
# never requests them (e2e/test_offline.py checks everything it loads is precached).
RUNTIME_UNUSED = frozenset(
    {
        "codemirror",
        "codemirror_commands",
        "codemirror_lang-python",
        "codemirror_language",
        "codemirror_state",
        "codemirror_view",
        "index",
        "xterm",
        "xterm-readline",
        "xterm_addon-fit",
        "xterm_addon-web-links",
        "xterm.css",
        "mpy",
        "py",
        "service-worker",
        "zip",
        "pyodide_graph",
        "LICENSE",
    }
)
# Files the game fetches only when a feature opens (puzzles: web/control/puzzles_ctrl.py),
# never with the first move's bytes: listed with a fifth field ``1``; sw.js leaves them out
# of a first visit's cache and keeps each when the page first asks for it (or copies it
# from the previous build's cache), and download-sizes.json does not count them.
LAZY = ("web/puzzles.json",)
# Precompressed siblings (dist/): the same URL as their original, never listed themselves.
COMPRESSED_SUFFIXES = (".br", ".gz")
# Page features that would need the chunks above.
UNSUPPORTED_FEATURES = re.compile(r"py-editor|mpy-editor|\bterminal\b|type=[\"']mpy")

_HASHED = re.compile(r"^(?P<stem>.+)-[A-Za-z0-9_-]{8}\.js$")
_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
_JS_MODULE_URL = re.compile(
    r"new URL\(\s*[\"']([^\"']+\.m?js)[\"']\s*,\s*import\.meta\.url\s*\)"
    r"|^import [^;]*?from [\"'](\.{1,2}/[^\"']+\.m?js)[\"']", re.M)
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


class PrecacheError(Exception):
    pass


# PyScript still imports its error plugin when a config turns it off (to tell it so).
PLUGINS_LOADED_ANYWAY = frozenset({"error"})


def runtime_stem(name: str) -> str:
    m = _HASHED.match(name)
    return m.group("stem") if m else PurePosixPath(name).stem if name.endswith(".js") else name


def runtime_files(site: Path) -> list[str]:
    """Paths (relative to the site) of the runtime files a game page needs."""
    manifest = site / "runtime" / "manifest.json"
    if not manifest.is_file():
        # A built dist/ ships only the runtime files the game needs, without the manifest.
        tree = sorted(
            p for p in (site / "runtime").rglob("*")
            if p.is_file() and not p.name.endswith(COMPRESSED_SUFFIXES)
        )
        if not tree:
            raise PrecacheError(f"{manifest} is missing: build the runtime first (make runtime)")
        return [
            p.relative_to(site).as_posix()
            for p in tree
            if runtime_stem(p.name) not in RUNTIME_UNUSED
        ]
    data = json.loads(manifest.read_text(encoding="utf-8"))
    out = []
    for f in data["files"]:
        path = f["path"]
        if path.startswith("pyscript/") and runtime_stem(path.split("/", 1)[1]) in RUNTIME_UNUSED:
            continue
        out.append("runtime/" + path)
    return sorted(out)


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.configs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("src", "href"):
            if a.get(name) and not (tag == "a" and name == "href"):
                self.refs.append(a[name])
        if tag == "script" and (a.get("type") or "") in ("py", "mpy") and a.get("config"):
            self.configs.append(a["config"])
        if tag in ("py-config", "mpy-config") and a.get("src"):  # PyScript's two types
            self.configs.append(a["src"])


def _local(ref: str) -> bool:
    parts = urlsplit(ref)
    return not parts.scheme and not parts.netloc and bool(parts.path) and not ref.startswith("#")


def _join(base_dir: PurePosixPath, ref: str) -> str:
    """Resolve a relative URL path against a site-relative directory; '' = the site root."""
    path = urlsplit(ref).path
    if path.startswith("/"):
        raise PrecacheError(f"absolute path {ref!r} breaks sub-path deployments; make it relative")
    parts: list[str] = [p for p in base_dir.parts if p not in ("", ".")]
    for seg in path.split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if not parts:
                raise PrecacheError(f"{ref!r} points outside the site")
            parts.pop()
        else:
            parts.append(seg)
    return "/".join(parts)


def config_files(site: Path, config_rel: str) -> list[str]:
    """Site-relative paths of the files a pyscript.toml fetches via [files]."""
    config = site / config_rel
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    base = PurePosixPath(config_rel).parent
    files = data.get("files", {}) or {}
    # PyScript's convention: '"{NAME}" = "value"' defines a placeholder for other keys.
    templates = {m.group(1): v for k, v in files.items() if (m := _PLACEHOLDER.fullmatch(k))}
    out = []
    for src in files:
        if _PLACEHOLDER.fullmatch(src):
            continue
        for _ in range(5):
            src = _PLACEHOLDER.sub(lambda m: templates.get(m.group(1), m.group(0)), src)
        if "{" in src:
            raise PrecacheError(f"{config_rel}: cannot expand {src!r}")
        if _local(src):
            out.append(_join(base, src))
    return out


def page_files(site: Path, page: str = "index.html") -> list[str]:
    """Everything the page references, recursively through configs, manifest and CSS."""
    html = (site / page).read_text(encoding="utf-8")
    if UNSUPPORTED_FEATURES.search(html):
        raise PrecacheError(
            f"{page} uses a PyScript editor/terminal; update RUNTIME_UNUSED in {__file__}"
        )
    parser = _Refs()
    parser.feed(html)
    page_dir = PurePosixPath(page).parent
    found: set[str] = set()
    for ref in parser.refs:
        if _local(ref):
            found.add(_join(page_dir, ref))
    for cfg in parser.configs:
        cfg_rel = _join(page_dir, cfg)
        found.add(cfg_rel)
        found.update(config_files(site, cfg_rel))
        interpreter = tomllib.loads((site / cfg_rel).read_text(encoding="utf-8")).get(
            "interpreter"
        )
        if interpreter and _local(interpreter):
            found.add(_join(page_dir, interpreter))
    pending = sorted(found)
    while pending:
        rel = pending.pop()
        path = site / rel
        if rel.endswith((".mjs", ".js")) and path.is_file() and not rel.startswith("runtime/"):
            for refs in _JS_MODULE_URL.findall(path.read_text(encoding="utf-8")):
                module = _join(PurePosixPath(rel).parent, refs[0] or refs[1])
                if module not in found:
                    found.add(module)
                    pending.append(module)
        elif rel.endswith(".webmanifest") and path.is_file():
            manifest = json.loads(path.read_text(encoding="utf-8"))
            mdir = PurePosixPath(rel).parent
            for icon in manifest.get("icons", []):
                found.add(_join(mdir, icon["src"]))
        elif rel.endswith(".css") and path.is_file() and not rel.startswith("runtime/"):
            for ref in _CSS_URL.findall(path.read_text(encoding="utf-8")):
                if _local(ref) and not ref.startswith("data:"):
                    found.add(_join(PurePosixPath(rel).parent, ref))
    return sorted(found)


def page_configs(site: Path, page: str = "index.html") -> list[str]:
    """Site-relative paths of the PyScript configs the page's scripts name."""
    parser = _Refs()
    parser.feed((site / page).read_text(encoding="utf-8"))
    return [_join(PurePosixPath(page).parent, cfg) for cfg in parser.configs]


def excluded_plugins(site: Path, page: str = "index.html") -> frozenset[str]:
    """PyScript plugins every config of the page turns off (``"!name"`` in its
    ``plugins``): PyScript never imports their chunks, so they are not shipped."""
    sets = []
    for rel in page_configs(site, page):
        plugins = tomllib.loads((site / rel).read_text(encoding="utf-8")).get("plugins", [])
        if not isinstance(plugins, list) or not all(isinstance(p, str) for p in plugins):
            raise PrecacheError(f"{rel}: plugins must be a list of strings")
        sets.append({p[1:] for p in plugins if p.startswith("!")} - PLUGINS_LOADED_ANYWAY)
    return frozenset(set.intersection(*sets)) if sets else frozenset()


def site_files(site: Path, page: str = "index.html") -> dict[str, list[str]]:
    """{'own': [...], 'runtime': [...]} site-relative paths of everything to precache
    (the page itself included under its file name)."""
    off = excluded_plugins(site, page)
    runtime = [
        r for r in runtime_files(site)
        if not (r.startswith("runtime/pyscript/") and runtime_stem(r.rsplit("/", 1)[1]) in off)
    ]
    refs = page_files(site, page)
    own = sorted({page, *(r for r in refs if not r.startswith("runtime/"))})
    runtime_needed = sorted(set(runtime) | {r for r in refs if r.startswith("runtime/")})
    lazy = [r for r in LAZY if r not in own]
    missing = [r for r in own + runtime_needed + lazy if not (site / r).is_file()]
    if missing:
        raise PrecacheError(f"referenced but missing in {site}: {', '.join(missing)}")
    return {"own": own, "runtime": runtime_needed, "lazy": lazy}


def _digest(path: Path) -> bytes:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").digest()


def build(site: Path = ROOT, page: str = "index.html") -> dict:
    groups = site_files(site, page)
    entries = []
    version = hashlib.sha256()
    for rel in groups["own"] + groups["runtime"] + groups["lazy"]:
        path = site / rel
        digest = _digest(path)
        url = "./" if rel == page else rel
        # The page is cached without an integrity check: some hosts rewrite HTML.
        integrity = "" if rel == page else "sha256-" + base64.b64encode(digest).decode()
        # what the file costs on the wire from a host that sends the build's brotli sibling
        # (the page's progress bar, index.html), else its own size
        sibling = path.with_name(path.name + ".br")
        wire = sibling.stat().st_size if sibling.is_file() else path.stat().st_size
        entries.append([url, path.stat().st_size, integrity, wire,
                        *([1] if rel in groups["lazy"] else [])])
        version.update(f"{url}\0{digest.hex()}\n".encode())
    return {"version": version.hexdigest()[:16], "files": entries}


def write(site: Path = ROOT, page: str = "index.html", quiet: bool = False) -> dict:
    data = build(site, page)
    text = (
        "// Generated by scripts/build_precache.py: the files sw.js precaches. Do not edit.\n"
        f"self.TACOCAT_PRECACHE = {json.dumps(data, separators=(',', ':'))};\n"
    )
    out = site / OUTPUT_NAME
    sizes = json.dumps({url: [size, wire] for url, size, _, wire, *lazy in data["files"]
                        if not lazy}, separators=(",", ":")) + "\n"
    for path, content in ((out, text), (site / SIZES_NAME, sizes)):
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
    if not quiet:
        total = sum(e[1] for e in data["files"])
        print(f"{out}: version {data['version']}, {len(data['files'])} files, {total} bytes")
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--site", default=str(ROOT), help="site folder (default: repo root)")
    ap.add_argument("--page", default="index.html")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        write(Path(args.site).resolve(), args.page, args.quiet)
    except (PrecacheError, OSError, ValueError) as exc:
        print(f"build_precache: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
