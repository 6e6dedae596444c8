/* Makes the start-up snapshot of issue #19 in a dedicated worker, off the page's main
 * thread (started by pyodide_loader.mjs once the page is ready and works offline).
 *
 * It boots the same pinned Pyodide the page uses with the same options PyScript passes
 * (indexURL only: same lock file, standard library, environment, home directory), unpacks
 * the same archive to the same place the same way (pyscript.toml's [files]: "./app.zip" =
 * "./*", through stored_zip.mjs; tests check the two agree), imports what the page
 * imports before any of it touches the page, and keeps the memory snapshot, packed
 * without its zero pages (snapshot_format.mjs: ≈ 11.5 MB of the 31.5). Not gzip: it
 * would keep 4.5 MB, but inflating costs a later start ≈ 0.65 s on a phone-speed CPU
 * against ≈ 0.3 s to read all 31.5 MB raw (docs/PERFORMANCE.md).
 *
 * The bytes never pass through the page: copying or storing 11.5 MB there was one long
 * task of 90–130 ms at 4× CPU in the reader's first game. The page posts one message:
 * - {port}: a MessagePort whose other end the service worker holds; the snapshot goes
 *   there ({bytes} or {error}), and the service worker keeps it with its SHA-256 (sw.js);
 * - {app}: no service worker; the SHA-256 of the archive the page runs. This worker keeps
 *   the snapshot in the page's own store (snapshot_store.mjs) if it unpacked that archive.
 * It answers the page {ok} or {error}.
 * Nothing imported here may hold a JavaScript object (a snapshot restores wasm memory
 * only): the engine, the AI, the standard library and the page's modules, none of which
 * reaches `pyscript`, `js` or `pyodide` when imported (web/platform/browser.py does, when used).
 */
import { loadPyodide } from "../../runtime/pyodide/pyodide.mjs";
import { pack } from "./snapshot_format.mjs";
import { keep, sha256hex } from "./snapshot_store.mjs";
import { withStoredZip } from "./stored_zip.mjs";

const INDEX_URL = new URL("../../runtime/pyodide/", import.meta.url).href;
export const APP_URL = new URL("../../app.zip", import.meta.url).href;
export const APP_DIR = "./";
// What the page (web/, tacocat/ and PyScript's own package) imports from the standard
// library, the whole engine and the AI, then the page's modules that do not reach
// JavaScript when imported (web/platform/snapshot_modules.py finds them from their imports).
const IMPORTS = `
import asyncio, base64, binascii, collections, contextlib, dataclasses, gc, html, inspect
import io, itertools, json, math, pathlib, random, string, time, typing, zlib
import importlib, urllib.parse
import tacocat, tacocat.ai
from tacocat.ai import make_player
assert make_player("easy", seed=1) is not None
from web.platform.snapshot_modules import pure_modules
for name in pure_modules():
    importlib.import_module(name)
`;

async function make() {
  const app = fetch(APP_URL).then((r) => {
    if (!r.ok) throw new Error(`${APP_URL}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  app.catch(() => {});
  const pyodide = withStoredZip(await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true }));
  const archive = await app;
  const digest = sha256hex(archive); // before unpacking: the page's archive must match it
  pyodide.unpackArchive(archive, "zip", { extractDir: APP_DIR });
  pyodide.runPython(IMPORTS);
  return { bytes: pack(pyodide.makeMemorySnapshot()).buffer, app: await digest };
}

const made = make(); // at once: the page's message comes while Pyodide boots
made.catch(() => {});
const describe = (error) => String(error && error.stack || error);

self.onmessage = async ({ data }) => {
  const { port, app } = data || {};
  try {
    const { bytes, app: unpacked } = await made;
    if (port) {
      port.postMessage({ bytes }, [bytes]);
    } else {
      if (unpacked !== app) throw new Error("the game changed meanwhile");
      await keep({ bytes, app, sha256: await sha256hex(bytes) });
    }
    postMessage({ ok: true });
  } catch (error) {
    if (port) port.postMessage({ error: describe(error) });
    postMessage({ error: describe(error) });
  }
};
