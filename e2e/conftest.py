"""Browser (end-to-end) test fixtures for Tacocat.

* ``dist_dir``: a fresh ``make dist`` build (scripts/build_dist.py: bytecode archive,
  trimmed runtime, .br/.gz siblings), once per session.
* ``base_url``: what the tests play on: ``dist_dir`` served by scripts/serve.py (with its
  precompressed siblings), i.e. exactly what ships. ``pytest e2e --base-url
  https://host/path/`` runs the same tests against a deployment instead.
* ``server_url``: a static server on the repo root (the runtime/ folder, bench/bare/).
* ``static_server(directory, prefix)``: more servers, e.g. a sub-path.
* Chromium: Debian's ``/usr/bin/chromium-headless-shell``, else ``/usr/bin/chromium``
  (or ``$CHROMIUM_PATH``), else Playwright's managed Chromium. Headless unless
  ``--headed``. Its stderr goes to ``e2e/artifacts/chromium-<worker>.log``, and a crashed
  renderer is reported with that log's last lines (e2e/browser_logs.py).
* Network/console guard (autouse): every browser context made through the ``page`` /
  ``context`` / ``new_context`` fixtures records every request (pages, iframes, workers,
  service workers), console messages and uncaught page errors into ``network_log``.
  A test FAILS if any request leaves localhost (``data:``/``blob:``/``about:`` are fine),
  if any response is an HTTP error (4xx/5xx) or a request fails, or if any console error /
  page error happened. A test that provokes some on purpose says which:
  ``@pytest.mark.allow_http_errors("regex", ...)`` (matched against "404 url" / "url:
  error") and ``@pytest.mark.allow_console_errors``.
* ``wait_ready(page, timeout=60000)``: waits for ``<html data-ready="1">``, which pages
  set once Python is running (scripts/page_driver.py's, as a fixture).
* ``screenshot(page, name)``: saves ``e2e/artifacts/<test>-<name>.png``; failed tests
  get a screenshot of every open page there automatically.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import browser_logs
import pytest

from scripts import build_dist, serve
from scripts.engine_drivers import CHROMIUM_ARGS
from scripts.page_driver import wait_ready

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = browser_logs.ARTIFACTS  # screenshots, Chromium logs, crashes
# Debian's headless shell first (the same engine as Debian's chromium, without the
# browser's own windows and services: a page's start costs about a quarter less CPU,
# docs/TESTING.md), else Debian's chromium (also what --headed shows).
SYSTEM_CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
# The tests' browsers only (bench/harness.py takes CHROMIUM_ARGS alone, so that the
# benchmarks run V8's defaults, as a player's browser does): V8 compiles Pyodide's
# WebAssembly with its baseline compiler only and never re-compiles hot functions with
# TurboFan in the background. The tests check behaviour, not speed, and a page's start then
# costs about 40 % less CPU (docs/TESTING.md, "CI in minutes").
TEST_ONLY_ARGS = ["--js-flags=--liftoff-only"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
LOCAL_SCHEMES = {"data", "blob", "about"}

# Report service-worker network traffic as context "request" events too.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "allow_console_errors: do not fail the test on console errors or uncaught page "
        "errors (foreign requests still fail it)",
    )
    config.addinivalue_line(
        "markers",
        "allow_http_errors(*patterns): HTTP error responses and failed requests matching one "
        "of these regular expressions do not fail the test",
    )


# --- servers ------------------------------------------------------------------
@pytest.fixture(scope="session")
def static_server():
    """Factory: static_server(directory=ROOT, prefix="/") -> base URL (cached per args)."""
    servers: dict[tuple[str, str], tuple[object, str]] = {}

    def start(directory: str | os.PathLike = ROOT, prefix: str = "/") -> str:
        key = (str(Path(directory).resolve()), serve.normalize_prefix(prefix))
        if key not in servers:
            servers[key] = serve.start_server(directory, port=0, prefix=prefix)
        return servers[key][1]

    yield start
    for server, _ in servers.values():
        serve.stop_server(server)


@pytest.fixture(scope="session")
def server_url(static_server) -> str:
    """http://127.0.0.1:PORT/ serving the repo root."""
    return static_server(ROOT)


