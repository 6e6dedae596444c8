"""The page's few modal dialogs: passing the device (hot-seat), resuming a saved game and
starting a new one. Round results are not dialogs (see :mod:`web.views.result`)."""

from __future__ import annotations

from tacocat import SEATS, WOW

from ..dom import by_id, clear, el, on, query_all
from ..i18n import t
from ..session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, MODES, PACES


def fill_paces(select, current: int) -> None:
    """The pace choices (one list: :data:`web.session.PACES`)."""
    clear(select)
    for pace in PACES:
        select.append(el("option", "", t(f"pace.{pace}"), value=pace,
                         selected=pace == current))


class Dialogs:
    def __init__(self, levels: tuple[str, ...]) -> None:
        self.levels = levels
        for name in ("dlg-pass", "dlg-resume"):
            on(by_id(name), "cancel", lambda e: e.preventDefault())
        for mode in MODES:
            on(by_id(f"mode-{mode}"), "change", lambda _e: self._mode_changed())

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

    def ask_pass(self, seat: int, takeback_for: int | None = None) -> None:
        """Hand the device to ``seat``; ``takeback_for``: the player who just moved may
        take that move back if ``seat`` agrees."""
        name = t(f"seat.{SEATS[seat]}")
        by_id("pass-title").textContent = t("pass.title", seat=name)
        by_id("pass-body").textContent = t("pass.body", seat=name)
        button = by_id("pass-show")
        button.textContent = t("pass.show", seat=name)
        button.dataset.arg = str(seat)
        undo = by_id("pass-takeback")
        undo.hidden = takeback_for is None
        if takeback_for is not None:
            undo.textContent = t("pass.takeback", seat=t(f"seat.{SEATS[takeback_for]}"))
        self.show("dlg-pass")

    def offer_resume(self, rounds: int, moves: int) -> None:
        by_id("resume-body").textContent = t("resume.body", round=rounds, moves=moves)
        self.show("dlg-resume")

    # -- the New game form ------------------------------------------------------------------
    def render_levels(self, current: str) -> None:
        box = by_id("levels")
        clear(box)
        for level in self.levels:
            label = el("label", "choice")
            label.append(el("input", "", None, type="radio", name="level", id=f"level-{level}",
                            value=level, checked=level == current))
            label.append(el("span", "", t(f"level.{level}")))
            box.append(label)

    def open_new(self, mode: str, level: str, human: int, pace: int) -> None:
        by_id("new-form").reset()
        by_id(f"mode-{mode}").checked = True
        self.render_levels(level if level in self.levels else self.levels[0])
        by_id("seat-wow" if human == WOW else "seat-yay").checked = True
        fill_paces(by_id("new-pace"), pace)
        self._mode_changed()
        self.close_all()
        self.show("dlg-new")

    def _mode_changed(self) -> None:
        mode = self.chosen_mode()
        by_id("seat-set").hidden = mode != MODE_AI
        by_id("level-set").hidden = mode == MODE_HOTSEAT
        by_id("pace-set").hidden = mode != MODE_WATCH

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
