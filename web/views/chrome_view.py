"""The page around the table, drawn from :class:`web.model.chrome.Chrome` like every other
region: the message and the live region, the menu (its open state, the pace, theme and
language choices, the Sound and Take back buttons), the start-up's loading line and the
controls that wait for Python, the first visit's offer, the share link — and the words of
the page's static parts (the menu's buttons, the rules panel, the dialogs' fixed text:
:class:`web.render.vdom.Labels`), in the page's language."""

from __future__ import annotations

from web.formats.prefs import THEMES
from web.i18n.catalog import names, t
from web.model.chrome import PUZZLE, Chrome
from web.model.keymap import SHORTCUTS
from web.model.session import PACES
from web.render.vdom import Labels, Node, Root, h, txt

# index.html's controls that do nothing without Python (disabled until it runs)
NEEDS_PYTHON = ("btn-takeback", "btn-hint", "btn-new", "btn-export", "btn-import",
                "btn-replay", "btn-stats", "btn-learn", "btn-puzzles", "btn-sound", "pace",
                "theme")
# every key index.html marks data-i18n (tests/test_web_config.py keeps the two in step)
PAGE_KEYS = (
    "analysis.open", "app.tagline", "app.title", "board.goal.word", "board.label",
    "lesson.dismiss", "lesson.learn", "lesson.offer", "log.title", "menu.label", "new.cancel",
    "new.level", "new.mode.ai", "new.mode.hotseat", "new.mode.watch", "new.opponent",
    "new.seat", "new.seat.wow", "new.seat.yay", "new.seed", "new.seed.placeholder",
    "new.start", "new.title", "opponent.label", "pace.label", "puzzle.menu", "replay.exit",
    "replay.first", "replay.last", "replay.next", "replay.next.round", "replay.prev",
    "replay.prev.round", "resume.no", "resume.title", "resume.yes", "rules.deal",
    "rules.deal.h", "rules.duel",
    "rules.duel.h", "rules.goal", "rules.goal.h", "rules.keys.h", "rules.know",
    "rules.know.h", "rules.move", "rules.move.h", "rules.play", "rules.play.h",
    "rules.replace", "rules.replace.h", "rules.showdown", "rules.showdown.h",
    "rules.takeback", "rules.takeback.h", "rules.title", "seat.computer", "seen.help",
    "seen.title", "share.body", "share.copy", "share.file", "share.label", "share.link",
    "share.title", "stats.close", "stats.empty", "stats.title", "table.empty", "table.label",
    "theme.label", "toolbar.export", "toolbar.hint", "toolbar.import", "toolbar.label",
    "toolbar.new", "toolbar.replay", "toolbar.rules", "toolbar.sound", "toolbar.stats",
    "toolbar.takeback",
)


def labels() -> Labels:
    """The static parts' words in the current language."""
    return Labels({key: t(key) for key in PAGE_KEYS})


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


def language_choice(current: str) -> list[Root]:
    """The language ``<select>``, labelled, each language named in itself."""
    options = [h("option", "", name, value=code, lang=code, selected=code == current,
                 key=code) for code, name in names()]
    return [Root("lang-slot", children=[
        h("label", "lang-switch", None, h("span", "sr-only", t("lang.label")),
          h("select", "", None, *options, id="lang-select"), key="switch")])]


def key_help() -> list[Root]:
    """The rules panel's keyboard list (one list: :data:`web.model.keymap.SHORTCUTS`)."""
    items: list[Node] = []
    for n, (key, what, _) in enumerate(SHORTCUTS):
        parts: list[Node] = []
        for i, part in enumerate(key.split(" / ")):
            if i:
                parts.append(txt(" / "))
            parts.append(h("kbd", "", part))
        items.append(h("li", "", None, *parts, txt(" " + t(what)), key=str(n)))
    return [Root("keys", children=items)]


def settings(pace: int, theme: str, language: str) -> list[Root | Labels]:
    """What changes with the page's language or its settings: drawn at the start and when
    one of them changes."""
    return [labels(), *pace_choices("pace", pace), *theme_choices("theme", theme),
            *language_choice(language), *key_help()]


def chrome(c: Chrome, *, takeback: str | None, hint: bool, sound: bool,
           hint_note: str = "") -> list[Root]:
    """The page's own state around the table. ``takeback``: why Take back is not offered
    now (a catalog key; ``None``: it is); ``hint``: whether a hint can be asked for;
    ``hint_note``: the hint's sentence, shown while no other note is."""
    note = c.message or hint_note
    said = c.spoken + ("\u2060" if c.said % 2 else "")  # the same sentence again is new text
    return [
        Root("message", {"class": "message alert" if c.message and c.alert else "message",
                         "hidden": not note}, [txt(note)]),
        Root("announce", children=[txt(said)]),
        Root("menu", {"data-open": c.menu_open}),
        Root("btn-menu", {"aria-expanded": "true" if c.menu_open else "false"}),
        Root("loading", {"hidden": c.ready}),
        Root("page-body", {"class": " ".join(
            [*([] if c.ready else ["booting"]),
             *([("puzzle-only" if c.showing == PUZZLE else "lesson-only")]
               if c.lesson_only else [])])
            or None}),
        *(Root(ident, {"disabled": not c.ready}) for ident in NEEDS_PYTHON),
        Root("offer", {"hidden": not c.offer}),
        Root("btn-takeback", {"aria-disabled": "true" if takeback else "false",
                              "title": t(takeback) if takeback else None,
                              "aria-description": t(takeback) if takeback else None}),
        Root("btn-hint", {"aria-disabled": "false" if hint else "true"}),
        Root("btn-sound", {"aria-pressed": "true" if sound else "false"}),
        Root("share-url", {"value": c.share_url}),
    ]


__all__ = ["NEEDS_PYTHON", "PAGE_KEYS", "chrome", "key_help", "labels", "language_choice",
           "pace_choices", "settings", "theme_choices"]
