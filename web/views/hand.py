"""The player's hand (one Tab stop; arrow keys move between cards), the prompt that says
what to do, and the buttons that act on the selection. Which cards may be picked comes
from the observation's legal actions (:mod:`web.session` helpers), never from a rule here.
"""

from __future__ import annotations

from ..dom import by_id, clear, el
from ..i18n import t
from ..screen import Screen
from ..session import (
    MODE_HOTSEAT,
    attack_states,
    defend_states,
    duel_states,
    replace_states,
    sacrifice_state,
)
from ..text import cards_text
from .cards import card_back, card_face

CONFIRM_KEY, SACRIFICE_KEY = "C", "S"
MOVE_KEYS = "ArrowLeft ArrowRight ArrowUp ArrowDown Home End Enter Space"


def _button(text: str, cls: str, ident: str, act: str, **attrs: object):
    return el("button", f"btn {cls}".strip(), text, type="button", id=ident, data_act=act,
              **attrs)


def _disable(node, reason: str) -> None:
    node.setAttribute("aria-disabled", "true")
    if reason:
        node.setAttribute("title", reason)
        node.setAttribute("aria-description", reason)


class HandView:
    def __init__(self) -> None:
        self.title = by_id("hand-title")
        self.prompt = by_id("prompt")
        self.hand = by_id("hand")
        self.actions = by_id("actions")

    def cards(self) -> list:
        found = self.hand.querySelectorAll("button.card")
        return [found.item(i) for i in range(found.length)]

    def render(self, s: Screen) -> None:
        session = s.session
        clear(self.hand)
        clear(self.actions)
        self.hand.setAttribute("aria-keyshortcuts", MOVE_KEYS)
        if session.mode == MODE_HOTSEAT and not s.hidden:
            self.title.textContent = t("hand.label.seat", seat=t(f"seat.{('YAY', 'WOW')[s.me]}"))
        elif s.hidden:
            self.title.textContent = t("hand.hidden")
        else:
            self.title.textContent = t("hand.label")
        showing = s.result is None and not s.over
        self.hand.hidden = self.actions.hidden = self.title.hidden = not showing
        self.hand.dataset.phase = "wait"
        if not showing:
            self.hand.dataset.phase = "over" if s.over else "result"
            self.prompt.textContent = ""
            return
        if s.hidden:
            self.hand.dataset.phase = "hidden"
            self.prompt.textContent = t("prompt.pass") if session.mode == MODE_HOTSEAT \
                else t("watch.title")
            for _ in range(len(s.obs.hand)):
                self.hand.append(card_back(aria_hidden="true", role=None, aria_label=None))
            return
        self._cards(s)
        if s.replay is not None or s.lesson_done:  # the replay bar / the lesson says it all
            self.prompt.textContent = ""
            self.hand.dataset.phase = "replay" if s.replay is not None else "rest"
            return
        if not s.acting:
            game = session.game
            waiting = [p for p in game.to_act() if session.owes(p)]
            who = s.words.seat_name(waiting[0]) if waiting else ""
            key = "prompt.wait.sealed" if game.pending[s.me] is not None else "prompt.wait"
            self.prompt.textContent = t(key, who=who)
            return
        self.hand.dataset.phase = s.obs.phase
        self._actions(s)

    def _states(self, s: Screen):
        obs, ui = s.obs, s.ui
        phase = obs.phase
        if phase == "replace":
            return replace_states(obs.hand, ui.selected, obs.replace_limit), None
        if phase == "attack":
            return attack_states(obs.hand, ui.selected, s.legal)
        if phase == "defend":
            return defend_states(obs.hand, s.legal, obs.target), None
        return duel_states(obs.hand, s.legal), None

    def _cards(self, s: Screen) -> None:
        obs, ui = s.obs, s.ui
        hand = obs.hand
        ui.selected = {i for i in ui.selected if i < len(hand)}
        ui.focus = min(max(ui.focus, 0), max(len(hand) - 1, 0))
        states, _ = self._states(s) if s.acting else (None, None)
        toggles = s.acting and obs.phase in ("replace", "attack")
        new_cards = list(s.session.drawn.get(s.me, ()))
        hint_cards = list(ui.hint.cards) if ui.hint else []
        for i, value in enumerate(hand):
            cls = "card"
            if value in new_cards:
                new_cards.remove(value)
                cls += " new"
            if value in hint_cards:
                hint_cards.remove(value)
                cls += " hinted"
            button = card_face(value, tag="button", cls=cls, type="button", id=f"card-{i}",
                               data_act="card", data_arg=i, data_key=f"hand-{i}",
                               tabindex="0" if i == ui.focus else "-1")
            if "new" in cls:
                button.append(el("span", "badge", "★", aria_hidden="true"))
            if toggles:
                button.setAttribute("aria-pressed", "true" if i in ui.selected else "false")
            state = states[i] if states else None
            if state is None or not state.enabled:
                if state is not None and state.reason is not None:
                    reason = t(state.reason[0], **state.reason[1])
                else:
                    reason = "" if s.acting else t("reason.not.turn")
                _disable(button, reason)
            elif obs.phase in ("duel", "defend"):
                button.setAttribute("title", t(f"do.{obs.phase}", card=value))
            self.hand.append(button)

    def _actions(self, s: Screen) -> None:
        obs, ui, game = s.obs, s.ui, s.session.game
        hand = obs.hand
        phase = obs.phase
        chosen = sorted(hand[i] for i in ui.selected)
        if phase == "replace":
            k = obs.replace_limit
            if game.arrow is None:
                self.prompt.textContent = t("prompt.replace.double", k=k)
            elif game.replaced[1 - s.me] is None:
                self.prompt.textContent = t("prompt.replace.first", k=k)
            elif k == 0:
                self.prompt.textContent = t("prompt.replace.none")
            else:
                self.prompt.textContent = t("prompt.replace.second", k=k)
            n = len(chosen)
            label = t("action.confirm.keep") if n == 0 else t("action.confirm.replace", n=n)
            self.actions.append(_button(label, "primary", "act-confirm", "confirm",
                                        aria_keyshortcuts=CONFIRM_KEY))
        elif phase == "duel":
            self.prompt.textContent = t("prompt.duel")
        elif phase == "attack":
            self.prompt.textContent = t("prompt.attack")
            _, exact = self._states(s)
            label = t("action.attack", cards=cards_text(chosen)) if chosen \
                else t("action.attack.none")
            button = _button(label, "primary", "act-confirm", "confirm",
                             aria_keyshortcuts=CONFIRM_KEY)
            if exact is None:
                _disable(button, t("reason.attack.incomplete") if chosen else "")
            self.actions.append(button)
        elif phase == "defend":
            target = obs.target
            if len(obs.attack) > 1:
                self.prompt.textContent = t("prompt.defend.jumbo", target=target,
                                            i=len(obs.answers) + 1, n=len(obs.attack))
            else:
                self.prompt.textContent = t("prompt.defend", target=target)
            state = sacrifice_state(hand, s.legal, target)
            button = _button(t("action.sacrifice", card=hand[0]), "danger", "act-sacrifice",
                             "sacrifice", aria_keyshortcuts=SACRIFICE_KEY)
            if not state.enabled:
                _disable(button, t(state.reason[0], **state.reason[1]))
            self.actions.append(button)
        if chosen and phase in ("replace", "attack"):
            self.actions.append(_button(t("action.clear"), "", "act-clear", "clear"))
