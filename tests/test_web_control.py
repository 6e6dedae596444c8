"""control/ in CPython: the controller driven through the page's port by taps and keys,
against the fake page (tests/page_fake.py), and what it drew read back from the elements.
Also: every action a view or the page names has a handler in the one action table."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import pytest
from page_fake import FakeBrowserPage, Press, settle, tap_of

from web.control.controller import Controller
from web.formats.stored import PREFS_KEY, SAVE_KEY
from web.i18n import catalog as i18n

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def run(coro):
    return asyncio.run(coro)


async def started(params: dict[str, str] | None = None,
                  stored: dict[str, str] | None = None) -> tuple[Controller, FakeBrowserPage]:
    page = FakeBrowserPage(stored)
    ctl = Controller(page, {"pace": "0", **(params or {})}, False, lambda: True)
    await ctl.start()
    await settle(ctl, page)
    return ctl, page


def enabled(page: FakeBrowserPage, ident: str, act: str) -> list:
    return [b for b in page.buttons(ident) if b.attrs.get("data-act") == act
            and b.attrs.get("aria-disabled") != "true" and "hidden" not in b.attrs]


async def play_a_move(ctl: Controller, page: FakeBrowserPage) -> None:
    """What a newcomer would do: press the main button if it is on offer, else the first
    card that may be played, else sacrifice."""
    for act in ("continue", "confirm"):
        found = enabled(page, "actions", act) or enabled(page, "result", act)
        if found:
            ctl.tap(tap_of(found[0]))
            return await settle(ctl, page)
    cards = enabled(page, "hand", "card")
    if cards:
        ctl.tap(tap_of(cards[0]))
        await settle(ctl, page)
        confirm = enabled(page, "actions", "confirm")
        if confirm:  # an attack: the card is selected, then confirmed
            ctl.tap(tap_of(confirm[0]))
            await settle(ctl, page)
        return None
    sacrifice = enabled(page, "actions", "sacrifice")
    assert sacrifice, f"nothing to press: {page.text('hand')!r} / {page.text('actions')!r}"
    ctl.tap(tap_of(sacrifice[0]))
    return await settle(ctl, page)


def test_a_whole_game_against_the_computer_is_played_by_taps() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "4"})
        assert page.flags["ready"] == "1"
        assert len(page.buttons("hand")) == 7  # the deal, drawn by the hand's view
        assert page.applier.labels  # the page's static words, drawn by a view too
        moves = 0
        while not ctl.session.game.is_terminal():
            await play_a_move(ctl, page)
            moves += 1
            assert moves < 400, "the game does not end"
        assert page.reports == []
        # the end is on the table, with a rematch on offer, and was said in the live region
        assert [b.attrs.get("data-act") for b in page.buttons("result")].count("rematch") == 1
        assert page.text("announce")
        # a finished game leaves no save behind; statistics were kept
        assert SAVE_KEY not in page.stored
    run(game())


def test_the_game_in_progress_is_saved_and_offered_back() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "7"})
        await play_a_move(ctl, page)  # keep the hand
        saved = page.stored[SAVE_KEY]
        again, page2 = await started({"seed": "8"}, {SAVE_KEY: saved})
        assert "dlg-resume" in page2.open
        assert "round 1" in page2.text("resume-body")
        again.tap(tap_of_act("resume-yes"))  # index.html's own button
        await settle(again, page2)
        assert again.session.game.seed == 7
        assert len(again.session.game.history) == len(ctl.session.game.history)
    run(game())


@pytest.mark.parametrize("bad", ["{", "[]", '{"format": "tacocat-save", "version": 99}',
                                 "x" * 100])
def test_a_corrupt_save_is_set_aside_with_a_message_and_a_game_starts(bad: str) -> None:
    async def game() -> None:
        _ctl, page = await started({"seed": "3"}, {SAVE_KEY: bad, PREFS_KEY: "{nope"})
        assert page.flags["ready"] == "1"
        assert SAVE_KEY + ".corrupt" in page.stored and PREFS_KEY + ".corrupt" in page.stored
        note = page.text("message")
        assert i18n.t("storage.corrupt.save") in note and i18n.t("storage.corrupt.prefs") in note
        assert len(page.buttons("hand")) == 7
    run(game())


def test_a_refused_card_says_why_and_changes_nothing() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "5", "scenario": "jumbo"})
        history = len(ctl.session.game.history)
        ctl.tap(tap_of(enabled(page, "hand", "card")[1]))  # 5 selected
        ctl.tap(tap_of(enabled(page, "hand", "card")[2]))  # 6: a sequence so far
        await settle(ctl, page)
        eleven = next(b for b in page.buttons("hand") if b.attrs.get("data-value") == "11")
        assert eleven.attrs["aria-disabled"] == "true"
        ctl.tap(tap_of(eleven))
        await settle(ctl, page)
        assert page.text("message") == eleven.attrs["title"]
        assert len(ctl.session.game.history) == history
    run(game())


def test_keys_move_in_the_hand_and_play() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "9"})
        assert ctl.press(Press("ArrowRight", in_hand=True))
        assert page.applier.focused == "card-1"
        assert ctl.press(Press("c"))  # Keep (confirm), by its letter
        assert getattr(page, "pressed", None) == "act-confirm"
    run(game())


def test_the_menu_is_drawn_from_state_and_closes_on_a_click_elsewhere() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "2"})
        menu = [b for b in page.buttons("topbar") + page.buttons("menu-button")
                if b.attrs.get("data-act") == "menu"]
        ctl.tap(tap_of(menu[0]) if menu else tap_of_act("menu"))
        assert ctl.chrome.menu_open
        ctl.tap(tap_of_act(None))
        assert not ctl.chrome.menu_open
    run(game())


def tap_of_act(act: str | None):
    from web.model.intents import Tap
    return Tap(act)


def _named_actions() -> set[str]:
    """Every data-act in index.html and in our views' sources: a ``data_act=`` keyword, or
    the ``act`` argument of a view's button helper, read from the syntax tree."""
    found = set(re.findall(r'data-act="([a-z-]+)"', (ROOT / "index.html").read_text()))
    for path in (ROOT / "web" / "views").glob("*.py"):
        module = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {node.name: [a.arg for a in node.args.args].index("act")
                   for node in ast.walk(module) if isinstance(node, ast.FunctionDef)
                   and "act" in [a.arg for a in node.args.args]}
        for call in (n for n in ast.walk(module) if isinstance(n, ast.Call)):
            values = [k.value for k in call.keywords if k.arg in ("data_act", "act")]
            name = getattr(call.func, "id", None)
            if name in helpers and len(call.args) > helpers[name]:
                values.append(call.args[helpers[name]])
            found |= {v.value for v in values
                      if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return found


def test_every_action_the_page_names_has_its_handler() -> None:
    async def table() -> dict:
        ctl, _ = await started({"seed": "1"})
        return ctl.actions()
    actions = run(table())
    named = _named_actions()
    assert {"card", "confirm", "new", "replay", "learn", "stats"} <= named
    assert named - set(actions) == set()


FEATURES = {"analysis_ctrl": "AnalysisHost", "games_ctrl": "GamesHost",
            "hand_ctrl": "HandHost", "lessons_ctrl": "LessonsHost",
            "replay_ctrl": "ReplayHost", "stats_ctrl": "StatsHost", "move_flow": "MovesHost",
            "puzzles_ctrl": "PuzzlesHost"}


def _uses_of_the_controller(source: str) -> set[str]:
    """The names a feature reads on ``ctl`` or ``self.ctl``."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            v = node.value
            if (isinstance(v, ast.Name) and v.id == "ctl") or \
                    (isinstance(v, ast.Attribute) and v.attr == "ctl"):
                found.add(node.attr)
    return found


def _declared(host: str) -> set[str]:
    from web.control import feature_hosts
    cls = getattr(feature_hosts, host)
    return {n for n in vars(cls) if not n.startswith("_")} | set(cls.__annotations__)


@pytest.mark.parametrize("module", sorted(FEATURES))
def test_each_feature_uses_only_what_its_host_protocol_lists(module: str) -> None:
    source = (ROOT / "web" / "control" / f"{module}.py").read_text(encoding="utf-8")
    assert f"ctl: {FEATURES[module]}" in source  # its constructor says what it gets
    used = _uses_of_the_controller(source)
    assert used, module
    assert used - _declared(FEATURES[module]) == set()


def test_the_controller_provides_every_host_protocol() -> None:
    async def made() -> Controller:
        ctl, _ = await started({"seed": "1"})
        return ctl
    ctl = run(made())
    for host in FEATURES.values():
        missing = [n for n in _declared(host) if not hasattr(ctl, n)]
        assert missing == [], (host, missing)


def test_a_feature_reaching_past_its_protocol_is_caught() -> None:
    source = (ROOT / "web" / "control" / "stats_ctrl.py").read_text(encoding="utf-8")
    leaked = source + "\n\ndef _leak(self):\n    return self.ctl.session.game\n"
    assert "session" in _uses_of_the_controller(leaked) - _declared("StatsHost")
