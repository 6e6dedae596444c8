"""The page: renders the session into the static DOM of index.html and handles input.

Runs on the browser's main thread under PyScript. Every string comes from the catalog
(:func:`web.i18n.t`) and is written with ``textContent``/attributes, never as HTML.
The computer's sliced search runs as an asyncio task that awaits between slices, so the
page stays responsive while it thinks.
"""

from __future__ import annotations

import asyncio
import json
import random
import time

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from tacocat import SEATS, WOW, YAY, Action, IllegalActionError, RecordError, card_name
from tacocat.actions import ATTACK, DEFEND, DUEL, REPLACE
from tacocat.game import SEED_LIMIT

from . import players, shell
from .i18n import has, set_language, t
from .session import (
    MODE_AI,
    MODE_HOTSEAT,
    MODE_WATCH,
    MODES,
    PACES,
    Session,
    attack_states,
    defend_states,
    duel_states,
    place,
    replace_states,
    sacrifice_state,
    space_letter,
)

SAVE_KEY = "tacocat.save.v1"
PREFS_KEY = "tacocat.prefs.v1"
MAX_IMPORT_BYTES = 2_000_000


# -- small DOM helpers ------------------------------------------------------------------------
def _py(node):
    """JS ``null``/``undefined`` → ``None`` (Pyodide maps ``null`` to a JsNull object)."""
    if node is None or type(node).__name__ in ("JsNull", "JsUndefined"):
        return None
    return node


def by_id(name: str):
    return _py(document.getElementById(name))


def query(selector: str):
    return _py(document.querySelector(selector))


