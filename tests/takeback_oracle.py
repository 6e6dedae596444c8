"""The take-back audit (#20): random games against the computer and on one device, with
random take-backs and chains of them, checked against an oracle that does not share the
policy's code. Used by tests/test_takeback_chains.py (Hypothesis) and
bench/takeback_audit.py (thousands of games, the table in docs/TESTING.md).

The oracle watches each seat's *observation* after every move, in real time (moves later
taken back included): a seat has seen something new when the multiset of cards it can see
(its hand, the discard pile, the table) grows, a new round starts, or it learns how many
cards the opponent replaced. A take-back *leaks* if the earliest move it removes of the
taker's was made before (or caused) anything new the taker has seen since. Every take-back
the policy allows is checked for leaks (performed or not); every one it refuses is checked
for being needed; every one performed is checked for restoring exactly the state (game,
log, table) the taker had when making that move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from random import Random

from tacocat import WOW, YAY, Game, RandomPlayer
from tests.helpers import snapshot
from web.model.seen import sightings
from web.model.session import MODE_AI, Session
from web.model.takeback import pass_offer, takeback, taken_back

PHASES = ("replace", "duel", "attack", "defend")
# kinds of take-back: the Take back button (vs the computer), the pass screen's offer
# (one device), and the policy asked for either seat at any moment (one device)
BUTTON, PASS, ANY = "button", "pass", "any"
MAX_TAKES = 150  # take-backs performed per game, at most


@dataclass
class Tally:
    """Counts per (mode, kind, phase of the position a take-back would restore)."""

    rows: Counter = field(default_factory=Counter)
    games: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def add(self, mode: str, kind: str, phase: str, what: str, n: int = 1) -> None:
        self.rows[mode, kind, phase, what] += n

    def total(self, what: str) -> int:
        return sum(n for (_, _, _, w), n in self.rows.items() if w == what)

    def merge(self, other: Tally) -> None:
        self.rows.update(other.rows)
        self.games.update(other.games)
        self.failures += other.failures


def _visible(obs) -> tuple[int, Counter, int | None]:
    """What a seat can see, for the oracle: the round, the cards it can see, and how many
    cards the opponent replaced (None: not yet)."""
    opp = obs.replaced[1 - obs.viewer]
    return obs.round, Counter(obs.hand + obs.discard + obs.table()), \
        None if opp is None else len(opp)


def _news(before, after) -> bool:
    """Whether ``after`` shows something ``before`` did not (cards only move between the
    hand, the table and the discard pile when the seat itself plays)."""
    return before[0] != after[0] or after[1] - before[1] != Counter() or before[2] != after[2]


def _history_only(session: Session, seat: int) -> bool:
    """The pre-#20 policy (the history as it is now): would it allow ``seat`` a take-back?"""
    history = session.game.history
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat), None)
    return last is not None and not any(
        s.seat == seat for events in session.move_events[last:] for s in sightings(events, 0))


