"""pytest plugin for scripts/measure_stdlib.py: while the browser tests run, record every
standard-library module the game's Python loads, in every page and frame.

    TACOCAT_STDLIB_TRACE=out.json python -m pytest e2e -p scripts.stdlib_trace

Each browser context gets an init script that, on a page with PyScript, registers a
``hooks.main.onReady`` callback keeping the interpreter; before each test's fixtures are
torn down, every open page and frame is asked which modules came from
``python_stdlib.zip``. The union is written to ``$TACOCAT_STDLIB_TRACE`` (JSON).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest

HOOK = """
document.addEventListener('DOMContentLoaded', () => {
  const core = document.querySelector('script[src$="pyscript/core.js"]');
  if (!core) return;
  import(core.src).then((m) => m.hooks.main.onReady.add((wrap) => {
    window.__tacocatInterpreter = wrap.interpreter;
  })).catch(() => {});
});
"""
QUERY = """() => {
  const py = window.__tacocatInterpreter;
  if (!py) return [];
  return JSON.parse(py.runPython(`
import json as _j, sys as _s
_z = next(p for p in _s.path if p.endswith('.zip'))
_j.dumps(sorted(n for n, m in list(_s.modules.items())
                if (getattr(getattr(m, '__spec__', None), 'origin', None) or '')
                .startswith(_z + '/')))`));
}"""

_contexts: list = []
_found: set[str] = set()


def _patch_new_context() -> None:
    from playwright.sync_api import Browser

    original = Browser.new_context
    if getattr(original, "_tacocat_traced", False):
        return

    def new_context(self, *args, **kwargs):
        context = original(self, *args, **kwargs)
        context.add_init_script(HOOK)
        _contexts.append(context)
        return context

    new_context._tacocat_traced = True
    Browser.new_context = new_context


def pytest_configure(config):
    _patch_new_context()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    for context in list(_contexts):
        for page in list(getattr(context, "pages", [])):
            for frame in page.frames:
                with contextlib.suppress(Exception):
                    _found.update(frame.evaluate(QUERY))
    _contexts.clear()
    return (yield)


def pytest_unconfigure(config):
    out = os.environ.get("TACOCAT_STDLIB_TRACE")
    if out:
        Path(out).write_text(json.dumps(sorted(_found), indent=1) + "\n", encoding="utf-8")
