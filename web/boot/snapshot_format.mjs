/* How a start-up snapshot is kept (issue #19): made by snapshot_worker.mjs, read back by
 * pyodide_loader.mjs. A Pyodide memory snapshot is ≈ 31.5 MB, but most of it is zero
 * pages of the wasm heap (≈ 11.5 MB are not): it is stored sparse, so a later visit reads
 * a third of the bytes; expanding it costs one copy of the non-zero pages into a zeroed
 * buffer. Layout: four little-endian uint32 [MAGIC, total length, page size, pages], one
 * byte per page (1 = stored), then the stored pages in order (the last may be short). */
const MAGIC = 0x31534354; // "TCS1"
const PAGE = 4096;
const HEAD = 16;

export function pack(raw) {
  const pages = Math.ceil(raw.length / PAGE);
  const present = new Uint8Array(pages);
  let stored = 0;
  for (let p = 0; p < pages; p++) {
    const page = raw.subarray(p * PAGE, (p + 1) * PAGE);
    if (page.some((b) => b !== 0)) {
      present[p] = 1;
      stored += page.length;
    }
  }
  const out = new Uint8Array(HEAD + pages + stored);
  new DataView(out.buffer).setUint32(0, MAGIC, true);
  [raw.length, PAGE, pages].forEach((v, i) => new DataView(out.buffer).setUint32(4 + 4 * i, v, true));
  out.set(present, HEAD);
  let at = HEAD + pages;
  for (let p = 0; p < pages; p++) {
    if (!present[p]) continue;
    const page = raw.subarray(p * PAGE, (p + 1) * PAGE);
    out.set(page, at);
    at += page.length;
  }
  return out;
}

export function unpack(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.length < HEAD || view.getUint32(0, true) !== MAGIC) throw new Error("not a packed snapshot");
  const [length, size, pages] = [4, 8, 12].map((o) => view.getUint32(o, true));
  if (size !== PAGE || pages !== Math.ceil(length / PAGE)) throw new Error("bad snapshot header");
  const present = packed.subarray(HEAD, HEAD + pages);
  const raw = new Uint8Array(length);
  let at = HEAD + pages;
  for (let p = 0; p < pages; p++) {
    if (!present[p]) continue;
    const n = Math.min(PAGE, length - p * PAGE);
    if (at + n > packed.length) throw new Error("truncated snapshot");
    raw.set(packed.subarray(at, at + n), p * PAGE);
    at += n;
  }
  if (at !== packed.length) throw new Error("snapshot has trailing bytes");
  return raw;
}
