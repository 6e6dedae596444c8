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
        self.pending: list = []  # a batch diffed but not yet applied (:meth:`prepare`)

    def draw(self, roots: Iterable[Root], profile: Profile | None = None) -> None:
        """Diff ``roots`` against what was drawn and apply the batch (one call)."""
        self.prepare(roots, profile)
        self.flush(profile)

    def prepare(self, roots: Iterable[Root], profile: Profile | None = None) -> None:
        """Diff ``roots`` now and keep the batch for :meth:`flush` (a move diffs in one task
        and draws in the next, web/control/move_flow.py). Anything drawn meanwhile is applied
        after it, in one call, so the page always receives the batches in order."""
        ops = self.differ.render(roots)
        self.pending.extend(ops)
        if profile is not None:
            profile.lap("diff")
            profile.count("ops", len(ops))
            profile.count("created", count_nodes(ops))

    def flush(self, profile: Profile | None = None) -> None:
        """Apply what was prepared and not yet applied (one call, or none)."""
        ops, self.pending = self.pending, []
        if ops:
            self.applier.apply(json.dumps(ops, ensure_ascii=False, separators=(",", ":")))
        if profile is not None:
            profile.lap("patch")
            profile.count("patch_calls", 1 if ops else 0)

    def reset(self) -> None:
        """Draw every region from scratch next time (their text was rewritten outside)."""
        self.differ = Differ()
        self.pending = []
        self.applier.reset()

    def cards(self) -> list:
        """The hand's card buttons, in order (for focus and arrow keys), as drawn."""
        self.flush()
        return query_all("#hand button.card")
