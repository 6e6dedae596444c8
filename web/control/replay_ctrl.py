"""Looking back at a game: the replay (step through a record) and sharing a game as a link.

The controller holds one :class:`ReplayControl` (``ctl.replay``); ``current`` is the
replay's state (:class:`web.model.replay_state.Replay`) while one shows
(``ctl.chrome.showing == REPLAY``), else ``None``. Offers :meth:`open_shared` (start-up, a
pasted link), :meth:`start`, :meth:`step_key` (the keyboard) and its buttons' handlers.
Uses the session, the page state, the page's dialogs and location, the motion and
``show``/``render``/``advance``/``message``/``announce``/``focus``/``focus_play``/
``offer_resume``; ``on_leave`` is called when the replay ends (the analysis of its game
stops with it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tacocat import YAY, GameRecord, RecordError
from web.formats.share import PREFIX, decode, encode, from_fragment
from web.i18n.catalog import t
from web.model.chrome import REPLAY
from web.model.replay_state import Replay
from web.model.screen import Ui
from web.model.session import MODE_AI, MODE_HOTSEAT
from web.model.text import sentence
from web.views.replay_view import where_text

if TYPE_CHECKING:
    from web.control.feature_hosts import ReplayHost

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "ArrowUp": "prev-round",
        "PageUp": "prev-round", "ArrowDown": "next-round", "PageDown": "next-round",
        "Home": "first", "End": "last", "Escape": "exit"}


class ReplayControl:
    def __init__(self, ctl: ReplayHost, on_leave: Callable[[], None]) -> None:
        self.ctl = ctl
        self.on_leave = on_leave
        self.current: Replay | None = None

    def open_shared(self) -> None:
        """A shared link (``#record=...``) opens its game in the replay; a damaged one is
        reported and changes nothing."""
        code = from_fragment(self.ctl.page.location()[1])
        if code is None:
            return
        try:
            record = GameRecord.from_json(decode(code))
            self.start(record, MODE_HOTSEAT, self.ctl.prefs.level, YAY)
        except RecordError as exc:
            self.ctl.message(t("share.error", error=sentence(str(exc))), alert=True)

    def start(self, record: GameRecord, mode: str, level: str, human: int) -> None:
        """Step through ``record``; the game in progress waits (its computer turns stop)."""
        ctl = self.ctl
        self.current = Replay(record, mode, level, human)
        ctl.show(REPLAY, Ui(viewer=human if mode == MODE_AI else 0))
        ctl.render()
        ctl.focus("replay-next")

    def step_key(self, key: str) -> bool:
        """A key in the replay: a step (or leaving it); ``False`` if the key is not one."""
        step = KEYS.get(key)
        if step is None:
            return False
        if step == "exit":
            self.do_replay_exit(None)
        else:
            self.do_replay_go(step)
        return True

    # -- the buttons ------------------------------------------------------------------------
    def do_replay(self, _arg) -> None:
        s = self.ctl.session
        self.start(GameRecord.of(s.game), s.mode, s.level, s.human)

    def do_replay_go(self, arg: str) -> None:
        replay, ctl = self.current, self.ctl
        if replay is None:
            return
        before = ctl.motion.snapshot(replay.session().game.cat)
        at = replay.at
        {"first": lambda: replay.go(0), "last": lambda: replay.go(replay.total),
         "prev": lambda: replay.step(-1), "next": lambda: replay.step(1),
         "prev-round": replay.previous_round, "next-round": replay.next_round}[arg]()
        ctl.render()
        if replay.at == at + 1:  # one move forward: it moves as in the game
            game = replay.session().game
            ctl.motion.play(before, ctl.screen().me, game.cat,
                            [i for i, c in enumerate(game.tiles) if c])
        ctl.announce(where_text(replay))

    def go_to(self, move: int) -> None:
        """The replay at the position where ``move`` was made (from the analysis)."""
        if self.current is None:
            return
        self.current.go(move)
        self.ctl.render()
        self.ctl.announce(where_text(self.current))
        self.ctl.focus("replay-next")

    def do_replay_exit(self, _arg) -> None:
        ctl = self.ctl
        self.on_leave()  # an analysis of the replay's game is of no use any more
        ctl.back_to_game()  # (show() drops the replay)
        ctl.offer_resume()
        ctl.focus_play()

    def do_share(self, _arg) -> None:
        ctl = self.ctl
        record = self.current.record if self.current else GameRecord.of(ctl.session.game)
        ctl.chrome.share_url = ctl.page.location()[0] + PREFIX + encode(record.to_json())
        ctl.page.close_all()
        ctl.draw_chrome()
        ctl.page.show("dlg-share")
        ctl.page.select_text("share-url")

    def do_share_copy(self, _arg) -> None:
        if self.ctl.page.copy(self.ctl.chrome.share_url):
            self.ctl.message(t("share.copied"))
        else:  # no clipboard here (an iframe, an old browser): copy by hand
            self.ctl.page.select_text("share-url")
            self.ctl.message(t("share.copy.hand"))

    def do_share_close(self, _arg) -> None:
        self.ctl.page.close("dlg-share")


__all__ = ["KEYS", "ReplayControl"]
