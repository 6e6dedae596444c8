/* Tacocat service worker: keep every file the game needs, serve them cache-first.
 *
 * precache.js (scripts/build_precache.py) sets self.TACOCAT_PRECACHE = {version, files:
 * [[url, bytes, integrity], ...]}, urls relative to this script; the cache name carries
 * the scope and the version.
 * A first visit sends each file once (bench/size_report.py): the page starts PyScript
 * only once this worker controls it (index.html), a first install fetches nothing and
 * takes over at once, and the fetch handler downloads each listed file once into the
 * cache. When the page asks for the version (web/platform/offline.py) the rest is completed, from
 * the HTTP cache where its hash proves the copy is this build's, else the network. A new
 * build fills its whole cache in install (unchanged files copied by hash), then takes over.
 * A cache is complete once its META entry is written (last); the next install deletes a
 * cache without META; only files that passed their hash are stored.
 * Lazy files (the puzzles) are kept when first asked for, or copied from the last build.
 * Other requests go to the network.
 *
 * The start-up snapshot (issue #19, web/boot/pyodide_loader.mjs), made by the page's
 * snapshot worker for this build only, is kept in this version's cache (a new build
 * never sees an old one) and served at SNAPSHOT, never from the network: 204 if none, with
 * `x-tacocat-snapshot: refused` when the page found this build's snapshot unusable
 * (then it is neither offered nor made again for this build).
 */
/* eslint-env serviceworker */
"use strict";

importScripts("precache.js");

const { version: VERSION, files: FILES } = self.TACOCAT_PRECACHE;
const SCOPE = self.registration.scope; // ends with "/": the game's folder
const SCOPE_PREFIX = "tacocat:" + new URL(SCOPE).pathname + ":";
const CACHE = SCOPE_PREFIX + VERSION;
const META = SCOPE + "__tacocat_precache__"; // this cache's file list and history
const SNAPSHOT = SCOPE + "__tacocat_snapshot__"; // memory snapshot (not in META's list)
let activatedAt = 0; // when this worker took over (the page compares it to its start)

// This worker's events still pending ({what, since}): while any is, a new build's worker
// cannot take over (the spec's Try Activate). Asked by {type: "tacocat:busy"} (the
// browser tests' failure messages, docs/TESTING.md); answering it is itself instant.
const pending = new Set();
function track(what, promise) {
  const entry = { what, since: Date.now() };
  pending.add(entry);
  const done = () => pending.delete(entry);
  promise.then(done, done);
  return promise;
}

const full = (url) => new URL(url, SCOPE).href;
const PRECACHED = new Map(FILES.map(([url, , integrity]) => [full(url), integrity]));
const LAZY = new Set(FILES.filter((f) => f[4]).map(([url]) => full(url)));

async function oldCaches() {
  return (await caches.keys()).filter((n) => n.startsWith(SCOPE_PREFIX) && n !== CACHE);
}

// Caches of this scope (this version's included) that an install left unfinished.
async function deleteUnfinished() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(SCOPE_PREFIX)) continue;
    if (!(await (await caches.open(name)).match(META))) await caches.delete(name);
  }
}

// url -> [cacheName, integrity] for files already cached by an older version.
async function reusable() {
  const found = new Map();
  for (const name of await oldCaches()) {
    const cache = await caches.open(name);
    const meta = await cache.match(META);
    if (!meta) continue;
    for (const [url, integrity] of (await meta.json()).files || []) {
      if (integrity && !found.has(url)) found.set(url, [name, integrity]);
    }
  }
  return found;
}

// This version's cache, opened once (install creates it); null if a newer build deleted
// it before this worker started: caches.open() would bring it back next to the new one.
// Writes through a handle opened earlier go to the deleted cache, which nothing lists.
let own = null;
function ownCache() {
  own ??= caches.has(CACHE).then((there) => (there ? caches.open(CACHE) : null));
  return own;
}

