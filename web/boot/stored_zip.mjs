/* Unpacks the game's archive (pyscript.toml's [files]: app.zip → the working directory)
 * from JavaScript, straight into Pyodide's file system — issue #19.
 *
 * Why not Pyodide's own `unpackArchive`: it copies the archive into a temporary file and
 * runs Python's `shutil.unpack_archive` (zipfile, one Python-level open/read/write per
 * entry). For our 163 entries that took 140–200 ms of every start at 4× CPU, after a
 * snapshot restore as after a plain boot (measured with the loader's own marks,
 * docs/PERFORMANCE.md). scripts/build_app.py writes app.zip *stored* (no compression: the
 * server's brotli does that), so unpacking is copying slices into files: 30–40 ms at 4×.
 *
 * Same result as Pyodide's path (tests/test_stored_zip.py compares the two on the real
 * archive): the same files with the same bytes, directories made as needed, each entry's
 * CRC-32 checked. Anything else — a compressed or encrypted entry, zip64, a name that
 * would leave the target folder, a bad CRC or a damaged directory — goes to Pyodide's own
 * unpacker, which unpacks it or raises as it always did.
 */

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;

let crcTable = null;

export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

// Entries of a zip whose every entry is stored, as [{name, data}] (`data` a view into
// `bytes`; a name ending in "/" is a folder); null if it is anything else.
export function storedEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD_SIG) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) return null; // zip64
  const names = new TextDecoder("utf-8", { fatal: true });
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIG) return null;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const [nameLength, extra, comment] = [28, 30, 32].map((o) => view.getUint16(at + o, true));
    const local = view.getUint32(at + 42, true);
    const raw = bytes.subarray(at + 46, at + 46 + nameLength);
    // stored, not encrypted; a non-ASCII name must say it is UTF-8 (else it is CP437)
    if (method !== 0 || flags & 1 || packed !== size) return null;
    if (!(flags & 0x800) && raw.some((b) => b > 0x7f)) return null;
    let name;
    try {
      name = names.decode(raw);
    } catch {
      return null;
    }
    const parts = name.split("/");
    if (name.startsWith("/") || name.includes("\\") || name.includes("\0")
        || parts.some((p) => p === "..")) return null; // never outside the target folder
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIG) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > bytes.length) return null;
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== crc) return null;
    entries.push({ name, data });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

function join(base, name) {
  const out = [];
  for (const part of `${base}/${name}`.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop(); // only ever in `dir` (an entry's name with ".." is refused)
    else out.push(part);
  }
  return `/${out.join("/")}`;
}

// Writes a stored zip's entries under `dir` (relative to Pyodide's working directory);
// returns false (nothing written) if the archive is not one.
export function unpackStored(FS, bytes, dir = ".") {
  const entries = storedEntries(bytes);
  if (!entries) return false;
  const base = dir.startsWith("/") ? dir : join(FS.cwd(), dir);
  const made = new Set();
  const folder = (path) => {
    if (!made.has(path)) FS.mkdirTree(path);
    made.add(path);
  };
  folder(base);
  for (const { name, data } of entries) {
    const path = join(base, name);
    if (name.endsWith("/")) {
      folder(path);
      continue;
    }
    folder(path.slice(0, path.lastIndexOf("/")) || "/");
    FS.writeFile(path, data);
  }
  return true;
}

// Makes `pyodide.unpackArchive` take the quick path for stored zips (else its own);
// `mark` (optional) is told "unpacking" and "unpacked" (the page's start-up marks).
export function withStoredZip(pyodide, mark = () => {}) {
  const own = pyodide.unpackArchive;
  pyodide.unpackArchive = function unpackArchive(buffer, format, options = {}) {
    mark("unpacking");
    try {
      if (String(format).toLowerCase() === "zip") {
        const bytes = buffer instanceof Uint8Array ? buffer
          : ArrayBuffer.isView(buffer)
            ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
            : new Uint8Array(buffer);
        if (unpackStored(pyodide.FS, bytes, options.extractDir || ".")) return undefined;
      }
      return own.call(this, buffer, format, options);
    } finally {
      mark("unpacked");
    }
  };
  return pyodide;
}
