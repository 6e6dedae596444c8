"""Take-back audit (#20, not CI): thousands of random games against the computer and on one
device, with random take-backs and chains of them, every one checked by the oracle in
tests/takeback_oracle.py (leaks, needless refusals, exact restores, pass-screen offers).
Prints the table of take-backs tried / allowed / taken per phase and writes the
"takeback-audit" section of docs/TESTING.md.

    nice -n 10 python -m bench.takeback_audit [--games 3000] [--seed 0] [--jobs 2] [--no-write]

Exit status 1 if any check failed; the first failures are listed.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from multiprocessing import Pool

from bench.docsection import write_section
from tests.takeback_oracle import ANY, BUTTON, PASS, PHASES, Audit, Tally
from web.model.session import MODE_AI, MODE_HOTSEAT

KINDS = ((MODE_AI, BUTTON, "vs computer", "Take back button"),
         (MODE_HOTSEAT, PASS, "one device", "pass screen"),
         (MODE_HOTSEAT, ANY, "one device", "either seat, any moment"))
COLUMNS = ("tried", "allowed", "offered", "done", "leaks", "needless", "inexact", "old_leaks")


def run(job: tuple[str, int, int]) -> Tally:
    mode, first, count = job
    tally = Tally()
    for seed in range(first, first + count):
        Audit(seed, mode, tally).run()
    return tally


def table(tally: Tally) -> list[str]:
    head = ("| game | take-back | phase it restores | tried | allowed | offered | taken | "
            "leaks | refused without need | inexact restores | pre-#20 policy: leaks |")
    lines = [head, "|" + "---|" * 3 + "---:|" * 8]
    for mode, kind, game, what in KINDS:
        for phase in (*PHASES, "all"):
            phases = PHASES if phase == "all" else (phase,)
            n = {c: sum(tally.rows[mode, kind, p, c] for p in phases) for c in COLUMNS}
            if not n["tried"]:
                continue
            share = f" ({100 * n['allowed'] / n['tried']:.0f}%)"
            cells = [f"{n['tried']:,}", f"{n['allowed']:,}{share}",
                     f"{n['offered']:,}" if kind == PASS else "—", f"{n['done']:,}",
                     f"**{n['leaks']}**", str(n["needless"]), str(n["inexact"]),
                     f"{n['old_leaks']:,}"]
            label = f"**{phase}**" if phase == "all" else phase
            lines.append(f"| {game} | {what} | {label} | " + " | ".join(cells) + " |")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="games per mode")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    chunk = max(1, args.games // (8 * args.jobs))
    jobs = [(mode, s, min(chunk, args.seed + args.games - s))
            for mode in (MODE_AI, MODE_HOTSEAT)
            for s in range(args.seed, args.seed + args.games, chunk)]
    t0 = time.perf_counter()
    tally = Tally()
    with Pool(args.jobs) as pool:
        for part in pool.imap_unordered(run, jobs):
            tally.merge(part)
    wall = time.perf_counter() - t0
    lines = table(tally)
    print("\n".join(lines))
    failures = tally.failures
    print(f"\n{sum(tally.games.values())} games, {len(failures)} failures, {wall:.0f} s")
    for f in failures[:10]:
        print("FAIL", f[:400])
    if not args.no_write:
        body = "\n".join([
            "## Take-back audit",
            "",
            f"`bench/takeback_audit.py --games {args.games} --seed {args.seed} --jobs "
            f"{args.jobs}` on {time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, "
            f"niced on a shared 2-core machine ({wall:,.0f} s wall clock). Seeds "
            f"{args.seed}..{args.seed + args.games - 1}, each played once against the "
            "computer and once on one device; both sides play random legal moves (the policy "
            "does not depend on how a move was chosen). Take-backs are tried at random "
            "moments and chained at random (after a take-back, another is tried with a "
            "higher probability), at most 150 per game. The oracle (`tests/takeback_oracle.py`) "
            "watches each seat's observation after every move, taken-back branches included, "
            "and does not use the policy's code.",
            "",
            f"- Games: **{tally.games[MODE_AI]:,}** against the computer, "
            f"**{tally.games[MODE_HOTSEAT]:,}** on one device; failed checks: "
            f"**{len(failures)}**.",
            "- *tried*: the policy was asked (for a seat with a move to take back); "
            "*allowed*: it said yes; *offered*: the pass screen offered it (never to the "
            "player who just allowed one before the device is handed over); *taken*: "
            "performed (a random choice among the allowed, so chains happen); *leaks*: "
            "allowed although the taker had been shown something since the move it undoes "
            "(own draws, the opponent's cards, duel and showdown cards, a new deal); "
            "*refused without need*: refused although nothing had been shown; *inexact*: "
            "the restored game (every attribute, the RNG included), log or table differ "
            "from those the taker had when making the move; *pre-#20 policy*: how many of "
            "the tried ones the old policy (the history as it is now) would have allowed "
            "with a leak.",
            "- The phase is that of the position the take-back restores (the taker's move "
            "was a replace, a duel card, an attack or an answer).",
            "",
            *lines,
        ])
        print("wrote", write_section("docs/TESTING.md", "takeback-audit", body, "# Testing"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
