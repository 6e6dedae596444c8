"""The player's hand (one Tab stop; arrow keys move between cards), the prompt that says
what to do, and the buttons that act on the selection. Which cards may be picked comes
from the observation's legal actions (:mod:`web.model.session` helpers), never from a rule here.

The opponent's corner: who they are, how many cards they hold, what they are doing,
and the cards the computer has picked, lifted for a moment before they move.
"""

from __future__ import annotations

from tacocat.moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL, PHASE_REPLACE
from web.i18n.catalog import t
from web.model.screen import Screen
from web.model.session import (
    MODE_HOTSEAT,
    attack_states,
    defend_states,
    duel_states,
    replace_states,
    sacrifice_state,
)
from web.model.text import cards_text, goal_name
from web.render.vdom import Node, Root, h, txt
from web.views.card_view import card_back, card_face, fan_style

CONFIRM_KEY, SACRIFICE_KEY = "C", "S"
MOVE_KEYS = "ArrowLeft ArrowRight ArrowUp ArrowDown Home End Enter Space"


def _button(text: str, cls: str, ident: str, act: str, reason: str | None = None,
            **attrs: object) -> Node:
    """An action button; ``reason`` (not ``None``) disables it and says why."""
    if reason is not None:
        attrs.update(aria_disabled="true", title=reason or None,
                     aria_description=reason or None)
    return h("button", f"btn {cls}".strip(), text, key=ident, type="button", id=ident,
             data_act=act, **attrs)


def _states(s: Screen):
    obs, ui = s.obs, s.ui
    phase = obs.phase
    if phase == PHASE_REPLACE:
        return replace_states(obs.hand, ui.selected, obs.replace_limit), None
    if phase == PHASE_ATTACK:
        return attack_states(obs.hand, ui.selected, s.legal)
    if phase == PHASE_DEFEND:
        return defend_states(obs.hand, s.legal, obs.target), None
    return duel_states(obs.hand, s.legal), None


def hand(s: Screen) -> list[Root]:
    """The hand's title, prompt, cards and action buttons.

    Clamps the page's selection and roving focus to the hand shown (the one place that
    knows the hand's size), so later reads of ``s.ui`` agree with what is drawn.
    """
    if s.mode == MODE_HOTSEAT and not s.hidden:
        title = t("hand.label.seat", seat=goal_name(s.me))
    elif s.hidden:
        title = t("hand.hidden")
    else:
        title = t("hand.label")
    showing = s.result is None and not s.over
    phase, prompt = "wait", ""
    cards: list[Node] = []
    actions: list[Node] = []
    if not showing:
        phase = "over" if s.over else "result"
    elif s.hidden:
        phase = "hidden"
        prompt = t("prompt.pass") if s.mode == MODE_HOTSEAT else t("watch.title")
        cards = [card_back(key=f"back-{i}", aria_hidden="true", role=None, aria_label=None,
                           style=fan_style(i, len(s.obs.hand)))
                 for i in range(len(s.obs.hand))]
    else:
        cards = _cards(s)
        if s.replay is not None or s.lesson_done:  # the replay bar / the lesson says it all
            phase = "replay" if s.replay is not None else "rest"
        elif not s.acting:
            who = s.words.seat_name(s.waiting) if s.waiting is not None else ""
            key = "prompt.wait.sealed" if s.obs.committed[s.me] else "prompt.wait"
            prompt = t(key, who=who)
        else:
            phase = s.obs.phase
            prompt, actions = _actions(s)
    return [Root("hand-title", {"hidden": not showing}, [txt(title)]),
            Root("prompt", children=[txt(prompt)] if prompt else []),
            Root("hand", {"hidden": not showing, "aria-keyshortcuts": MOVE_KEYS,
                          "data-phase": phase, "style": f"--n:{len(cards)}"}, cards),
            Root("actions", {"hidden": not showing}, actions)]


def _cards(s: Screen) -> list[Node]:
    obs, ui = s.obs, s.ui
    values = obs.hand
    ui.selected = {i for i in ui.selected if i < len(values)}
    ui.focus = min(max(ui.focus, 0), max(len(values) - 1, 0))
    states, _ = _states(s) if s.acting else (None, None)
    toggles = s.acting and obs.phase in (PHASE_REPLACE, PHASE_ATTACK)
    new_cards = list(s.drawn)
    hint_cards = list(ui.hint.action.cards) if ui.hint else []
    seen: dict[int, int] = {}
    out = []
    for i, value in enumerate(values):
        cls = "card"
        new = value in new_cards
        if new:
            new_cards.remove(value)
            cls += " new"
        if value in hint_cards:
            hint_cards.remove(value)
            cls += " hinted"
        attrs: dict[str, object] = {}
        if toggles:
            attrs["aria_pressed"] = "true" if i in ui.selected else "false"
        state = states[i] if states else None
        if state is None or not state.enabled:
            if state is not None and state.reason is not None:
                reason = t(state.reason[0], **state.reason[1])
            else:
                reason = "" if s.acting else t("reason.not.turn")
            attrs["aria_disabled"] = "true"
            if reason:
                attrs["title"] = attrs["aria_description"] = reason
        elif obs.phase in (PHASE_DUEL, PHASE_DEFEND):
            attrs["title"] = t(f"do.{obs.phase}", card=value)
        copy = seen[value] = seen.get(value, 0) + 1  # a card's identity: value and copy
        out.append(card_face(value, "button", cls,
                             h("span", "badge", "★", aria_hidden="true") if new else None,
                             key=f"{value}.{copy}", place=(i, len(values)), type="button",
                             id=f"card-{i}",
                             data_act="card", data_arg=i, data_key=f"hand-{i}",
                             tabindex="0" if i == ui.focus else "-1", **attrs))
    return out


