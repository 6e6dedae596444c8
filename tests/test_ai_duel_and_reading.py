"""Master's duel as a matrix game over strategies every sampled hand can play (issue 21)."""

from __future__ import annotations

from tacocat.ai.search import (
    duel_entry,
    duel_payoff,
    duel_table,
    rank_columns,
    solver_for,
)
from tacocat.ruleset import DEFAULT


def test_rank_columns_are_the_top_values_then_the_lowest() -> None:
    assert rank_columns((3, 5, 5, 9, 12), 3) == [12, 9, 5, 3]
    # fewer distinct values than columns: the missing ranks fall back to the lowest
    assert rank_columns((4, 4, 10), 3) == [10, 4, 4, 4]
    assert rank_columns((6, 6), 3) == [6, 6, 6, 6]


def test_every_sampled_hand_fills_every_rank_column() -> None:
    solver = solver_for(DEFAULT)
    mine = (2, 5, 8, 11, 12)
    rows = [12, 11, 8, 2]
    tables = [duel_table(solver, mine, opp, rows, 3, 0, by_rank=True)
              for opp in [(1, 4, 4, 9, 10), (3, 3, 6, 7, 12), (5, 5, 5, 6, 6)]]
    assert all(sorted(t) == [0, 1, 2, 3] for t in tables)
    opp = (3, 3, 6, 7, 12)
    for k, card in enumerate(rank_columns(opp, 3)):
        assert tables[1][k] == [duel_entry(solver, mine, opp, i, card, 0) for i in rows]
    cols, payoff = duel_payoff(rows, tables)
    assert cols == [0, 1, 2, 3] and len(payoff) == len(rows)


def test_by_value_a_rare_high_card_is_a_column_the_opponent_always_has() -> None:
    """The flaw the rank columns fix: keyed by value, "seal a 12" is a column although
    only one sampled hand of three holds a 12."""
    solver = solver_for(DEFAULT)
    mine, rows = (2, 5, 8, 11, 12), [12, 11, 8, 2]
    hands = [(1, 4, 4, 9, 10), (3, 3, 6, 7, 12), (5, 5, 5, 6, 6)]
    cols, _ = duel_payoff(rows, [duel_table(solver, mine, h, rows, 3, 0) for h in hands])
    assert 12 in cols
