"""The game's archive unpacked from JavaScript (web/boot/stored_zip.mjs) gives the very
files Pyodide's own unpacker gives, and anything that is not a plain stored zip is left
to Pyodide's unpacker: run in the pinned Pyodide under Node, both ways side by side."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path

from test_pyodide import PYODIDE, ROOT, need_pyodide

from scripts import build_app

MODULE = (ROOT / "web" / "boot" / "stored_zip.mjs").as_uri()

# For each archive: unpack it with the wrapped unpackArchive into /ours/<i> and with
# Pyodide's own into /own/<i>; report whether the quick path took it (and whether the
# wrapper passed it on), what each wrote (path →
# bytes, as hex) or the error each raised.
SCRIPT = """
import { readFileSync } from "node:fs";
import { loadPyodide } from %(pyodide)s;
import { storedEntries, withStoredZip } from %(module)s;
const py = await loadPyodide({ indexURL: %(index)s });
const own = py.unpackArchive.bind(py);
let reached = 0;  // calls the wrapper passed on to Pyodide's own unpacker
py.unpackArchive = (...args) => { reached++; return own(...args); };
withStoredZip(py);
const listing = (dir) => JSON.parse(py.runPython(`
import json, pathlib
root = pathlib.Path(${JSON.stringify(dir)})
json.dumps({str(p.relative_to(root)) + ("/" if p.is_dir() else ""): p.read_bytes().hex()
            if p.is_file() else "" for p in sorted(root.rglob("*"))})`));
const run = (unpack, dir) => {
  try {
    unpack(dir);
    return { files: listing(dir) };
  } catch (e) {
    return { error: String(e).slice(0, 80) };
  }
};
const out = [];
for (const [i, file] of JSON.parse(process.argv.at(-1)).entries()) {
  const bytes = new Uint8Array(readFileSync(file));
  const before = reached;
  const ours = run((dir) => py.unpackArchive(bytes, "zip", { extractDir: dir }), `/ours/${i}`);
  out.push({
    quick: storedEntries(bytes) !== null,
    passedOn: reached - before,
    own: run((dir) => own(bytes, "zip", { extractDir: dir }), `/own/${i}`),
    ours,
  });
}
// a relative folder lands under Pyodide's working directory, as with Python's unpacker
const game = new Uint8Array(readFileSync(JSON.parse(process.argv.at(-1))[0]));
py.unpackArchive(game, "zip", { extractDir: "./rel/" });
py.unpackArchive(game, "zip", { extractDir: "up/../above" });
out.push({ cwd: py.FS.cwd(), rel: py.FS.readdir(py.FS.cwd() + "/rel").length,
           above: py.FS.readdir(py.FS.cwd() + "/above").length });
console.log(JSON.stringify(out));
"""


def _zip(entries: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _unpack_both(tmp_path: Path, archives: list[bytes]) -> list[dict]:
    need_pyodide()
    paths = []
    for i, data in enumerate(archives):
        path = tmp_path / f"a{i}.zip"
        path.write_bytes(data)
        paths.append(str(path))
    script = SCRIPT % {"pyodide": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
                       "module": json.dumps(MODULE), "index": json.dumps(str(PYODIDE) + "/")}
    done = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(paths)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_stored_archives_unpack_to_the_same_files_and_others_are_left_to_pyodide(tmp_path):
    game = build_app.archive_bytes(ROOT, bytecode=False)  # the real archive's layout
    nested = _zip({"a/b/c.txt": b"deep", "top.py": b"x = 1\n", "empty/": b"",
                   "caf\u00e9/\u00fc.json": b"{}", "zero.bin": b""})
    deflated = _zip({"a/x.txt": b"squeezed " * 100}, zipfile.ZIP_DEFLATED)
    slip = _zip({"../outside.txt": b"no", "inside.txt": b"yes"})
    bad_crc = bytearray(_zip({"f.txt": b"hello world"}))
    bad_crc[bad_crc.index(b"hello world")] ^= 1
    *results, where = _unpack_both(tmp_path, [game, nested, deflated, slip, bytes(bad_crc)])
    assert [r["quick"] for r in results] == [True, True, False, False, False]
    assert [r["passedOn"] for r in results] == [0, 0, 1, 1, 1]
    for r in results[:4]:  # same files, same bytes, both ways
        assert "files" in r["own"] and r["own"] == r["ours"], r
    files = results[0]["ours"]["files"]
    names = zipfile.ZipFile(io.BytesIO(game)).namelist()
    assert {n for n in files if not n.endswith("/")} == set(names)
    assert bytes.fromhex(files["web/app.py"]) == (ROOT / "web" / "app.py").read_bytes()
    assert results[1]["ours"]["files"]["zero.bin"] == "" and "empty/" in results[1]["ours"]["files"]
    assert list(results[3]["ours"]["files"]) == ["inside.txt"]  # Python's: ".." skipped
    assert "error" in results[4]["own"] and "error" in results[4]["ours"]  # still refused
    assert where["cwd"] == "/home/pyodide" and where["rel"] > 0 and where["above"] > 0
