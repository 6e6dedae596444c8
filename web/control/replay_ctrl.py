"""Looking back at a game: the replay (step through a record) and sharing a game as a link.

The controller holds one :class:`ReplayControl` (``ctl.replay``); ``current`` is the
replay shown (:class:`web.model.replay_state.Replay`), or ``None`` while the game is. Offers:
:meth:`open_shared` (start-up, a pasted link), :meth:`start`, :meth:`step_key` (the
keyboard) and its buttons' handlers. Uses from the controller: the session, the page
state, ``render``/``advance``/``message``/``announce``/``focus_play``, the dialogs, the
motion, and ``ctl.analysis.stop()`` (an analysis of the replay's game ends with it).
"""

from __future__ import annotations

from tacocat import YAY, GameRecord, RecordError
from web.control.input_ctrl import Feature
from web.formats.share import PREFIX, decode, encode, from_fragment
from web.i18n.catalog import t
from web.model.replay_state import Replay
from web.model.screen import Ui
from web.model.session import MODE_AI, MODE_HOTSEAT
from web.model.text import sentence
from web.platform.browser import window
from web.platform.dom import by_id, focus

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "ArrowUp": "prev-round",
        "PageUp": "prev-round", "ArrowDown": "next-round", "PageDown": "next-round",
        "Home": "first", "End": "last", "Escape": "exit"}


class ReplayControl(Feature):
    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.current: Replay | None = None

    def open_shared(self) -> None:
        """A shared link (``#record=...``) opens its game in the replay; a damaged one is
        reported and changes nothing."""
        code = from_fragment(str(window.location.hash))
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
        ctl.token += 1
        ctl.motion.finish_all()
        self.current = Replay(record, mode, level, human)
        ctl.ui = Ui(viewer=human if mode == MODE_AI else 0)
        ctl.dialogs.close_all()
        ctl.games.close_menu()
        ctl.message("")
        ctl.render()
        focus(by_id("replay-next"))

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
        ctl.announce(by_id("replay-where").textContent)

    def do_replay_exit(self, _arg) -> None:
        ctl = self.ctl
        ctl.analysis.stop()  # an analysis of the replay's game is of no use any more
        self.current = None
        ctl.ui = Ui(viewer=ctl.first_viewer())
        ctl.render()
        ctl.advance(render=False)
        ctl.offer_resume()
        ctl.focus_play()

    def do_share(self, _arg) -> None:
        ctl = self.ctl
        record = self.current.record if self.current else GameRecord.of(ctl.session.game)
        location = window.location
        url = f"{location.origin}{location.pathname}{location.search}{PREFIX}" + \
            encode(record.to_json())
        by_id("share-url").value = url
        ctl.dialogs.close_all()
        ctl.dialogs.show("dlg-share")
        by_id("share-url").select()

    def do_share_copy(self, _arg) -> None:
        url = str(by_id("share-url").value)
        try:
            window.navigator.clipboard.writeText(url)
            self.ctl.message(t("share.copied"))
        except Exception:  # no clipboard here (an iframe, an old browser): copy by hand
            by_id("share-url").select()
            self.ctl.message(t("share.copy.hand"))

    def do_share_close(self, _arg) -> None:
        self.ctl.dialogs.close("dlg-share")


__all__ = ["KEYS", "ReplayControl"]
