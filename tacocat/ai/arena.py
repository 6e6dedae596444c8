"""The arena: duplicate matches between two players, with a Wilson 95% interval.

``python -m tacocat arena A B --games N --seed S [--json] [--workers W]``

Each deal (game seed) is played twice with the seats swapped, so the luck of the cards
cancels out. Decision times are wall-clock per call of ``choose`` (or the oracle's
``choose_with_game``).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from typing import Any

from .. import events as ev
from ..game import Game
from ..ruleset import YAY

MAX_MOVES = 5000  # a safety net; real games end long before


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_one(a: str, b: str, seed: int, a_seat: int,
             options: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
             factory: Callable[..., Any] | None = None) -> dict[str, Any]:
    """One game of deal ``seed`` with ``a`` in seat ``a_seat``; returns its tallies.
    ``factory(name, seed, **options)`` builds the players (default: :func:`make_player`;
    bench/ passes its sparring partners' factory)."""
    from . import make_player

    make = factory or make_player
    names = (a, b) if a_seat == YAY else (b, a)
    opts = options if a_seat == YAY else (options[1], options[0])
    players = [make(names[p], 1000 * seed + 7 * p + 1, **opts[p]) for p in (0, 1)]
    game = Game(seed)
    times: tuple[list[float], list[float]] = ([], [])
    rounds_won = [0, 0]
    tied = 0
    moves = 0
    while not game.is_terminal() and moves < MAX_MOVES:
        for p in game.to_act():
            pl = players[p]
            t0 = time.perf_counter()
            if getattr(pl, "needs_game", False):
                action = pl.choose_with_game(game, p)
            else:
                action = pl.choose(game.observation(p))
            times[p].append((time.perf_counter() - t0) * 1000)
            moves += 1
            for e in game.apply(p, action):
                if e.kind == ev.SHOWDOWN:
                    w = (e.info or {}).get("winner")
                    if w is None:
                        tied += 1
                    else:
                        rounds_won[w] += 1
    a_p = a_seat
    return {
        "a_won": game.winner == a_p, "b_won": game.winner == 1 - a_p,
        "a_rounds": rounds_won[a_p], "b_rounds": rounds_won[1 - a_p], "tied_rounds": tied,
        "a_ms": times[a_p], "b_ms": times[1 - a_p],
    }


def decision_times(level: str, opponent: str, games: int, seed: int,
                   clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """The time (``clock``, in ms, sorted) of every decision of ``level`` over ``games``
    games against ``opponent``, seats alternating (game ``s``: ``Game(seed + s)``, the
    players seeded ``s`` and ``s + 100``). For the benchmarks (bench/ai_ladder.py with
    ``time.thread_time``, bench/ai_pyodide_time.py inside Pyodide)."""
    from . import make_player

    times: list[float] = []
    for s in range(games):
        g = Game(seed + s)
        me = s % 2
        players = [make_player(level, s), make_player(opponent, s + 100)]
        if me:
            players.reverse()
        while not g.is_terminal():
            for p in g.to_act():
                obs = g.observation(p)
                t0 = clock()
                action = players[p].choose(obs)
                if p == me:
                    times.append((clock() - t0) * 1000)
                g.apply(p, action)
    return sorted(times)


def _job(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*args)


def _p95(xs: list[float]) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]


def run_arena(a: str, b: str, games: int, seed: int = 0, workers: int = 1,
              options: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
              progress: Callable[[int, int], None] | None = None,
              factory: Callable[..., Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games (rounded up to an even number: deals × 2 seats).
    ``factory``: see :func:`play_one` (a module-level function, so workers can use it)."""
    deals = max(1, (games + 1) // 2)
    jobs = [(a, b, seed + d, seat, options, factory) for d in range(deals) for seat in (0, 1)]
    results: list[dict[str, Any]] = []
    if workers > 1:
        import multiprocessing as mp

        with mp.Pool(workers) as pool:
            for r in pool.imap_unordered(_job, jobs, chunksize=4):
                results.append(r)
                if progress:
                    progress(len(results), len(jobs))
    else:
        for j in jobs:
            results.append(_job(j))
            if progress:
                progress(len(results), len(jobs))
    n = len(results)
    a_wins = sum(r["a_won"] for r in results)
    b_wins = sum(r["b_won"] for r in results)
    a_rounds = sum(r["a_rounds"] for r in results)
    b_rounds = sum(r["b_rounds"] for r in results)
    tied = sum(r["tied_rounds"] for r in results)
    a_ms = [t for r in results for t in r["a_ms"]]
    b_ms = [t for r in results for t in r["b_ms"]]
    lo, hi = wilson(a_wins, n)
    decided = a_rounds + b_rounds
    return {
        "a": a, "b": b, "games": n, "seed": seed,
        "a_wins": a_wins, "b_wins": b_wins, "unfinished": n - a_wins - b_wins,
        "a_win_rate": round(a_wins / n, 4), "ci95_low": round(lo, 4), "ci95_high": round(hi, 4),
        "a_round_win_rate": round(a_rounds / decided, 4) if decided else 0.5,
        "a_rounds": a_rounds, "b_rounds": b_rounds, "tied_rounds": tied,
        "a_ms_mean": round(sum(a_ms) / len(a_ms), 3) if a_ms else 0.0,
        "a_ms_p95": round(_p95(a_ms), 3), "a_ms_max": round(max(a_ms, default=0.0), 3),
        "b_ms_mean": round(sum(b_ms) / len(b_ms), 3) if b_ms else 0.0,
        "b_ms_p95": round(_p95(b_ms), 3), "b_ms_max": round(max(b_ms, default=0.0), 3),
        "a_decisions": len(a_ms), "b_decisions": len(b_ms),
    }


def _arena_main(args: argparse.Namespace) -> int:
    from . import LEVELS

    for name in (args.a, args.b):
        if name not in LEVELS:
            raise SystemExit(f"unknown player {name!r}; choose from {', '.join(LEVELS)}")
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    result = run_arena(args.a, args.b, args.games, args.seed, workers=args.workers)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['a']} vs {result['b']}: {result['games']} games (duplicate deals)")
        print(f"  games won: {result['a']} {result['a_wins']}, {result['b']} {result['b_wins']}")
        print(f"  {result['a']} win rate {result['a_win_rate']:.3f} "
              f"(95% CI {result['ci95_low']:.3f}–{result['ci95_high']:.3f}); "
              f"round win rate {result['a_round_win_rate']:.3f}")
        print(f"  ms/decision {result['a']}: mean {result['a_ms_mean']:.2f}, "
              f"p95 {result['a_ms_p95']:.2f}; {result['b']}: mean {result['b_ms_mean']:.2f}, "
              f"p95 {result['b_ms_p95']:.2f}")
    return 0


def add_arena_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``arena`` on the CLI's subparsers (dispatched via ``args.func``)."""
    p = subparsers.add_parser("arena", help="duplicate match between two computer players")
    p.add_argument("a", help="player A: random, greedy, easy, medium, hard, master, "
                                  "hard-2026, master-2026 (frozen earlier levels) or oracle")
    p.add_argument("b", help="player B")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="processes to use")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_arena_main)
    return p
