"""Build helpers that must run INSIDE the pinned Pyodide (Python 3.14 compiled to wasm),
started by scripts/pyodide_build.py through scripts/pyodide_node.mjs:

    compile <job.json>   compile sources to .pyc bytes for this exact Python
    imports <job.json>   import modules and report which standard-library files that loaded

Paths in a job are host paths; the host file system is mounted at /host. Each job names a
``report`` file that gets a JSON answer. Nothing here runs on the host's Python.
"""

import ast
import importlib.util
import json
import os
import sys
from importlib._bootstrap_external import _code_to_hash_pyc

HOST = "/host"


def _host(path: str) -> str:
    return HOST + path


def _strip_docstrings(tree: ast.AST) -> ast.AST:
    """Drop docstrings (what ``python -OO`` drops) but keep asserts and line numbers."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            first = body[0]
            if len(body) == 1:
                body[0] = ast.Pass(lineno=first.lineno, col_offset=first.col_offset,
                                   end_lineno=first.lineno, end_col_offset=first.col_offset)
            else:
                del body[0]
    return tree


def compile_job(job: dict) -> dict:
    """Each item: src (host path), out (host path), filename (the code's co_filename),
    strip_docstrings, checked (hash-based pyc checked against the source, else unchecked)."""
    for item in job["items"]:
        with open(_host(item["src"]), "rb") as f:
            source = f.read()
        if item.get("strip_docstrings"):
            tree = _strip_docstrings(ast.parse(source, item["filename"]))
            code = compile(tree, item["filename"], "exec", dont_inherit=True, optimize=0)
        else:
            code = compile(source, item["filename"], "exec", dont_inherit=True, optimize=0)
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), item.get("checked"))
        out = _host(item["out"])
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(bytes(data))
        del code, data
    return {
        "compiled": len(job["items"]),
        "cache_tag": sys.implementation.cache_tag,
        "magic": importlib.util.MAGIC_NUMBER.hex(),
        "version": sys.version.split()[0],
    }


def imports_job(job: dict) -> dict:
    """Import each module; report the standard-library zip members now loaded."""
    failed = {}
    for name in job["modules"]:
        try:
            importlib.import_module(name)
        except Exception as exc:  # a module this platform lacks: reported, not fatal
            failed[name] = f"{type(exc).__name__}: {exc}"
    stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
    files = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(stdlib_zip + "/"):
            files.add(origin[len(stdlib_zip) + 1:])
    return {"files": sorted(files), "failed": failed, "stdlib_zip": stdlib_zip,
            "version": sys.version.split()[0]}


def main() -> None:
    command, job_path = sys.argv[1], sys.argv[2]
    with open(_host(job_path), encoding="utf-8") as f:
        job = json.load(f)
    result = {"compile": compile_job, "imports": imports_job}[command](job)
    with open(_host(job["report"]), "w", encoding="utf-8") as f:
        json.dump(result, f)


main()