// A response fit to answer a navigation (not a redirected one).
async function clean(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

// Download one listed file; a copy in the HTTP cache that passes its hash is used as is.
async function download(url, integrity) {
  const init = { credentials: "same-origin", cache: integrity ? "force-cache" : "no-cache" };
  if (integrity) init.integrity = integrity;
  let response;
  try {
    response = await fetch(new Request(url, init));
  } catch {
    // A stale copy (another build's, or "not modified" within the second of its
    // Last-Modified) fails the hash: once more, from the network.
    response = await fetch(new Request(url, { ...init, cache: "reload" })).catch((error) => {
      throw new Error(`precache ${url}: ${error}`);
    });
  }
  if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
  return clean(response);
}

// Put one listed file into this version's cache, once however many requests ask for it.
// `from`: where to download it (the page's own address, query included, for the page).
const inflight = new Map();
function keep(url, from = url) {
  if (!inflight.has(url)) {
    const job = (async () => {
      const cache = await ownCache(); // none: replaced (the page gets the host's file)
      if (cache && !(await cache.match(url))) {
        await cache.put(url, await download(from, PRECACHED.get(url)));
      }
    })();
    inflight.set(url, job);
    job.then(() => inflight.delete(url), () => inflight.delete(url));
  }
  return inflight.get(url);
}

// Fill the rest of this version's cache and mark it complete (META, written last).
let completing = null;
function complete(page) {
  completing ??= (async () => {
    const cache = await ownCache();
    if (!cache) throw new Error(`build ${VERSION} was replaced by a newer one`);
    if (await cache.match(META)) return;
    const old = await reusable();
    // All settle first: a failure keeps the good files.
    const settled = await Promise.allSettled(
      [...PRECACHED].map(async ([url, integrity]) => {
        const prior = old.get(url);
        if (prior && prior[1] === integrity && !(await cache.match(url))) {
          const hit = await (await caches.open(prior[0])).match(url);
          if (hit) return cache.put(url, hit);
        }
        if (LAZY.has(url)) return null; // kept when first asked for
        return keep(url, url === SCOPE && page ? page : url);
      }),
    );
    const failed = settled.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    const previous = (await oldCaches()).map((n) => n.slice(SCOPE_PREFIX.length));
    const meta = { version: VERSION, files: [...PRECACHED], previous, installedAt: Date.now() };
    await cache.put(META, new Response(JSON.stringify(meta)));
  })();
  completing.catch(() => (completing = null)); // a later request tries again
  return completing;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await deleteUnfinished();
      own = caches.open(CACHE); // from now on only a newer build deletes it (ownCache)
      await own;
      // A new build takes over complete; a first visit's worker takes over empty.
      if ((await reusable()).size) await complete();
      await self.skipWaiting();
    })().catch(async (error) => {
      await caches.delete(CACHE); // no half-filled cache next to the live one
      throw error;
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      activatedAt = Date.now();
      await Promise.all((await oldCaches()).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  let key = url.origin + url.pathname; // the query (?lang=, ?embed=1) does not matter
  if (key === SNAPSHOT) return event.respondWith(track("fetch snapshot", snapshot()));
  if (key === SCOPE + "index.html") key = SCOPE;
  if (!PRECACHED.has(key)) return; // not ours: the browser fetches it as usual
  event.respondWith(track(`fetch ${url.pathname}`,
    (async () => {
      const hit = await caches.match(key, { cacheName: CACHE });
      if (hit || key === SCOPE) return hit || fetch(request); // the page: fetched on completion
      try {
        await keep(key);
        return (await caches.match(key, { cacheName: CACHE })) || fetch(request);
      } catch {
        return fetch(request); // not this build's file: the page gets what the host has
      }
    })()),
  );
});

const sha256hex = async (bytes) => Array.from(
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0"),
).join("");
const noSnapshot = (refused) =>
  new Response(null, { status: 204, headers: refused ? { "x-tacocat-snapshot": "refused" } : {} });
// Mark this build's snapshot unusable: neither offered nor made again until a new build.
const refuseSnapshot = (cache) => cache.put(SNAPSHOT, new Response("",
  { headers: { "x-tacocat-version": VERSION, "x-tacocat-snapshot": "refused" } }));

// This build's snapshot from its cache, or 204 (none, or refused: a header says which),
// sent only if its SHA-256 is the one taken when it was kept: checked here, off the page's
// main thread (30-60 ms of it at 4x CPU), while the page loads PyScript (it asks at
// navigation). Damaged bytes are refused for good.
async function snapshot() {
  const cache = await ownCache();
  const hit = cache && (await cache.match(SNAPSHOT));
  if (!hit || hit.headers.get("x-tacocat-version") !== VERSION) return noSnapshot(false);
  if (hit.headers.get("x-tacocat-snapshot") === "refused") return noSnapshot(true);
  const bytes = await hit.arrayBuffer();
  if ((await sha256hex(bytes)) === hit.headers.get("x-tacocat-sha256")) {
    return new Response(bytes, { headers: hit.headers });
  }
  await refuseSnapshot(cache);
  return noSnapshot(true);
}

// The bytes the page's snapshot worker sent through `port` ({bytes} or {error}), never
// through the page's main thread. The page asks only once they are made (they wait in the
// port), so they come at once; given up after 30 s. This event must stay short: while it
// is pending a new build's worker cannot take over (the spec's Try Activate).
const received = (port) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => port.onmessage({ data: { error: "no snapshot came" } }), 30000);
  port.onmessage = ({ data }) => {
    clearTimeout(timer);
    port.close();
    if (data && data.bytes) resolve(data.bytes);
    else reject(new Error((data && data.error) || "no snapshot bytes"));
  };
});

