"""Screen a variant of a level against another player: duplicate games, Wilson interval.

    python -m bench.ai_screen master master-2026 --games 300 --seed 5000 \\
        --options '{"trick_exact_at": 7}'

``--options`` (JSON) overrides player A's settings (:func:`tacocat.ai.make_player`'s
keyword arguments; lists become tuples), so an idea is measured before it becomes a
level's default. Prints the arena's figures as one JSON line (with the options, minutes
and the load average at the start and end). The screens behind docs/AI.md's
"What was tried" table were run this way; the confirmations run through
``bench/ai_ladder.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench.sparring import make as make_any
from tacocat.ai.arena import run_arena

ROOT = Path(__file__).resolve().parent.parent




def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--options", default="{}", help="JSON: player A's settings")
    args = ap.parse_args()
    opts = {k: tuple(v) if isinstance(v, list) else v
            for k, v in json.loads(args.options).items()}
    t0 = time.perf_counter()
    load0 = os.getloadavg()[0]

    def progress(done: int, total: int) -> None:
        if done % 50 == 0:
            print(f"  {done}/{total} games, {time.perf_counter() - t0:.0f}s", flush=True,
                  file=sys.stderr)

    r = run_arena(args.a, args.b, args.games, args.seed, workers=args.workers,
                  options=(opts, {}), progress=progress, factory=make_any)
    r.update(options=json.loads(args.options), minutes=round((time.perf_counter() - t0) / 60, 1),
             load=[round(load0, 1), round(os.getloadavg()[0], 1)],
             date=time.strftime("%Y-%m-%d %H:%M"))
    print(json.dumps(r), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
