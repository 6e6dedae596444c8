"""What the page's dialogs and its static lists say: passing the device (hot-seat),
resuming a saved game, the New game form's level and pace choices, and the keyboard list
in the rules. Pure views like the rest (trees for the diff, no DOM); opening and closing
a dialog is :class:`web.platform.browser_page.BrowserPage`'s. Round results are not dialogs (see
:mod:`web.views.table_view`)."""

from __future__ import annotations

from tacocat import WOW
from web.i18n.catalog import t
from web.model.session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, MODES
from web.model.takeback import PassOffer
from web.model.text import goal_name
from web.render.vdom import Root, h, txt
from web.views.chrome_view import pace_choices


def level_choices(levels: tuple[str, ...], current: str) -> list[Root]:
    """The New game form's levels, ``current`` checked."""
    return [Root("levels", children=[
        h("label", "choice", None,
          h("input", "", None, type="radio", name="level", id=f"level-{level}", value=level,
            checked=level == current),
          h("span", "", t(f"level.{level}")), key=level)
        for level in levels])]


def mode_sets(mode: str) -> list[Root]:
    """The New game form shows the choices the chosen mode has."""
    return [Root("seat-set", {"hidden": mode != MODE_AI}),
            Root("level-set", {"hidden": mode == MODE_HOTSEAT}),
            Root("pace-set", {"hidden": mode != MODE_WATCH})]


def new_game_form(levels: tuple[str, ...], mode: str, level: str, human: int,
                  pace: int) -> list[Root]:
    """The New game form as it opens: the game now (its mode, level, seat) and the pace
    chosen, each shown by the ``checked``/``selected`` its controls start with (the page
    resets the form to them when it opens the dialog)."""
    return [*(Root(f"mode-{m}", {"checked": m == mode}) for m in MODES),
            Root("seat-yay", {"checked": human != WOW}),
            Root("seat-wow", {"checked": human == WOW}),
            *level_choices(levels, level), *pace_choices("new-pace", pace), *mode_sets(mode)]


def pass_dialog(seat: int, offer: PassOffer) -> list[Root]:
    """Hand the device to ``seat``; the player who just moved may take that move back if
    ``seat`` agrees (``offer.seat``), or the note says why not."""
    name = goal_name(seat)
    undo = offer.seat
    note = None if offer.reason is None else \
        t(offer.reason, seat=goal_name(offer.refused))
    return [Root("pass-title", children=[txt(t("pass.title", seat=name))]),
            Root("pass-body", children=[txt(t("pass.body", seat=name))]),
            Root("pass-note", {"hidden": note is None}, [txt(note or "")]),
            Root("pass-show", {"data-arg": seat}, [txt(t("pass.show", seat=name))]),
            Root("pass-takeback", {"hidden": undo is None},
                 [txt("" if undo is None else t("pass.takeback", seat=goal_name(undo)))])]


def resume_dialog(rounds: int, moves: int) -> list[Root]:
    return [Root("resume-body", children=[txt(t("resume.body", round=rounds, moves=moves))])]


__all__ = ["level_choices", "mode_sets", "new_game_form", "pass_dialog", "resume_dialog"]
