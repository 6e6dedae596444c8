"""The one shape of everything the page stores: a JSON object naming its ``format`` and
``version`` beside its own fields. A stored text that is not ours, of another version,
too long or malformed raises (``ValueError``, or the caller's error type): the caller's
reader (web/platform/storage.py) sets it aside and starts fresh, never half-reads it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tacocat.record import load_json

# Where each stored record lives in the browser (``localStorage`` keys; an embedded game's
# save adds ".embed", so it never overwrites the main site's).
SAVE_KEY = "tacocat.save.v1"
PREFS_KEY = "tacocat.prefs.v1"
STATS_KEY = "tacocat.stats.v1"
ANALYSES_KEY = "tacocat.analyses.v1"  # web/formats/analyses_store.py
PUZZLES_KEY = "tacocat.puzzles.v1"  # web/formats/puzzle_store.py


def stored_text(fmt: str, version: int, **fields: Any) -> str:
    """``fields`` as the stored text of format ``fmt``, version ``version``."""
    return json.dumps({"format": fmt, "version": version, **fields}, separators=(",", ":"))


def read_stored(text: str, fmt: str, version: int, *, what: str, not_ours: str,
                old_version: str = "{what} version {version!r}", max_bytes: int = 1_000_000,
                error: type[Exception] = ValueError) -> dict[str, Any]:
    """The stored object in ``text`` if it is format ``fmt`` at exactly ``version``."""
    data = load_json(text, max_bytes=max_bytes, what=what)
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(not_ours)
    found = data.get("version")
    if type(found) is not int or found != version:
        raise error(old_version.format(what=what, version=found))
    return data


def stored_list(data: dict[str, Any], key: str, keep: int, valid: Callable[[Any], bool], *,
                what: str) -> list:
    """``data[key]``: a list of at most ``keep`` items, each ``valid``."""
    items = data.get(key)
    if not isinstance(items, list) or len(items) > keep:
        raise ValueError(f"malformed {what}")
    for item in items:
        if not valid(item):
            raise ValueError(f"malformed {what} entry")
    return items


__all__ = ["ANALYSES_KEY", "PREFS_KEY", "PUZZLES_KEY", "SAVE_KEY", "STATS_KEY", "read_stored",
           "stored_list", "stored_text"]
