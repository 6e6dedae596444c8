// Run a Python script inside the pinned Pyodide (node_modules/pyodide) under Node, so
// that what it produces (bytecode above all) matches the browser's Python exactly.
//
//   node scripts/pyodide_node.mjs <script.py> [args...]
//
// The host's file system is mounted at /host (host path /a/b is /host/a/b inside), the
// script gets sys.argv = [script, ...args], and PYTHONHASHSEED=0 makes set and dict
// orders (hence compiled constants) the same on every run. Exit status 1 on an uncaught
// Python exception (its traceback goes to stderr). Used by scripts/pyodide_build.py.
// TACOCAT_STDLIB=<path> boots with that python_stdlib.zip (e.g. the trimmed one in runtime/).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [script, ...args] = process.argv.slice(2);
const options = { env: { PYTHONHASHSEED: "0" }, stdout: console.log };
if (process.env.TACOCAT_STDLIB) options.stdLibURL = resolve(process.env.TACOCAT_STDLIB);
const py = await loadPyodide(options);
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("_argv", py.toPy([script, ...args]));
try {
  py.runPython("import sys; sys.argv = list(_argv); del _argv");
  py.runPython(readFileSync(resolve(script), "utf8"), { filename: script });
} catch (error) {
  // A PythonError's message is the Python traceback; never dump minified runtime source.
  process.stderr.write(String(error && error.message ? error.message : error).slice(-4000) + "\n");
  process.exit(1);
}
