#!/usr/bin/env python3
"""Static development server for Tacocat (standard library only).

    python3 -m scripts.serve                      # repo root on http://127.0.0.1:8000/
    python3 -m scripts.serve --dir dist --port 8080
    python3 -m scripts.serve --prefix /games/tacocat/   # test a sub-path deployment
    PORT=9000 python3 -m scripts.serve

Differences from ``python -m http.server``:

* explicit MIME types (``.wasm`` must be ``application/wasm`` or Pyodide fails;
  ``.mjs`` is unknown to Python 3.11's ``mimetypes``);
* ``--prefix`` serves the directory under a sub-path; everything outside it is a 404,
  so absolute URLs that would break on a sub-path deployment show up in tests;
* dot-files/dot-dirs (``.git``, ``.venv`` ...) and ``node_modules`` are never served,
  so the game cannot silently depend on files that are not deployed;
* ``Cache-Control: no-cache`` by default (the browser revalidates, edits show up
  on reload; ``--cache-control`` changes it);
* precompressed siblings (``x.wasm.br``, ``x.wasm.gz``, made by scripts/compress.py for
  dist/) are sent with ``Content-Encoding`` when the browser accepts them, as nginx's
  ``brotli_static``/``gzip_static`` do (``--no-precompressed`` turns that off);
* serving the repo root (``make serve``), ``app.zip`` (scripts/build_app.py) and
  ``precache.js`` are rebuilt on request when a source changed, so a reload shows edits.

Importable: ``start_server(directory, port=0, prefix="/")`` runs the server in a
background thread and returns ``(server, base_url)``; stop it with
``server.shutdown(); server.server_close()`` (or ``stop_server(server)``).
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import os
import posixpath
import sys
import threading
import urllib.parse
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/x-python",
    ".json": "application/json",
    ".zip": "application/zip",
    ".html": "text/html",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain",
    ".md": "text/plain",
}

# Path segments that are never served.
HIDDEN_SEGMENTS = ("node_modules",)


def normalize_prefix(prefix: str) -> str:
    """'games/tacocat' -> '/games/tacocat/'; '' or '/' -> '/'."""
    prefix = "/" + prefix.strip().strip("/")
    return prefix if prefix == "/" else prefix + "/"


_precache_lock = threading.Lock()


def _refresh_app(directory: Path) -> None:
    """Serving the repo root: rebuild app.zip (source only) if a .py or catalog changed."""
    if directory.resolve() != ROOT or not (ROOT / "index.html").is_file():
        return
    try:
        from scripts import build_app

        build_app.ensure_source_archive(ROOT)
    except Exception as exc:  # a half-written file while someone edits: keep the old one
        print(f"serve: app.zip not rebuilt: {exc}", file=sys.stderr)


def _refresh_precache(directory: Path) -> None:
    """Serving the repo root: rebuild the service worker's file list on each request, so
    edited files reach the page (the worker checks precache.js on every navigation)."""
    if directory.resolve() != ROOT or not (ROOT / "index.html").is_file():
        return
    _refresh_app(directory)
    with _precache_lock:
        try:
            from scripts import build_precache

            build_precache.write(ROOT, quiet=True)
        except Exception as exc:  # a half-written file while someone edits: keep the old list
            print(f"serve: precache.js not refreshed: {exc}", file=sys.stderr)


# Content-Encoding -> sibling suffix, in order of preference.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str | None) -> set[str]:
    """Codings an Accept-Encoding header allows (q=0 means no)."""
    out = set()
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                out.add(coding.strip().lower())
        except ValueError:
            continue
    return out


class TacocatRequestHandler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: closer to a real static host
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def __init__(
        self, *args, prefix="/", quiet=False, extra_headers=None, precompressed=True, **kwargs
    ):
        # Set before super().__init__, which already handles the request.
        self.prefix = prefix
        self.quiet = quiet
        self.extra_headers = extra_headers or {}
        self.precompressed = precompressed
        self._vary = False
        super().__init__(*args, **kwargs)

    # -- routing ---------------------------------------------------------------
    def _route(self) -> str | None:
        """Return the path relative to the served dir, or None after answering."""
        path = urllib.parse.urlsplit(self.path).path
        if self.prefix != "/":
            if path == self.prefix.rstrip("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(self.prefix):
                self.send_error(HTTPStatus.NOT_FOUND, f"Outside the served prefix {self.prefix}")
                return None
            path = "/" + path[len(self.prefix) :]
        segments = [s for s in posixpath.normpath(urllib.parse.unquote(path)).split("/") if s]
        if any(s.startswith(".") or s in HIDDEN_SEGMENTS for s in segments):
            self.send_error(HTTPStatus.NOT_FOUND, "Not served")
            return None
        return path

    def translate_path(self, path: str) -> str:
        # self.path still carries the prefix; strip it before mapping to the disk.
        split = urllib.parse.urlsplit(path)
        p = split.path
        if self.prefix != "/" and p.startswith(self.prefix):
            p = "/" + p[len(self.prefix) :]
        return super().translate_path(urllib.parse.urlunsplit(("", "", p, split.query, "")))

    def do_GET(self):
        self._vary = False
        path = self._route()
        if path is not None:
            if path == "/precache.js":
                _refresh_precache(Path(self.directory))
            elif path == "/app.zip":
                _refresh_app(Path(self.directory))
            super().do_GET()

    def do_HEAD(self):
        self._vary = False
        if self._route() is not None:
            super().do_HEAD()

    # -- precompressed siblings ------------------------------------------------------
    def _sibling(self) -> tuple[str, str, str] | None:
        """(file, sibling, coding) when a fresh precompressed sibling can be sent."""
        if not self.precompressed:
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        for coding, suffix in PRECOMPRESSED:
            sibling = path + suffix
            if os.path.isfile(sibling):
                self._vary = True
                # Older than its original: a leftover of an earlier build, never sent.
                if coding in accepted and os.path.getmtime(sibling) >= os.path.getmtime(path):
                    return path, sibling, coding
        return None

    def send_head(self):
        found = self._sibling()
        if found is None:
            return super().send_head()
        path, sibling, coding = found
        modified = os.stat(path).st_mtime
        if self._not_modified(modified):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        f = open(sibling, "rb")  # noqa: SIM115 (the caller copies and closes it)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return f

    def _not_modified(self, modified: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            ims = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if ims.tzinfo is None:
            ims = ims.replace(tzinfo=datetime.UTC)
        last = datetime.datetime.fromtimestamp(modified, datetime.UTC).replace(microsecond=0)
        return last <= ims

    def send_response(self, code, message=None):
        self._sent = {"method": self.command, "path": urllib.parse.urlsplit(self.path).path,
                      "status": int(code), "bytes": 0, "encoding": ""}
        super().send_response(code, message)

    def send_header(self, keyword, value):
        sent = getattr(self, "_sent", None)
        if sent is not None and keyword.lower() == "content-length":
            sent["bytes"] = int(value)
        elif sent is not None and keyword.lower() == "content-encoding":
            sent["encoding"] = value
        super().send_header(keyword, value)

    def end_headers(self):
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        if self._vary:
            self.send_header("Vary", "Accept-Encoding")
        sent, self._sent = getattr(self, "_sent", None), None
        log = getattr(self.server, "request_log", None)
        if sent is not None and log is not None:
            if self.command == "HEAD" or sent["status"] == HTTPStatus.NOT_MODIFIED:
                sent["bytes"] = 0  # headers only
            log.append(sent)  # list.append is atomic: handler threads share the list
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class TacocatServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # Set to a list to record every response, as sent: {method, path, status, bytes
    # (body on the wire, i.e. compressed when a sibling was sent), encoding}.
    request_log: list[dict] | None = None

    def handle_error(self, request, client_address):
        # A browser that cancels a request is not an error worth a traceback.
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | os.PathLike = ROOT,
    host: str = "127.0.0.1",
    port: int = 8000,
    prefix: str = "/",
    quiet: bool = False,
    cache_control: str | None = "no-cache",
    extra_headers: dict[str, str] | None = None,
    precompressed: bool = True,
    handler_class: type[TacocatRequestHandler] = TacocatRequestHandler,
) -> tuple[TacocatServer, str]:
    """A server for ``directory`` (not yet serving); ``handler_class`` may be a subclass that
    changes how a response is sent (e2e/test_slow_page.py holds a page's end back)."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"not a directory: {directory}")
    prefix = normalize_prefix(prefix)
    headers = dict(extra_headers or {})
    if cache_control:
        headers.setdefault("Cache-Control", cache_control)
    handler = partial(
        handler_class,
        directory=str(directory),
        prefix=prefix,
        quiet=quiet,
        extra_headers=headers,
        precompressed=precompressed,
    )
    server = TacocatServer((host, port), handler)
    real_port = server.server_address[1]
    url_host = f"[{host}]" if ":" in host else host
    return server, f"http://{url_host}:{real_port}{prefix}"


def start_server(
    directory: str | os.PathLike = ROOT,
    port: int = 0,
    prefix: str = "/",
    host: str = "127.0.0.1",
    quiet: bool = True,
    **kwargs,
) -> tuple[TacocatServer, str]:
    """Serve `directory` in a daemon thread; port 0 picks a free port.

    Returns (server, base_url), base_url ending with '/'.
    """
    server, base_url = make_server(
        directory, host=host, port=port, prefix=prefix, quiet=quiet, **kwargs
    )
    thread = threading.Thread(
        target=server.serve_forever, name=f"tacocat-serve-{base_url}", daemon=True
    )
    thread.start()
    server.thread = thread  # type: ignore[attr-defined]
    return server, base_url


def stop_server(server: TacocatServer) -> None:
    server.shutdown()
    server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Serve Tacocat's static files for local play and tests."
    )
    parser.add_argument("--dir", default=str(ROOT), help="directory to serve (default: repo root)")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("PORT") or 8000),
        help="port (default: $PORT or 8000; 0 = any free port)",
    )
    parser.add_argument(
        "--prefix", default="/", help="serve under this sub-path, e.g. /games/tacocat/"
    )
    parser.add_argument(
        "--cache-control", default="no-cache", help="Cache-Control header ('' = none)"
    )
    parser.add_argument(
        "--no-precompressed", action="store_true", help="never send .br/.gz siblings"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)

    try:
        server, url = make_server(
            args.dir,
            host=args.host,
            port=args.port,
            prefix=args.prefix,
            quiet=args.quiet,
            cache_control=args.cache_control or None,
            precompressed=not args.no_precompressed,
        )
    except FileNotFoundError as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(
            f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}"
            " (is another server running? try --port or PORT=...)",
            file=sys.stderr,
        )
        return 2
    if (
        not (Path(args.dir) / "runtime" / "manifest.json").is_file()
        and Path(args.dir).resolve() == ROOT
    ):
        print(
            "serve: warning: runtime/ is not built; run `make runtime` (or `make serve`).",
            file=sys.stderr,
        )
    print(f"Tacocat is being served at {url}", flush=True)
    print("Press Ctrl+C to stop.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
