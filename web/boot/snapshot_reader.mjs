/* Reads this build's start-up snapshot for a later visit on a worker thread (issue #19).
 *
 * index.html starts this module worker as early as it knows where the snapshot is kept,
 * and posts it {from, url}:
 * - from "worker": a service worker controls the page (known at navigation); sw.js answers
 *   `url` from this build's cache: 200 with the stored bytes (their SHA-256 checked), or
 *   204, refused or not, with a header saying which;
 * - from "page": no service worker will (known when PyScript is started); the page keeps
 *   its own copy (snapshot_store.mjs: tied to the SHA-256 of the game's archive, its own
 *   SHA-256 checked here).
 * It answers twice: first {status, refused} as soon as it knows whether there is one to
 * restore (200) or not (204), then {bytes}: the snapshot expanded from its sparse form
 * (snapshot_format.mjs), its buffer transferred, not copied. Anything else is {error}
 * (named OtherBuild for a copy made from another archive): a response not from the
 * service worker (this worker not controlled: the host answers 404), a failed read, a
 * damaged copy. Before the first answer the loader then reads the snapshot itself.
 *
 * Why a worker: read with fetch() on the page, the 11.5 MB arrived on the main thread
 * while PyScript was loading there, and our loader was called ≈ 0.2 s later (reloads at
 * 4× CPU, Chromium: 423–483 against 255–277 ms after navigation without the early read);
 * expanding it there cost the main thread another ≈ 40 ms, and the page's own copy was
 * also hashed there. */
import { unpack } from "./snapshot_format.mjs";
import { appDigest, available, stored } from "./snapshot_store.mjs";

// {status, refused, buffer: a promise of the stored bytes (200 only)}
async function fromServiceWorker(url) {
  const response = await fetch(url, { cache: "no-store" });
  if (response.status !== 200 && response.status !== 204) {
    throw new Error(`the snapshot was answered ${response.status}, not by the service worker`);
  }
  const refused = response.headers.get("x-tacocat-snapshot") === "refused";
  return { status: response.status, refused, buffer: response.status === 200 && response.arrayBuffer() };
}

async function fromPage() {
  if (!available()) return { status: 204, refused: false };
  let app = null; // the archive's SHA-256, asked for only if a copy is kept (its bytes)
  const kept = await stored(() => (app ??= appDigest()));
  return kept.buffer ? { status: 200, refused: false, buffer: kept.buffer }
    : { status: 204, refused: !!kept.refused };
}

self.onmessage = async ({ data }) => {
  try {
    const { status, refused, buffer } = await (data.from === "page" ? fromPage() : fromServiceWorker(data.url));
    self.postMessage({ status, refused });
    if (status !== 200) return;
    const bytes = unpack(new Uint8Array(await buffer));
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.message || error), name: error && error.name });
  }
};