def _actions(s: Screen) -> tuple[str, list[Node]]:
    obs, ui = s.obs, s.ui
    values = obs.hand
    phase = obs.phase
    chosen = sorted(values[i] for i in ui.selected)
    prompt = ""
    out: list[Node] = []
    if phase == PHASE_REPLACE:
        k = obs.replace_limit
        if obs.arrow is None:
            prompt = t("prompt.replace.double", k=k)
        elif obs.replaced[s.opp] is None:
            prompt = t("prompt.replace.first", k=k)
        elif k == 0:
            prompt = t("prompt.replace.none")
        else:
            prompt = t("prompt.replace.second", k=k)
        n = len(chosen)
        label = t("action.confirm.keep") if n == 0 else t("action.confirm.replace", n=n)
        out.append(_button(label, "primary", "act-confirm", "confirm",
                           aria_keyshortcuts=CONFIRM_KEY))
    elif phase == PHASE_DUEL:
        prompt = t("prompt.duel")
    elif phase == PHASE_ATTACK:
        prompt = t("prompt.attack")
        _, exact = _states(s)
        label = t("action.attack", cards=cards_text(chosen)) if chosen \
            else t("action.attack.none")
        reason = (t("reason.attack.incomplete") if chosen else "") if exact is None else None
        out.append(_button(label, "primary", "act-confirm", "confirm", reason,
                           aria_keyshortcuts=CONFIRM_KEY))
    elif phase == PHASE_DEFEND:
        target = obs.target
        if len(obs.attack) > 1:
            prompt = t("prompt.defend.jumbo", target=target, i=len(obs.answers) + 1,
                       n=len(obs.attack))
        else:
            prompt = t("prompt.defend", target=target)
        state = sacrifice_state(values, s.legal, target)
        reason = None if state.enabled else t(state.reason[0], **state.reason[1])
        out.append(_button(t("action.sacrifice", card=values[0]), "danger", "act-sacrifice",
                           "sacrifice", reason, aria_keyshortcuts=SACRIFICE_KEY))
    if chosen and phase in (PHASE_REPLACE, PHASE_ATTACK):
        out.append(_button(t("action.clear"), "", "act-clear", "clear"))
    return prompt, out


def focus_target(s: Screen) -> str | None:
    """Where the player acts now, as :func:`hand` and :func:`web.views.table_view.result`
    draw it: the hand's current card, else the result's first button."""
    n = s.hand_sizes()[0]
    if n and not s.hidden:
        return f"card-{min(s.ui.focus, n - 1)}"
    if (s.result is not None or s.over) and s.replay is None:
        return "btn-rematch" if s.over else "btn-continue"
    return None


def opponent(s: Screen) -> list[Root]:
    ui = s.ui
    opp = s.opp
    _, n = s.hand_sizes()
    status = ""
    if not s.over and s.result is None and ui.lifted is None:
        if ui.thinking == opp or s.opponent_busy:
            status = t("opponent.thinking")
        elif s.obs.committed[opp]:
            status = t("opponent.sealed")
    out: list[Node] = [
        h("span", "opp-name", s.words.seat_long(opp, s.level), key="name"),
        h("span", "opp-count", t("opponent.cards", n=n), key="count"),
        h("span", "opp-status", status, key="status")]
    label = t("opponent.hand", who=s.words.seat_name(opp), n=n)
    if s.reveal:  # a finished game's replay: the opponent's cards face up
        out.append(h("div", "revealed", None,
                     *(card_face(value) for value in s.revealed_hand()),
                     key="revealed", role="group", aria_label=label))
        return [Root("opponent", children=out)]
    lifted = ui.lifted if ui.lifted is not None and ui.lifted[0] == opp else None
    shown = n - (len(lifted[1]) if lifted else 0)
    out.append(h("div", "backs", None,
                 *(h("div", "card back mini", None, aria_hidden="true")
                   for _ in range(max(0, shown))), key="backs", role="img", aria_label=label))
    if lifted:
        out.append(h("div", "lifted", None,
                     *(card_face(value, data_key=f"lift-{value}") if lifted[2]
                       else card_back(data_key="lift") for value in lifted[1]), key="lifted"))
    return [Root("opponent", children=out)]
