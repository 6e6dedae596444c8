"""Drive Firefox and WebKit from Debian's own packages, with nothing downloaded.

Playwright drives Chromium for the main suite; its Firefox and WebKit need browser builds
of its own (unreachable here), and its BiDi channel fails on this Firefox ESR
(``emulation.setMediaFeaturesOverride``). These two small clients speak the browsers'
native automation protocols instead:

* :class:`Firefox`: ``firefox-esr --headless --remote-debugging-port`` speaks WebDriver
  BiDi itself; a websocket (``websockets``) sends ``session.new``,
  ``browsingContext.navigate``, ``script.evaluate`` and collects ``log.entryAdded``
  (console errors) and ``network.beforeRequestSent`` (every URL the page asks for).
* :class:`WebKit`: ``WebKitWebDriver`` (Debian ``webkit2gtk-driver``) drives MiniBrowser
  with ``--automation`` under ``xvfb-run``; classic WebDriver over HTTP (``urllib``). It has
  no console or network events, so :meth:`Engine.open` hooks ``console.error``, ``error``
  and ``unhandledrejection`` right after navigation and ``errors()`` reads them back.

:class:`Chromium` wraps Playwright behind the same interface, for the benchmarks that
compare the three. All give the same small interface (:class:`Engine`): open a URL, run
an async JavaScript function in the page and get its JSON result, wait for a condition,
resize, screenshot.
Each instance starts with a fresh profile (no cache, no service worker).
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "MINIBROWSER_PATH", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB_RUN = "/usr/bin/xvfb-run"
# Chromium's flags on this closed network, for the tests (e2e/conftest.py) and the
# benchmarks alike.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]

# Prefs for a quiet Firefox profile: no first-run pages, no background traffic.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "media.autoplay.default": 0,
}

# Page-side error hook for engines without console events (installed after navigation).
_HOOK = """
if (!window.__engineErrors) {
  window.__engineErrors = [];
  const push = (what) => window.__engineErrors.push(String(what));
  const orig = console.error.bind(console);
  console.error = (...a) => { push(a.map(String).join(' ')); orig(...a); };
  addEventListener('error', (e) => push('error: ' + (e.message || e.type)));
  addEventListener('unhandledrejection', (e) => push('unhandledrejection: ' + e.reason));
}
"""


class EngineError(AssertionError):
    pass


def available(name: str) -> bool:
    """Is this engine's Debian package installed?"""
    if name == "firefox":
        return os.access(FIREFOX, os.X_OK)
    if name == "webkit":
        return all(os.access(p, os.X_OK) for p in (WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN))
    return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_function(js: str) -> str:
    """A JS function expression (``() => ...`` / ``async () => ...``) or a bare expression."""
    stripped = js.strip()
    if re.match(r"^(async\s+)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>", stripped) or \
            re.match(r"^(async\s+)?function\b", stripped):
        return stripped
    return f"() => ({stripped})"


