"""Speed-ups for the pinned Pyodide's dynamic linker, applied to ``pyodide.asm.mjs`` when
``runtime/`` is built (scripts/build_runtime.py) — issue #19.

Why: every start of the page, plain or from the start-up snapshot, runs Emscripten's
dynamic-linking set-up for Pyodide's main module, although the page never loads a side
module (its lock file lists no packages). A CPU profile of a later visit at 4× CPU
(Chromium, from the snapshot) put ≈ 280 ms of a ≈ 3.3 s profiled start in two functions
of it: ``updateGOT`` (an i32 ``WebAssembly.Global`` per export, 8,560 of them, and a table
read-back per new table slot) and ``reportUndefinedSymbols`` (``Object.entries`` of
every GOT entry to find the 280 unresolved ones, then for each of those — WebGL functions
of SDL — a failed ``table.set``, a new ``WebAssembly.Module`` compiled and instantiated).

What each patch keeps: the function table is laid out exactly as before (same slots, same
functions, in the same order: a snapshot stores function pointers, so a restore needs the
very layout it was made with; tests/test_pyodide_patch.py compares both runtimes' tables
slot by slot under Node), and every GOT entry a side module could ask for gets the value
it got before. Only the work to get there changes.

Each patch names the exact text it replaces; if the pinned runtime changes so that a text
is not found exactly once, the build stops (``PatchError``) rather than ship a runtime
half-patched. The patched file carries a first-line comment saying so.
"""

from __future__ import annotations

from dataclasses import dataclass

MARK = "// tacocat: patched by scripts/pyodide_patch.py (issue #19)\n"


class PatchError(Exception):
    pass


@dataclass(frozen=True)
class Patch:
    name: str
    why: str
    old: str
    new: str


PATCHES: tuple[Patch, ...] = (
    Patch(
        "wrapper modules per signature",
        "A JavaScript function put in the table needs a wasm wrapper: a tiny module whose "
        "bytes depend only on the signature. Compile each signature's module once and "
        "instantiate it per function, instead of compiling 280 modules at every start.",
        "var convertJsFunctionToWasm=(func,sig)=>{var bytes=",
        "var wrapperModules=new Map;var convertJsFunctionToWasm=(func,sig)=>{"
        "var module=wrapperModules.get(sig);if(!module){var bytes=",
    ),
    Patch(
        "wrapper modules per signature (2)",
        "(the second half of the same change)",
        "var module=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance("
        "module,{e:{f:func}});",
        "module=new WebAssembly.Module(bytes);wrapperModules.set(sig,module)}"
        "var instance=new WebAssembly.Instance(module,{e:{f:func}});",
    ),
    Patch(
        "unresolved GOT entries kept apart",
        "Only entries made by an import (value -1) can be unresolved: remember them as "
        "they are made, in the same order, instead of walking all of the GOT for them.",
        'var GOT={};var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];'
        'if(!rtn){rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},-1)}',
        'var GOT={};var GOTPending=new Set;var GOTLazy=new Map;var GOTHandler={get('
        'weakImports,symName){var rtn=GOT[symName];if(!rtn){if(GOTLazy.has(symName)){'
        'rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},'
        'GOTLazy.get(symName));GOTLazy.delete(symName)}else{rtn=GOT[symName]='
        'new WebAssembly.Global({value:"i32",mutable:true},-1);GOTPending.add(symName)}}',
    ),
    Patch(
        "unresolved GOT entries kept apart (2)",
        "reportUndefinedSymbols visits the remembered entries, in the order they were made.",
        "reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){"
        "if(entry.value==-1){",
        "reportUndefinedSymbols=()=>{for(var symName of[...GOTPending]){var entry="
        "GOT[symName];GOTPending.delete(symName);if(entry.value==-1){",
    ),
    Patch(
        "the main module's GOT made when asked for",
        "updateGOT made a WebAssembly.Global for each of the main module's 8,560 exports "
        "for side modules that never come. Keep each value (the table slot is still "
        "given now, in the same order) and make the Global when an import asks for it "
        "(GOTHandler above), with the value it would have held.",
        "var existingEntry=GOT[symName]&&GOT[symName].value!=-1;",
        "var existingEntry=GOT[symName]?GOT[symName].value!=-1:GOTLazy.has(symName);",
    ),
    Patch(
        "the main module's GOT made when asked for (2)",
        "(the second half of the same change)",
        'GOT[symName]??=new WebAssembly.Global({value:"i32",mutable:true});'
        "GOT[symName].value=newValue}}};",
        "if(GOT[symName]){GOT[symName].value=newValue}else{GOTLazy.set(symName,newValue)}}}};",
    ),
    Patch(
        "table mirror without a read-back",
        "table.get(i) right after table.set(i, f) returns f itself (a wasm function keeps "
        "its identity in a table), so the mirror takes f without the extra call.",
        "var setWasmTableEntry=(idx,func)=>{wasmTable.set(idx,func);"
        "wasmTableMirror[idx]=wasmTable.get(idx)};",
        "var setWasmTableEntry=(idx,func)=>{wasmTable.set(idx,func);wasmTableMirror[idx]=func};",
    ),
    Patch(
        "JavaScript functions wrapped without a failed try",
        "addFunction first tried table.set with the function itself, which throws a "
        "TypeError for every JavaScript function (280 at each start). The JS API names "
        "every exported wasm function by its index (a string of digits), so a function "
        "given with a signature and any other name is JavaScript: wrap it at once. The "
        "rest goes the old way, so nothing is wrapped that was not before.",
        "var ret=getEmptyTableSlot();try{setWasmTableEntry(ret,func)}catch(err){",
        "var ret=getEmptyTableSlot();if(sig&&!/^[0-9]+$/.test(func.name)){"
        "setWasmTableEntry(ret,convertJsFunctionToWasm(func,sig))}"
        "else try{setWasmTableEntry(ret,func)}catch(err){",
    ),
)


def patch(text: str) -> str:
    """``pyodide.asm.mjs`` of the pinned Pyodide with every patch applied (or, if it
    already carries them, unchanged)."""
    if text.startswith(MARK):
        return text
    for p in PATCHES:
        found = text.count(p.old)
        if found != 1:
            raise PatchError(
                f"pyodide.asm.mjs: the text of patch {p.name!r} occurs {found} times, not once "
                "(a new Pyodide? update scripts/pyodide_patch.py)"
            )
        text = text.replace(p.old, p.new)
    return MARK + text
