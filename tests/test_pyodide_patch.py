"""The runtime's patched dynamic linker (scripts/pyodide_patch.py, issue #19) lays out the
function table exactly as the pinned Pyodide does, gives every GOT entry the same value,
and still starts, plain and from a memory snapshot: both runtimes booted side by side
under Node and compared slot by slot."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from test_pyodide import PYODIDE, ROOT, need_pyodide

from scripts import pyodide_patch

PATCHED = ROOT / "runtime" / "pyodide"

# Boot one runtime (its folder: argv) and print its function table (per slot: the wasm
# function's index, or "js:<GOT name>" for a JavaScript function's wrapper), the value of
# every GOT entry a side module could ask for (the main module's exports and the 280
# JavaScript functions), and that Python runs; then start again from a memory snapshot.
SCRIPT = """
const [pyodideDir, exportsFile] = process.argv.slice(-2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const { readFileSync } = await import("node:fs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
const m = py._module;
const names = JSON.parse(readFileSync(exportsFile, "utf8"));
const named = new Set(names);
const got = {};
const wrappers = new Map();
for (const name of names) {
  // what a side module's import of GOT.func/GOT.mem `name` would get
  const entry = m.GOTHandler.get(new Set([name]), name);
  got[name] = entry.value;
}
for (const [name, entry] of Object.entries(m.GOT)) {
  if (!named.has(name)) { got[name] = entry.value; wrappers.set(entry.value, name); }
}
const table = [];
for (let i = 0; i < m.wasmTable.length; i++) {
  const f = m.wasmTable.get(i);
  table.push(f === null ? null : wrappers.has(i) ? "js:" + wrappers.get(i) : f.name);
}
py.runPython("import json; x = json.dumps({'a': [1, 2]})");
const snapshot = py.makeMemorySnapshot();
const again = await loadPyodide({ indexURL: pyodideDir + "/", _loadSnapshot: snapshot });
console.log(JSON.stringify({ table, got, python: py.runPython("x"),
                             restored: again.runPython("x + ' ' + json.dumps(3)") }));
"""


def _exports() -> list[str]:
    """The main module's exported functions and globals (what updateGOT walks)."""
    script = (
        "const b = require('fs').readFileSync(process.argv[1]);"
        "const mod = new WebAssembly.Module(b);"
        "console.log(JSON.stringify(WebAssembly.Module.exports(mod)"
        ".filter(e => e.kind === 'function' || e.kind === 'global').map(e => e.name)));"
    )
    done = subprocess.run(["node", "-e", script, str(PYODIDE / "pyodide.asm.wasm")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    internal = ("memory", "__memory_base", "__table_base", "__stack_pointer",
                "__indirect_function_table", "__cpp_exception", "__c_longjmp",
                "__wasm_apply_data_relocs", "__dso_handle", "__tls_size", "__tls_align",
                "__tls_base", "__wasm_call_ctors", "__start_em_asm", "__stop_em_asm",
                "__start_em_js", "__stop_em_js")
    return [n for n in json.loads(done.stdout) if n not in internal and not n.startswith("__em_js")
            and not n.startswith("dynCall_") and not n.startswith("orig$")]


def _boot(folder, names: Path) -> dict:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, str(folder), str(names)],
        capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_patch_applies_once_to_the_pinned_runtime_and_only_once():
    need_pyodide()
    original = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    patched = pyodide_patch.patch(original)
    assert patched.startswith(pyodide_patch.MARK)
    assert pyodide_patch.patch(patched) == patched  # idempotent
    for p in pyodide_patch.PATCHES:
        assert p.old not in patched, p.name
        assert p.new in patched, p.name
    # what runtime/ ships is exactly that
    need_pyodide(PATCHED / "pyodide.asm.mjs")
    assert (PATCHED / "pyodide.asm.mjs").read_text(encoding="utf-8") == patched


@pytest.mark.parametrize("which", range(len(pyodide_patch.PATCHES)))
def test_a_runtime_without_one_of_the_texts_stops_the_build(which):
    need_pyodide()
    original = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    changed = original.replace(pyodide_patch.PATCHES[which].old, "/* changed upstream */")
    with pytest.raises(pyodide_patch.PatchError, match="occurs 0 times"):
        pyodide_patch.patch(changed)


def test_patched_linker_gives_the_same_table_and_got_and_still_starts(tmp_path):
    need_pyodide(PATCHED / "pyodide.asm.mjs", PATCHED / "python_stdlib.zip")
    names = _exports()
    assert len(names) > 8000
    listed = tmp_path / "exports.json"
    listed.write_text(json.dumps(names), encoding="utf-8")
    pristine = _boot(PYODIDE, listed)
    patched = _boot(PATCHED, listed)
    assert patched["python"] == pristine["python"] == '{"a": [1, 2]}'
    assert patched["restored"] == '{"a": [1, 2]} 3'
    assert len(patched["table"]) == len(pristine["table"]) > 10000
    pairs = zip(pristine["table"], patched["table"], strict=True)
    differ = [i for i, (a, b) in enumerate(pairs) if a != b]
    assert differ == [], differ[:10]
    # the 280 JavaScript functions (WebGL, for SDL) in 259 slots: some are one function
    assert sum(1 for f in patched["table"] if f and f.startswith("js:")) == 259
    assert patched["got"] == pristine["got"]
