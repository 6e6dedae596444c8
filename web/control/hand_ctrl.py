"""The player's hand and turn: choosing cards, confirming, sacrificing, the hint, take
back (and the hot-seat hand-over that can grant it), and the round result's Continue.

The controller holds one :class:`HandControl` (``ctl.hand``). Offers :meth:`acting_seat`,
:meth:`play_focused` (Enter on a card), :meth:`ask_pass` (the hand-over) and its buttons'
handlers. Uses the session (or the lesson's: :meth:`playing`), the page state, the move
pipeline (``ctl.moves``), the page's dialogs and ``render``/``message``/``announce``/
``focus``/``focus_play``/``autosave``/``set_session``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat import Action
from tacocat.actions import ATTACK, REPLACE
from tacocat.moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE
from web.i18n.catalog import t
from web.model import levels
from web.model.chrome import LESSON, PUZZLE, REPLAY
from web.model.session import MODE_AI, MODE_HOTSEAT, hand_indices
from web.model.takeback import PassOffer, pass_offer, takeback, taken_back
from web.views.dialog_view import pass_dialog

if TYPE_CHECKING:
    from web.control.feature_hosts import HandHost


class HandControl:
    def __init__(self, ctl: HandHost) -> None:
        self.ctl = ctl

    def playing(self):
        """The session the hand plays in: a lesson's or a puzzle's, else the game's (never
        a replay's)."""
        showing = self.ctl.chrome.showing
        if showing == LESSON:
            return self.ctl.lessons.run.session
        if showing == PUZZLE:
            return self.ctl.puzzles.run.session
        return self.ctl.session

    def acting_seat(self) -> int | None:
        ctl = self.ctl
        showing = ctl.chrome.showing
        if showing == REPLAY or (showing == LESSON and ctl.lessons.run.done) or \
                (showing == PUZZLE and ctl.puzzles.run.over):
            return None
        s = self.playing()
        seat = ctl.ui.viewer
        if seat is None or s.is_computer(seat) or not s.owes(seat) or s.result_pending:
            return None
        return seat

    def play_tapped(self, seat: int, action: Action) -> None:
        """A player's move: the tapped control answers in the next frame, the move is made
        right after that paint (web/control/move_flow.py). A lesson's move is judged at once:
        its feedback is the answer."""
        moves = self.ctl.moves
        node = self.ctl.take_tapped()
        if self.ctl.chrome.showing == LESSON:
            moves.play(seat, action)
            return
        moves.play_tapped(seat, action, node)

    def play_focused(self) -> bool:
        """Enter on a card while attacking: attack with it alone, or with the selection.
        (In the other steps Enter is the card's own click: play it, or select it.)"""
        seat = self.acting_seat()
        if seat is None or self.playing().game.phase != PHASE_ATTACK:
            return False
        if not self.ctl.ui.selected:
            self.ctl.ui.selected = {self.ctl.ui.focus}
        self.do_confirm(None)
        return True

    # -- choosing and playing cards ----------------------------------------------------------
    def do_card(self, arg: str) -> None:
        ctl = self.ctl
        index = int(arg)
        ctl.ui.focus = index
        seat = self.acting_seat()
        if seat is None:
            ctl.message(t("reason.not.turn"))
            return
        obs = self.playing().game.observation(seat)
        if index >= len(obs.hand):
            return
        value = obs.hand[index]
        if obs.phase == PHASE_DUEL:
            self.play_tapped(seat, Action.duel(value))
        elif obs.phase == PHASE_DEFEND:
            self.play_tapped(seat, Action.defend(value))
        else:
            ctl.ui.selected ^= {index}
            ctl.ui.hint = None
            ctl.render()
            ctl.focus(f"card-{index}")

    def do_confirm(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        obs = self.playing().game.observation(seat)
        cards = sorted(obs.hand[i] for i in self.ctl.ui.selected if i < len(obs.hand))
        if obs.phase == PHASE_REPLACE:
            self.play_tapped(seat, Action.replace(*cards))
        elif obs.phase == PHASE_ATTACK and cards:
            self.play_tapped(seat, Action.attack(*cards))

    def do_clear(self, _arg) -> None:
        self.ctl.ui.selected.clear()
        self.ctl.render()
        self.ctl.focus_play()

    def do_sacrifice(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is not None:
            self.play_tapped(seat, Action.sacrifice())

    def do_hint(self, _arg) -> None:
        ctl = self.ctl
        if ctl.chrome.showing == PUZZLE:  # the puzzle's own two-step hint
            ctl.puzzles.do_hint(_arg)
            return
        seat = self.acting_seat()
        if seat is None:
            ctl.message(t("hint.none"))
            return
        obs = self.playing().game.observation(seat)
        hint = levels.hint(obs, seed=len(self.playing().game.history))
        ctl.chrome.note("")  # the hint's sentence takes the note (web/views/hint_view.py)
        ctl.ui.hint = hint
        if hint.action.kind in (REPLACE, ATTACK):
            ctl.ui.selected = hand_indices(obs.hand, hint.action.cards)
        ctl.render()
        ctl.draw_chrome()

    # -- take back ------------------------------------------------------------------------------
    def do_takeback(self, _arg) -> None:
        ctl = self.ctl
        s = ctl.session
        if s.mode != MODE_AI:
            return
        moves, reason = takeback(s, s.human)
        if not moves:
            ctl.message(t(reason))
            return
        ctl.set_session(taken_back(s, moves))
        ctl.autosave()
        ctl.message(t("takeback.done"))
        ctl.announce(t("takeback.done"))
        ctl.focus_play()

    def do_pass_takeback(self, _arg) -> None:
        """On the pass screen the other player agrees: the last move goes, and the device
        goes back to the player who made it (the policy decides again: a stale or forged
        press changes nothing)."""
        ctl = self.ctl
        s = ctl.session
        owing = [p for p in s.game.to_act() if s.owes(p)]
        offer = pass_offer(s, owing[0]) if owing and s.mode == MODE_HOTSEAT else None
        if offer is None or offer.seat is None:
            return
        ctl.page.close("dlg-pass")
        back = taken_back(s, takeback(s, offer.seat).moves, granted_by=owing[0])
        ctl.set_session(back, hand_over=True)
        ctl.autosave()
        ctl.message(t("takeback.done"))

    def ask_pass(self, seat: int, offer: PassOffer) -> None:
        """Hand the device to ``seat`` (the dialog says whether the last move may be taken
        back, and why not)."""
        self.ctl.painter.draw(pass_dialog(seat, offer))
        self.ctl.page.show("dlg-pass")

    # -- between rounds, hot-seat -------------------------------------------------------------
    def do_continue(self, _arg) -> None:
        ctl = self.ctl
        if ctl.session.result_pending:  # the button answers first, the deal follows
            ctl.moves.answer_first(self._continue, ctl.take_tapped())

    def _continue(self) -> None:
        ctl = self.ctl
        s = ctl.session
        if not s.result_pending:
            return
        ctl.moves.land_now()
        s.next_round()
        ctl.ui.focus = 0
        # like a move (web/control/move_flow.py): the tap's task draws the new round, then (after
        # a pointer's tap) the focus and the deal; Take back waits for the next paint
        deferred = ctl.by_pointer
        ctl.render(refocus=False)
        if not deferred:
            ctl.focus_play()
        ctl.moves.land_later(ctl.motion.deal, self._dealt, refocus=deferred)

    def _dealt(self, _took: float) -> None:
        self.ctl.advance(render=False)

    def do_pass_show(self, arg: str) -> None:
        ctl = self.ctl
        ctl.page.close("dlg-pass")
        ctl.session.granted_by = None  # the device has been handed over
        ctl.ui.viewer = int(arg)
        ctl.ui.selected.clear()
        ctl.ui.focus = 0
        ctl.advance()
        ctl.interacted = True
        ctl.focus_play()


__all__ = ["HandControl"]
