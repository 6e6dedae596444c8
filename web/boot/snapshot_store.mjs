/* The start-up snapshot where no service worker runs (issue #19): snapshot_worker.mjs keeps
 * it here (pyodide_loader.mjs reads it), in the page's own Cache Storage, when the page has
 * no service worker — blocked by the browser or the reader (private modes, in-app
 * browsers, `service_workers: block` in a test), or unsupported — so a later visit still
 * starts from memory. With a worker, sw.js keeps it in its versioned cache instead, and
 * this copy is deleted.
 *
 * Without the worker there is no build version to file it under, so the snapshot is tied
 * to what it was made from: the SHA-256 of the game's archive (app.zip, all of our Python;
 * Pyodide checks its own build id when it restores). One entry per game folder, replaced
 * when a snapshot of another build is made; its own SHA-256 (taken by the snapshot worker)
 * is checked before use, and damaged or unusable bytes are marked refused for that
 * archive: neither restored nor made again until the game changes.
 */
const SCOPE = new URL("../../", import.meta.url); // the game's folder
export const STORE = `tacocat-snapshot:${SCOPE.pathname}`; // not sw.js's "tacocat:<path>:"
const KEY = new URL("__tacocat_snapshot__", SCOPE).href;
const APP_URL = new URL("app.zip", SCOPE).href;

export function available() {
  try {
    return typeof caches !== "undefined" && !!caches; // a secure context's window
  } catch {
    return false; // a sandboxed frame
  }
}

export const sha256hex = async (bytes) => Array.from(
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
  (b) => b.toString(16).padStart(2, "0"),
).join("");

// The SHA-256 of the archive this page is about to unpack (from the HTTP cache on a later
// visit: the same response PyScript then reads).
export async function appDigest() {
  const response = await fetch(APP_URL);
  if (!response.ok) throw new Error(`${APP_URL}: HTTP ${response.status}`);
  return sha256hex(await response.arrayBuffer());
}

// Thrown (through `buffer`) when the snapshot kept here was made from another archive; known
// by its name, which survives the snapshot reader's message (snapshot_reader.mjs).
export class OtherBuild extends Error {
  name = "OtherBuild";
}

// The snapshot kept for this game folder: {buffer}, a promise of its bytes that rejects
// with OtherBuild if it was made from another archive than this one (`app()`: a promise
// of this archive's SHA-256) or with an Error if they are damaged (their SHA-256 differs:
// the caller refuses it), so the restore can start while both are checked; {refused} if
// this archive's snapshot proved unusable; {} when there is none.
export async function stored(app) {
  if (!(await caches.has(STORE))) return {}; // caches.open() would create an empty one
  const hit = await (await caches.open(STORE)).match(KEY);
  if (!hit) return {};
  const made = hit.headers.get("x-tacocat-app");
  if (hit.headers.get("x-tacocat-snapshot") === "refused") {
    return made === (await app()) ? { refused: true } : {};
  }
  const buffer = Promise.all([app(), hit.arrayBuffer()]).then(async ([digest, bytes]) => {
    if (digest !== made) throw new OtherBuild("a snapshot of another build of the game");
    if ((await sha256hex(bytes)) !== hit.headers.get("x-tacocat-sha256")) {
      throw new Error("the kept snapshot is damaged (SHA-256)");
    }
    return bytes;
  });
  buffer.catch(() => {}); // the caller awaits it
  return { buffer };
}

// Keep a snapshot ({bytes, app, sha256}; snapshot_worker.mjs, in its own thread).
export async function keep({ bytes, app, sha256 }) {
  if (!(bytes instanceof ArrayBuffer) || !bytes.byteLength || !app || !sha256) {
    throw new Error("incomplete snapshot");
  }
  const cache = await caches.open(STORE);
  await cache.put(KEY, new Response(bytes, { headers: {
    "x-tacocat-app": app, "x-tacocat-sha256": sha256, "content-type": "application/octet-stream",
  } }));
}

// This archive's snapshot is unusable: never restored or made again for it.
export async function refuse(app) {
  const cache = await caches.open(STORE);
  await cache.put(KEY, new Response("", {
    headers: { "x-tacocat-app": await app, "x-tacocat-snapshot": "refused" },
  }));
}

// A service worker keeps the snapshot now: the page's own copy goes.
export async function drop() {
  if (available() && (await caches.has(STORE))) await caches.delete(STORE);
}
