"""Write one benchmark's section into a shared Markdown file between HTML-comment markers,
so several benchmarks can own parts of docs/PERFORMANCE.md without clobbering each other."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_section(doc: str, name: str, body: str, title: str = "# Performance") -> Path:
    path = ROOT / doc
    text = path.read_text(encoding="utf-8") if path.exists() else f"{title}\n"
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body.strip()}\n{end}"
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else \
        text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")
    return path


def publish(name: str, body: str, write: bool = True, doc: str = "docs/PERFORMANCE.md") -> None:
    """Print a benchmark's section and (unless ``write`` is false: ``--no-write``) write it
    into ``doc``."""
    print(body)
    if write:
        path = write_section(doc, name, body)
        print(f"\nwrote {path.relative_to(ROOT)}")
