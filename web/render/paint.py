"""The page side of rendering: the views' trees become one batch of patch operations
(:mod:`web.render.vdom`), applied by ``web/render/patch.js`` in a single Python→JS call per render.

Also the one read of what was drawn that the controller needs (the hand's card elements,
for focus and the arrow keys).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from web.platform.browser import window
from web.platform.dom import query_all
from web.render.profile import Profile
from web.render.vdom import Differ, Root, count_nodes


class Painter:
    def __init__(self) -> None:
        self.differ = Differ()
        self.applier = window.tacocatPatch

    def draw(self, roots: Iterable[Root], profile: Profile | None = None) -> None:
        """Diff ``roots`` against what was drawn and apply the batch (one call)."""
        ops = self.differ.render(roots)
        if profile is not None:
            profile.lap("diff")
            profile.count("ops", len(ops))
            profile.count("created", count_nodes(ops))
        if ops:
            self.applier.apply(json.dumps(ops, ensure_ascii=False, separators=(",", ":")))
        if profile is not None:
            profile.lap("patch")
            profile.count("patch_calls", 1 if ops else 0)

    def reset(self) -> None:
        """Draw every region from scratch next time (their text was rewritten outside)."""
        self.differ = Differ()
        self.applier.reset()

    @staticmethod
    def cards() -> list:
        """The hand's card buttons, in order (for focus and arrow keys)."""
        return query_all("#hand button.card")
