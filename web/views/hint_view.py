"""The hint's sentence ("Hint: attack with 9 — …"): what the computer's hint level
recommends for the seat to move and why, in the reader's language. Control asks for the
hint and keeps it in the page state (:attr:`web.model.screen.Ui.hint`); this view words
it, and the page's note (web/views/chrome_view.py) shows it while nothing more urgent is
said. Added by the recipe in docs/ARCHITECTURE.md ("Where a new feature goes")."""

from __future__ import annotations

from web.i18n.catalog import has, t
from web.model.screen import Screen
from web.model.text import cards_text


def reason_text(key: str, params: dict) -> str:
    """A hint's reason (a catalog key with card values as numbers or lists), worded; the
    puzzles' clues too (web/views/puzzle_view.py)."""
    params = {k: cards_text(v) if isinstance(v, (tuple, list)) else v
              for k, v in params.items()}
    reason = t(key, **params)
    if "win" in params:
        reason += " " + t("hint.win", win=params["win"])
    return reason


def hint_note(s: Screen | None) -> str:
    """The sentence for the hint on show, or "" (none asked for, or the move was made)."""
    hint = s.ui.hint if s is not None else None
    if hint is None or not s.acting:
        return ""
    # (a hint without a catalog key: the engine's English)
    reason = reason_text(hint.key, hint.params) if hint.key and has(hint.key) else hint.reason
    return t("hint.text", action=s.words.action(hint.action, s.obs.hand), reason=reason)


__all__ = ["hint_note", "reason_text"]
