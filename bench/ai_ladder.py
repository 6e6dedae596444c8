"""The AI ladder: duplicate games per pairing, written to docs/AI.md.

    python -m bench.ai_ladder [--games 1000] [--seed 1000] [--workers 2] [--pairs a:b,c:d]
    python -m bench.ai_ladder --rewrite        # re-render from the raw figures, no games

Players are ``tacocat.ai`` levels or the sparring partners of ``bench/sparring``
(``counter``, ``ismcts``, ``ismcts-N``), which exist for evaluation only.

Each pairing runs ``tacocat.ai.arena.run_arena``; after every pairing the measured section
of docs/AI.md (between ``<!-- ai-ladder:start -->`` and ``<!-- ai-ladder:end -->``) is
re-rendered, so a long run that is stopped keeps what finished. ``--pairs`` runs only
those pairings and keeps the other pairings' raw figures (each row records its own games,
seed, minutes and Python), so the ladder can be refreshed one pairing at a time on a
shared machine. The hand-written text around the section (levels, method, limits) is
left alone.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from bench.docsection import write_section
from bench.sparring import make as make_any
from tacocat.ai import make_player
from tacocat.ai.arena import decision_times, run_arena
from tacocat.game import Game
from tacocat.players import Thinking

ROOT = Path(__file__).resolve().parent.parent



PAIRINGS = [
    ("master", "master-2026"), ("master", "ismcts"), ("master", "counter"),
    ("master-2026", "ismcts"), ("master-2026", "counter"), ("hard", "ismcts"),
    ("master", "hard"), ("master", "hard-2026"), ("master", "oracle"), ("hard", "medium"),
    ("hard", "hard-2026"), ("hard", "greedy"), ("hard", "random"), ("oracle", "hard"),
    ("oracle", "greedy"), ("medium", "easy"), ("easy", "random"), ("greedy", "random"),
    ("medium", "greedy"), ("easy", "greedy"),
    ("hard-2026", "random"), ("hard-2026", "greedy"), ("hard-2026", "medium"),
    ("oracle", "hard-2026"),
]


def cpu_times(level: str, games: int, opponent: str = "hard") -> dict[str, float]:
    """CPU time (this thread) per decision of ``level`` against ``opponent`` over ``games``
    games: the work itself, whatever else the machine is running (the arena's wall-clock
    times include the machine's load)."""
    times = decision_times(level, opponent, games, 70_000, clock=time.thread_time)
    q = lambda f: round(times[min(len(times) - 1, int(f * len(times)))], 2)  # noqa: E731
    return {"level": level, "opponent": opponent, "games": games, "decisions": len(times),
            "mean_ms": round(sum(times) / len(times), 2), "p50_ms": q(0.5),
            "p95_ms": q(0.95), "max_ms": round(times[-1], 2)}


def slice_check(level: str, games: int = 4) -> dict[str, float]:
    """Every gap between yields of ``level``'s ``think`` over every decision of a few games
    (``level`` against itself): wall clock (what a page would feel, including this
    machine's other load) and this thread's CPU time (the work itself)."""
    wall: list[float] = []
    cpu: list[float] = []
    decisions = 0
    for s in range(games):
        g = Game(50_000 + s)
        players = [make_player(level, s), make_player(level, s + 100)]
        while not g.is_terminal():
            for p in g.to_act():
                thinking = Thinking(players[p].think(g.observation(p)))
                finished = False
                while not finished:
                    t0, c0 = time.perf_counter(), time.thread_time()
                    finished = thinking.step()
                    wall.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.thread_time() - c0) * 1000)
                action = thinking.value
                decisions += 1
                g.apply(p, action)
    wall.sort()
    cpu.sort()
    return {"level": level, "slices": len(wall), "decisions": decisions,
            "p99_slice_ms": round(wall[int(0.99 * (len(wall) - 1))], 2),
            "longest_slice_ms": round(wall[-1], 2),
            "within_20ms": round(sum(x <= 20 for x in wall) / len(wall), 4),
            "cpu_p99_slice_ms": round(cpu[int(0.99 * (len(cpu) - 1))], 2),
            "cpu_longest_slice_ms": round(cpu[-1], 2)}

SECTION = "ai-ladder"
# where each level's decision times are taken from (its games as player A)
TIME_FROM = {"master": ("master", "master-2026"), "master-2026": ("master-2026", "hard"),
             "hard": ("hard", "medium"),
             "hard-2026": ("hard-2026", "greedy"), "medium": ("medium", "easy"),
             "easy": ("easy", "random"), "greedy": ("greedy", "random"),
             "oracle": ("oracle", "greedy")}
