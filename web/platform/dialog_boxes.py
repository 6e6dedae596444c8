"""The page's modal dialogs as the browser has them: open, close, which is open, and what
the New game form's controls say. What a dialog shows is drawn by :mod:`web.views.dialog_view`
through the painter (``draw``), like every other region."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tacocat import WOW
from web.model.session import MODE_AI, MODES, PACES
from web.model.takeback import PassOffer
from web.platform.dom import by_id, on, query_all
from web.render.vdom import Root
from web.views.dialog_view import level_choices, mode_sets, pace_choices, pass_dialog, resume_dialog


class Dialogs:
    def __init__(self, levels: tuple[str, ...], draw: Callable[[Iterable[Root]], None]) -> None:
        self.levels = levels
        self.draw = draw
        for name in ("dlg-pass", "dlg-resume"):
            on(by_id(name), "cancel", lambda e: e.preventDefault())
        for mode in MODES:
            on(by_id(f"mode-{mode}"), "change", lambda _e: self.draw(mode_sets(self.chosen_mode())))

    @staticmethod
    def show(name: str) -> None:
        node = by_id(name)
        if not node.open:
            node.showModal()

    @staticmethod
    def close(name: str) -> None:
        node = by_id(name)
        if node.open:
            node.close()

    @staticmethod
    def close_all() -> None:
        for node in query_all("dialog[open]"):
            node.close()

    @staticmethod
    def any_open() -> bool:
        return bool(query_all("dialog[open]"))

    def ask_pass(self, seat: int, offer: PassOffer) -> None:
        self.draw(pass_dialog(seat, offer))
        self.show("dlg-pass")

    def offer_resume(self, rounds: int, moves: int) -> None:
        self.draw(resume_dialog(rounds, moves))
        self.show("dlg-resume")

    # -- the New game form ------------------------------------------------------------------
    def open_new(self, mode: str, level: str, human: int, pace: int) -> None:
        level = level if level in self.levels else self.levels[0]
        self.draw([*level_choices(self.levels, level), *pace_choices("new-pace", pace)])
        form = by_id("new-form")
        form.reset()  # every control back to what the page (and the trees) say it is
        by_id(f"mode-{mode}").checked = True
        by_id("seat-wow" if human == WOW else "seat-yay").checked = True
        for node in query_all("#levels input"):
            node.checked = node.value == level
        by_id("new-pace").value = str(pace)
        self.draw(mode_sets(mode))
        self.close_all()
        self.show("dlg-new")

    @staticmethod
    def chosen_mode() -> str:
        return next((m for m in MODES if by_id(f"mode-{m}").checked), MODE_AI)

    def chosen(self) -> dict:
        """What the New game form says: mode, level, seat, pace and the seed text."""
        level = next((lv for lv in self.levels if by_id(f"level-{lv}").checked), self.levels[0])
        return {"mode": self.chosen_mode(), "level": level,
                "human": WOW if by_id("seat-wow").checked else 0,
                "pace": int(by_id("new-pace").value or PACES[2]),
                "seed": str(by_id("new-seed").value).strip()}


__all__ = ["Dialogs"]
