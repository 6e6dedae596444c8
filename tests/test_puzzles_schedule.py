"""Which puzzle to show (the day's puzzle, the rated run's next one) and the rating itself
(Glicko-2, against the worked example of Glickman's paper)."""

from __future__ import annotations

import math
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta, timezone
from itertools import pairwise
from pathlib import Path
from random import Random

import pytest

from tacocat import YAY
from tacocat.puzzles import (
    Puzzle,
    PuzzleError,
    Rating,
    after_puzzle,
    daily,
    daily_order,
    expected_score,
    next_puzzle,
    update,
)
from tacocat.puzzles.schedule import EPOCH, NEAR

ROOT = Path(__file__).resolve().parent.parent


def a_set(n: int = 30) -> list[Puzzle]:
    """``n`` distinct puzzles (their discard piles differ), rated 1000, 1050, …"""
    return [Puzzle("attack", YAY, (1, 8, 12), (2, 9, 12), discard=(5,) * (k % 4) + (3,) * (k // 4),
                   rating=1000 + 50 * k) for k in range(n)]


def test_the_day_s_puzzle_depends_on_the_local_date_alone():
    puzzles = a_set()
    # 23:30 in New York and 00:15 in Tokyo on 5 March: thirteen hours apart, one date
    ny = datetime(2026, 3, 5, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    tokyo = datetime(2026, 3, 5, 0, 15, tzinfo=timezone(timedelta(hours=9)))
    assert ny.date() == tokyo.date()
    assert daily(puzzles, ny.date()) == daily(puzzles, tokyo.date()) == daily(puzzles, ny)
    # one instant, two dates: each place gets its own date's puzzle
    instant = datetime(2026, 3, 5, 3, 0, tzinfo=UTC)
    there = instant.astimezone(timezone(timedelta(hours=-5))).date()
    assert there == date(2026, 3, 4)
    assert daily(puzzles, there) == daily(puzzles, date(2026, 3, 4)) \
        != daily(puzzles, instant.astimezone(timezone(timedelta(hours=9))).date())
    # the set's order in the caller's list does not matter
    shuffled = list(puzzles)
    Random(5).shuffle(shuffled)
    assert daily(shuffled, date(2026, 3, 5)) == daily(puzzles, date(2026, 3, 5))


def test_consecutive_days_differ_and_the_cycle_visits_every_puzzle():
    puzzles = a_set()
    days = [daily(puzzles, EPOCH + timedelta(days=k)) for k in range(2 * len(puzzles))]
    assert all(a != b for a, b in pairwise(days))
    assert {p.id for p in days[:len(puzzles)]} == {p.id for p in puzzles}
    assert days[:len(puzzles)] == days[len(puzzles):] == daily_order(puzzles)
    assert daily(puzzles, EPOCH - timedelta(days=1)) == days[-1]  # before day 0 too
    assert daily_order(puzzles) != sorted(puzzles, key=lambda p: p.id)  # shuffled


def test_the_day_s_puzzle_is_the_same_in_every_process():
    """No hash(), no set order: the same answer whatever PYTHONHASHSEED is."""
    code = ("from tests.test_puzzles_schedule import a_set;"
            "from datetime import date; from tacocat.puzzles import daily;"
            "print(daily(a_set(), date(2027, 7, 14)).id)")
    ids = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"PYTHONHASHSEED": seed}).stdout.strip()
           for seed in ("1", "2", "3")}
    assert ids == {daily(a_set(), date(2027, 7, 14)).id}


def test_daily_refuses_what_is_not_a_date():
    with pytest.raises(TypeError):
        daily(a_set(), "2026-03-05")
    with pytest.raises(PuzzleError):
        daily([], date(2026, 3, 5))