@pytest.fixture(scope="session")
def base_url(pytestconfig, request) -> str:
    """--base-url if given (test a deployment), else dist/ on a local server."""
    given = pytestconfig.getoption("--base-url", default=None) or pytestconfig.getini("base_url")
    if given:
        return given if given.endswith("/") else given + "/"
    return request.getfixturevalue("static_server")(request.getfixturevalue("dist_dir"))


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory, worker_id) -> Path:
    """A fresh `make dist` build (scripts/build_dist.py) in a temporary folder, built once
    per run: under pytest-xdist the first worker builds it (holding a lock) and the others
    serve the same folder. The first build on a machine brotli-compresses the runtime
    (about a minute, then cached)."""
    if worker_id == "master":  # not under xdist
        out = tmp_path_factory.mktemp("dist") / "site"
        build_dist.build(out, quiet=True)
        return out
    shared = tmp_path_factory.getbasetemp().parent  # the run's folder, common to workers
    out = shared / "dist" / "site"
    with open(shared / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (shared / "dist" / "built").exists():
                if out.exists():  # a build that died half-way
                    shutil.rmtree(out)
                build_dist.build(out, quiet=True)
                (shared / "dist" / "built").write_text("ok", encoding="utf-8")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return out


# --- browser ------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name, tmp_path_factory,
                             worker_id):
    args = dict(browser_type_launch_args)
    if browser_name in (None, "chromium") and not args.get("channel"):
        found = SYSTEM_CHROMIUMS[1:] if args.get("headless") is False else SYSTEM_CHROMIUMS
        executable = os.environ.get("CHROMIUM_PATH") or next(
            (path for path in found if os.access(path, os.X_OK)), None)
        if executable:
            args["executable_path"] = browser_logs.wrapper(
                executable, tmp_path_factory.mktemp("chromium"), worker_id)
            args["args"] = [*args.get("args", []), *CHROMIUM_ARGS, *TEST_ONLY_ARGS,
                            *browser_logs.args()]
    return args


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):  # the controlling process
        browser_logs.start_run()


def pytest_terminal_summary(terminalreporter):
    crashes = browser_logs.summary()
    if crashes:
        terminalreporter.write_sep("=", "browser crashes (e2e/browser_logs.py)")
        terminalreporter.write_line(crashes)


