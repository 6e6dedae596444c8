"""Calibration of the post-game analysis: predicted round chances against what happened.

    python -m bench.analysis_calibration [--games 20] [--seed 3000] [--players hard,medium]

Plays ``games`` games between two levels (seats alternating), analyses **both** seats of
every game with :func:`tacocat.ai.analysis.run_analysis`, and compares each evaluated
decision's round chance after the move played with the outcome of that round for that
seat (win 1, tie ½, loss 0). Writes the "analysis-calibration" section of docs/AI.md:
per bin of predicted chance, the mean prediction and the mean outcome, plus the Brier
score against always predicting ½. Decisions of one round are not independent (they share
the round's outcome), so the table counts rounds as well as decisions.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from bench.docsection import write_section
from tacocat import Game
from tacocat import events as ev
from tacocat.ai import make_player
from tacocat.ai.analysis import run_analysis
from tacocat.record import GameRecord

ROOT = Path(__file__).resolve().parent.parent



BINS = 5


def play(a: str, b: str, seed: int, swap: bool) -> tuple[GameRecord, dict[int, int | None]]:
    """One game; returns its record and each round's winner (``None``: tied)."""
    names = (b, a) if swap else (a, b)
    players = [make_player(n, seed * 10 + p) for p, n in enumerate(names)]
    g = Game(seed)
    winners: dict[int, int | None] = {}
    while not g.is_terminal():
        for p in g.to_act():
            rnd = g.round
            for e in g.apply(p, players[p].choose(g.observation(p))):
                if e.kind == ev.SHOWDOWN:
                    winners[rnd] = (e.info or {}).get("winner")
    return GameRecord.of(g), winners


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--players", default="hard,medium")
    ap.add_argument("--out", default=str(ROOT / "docs" / "AI.md"))
    args = ap.parse_args()
    a, b = args.players.split(",")
    t0 = time.perf_counter()
    points: list[tuple[float, float]] = []  # (predicted, outcome)
    rounds = 0
    for k in range(args.games):
        record, winners = play(a, b, args.seed + k, bool(k % 2))
        for seat in (0, 1):
            result = run_analysis(record, seat)
            for d in result.decisions:
                if d.forced or d.round not in winners:
                    continue
                w = winners[d.round]
                points.append((d.round_played, 0.5 if w is None else float(w == seat)))
            rounds += sum(1 for r in winners if any(d.round == r for d in result.decisions))
        print(f"game {k + 1}/{args.games}: {len(points)} decisions, "
              f"{time.perf_counter() - t0:.0f}s", flush=True)
    rows = []
    for i in range(BINS):
        lo, hi = i / BINS, (i + 1) / BINS
        got = [(p, o) for p, o in points if lo <= p < hi or (i == BINS - 1 and p == 1.0)]
        if got:
            rows.append({"bin": f"{lo:.1f}–{hi:.1f}", "decisions": len(got),
                         "predicted": round(sum(p for p, _ in got) / len(got), 3),
                         "observed": round(sum(o for _, o in got) / len(got), 3)})
    brier = sum((p - o) ** 2 for p, o in points) / len(points)
    base = sum((0.5 - o) ** 2 for _, o in points) / len(points)
    raw = {"games": args.games, "players": [a, b], "seed": args.seed,
           "decisions": len(points), "seat_rounds": rounds, "brier": round(brier, 4),
           "brier_half": round(base, 4), "bins": rows,
           "minutes": round((time.perf_counter() - t0) / 60, 1),
           "python": platform.python_version(), "date": time.strftime("%Y-%m-%d")}
    lines = [
        "## Analysis calibration (measured)",
        "",
        f"Rendered by `bench/analysis_calibration.py`: {args.games} games of `{a}` against "
        f"`{b}` (seed {args.seed}), both seats analysed by `master` — {len(points)} "
        f"evaluated decisions in {rounds} seat-rounds. Predicted: the round chance after "
        "the move played; observed: that round's outcome for that seat (win 1, tie ½, "
        "loss 0).",
        "",
        "| predicted round chance | decisions | mean predicted | mean observed |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {r['bin']} | {r['decisions']} | {r['predicted']:.3f} | "
              f"{r['observed']:.3f} |" for r in rows]
    lines += ["", f"Brier score {brier:.4f} (always predicting ½: {base:.4f}).", "",
              "```json", json.dumps(raw, indent=1), "```"]
    write_section(str(Path(args.out).resolve()), "analysis-calibration", "\n".join(lines),
                  title="# The computer opponent")
    print(json.dumps(raw))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