def test_next_puzzle_is_near_the_rating_not_done_and_deterministic():
    puzzles = a_set()
    done = {p.id for p in puzzles if p.rating in (1500, 1550)}
    picks = [next_puzzle(puzzles, 1520, done, seed) for seed in range(40)]
    nearest = sorted((p for p in puzzles if p.id not in done),
                     key=lambda p: abs(p.rating - 1520))[:NEAR]
    assert {p.id for p in picks} <= {p.id for p in nearest}
    assert len({p.id for p in picks}) > 1  # the seed matters
    assert all(p.id not in done for p in picks)
    assert next_puzzle(puzzles, 1520, done, 7) == next_puzzle(puzzles, 1520, set(done), 7)
    assert next_puzzle(puzzles, 1520, done, Random(7)) == next_puzzle(puzzles, 1520, done, 7)
    assert next_puzzle(puzzles, 1520, done, "run-3") == next_puzzle(puzzles, 1520, done, "run-3")
    # a stronger player gets harder puzzles
    assert min(next_puzzle(puzzles, 2400, (), s).rating for s in range(20)) > \
        max(next_puzzle(puzzles, 1000, (), s).rating for s in range(20))
    # every puzzle done: the set starts over; no puzzles: nothing
    assert next_puzzle(puzzles, 1500, {p.id for p in puzzles}, 1) in puzzles
    assert next_puzzle([], 1500, (), 1) is None


def test_glicko2_matches_the_worked_example_of_glickmans_paper():
    # Glickman, "Example of the Glicko-2 system": r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999
    # (the paper rounds its intermediate steps; unrounded, r′ = 1464.0507)
    new = update(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert new.rating == pytest.approx(1464.06, abs=0.015)
    assert new.rd == pytest.approx(151.52, abs=0.005)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_new_volatility_solves_the_papers_equation():
    """Step 5 finds σ′ as the root of f(x) = e^x(Δ² − φ² − v − e^x) / (2(φ² + v + e^x)²)
    − (x − ln σ²)/τ²; here an upset (a strong, settled player loses to a weak one) moves
    it away from σ (slowly: τ bounds it), so an update that skipped step 5 would show."""
    player, opponent = Rating(1800, 50, 0.06), (1200, 50, 0.0)
    new = update(player, [opponent])
    s, mu, phi = 173.7178, (1800 - 1500) / 173.7178, 50 / 173.7178
    g = 1 / math.sqrt(1 + 3 * (50 / s) ** 2 / math.pi**2)
    e = 1 / (1 + math.exp(-g * (mu - (1200 - 1500) / s)))
    v = 1 / (g * g * e * (1 - e))
    delta = v * g * (0 - e)
    x = math.log(new.volatility**2)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2)
                - (x - math.log(0.06**2)) / 0.5**2)

    assert abs(f(x)) < 1e-6 and new.volatility > 0.060005  # (τ keeps it slow)
    assert new.rating < 1800 - 10


def test_glicko2_without_games_only_widens_the_deviation():
    idle = update(Rating(1500, 200, 0.06), [])
    assert idle.rating == 1500 and idle.volatility == 0.06
    assert idle.rd == pytest.approx(math.sqrt(200**2 + (0.06 * 173.7178) ** 2))
    assert update(Rating(1500, 350, 0.06), []).rd == 350  # never beyond a new player's


def test_a_rated_run_moves_with_the_results():
    me = Rating()
    assert expected_score(1500, 1500, 75) == pytest.approx(0.5)
    assert expected_score(1700, 1500, 75) > 0.5 > expected_score(1300, 1500, 75)
    won, lost = after_puzzle(me, 1500, True), after_puzzle(me, 1500, False)
    assert won.rating > 1500 > lost.rating and won.rd < me.rd and lost.rd < me.rd
    assert after_puzzle(me, 1900, True).rating > won.rating  # a harder puzzle counts more
    # an extreme result stays finite (the volatility search terminates)
    far = after_puzzle(Rating(1500, 30, 0.06), 3000, True)
    assert all(math.isfinite(x) for x in (far.rating, far.rd, far.volatility))
    # a run of solves climbs, a run of failures falls, the deviation shrinks
    up, down = me, me
    for _ in range(20):
        up, down = after_puzzle(up, up.rating, True), after_puzzle(down, down.rating, False)
    assert up.rating > 1800 and down.rating < 1200 and up.rd < 100
