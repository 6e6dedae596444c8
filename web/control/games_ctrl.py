"""Games and settings: a new game (its form), a rematch, resuming the saved game, a game
record exported or imported, and the menu with its settings (pace, sound, the rules).

The controller holds one :class:`GamesControl` (``ctl.games``). Offers :meth:`close_menu`,
:meth:`set_pace` and its buttons' handlers. Uses the session, the preferences, the
dialogs, the motion, the sound and ``new_game``/``set_session``/``autosave``/``save_prefs``
/``message``/``focus_play``/``spawn``.
"""

from __future__ import annotations

from tacocat import RecordError, TacocatError
from web.control.input_ctrl import Feature
from web.formats.prefs import parse_seed
from web.i18n.catalog import t
from web.model.session import MODE_AI, MODE_WATCH, Session
from web.model.text import sentence
from web.platform.dom import apply_theme, by_id, focus, query
from web.platform.files import download, read_text


class GamesControl(Feature):
    # -- games ----------------------------------------------------------------------------------
    def do_rematch(self, _arg) -> None:
        ctl = self.ctl
        s = ctl.session
        ctl.new_game(mode=s.mode, level=s.level, human=s.human, save=s.mode != MODE_WATCH)
        ctl.focus_play()

    def do_new(self, _arg) -> None:
        s = self.ctl.session
        self.ctl.dialogs.open_new(s.mode, s.level, s.human, self.ctl.prefs.pace)

    def do_new_cancel(self, _arg) -> None:
        self.ctl.dialogs.close("dlg-new")

    def do_new_start(self, _arg) -> None:
        ctl = self.ctl
        chosen = ctl.dialogs.chosen()
        seed = parse_seed(chosen["seed"])
        ctl.dialogs.close("dlg-new")
        mode = chosen["mode"]
        ctl.prefs.update({"level": chosen["level"], "human": chosen["human"]})
        if mode != MODE_WATCH:  # watching is a one-off, not the next visit's default
            ctl.prefs.mode = mode
        else:
            self.set_pace(chosen["pace"])
        ctl.save_prefs()
        ctl.new_game(seed=seed, mode=mode, level=chosen["level"], human=chosen["human"],
                     save=mode != MODE_WATCH)
        if chosen["seed"] and seed is None:
            ctl.message(t("seed.invalid", seed=chosen["seed"]), alert=True)
        ctl.focus_play()

    def do_resume_yes(self, _arg) -> None:
        ctl = self.ctl
        ctl.dialogs.close("dlg-resume")
        saved, ctl.pending_resume = ctl.pending_resume, None
        if saved is not None:
            ctl.set_session(saved)
        ctl.focus_play()

    def do_resume_no(self, _arg) -> None:
        ctl = self.ctl
        ctl.dialogs.close("dlg-resume")
        ctl.pending_resume = None
        ctl.autosave()
        ctl.focus_play()

    # -- records --------------------------------------------------------------------------------
    def do_export(self, _arg) -> None:
        s = self.ctl.session
        name = f"tacocat-{s.game.seed}-{len(s.game.history)}.json"
        download(s.record_json(), name)
        self.ctl.message(t("export.done", file=name))

    def do_import(self, _arg) -> None:
        node = by_id("import-file")
        node.value = ""
        node.click()

    def on_import(self, _event) -> None:
        files = by_id("import-file").files
        if files.length:
            self.ctl.spawn(self.import_file(files.item(0)))

    async def import_file(self, file) -> None:
        ctl = self.ctl
        s = ctl.session
        mode = s.mode if s.mode != MODE_WATCH else MODE_AI
        try:
            text = await read_text(file)
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

    def on_pace(self, _event) -> None:
        self.set_pace(str(by_id("pace").value))
        self.ctl.save_prefs()

    def on_theme(self, _event) -> None:
        """Light, dark or the device's choice; kept in the preferences (index.html's first
        script applies the stored one before the page is drawn)."""
        self.ctl.prefs.update({"theme": str(by_id("theme").value)})
        apply_theme(self.ctl.prefs.theme)
        self.ctl.save_prefs()

    def do_sound(self, _arg) -> None:
        ctl = self.ctl
        ctl.sound.enabled = not ctl.sound.enabled
        ctl.prefs.sound = ctl.sound.enabled
        ctl.save_prefs()
        ctl.render()
        ctl.sound.play("card")

    def do_menu(self, _arg) -> None:
        menu, toggle = by_id("menu"), by_id("btn-menu")
        if menu.hasAttribute("data-open"):
            self.close_menu()
            return
        menu.setAttribute("data-open", "")
        toggle.setAttribute("aria-expanded", "true")
        focus(query("#menu button, #menu select"))

    @staticmethod
    def close_menu() -> None:
        by_id("menu").removeAttribute("data-open")
        by_id("btn-menu").setAttribute("aria-expanded", "false")

    def do_rules(self, _arg) -> None:
        rules = by_id("rules")
        rules.open = True
        summary = rules.querySelector("summary")
        summary.scrollIntoView()
        focus(summary)


__all__ = ["GamesControl"]
