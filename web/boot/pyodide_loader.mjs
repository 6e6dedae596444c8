/* Tacocat's Pyodide loader: PyScript's `interpreter` (pyscript.toml) — issue #19.
 *
 * PyScript imports this module and calls its `loadPyodide({stdout, stderr, indexURL})`
 * (polyscript's pyodide engine), then does the rest of its start-up as usual: the
 * [files] archive, its own `pyscript` package, the page's <script type="py">. We pass
 * that call on to the pinned Pyodide, adding one option when we can:
 *
 * - Later visits start from a memory snapshot made in this reader's browser
 *   (`_loadSnapshot`): Python already initialised and the engine, the AI and the
 *   standard-library modules they need already imported (snapshot_worker.mjs lists them).
 *   The snapshot comes from the service worker's cache of THIS build (sw.js answers
 *   `__tacocat_snapshot__` from its versioned cache only, never the network, and only if
 *   its SHA-256 still matches); Pyodide checks its build id. Any failure — none, damaged
 *   (the service worker refuses it itself), other build, the restore or the check after
 *   it throws — starts plainly instead, and a snapshot that failed is neither offered nor
 *   made again for this build (the page tells the service worker).
 *   Without a service worker (blocked or unsupported: `<html data-sw="unavailable">`) the
 *   page keeps the snapshot in its own Cache Storage instead, tied to the SHA-256 of the
 *   game's archive (snapshot_store.mjs), with the same checks and the same refusal.
 *   `<html data-boot="snapshot|plain">` says which path was taken (tests, benches).
 * - After a plain start, once the page is ready and its offline cache complete
 *   (`<html data-ready="1" data-sw="<version>">`, web/platform/offline.py), and if storage has room, a
 *   dedicated worker makes the snapshot off the main thread and the service worker keeps
 *   it next to this build's files (deleted with them when a new build takes over). A
 *   page with a worker deletes the page's own copy (below), if a visit without one made it.
 *   `<html data-snapshot>` says how that went: making, stored, failed, no-room.
 * - `?snapshot=0` (and `?sw=0`, no offline cache) neither restores nor makes one
 *   (benchmarks compare the two starts).
 *
 * A snapshot restores wasm memory, not JavaScript objects: it is made before PyScript's
 * `pyscript` package exists, and after a restore Python's `random` is reseeded (else every
 * later visit would deal the same games: web/control/controller.py draws new seeds from it).
 */
import { loadPyodide as loadPlain, version } from "../../runtime/pyodide/pyodide.mjs";
import { unpack } from "./snapshot_format.mjs";
import * as pageStore from "./snapshot_store.mjs";
import { withStoredZip } from "./stored_zip.mjs";

export { version };

// The pinned runtime's folder: PyScript would pass this module's own folder.
const INDEX_URL = new URL("../../runtime/pyodide/", import.meta.url).href;
// Answered by sw.js from its cache (204 when it holds none); never asked without a worker.
export const SNAPSHOT_URL = new URL("../../__tacocat_snapshot__", import.meta.url).href;
const WORKER_URL = new URL("./snapshot_worker.mjs", import.meta.url);
// A snapshot ≈ 31.5 MB (stored without its zero pages, ≈ 11.5 MB: snapshot_format.mjs);
// ask for nothing with less room than this.
const ROOM_NEEDED = 96 * 1024 * 1024;
const MAKE_DELAY_MS = 2000; // after ready + offline: let the first paint and input settle
// ...and once the reader has left the page alone this long (or switched away from it): the
// worker's Pyodide start takes a core for seconds, and on a two-core machine the taps it
// overlapped waited longer for their frames (a first tap at 4x CPU: 88 against 64 ms).
const QUIET_MS = 3000;
// Run once right after a restore, before PyScript or the page run any Python.
const AFTER_RESTORE = `
import random, sys
random.seed()  # the snapshot froze the generator's state: fresh entropy per visit
while sys.path[:2] == ["", ""]:  # Pyodide puts "" in front on every start
    del sys.path[0]
assert "tacocat.ai" in sys.modules, "not a snapshot of the game"
`;

const root = document.documentElement;
const warn = (...parts) => console.warn("tacocat:", ...parts);

function controller() {
  try {
    return navigator.serviceWorker?.controller || null;
  } catch {
    return null; // a sandboxed frame
  }
}

