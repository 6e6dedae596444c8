"""What each button and key does (``data-act="name"`` → ``do_name``): choosing cards,
confirming, take back, the round result, hot-seat hand-over, new game, resume, hint,
import/export, the menu — and the click and key handlers that dispatch to them.

A mixin of :class:`web.controller.Controller`, which provides the session, the page state
and the flow (``play``, ``advance``, ``render``); kept apart so each file stays small.
"""

from __future__ import annotations

from tacocat import SEATS, Action, RecordError, TacocatError
from tacocat.actions import ATTACK, REPLACE

from . import keys, players
from .analysing import Analysing
from .dom import active_element, by_id, focus, py, query, set_attr
from .i18n import has, t
from .learning import Learning
from .prefs import parse_seed
from .records import download, read_text
from .review import REPLAY_KEYS, Review
from .session import MODE_AI, MODE_HOTSEAT, MODE_WATCH, Session
from .takeback import PassOffer, pass_offer, takeback, taken_back
from .text import Words, cards_text, sentence


def _indices(hand, cards) -> set[int]:
    wanted = list(cards)
    out = set()
    for i, v in enumerate(hand):
        if v in wanted:
            wanted.remove(v)
            out.add(i)
    return out


class Commands(Review, Learning, Analysing):
    # -- the hand ---------------------------------------------------------------------------
    def playing(self):
        """The session the hand plays in: a lesson's, else the game's (never a replay's)."""
        return self.lesson.session if self.lesson is not None else self.session

    def acting_seat(self) -> int | None:
        if self.replay is not None or (self.lesson is not None and self.lesson.done):
            return None
        s = self.playing()
        seat = self.ui.viewer
        if seat is None or s.is_computer(seat) or not s.owes(seat) or s.result_pending:
            return None
        return seat

    def play_tapped(self, seat: int, action: Action) -> None:
        """A player's move: the tapped control answers in the next frame, the move is made
        right after that paint (web/turns.py). A lesson's move is judged at once: its
        feedback is the answer."""
        node = self.take_tapped()
        if self.lesson is not None:
            self.play(seat, action)
            return
        self.answer_first(lambda: self.play(seat, action), node)

    def take_tapped(self):
        """The control this input came through (once: a later, programmatic move has none)."""
        node, self.tapped = self.tapped, None
        return node

    def do_card(self, arg: str) -> None:
        index = int(arg)
        self.ui.focus = index
        seat = self.acting_seat()
        if seat is None:
            self.message(t("reason.not.turn"))
            return
        obs = self.playing().game.observation(seat)
        if index >= len(obs.hand):
            return
        value = obs.hand[index]
        if obs.phase == "duel":
            self.play_tapped(seat, Action.duel(value))
        elif obs.phase == "defend":
            self.play_tapped(seat, Action.defend(value))
        else:
            self.ui.selected ^= {index}
            self.ui.hint = None
            self.render()
            focus(self.hand.cards()[index] if index < len(self.hand.cards()) else None)

    def play_focused(self) -> bool:
        """Enter on a card while attacking: attack with it alone, or with the selection.
        (In the other steps Enter is the card's own click: play it, or select it.)"""
        seat = self.acting_seat()
        if seat is None or self.playing().game.phase != "attack":
            return False
        if not self.ui.selected:
            self.ui.selected = {self.ui.focus}
        self.do_confirm(None)
        return True

    def do_confirm(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        obs = self.playing().game.observation(seat)
        cards = sorted(obs.hand[i] for i in self.ui.selected if i < len(obs.hand))
        if obs.phase == "replace":
            self.play_tapped(seat, Action.replace(*cards))
        elif obs.phase == "attack" and cards:
            self.play_tapped(seat, Action.attack(*cards))

    def do_clear(self, _arg) -> None:
        self.ui.selected.clear()
        self.render()
        self.focus_play()

    def do_sacrifice(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is not None:
            self.play_tapped(seat, Action.sacrifice())

    def do_hint(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is None:
            self.message(t("hint.none"))
            return
        obs = self.playing().game.observation(seat)
        h = players.hint(obs, seed=len(self.playing().game.history))
        if h.key and has(h.key):
            params = {k: cards_text(v) if isinstance(v, (tuple, list)) else v
                      for k, v in h.params.items()}
            reason = t(h.key, **params)
            if "win" in params:
                reason += " " + t("hint.win", win=params["win"])
        else:
            reason = h.reason
        words = Words(self.session.mode, self.session.human)
        self.message(t("hint.text", action=words.action(h.action, obs.hand), reason=reason))
        self.ui.hint = h.action
        if h.action.kind in (REPLACE, ATTACK):
            self.ui.selected = _indices(obs.hand, h.action.cards)
        self.render()

    def render_takeback(self) -> None:
        """The Take back button: enabled, or disabled with the reason (the policy's)."""
        s = self.session
        if self.replay is not None or self.lesson is not None:
            reason = "replay.active"
        elif s.mode == MODE_AI:
            reason = takeback(s, s.human).reason
        else:
            reason = "takeback.hotseat" if s.mode == MODE_HOTSEAT else "takeback.watch"
        button = by_id("btn-takeback")
        button.setAttribute("aria-disabled", "true" if reason else "false")
        for attr in ("title", "aria-description"):
            set_attr(button, attr, t(reason) if reason else None)

    def do_takeback(self, _arg) -> None:
        s = self.session
        if s.mode != MODE_AI:
            return
        moves, reason = takeback(s, s.human)
        if not moves:
            self.message(t(reason))
            return
        self.set_session(taken_back(s, moves))
        self.autosave()
        self.message(t("takeback.done"))
        self.announce(t("takeback.done"))
        self.focus_play()

    def do_pass_takeback(self, _arg) -> None:
        """On the pass screen the other player agrees: the last move goes, and the device
        goes back to the player who made it (the policy decides again: a stale or forged
        press changes nothing)."""
        s = self.session
        owing = [p for p in s.game.to_act() if s.owes(p)]
        offer = pass_offer(s, owing[0]) if owing and s.mode == MODE_HOTSEAT else None
        if offer is None or offer.seat is None:
            return
        self.dialogs.close("dlg-pass")
        back = taken_back(s, takeback(s, offer.seat).moves, granted_by=owing[0])
        self.set_session(back, hand_over=True)
        self.autosave()
        self.message(t("takeback.done"))

    def pass_note(self, offer: PassOffer) -> None:
        """The pass screen says why the last move may not be taken back (if it may not)."""
        node = by_id("pass-note")
        node.hidden = offer.reason is None
        node.textContent = "" if offer.reason is None else \
            t(offer.reason, seat=t(f"seat.{SEATS[offer.refused]}"))

    # -- between rounds, hot-seat -------------------------------------------------------------
    def do_continue(self, _arg) -> None:
        if self.session.result_pending:  # the button answers first, the deal follows
            self.answer_first(self._continue, self.take_tapped())

    def _continue(self) -> None:
        s = self.session
        if not s.result_pending:
            return
        self.land_now()
        s.next_round()
        self.ui.focus = 0
        # like a move (web/turns.py): the tap's task draws the new round; the focus (after a
        # pointer's tap) and the deal wait for the next frame, Take back for after its paint
        deferred = self.by_pointer
        self.render(takeback=False, refocus=False)
        if not deferred:
            self.focus_play()
        self.land_later(self.motion.deal, self._dealt, refocus=deferred)

    def _dealt(self, _took: float) -> None:
        self.render_takeback()
        self.advance(render=False)

    def do_pass_show(self, arg: str) -> None:
        self.dialogs.close("dlg-pass")
        self.session.granted_by = None  # the device has been handed over
        self.ui.viewer = int(arg)
        self.ui.selected.clear()
        self.ui.focus = 0
        self.advance()
        self.interacted = True
        self.focus_play()

    # -- games ----------------------------------------------------------------------------------
    def do_rematch(self, _arg) -> None:
        s = self.session
        self.new_game(mode=s.mode, level=s.level, human=s.human, save=s.mode != MODE_WATCH)
        self.focus_play()

    def do_new(self, _arg) -> None:
        s = self.session
        self.dialogs.open_new(s.mode, s.level, s.human, self.prefs.pace)

    def do_new_cancel(self, _arg) -> None:
        self.dialogs.close("dlg-new")

    def do_new_start(self, _arg) -> None:
        chosen = self.dialogs.chosen()
        seed = parse_seed(chosen["seed"])
        self.dialogs.close("dlg-new")
        mode = chosen["mode"]
        self.prefs.update({"level": chosen["level"], "human": chosen["human"]})
        if mode != MODE_WATCH:  # watching is a one-off, not the next visit's default
            self.prefs.mode = mode
        else:
            self.set_pace(chosen["pace"])
        self.save_prefs()
        self.new_game(seed=seed, mode=mode, level=chosen["level"], human=chosen["human"],
                      save=mode != MODE_WATCH)
        if chosen["seed"] and seed is None:
            self.message(t("seed.invalid", seed=chosen["seed"]), alert=True)
        self.focus_play()

    def do_resume_yes(self, _arg) -> None:
        self.dialogs.close("dlg-resume")
        saved, self.pending_resume = self.pending_resume, None
        if saved is not None:
            self.set_session(saved)
        self.focus_play()

    def do_resume_no(self, _arg) -> None:
        self.dialogs.close("dlg-resume")
        self.pending_resume = None
        self.autosave()
        self.focus_play()

    # -- records --------------------------------------------------------------------------------
    def do_export(self, _arg) -> None:
        s = self.session
        name = f"tacocat-{s.game.seed}-{len(s.game.history)}.json"
        download(s.record_json(), name)
        self.message(t("export.done", file=name))

    def do_import(self, _arg) -> None:
        node = by_id("import-file")
        node.value = ""
        node.click()

    def on_import(self, _event) -> None:
        files = by_id("import-file").files
        if files.length:
            self.spawn(self.import_file(files.item(0)))

    async def import_file(self, file) -> None:
        s = self.session
        mode = s.mode if s.mode != MODE_WATCH else MODE_AI
        try:
            text = await read_text(file)
            session = Session.from_record_text(text, mode=mode, level=s.level, human=s.human)
        except (TacocatError, ValueError, TypeError, KeyError, AttributeError,
                RecursionError, OverflowError, MemoryError) as exc:
            detail = str(exc) if isinstance(exc, RecordError) else t("import.malformed")
            self.message(t("import.error", error=sentence(detail)), alert=True)
            return
        self.set_session(session)
        self.autosave()
        self.message(t("import.ok", round=session.game.round, moves=len(session.game.history)))

    # -- settings and the menu ------------------------------------------------------------------
    def set_pace(self, pace: int) -> None:
        self.prefs.update({"pace": pace})
        self.motion.set_pace(self.prefs.pace)

    def on_pace(self, _event) -> None:
        self.set_pace(str(by_id("pace").value))
        self.save_prefs()

    def do_sound(self, _arg) -> None:
        self.sound.enabled = not self.sound.enabled
        self.prefs.sound = self.sound.enabled
        self.save_prefs()
        self.render()
        self.sound.play("card")

    def do_menu(self, _arg) -> None:
        menu, toggle = by_id("menu"), by_id("btn-menu")
        if menu.hasAttribute("data-open"):
            self.close_menu()
            return
        menu.setAttribute("data-open", "")
        toggle.setAttribute("aria-expanded", "true")
        focus(query("#menu button, #menu select"))

    def close_menu(self) -> None:
        by_id("menu").removeAttribute("data-open")
        by_id("btn-menu").setAttribute("aria-expanded", "false")

    def do_rules(self, _arg) -> None:
        rules = by_id("rules")
        rules.open = True
        summary = rules.querySelector("summary")
        summary.scrollIntoView()
        focus(summary)

    # -- input: clicks and keys -----------------------------------------------------------------
    def on_pointer(self, _event) -> None:
        self.interacted = True
        self.by_pointer = True
        self.sound.warm()

    def on_click(self, event) -> None:
        self.interacted = True
        self.land_now()  # a move still in flight settles first: input meets a settled page
        target = py(event.target.closest("[data-act]")) if hasattr(event.target, "closest") \
            else None
        inside_menu = hasattr(event.target, "closest") and \
            py(event.target.closest("#menu")) is not None
        if by_id("menu").hasAttribute("data-open") and (
                (target is not None and target.id != "btn-menu") or
                (target is None and not inside_menu)):
            self.close_menu()
        if target is None:
            return
        act = str(target.getAttribute("data-act"))
        arg = py(target.getAttribute("data-arg"))
        if target.getAttribute("aria-disabled") == "true":
            reason = py(target.getAttribute("title"))
            if reason:
                self.message(reason)
            return
        handler = getattr(self, f"do_{act.replace('-', '_')}", None)
        if handler is not None:
            self.tapped = target  # what answers a move at once (web/turns.py answer_first)
            try:
                handler(arg)
            finally:
                self.tapped = None

    def on_key(self, event) -> None:
        self.interacted = True
        self.by_pointer = False
        self.land_now()
        self.sound.warm()
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        if key == "Escape" and by_id("menu").hasAttribute("data-open"):
            # from any control in the menu too (the pace and language selects are
            # typing targets, which the letter keys below must leave alone)
            event.preventDefault()
            self.close_menu()
            focus(by_id("btn-menu"))
            return
        if keys.typing(event.target):
            return
        if self.dialogs.any_open():
            return
        if self.replay is not None:
            step = REPLAY_KEYS.get(key)
            if step is not None:
                event.preventDefault()
                (self.do_replay_exit if step == "exit" else self.do_replay_go)(step)
            return
        in_hand = hasattr(event.target, "closest") and py(event.target.closest("#hand")) \
            is not None
        if in_hand or (active_element() is None and key in keys.MOVES):
            moved = keys.move_in_hand(self.hand.cards(), self.ui.focus if in_hand else
                                      self.ui.focus + (key in keys.PREV) - (key in keys.NEXT),
                                      key)
            if moved is not None:
                self.ui.focus = moved
                event.preventDefault()
                return
        if in_hand and key == "Enter":
            self.tapped = event.target  # the focused card answers the key
            try:
                played = self.play_focused()
            finally:
                self.tapped = None
            if played:
                event.preventDefault()
                return
        button = keys.LETTERS.get(key.lower()) if len(key) == 1 else None
        node = by_id(button) if button else None
        if node is not None and node.isConnected:
            event.preventDefault()
            node.click()


__all__ = ["Commands"]
