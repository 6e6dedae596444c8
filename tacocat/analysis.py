"""Post-game analysis: master's evaluation of every decision one seat made in a game record.

Each decision is evaluated from **that seat's observation at the time** (never the hidden
cards): the round chance after the move played and after the best move master found, the
game chance that follows from it, and a mark by the drop — as lichess's computer analysis
marks chess moves. Per round, a short summary names the costliest decision.

* *Round chance* = (mean round outcome + 1) / 2 over master's sampled deals: a win counts
  1, a tie ½, a loss 0.
* *Game chance*: the round chance carried to the game by a simple model in which every
  later round is a coin toss (:func:`game_chance`). It says how much a round matters at
  this cat position; it is not a prediction of the players.

The work is a generator (:func:`analyse`) that yields a :class:`Progress` between slices of
≤ 20 ms, so a page can run it in slices (as it runs the computer's turns), show progress
and cancel it by dropping the generator; :func:`run_analysis` drives it to the end.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from . import events as ev
from .actions import ATTACK, DEFEND, DUEL, REPLACE, Action, parse_move
from .ai import make_player
from .ai.evaluate import move_values
from .ai.players import MasterPlayer
from .record import GameRecord
from .ruleset import YAY

#: (mark, the smallest drop in round chance that earns it), worst first.
MARKS = (("blunder", 0.25), ("mistake", 0.12), ("inaccuracy", 0.06))

TEXT = {
    "analysis.round_clean": "Round {round} ({result}): no decision cost you more than "
                            "{drop} points of round chance.",
    "analysis.round_cost": "Round {round} ({result}): {what} cost you {drop} points of "
                           "round chance — {best} was better.",
    "analysis.round_lost_at": "You lost round {round} at {phase}: {what} cost you {drop} "
                              "points of round chance — {best} was better.",
}
PHASE_WORDS = {"replace": "the replacement", "duel": "the duel", "attack": "an attack",
               "defend": "a defence"}


class Progress(NamedTuple):
    """Decisions evaluated so far out of ``total`` (the seat's moves in the record)."""

    done: int
    total: int


@dataclass(frozen=True)
class Decision:
    """One decision of the analysed seat. Chances are in [0, 1]; ``None`` when forced."""

    index: int  # position of the move in the record's moves (0-based)
    round: int
    phase: str
    played: str  # the action's notation, e.g. "D12"
    best: str | None
    round_played: float | None
    round_best: float | None
    game_played: float | None
    game_best: float | None
    drop: float  # round_best − round_played (0 when the move played was the best)
    mark: str | None
    forced: bool


@dataclass(frozen=True)
class RoundSummary:
    """One round: its result for the seat and the costliest decision, in words."""

    round: int
    result: str  # "won", "lost", "tied" or "unfinished"
    worst: int | None  # record index of the costliest decision, if any cost anything
    key: str
    params: dict[str, Any]
    text: str


@dataclass
class Analysis:
    """Everything :func:`analyse` found; ``to_dict()`` is the CLI's JSON."""

    seat: int
    level: str
    decisions: list[Decision] = field(default_factory=list)
    rounds: list[RoundSummary] = field(default_factory=list)

    def graph(self) -> list[float]:
        """The seat's round chance after each decision it made (forced ones included,
        carrying the last figure), for a chart of the game."""
        out: list[float] = []
        last = 0.5
        for d in self.decisions:
            last = d.round_played if d.round_played is not None else last
            out.append(round(last, 4))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"seat": "YAY" if self.seat == YAY else "WOW", "level": self.level,
                "marks": {m: low for m, low in MARKS},
                "decisions": [asdict(d) for d in self.decisions],
                "rounds": [asdict(r) for r in self.rounds], "graph": self.graph()}


def game_chance(cat: int, tiles: tuple[bool, ...], seat: int, round_chance: float) -> float:
    """``seat``'s chance of winning the game if it wins this round with ``round_chance``
    (ties counted half) and every later round is a coin toss. Covered spaces are jumped,
    as the engine moves the cat."""
    memo: dict[tuple[int, tuple[bool, ...]], float] = {}

    def after(cat: int, tiles: tuple[bool, ...], winner: int) -> float:
        step = -1 if winner == YAY else 1
        to = cat + step
        while 0 <= to < len(tiles) and tiles[to]:
            to += step
        if to < 0:
            return 1.0 if seat == YAY else 0.0
        if to >= len(tiles):
            return 0.0 if seat == YAY else 1.0
        covered = (*tiles[:cat], True, *tiles[cat + 1:])
        return value(to, covered)

    def value(cat: int, tiles: tuple[bool, ...]) -> float:
        got = memo.get((cat, tiles))
        if got is None:
            got = memo[(cat, tiles)] = (after(cat, tiles, 0) + after(cat, tiles, 1)) / 2
        return got

    win, loss = after(cat, tiles, seat), after(cat, tiles, 1 - seat)
    return round_chance * win + (1 - round_chance) * loss