// Keep the snapshot made for {type: "tacocat:snapshot", version} (its bytes come through
// the second port; none: an error) with its SHA-256 if it was made from this build and
// this build's cache is complete; "tacocat:snapshot-refuse" marks this build's snapshot unusable.
// Answers {ok} or {error} (e.g. the storage quota) on the first port.
async function keepSnapshot(data, port) {
  const bytes = data.type === "tacocat:snapshot" ? await received(port) : null;
  const cache = await ownCache();
  if (!cache || !(await cache.match(META))) throw new Error("offline cache not complete");
  if (data.type === "tacocat:snapshot-refuse") return refuseSnapshot(cache);
  if (data.version !== VERSION) throw new Error(`made for build ${data.version}, this is ${VERSION}`);
  if (!(bytes instanceof ArrayBuffer) || !bytes.byteLength) throw new Error("no snapshot bytes");
  const sha256 = await sha256hex(bytes);
  await cache.put(SNAPSHOT, new Response(bytes, { headers: {
    "x-tacocat-version": VERSION, "x-tacocat-sha256": sha256, "content-type": "application/octet-stream",
  } }));
}

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (!["tacocat:snapshot", "tacocat:snapshot-refuse"].includes(type) || !event.ports[0]) return;
  event.waitUntil(track(type,
    keepSnapshot(event.data, event.ports[1]).then(
      () => event.ports[0].postMessage({ ok: true }),
      (error) => event.ports[0].postMessage({ error: String(error) }),
    )),
  );
});

// A waiting build is asked to take over once the page is idle (web/platform/offline.py):
// if a late request of the page restarted the old worker stopped for the hand-over,
// Chromium waits until it idles out (30 s; never with DevTools attached, docs/TESTING.md).
self.addEventListener("message", (event) => {
  if (event.data?.type === "tacocat:take-over") self.skipWaiting();
});

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "tacocat:busy" || !event.ports[0]) return;
  const now = Date.now();
  event.ports[0].postMessage({
    version: VERSION,
    pending: [...pending].map(({ what, since }) => `${what} (${now - since} ms)`),
  });
});

// The page asks which build serves it, once its cache is complete (offline-ready):
// {version, previous, activatedAt}; {error} if the cache cannot be completed now.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "tacocat:version" || !event.ports[0]) return;
  event.waitUntil(track("tacocat:version",
    (async () => {
      // The page was loaded before this worker existed, maybe at ?lang=… or index.html: from
      // that address it is in the HTTP cache (a revalidation, not a second download).
      const page = event.source && event.source.url;
      const ours = page && [SCOPE, SCOPE + "index.html"].includes(page.split(/[?#]/)[0]);
      let info;
      try {
        await complete(ours ? page.split("#")[0] : null);
        const meta = await caches.match(META, { cacheName: CACHE });
        if (!meta) throw new Error(`build ${VERSION} was replaced by a newer one`);
        info = await meta.json();
      } catch (error) {
        event.ports[0].postMessage({ error: String(error) });
        return;
      }
      // Asked before the activate event is handled: it takes over now.
      const taking = self.serviceWorker?.state === "activating";
      event.ports[0].postMessage({
        version: VERSION,
        previous: info.previous || [],
        activatedAt: activatedAt || (taking ? Date.now() : 0),
      });
    })()),
  );
});
