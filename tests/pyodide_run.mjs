// Runs Python code inside the pinned Pyodide (npm package) under Node, with the tacocat
// package copied into its file system. Usage: node pyodide_run.mjs <repo root> <code file>
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [root, codeFile] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") });
const walk = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? walk(path) : path.endsWith(".py") ? [path] : [];
});
for (const file of walk(join(root, "tacocat"))) {
  const target = "/home/pyodide/" + relative(root, file);
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, readFileSync(file));
}
const out = py.runPython(readFileSync(codeFile, "utf8"));
process.stdout.write(String(out));
