"""Generate the puzzle set: ``web/puzzles.json`` and its summary in ``docs/puzzles.md``.

    nice -n 19 .venv/bin/python -m scripts.build_puzzles --seed 2026 --count 600

Deterministic from ``--seed``: the same seed and count give the same file byte for byte.

1. **Positions from real games.** ``master`` plays ``master`` (iteration caps only,
   ``budget_ms=None``, so the moves do not depend on the machine's load). Every position
   of a trick fight from the duel up to :data:`FEW_MOVES` moves in, with hands of 3–7
   cards when the trick began, is a candidate.
2. **Filters**, in this order (each counted): (a) exactly one legal move wins the round
   for the side to move (a win, not a tie); (b) at least two legal moves do not win;
   (c) the rule of thumb's move (the ``greedy`` level's) does not win; (d) not a
   duplicate — the same fight (hands, phase and table, whatever the seats and the board)
   as a kept puzzle, or a position on a kept puzzle's main line.
3. **Ratings from play.** Each offered level (easy, medium, hard, master) tries every
   kept puzzle :data:`RUNS` times with different seeds, deciding from its own observation
   as in a game, against the referee's longest-holding defence; an attempt counts when its
   moves win the round. The solve counts are fitted with a Rasch (one-parameter logistic)
   model on the Elo/Glicko scale — P(level solves puzzle) = 1 / (1 + 10^((R − θ) / 400)) —
   jointly for the puzzles' ratings R and the levels' ratings θ, with a normal prior
   N(1500, 350²) on each R (it anchors the scale, so the mean puzzle sits near a new
   player's 1500, and keeps the rating finite when every level solves or fails a puzzle)
   and a weak N(1500, 1000²) on each θ. The bands are ranges of R
   (:data:`tacocat.puzzles.BANDS`).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from tacocat import Game
from tacocat.ai import LEVELS_OFFERED, make_player
from tacocat.ai.rules_of_thumb import greedy_action
from tacocat.moves import PHASE_ATTACK, PHASE_DEFEND, PHASE_DUEL
from tacocat.puzzles import BANDS, Puzzle, dumps, verify
from tacocat.puzzles.referee import (
    Judge,
    fight_of,
    is_winning,
    reply,
    result,
    round_over,
    solution,
)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "puzzles.json"
SUMMARY = ROOT / "docs" / "puzzles.md"
FEW_MOVES = 4  # candidates up to this many trick-fight moves after the duel
SIZES = range(3, 8)  # cards in each hand when the trick began
RUNS = 16  # attempts per level and puzzle
FILTERS = ("no_win", "several_wins", "few_losing", "greedy_wins", "duplicate", "on_kept_line")
FILTER_TEXT = {
    "no_win": "(a) no legal move wins the round (lost or tied)",
    "several_wins": "(a) more than one legal move wins",
    "few_losing": "(b) fewer than two legal moves fail to win",
    "greedy_wins": "(c) the rule of thumb's move wins",
    "duplicate": "(d) the same fight as a kept puzzle",
    "on_kept_line": "(d) a position on a kept puzzle's main line",
}
PRIOR_MEAN, PRIOR_SD, LEVEL_SD = 1500.0, 350.0, 1000.0
C = math.log(10) / 400  # the Elo scale's logistic slope
MARKER_START, MARKER_END = "<!-- puzzles:start -->", "<!-- puzzles:end -->"


# -- 1. positions from real games -------------------------------------------------------------
def snapshot(game: Game) -> dict:
    """The position's keyword arguments for :meth:`Game.from_position`."""
    return {"yay": list(game.hands[0]), "wow": list(game.hands[1]), "phase": game.phase,
            "cat": game.cat, "tiles": [i for i, t in enumerate(game.tiles) if t],
            "attacker": game.attacker, "attack": list(game.attack),
            "answers": [[c, ok] for c, ok in game.answers], "discard": list(game.discard)}