SPEED_GOAL = {"master": 500.0, "hard": 250.0, "medium": 60.0, "easy": 5.0}
# (A, B, lowest acceptable figure, which figure): the and the ladder's goals
STRENGTH_GOALS = [
    ("master", "master-2026", 0.60, "a_win_rate"), ("master", "ismcts", 0.65, "a_win_rate"),
    ("master", "master-2026", 0.50, "ci95_low"),
    ("master", "counter", 0.50, "ci95_low"),
    ("master", "hard", 0.50, "ci95_low"), ("hard", "medium", 0.50, "ci95_low"),
    ("hard", "hard-2026", 0.50, "ci95_low"), ("medium", "easy", 0.50, "ci95_low"),
    ("easy", "random", 0.50, "ci95_low"), ("hard", "random", 0.90, "ci95_low"),
    ("hard", "greedy", 0.60, "ci95_low"),
]


def _goals(r: dict[tuple[str, str], dict], slices: dict) -> list[tuple[str, str, str]]:
    rows = []
    for a, b, low, key in STRENGTH_GOALS:
        x = r.get((a, b))
        name = f"{a} vs {b}: {key.replace('a_win_rate', 'win rate')} ≥ {low:.2f}" \
            if key == "a_win_rate" else f"{a} vs {b}: ci95_low > {low:.2f}"
        if x is None:
            rows.append((name, "**not run**", "—"))
            continue
        ok = x[key] >= low if key == "a_win_rate" else x[key] > low
        rows.append((name, "met" if ok else "**missed**",
                     f"{x['a_win_rate']:.3f} ({x['ci95_low']:.3f}–{x['ci95_high']:.3f}), "
                     f"{x['games']} games"))
    for lvl, goal in SPEED_GOAL.items():
        x, c = r.get(TIME_FROM[lvl]), slices.get(f"cpu {lvl}")
        if x is None and c is None:
            rows.append((f"{lvl} p95 ≤ {goal:g} ms per decision", "**not run**", "—"))
            continue
        figs = [] if c is None else [f"CPU p95 {c['p95_ms']:.1f} ms"]
        figs += [] if x is None else [f"wall clock p95 {x['a_ms_p95']:.1f} ms "
                                      f"({x['a'] } vs {x['b']}, under this machine's load)"]
        p95 = c["p95_ms"] if c is not None else x["a_ms_p95"]  # type: ignore[index]
        rows.append((f"{lvl} p95 ≤ {goal:g} ms per decision",
                     "met" if p95 <= goal else "**missed**", "; ".join(figs)))
    for lvl, sc in slices.items():
        if lvl.startswith("cpu "):
            continue
        rows.append((f"{lvl}: think() slices ≤ 20 ms (CPU time)",
                     "met" if sc["cpu_longest_slice_ms"] <= 20 else "**missed**",
                     f"CPU p99 {sc['cpu_p99_slice_ms']:.1f} ms, longest "
                     f"{sc['cpu_longest_slice_ms']:.1f} ms; wall clock p99 "
                     f"{sc['p99_slice_ms']:.1f} ms, longest {sc['longest_slice_ms']:.1f} ms, "
                     f"{sc['within_20ms']:.2%} ≤ 20 ms ({sc['slices']} slices, "
                     f"{sc['decisions']} decisions)"))
    return rows


