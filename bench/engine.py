"""Engine speed in CPython: random full games per second, and the cost of the operations a
search leans on. Writes the "engine" section of docs/PERFORMANCE.md.

    python -m bench.engine [--games 3000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
import timeit

from bench.docsection import write_section
from tacocat import Game
from tacocat.cli import play_game, simulate
from tacocat.players import RandomPlayer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    runs = [simulate(args.games, seed=1000 * r) for r in range(args.repeats)]
    rates = [r["games_per_second"] for r in runs]
    rounds = sum(r["rounds"] for r in runs) / sum(r["games"] for r in runs)
    tied = sum(r["tied_rounds"] for r in runs) / sum(r["rounds"] for r in runs)
    actions = []
    for s in range(200):
        actions.append(len(play_game(Game(s), (RandomPlayer(s), RandomPlayer(-s))).history))
    mid = Game(7)
    n = 20000
    per = {
        "new game (shuffle + deal)": timeit.timeit(lambda: Game(3), number=n) / n,
        "clone()": timeit.timeit(mid.clone, number=n) / n,
        "observation(seat)": timeit.timeit(lambda: mid.observation(0), number=n) / n,
        "legal_actions, replace step (7 cards)":
            timeit.timeit(lambda: mid.legal_actions(0), number=2000) / 2000,
    }
    body = [
        "## Engine (CPython)",
        "",
        f"Measured by `bench/engine.py` on {time.strftime('%Y-%m-%d')}, Python "
        f"{platform.python_version()}, one core of this 2-core machine.",
        "",
        f"- Random full games per second: **median {statistics.median(rates):,.0f}** "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f}; {args.repeats} runs × {args.games} "
        "games, random players, observation built for every decision). "
        f"Goal ≥ 1,000: {'met' if min(rates) >= 1000 else 'NOT met in every run'}.",
        f"- A game lasts {rounds:.2f} rounds on average ({tied:.1%} of rounds tied) and "
        f"{statistics.mean(actions):.0f} decisions.",
        "",
        "| operation | µs |",
        "|---|---:|",
        *(f"| {k} | {v * 1e6:.1f} |" for k, v in per.items()),
    ]
    text = "\n".join(body)
    print(text)
    write_section("docs/PERFORMANCE.md", "engine", text)


if __name__ == "__main__":
    main()
