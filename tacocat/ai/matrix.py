"""Small zero-sum matrix games, solved approximately by regret matching.

Used for the sealed duel: rows are my duel cards, columns the opponent's. Deterministic
(no randomness), a few hundred iterations on at most 12 × 12 payoffs.
"""

from __future__ import annotations


def solve_matrix(payoff: list[list[float]], iterations: int = 200) -> list[float]:
    """The row player's (maximiser's) approximate equilibrium mix for ``payoff[row][col]``.

    Regret matching for both players; returns the row player's average strategy.
    """
    rows = len(payoff)
    cols = len(payoff[0]) if rows else 0
    if rows <= 1 or cols == 0:
        return [1.0] * rows
    r_reg = [0.0] * rows
    c_reg = [0.0] * cols
    r_sum = [0.0] * rows
    cols_t = [list(col) for col in zip(*payoff, strict=True)]
    for _ in range(iterations):
        pos = [x if x > 0 else 0.0 for x in r_reg]
        tot = sum(pos)
        rs = [x / tot for x in pos] if tot > 0 else [1.0 / rows] * rows
        pos = [x if x > 0 else 0.0 for x in c_reg]
        tot = sum(pos)
        cs = [x / tot for x in pos] if tot > 0 else [1.0 / cols] * cols
        row_vals = [sum(p * c for p, c in zip(row, cs, strict=True)) for row in payoff]
        col_vals = [sum(p * r for p, r in zip(col, rs, strict=True)) for col in cols_t]
        rv = sum(v * r for v, r in zip(row_vals, rs, strict=True))
        for i in range(rows):
            r_reg[i] += row_vals[i] - rv
            r_sum[i] += rs[i]
        for j in range(cols):
            c_reg[j] += rv - col_vals[j]  # the column player minimises
    tot = sum(r_sum)
    return [x / tot for x in r_sum]
