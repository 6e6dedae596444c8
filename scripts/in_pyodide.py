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
import types
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


def _signed_varint(out: bytearray, value: int) -> None:
    """A location table's signed varint: the sign in bit 0, then 6 bits a byte, bit 6
    set while more follow (CPython's Objects/locations.md)."""
    value = ((-value) << 1) | 1 if value < 0 else value << 1
    while value >= 64:
        out.append((value & 63) | 64)
        value >>= 6
    out.append(value)


def _lines_only(code: types.CodeType) -> types.CodeType:
    """``code`` (and every code object inside it) with a location table that keeps each
    instruction's line and drops its columns: tracebacks still name the line (without
    the ^^^ under the expression, which needs the source anyway, and the page ships no
    source), and the table — a quarter of the compressed bytecode — shrinks by about
    two thirds. Written in CPython's "no column info" entries: one per run of up to 8 code
    units on one line (code 13, the line as a delta from the previous entry's), or with
    no location at all (code 15)."""
    units = [position[0] for position in code.co_positions()]
    table = bytearray()
    previous = code.co_firstlineno
    i = 0
    while i < len(units):
        line = units[i]
        j = i + 1
        while j < len(units) and j - i < 8 and units[j] == line:
            j += 1
        if line is None:
            table.append(0x80 | (15 << 3) | (j - i - 1))
        else:
            table.append(0x80 | (13 << 3) | (j - i - 1))
            _signed_varint(table, line - previous)
            previous = line
        i = j
    consts = tuple(_lines_only(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    lean = code.replace(co_linetable=bytes(table), co_consts=consts)
    if [p[0] for p in lean.co_positions()] != units:  # never ship a table that lies
        raise ValueError(f"{code.co_filename}: the re-encoded line table differs")
    return lean


def compile_job(job: dict) -> dict:
    """Each item: src (host path), out (host path), filename (the code's co_filename),
    strip_docstrings, lines_only (no column positions: :func:`_lines_only`), checked
    (hash-based pyc checked against the source, else unchecked)."""
    for item in job["items"]:
        with open(_host(item["src"]), "rb") as f:
            source = f.read()
        if item.get("strip_docstrings"):
            tree = _strip_docstrings(ast.parse(source, item["filename"]))
            code = compile(tree, item["filename"], "exec", dont_inherit=True, optimize=0)
        else:
            code = compile(source, item["filename"], "exec", dont_inherit=True, optimize=0)
        if item.get("lines_only"):
            code = _lines_only(code)
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