class Audit:
    """One random game, with random take-backs, checked as it goes."""

    def __init__(self, seed: int, mode: str, tally: Tally, p_take: float = 0.3,
                 p_chain: float = 0.6) -> None:
        self.rng = Random(seed)
        self.mode, self.tally = mode, tally
        self.p_take, self.p_chain = p_take, p_chain
        self.session = Session(Game(seed), mode, "easy", YAY)
        self.bots = (RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2))
        self.clock = 0  # real time: moves ever applied
        self.times: list[int] = []  # real time of each move of the current history
        self.before: list[tuple] = []  # the full state just before each history move
        self.phases: list[str] = []  # ... and its phase
        self.news: list[list[int]] = [[], []]  # real times each seat saw something new
        self.view = [_visible(self.session.game.observation(s)) for s in (YAY, WOW)]
        self.holder = self.session.game.to_act()[0]  # who holds the device (one device)
        self.just_granted: int | None = None  # allowed a take-back, not handed over since
        self.chained = False  # the last step was a take-back
        self.taken = 0  # take-backs performed
        self.seed = seed

    # -- the oracle ----------------------------------------------------------------------
    def state(self) -> tuple:
        s = self.session
        return (snapshot(s.game), [(e.key, e.params, e.seat) for e in s.log], repr(s.table))

    def look(self) -> None:
        """After a move: what each seat sees now, and whether it is new."""
        for seat in (YAY, WOW):
            now = _visible(self.session.game.observation(seat))
            if _news(self.view[seat], now):
                self.news[seat].append(self.clock)
            self.view[seat] = now

    def leaks(self, seat: int, moves: int) -> bool:
        """Taking back the last ``moves`` moves would undo a move of ``seat`` made before
        something new it has seen since."""
        first = len(self.times) - moves
        return any(t >= self.times[first] for t in self.news[seat])

    # -- the game ------------------------------------------------------------------------
    def move(self, seat: int) -> None:
        s = self.session
        if s.result_pending:
            s.next_round()  # the players have seen the result (the page's Continue)
        self.before.append(self.state())
        self.phases.append(s.game.phase)
        self.chained = False
        self.just_granted = None
        s.apply(seat, self.bots[seat].choose(s.game.observation(seat)))
        self.clock += 1
        self.times.append(self.clock)
        self.look()

    def judge(self, kind: str, seat: int) -> int:
        """Ask the policy whether ``seat`` may take back now; check the answer."""
        s = self.session
        moves, _ = takeback(s, seat)
        history = s.game.history
        last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat),
                    None)
        if last is None:
            return 0
        phase = self.phases[last]  # the phase of the position it would restore
        self.tally.add(self.mode, kind, phase, "tried")
        if moves:
            self.tally.add(self.mode, kind, phase, "allowed")
            if self.leaks(seat, moves):
                self.tally.add(self.mode, kind, phase, "leaks")
                self.fail(f"{kind} take-back by {seat} leaks")
        elif not self.leaks(seat, len(history) - last):
            self.tally.add(self.mode, kind, phase, "needless")
            self.fail(f"{kind} take-back by {seat} refused without need")
        if _history_only(s, seat) and self.leaks(seat, len(history) - last):
            self.tally.add(self.mode, kind, phase, "old_leaks")  # the bug this guards against
        return moves

    def take(self, kind: str, seat: int, moves: int, granted_by: int | None = None) -> None:
        s = self.session
        cut = len(s.game.history) - moves
        phase = self.phases[cut]
        back = taken_back(s, moves, granted_by)
        self.session = back
        expected = self.before[cut]
        del self.times[cut:], self.before[cut:], self.phases[cut:]
        self.chained = True
        self.taken += 1
        self.just_granted = granted_by
        self.tally.add(self.mode, kind, phase, "done")
        if self.state() != expected:
            self.tally.add(self.mode, kind, phase, "inexact")
            self.fail(f"{kind} take-back by {seat} restored another state")
        self.view = [_visible(back.game.observation(p)) for p in (YAY, WOW)]

    def fail(self, what: str) -> None:
        moves = " ".join(self.session.game.moves_text())
        self.tally.failures.append(f"seed {self.seed} ({self.mode}): {what} after {moves}")

    def run(self, max_steps: int = 20_000) -> None:
        self.tally.games[self.mode] += 1
        for _ in range(max_steps):
            game = self.session.game
            if game.is_terminal():
                return
            owing = [p for p in game.to_act() if self.session.owes(p)]
            if self.mode == MODE_AI:
                self.step_ai(owing)
            else:
                self.step_hotseat(owing)
        self.fail("did not finish")

    def chance(self) -> bool:
        """Take back now? (At most MAX_TAKES per game, so every game ends.)"""
        if self.taken >= MAX_TAKES:
            return False
        return self.rng.random() < (self.p_chain if self.chained else self.p_take)

    def step_ai(self, owing: list[int]) -> None:
        """The human (YAY) may press Take back at any moment; sealed steps in any order."""
        if self.chance():
            moves = self.judge(BUTTON, YAY)
            if moves:
                self.take(BUTTON, YAY, moves)
                return
        self.move(self.rng.choice(owing))

    def step_hotseat(self, owing: list[int]) -> None:
        s = self.session
        to = owing[0]
        if self.holder not in owing:  # the pass screen
            offer = pass_offer(s, to)
            mover = s.game.history[-1][0] if s.game.history else None
            if mover is not None and mover != to:
                moves = self.judge(PASS, mover)
                if offer.seat is not None and mover == self.just_granted:
                    self.fail("a take-back offered to the player who just allowed one")
                elif (offer.seat is not None) != bool(moves) and mover != self.just_granted:
                    self.fail("the pass screen disagrees with the policy")
                if offer.seat is not None:
                    self.tally.add(self.mode, PASS, self.phases[-1], "offered")
                if offer.seat is not None and self.chance():
                    self.take(PASS, mover, moves, granted_by=to)
                    self.holder = None  # the page hides both hands: a pass screen follows
                    return  # (for the taker; ``to`` still holds the device)
            self.holder = to  # "Show <to>'s hand"
            s.granted_by = self.just_granted = None
        if self.taken < MAX_TAKES and self.rng.random() < self.p_take / 4:  # asked directly
            seat = self.rng.choice((YAY, WOW))
            moves = self.judge(ANY, seat)
            if moves and self.rng.random() < 0.5:
                self.take(ANY, seat, moves)
                self.holder = seat
                return
        self.move(to)