def candidates(game_seed: int, seats_seed: int):
    """Play one game master against master; yield each candidate position (a dict)."""
    game = Game(game_seed)
    players = [make_player("master", seats_seed + s, budget_ms=None) for s in (0, 1)]
    moves_in = 0
    while not game.is_terminal():
        for seat in game.to_act():
            was_duel = game.phase == PHASE_DUEL
            game.apply(seat, players[seat].choose(game.observation(seat)))
            if game.phase not in (PHASE_ATTACK, PHASE_DEFEND):
                continue
            moves_in = 0 if was_duel else moves_in + 1
            size = len(game.hands[game.attacker]) + len(game.attack)
            if moves_in <= FEW_MOVES and size in SIZES:
                yield snapshot(game)


# -- 2. filters -------------------------------------------------------------------------------
def fight_key(position: dict) -> tuple:
    """The fight alone, seat-free: the solver's hand, the opponent's, the phase, the table."""
    solver = position["attacker"] if position["phase"] == PHASE_ATTACK \
        else 1 - position["attacker"]
    hands = (position["yay"], position["wow"])
    return (position["phase"], tuple(hands[solver]), tuple(hands[1 - solver]),
            tuple(position["attack"]), tuple(map(tuple, position["answers"])))


def line_keys(puzzle: Puzzle) -> list[tuple]:
    """The fight keys of the positions the puzzle's main line passes through."""
    game = puzzle.game()
    out = []
    for seat, action in puzzle.line:
        game.apply(seat, action)
        if round_over(game):
            break
        out.append(fight_key(snapshot(game)))
    return out


def classify(game: Game) -> str | None:
    """Why the position fails the filters (a)–(c), or ``None`` if it passes them."""
    f = fight_of(game)
    opts = Judge.of(game).options(f)
    wins = [a for a, _, v in opts if v == 1]
    if not wins:
        return "no_win"
    if len(wins) > 1:
        return "several_wins"
    if len(opts) - 1 < 2:
        return "few_losing"
    if greedy_action(game.observation(f.mover)) == wins[0]:
        return "greedy_wins"
    return None


def mine(seed: int, count: int, max_games: int, log) -> tuple[list[Puzzle], Counter]:
    """Play games until ``count`` puzzles pass the filters (or ``max_games`` were played)."""
    kept: list[Puzzle] = []
    seen: set[tuple] = set()
    on_lines: set[tuple] = set()
    tally: Counter = Counter()
    started = time.perf_counter()
    for k in range(max_games):
        tally["games"] += 1
        for position in candidates(seed * 100_000 + k, seed * 100_000 + 2 * k + 50_000):
            tally["candidates"] += 1
            game = Game.from_position(**position)
            reason = classify(game)
            key = fight_key(position)
            if reason is None and key in seen:
                reason = "duplicate"
            if reason is None and key in on_lines:
                reason = "on_kept_line"
            if reason:
                tally[reason] += 1
                continue
            puzzle = Puzzle(**{k2: _tuple(v) for k2, v in position.items()},
                            line=tuple(solution(game)))
            problems = verify(puzzle)
            assert not problems, (puzzle.to_text(), problems)
            kept.append(puzzle)
            seen.add(key)
            on_lines.update(line_keys(puzzle))
            if len(kept) >= count:
                log(f"games {k + 1}: {tally['candidates']} candidates, {len(kept)} kept, "
                    f"{time.perf_counter() - started:.0f} s")
                return kept, tally
        if (k + 1) % 10 == 0:
            log(f"games {k + 1}: {tally['candidates']} candidates, {len(kept)} kept, "
                f"{time.perf_counter() - started:.0f} s")
    return kept, tally


def _tuple(value):
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


# -- 3. ratings from play ---------------------------------------------------------------------
def attempt(puzzle: Puzzle, level: str, seed: int) -> bool:
    """One honest try: ``level`` decides from its observation; the opponent holds out."""
    game = puzzle.game()
    player = make_player(level, seed, budget_ms=None)
    solver = puzzle.solver
    while not round_over(game):
        seat = game.to_act()[0]
        if seat == solver:
            action = player.choose(game.observation(seat))
            if not is_winning(game, seat, action):
                return False  # exact: the round is no longer won, whatever follows
        else:
            action = reply(game)
        game.apply(seat, action)
    return result(game, solver) == "won"