// Ask this page's service worker something; resolves to its answer or {error}.
function ask(message, transfer = []) {
  const worker = controller();
  if (!worker) return Promise.resolve({ error: "no service worker" });
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      channel.port1.close();
      resolve(event.data || {});
    };
    worker.postMessage(message, [channel.port2, ...transfer]);
  });
}

// Where this visit's snapshot is kept: the service worker's cache, or without a worker
// the page's own (snapshot_store.mjs), filed under the archive's SHA-256 (asked for only
// when needed: on a first visit, once the page is ready and the archive is in the cache).
const where = { worker: false, app: null };
const appDigest = () => {
  if (!where.app) {
    where.app = pageStore.appDigest();
    where.app.catch(() => {}); // each use awaits it
  }
  return where.app;
};

// {bytes} (a promise of the expanded snapshot) of this build, {refused} if this build must
// not use one, or {} when there is none (yet).
async function cachedSnapshot() {
  if (!controller()) {
    if (!pageStore.available()) return {};
    const early = await fromReader("page");
    if (early) return early;
    const kept = await pageStore.stored(appDigest);
    return kept.buffer ? { bytes: read(kept.buffer) } : kept;
  }
  where.worker = true;
  // The worker keeps this build's snapshot: a copy the page kept on a visit without it goes.
  readyAndOffline().then(() => pageStore.drop()).catch((error) => warn("drop:", error));
  const early = await fromReader("worker");
  if (early) return early;
  const response = await fetch(SNAPSHOT_URL, { cache: "no-store" });
  if (response.status === 200) return { bytes: read(response.arrayBuffer()) };
  return { refused: response.headers.get("x-tacocat-snapshot") === "refused" };
}

// What index.html's reader (snapshot_reader.mjs) found, if it read from where this start
// looks: {bytes} (a promise) or {refused}; null when there is no reader or it failed
// before it knew (the caller reads the snapshot itself).
async function fromReader(from) {
  const early = self.tacocatSnapshot;
  delete self.tacocatSnapshot;
  if (!early || early.from !== from) return null;
  try {
    const { status, refused, bytes } = await early.head;
    mark("early");
    return status === 200 ? { bytes } : { refused };
  } catch (error) {
    warn("the snapshot reader failed; reading the snapshot here:", error);
    return null;
  }
}

// The snapshot's bytes, expanded (sw.js checked their SHA-256 before sending them; the
// page's own store checks it as they are read: snapshot_store.mjs).
function read(buffer) {
  const bytes = buffer.then((b) => unpack(new Uint8Array(b)));
  bytes.catch(() => {}); // handled by loadPyodide, which awaits it later
  return bytes;
}

// This build's snapshot did not restore: never offered or made again for it.
function refuse() {
  if (where.worker) return ask({ type: "tacocat:snapshot-refuse" });
  return pageStore.refuse(appDigest()).catch((error) => warn("refuse:", error));
}

// Where the start-up time goes, for benchmarks: <html data-boot-ms="called:…,restored:…">
// (then unpacking/unpacked: the game's archive, stored_zip.mjs).
function mark(step) {
  const at = `${step}:${Math.round(performance.now())}`;
  root.dataset.bootMs = root.dataset.bootMs ? `${root.dataset.bootMs},${at}` : at;
}

// PyScript's call: Pyodide, started one of the two ways, unpacking the game's archive from
// JavaScript (stored_zip.mjs: Python's unpacking cost 140–200 ms of a start at 4× CPU).
export async function loadPyodide(options = {}) {
  return withStoredZip(await start(options), mark);
}

async function start(options) {
  mark("called");
  const base = { ...options, indexURL: INDEX_URL };
  const query = new URLSearchParams(location.search);
  if (query.get("snapshot") === "0" || query.get("sw") === "0") {
    const pyodide = await loadPlain(base);
    mark("booted");
    root.dataset.boot = "plain";
    return pyodide;
  }
  let found = {};
  try {
    found = await cachedSnapshot();
  } catch (error) {
    warn("no start-up snapshot:", error);
  }
  if (found.bytes) {
    try {
      const bytes = found.bytes;
      bytes.then(() => mark("read"), () => {});
      const pyodide = await loadPlain({ ...base, _loadSnapshot: bytes });
      pyodide.runPython(AFTER_RESTORE);
      mark("restored");
      root.dataset.boot = "snapshot";
      return pyodide;
    } catch (error) {
      if (error?.name === "OtherBuild") { // the game changed: a new one is made (snapshot_store.mjs)
        found = {};
      } else {
        warn("the start-up snapshot did not restore; starting without it:", error);
        found.refused = true;
        refuse();
      }
    }
  }
  const pyodide = await loadPlain(base);
  mark("booted");
  root.dataset.boot = "plain";
  if (!found.refused) makeLater();
  return pyodide;
}