def el(tag: str, cls: str = "", text: str | None = None, **attrs: object):
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(key.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    return node


def clear(node) -> None:
    node.replaceChildren()


def arrow_words(arrow: int | None) -> str:
    """'double arrow' or 'arrow points at WOW', translated."""
    if arrow is None:
        return t("board.arrow.double")
    return t("board.arrow.at", seat=t(f"seat.{SEATS[arrow]}"))


def cards_text(cards) -> str:
    return ", ".join(map(str, cards)) if cards else t("cards.none")


def card_label(value: int) -> str:
    return t("card.label", value=value, name=card_name(value))


def card_face(value: int, tag: str = "div", cls: str = "", **attrs: object):
    node = el(tag, f"card {cls}".strip(), None, style=f"--v:{value}", **attrs)
    node.setAttribute("aria-label", card_label(value))
    node.append(el("span", "card-value", str(value), aria_hidden="true"))
    node.append(el("span", "card-name", card_name(value), aria_hidden="true"))
    node.append(el("span", "card-value card-value-bottom", str(value), aria_hidden="true"))
    return node


def card_back(cls: str = ""):
    return el("div", f"card back {cls}".strip(), None, role="img", aria_label=t("card.back"))


class App:
    def __init__(self) -> None:
        self.params = shell.params()
        set_language(shell.language())
        # an embedded game keeps its own save, so it never overwrites the main site's
        self.save_key = SAVE_KEY + (".embed" if shell.is_embedded() else "")
        self.prefs = self._load_prefs()
        if _int(self.params.get("pace"), None) in PACES:
            self.prefs["pace"] = int(self.params["pace"])
        if self.params.get("level") in players.LEVELS:
            self.prefs["level"] = self.params["level"]
        if self.params.get("mode") in MODES:
            self.prefs["mode"] = self.params["mode"]
        self.session: Session | None = None
        self.viewer: int | None = YAY
        self.selected: set[int] = set()
        self.banner: dict | None = None
        self.ai_token = 0
        self.ai_busy: set[int] = set()
        self.ai_players: dict[int, object] = {}
        self.ai_times: dict[str, list[float]] = {}
        self.log_shown = 0
        self.hint_action: Action | None = None
        self.proxies: list = []
        self.storage_ok = True
        self.pending_resume: Session | None = None
        self.tasks: set = set()
        self.perf = {"slice": 0.0, "render": 0.0, "apply": 0.0}
        self.slow: list = []

    # -- preferences / saves ------------------------------------------------------------------
    def _load_prefs(self) -> dict:
        prefs = {"pace": 900, "level": players.LEVELS[0], "mode": MODE_AI}
        raw = shell.storage_get(PREFS_KEY)
        if raw:
            try:
                data = json.loads(raw)
            except ValueError:
                data = {}
            if isinstance(data, dict):
                if data.get("pace") in PACES:
                    prefs["pace"] = data["pace"]
                if data.get("level") in players.LEVELS:
                    prefs["level"] = data["level"]
                if data.get("mode") in (MODE_AI, MODE_HOTSEAT):
                    prefs["mode"] = data["mode"]
        return prefs

    def save_prefs(self) -> None:
        shell.storage_set(PREFS_KEY, json.dumps(self.prefs))

    def autosave(self) -> None:
        s = self.session
        # While "resume your game?" is open, the saved game is the one on offer: keep it.
        if s is None or s.mode == MODE_WATCH or self.pending_resume is not None:
            return
        ok = shell.storage_set(self.save_key, None if s.game.is_terminal() else s.save_text())
        if not ok and self.storage_ok:
            self.storage_ok = False
            self.message(t("storage.unavailable"))

    # -- start-up -------------------------------------------------------------------------------
    def start(self) -> None:
        self.apply_static_text()
        self.render_levels()
        self.bind()
        by_id("pace").value = str(self.prefs["pace"])
        saved = None if self.params.get("fresh") else shell.storage_get(self.save_key)
        resumable = None
        if saved:
            try:
                resumable = Session.from_save_text(saved)
            except (RecordError, ValueError, TypeError, KeyError):
                shell.storage_set(self.save_key, None)
        if resumable is not None and not resumable.game.is_terminal():
            self.pending_resume = resumable  # before the new game can autosave over it
        seed = _seed(self.params.get("seed"))
        self.new_game(seed=seed,
                      scenario=self.params.get("scenario"), mode=self.prefs["mode"],
                      level=self.prefs["level"], save=False)
        if self.params.get("seed") and seed is None:
            self.message(t("seed.invalid", seed=self.params["seed"]), alert=True)
        for node in document.querySelectorAll("[data-needs-python]"):
            node.removeAttribute("disabled")
        by_id("loading").hidden = True
        document.body.classList.remove("booting")
        if self.pending_resume is not None:
            self.offer_resume(self.pending_resume)
        shell.init(on_language_change=self.relabel)
        root = document.documentElement
        root.dataset.readyMs = str(round(window.performance.now()))
        root.dataset.ready = "1"

    def relabel(self, _code: str | None = None) -> None:
        """Re-render every string after the language changed."""
        self.apply_static_text()
        self.render_levels()
        self.render()

    def apply_static_text(self) -> None:
        document.documentElement.lang = t("lang.code") if has("lang.code") else "en"
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = t(node.getAttribute("data-i18n"))
        for attr in ("aria-label", "title", "placeholder"):
            for node in document.querySelectorAll(f"[data-i18n-{attr}]"):
                node.setAttribute(attr, t(node.getAttribute(f"data-i18n-{attr}")))

    def render_levels(self) -> None:
        box = by_id("levels")
        clear(box)
        for level in players.LEVELS:
            label = el("label")
            label.append(el("input", "", None, type="radio", name="level", id=f"level-{level}",
                            value=level, checked=level == self.prefs["level"]))
            label.append(el("span", "", " " + t(f"level.{level}")))
            box.append(label)

    def bind(self) -> None:
        def on(target, kind, fn):
            proxy = create_proxy(fn)
            self.proxies.append(proxy)
            target.addEventListener(kind, proxy)

        on(document, "click", self.on_click)
        on(by_id("pace"), "change", self.on_pace)
        on(by_id("import-file"), "change", self.on_import)
        for name in ("dlg-banner", "dlg-pass", "dlg-resume"):
            on(by_id(name), "cancel", lambda e: e.preventDefault())

    # -- games ---------------------------------------------------------------------------------
    def new_game(self, seed: int | None = None, scenario: str | None = None,
                 mode: str = MODE_AI, level: str = "easy", save: bool = True,
                 human: int = YAY) -> None:
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        self.set_session(Session.new(seed, mode, level, human, scenario))
        if save:
            self.autosave()

    def set_session(self, session: Session) -> None:
        self.ai_token += 1
        self.ai_busy.clear()
        self.session = session
        self.ai_players = {
            seat: players.make(session.level, seed=session.game.seed * 2 + seat + 1)
            for seat in (YAY, WOW) if session.is_computer(seat)
        }
        self.selected.clear()
        self.hint_action = None
        self.banner = None
        self.viewer = self.first_viewer()
        self.log_shown = 0
        clear(by_id("log"))
        self.close_dialogs()
        by_id("cat").classList.add("no-anim")
        self.message("")
        self.advance()
        window.requestAnimationFrame(create_proxy(
            lambda *_: by_id("cat").classList.remove("no-anim")))

    def first_viewer(self) -> int | None:
        s = self.session
        if s.mode == MODE_AI:
            return s.human
        if s.mode == MODE_WATCH:
            return None
        owing = [p for p in s.game.to_act() if s.owes(p)]
        return owing[0] if owing else YAY

    def close_dialogs(self) -> None:
        for node in document.querySelectorAll("dialog[open]"):
            node.close()

    def offer_resume(self, saved: Session) -> None:
        self.pending_resume = saved
        by_id("resume-body").textContent = t(
            "resume.body", round=saved.game.round, moves=len(saved.game.history))
        self.show_dialog("dlg-resume")

    def show_dialog(self, name: str) -> None:
        node = by_id(name)
        if not node.open:
            node.showModal()

    # -- the flow of play -------------------------------------------------------------------------
    def advance(self) -> None:
        """Render, then start whatever comes next (computer move, pass screen, banner)."""
        s = self.session
        self.render()
        if self.banner is not None:
            return
        game = s.game
        if game.is_terminal():
            if s.mode == MODE_WATCH:  # the computer plays itself (demo, benchmark): again
                self.spawn(self.watch_again(self.ai_token))
            return
        for seat in game.to_act():
            if s.is_computer(seat) and s.owes(seat) and seat not in self.ai_busy:
                self.ai_busy.add(seat)
                self.spawn(self.computer_turn(seat, self.ai_token))
        if s.mode == MODE_HOTSEAT:
            owing = [p for p in game.to_act() if s.owes(p)]
            if owing and self.viewer not in owing:
                self.ask_pass(owing[0])

    async def watch_again(self, token: int) -> None:
        await asyncio.sleep(max(self.prefs["pace"], 50) / 1000)
        if token == self.ai_token:
            s = self.session
            self.new_game(seed=s.game.seed + 1, mode=MODE_WATCH, level=s.level, save=False)

    def spawn(self, coro) -> None:
        """Run ``coro`` as a task, keeping a reference until it finishes."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def ask_pass(self, seat: int) -> None:
        self.viewer = None
        self.render()
        name = t(f"seat.{SEATS[seat]}")
        by_id("pass-title").textContent = t("pass.title", seat=name)
        by_id("pass-body").textContent = t("pass.body", seat=name)
        button = by_id("pass-show")
        button.textContent = t("pass.show", seat=name)
        button.dataset.arg = str(seat)
        self.show_dialog("dlg-pass")

    def play(self, seat: int, action: Action) -> None:
        s = self.session
        t0 = time.perf_counter()
        try:
            events = s.apply(seat, action)
        except IllegalActionError as exc:
            self.message(str(exc))
            return
        self.selected.clear()
        self.hint_action = None
        if not s.is_computer(seat):  # a message stays until the player it addresses acts
            self.message("")
        self.autosave()
        self.after_events(events)
        self.perf["apply"] = max(self.perf["apply"], time.perf_counter() - t0)

    def after_events(self, events: list) -> None:
        s = self.session
        new = s.log[self.log_shown:]
        self.announce(" ".join(self.entry_text(e) for e in new if not self._own(e)))
        result = s.round_result(events)
        if result is not None:
            self.banner = result
            if s.mode == MODE_WATCH:
                self.banner = None
            else:
                self.show_banner(result)
        self.advance()

    def _own(self, entry) -> bool:
        s = self.session
        return s.mode == MODE_AI and entry.seat == s.human and entry.key != "log.drew"

    async def computer_turn(self, seat: int, token: int) -> None:
        s = self.session
        try:
            pace = self.prefs["pace"]
            sealed = len(s.game.to_act()) > 1
            if pace and not sealed:
                self.render_thinking(seat)
                await asyncio.sleep(pace / 1000)
            else:
                await asyncio.sleep(0)
            if token != self.ai_token:
                return
            obs = s.game.observation(seat)
            player = self.ai_players[seat]
            started = time.perf_counter()
            gen = player.think(obs)
            while True:
                t0 = time.perf_counter()
                try:
                    next(gen)
                except StopIteration as stop:
                    action = stop.value
                    break
                finally:
                    took = time.perf_counter() - t0
                    self.perf["slice"] = max(self.perf["slice"], took)
                    if took > 0.05:
                        self.slow.append([round(window.performance.now()), "slice",
                                          round(took * 1000)])
                await asyncio.sleep(0)
                if token != self.ai_token:
                    return
            self.note_ai_time(s.level, (time.perf_counter() - started) * 1000)
            await asyncio.sleep(0)  # apply + render in a task of their own
        finally:
            if token == self.ai_token:
                self.ai_busy.discard(seat)
        if token != self.ai_token:
            return
        self.play(seat, action)

    def note_ai_time(self, level: str, ms: float) -> None:
        self.ai_times.setdefault(level, []).append(round(ms, 2))
        root = document.documentElement
        root.dataset.aiTimes = json.dumps(self.ai_times)
        root.dataset.slow = json.dumps(self.slow[-50:])
        root.dataset.perf = json.dumps({k: round(v * 1000, 1) for k, v in self.perf.items()})

    # -- input ------------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = _py(event.target.closest("[data-act]")) if hasattr(event.target, "closest") \
            else None
        if target is None:
            return
        act = str(target.getAttribute("data-act"))
        arg = _py(target.getAttribute("data-arg"))
        if target.getAttribute("aria-disabled") == "true":
            reason = _py(target.getAttribute("title"))
            if reason:
                self.message(reason)
            return
        handler = getattr(self, f"do_{act.replace('-', '_')}", None)
        if handler is not None:
            handler(arg)

    def acting_seat(self) -> int | None:
        s = self.session
        seat = self.viewer
        if seat is None or s.is_computer(seat) or not s.owes(seat):
            return None
        return seat

    def do_card(self, arg: str) -> None:
        seat = self.acting_seat()
        if seat is None:
            self.message(t("reason.not.turn"))
            return
        index = int(arg)
        obs = self.session.game.observation(seat)
        if index >= len(obs.hand):
            return
        value = obs.hand[index]
        if obs.phase == "duel":
            self.play(seat, Action.duel(value))
        elif obs.phase == "defend":
            self.play(seat, Action.defend(value))
        else:
            if index in self.selected:
                self.selected.discard(index)
            else:
                self.selected.add(index)
            self.hint_action = None
            self.render()

    def do_confirm(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        obs = self.session.game.observation(seat)
        cards = sorted(obs.hand[i] for i in self.selected if i < len(obs.hand))
        if obs.phase == "replace":
            self.play(seat, Action.replace(*cards))
        elif obs.phase == "attack" and cards:
            self.play(seat, Action.attack(*cards))

    def do_clear(self, _arg) -> None:
        self.selected.clear()
        self.render()

    def do_sacrifice(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is not None:
            self.play(seat, Action.sacrifice())

    def do_continue(self, _arg) -> None:
        by_id("dlg-banner").close()
        self.banner = None
        self.advance()
        self.focus_default()

    def do_pass_show(self, arg: str) -> None:
        by_id("dlg-pass").close()
        self.viewer = int(arg)
        self.selected.clear()
        self.advance()
        self.focus_default()

    def do_rematch(self, _arg) -> None:
        s = self.session
        self.new_game(mode=s.mode, level=s.level, human=s.human)
        self.focus_default()

    def do_new(self, _arg) -> None:
        s = self.session
        form = by_id("new-form")
        form.reset()
        mode = s.mode if s.mode in (MODE_AI, MODE_HOTSEAT) else MODE_AI
        by_id(f"mode-{mode}").checked = True
        level_input = by_id(f"level-{s.level}") or by_id(f"level-{players.LEVELS[0]}")
        level_input.checked = True
        by_id("seat-wow" if s.human == WOW else "seat-yay").checked = True
        self.close_dialogs()
        self.show_dialog("dlg-new")

    def do_new_cancel(self, _arg) -> None:
        by_id("dlg-new").close()
        if self.banner is not None:
            self.show_banner(self.banner)

    def do_new_start(self, _arg) -> None:
        mode = MODE_HOTSEAT if by_id("mode-hotseat").checked else MODE_AI
        level = next((lv for lv in players.LEVELS if by_id(f"level-{lv}").checked),
                     players.LEVELS[0])
        human = WOW if by_id("seat-wow").checked else YAY
        text = str(by_id("new-seed").value).strip()
        seed = _seed(text)
        by_id("dlg-new").close()
        self.prefs.update(mode=mode, level=level)
        self.save_prefs()
        self.new_game(seed=seed, mode=mode, level=level, human=human)
        if text and seed is None:
            self.message(t("seed.invalid", seed=text), alert=True)
        self.focus_default()

    def do_resume_yes(self, _arg) -> None:
        by_id("dlg-resume").close()
        self.set_session(self.pending_resume)
        self.pending_resume = None
        self.focus_default()

    def do_resume_no(self, _arg) -> None:
        by_id("dlg-resume").close()
        self.pending_resume = None
        self.autosave()
        self.focus_default()

    def do_hint(self, _arg) -> None:
        seat = self.acting_seat()
        if seat is None:
            self.message(t("hint.none"))
            return
        obs = self.session.game.observation(seat)
        h = players.hint(obs, seed=len(self.session.game.history))
        if h.key and has(h.key):
            params = {k: cards_text(v) if isinstance(v, (tuple, list)) else v
                      for k, v in h.params.items()}
            reason = t(h.key, **params)
            if "win" in params:
                reason += " " + t("hint.win", win=params["win"])
        else:
            reason = h.reason
        self.message(t("hint.text", action=self.describe_action(h.action, obs.hand),
                       reason=reason))
        self.hint_action = h.action
        if h.action.kind in (REPLACE, ATTACK):
            self.selected = _indices(obs.hand, h.action.cards)
        self.render()

    def do_export(self, _arg) -> None:
        s = self.session
        text = s.record_json()
        name = f"tacocat-{s.game.seed}-{len(s.game.history)}.json"
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(to_js([text]), options)
        url = window.URL.createObjectURL(blob)
        link = el("a", "", None, href=url, download=name)
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda *_: window.URL.revokeObjectURL(url)), 1000)
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
        try:
            if file.size > MAX_IMPORT_BYTES:
                raise RecordError("the file is too large to be a game record.")
            text = str(await file.text())
            if not text.strip():
                raise RecordError(t("import.empty"))
            s = self.session
            mode = s.mode if s.mode != MODE_WATCH else MODE_AI
            session = Session.from_record_text(text, mode=mode, level=s.level, human=s.human)
        except (RecordError, ValueError, TypeError) as exc:
            detail = str(exc)
            if not detail.endswith((".", "!", "?")):
                detail += "."
            self.message(t("import.error", error=detail), alert=True)
            return
        self.set_session(session)
        self.autosave()
        self.message(t("import.ok", round=session.game.round, moves=len(session.game.history)))

    def on_pace(self, _event) -> None:
        self.prefs["pace"] = _int(str(by_id("pace").value), 900)
        self.save_prefs()

    # -- messages --------------------------------------------------------------------------------
    def message(self, text: str, alert: bool = False) -> None:
        node = by_id("message")
        node.textContent = text
        node.hidden = not text
        node.classList.toggle("alert", alert)

    def announce(self, text: str) -> None:
        if text:
            by_id("announce").textContent = text

    def focus_default(self) -> None:
        for selector in ("#hand .card:not([aria-disabled='true'])",
                         "#actions button:not([aria-disabled='true'])", "#btn-new"):
            node = query(selector)
            if node is not None:
                node.focus(to_js({"preventScroll": True},
                                 dict_converter=window.Object.fromEntries))
                return

    # -- names -------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        s = self.session
        if s.mode == MODE_AI:
            return t("seat.you") if seat == s.human else t("seat.computer")
        return t(f"seat.{SEATS[seat]}")

    def is_you(self, seat) -> bool:
        s = self.session
        return s.mode == MODE_AI and seat == s.human

    def tw(self, key: str, who: int | None, **params) -> str:
        """``key`` with ``{who}``, using the key's ``.you`` form when ``who`` is the player."""
        if who is not None and self.is_you(who) and has(key + ".you"):
            key += ".you"
        if who is not None:
            params["who"] = self.seat_name(who)
        return t(key, **params)

    def _param(self, value):
        if isinstance(value, tuple) and value:
            if value[0] == "seat":
                return self.seat_name(value[1])
            if value[0] == "goal":
                return t(f"seat.{SEATS[value[1]]}")
            if value[0] == "t":
                return t(value[1], **{k: self._param(v) for k, v in value[2].items()})
        if isinstance(value, list):
            return cards_text(value)
        return value

    def entry_text(self, entry) -> str:
        params = dict(entry.params)
        who = params.pop("who", None)
        params = {k: self._param(v) for k, v in params.items()}
        if who is not None:
            return self.tw(entry.key, who[1], **params)
        return t(entry.key, **params)

    def describe_action(self, action: Action, hand) -> str:
        if action.kind == REPLACE:
            return t("do.replace", cards=cards_text(action.cards)) if action.cards \
                else t("do.keep")
        if action.kind == DUEL:
            return t("do.duel", card=action.cards[0])
        if action.kind == ATTACK:
            return t("do.attack", cards=cards_text(action.cards))
        if action.kind == DEFEND:
            return t("do.defend", card=action.cards[0])
        return t("do.sacrifice", card=hand[0] if hand else "?")

    # -- rendering ---------------------------------------------------------------------------------
    def render(self) -> None:
        t0 = time.perf_counter()
        self._render()
        took = time.perf_counter() - t0
        self.perf["render"] = max(self.perf["render"], took)
        if took > 0.03:
            self.slow.append([round(window.performance.now()), "render", round(took * 1000)])

    def _render(self) -> None:
        active = _py(document.activeElement)
        focus_id = active.id if active is not None and active.id else None
        self.render_board()
        self.render_opponent()
        self.render_table()
        self.render_hand()
        self.render_log()
        self.render_seen()
        by_id("btn-hint").setAttribute("aria-disabled",
                                       "false" if self.acting_seat() is not None else "true")
        if focus_id and (active is None or not active.isConnected):
            node = by_id(focus_id)
            if node is not None:
                node.focus(to_js({"preventScroll": True},
                                 dict_converter=window.Object.fromEntries))
            else:
                self.focus_default()

    def render_board(self) -> None:
        game = self.session.game
        rs = game.ruleset
        n = len(rs.spaces)
        track = by_id("track")
        cells = track.children
        for i in range(n):
            cell = cells.item(i + 1)
            covered = game.tiles[i]
            arrow = rs.arrow_target(i)
            letter = space_letter(i, n)
            cell.className = "space" + (" covered" if covered else "") + (
                " here" if game.cat == i else "")
            cell.querySelector(".space-size").textContent = str(rs.spaces[i].hand_size)
            cell.querySelector(".space-arrow").textContent = (
                "↔" if arrow is None else ("←" if arrow == YAY else "→"))
            if covered:
                label = t("board.space.covered", index=i + 1, letter=letter)
            else:
                label = t("board.space.long", index=i + 1, letter=letter,
                          n=rs.spaces[i].hand_size, arrow=arrow_words(arrow))
            cell.setAttribute("aria-label", label)
        cat = by_id("cat")
        cat.style.setProperty("--pos", str(game.cat + 1))
        if 0 <= game.cat < n:
            where = t("board.cat", index=game.cat + 1, letter=space_letter(game.cat, n))
        else:
            where = t("board.cat.goal", seat=t(f"seat.{SEATS[YAY if game.cat < 0 else WOW]}"))
        cat.setAttribute("aria-label", where)
        cat.setAttribute("title", where)
        info = by_id("round-info")
        if game.is_terminal():
            info.textContent = t("info.round", round=game.round)
        else:
            info.textContent = " · ".join([
                t("info.round", round=game.round),
                t("info.space", n=game.hand_size, arrow=arrow_words(game.arrow)),
                t("info.draw", n=len(game.draw)),
            ])

    def me_and_opponent(self) -> tuple[int, int]:
        s = self.session
        if s.mode == MODE_AI:
            return s.human, 1 - s.human
        me = self.viewer if self.viewer is not None else YAY
        return me, 1 - me

    def render_opponent(self, thinking: int | None = None) -> None:
        s = self.session
        game = s.game
        me, opp = self.me_and_opponent()
        box = by_id("opponent")
        clear(box)
        if s.mode == MODE_AI:
            name = t("seat.computer.long", level=t(f"level.{s.level}"), seat=SEATS[opp])
        else:
            name = t(f"seat.{SEATS[opp]}")
        head = el("div", "opp-head")
        head.append(el("span", "opp-name", name))
        n = len(game.hands[opp])
        head.append(el("span", "opp-count", t("opponent.cards", n=n)))
        status = ""
        if thinking == opp or (opp in self.ai_busy and not s.owes(me)):
            status = t("opponent.thinking")
        elif game.pending[opp] is not None:
            status = t("opponent.sealed")
        head.append(el("span", "opp-status", status, aria_live="off"))
        box.append(head)
        backs = el("div", "backs", None, role="img",
                   aria_label=t("opponent.hand", who=name, n=n))
        for _ in range(n):
            backs.append(el("div", "card back mini", None, aria_hidden="true"))
        box.append(backs)

    def render_thinking(self, seat: int) -> None:
        self.render_opponent(thinking=seat)
        by_id("prompt").textContent = t("prompt.wait", who=self.seat_name(seat))

    def render_table(self) -> None:
        s = self.session
        view = s.table
        box = by_id("table-cards")
        clear(box)
        caption = by_id("table-caption")
        caption.textContent = ""
        kind = view.get("kind")
        if kind in ("duel", "showdown"):
            row = el("div", "pair")
            for seat, key in ((YAY, "yay"), (WOW, "wow")):
                cell = el("div", "played")
                cell.append(el("span", "who", t(f"seat.{SEATS[seat]}")))
                win = kind == "showdown" and view.get("winner") == seat
                cell.append(card_face(view[key], cls="win" if win else ""))
                row.append(cell)
            box.append(row)
            if kind == "duel":
                tie = view.get("attacker") is None
                line = t("table.duel", yay=view["yay"], wow=view["wow"])
                line += " " + (t("table.duel.tie") if tie else
                               self.tw("table.duel.first", view["attacker"]))
            else:
                line = t("table.showdown", yay=view["yay"], wow=view["wow"])
                if view.get("winner") is None:
                    line += " " + t("banner.tie")
                else:
                    line += " " + self.tw("banner.win.round", view["winner"])
            caption.textContent = line
        elif kind == "trick":
            attack = view["attack"]
            answers = view["answers"]
            grid = el("div", "trick")
            for i, card in enumerate(attack):
                col = el("div", "trick-col")
                current = i == len(answers) and not view.get("done")
                col.append(card_face(card, cls="attack" + (" target" if current else "")))
                if i < len(answers):
                    value, ok = answers[i]
                    col.append(card_face(value, cls="answer " + ("held" if ok else "lost")))
                    col.append(el("span", "mark " + ("ok" if ok else "no"),
                                  "✓" if ok else "✗", aria_hidden="true"))
                else:
                    col.append(el("div", "card slot", "?", aria_hidden="true"))
                grid.append(col)
            box.append(grid)
            if view.get("done"):
                defended = all(ok for _, ok in answers)
                key = "table.trick.defended" if defended else "table.trick.sacrificed"
                caption.textContent = self.tw(key, view["next"])
            else:
                caption.textContent = self.tw("log.attacked", view["attacker"],
                                              cards=cards_text(attack))
        else:
            box.append(el("p", "empty", t("table.empty")))

    def render_hand(self) -> None:
        s = self.session
        game = s.game
        me, _ = self.me_and_opponent()
        hand_box = by_id("hand")
        actions = by_id("actions")
        clear(hand_box)
        clear(actions)
        prompt = by_id("prompt")
        title = by_id("hand-title")
        if s.mode == MODE_AI:
            title.textContent = t("hand.label")
        elif self.viewer is None:
            title.textContent = t("hand.hidden")
        else:
            title.textContent = t("hand.label.seat", seat=t(f"seat.{SEATS[self.viewer]}"))
        hand_box.dataset.phase = "wait"
        if game.is_terminal():
            hand_box.dataset.phase = "over"
            prompt.textContent = t("prompt.over")
            return
        if self.viewer is None:
            hand_box.dataset.phase = "hidden"
            prompt.textContent = t("prompt.pass") if s.mode == MODE_HOTSEAT else t(
                "watch.title")
            for _ in game.hands[me]:
                hand_box.append(el("div", "card back", None, aria_hidden="true"))
            return
        obs = game.observation(me)
        acting = self.acting_seat() == me
        legal = obs.legal_actions() if acting and obs.phase != "replace" else []
        hand = obs.hand
        self.selected = {i for i in self.selected if i < len(hand)}
        phase = obs.phase
        if acting:
            hand_box.dataset.phase = phase
        new_cards = list(s.drawn.get(me, ()))
        states = None
        exact = None
        pressed_mode = phase in ("replace", "attack")
        if acting:
            if phase == "replace":
                states = replace_states(hand, self.selected, obs.replace_limit)
            elif phase == "attack":
                states, exact = attack_states(hand, self.selected, legal)
            elif phase == "defend":
                states = defend_states(hand, legal, obs.target)
            else:
                states = duel_states(hand, legal)
        hint_cards = list(self.hint_action.cards) if self.hint_action else []
        for i, value in enumerate(hand):
            state = states[i] if states else None
            enabled = bool(state and state.enabled)
            cls = "card"
            if value in new_cards:
                new_cards.remove(value)
                cls += " new"
            if value in hint_cards:
                hint_cards.remove(value)
                cls += " hinted"
            button = card_face(value, tag="button", cls=cls, type="button", id=f"card-{i}",
                               data_act="card", data_arg=i)
            if pressed_mode and acting:
                button.setAttribute("aria-pressed", "true" if i in self.selected else "false")
            if not enabled:
                button.setAttribute("aria-disabled", "true")
                if state is not None and state.reason is not None:
                    reason = t(state.reason[0], **state.reason[1])
                elif not acting:
                    reason = t("reason.not.turn")
                else:
                    reason = ""
                if reason:
                    button.setAttribute("title", reason)
                    button.setAttribute("aria-description", reason)
            else:
                tip = {"duel": t("do.duel", card=value),
                       "defend": t("do.defend", card=value)}.get(phase)
                if tip:
                    button.setAttribute("title", tip)
            hand_box.append(button)
        # prompt and action buttons
        if not acting:
            waiting = [p for p in game.to_act() if s.owes(p)]
            who = self.seat_name(waiting[0]) if waiting else ""
            key = "prompt.wait.sealed" if game.pending[me] is not None else "prompt.wait"
            prompt.textContent = t(key, who=who)
            return
        chosen = sorted(hand[i] for i in self.selected)
        if phase == "replace":
            k = obs.replace_limit
            if game.arrow is None:
                prompt.textContent = t("prompt.replace.double", k=k)
            elif game.replaced[1 - me] is None:
                prompt.textContent = t("prompt.replace.first", k=k)
            elif k == 0:
                prompt.textContent = t("prompt.replace.none")
            else:
                prompt.textContent = t("prompt.replace.second", k=k)
            n = len(chosen)
            label = t("action.confirm.keep") if n == 0 else (
                t("action.confirm.replace.one") if n == 1 else
                t("action.confirm.replace", n=n))
            actions.append(el("button", "btn primary", label, type="button", id="act-confirm",
                              data_act="confirm"))
            if chosen:
                actions.append(el("button", "btn", t("action.clear"), type="button",
                                  id="act-clear", data_act="clear"))
        elif phase == "duel":
            prompt.textContent = t("prompt.duel")
        elif phase == "attack":
            prompt.textContent = t("prompt.attack")
            if exact is not None:
                button = el("button", "btn primary", t("action.attack", cards=cards_text(chosen)),
                            type="button", id="act-confirm", data_act="confirm")
            else:
                label = t("action.attack", cards=cards_text(chosen)) if chosen else t(
                    "action.attack.none")
                button = el("button", "btn primary", label, type="button", id="act-confirm",
                            data_act="confirm", aria_disabled="true",
                            title=t("reason.attack.incomplete") if chosen else None)
            actions.append(button)
            if chosen:
                actions.append(el("button", "btn", t("action.clear"), type="button",
                                  id="act-clear", data_act="clear"))
        elif phase == "defend":
            target = obs.target
            if len(obs.attack) > 1:
                prompt.textContent = t("prompt.defend.jumbo", target=target,
                                       i=len(obs.answers) + 1, n=len(obs.attack))
            else:
                prompt.textContent = t("prompt.defend", target=target)
            state = sacrifice_state(hand, legal, target)
            button = el("button", "btn danger", t("action.sacrifice", card=hand[0]),
                        type="button", id="act-sacrifice", data_act="sacrifice")
            if not state.enabled:
                reason = t(state.reason[0], **state.reason[1])
                button.setAttribute("aria-disabled", "true")
                button.setAttribute("title", reason)
                button.setAttribute("aria-description", reason)
            actions.append(button)

    def render_log(self) -> None:
        s = self.session
        box = by_id("log")
        entries = s.log[self.log_shown:]
        for entry in entries:
            cls = "computer" if entry.computer else ""
            if entry.key.split(".")[1] in ("round", "showdown", "cat", "won"):
                cls += " major"
            box.append(el("li", cls.strip(), self.entry_text(entry)))
        self.log_shown = len(s.log)
        if entries:
            box.scrollTop = box.scrollHeight

    def render_seen(self) -> None:
        game = self.session.game
        counts = game.ruleset.deck_counts()
        seen = game.observation(YAY).seen_counts()  # public: the same from either seat
        grid = by_id("seen")
        clear(grid)
        for value in sorted(counts):
            k = seen.get(value, 0)
            total = counts[value]
            cell = el("li", "seen-cell" + (" all" if k == total else ""), None,
                      style=f"--v:{value}",
                      aria_label=t("seen.cell", value=value, seen=k, total=total),
                      title=t("seen.cell", value=value, seen=k, total=total))
            cell.append(el("span", "seen-value", str(value), aria_hidden="true"))
            cell.append(el("span", "seen-count", f"{k}/{total}", aria_hidden="true"))
            grid.append(cell)
        by_id("discard-title").textContent = t("discard.title", n=len(game.discard))
        pile = by_id("discard")
        clear(pile)
        if not game.discard:
            pile.append(el("li", "empty", t("discard.empty")))
        for value in game.discard:
            pile.append(el("li", "chip", str(value), style=f"--v:{value}",
                           aria_label=card_label(value)))

    def show_banner(self, result: dict) -> None:
        s = self.session
        title = by_id("banner-title")
        body = by_id("banner-body")
        cards = by_id("banner-cards")
        buttons = by_id("banner-buttons")
        clear(body)
        clear(cards)
        clear(buttons)
        won = result.get("game_won")
        title.textContent = t("over.title") if won is not None else t(
            "banner.round", round=result["round"])
        for seat, key in ((YAY, "yay"), (WOW, "wow")):
            cell = el("div", "played")
            cell.append(el("span", "who", self.seat_name(seat) + (
                f" ({SEATS[seat]})" if s.mode == MODE_AI else "")))
            cell.append(card_face(result[key], cls="win" if result["winner"] == seat else ""))
            cards.append(cell)
        body.append(el("p", "", t("banner.showdown", yay=result["yay"], wow=result["wow"])))
        if result["winner"] is None:
            body.append(el("p", "", t("banner.tie")))
        else:
            body.append(el("p", "strong", self.tw("banner.win.round", result["winner"])))
            n = len(s.game.ruleset.spaces)

            fk, fp = place(result["from"], n)
            tk, tp = place(result["to"], n)
            body.append(el("p", "", t(
                "banner.cat", seat=t(f"seat.{SEATS[result['winner']]}"),
                **{"from": t(fk, **{k: self._param(v) for k, v in fp.items()}),
                   "to": t(tk, **{k: self._param(v) for k, v in tp.items()})})))
        if won is not None:
            if s.mode == MODE_AI:
                text = t("over.win.you") if won == s.human else t("over.lose.you")
            else:
                text = t("over.win", who=self.seat_name(won))
            body.append(el("p", "over", text))
            body.append(el("p", "", t("over.rounds", rounds=s.game.round,
                                      tied=s.game.tied_rounds)))
            buttons.append(el("button", "btn primary", t("over.rematch"), type="button",
                              id="btn-rematch", data_act="rematch"))
            buttons.append(el("button", "btn", t("over.new"), type="button", id="btn-over-new",
                              data_act="new"))
        else:
            buttons.append(el("button", "btn primary", t("banner.continue"), type="button",
                              id="btn-continue", data_act="continue"))
        by_id("dlg-banner").classList.toggle("game-over", won is not None)
        self.show_dialog("dlg-banner")


def _indices(hand, cards) -> set[int]:
    wanted = list(cards)
    out = set()
    for i, v in enumerate(hand):
        if v in wanted:
            wanted.remove(v)
            out.add(i)
    return out


def _int(text, default):
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def _seed(text) -> int | None:
    """A seed the engine accepts (a whole number within 64 bits), else ``None``."""
    value = _int(text, None)
    return value if value is not None and -SEED_LIMIT <= value < SEED_LIMIT else None


APP: App | None = None


def main() -> App:
    global APP
    APP = App()
    APP.start()
    return APP


__all__ = ["App", "main"]