def render(r: dict[tuple[str, str], dict], slices: dict) -> str:
    """The measured part of docs/AI.md: ladder, decision times, slices, goals, raw data."""
    order = [p for p in PAIRINGS if p in r] + [p for p in r if p not in PAIRINGS]
    lines = [
        "## Ladder (measured)",
        "",
        "Rendered by `bench/ai_ladder.py` from the raw figures below. Every pairing is "
        "played as duplicate deals (each deal twice, seats swapped); win rate is A's game win "
        "rate with a Wilson 95% interval, round win rate A's share of decided rounds. Times "
        "are wall clock per decision in CPython on this machine (shared with other jobs, so "
        "they include its load).",
        "",
        "| A | B | games | A wins | B wins | A win rate | 95% CI | A round win rate | "
        "A ms mean | A ms p95 | B ms mean | B ms p95 | run |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    for a, b in order:
        x = r[(a, b)]
        workers = x.get("workers", "?")
        run = x.get("note") or (f"seed {x['seed']}, {x.get('minutes', '?')} min, {workers} "
                                f"worker{'' if workers == 1 else 's'}, {x.get('date', '')}")
        lines.append(
            f"| {a} | {b} | {x['games']} | {x['a_wins']} | {x['b_wins']} | "
            f"{x['a_win_rate']:.3f} | {x['ci95_low']:.3f}–{x['ci95_high']:.3f} | "
            f"{x['a_round_win_rate']:.3f} | {x['a_ms_mean']:.2f} | {x['a_ms_p95']:.2f} | "
            f"{x['b_ms_mean']:.2f} | {x['b_ms_p95']:.2f} | {run} |")
    lines += [
        "",
        "## Decision time per level (CPython)",
        "",
        "Wall clock per decision, as player A in the named pairing (the solver's memo warms "
        "up within a process, as it does in a browser session).",
        "",
        "| level | from pairing | decisions | mean ms | p95 ms | max ms |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for lvl, pair in TIME_FROM.items():
        if pair in r:
            x = r[pair]
            lines.append(f"| {lvl} | {pair[0]} vs {pair[1]} | {x['a_decisions']} | "
                         f"{x['a_ms_mean']:.2f} | {x['a_ms_p95']:.2f} | {x['a_ms_max']:.1f} |")
    cpu = [x for k, x in slices.items() if k.startswith("cpu ")]
    if cpu:
        lines += [
            "",
            "CPU time per decision (this thread only, so the machine's other load does not "
            "count), each level against `hard`, `bench/ai_ladder.py --cpu-times`:",
            "",
            "| level | games | decisions | mean ms | p50 ms | p95 ms | max ms |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        lines += [f"| {x['level']} | {x['games']} | {x['decisions']} | {x['mean_ms']:.2f} | "
                  f"{x['p50_ms']:.2f} | {x['p95_ms']:.2f} | {x['max_ms']:.1f} |" for x in cpu]
    lines += ["", "## Goals", "", "| goal | result | figure |", "|---|---|---|"]
    lines += [f"| {g} | {ok} | {fig} |" for g, ok, fig in _goals(r, slices)]
    raw = {f"{a} vs {b}": r[(a, b)] for a, b in order}
    raw["slices"] = slices
    lines += ["", "## Raw figures", "", "```json", json.dumps(raw, indent=1), "```"]
    return "\n".join(lines)


def save(path: Path, results: dict[tuple[str, str], dict], slices: dict) -> None:
    write_section(str(path.resolve()), SECTION, render(results, slices),
                  title="# The computer opponent")


def read_raw(path: Path) -> tuple[dict[tuple[str, str], dict], dict]:
    """The raw figures (pairings and slice checks) stored at the end of ``path``."""
    if not path.exists() or "## Raw figures" not in path.read_text(encoding="utf-8"):
        return {}, {}
    text = path.read_text(encoding="utf-8")
    raw = json.loads(text.split("## Raw figures", 1)[1].split("```json", 1)[1]
                     .split("```", 1)[0])
    slices = raw.pop("slices", {})
    if "longest_slice_ms" in slices:  # the older layout: one slice check, of hard
        slices = {}
    return {(x["a"], x["b"]): x for x in raw.values()}, slices


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", default="", help="only these pairings, e.g. master:hard,hard:medium")
    ap.add_argument("--slices", default="",
                    help="levels whose think() slices are measured, e.g. hard,master")
    ap.add_argument("--cpu-times", type=int, default=0, metavar="GAMES",
                    help="also measure CPU time per decision of the offered levels over "
                         "this many games against hard")
    ap.add_argument("--out", default=str(ROOT / "docs" / "AI.md"))
    ap.add_argument("--rewrite", action="store_true",
                    help="play no games: re-render --out from its raw figures (plus any "
                         "--slices / --cpu-times measured now)")
    args = ap.parse_args()
    out = Path(args.out)
    results, slices = read_raw(out)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p] or PAIRINGS
    if not args.rewrite:
        for a, b in pairs:
            t0 = time.perf_counter()
            step = max(1, args.games // 10)

            def progress(done: int, total: int, a: str = a, b: str = b, t0: float = t0,
                         step: int = step) -> None:
                if done % step == 0 or done == total:
                    print(f"  {a} vs {b}: {done}/{total} games, "
                          f"{time.perf_counter() - t0:.0f}s", flush=True)

            x = run_arena(a, b, args.games, args.seed, workers=args.workers, progress=progress,
                          factory=make_any)
            x.update(minutes=round((time.perf_counter() - t0) / 60, 1), workers=args.workers,
                     python=platform.python_version(), date=time.strftime("%Y-%m-%d"))
            results[(a, b)] = x
            print(f"{a} vs {b}: win rate {x['a_win_rate']:.3f} "
                  f"[{x['ci95_low']:.3f}, {x['ci95_high']:.3f}]  A p95 {x['a_ms_p95']:.1f} ms",
                  flush=True)
            save(out, results, slices)
    for level in [s for s in args.slices.split(",") if s]:
        slices[level] = slice_check(level)
        print("slices:", slices[level], flush=True)
    if args.cpu_times:
        for level in ("master", "hard", "medium", "easy"):
            slices[f"cpu {level}"] = cpu_times(level, args.cpu_times)
            print("cpu:", slices[f"cpu {level}"], flush=True)
    save(out, results, slices)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