def mark_for(drop: float) -> str | None:
    for name, low in MARKS:
        if drop >= low:
            return name
    return None


def describe(action: Action) -> str:
    """A move in words, for the summaries."""
    if action.kind == REPLACE:
        return ("keeping your hand" if not action.cards
                else "discarding " + ", ".join(map(str, action.cards)))
    if action.kind == DUEL:
        return f"sealing {action.cards[0]}"
    if action.kind == ATTACK:
        if len(action.cards) > 1:
            return "the Jumbo " + "-".join(map(str, action.cards))
        return f"attacking with {action.cards[0]}"
    if action.kind == DEFEND:
        return f"defending with {action.cards[0]}"
    return "sacrificing"


def analyse(record: GameRecord, seat: int, level: str = "master", seed: int = 0,
            **options: Any) -> Generator[Progress, None, Analysis]:
    """Evaluate every decision ``seat`` made in ``record`` (see the module docstring).
    ``level`` must be a master-type level (``master`` or ``master-2026``); ``options``
    override its settings (e.g. fewer samples for a quick look)."""
    player = make_player(level, seed, **options)
    if not isinstance(player, MasterPlayer):
        raise ValueError(f"analysis needs a master level, not {level!r}")
    moves = [parse_move(m) for m in record.moves]
    total = sum(p == seat for p, _ in moves)
    out = Analysis(seat, level)
    game = record.start()
    done = 0
    results: dict[int, str] = {}
    for i, (p, action) in enumerate(moves):
        if p == seat:
            obs = game.observation(seat)
            work = move_values(player, obs, action)
            while True:
                try:
                    next(work)
                except StopIteration as stop:
                    values = stop.value
                    break
                yield Progress(done, total)
            out.decisions.append(_decision(i, obs, action, values))
            done += 1
            yield Progress(done, total)
        rnd = game.round
        for e in game.apply(p, action):
            if e.kind == ev.SHOWDOWN:
                w = (e.info or {}).get("winner")
                results[rnd] = "tied" if w is None else ("won" if w == seat else "lost")
    out.rounds = _summaries(out.decisions, results, moves)
    return out


def run_analysis(record: GameRecord, seat: int, level: str = "master", seed: int = 0,
                 **options: Any) -> Analysis:
    """:func:`analyse` run to the end in one go (the CLI)."""
    work = analyse(record, seat, level, seed, **options)
    while True:
        try:
            next(work)
        except StopIteration as stop:
            return stop.value


def _decision(index: int, obs: Any, played: Action,
              values: list[tuple[Action, float]]) -> Decision:
    if not values:
        return Decision(index, obs.round, obs.phase, played.notation(), None, None, None,
                        None, None, 0.0, None, True)
    best, best_v = values[0]
    mine = next(v for a, v in values if a == played)
    rp, rb = (mine + 1) / 2, (best_v + 1) / 2
    drop = max(0.0, rb - rp)
    return Decision(index, obs.round, obs.phase, played.notation(), best.notation(),
                    round(rp, 4), round(rb, 4),
                    round(game_chance(obs.cat, obs.tiles, obs.viewer, rp), 4),
                    round(game_chance(obs.cat, obs.tiles, obs.viewer, rb), 4),
                    round(drop, 4), mark_for(drop), False)


def _summaries(decisions: list[Decision], results: dict[int, str],
               moves: list[tuple[int, Action]]) -> list[RoundSummary]:
    out = []
    for rnd in sorted({d.round for d in decisions}):
        mine = [d for d in decisions if d.round == rnd]
        result = results.get(rnd, "unfinished")
        worst = max(mine, key=lambda d: d.drop)
        drop = round(100 * worst.drop)
        if worst.mark is None:
            key, params = "analysis.round_clean", {"round": rnd, "result": result,
                                                   "drop": drop}
        else:
            played = moves[worst.index][1]
            best = Action.parse(worst.best) if worst.best else played
            key = "analysis.round_lost_at" if result == "lost" else "analysis.round_cost"
            params = {"round": rnd, "result": result, "drop": drop,
                      "phase": PHASE_WORDS.get(worst.phase, worst.phase),
                      "what": describe(played), "best": describe(best)}
        out.append(RoundSummary(rnd, result, worst.index if worst.mark else None, key,
                                params, TEXT[key].format(**params)))
    return out
