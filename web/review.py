"""Looking back at games: the replay (step through a record), sharing a game as a link,
and the statistics. A mixin of :class:`web.controller.Controller`, like
:mod:`web.commands`."""

from __future__ import annotations

from tacocat import YAY, GameRecord, RecordError

from . import storage
from .browser import window
from .dom import by_id, focus
from .i18n import t
from .replay import Replay
from .screen import Ui
from .session import MODE_AI, MODE_HOTSEAT
from .share import PREFIX, decode, encode, from_fragment
from .stats import Stats
from .text import sentence
from .views.stats import StatsView

REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "ArrowUp": "prev-round",
               "PageUp": "prev-round", "ArrowDown": "next-round", "PageDown": "next-round",
               "Home": "first", "End": "last", "Escape": "exit"}



class Review:
    def open_shared(self) -> None:
        """A shared link (``#record=...``) opens its game in the replay; a damaged one is
        reported and changes nothing."""
        code = from_fragment(str(window.location.hash))
        if code is None:
            return
        try:
            record = GameRecord.from_json(decode(code))
            self.start_replay(record, MODE_HOTSEAT, self.prefs.level, YAY)
        except RecordError as exc:
            self.message(t("share.error", error=sentence(str(exc))), alert=True)

    # -- replay and sharing ----------------------------------------------------------------------
    def do_replay(self, _arg) -> None:
        s = self.session
        self.start_replay(GameRecord.of(s.game), s.mode, s.level, s.human)

    def start_replay(self, record: GameRecord, mode: str, level: str, human: int) -> None:
        """Step through ``record``; the game in progress waits (its computer turns stop)."""
        self.token += 1
        self.motion.finish_all()
        self.replay = Replay(record, mode, level, human)
        me = human if mode == MODE_AI else 0
        self.ui = Ui(viewer=me)
        self.dialogs.close_all()
        self.close_menu()
        self.message("")
        self.render()
        focus(by_id("replay-next"))

    def do_replay_go(self, arg: str) -> None:
        replay = self.replay
        if replay is None:
            return
        before = self.motion.snapshot(replay.session().game.cat)
        at = replay.at
        {"first": lambda: replay.go(0), "last": lambda: replay.go(replay.total),
         "prev": lambda: replay.step(-1), "next": lambda: replay.step(1),
         "prev-round": replay.previous_round, "next-round": replay.next_round}[arg]()
        self.render()
        if replay.at == at + 1:  # one move forward: it moves as in the game
            game = replay.session().game
            self.motion.play(before, self.screen().me, game.cat,
                             [i for i, c in enumerate(game.tiles) if c])
        self.announce(by_id("replay-where").textContent)

    def do_replay_exit(self, _arg) -> None:
        self.stop_analysis()  # an analysis of the replay's game is of no use any more
        self.replay = None
        self.ui = Ui(viewer=self.first_viewer())
        self.render()
        self.advance(render=False)
        if self.pending_resume is not None:
            game = self.pending_resume.game
            self.dialogs.offer_resume(game.round, len(game.history))
        self.focus_play()

    def do_share(self, _arg) -> None:
        record = self.replay.record if self.replay else GameRecord.of(self.session.game)
        location = window.location
        url = f"{location.origin}{location.pathname}{location.search}{PREFIX}" + \
            encode(record.to_json())
        by_id("share-url").value = url
        self.dialogs.close_all()
        self.dialogs.show("dlg-share")
        by_id("share-url").select()

    def do_share_copy(self, _arg) -> None:
        url = str(by_id("share-url").value)
        try:
            window.navigator.clipboard.writeText(url)
            self.message(t("share.copied"))
        except Exception:  # no clipboard here (an iframe, an old browser): copy by hand
            by_id("share-url").select()
            self.message(t("share.copy.hand"))

    def do_share_close(self, _arg) -> None:
        self.dialogs.close("dlg-share")

    # -- statistics -----------------------------------------------------------------------------
    def do_stats(self, _arg) -> None:
        StatsView().render(self.stats)
        reset = by_id("stats-reset")
        reset.textContent = t("stats.reset")
        reset.removeAttribute("data-armed")
        self.dialogs.close_all()
        self.dialogs.show("dlg-stats")

    def do_stats_close(self, _arg) -> None:
        self.dialogs.close("dlg-stats")

    def do_stats_reset(self, _arg) -> None:
        """Two presses: the first asks, the second forgets every game."""
        reset = by_id("stats-reset")
        if not reset.hasAttribute("data-armed"):
            reset.setAttribute("data-armed", "")
            reset.textContent = t("stats.reset.confirm")
            return
        self.stats = Stats()
        storage.write(storage.STATS_KEY, None)
        self.do_stats(None)

