"""Games and settings: a new game (its form), a rematch, resuming the saved game, a game
record exported or imported, and the menu with its settings (pace, theme, language,
sound, the rules).

The controller holds one :class:`GamesControl` (``ctl.games``). Offers :meth:`close_menu`,
:meth:`set_pace`, :meth:`offer_resume` and its buttons' handlers. Uses the session, the
preferences, the page state around the table (``ctl.chrome``), the page's dialogs and
actions, the motion, the sound and ``new_game``/``set_session``/``autosave``/
``save_prefs``/``message``/``focus``/``focus_play``/``relabel``/``spawn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat import WOW, RecordError, TacocatError
from web.formats.prefs import parse_seed
from web.i18n.catalog import set_language, t
from web.model import levels
from web.model.session import MODE_AI, MODE_WATCH, MODES, PACES, Session
from web.model.text import sentence
from web.views.dialog_view import new_game_form, resume_dialog

if TYPE_CHECKING:
    from web.control.feature_hosts import GamesHost

FIRST_IN_MENU = "btn-new"  # the menu's first control (index.html), where opening it puts focus


class GamesControl:
    def __init__(self, ctl: GamesHost) -> None:
        self.ctl = ctl

    # -- games ----------------------------------------------------------------------------------
    def do_rematch(self, _arg) -> None:
        ctl = self.ctl
        s = ctl.session
        ctl.new_game(mode=s.mode, level=s.level, human=s.human, save=s.mode != MODE_WATCH)
        ctl.focus_play()

    def do_new(self, _arg) -> None:
        s = self.ctl.session
        level = s.level if s.level in levels.LEVELS else levels.LEVELS[0]
        self.ctl.page.close_all()
        self.ctl.painter.draw(new_game_form(levels.LEVELS, s.mode, level, s.human,
                                            self.ctl.prefs.pace))
        self.ctl.page.show("dlg-new")

    def on_mode(self, mode: str) -> None:
        """The New game form shows the choices the chosen mode has."""
        s = self.ctl.session
        self.ctl.painter.draw(new_game_form(levels.LEVELS, mode, s.level, s.human,
                                            self.ctl.prefs.pace))

    def do_new_cancel(self, _arg) -> None:
        self.ctl.page.close("dlg-new")

    def do_new_start(self, _arg) -> None:
        ctl = self.ctl
        form = ctl.page.new_game_form()
        mode = form.mode if form.mode in MODES else MODE_AI
        level = form.level if form.level in levels.LEVELS else levels.LEVELS[0]
        human = WOW if form.seat == str(WOW) else 0
        seed = parse_seed(form.seed)
        ctl.page.close("dlg-new")
        ctl.prefs.update({"level": level, "human": human})
        if mode != MODE_WATCH:  # watching is a one-off, not the next visit's default
            ctl.prefs.mode = mode
        else:
            self.set_pace(form.pace if form.pace else PACES[2])
        ctl.save_prefs()
        ctl.new_game(seed=seed, mode=mode, level=level, human=human, save=mode != MODE_WATCH)
        if form.seed and seed is None:
            ctl.message(t("seed.invalid", seed=form.seed), alert=True)
        ctl.focus_play()

    def offer_resume(self, rounds: int, moves: int) -> None:
        self.ctl.painter.draw(resume_dialog(rounds, moves))
        self.ctl.page.show("dlg-resume")

    def do_resume_yes(self, _arg) -> None:
        ctl = self.ctl
        ctl.page.close("dlg-resume")
        saved, ctl.pending_resume = ctl.pending_resume, None
        if saved is not None:
            ctl.set_session(saved)
        ctl.focus_play()

    def do_resume_no(self, _arg) -> None:
        ctl = self.ctl
        ctl.page.close("dlg-resume")
        ctl.pending_resume = None
        ctl.autosave()
        ctl.focus_play()

    # -- records --------------------------------------------------------------------------------
    def do_export(self, _arg) -> None:
        s = self.ctl.session
        name = f"tacocat-{s.game.seed}-{len(s.game.history)}.json"
        self.ctl.page.download(s.record_json(), name)
        self.ctl.message(t("export.done", file=name))

    def do_import(self, _arg) -> None:
        self.ctl.page.pick_file()  # the file comes back as the page's picked()

    def picked(self, reading) -> None:
        self.ctl.tasks.spawn(self.import_file(reading))

    async def import_file(self, reading) -> None:
        ctl = self.ctl
        s = ctl.session
        mode = s.mode if s.mode != MODE_WATCH else MODE_AI
        try:
            text = await reading
            session = Session.from_record_text(text, mode=mode, level=s.level, human=s.human)
        except (TacocatError, ValueError, TypeError, KeyError, AttributeError,
                RecursionError, OverflowError, MemoryError) as exc:
            detail = str(exc) if isinstance(exc, RecordError) else t("import.malformed")
            ctl.message(t("import.error", error=sentence(detail)), alert=True)
            return
        ctl.set_session(session)
        ctl.autosave()
        ctl.message(t("import.ok", round=session.game.round, moves=len(session.game.history)))

    # -- settings and the menu ------------------------------------------------------------------
    def set_pace(self, pace: int | str) -> None:
        self.ctl.prefs.update({"pace": pace})
        self.ctl.motion.set_pace(self.ctl.prefs.pace)

    def on_pace(self, pace: str) -> None:
        self.set_pace(pace)
        self.ctl.save_prefs()

    def on_theme(self, theme: str) -> None:
        """Light, dark or the device's choice; kept in the preferences (index.html's first
        script applies the stored one before the page is drawn)."""
        self.ctl.prefs.update({"theme": theme})
        self.ctl.page.theme(self.ctl.prefs.theme)
        self.ctl.save_prefs()

    def on_language(self, code: str) -> None:
        """Another language: kept on this device and in the URL, every word drawn again."""
        set_language(self.ctl.page.language(code))
        self.ctl.relabel()

    def do_sound(self, _arg) -> None:
        ctl = self.ctl
        ctl.sound.enabled = not ctl.sound.enabled
        ctl.prefs.sound = ctl.sound.enabled
        ctl.save_prefs()
        ctl.draw_chrome()
        ctl.sound.play("card")

    def do_menu(self, _arg) -> None:
        if self.ctl.chrome.menu_open:
            self.close_menu()
            return
        self.ctl.chrome.menu_open = True
        self.ctl.draw_chrome()
        self.ctl.focus(FIRST_IN_MENU)

    def close_menu(self) -> None:
        if self.ctl.chrome.menu_open:
            self.ctl.chrome.menu_open = False
            self.ctl.draw_chrome()

    def do_rules(self, _arg) -> None:
        self.ctl.page.reveal("rules")


__all__ = ["GamesControl"]