# --- network / console guard ----------------------------------------------------
@dataclass
class NetworkLog:
    """What the browser did during one test (all contexts of the test)."""

    allowed_hosts: set[str]
    requests: list[str] = field(default_factory=list)  # every request URL, in order
    foreign: list[str] = field(default_factory=list)  # requests that left localhost
    failed: list[str] = field(default_factory=list)  # "url: error text"
    bad_responses: list[str] = field(default_factory=list)  # "status url" for status >= 400
    console: list[str] = field(default_factory=list)  # "type: text" for every message
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)  # pages whose renderer crashed
    contexts: list = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in LOCAL_SCHEMES:
            return True
        return parts.scheme in ("http", "https", "ws", "wss") and (
            (parts.hostname or "") in self.allowed_hosts
        )

    def on_request(self, request) -> None:
        self.requests.append(request.url)
        if not self.is_local(request.url):
            self.foreign.append(request.url)

    def on_console(self, message) -> None:
        self.console.append(f"{message.type}: {message.text}")
        if message.type == "error":
            loc = message.location or {}
            where = f" ({loc.get('url')}:{loc.get('lineNumber')})" if loc.get("url") else ""
            self.console_errors.append(f"{message.text}{where}")

    def on_weberror(self, web_error) -> None:
        self.page_errors.append(str(web_error.error))

    def on_request_failed(self, request) -> None:
        # A request cancelled because its page closed or navigated away is not a fault of
        # the page (a missing file is an HTTP error; a blocked one fails otherwise). Since
        # issue #19 a page may be loading its start-up snapshot worker's files in the
        # background (web/boot/) when a test moves on.
        if request.failure == "net::ERR_ABORTED":
            return
        self.failed.append(f"{request.url}: {request.failure}")

    def on_response(self, response) -> None:
        if response.status >= 400:
            self.bad_responses.append(f"{response.status} {response.url}")

    def attach(self, context) -> None:
        context.on("request", self.on_request)
        context.on("requestfailed", self.on_request_failed)
        context.on("response", self.on_response)
        context.on("console", self.on_console)
        context.on("weberror", self.on_weberror)
        context.on("page", lambda page: page.on("crash", lambda p: self.crashes.append(p.url)))
        self.contexts.append(context)

    def flush(self) -> None:
        """Let Playwright deliver events that are already on their way."""
        for context in self.contexts:
            for page in list(getattr(context, "pages", [])):
                # A closed or crashed page has nothing more to deliver.
                with contextlib.suppress(Exception):
                    page.evaluate("0")

    def problems(self, check_console: bool = True,
                 allowed_http: tuple[str, ...] = ()) -> list[str]:
        out = [f"request left localhost: {url}" for url in self.foreign]
        for line in self.bad_responses + self.failed:
            if not any(re.search(p, line) for p in allowed_http):
                out.append(f"HTTP error or failed request: {line}")
        if check_console:
            out += [f"console error: {text}" for text in self.console_errors]
            out += [f"page error: {text}" for text in self.page_errors]
        return out


@pytest.fixture(autouse=True)
def network_log(request) -> NetworkLog:
    hosts = set(LOCAL_HOSTS)
    given = request.config.getoption("--base-url", default=None)
    if given:
        hosts.add(urlsplit(given).hostname or "")
    return NetworkLog(allowed_hosts=hosts)


@pytest.fixture
def new_context(new_context, network_log):
    """pytest-playwright's context factory, with the guard attached to every context."""

    def guarded_new_context(**kwargs):
        context = new_context(**kwargs)
        network_log.attach(context)
        return context

    return guarded_new_context


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    log = item.funcargs.get("network_log")
    try:
        result = yield
    except BaseException as exc:
        if log is not None:
            if log.crashes or "crashed" in str(exc):
                browser_logs.record(item.nodeid, log.crashes, str(exc))
            _screenshot_open_pages(item, log)
        raise
    if log is not None and log.crashes:  # a page crashed, yet the test passed
        browser_logs.record(item.nodeid, log.crashes, "(the test passed)")
    if log is not None and log.contexts:
        log.flush()
        allowed = tuple(p for m in item.iter_markers("allow_http_errors") for p in m.args)
        problems = log.problems(
            check_console=item.get_closest_marker("allow_console_errors") is None,
            allowed_http=allowed,
        )
        if problems:
            _screenshot_open_pages(item, log)
            pytest.fail("browser guard:\n  " + "\n  ".join(problems), pytrace=False)
    return result


# --- helpers ------------------------------------------------------------------
def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")[:150]


def _screenshot_open_pages(item, log: NetworkLog) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    n = 0
    for context in log.contexts:
        for page in list(getattr(context, "pages", [])):
            n += 1
            with contextlib.suppress(Exception):
                page.screenshot(path=str(ARTIFACTS / f"{_slug(item.nodeid)}-failure-{n}.png"))


@pytest.fixture(name="wait_ready")
def wait_ready_fixture():
    """The wait_ready(page, timeout=60000) helper, as a fixture."""
    return wait_ready


@pytest.fixture
def screenshot(request):
    """screenshot(page, name) -> Path of e2e/artifacts/<test>-<name>.png"""

    def take(page, name: str = "page") -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{_slug(request.node.nodeid)}-{_slug(name)}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