// Once the page is ready: the build's version when it works offline (the service worker
// keeps the snapshot), null when it has no service worker (the page keeps it). Waits while
// the worker is deferred (an article's embed before Play) or still installing.
function readyAndOffline() {
  return new Promise((resolve) => {
    const check = () => {
      const sw = root.dataset.sw || "";
      const offline = /^[0-9a-f]{8,}$/.test(sw);
      if (root.dataset.ready === "1" && (offline || sw === "unavailable")) {
        observer.disconnect();
        resolve(offline ? sw : null);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-sw"] });
    check();
  });
}

let lastInput = -Infinity;
for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
  addEventListener(type, () => { lastInput = performance.now(); },
                   { capture: true, passive: true });
}

const quiet = () => new Promise((resolve) => {
  let done = false;
  const start = () => {
    if (done) return;
    done = true;
    document.removeEventListener("visibilitychange", check);
    if (self.requestIdleCallback) requestIdleCallback(resolve, { timeout: 5000 });
    else resolve();
  };
  const check = () => {
    if (done) return;
    const wait = lastInput + QUIET_MS - performance.now();
    if (document.visibilityState === "hidden" || wait <= 0) start();
    else setTimeout(check, wait);
  };
  setTimeout(() => {
    document.addEventListener("visibilitychange", check);
    check();
  }, MAKE_DELAY_MS);
});

// Whether storage has room. An engine without the estimate (WebKitGTK's) gets a try: the
// service worker's put() fails harmlessly when the quota is short.
async function roomFor() {
  if (!navigator.storage?.estimate) return true;
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return quota - usage >= ROOM_NEEDED;
  } catch {
    return false;
  }
}

// Run the snapshot worker with `message` (snapshot_worker.mjs: where its bytes go, which
// never pass through this thread); resolves to its answer ({ok} or {error}). It is ended
// once `until` settles too (the receiver has the bytes: a worker ended at once might take
// a message still on its way with it in some engines).
function runWorker(message, transfer = [], until = Promise.resolve()) {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, { type: "module" });
    const done = (result) => {
      resolve(result);
      until.finally(() => worker.terminate());
    };
    worker.onmessage = (event) => done(event.data || { error: "empty answer" });
    worker.onerror = (event) => {
      event.preventDefault();
      done({ error: event.message || "worker failed to start" });
    };
    worker.postMessage(message, transfer);
  });
}

async function makeLater() {
  const version = await readyAndOffline();
  if (!version && !pageStore.available()) return;
  await quiet();
  if (!(await roomFor())) {
    root.dataset.snapshot = "no-room";
    return;
  }
  root.dataset.snapshot = "making";
  try {
    if (version) {
      // The snapshot worker sends the bytes straight to the service worker, which keeps them.
      // They wait in the channel (never read here) until it is made: only then is the
      // service worker asked, so its message event lasts as long as the transfer, not the
      // making (seconds, a minute under load) — while an event of the active worker is
      // pending, a new build's worker waits and cannot take over (sw.js, docs/TESTING.md).
      const { port1, port2 } = new MessageChannel();
      let release;
      const kept = new Promise((resolve) => (release = resolve));
      const made = await runWorker({ port: port2 }, [port2], kept);
      if (made.error) {
        release();
        throw new Error(made.error);
      }
      const answer = await ask({ type: "tacocat:snapshot", version }, [port1]);
      release();
      if (answer.error) throw new Error(answer.error);
    } else {
      const made = await runWorker({ app: await appDigest() });
      if (made.error) throw new Error(made.error);
    }
    root.dataset.snapshot = "stored";
  } catch (error) {
    root.dataset.snapshot = "failed";
    warn("no start-up snapshot for later visits:", error);
  }
}
