"""The puzzle generator (scripts/build_puzzles.py): the same seed gives the same file, every
puzzle it keeps passes the filters it claims, and the rating fit behaves."""

from __future__ import annotations

from pathlib import Path

from scripts import build_puzzles
from tacocat.puzzles import loads, verify

ROOT = Path(__file__).resolve().parent.parent


def _run(tmp: Path, name: str, seed: int) -> tuple[str, str]:
    out, summary = tmp / f"{name}.json", tmp / f"{name}.md"
    build_puzzles.build(seed, count=1, max_games=2, runs=1, out=out, summary_path=summary,
                        log=lambda _: None)
    return out.read_text(encoding="utf-8"), summary.read_text(encoding="utf-8")


def test_the_same_seed_gives_the_same_file(tmp_path):
    # seed 8 finds its puzzle in the first game (a run of about a second), after (a) and
    # (c) removed some candidates
    first, first_summary = _run(tmp_path, "a", 8)
    again, again_summary = _run(tmp_path, "b", 8)
    assert first == again and first_summary == again_summary
    puzzles = loads(first)
    assert len(puzzles) == 1 and '"seed":8' in first
    assert all(verify(p) == [] for p in puzzles)
    # the summary's filter table adds up: every candidate is either removed or kept
    rows = [line.split("|") for line in first_summary.splitlines() if line.startswith("| (")]
    removed = sum(int(r[2]) for r in rows)
    candidates = int(first_summary.split(" candidate positions")[0].rsplit(" ", 1)[1])
    assert removed + len(puzzles) == candidates
    assert "| (c) the rule of thumb's move wins | 1 |" in first_summary


def test_every_candidate_is_counted_once():
    """Seed 7's first game keeps nothing but trips filters (a), (b) and (c): the tally
    counts each candidate under exactly one filter."""
    kept, tally = build_puzzles.mine(7, count=1, max_games=1, log=lambda _: None)
    assert not kept and tally["games"] == 1
    assert min(tally[f] for f in ("no_win", "several_wins", "few_losing", "greedy_wins")) > 0
    assert sum(tally[f] for f in build_puzzles.FILTERS) == tally["candidates"]


def test_the_summary_replaces_only_its_own_section(tmp_path):
    doc = tmp_path / "puzzles.md"
    doc.write_text("# Puzzles\n\nHand-written.\n\n<!-- puzzles:start -->\nold\n"
                   "<!-- puzzles:end -->\n\nMore.\n", encoding="utf-8")
    build_puzzles.write_summary(doc, "<!-- puzzles:start -->\nnew\n<!-- puzzles:end -->\n")
    assert doc.read_text(encoding="utf-8") == ("# Puzzles\n\nHand-written.\n\n"
                                               "<!-- puzzles:start -->\nnew\n"
                                               "<!-- puzzles:end -->\nMore.\n")


def test_the_rating_fit_orders_puzzles_and_levels():
    levels = ("easy", "medium", "hard", "master")
    counts = [dict(zip(levels, c, strict=True)) for c in
              ((0, 8, 8, 8), (0, 2, 6, 8), (0, 0, 1, 3), (4, 8, 8, 8), (0, 0, 0, 0))]
    ratings, fitted = build_puzzles.fit(counts, runs=8)
    assert ratings[3] < ratings[0] < ratings[1] < ratings[2] < ratings[4]
    assert fitted["easy"] < fitted["medium"] < fitted["hard"] < fitted["master"]
    assert all(500 < r < 2700 for r in ratings)  # the prior keeps them finite