def solve_counts(puzzles: list[Puzzle], seed: int, runs: int, log) -> list[dict[str, int]]:
    out = []
    started = time.perf_counter()
    for n, puzzle in enumerate(puzzles, 1):
        out.append({level: sum(attempt(puzzle, level, seed * 1000 + r) for r in range(runs))
                    for level in LEVELS_OFFERED})
        if n % 50 == 0 or n == len(puzzles):
            log(f"rated {n}/{len(puzzles)}, {time.perf_counter() - started:.0f} s")
    return out


def _p(theta: float, r: float) -> float:
    return 1 / (1 + math.exp(-C * (theta - r)))


def _newton(x: float, grad_hess) -> float:
    for _ in range(50):
        g, h = grad_hess(x)
        step = max(-200.0, min(200.0, g / h))
        x -= step
        if abs(step) < 1e-6:
            break
    return x


def fit(counts: list[dict[str, int]], runs: int) -> tuple[list[float], dict[str, float]]:
    """The Rasch fit (module docstring): (puzzle ratings, level ratings)."""
    ratings = [PRIOR_MEAN] * len(counts)
    levels = dict.fromkeys(LEVELS_OFFERED, PRIOR_MEAN)
    for _ in range(500):
        moved = 0.0
        for i, solved in enumerate(counts):
            def gh(r, solved=solved):
                ps = [(_p(levels[lv], r), s) for lv, s in solved.items()]
                g = C * sum(runs * p - s for p, s in ps) - (r - PRIOR_MEAN) / PRIOR_SD ** 2
                h = -C * C * sum(runs * p * (1 - p) for p, _ in ps) - 1 / PRIOR_SD ** 2
                return g, h
            new = _newton(ratings[i], gh)
            moved = max(moved, abs(new - ratings[i]))
            ratings[i] = new
        for lv in LEVELS_OFFERED:
            def gh_level(t, lv=lv):
                ps = [(_p(t, r), c[lv]) for r, c in zip(ratings, counts, strict=True)]
                g = C * sum(s - runs * p for p, s in ps) - (t - PRIOR_MEAN) / LEVEL_SD ** 2
                h = -C * C * sum(runs * p * (1 - p) for p, _ in ps) - 1 / LEVEL_SD ** 2
                return g, h
            new = _newton(levels[lv], gh_level)
            moved = max(moved, abs(new - levels[lv]))
            levels[lv] = new
        if moved < 0.001:
            break
    return ratings, levels


# -- output -----------------------------------------------------------------------------------
def sizes(text: str) -> dict[str, int | None]:
    """Bytes of the file raw, gzipped (level 9) and brotli-compressed (quality 11, with the
    ``brotli`` step the site's build uses: scripts/brotli.mjs under Node; ``None``
    without Node)."""
    raw = text.encode("utf-8")
    out: dict[str, int | None] = {"raw": len(raw),
                                  "gzip": len(gzip.compress(raw, 9, mtime=0)), "brotli": None}
    node = shutil.which("node")
    if node:
        with tempfile.TemporaryDirectory() as tmp:
            src, dst, job = Path(tmp, "p.json"), Path(tmp, "p.json.br"), Path(tmp, "job.json")
            src.write_bytes(raw)
            job.write_text(json.dumps([[str(src), str(dst)]]))
            subprocess.run([node, str(ROOT / "scripts" / "brotli.mjs"), str(job)], check=True)
            out["brotli"] = dst.stat().st_size
    return out


