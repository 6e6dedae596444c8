"""The page side of rendering: the views' trees become one batch of patch operations
(:mod:`web.render.vdom`), applied by ``web/render/patch.js`` (the ``applier``) in a single
Python→JS call per render; and the focus, which the render owns: control says where it
goes (an element's id), the painter moves it after the batch.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from web.render.profile import Profile
from web.render.vdom import Differ, Labels, Root, count_nodes


class Painter:
    def __init__(self, applier: Any) -> None:
        self.differ = Differ()
        self.applier = applier  # web/render/patch.js (a fake in CPython's tests)
        self.pending: list = []  # a batch diffed but not yet applied (:meth:`prepare`)

    def draw(self, roots: Iterable[Root | Labels], profile: Profile | None = None) -> bool:
        """Diff ``roots`` against what was drawn and apply the batch (one call); whether
        the focused element went away with it."""
        self.prepare(roots, profile)
        return self.flush(profile)

    def prepare(self, roots: Iterable[Root | Labels], profile: Profile | None = None) -> None:
        """Diff ``roots`` now and keep the batch for :meth:`flush` (a move diffs in one task
        and draws in the next, web/control/move_flow.py). Anything drawn meanwhile is applied
        after it, in one call, so the page always receives the batches in order."""
        ops = self.differ.render(roots)
        self.pending.extend(ops)
        if profile is not None:
            profile.lap("diff")
            profile.count("ops", len(ops))
            profile.count("created", count_nodes(ops))

    def flush(self, profile: Profile | None = None) -> bool:
        """Apply what was prepared and not yet applied (one call, or none); whether the
        focused element went away with it (web/render/patch.js let go of it first)."""
        ops, self.pending = self.pending, []
        lost = False
        if ops:
            self.applier.apply(json.dumps(ops, ensure_ascii=False, separators=(",", ":")))
            lost = bool(self.applier.lostFocus())
        if profile is not None:
            profile.lap("patch")
            profile.count("patch_calls", 1 if ops else 0)
        return lost

    def focus(self, ident: str | None) -> bool:
        """Move the focus to element ``ident`` (without scrolling), after what is pending
        is drawn."""
        self.flush()
        return bool(ident) and bool(self.applier.focus(ident))

    def focus_within(self, ident: str) -> bool:
        """Is nothing focused, or is the focus inside element ``ident``?"""
        return bool(self.applier.focusWithin(ident))

    def reset(self) -> None:
        """Draw every region from scratch next time (their text was rewritten outside)."""
        self.differ = Differ()
        self.pending = []
        self.applier.reset()

