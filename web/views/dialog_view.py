"""What the page's dialogs and its static lists say: passing the device (hot-seat),
resuming a saved game, the New game form's level and pace choices, and the keyboard list
in the rules. Pure views like the rest (trees for the diff, no DOM); opening and closing
a dialog is :mod:`web.platform.dialog_boxes`. Round results are not dialogs (see
:mod:`web.views.table_view`)."""

from __future__ import annotations

from web.formats.prefs import THEMES
from web.i18n.catalog import t
from web.model.session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, PACES
from web.model.takeback import PassOffer
from web.model.text import goal_name
from web.render.vdom import Node, Root, h, txt


def pace_choices(ident: str, current: int) -> list[Root]:
    """The pace choices of a ``<select>`` (one list: :data:`web.model.session.PACES`)."""
    return [Root(ident, children=[h("option", "", t(f"pace.{pace}"), value=pace,
                                    selected=pace == current, key=str(pace))
                                  for pace in PACES])]


def theme_choices(ident: str, current: str) -> list[Root]:
    """The theme choices of a ``<select>`` (one list: :data:`web.formats.prefs.THEMES`)."""
    return [Root(ident, children=[h("option", "", t(f"theme.{theme}"), value=theme,
                                    selected=theme == current, key=theme)
                                  for theme in THEMES])]


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


def key_help(shortcuts: tuple[tuple[str, str, str | None], ...]) -> list[Root]:
    """The rules panel's keyboard list."""
    items: list[Node] = []
    for n, (key, what, _) in enumerate(shortcuts):
        parts: list[Node] = []
        for i, part in enumerate(key.split(" / ")):
            if i:
                parts.append(txt(" / "))
            parts.append(h("kbd", "", part))
        items.append(h("li", "", None, *parts, txt(" " + t(what)), key=str(n)))
    return [Root("keys", children=items)]


__all__ = ["key_help", "level_choices", "mode_sets", "pace_choices", "pass_dialog",
           "resume_dialog"]