class Engine:
    """What the smoke tests and the benchmarks need from a browser."""

    name = "engine"
    version = ""

    def open(self, url: str) -> None:
        raise NotImplementedError

    def _run(self, source: str, args: list) -> object:
        raise NotImplementedError

    def run(self, js: str, *args) -> object:
        """Run a JS function (may be async) in the page with JSON args; its JSON result."""
        return self._run(_as_function(js), list(args))

    def evaluate(self, js: str, arg: object = None) -> object:
        """Playwright's spelling of :meth:`run` with one argument (scripts/page_driver.py's
        play_to_end takes either)."""
        return self.run(js, arg)

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    def wait_for(self, js: str, timeout: float = 120.0, poll: float = 0.1) -> object:
        """Poll a JS condition until truthy (a hang detector, not a time limit)."""
        deadline = time.monotonic() + timeout
        last_error = None
        while time.monotonic() < deadline:
            try:
                value = self.run(js)
                if value:
                    return value
            except EngineError as exc:  # navigating: the context is being replaced
                last_error = exc
            time.sleep(poll)
        raise EngineError(f"{self.name}: not true within {timeout:.0f} s: {js[:120]}"
                          + (f" (last error: {last_error})" if last_error else ""))

    def resize(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> Path:
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def requests(self) -> list[str]:
        """URLs the page asked for, where the engine reports them (else [])."""
        return []

    _log = None  # the browser's stderr (a file), where the engine keeps one

    def log_tail(self, size: int = 4000) -> str:
        """The end of the browser's own stderr: why a page crashed, when it says."""
        if self._log is None or self._log.closed:
            return ""
        self._log.flush()
        self._log.seek(0, os.SEEK_END)
        self._log.seek(max(0, self._log.tell() - size))
        return self._log.read().decode(errors="replace")

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# --- Firefox: WebDriver BiDi ------------------------------------------------------------
class Firefox(Engine):
    name = "firefox"

    def __init__(self, timeout: float = 60.0) -> None:
        from websockets.sync.client import connect

        self._profile = Path(tempfile.mkdtemp(prefix="tacocat-ff-"))
        (self._profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        port = _free_port()
        self._log = open(self._profile / "stderr.log", "w+b")  # noqa: SIM115 (closed in close)
        self._proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(self._profile),
             "--remote-debugging-port", str(port), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=self._log, start_new_session=True)
        self._ids = itertools.count(1)
        self._events: list[dict] = []
        self._console: list[str] = []
        self._requests: list[str] = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._ws = connect(f"ws://127.0.0.1:{port}/session", max_size=None,
                                   open_timeout=5, proxy=None, legacy=True)
                break
            except OSError as exc:
                if self._proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise EngineError(f"firefox did not start: {exc}") from exc
                time.sleep(0.2)
        caps = self._send("session.new", {"capabilities": {}})
        self.version = caps["capabilities"].get("browserVersion", "")
        self._send("session.subscribe",
                   {"events": ["log.entryAdded", "network.beforeRequestSent"]})
        tree = self._send("browsingContext.getTree", {})
        self._context = tree["contexts"][0]["context"]

    def _send(self, method: str, params: dict, timeout: float = 300.0) -> dict:
        msg_id = next(self._ids)
        self._ws.send(json.dumps({"id": msg_id, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(f"firefox: no answer to {method} within {timeout:.0f} s")
            msg = json.loads(self._ws.recv(timeout=left))
            if msg.get("id") == msg_id:
                if msg.get("type") == "error":
                    raise EngineError(f"firefox {method}: {msg.get('error')}: "
                                      f"{msg.get('message')}")
                return msg["result"]
            self._event(msg)

    def _event(self, msg: dict) -> None:
        method, params = msg.get("method"), msg.get("params", {})
        if method == "log.entryAdded" and params.get("level") == "error":
            self._console.append(params.get("text", ""))
        elif method == "network.beforeRequestSent":
            self._requests.append(params["request"]["url"])

    def open(self, url: str) -> None:
        self._send("browsingContext.navigate",
                   {"context": self._context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self._context, "wait": "complete"})

    def _run(self, source: str, args: list) -> object:
        expr = (f"(async () => JSON.stringify(await ({source})(...{json.dumps(args)})"
                " ?? null))()")
        result = self._send("script.evaluate", {
            "expression": expr, "target": {"context": self._context},
            "awaitPromise": True, "resultOwnership": "none"})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise EngineError(f"firefox: {details.get('text', details)}")
        return json.loads(result["result"]["value"])

    def resize(self, width: int, height: int) -> None:
        self._send("browsingContext.setViewport",
                   {"context": self._context, "viewport": {"width": width, "height": height}})

    def screenshot(self, path: Path) -> Path:
        data = self._send("browsingContext.captureScreenshot", {"context": self._context})
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data["data"]))
        return path

    def errors(self) -> list[str]:
        with contextlib.suppress(TimeoutError):
            while True:  # drain what has arrived
                self._event(json.loads(self._ws.recv(timeout=0.05)))
        return list(self._console)

    def requests(self) -> list[str]:
        self.errors()
        return list(self._requests)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._send("session.end", {}, timeout=5)
        with contextlib.suppress(Exception):
            self._ws.close()
        _stop(self._proc)
        with contextlib.suppress(Exception):
            self._log.close()
        shutil.rmtree(self._profile, ignore_errors=True)


# --- WebKit: classic WebDriver (WebKitWebDriver + MiniBrowser) ---------------------------
class WebKit(Engine):
    name = "webkit"

    def __init__(self, timeout: float = 60.0) -> None:
        port = _free_port()
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in close): driver + MiniBrowser stderr
        self._proc = subprocess.Popen(
            [XVFB_RUN, "-a", "-s", "-screen 0 1280x1024x24", WEBKIT_DRIVER,
             f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=self._log, start_new_session=True)
        self._url = f"http://127.0.0.1:{port}"
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]},
        }}}
        deadline = time.monotonic() + timeout
        while True:
            try:
                answer = self._call("POST", "/session", caps, timeout=timeout)
                break
            except (OSError, EngineError) as exc:
                if self._proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise EngineError(f"webkit did not start: {exc}") from exc
                time.sleep(0.3)
        self._session = answer["sessionId"]
        self.version = answer["capabilities"].get("browserVersion", "")

    def _call(self, method: str, path: str, body: dict | None = None,
              timeout: float = 300.0) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self._url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read() or b"{}").get("value")
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")[:500]
            raise EngineError(f"webkit {method} {path}: {exc.code} {detail}") from exc

    def _s(self, method: str, path: str, body: dict | None = None) -> dict:
        return self._call(method, f"/session/{self._session}{path}", body)

    def open(self, url: str) -> None:
        self._s("POST", "/url", {"url": url})
        self._hook()

    def reload(self) -> None:
        self._s("POST", "/refresh", {})
        self._hook()

    def _hook(self) -> None:
        with contextlib.suppress(EngineError):
            self._s("POST", "/execute/sync", {"script": _HOOK, "args": []})

    def _run(self, source: str, args: list) -> object:
        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({source})(...{json.dumps(args)}))"
                  ".then((v) => done(JSON.stringify({ok: v ?? null})),"
                  " (e) => done(JSON.stringify({err: String(e && e.stack || e)})));")
        self._s("POST", "/timeouts", {"script": 300000})
        out = json.loads(self._s("POST", "/execute/async", {"script": script, "args": []}))
        if "err" in out:
            raise EngineError(f"webkit: {out['err']}")
        return out["ok"]

    def resize(self, width: int, height: int) -> None:
        self._s("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path: Path) -> Path:
        data = self._s("GET", "/screenshot")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def errors(self) -> list[str]:
        try:
            return list(self.run("() => window.__engineErrors || []"))
        except EngineError as exc:
            return [f"could not read the page's errors: {exc}"]

    def close(self) -> None:
        if getattr(self, "_session", None):
            with contextlib.suppress(Exception):
                self._call("DELETE", f"/session/{self._session}", timeout=10)
        _stop(self._proc)
        self._log.close()


def _stop(proc: subprocess.Popen) -> None:
    """End a browser we started: its whole process group (driver, browser, Xvfb)."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


# --- Chromium: Playwright (the main suite's driver), behind the same interface -------------
class Chromium(Engine):
    """For the benchmarks that compare the three engines; ``throttle`` = CPU slow-down
    (CDP ``Emulation.setCPUThrottlingRate``: 4 ≈ a mid-range phone)."""

    name = "chromium"

    def __init__(self, throttle: float = 1.0, service_workers: str = "allow") -> None:
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        exe = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
        self._browser = self._pw.chromium.launch(
            executable_path=exe if os.access(exe, os.X_OK) else None,
            args=CHROMIUM_ARGS)
        self.version = self._browser.version
        self._context = self._browser.new_context(service_workers=service_workers)
        self._console: list[str] = []
        self._requests: list[str] = []
        self._context.on("request", lambda r: self._requests.append(r.url))
        self._page = self._context.new_page()
        self._page.on("console", lambda m: m.type == "error" and self._console.append(m.text))
        self._page.on("pageerror", lambda e: self._console.append(str(e)))
        if throttle != 1.0:
            cdp = self._context.new_cdp_session(self._page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})

    def open(self, url: str) -> None:
        self._page.goto(url)

    def reload(self) -> None:
        self._page.reload()

    def _run(self, source: str, args: list) -> object:
        return self._page.evaluate(f"(args) => ({source})(...args)", args)

    def resize(self, width: int, height: int) -> None:
        self._page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> Path:
        self._page.screenshot(path=str(path))
        return path

    def errors(self) -> list[str]:
        return list(self._console)

    def requests(self) -> list[str]:
        return list(self._requests)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._browser.close()
        with contextlib.suppress(Exception):
            self._pw.stop()


ENGINES = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}


def launch(name: str, **options) -> Engine:
    return ENGINES[name](**options)
