/* Reads this build's start-up snapshot for a later visit on a worker thread (issue #19).
 *
 * index.html starts this module worker at navigation when a service worker controls the
 * page, and posts it the snapshot's address (sw.js answers it from this build's cache:
 * 200 with the stored bytes, or 204, refused or not, with a header saying which). It
 * answers twice: first {status, refused} as soon as the response's head is in (so the
 * loader knows at once whether to restore), then {bytes}: the snapshot expanded from its
 * sparse form (snapshot_format.mjs), its buffer transferred, not copied. Anything else —
 * a response not from the service worker (this worker not controlled: the host answers
 * 404), a failed read — is {error}, and the loader reads the snapshot itself.
 *
 * Why a worker: read with fetch() on the page, the 11.5 MB arrived on the main thread
 * while PyScript was loading there, and our loader was called ≈ 0.2 s later (reloads at
 * 4× CPU, Chromium: 423–483 against 255–277 ms after navigation without the early read);
 * expanding it there cost the main thread another ≈ 40 ms. */
import { unpack } from "./snapshot_format.mjs";

self.onmessage = async ({ data: url }) => {
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (response.status !== 200 && response.status !== 204) {
      throw new Error(`the snapshot was answered ${response.status}, not by the service worker`);
    }
    const refused = response.headers.get("x-tacocat-snapshot") === "refused";
    self.postMessage({ status: response.status, refused });
    if (response.status !== 200) return;
    const bytes = unpack(new Uint8Array(await response.arrayBuffer()));
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.message || error) });
  }
};
