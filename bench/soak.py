"""Soak test (not CI): many random games with every invariant checked after every action,
a malformed action probed at every decision, and a JSON record round-trip of every game.
Writes the "soak" section of docs/TESTING.md.

    nice -n 10 python -m bench.soak [--games 100000] [--seed 0] [--jobs 2] [--no-write]

Exit status 1 if any game broke an invariant; the first failures are listed.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections import Counter
from multiprocessing import Pool
from random import Random

from bench.docsection import write_section
from tacocat import DEFAULT, Action, Game, GameRecord, IllegalActionError
from tacocat.players import RandomPlayer
from tacocat.ruleset import TIE_ARROW_WINS
from tests.helpers import snapshot as state  # every attribute of a Game: equal = same state

# RULES.md "Components", literally: copies per value, 38 cards.
RULES_DECK = Counter({1: 2, 2: 3, 3: 5, 4: 5, 5: 5, 6: 5, 7: 3, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2})
RULESETS = [DEFAULT, DEFAULT.with_(must_defend=True), DEFAULT.with_(jumbo=False),
            DEFAULT.with_(tie_rule=TIE_ARROW_WINS, arrow_reading="leading")]
# Malformed in any position: wrong counts, non-int cards, bad kinds and containers.
MALFORMED = [Action("duel", ()), Action("attack", ()), Action("duel", (1, 2)),
             Action("defend", (1, 2)), Action("sacrifice", (2,)), Action("duel", (3.0,)),
             Action("duel", (True,)), Action("attack", (3 + 0j,)), Action("duel", None),
             Action("replace", [1]), Action("replace", (0,)), Action("replace", (10**30,)),
             Action("block", (3,)), Action("attack", (5, 4))]
BAD_SEATS = [True, False, 1.0, -1, 2, None, "0"]


class Broken(Exception):
    """An invariant that does not hold."""


def check(g: Game) -> None:
    if Counter(g.hands[0] + g.hands[1] + g.draw + g.discard + g.table()) != RULES_DECK:
        raise Broken("cards not all accounted for")
    if g.phase == "defend":
        att = g.attacker
        if len(g.hands[1 - att]) - len(g.hands[att]) != len(g.attack) - len(g.answers):
            raise Broken("hand sizes out of step mid-trick")
    elif len(g.hands[0]) != len(g.hands[1]):
        raise Broken("hand sizes differ")
    if any(h != sorted(h) for h in g.hands):
        raise Broken("a hand is not sorted")
    if g.is_terminal():
        if g.cat not in (-1, len(g.tiles)) or g.winner != (0 if g.cat == -1 else 1):
            raise Broken("a finished game must end in the winner's goal")
        return
    if not 0 <= g.cat < len(g.tiles) or g.tiles[g.cat]:
        raise Broken("the cat stands off the board or on a tile")
    if not g.to_act():
        raise Broken("nobody to act in an unfinished game")
    for p in g.to_act():
        legal = g.legal_actions(p)
        obs = g.observation(p)
        if not legal or obs.legal_actions() != legal:
            raise Broken("legal actions empty or unlike the observation's")
        if obs.unseen() != sorted(g.hands[1 - p] + g.draw):
            raise Broken("the observation's unseen cards are wrong")


def probe(g: Game, p: int, rng: Random) -> None:
    """A malformed action or a bad seat is refused and changes nothing."""
    before = state(g)
    seat, action = (rng.choice(BAD_SEATS), g.legal_actions(p)[0]) if rng.random() < 0.25 \
        else (p, rng.choice(MALFORMED))
    try:
        g.apply(seat, action)  # type: ignore[arg-type]
    except IllegalActionError:
        pass
    else:
        raise Broken(f"malformed {seat!r} {action!r} accepted")
    if state(g) != before:
        raise Broken(f"refusing {seat!r} {action!r} changed the game")


def soak_one(seed: int, stats: Counter) -> None:
    g = Game(seed, RULESETS[seed % len(RULESETS)])
    players = (RandomPlayer(2 * seed + 1), RandomPlayer(2 * seed + 2))
    rng = Random(seed)
    while not g.is_terminal():
        check(g)
        for p in g.to_act():
            probe(g, p, rng)
            g.apply(p, players[p].choose(g.observation(p)))
            stats["decisions"] += 1
    check(g)
    text = GameRecord.of(g).to_json()
    if state(GameRecord.from_json(text).replay()) != state(g):
        raise Broken("the saved record does not replay to the same game")
    stats["games"] += 1
    stats["rounds"] += g.round
    stats["tied_rounds"] += g.tied_rounds
    stats["yay_wins"] += g.winner == 0
    stats["record_bytes"] += len(text)
    stats["max_rounds"] = max(stats["max_rounds"], g.round)


def soak_chunk(seeds: range) -> tuple[Counter, list[str]]:
    stats: Counter = Counter()
    failures: list[str] = []
    for seed in seeds:
        try:
            soak_one(seed, stats)
        except Exception as exc:  # every failure is reported, not just Broken
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return stats, failures


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--no-write", action="store_true", help="do not update docs/TESTING.md")
    args = ap.parse_args()
    stats: Counter = Counter()
    failures: list[str] = []
    start = time.perf_counter()
    step = 1000
    chunks = [range(s, min(s + step, args.seed + args.games))
              for s in range(args.seed, args.seed + args.games, step)]
    with Pool(args.jobs) as pool:
        for done, (part, bad) in enumerate(pool.imap(soak_chunk, chunks), 1):
            max_rounds = max(stats["max_rounds"], part.pop("max_rounds", 0))
            stats.update(part)
            stats["max_rounds"] = max_rounds
            failures += bad
            if done % 10 == 0:
                print(f"{sum(len(c) for c in chunks[:done]):,} games, {len(failures)} failures, "
                      f"{time.perf_counter() - start:,.0f} s", flush=True)
    seconds = time.perf_counter() - start
    games = stats["games"]
    summary = {"games": args.games, "failures": len(failures), "seconds": round(seconds, 1),
               **stats, "first_failures": failures[:10]}
    print(json.dumps(summary, indent=1))
    body = [
        "## Soak",
        "",
        f"`bench/soak.py --jobs {args.jobs}` on {time.strftime('%Y-%m-%d')}, Python "
        f"{platform.python_version()}, seeds {args.seed}..{args.seed + args.games - 1}, the four "
        "rulesets in turn (default, must-defend, no Jumbo, arrow-wins + leading arrows), niced "
        "on a shared 2-core machine (so the time says little about speed).",
        "",
        f"- Games: **{args.games:,}**, failures: **{len(failures)}** "
        f"({seconds:,.0f} s wall clock).",
        f"- Decisions: {stats['decisions']:,}; rounds: {stats['rounds']:,} "
        f"({stats['tied_rounds'] / max(1, stats['rounds']):.1%} tied, at most "
        f"{stats['max_rounds']} in one game); YAY won {stats['yay_wins'] / max(1, games):.1%}.",
        "- Checked before every decision: all 38 cards accounted for (RULES.md's deck), "
        "hand sizes, sorted hands, the cat on an open space, someone to act, legal actions "
        "equal to the observation's, the unseen cards; at every decision one malformed "
        "action or seat is refused with `IllegalActionError` and the whole state is "
        "unchanged; after every game its JSON record "
        f"(average {stats['record_bytes'] / max(1, games):,.0f} bytes) replays to the "
        "identical state.",
    ]
    if failures:
        body += ["", "First failures:", "", *(f"- {f}" for f in failures[:10])]
    if not args.no_write:
        write_section("docs/TESTING.md", "soak", "\n".join(body), title="# Testing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
