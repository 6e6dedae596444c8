"""The AI ladder: every pairing in duplicate games, written to docs/AI.md.

    python bench/ai_ladder.py [--games 1000] [--seed 1000] [--workers 2]

Uses ``tacocat.ai.arena.run_arena`` (multiprocessing) for each pairing, prints progress,
then writes docs/AI.md: the ladder table, decision times per level (CPython, this
machine), the oracle-edge ratio, the think-slice check, and what missed.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tacocat.ai import LEVEL_OPTIONS, make_player  # noqa: E402
from tacocat.ai.arena import run_arena  # noqa: E402
from tacocat.game import Game  # noqa: E402

PAIRINGS = [
    ("hard", "random"), ("hard", "greedy"), ("oracle", "greedy"), ("hard", "medium"),
    ("medium", "easy"), ("easy", "random"), ("greedy", "random"), ("medium", "greedy"),
    ("easy", "greedy"), ("oracle", "hard"),
]
# where each level's decision times are taken from (its games as player A)
TIME_FROM = {"hard": ("hard", "greedy"), "medium": ("medium", "easy"),
             "easy": ("easy", "random"), "greedy": ("greedy", "random"),
             "oracle": ("oracle", "greedy")}
SPEED_GOAL = {"hard": 250.0, "medium": 60.0, "easy": 5.0}


def slice_check(games: int = 6) -> dict[str, float]:
    """Every gap between yields of ``hard``'s ``think`` (wall clock) over every decision of
    a few games (hard against itself): the p99 and the longest, and how many."""
    slices: list[float] = []
    decisions = 0
    for s in range(games):
        g = Game(50_000 + s)
        players = [make_player("hard", s), make_player("hard", s + 100)]
        while not g.is_terminal():
            for p in g.to_act():
                gen = players[p].think(g.observation(p))
                while True:
                    t0 = time.perf_counter()
                    try:
                        next(gen)
                    except StopIteration as stop:
                        action = stop.value
                        slices.append((time.perf_counter() - t0) * 1000)
                        break
                    slices.append((time.perf_counter() - t0) * 1000)
                decisions += 1
                g.apply(p, action)
    slices.sort()
    return {"longest_slice_ms": round(slices[-1], 2),
            "p99_slice_ms": round(slices[int(0.99 * (len(slices) - 1))], 2),
            "within_20ms": round(sum(x <= 20 for x in slices) / len(slices), 4),
            "slices": len(slices), "decisions": decisions}


def fmt_goal(ok: bool) -> str:
    return "met" if ok else "**missed**"


def write_doc(results: dict[tuple[str, str], dict], slices: dict[str, float], games: int,
              seed: int, minutes: float) -> str:
    r = results
    hg, og = r[("hard", "greedy")], r[("oracle", "greedy")]
    edge = (hg["a_win_rate"] - 0.5) / (og["a_win_rate"] - 0.5) if og["a_win_rate"] != 0.5 \
        else float("nan")
    goals = [
        ("hard vs random: ci95_low ≥ 0.90", r[("hard", "random")]["ci95_low"] >= 0.90,
         f"ci95_low {r[('hard', 'random')]['ci95_low']:.3f}"),
        ("hard vs greedy: ci95_low ≥ 0.60", hg["ci95_low"] >= 0.60,
         f"ci95_low {hg['ci95_low']:.3f}"),
        ("hard vs medium: ci95_low > 0.50", r[("hard", "medium")]["ci95_low"] > 0.50,
         f"ci95_low {r[('hard', 'medium')]['ci95_low']:.3f}"),
        ("medium vs easy: ci95_low > 0.50", r[("medium", "easy")]["ci95_low"] > 0.50,
         f"ci95_low {r[('medium', 'easy')]['ci95_low']:.3f}"),
        ("hard captures ≥ 75% of oracle's edge over greedy", edge >= 0.75,
         f"(hard−0.5)/(oracle−0.5) = ({hg['a_win_rate']:.3f}−0.5)/({og['a_win_rate']:.3f}−0.5)"
         f" = {edge:.2f}"),
    ]
    for lvl, goal in SPEED_GOAL.items():
        p95 = r[TIME_FROM[lvl]]["a_ms_p95"]
        goals.append((f"{lvl} p95 ≤ {goal:g} ms per decision", p95 <= goal, f"p95 {p95:.2f} ms"))
    goals.append(("think() slices ≤ 20 ms", slices["longest_slice_ms"] <= 20,
                  f"{slices['within_20ms']:.2%} of {slices['slices']} slices ≤ 20 ms "
                  f"(p99 {slices['p99_slice_ms']:.1f} ms, longest "
                  f"{slices['longest_slice_ms']:.1f} ms) over {slices['decisions']} hard "
                  "decisions"))
    lines = [
        "# The computer opponent — ladder and speed",
        "",
        f"Produced by `python bench/ai_ladder.py --games {games} --seed {seed}` in "
        f"{minutes:.1f} minutes on CPython {platform.python_version()} "
        f"({platform.machine()}, 2 worker processes). Every pairing is played as duplicate "
        "deals: each deal twice, seats swapped. Win rates are player A's game win rate with a "
        "Wilson 95% interval; round win rate is A's share of decided (non-tied) rounds.",
        "",
        "## Levels",
        "",
        "| level | what it does |",
        "|---|---|",
        "| random | uniform legal moves (replacement: uniform count, then uniform cards) |",
        "| greedy | rule of thumb (`tacocat/ai/rules_of_thumb.py`): replace middling 5–9s, "
        "duel and attack with the highest card, defend with the cheapest card that holds, "
        "else sacrifice |",
        f"| easy | greedy, but a random legal move {LEVEL_OPTIONS['easy']['mistake']:.0%} of "
        "the time |",
        f"| medium | PIMC: up to {LEVEL_OPTIONS['medium']['samples']} sampled opponent hands, "
        f"each solved exactly, {LEVEL_OPTIONS['medium']['budget_ms']:g} ms budget; duel: "
        "highest card; replacement: rule of thumb |",
        f"| hard | PIMC: up to {LEVEL_OPTIONS['hard']['samples']} samples, "
        f"{LEVEL_OPTIONS['hard']['budget_ms']:g} ms budget (≥ "
        f"{LEVEL_OPTIONS['hard']['min_samples']} samples), exact trick solver per sample; "
        "duel: equilibrium mix of a matrix game over the top "
        f"{LEVEL_OPTIONS['hard']['duel_top']} duel cards (+ the lowest) built from the "
        "samples; replacement: rule of thumb |",
        "| oracle | sees both hands: exact duel matrix (mixed) and exact trick play; "
        "replacement: rule of thumb; no peeking at sealed choices or the draw pile |",
        "",
        "## Ladder",
        "",
        "| A | B | games | A wins | B wins | A win rate | 95% CI | A round win rate | "
        "A ms mean | A ms p95 | B ms mean | B ms p95 |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for (a, b), x in r.items():
        lines.append(
            f"| {a} | {b} | {x['games']} | {x['a_wins']} | {x['b_wins']} | "
            f"{x['a_win_rate']:.3f} | {x['ci95_low']:.3f}–{x['ci95_high']:.3f} | "
            f"{x['a_round_win_rate']:.3f} | {x['a_ms_mean']:.2f} | {x['a_ms_p95']:.2f} | "
            f"{x['b_ms_mean']:.2f} | {x['b_ms_p95']:.2f} |")
    lines += [
        "",
        f"**Oracle-edge ratio** (hard − 0.5)/(oracle − 0.5) against greedy: **{edge:.2f}**.",
        "",
        "## Decision time per level (CPython, this machine)",
        "",
        "Wall-clock per decision, as player A in the named pairing (the solver's memo warms "
        "up within a process, as it does in a browser session).",
        "",
        "| level | from pairing | decisions | mean ms | p95 ms | max ms |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for lvl, pair in TIME_FROM.items():
        x = r[pair]
        lines.append(f"| {lvl} | {pair[0]} vs {pair[1]} | {x['a_decisions']} | "
                     f"{x['a_ms_mean']:.2f} | {x['a_ms_p95']:.2f} | {x['a_ms_max']:.1f} |")
    lines += ["", "## Goals", "", "| goal | result | figure |", "|---|---|---|"]
    lines += [f"| {g} | {fmt_goal(ok)} | {fig} |" for g, ok, fig in goals]
    lines += ["", "## Misses and limits", ""]
    missed = [f"- **{g}** — measured {fig}." for g, ok, fig in goals if not ok]
    lines += missed or ["- Every goal above was met in this run."]
    lines += [
        "- The decisions are PIMC: each sampled opponent hand is solved as if both hands "
        "were known (strategy fusion). The opponent's hand is sampled uniformly from the "
        "unseen cards that no sacrifice has ruled out (a sacrifice plays the defender's "
        "lowest card, so nothing lower stays in that hand); it infers nothing else from "
        "the opponent's choices (e.g. which cards a replacement kept).",
        "- Replacement is decided by the rule of thumb at every level, not searched: "
        "evaluating candidate replacements by sampled draws needs several exact solves of "
        "8-card hands per candidate, beyond the speed budget. This is the main gap between "
        "hard and the oracle besides hidden information.",
        "- The duel matrix is built over the highest few duel cards (plus the lowest), and a "
        "tied duel is valued as the average of the two ways the next duel can go.",
        "- Round outcomes are scored win +1 / tie 0 / loss −1. With equally matched sides "
        "a tied round is worth exactly the midpoint of a win and a loss at game level (the "
        "board does not change), so game-level stakes reduce to this.",
        "- `think()` slices: the exact solver checks a shared slice clock on every search "
        "step and gives way when it runs out; solved positions stay in its memo, so the "
        "next slice resumes where it stopped (tests prove slicing never changes a "
        "decision). The rare longer slice comes from work the solver cannot split — "
        "CPython resizing the memo's hash table as it grows, or a garbage-collection pass "
        "— and, measured by wall clock, from the other core's load.",
        "- Times use a wall-clock budget, so figures vary a little between machines and runs; "
        "with `budget_ms=None` a decision depends only on the seed and the iteration cap.",
        "",
        "## Raw figures",
        "",
        "```json",
        json.dumps({f"{a} vs {b}": x for (a, b), x in r.items()}, indent=1),
        "```",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=str(ROOT / "docs" / "AI.md"))
    ap.add_argument("--rewrite", action="store_true",
                    help="re-render --out from its own raw figures (no new games); only "
                         "the slice check is measured again")
    args = ap.parse_args()
    start = time.perf_counter()
    results: dict[tuple[str, str], dict] = {}
    if args.rewrite:
        text = Path(args.out).read_text(encoding="utf-8")
        raw = json.loads(text.split("## Raw figures", 1)[1].split("```json", 1)[1]
                         .split("```", 1)[0])
        results = {(x["a"], x["b"]): x for x in raw.values()}
        minutes = float(text.split(" minutes on ", 1)[0].rsplit(" in ", 1)[1])
        slices = slice_check()
        print("slices:", slices, flush=True)
        Path(args.out).write_text(write_doc(results, slices, args.games, args.seed, minutes),
                                  encoding="utf-8")
        print(f"rewrote {args.out}")
        return 0
    for a, b in PAIRINGS:
        t0 = time.perf_counter()
        step = max(1, args.games // 10)

        def progress(done: int, total: int, a: str = a, b: str = b, t0: float = t0,
                     step: int = step) -> None:
            if done % step == 0 or done == total:
                print(f"  {a} vs {b}: {done}/{total} games, {time.perf_counter() - t0:.0f}s",
                      flush=True)

        x = run_arena(a, b, args.games, args.seed, workers=args.workers, progress=progress)
        results[(a, b)] = x
        print(f"{a} vs {b}: win rate {x['a_win_rate']:.3f} "
              f"[{x['ci95_low']:.3f}, {x['ci95_high']:.3f}]  A p95 {x['a_ms_p95']:.1f} ms",
              flush=True)
    slices = slice_check()
    print("slices:", slices, flush=True)
    minutes = (time.perf_counter() - start) / 60
    doc = write_doc(results, slices, args.games, args.seed, minutes)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(doc, encoding="utf-8")
    print(f"wrote {args.out} ({minutes:.1f} min)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