def summary(seed: int, puzzles: list[Puzzle], counts: dict[str, dict[str, int]],
            levels: dict[str, float], tally: Counter, runs: int,
            size: dict[str, int | None]) -> str:
    """The generated section of docs/puzzles.md (no timings: the same seed, the same text)."""
    lines = [MARKER_START, "",
             f"Generated by `scripts/build_puzzles.py --seed {seed} --count {len(puzzles)}` "
             f"(rated with {runs} attempts per level and puzzle).", "",
             f"**{len(puzzles)} puzzles** from {tally['games']} games of master against "
             f"master: {tally['candidates']} candidate positions, removed by the filters:", "",
             "| filter | removed |", "|---|---:|"]
    for name in FILTERS:
        lines.append(f"| {FILTER_TEXT[name]} | {tally[name]} |")
    lines += [f"| kept | {len(puzzles)} |", "",
              "Solve rates by band (share of attempts whose moves won the round against the "
              "longest-holding defence):", "",
              "| band | ratings | puzzles | " + " | ".join(LEVELS_OFFERED) + " |",
              "|---|---|---:|" + "---:|" * len(LEVELS_OFFERED)]
    for name, _ in BANDS:
        members = [p for p in puzzles if p.band == name]
        if not members:
            lines.append(f"| {name} | — | 0 |" + " — |" * len(LEVELS_OFFERED))
            continue
        rates = [sum(counts[p.id][lv] for p in members) / (runs * len(members))
                 for lv in LEVELS_OFFERED]
        lines.append(f"| {name} | {min(p.rating for p in members)}–"
                     f"{max(p.rating for p in members)} | {len(members)} | "
                     + " | ".join(f"{r:.2f}" for r in rates) + " |")
    total = [sum(c[lv] for c in counts.values()) / (runs * len(puzzles)) for lv in LEVELS_OFFERED]
    lines += [f"| all | {min(p.rating for p in puzzles)}–{max(p.rating for p in puzzles)} | "
              f"{len(puzzles)} | " + " | ".join(f"{r:.2f}" for r in total) + " |", "",
              "The levels' fitted ratings (the θ of the Rasch fit): "
              + ", ".join(f"{lv} {round(levels[lv])}" for lv in LEVELS_OFFERED) + ".", "",
              f"`web/puzzles.json`: {size['raw']:,} bytes, {size['gzip']:,} gzip (level 9), "
              + (f"{size['brotli']:,} brotli (quality 11)." if size["brotli"] is not None
                 else "brotli not measured (no Node)."), "", MARKER_END]
    return "\n".join(lines) + "\n"


def write_summary(path: Path, section: str) -> None:
    """Replace the generated section of ``path`` (or create the file with it alone)."""
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if MARKER_START in text and MARKER_END in text:
            head, rest = text.split(MARKER_START, 1)
            tail = rest.split(MARKER_END, 1)[1].lstrip("\n")
            path.write_text(head + section + tail, encoding="utf-8")
            return
        section = text.rstrip("\n") + "\n\n" + section
    path.write_text(section, encoding="utf-8")


def build(seed: int, count: int, max_games: int, runs: int, out: Path, summary_path: Path,
          log=print) -> list[Puzzle]:
    started = time.perf_counter()
    kept, tally = mine(seed, count, max_games, log)
    if not kept:
        raise SystemExit("no puzzle found: play more games (--games)")
    solved = solve_counts(kept, seed, runs, log)
    ratings, levels = fit(solved, runs)
    puzzles = [Puzzle(**{**_fields(p), "rating": round(r)}) for p, r in zip(kept, ratings,
                                                                           strict=True)]
    counts = {p.id: c for p, c in zip(puzzles, solved, strict=True)}
    puzzles.sort(key=lambda p: (p.rating, p.id))
    text = dumps(puzzles, seed=seed)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    size = sizes(text)
    section = summary(seed, puzzles, counts, levels, tally, runs, size)
    write_summary(summary_path, section)
    log(section)
    log(f"{len(puzzles)} puzzles in {time.perf_counter() - started:.0f} s → {out}")
    return puzzles


def _fields(p: Puzzle) -> dict:
    return {"phase": p.phase, "attacker": p.attacker, "yay": p.yay, "wow": p.wow,
            "attack": p.attack, "answers": p.answers, "cat": p.cat, "tiles": p.tiles,
            "discard": p.discard, "line": p.line}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--count", type=int, default=600, help="puzzles to keep")
    ap.add_argument("--games", type=int, default=5000, help="at most this many games")
    ap.add_argument("--runs", type=int, default=RUNS, help="attempts per level and puzzle")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--summary", type=Path, default=SUMMARY)
    args = ap.parse_args(argv)
    build(args.seed, args.count, args.games, args.runs, args.out, args.summary,
          log=lambda s: print(s, flush=True))


if __name__ == "__main__":
    main()
