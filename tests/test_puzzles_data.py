"""The shipped puzzle set (web/puzzles.json): every puzzle re-verified by the exact solver,
the set large and spread over the bands, small enough to ship, described truthfully by
docs/puzzles.md, and read the same way in Pyodide as in CPython."""

from __future__ import annotations

import json
import re
from datetime import date
from functools import cache
from pathlib import Path

from tacocat.puzzles import (
    BANDS,
    HINT_KEYS,
    daily,
    dumps,
    game,
    hint,
    loads,
    next_puzzle,
    refutation,
    result,
    round_over,
    verify,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "web" / "puzzles.json"
DOC = ROOT / "docs" / "puzzles.md"


@cache
def shipped():
    return loads(DATA.read_text(encoding="utf-8"))


def test_the_set_is_large_and_spread_over_the_bands():
    puzzles = shipped()
    assert len(puzzles) >= 500
    per_band = {name: sum(p.band == name for p in puzzles) for name, _ in BANDS}
    assert sum(n >= 25 for n in per_band.values()) >= 3, per_band
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(3 <= len(p.hand(p.attacker)) + len(p.attack) <= 7 for p in puzzles)


def test_every_shipped_puzzle_holds():
    """The unique winning first move, at least two losing ones, the rule of thumb's move not
    winning, and the main line legal, winning at every step of the solver and answered by
    the longest-holding defence (tacocat.puzzles.verify, exact with the trick solver)."""
    failures = {p.id: problems for p in shipped() if (problems := verify(p))}
    assert not failures, dict(list(failures.items())[:5])


def test_every_shipped_puzzle_has_a_hint_and_a_refutation():
    for p in shipped():
        g = game(p)
        clue = hint(p, g)
        assert clue.key in HINT_KEYS and clue.key != "puzzle.hint.lost", p.id
        assert clue.action == p.first_move, p.id
        for value in clue.params.values():  # data for the catalogs, never words
            assert type(value) is int or (isinstance(value, list)
                                          and all(type(c) is int for c in value)), p.id
        # the first wrong move in the engine's order: its refutation ends the round
        # without the solver's win
        wrong = next(a for a in g.legal_actions(p.solver) if a != p.first_move)
        line = refutation(g, wrong)
        g.apply(p.solver, wrong)
        for seat, action in line:
            g.apply(seat, action)
        assert round_over(g) and result(g, p.solver) != "won", p.id


def test_the_file_is_canonical_and_small():
    text = DATA.read_text(encoding="utf-8")
    assert dumps(shipped(), seed=json.loads(text)["seed"]) == text
    from scripts import build_puzzles

    size = build_puzzles.sizes(text)
    assert size["gzip"] <= 40_000  # an upper bound of brotli's size
    if size["brotli"] is not None:
        assert size["brotli"] <= 40_000


def test_the_summary_tells_the_truth():
    doc = DOC.read_text(encoding="utf-8")
    section = doc.split("<!-- puzzles:start -->")[1].split("<!-- puzzles:end -->")[0]
    puzzles = shipped()
    assert f"**{len(puzzles)} puzzles**" in section
    for name, _ in BANDS:
        row = re.search(rf"^\| {name} \| [^|]* \| (\d+) \|", section, re.M)
        assert row and int(row.group(1)) == sum(p.band == name for p in puzzles), name
    seed = json.loads(DATA.read_text(encoding="utf-8"))["seed"]
    assert f"--seed {seed} --count {len(puzzles)}`" in section


PYODIDE_CODE = """
import json
from datetime import date
from tacocat.puzzles import daily, game, hint, loads, next_puzzle, reply, Rating, update
puzzles = loads(TEXT)
out = {"ids": [p.id for p in puzzles],
       "daily": [daily(puzzles, date(2026, 5, d)).id for d in range(1, 29)],
       "next": [next_puzzle(puzzles, 1500 + 37 * k, (), k).id for k in range(20)],
       "hints": [], "glicko": list(update(Rating(1500, 200, 0.06),
                                          [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
                                   .to_dict().values())}
for p in puzzles[::12]:
    g = game(p)
    c = hint(p, g)
    g.apply(p.solver, p.first_move)
    out["hints"].append([c.key, c.params, c.action.notation(),
                         reply(g).notation() if g.to_act()[0] != p.solver else ""])
json.dumps(out)
"""


def test_pyodide_reads_and_judges_the_set_as_cpython_does(tmp_path):
    from test_pyodide import run_pyodide

    text = DATA.read_text(encoding="utf-8")
    code = f"TEXT = {text!r}\n" + PYODIDE_CODE
    in_pyodide = json.loads(run_pyodide(tmp_path, code))
    here: dict = {}
    exec(code.replace("json.dumps(out)", "result = json.dumps(out)"), here)
    assert in_pyodide == json.loads(here["result"])
    assert daily(shipped(), date(2026, 5, 1)).id == in_pyodide["daily"][0]
    assert next_puzzle(shipped(), 1500, (), 0).id == in_pyodide["next"][0]


def test_the_examples_in_docs_puzzles_md_run():
    import doctest

    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0
