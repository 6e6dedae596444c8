// Pyodide memory snapshot, measured under Node with the pinned Pyodide (issue #19): what a
// snapshot taken after the game's imports weighs and what it saves at start-up.
//
//   node bench/snapshot_node.mjs <app.zip of a dist/ build> [runs] [snapshot.bin to write]
//
// Boots the pinned runtime with the trimmed standard library (runtime/pyodide/), unpacks
// the game's archive and imports the engine and the AI (the page's own modules need the
// browser), `runs` times plainly, then once with {_makeSnapshot: true} and
// makeMemorySnapshot(), then `runs` times from {_loadSnapshot: bytes}. Prints boot and
// import times (ms), and the snapshot's size raw / gzip -6 / brotli q9. Numbers go to
// docs/PERFORMANCE.md by hand (the section names this script).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [appPath, runsArg, out] = process.argv.slice(2);
const runs = Number(runsArg || 3);
const stdLibURL = resolve("runtime/pyodide/python_stdlib.zip");
const raw = readFileSync(appPath);
const app = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
const IMPORTS = "import asyncio, json, random, tacocat, tacocat.ai\nfrom tacocat.ai import make_player";
const ms = (t) => Math.round(performance.now() - t);

async function boot(options) {
  const t0 = performance.now();
  const py = await loadPyodide({ stdLibURL, ...options });
  const booted = ms(t0);
  const t1 = performance.now();
  if (!options._loadSnapshot) py.unpackArchive(app, "zip");
  py.runPython(IMPORTS + "\nassert make_player('easy', seed=1) is not None");
  return { py, booted, imported: ms(t1) };
}

const plain = [];
for (let i = 0; i < runs; i++) plain.push((({ booted, imported }) => [booted, imported])(await boot({})));
const t0 = performance.now();
const { py } = await boot({ _makeSnapshot: true });
const snapshot = py.makeMemorySnapshot();
const made = ms(t0);
if (out) writeFileSync(out, snapshot);
const fromSnapshot = [];
for (let i = 0; i < runs; i++) {
  const { booted, imported } = await boot({ _loadSnapshot: snapshot });
  fromSnapshot.push([booted, imported]);
}
const br = brotliCompressSync(snapshot, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
console.log(JSON.stringify({
  plain_boot_import_ms: plain, snapshot_boot_import_ms: fromSnapshot, make_ms: made,
  bytes: snapshot.length, gzip: gzipSync(snapshot).length, brotli: br.length,
}));
