"""Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013), for the rated run.

Written out here rather than taken from PyPI: the page cannot install packages at run time
and every byte it loads counts, and the whole method is one short function. A rated run
treats each puzzle as one rating period with one game against the puzzle's rating — a
solved puzzle is a win, a failed one a loss — so a player's rating moves after every
puzzle, and the deviation grows with the volatility between puzzles as Glicko-2 intends.

Step numbers in the comments are the paper's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178  # the paper's conversion between the Glicko and Glicko-2 scales
TAU = 0.5  # the system constant: how fast the volatility may change (paper: 0.3–1.2)
EPSILON = 0.000001  # the convergence tolerance of step 5
START_RATING, START_RD, START_VOLATILITY = 1500.0, 350.0, 0.06
MAX_RD = 350.0  # a deviation never grows beyond an unrated player's
PUZZLE_RD = 75.0  # every puzzle's deviation: its rating is fitted from many attempts


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (r), ``rd`` (RD) and
    ``volatility`` (σ). The default is a new player's."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    def to_dict(self) -> dict[str, float]:
        return {"rating": self.rating, "rd": self.rd, "volatility": self.volatility}


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected_score(player: float, opponent: float, opponent_rd: float) -> float:
    """The chance that ``player`` beats (solves) ``opponent`` (a puzzle rated
    ``opponent`` ± ``opponent_rd``), on the Glicko scale."""
    mu, mu_j = (player - 1500) / SCALE, (opponent - 1500) / SCALE
    return 1 / (1 + math.exp(-_g(opponent_rd / SCALE) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the volatility σ′ by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, results: Iterable[tuple[float, float, float]],
           tau: float = TAU) -> Rating:
    """``player`` after one rating period with ``results``: ``(opponent rating,
    opponent RD, score)`` with score 1 (win), 0.5 or 0. No results: only the deviation
    grows (step 6 alone)."""
    mu = (player.rating - 1500) / SCALE  # step 2
    phi = player.rd / SCALE
    sigma = player.volatility
    games = [((r - 1500) / SCALE, rd / SCALE, s) for r, rd, s in results]
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(MAX_RD, phi_star * SCALE), sigma)
    inv_v = 0.0
    gain = 0.0
    for mu_j, phi_j, score in games:  # steps 3 and 4
        g = _g(phi_j)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        inv_v += g * g * e * (1 - e)
        gain += g * (score - e)
    v = 1 / inv_v
    delta = v * gain
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + inv_v)  # step 7
    mu_new = mu + phi_new * phi_new * gain
    return Rating(1500 + SCALE * mu_new, min(MAX_RD, SCALE * phi_new), sigma_new)  # step 8


def after_puzzle(player: Rating, puzzle_rating: float, solved: bool,
                 puzzle_rd: float = PUZZLE_RD) -> Rating:
    """The rated run's update: one period, one game against the puzzle."""
    return update(player, [(puzzle_rating, puzzle_rd, 1.0 if solved else 0.0)])
