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

from .. import events as ev
from ..actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE, Action, parse_move
from ..errors import RecordError
from ..players import Thinking, run_think
from ..record import GameRecord
from ..ruleset import WOW, YAY
from . import make_player
from .computer_players import MasterPlayer
from .evaluate import move_values

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
#: A move in words, by the ``"move"`` of :func:`move_data` (``{cards}`` as the page shows
#: card lists: comma-separated, a Jumbo's joined by hyphens). The page has the same keys
#: as ``analysis.move.<move>`` in its catalogs, in every language.
MOVE_WORDS = {"keep": "keeping your hand", "discard": "discarding {cards}",
              "duel": "sealing {cards}", "attack": "attacking with {cards}",
              "jumbo": "the Jumbo {cards}", "defend": "defending with {cards}",
              "sacrifice": "sacrificing"}
RESULTS = ("won", "lost", "tied", "unfinished")


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

    @classmethod
    def from_dict(cls, data: Any) -> Analysis:
        """The inverse of :meth:`to_dict`, for an analysis kept in storage (which anyone
        could have edited): every field is checked for its type and range, and anything
        else raises ``ValueError`` — the caller recomputes instead."""
        _need(isinstance(data, dict) and data.get("seat") in ("YAY", "WOW")
              and isinstance(data.get("level"), str), "not an analysis")
        out = cls(YAY if data["seat"] == "YAY" else WOW, data["level"])
        _need(isinstance(data.get("decisions"), list) and isinstance(data.get("rounds"), list),
              "an analysis lists decisions and rounds")
        out.decisions = [_decision_from(d) for d in data["decisions"]]
        out.rounds = [_round_from(r) for r in data["rounds"]]
        return out


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


def move_data(action: Action) -> dict[str, Any]:
    """A move as language-free data for the summaries: ``{"move": one of
    :data:`MOVE_WORDS`, "cards": [...]}`` — the page words it in its own catalogs."""
    if action.kind == REPLACE:
        move = "discard" if action.cards else "keep"
    elif action.kind == ATTACK:
        move = "jumbo" if len(action.cards) > 1 else "attack"
    else:
        move = action.kind
    return {"move": move, "cards": list(action.cards)}


def describe(action: Action) -> str:
    """A move in English words, for the CLI's summaries."""
    data = move_data(action)
    sep = "-" if data["move"] == "jumbo" else ", "
    return MOVE_WORDS[data["move"]].format(cards=sep.join(map(str, data["cards"])))


def summary_text(key: str, params: dict[str, Any]) -> str:
    """A round summary in English from its language-free ``params``."""
    words = dict(params)
    if "phase" in words:
        words["phase"] = PHASE_WORDS[words["phase"]]
    for name in ("what", "best"):
        if name in words:
            words[name] = describe(Action(_KIND_OF[words[name]["move"]],
                                          tuple(words[name]["cards"])))
    return TEXT[key].format(**words)


_KIND_OF = {"keep": REPLACE, "discard": REPLACE, "duel": DUEL, "attack": ATTACK,
            "jumbo": ATTACK, "defend": DEFEND, "sacrifice": SACRIFICE}


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
            work = Thinking(move_values(player, obs, action))
            while not work.step():
                yield Progress(done, total)
            values = work.value
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
    return run_think(analyse(record, seat, level, seed, **options))


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
            params = {"round": rnd, "result": result, "drop": drop, "phase": worst.phase,
                      "what": move_data(played), "best": move_data(best)}
        out.append(RoundSummary(rnd, result, worst.index if worst.mark else None, key,
                                params, summary_text(key, params)))
    return out


# -- reading a stored analysis back (Analysis.from_dict) -------------------------------------
_DECISION_FIELDS = tuple(Decision.__dataclass_fields__)
_ROUND_FIELDS = tuple(RoundSummary.__dataclass_fields__)


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"malformed analysis: {what}")


def _int(value: Any, low: int = 0) -> bool:
    return type(value) is int and low <= value <= 10_000


def _chance(value: Any) -> bool:
    return value is None or (type(value) in (int, float) and 0 <= value <= 1)


def _notation(text: Any) -> str:
    try:
        Action.parse(text)
    except RecordError as exc:
        raise ValueError(f"malformed analysis: {exc}") from None
    return text


def _decision_from(d: Any) -> Decision:
    _need(isinstance(d, dict) and set(d) == set(_DECISION_FIELDS), "a decision's fields")
    _need(_int(d["index"]) and _int(d["round"], 1) and d["phase"] in PHASE_WORDS
          and all(_chance(d[k]) for k in ("round_played", "round_best", "game_played",
                                          "game_best"))
          and type(d["drop"]) in (int, float) and 0 <= d["drop"] <= 1
          and d["mark"] in (None, *(m for m, _ in MARKS)) and type(d["forced"]) is bool,
          "a decision's values")
    _notation(d["played"])
    if d["best"] is not None:
        _notation(d["best"])
    return Decision(**d)


def _move_from(m: Any) -> None:
    _need(isinstance(m, dict) and set(m) == {"move", "cards"} and m["move"] in MOVE_WORDS
          and isinstance(m["cards"], list) and len(m["cards"]) <= 20
          and all(_int(c, 1) for c in m["cards"]), "a move")


def _round_from(r: Any) -> RoundSummary:
    _need(isinstance(r, dict) and set(r) == set(_ROUND_FIELDS) and _int(r["round"], 1)
          and r["result"] in RESULTS and (r["worst"] is None or _int(r["worst"]))
          and r["key"] in TEXT and isinstance(r["params"], dict), "a round")
    params = r["params"]
    clean = r["key"] == "analysis.round_clean"
    _need(set(params) == ({"round", "result", "drop"} if clean else
                          {"round", "result", "drop", "phase", "what", "best"})
          and params["round"] == r["round"] and params["result"] == r["result"]
          and _int(params["drop"]), "a round's parameters")
    if not clean:
        _need(params["phase"] in PHASE_WORDS, "a round's phase")
        _move_from(params["what"])
        _move_from(params["best"])
    return RoundSummary(r["round"], r["result"], r["worst"], r["key"], params,
                        summary_text(r["key"], params))
