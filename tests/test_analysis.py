"""Post-game analysis: every decision of one seat evaluated from that seat's information,
the move played against the best, marks by the drop, per-round summaries, the CLI."""

from __future__ import annotations

import itertools
import json
import random

from helpers import a_game, play, position, twins

from tacocat import DEFAULT
from tacocat.ai import make_player
from tacocat.ai.analysis import (
    MARKS,
    Analysis,
    Progress,
    analyse,
    game_chance,
    mark_for,
    run_analysis,
)
from tacocat.ai.evaluate import move_values
from tacocat.cli import main as cli_main
from tacocat.players import run_think
from tacocat.record import GameRecord
from tacocat.ruleset import WOW, YAY

QUICK = {"budget_ms": None, "samples": 8, "replace_rounds": (2, 4)}
DECK = DEFAULT.deck_cards()


def test_a_losing_attack_is_a_blunder_and_the_winning_one_is_best() -> None:
    # YAY holds 1 and 12: attacking with the 12 forces a sacrifice and keeps the 1 for the
    # showdown; attacking with the 1 is held by anything and leaves the 12 at the showdown.
    g = position([1, 12], [5, 6], phase="attack", attacker=YAY)
    play(g, (YAY, "A1"), (WOW, "B5"))
    result = run_analysis(GameRecord.of(g), YAY, **QUICK)
    (d,) = result.decisions
    assert (d.played, d.best, d.mark) == ("A1", "A12", "blunder")
    assert d.round_best > 0.9 and d.round_played < 0.1 and d.drop > 0.8
    assert d.game_best > d.game_played
    (summary,) = result.rounds
    assert summary.result == "lost" and summary.worst == 0
    assert "attacking with 1" in summary.text and "attacking with 12" in summary.text


def test_the_best_move_played_is_not_marked() -> None:
    g = position([1, 12], [5, 6], phase="attack", attacker=YAY)
    play(g, (YAY, "A12"), (WOW, "S"))
    (d,) = run_analysis(GameRecord.of(g), YAY, **QUICK).decisions
    assert d.played == d.best == "A12" and d.drop == 0 and d.mark is None


def test_evaluations_never_depend_on_the_hidden_cards() -> None:
    """Same observation, different opponent hand and draw pile → the same values."""
    rng = random.Random(5)
    master = make_player("master", 0, **QUICK)
    for phase, n, kw in (("replace", 7, {"cat": 3}), ("duel", 6, {}),
                         ("attack", 5, {"attacker": YAY})):
        games = twins(rng, phase, n, **kw)
        o1, o2 = (g.observation(YAY) for g in games)
        assert o1 == o2 and games[0].hands[WOW] != games[1].hands[WOW]
        played = o1.legal_actions()[-1]
        v1 = run_think(move_values(master, o1, played))
        v2 = run_think(move_values(master, o2, played))
        assert v1 == v2 and played in [a for a, _ in v1]


def test_every_decision_of_the_seat_is_covered_with_progress() -> None:
    record = a_game()
    work = analyse(record, WOW, **QUICK)
    seen: list[Progress] = []
    while True:
        try:
            seen.append(next(work))
        except StopIteration as stop:
            result = stop.value
            break
    mine = [m for m in record.moves if m.startswith("W:")]
    assert len(result.decisions) == len(mine) == seen[-1].total == seen[-1].done
    assert [d.played for d in result.decisions] == [m[2:] for m in mine]
    assert all(a.done <= b.done for a, b in itertools.pairwise(seen))
    assert len(seen) > len(mine)  # it also yields within decisions (sliced work)
    assert len(result.graph()) == len(mine)
    assert {r.result for r in result.rounds} <= {"won", "lost", "tied", "unfinished"}
    for d in result.decisions:
        if not d.forced:
            assert 0 <= d.round_played <= d.round_best <= 1
            assert d.mark == mark_for(d.drop)


def test_a_cancelled_analysis_leaves_nothing_behind() -> None:
    record = a_game(3)
    work = analyse(record, YAY, **QUICK)
    for _ in range(5):
        next(work)
    work.close()
    first = run_analysis(record, YAY, **QUICK)
    assert run_analysis(record, YAY, **QUICK) == first


def test_marks_and_game_chance() -> None:
    assert [mark_for(x) for x in (0.0, 0.06, 0.12, 0.3)] == [None, "inaccuracy", "mistake",
                                                              "blunder"]
    assert [m for m, _ in MARKS] == ["blunder", "mistake", "inaccuracy"]
    free = (False,) * 7
    # one step from YAY's goal: winning the round wins the game
    assert game_chance(0, free, YAY, 1.0) == 1.0
    assert game_chance(6, free, YAY, 0.0) == 0.0
    assert game_chance(3, free, YAY, 0.5) == 0.5
    assert game_chance(0, free, YAY, 0.5) > game_chance(3, free, YAY, 0.5)


def test_cli_prints_the_decisions_as_json(tmp_path, capsys) -> None:
    g = position([1, 12], [5, 6], phase="attack", attacker=YAY)
    play(g, (YAY, "A1"), (WOW, "B5"))
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(g).to_json(), encoding="utf-8")
    assert cli_main(["analyse", str(path), "--seat", "YAY", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == "YAY" and out["level"] == "master"
    (d,) = out["decisions"]
    assert d["played"] == "A1" and d["best"] == "A12" and d["mark"] == "blunder"
    assert out["graph"] == [d["round_played"]] and out["rounds"][0]["result"] == "lost"
    (r,) = out["rounds"]  # language-free parameters (the page words them), English text
    assert r["params"] == {"round": 1, "result": "lost", "drop": r["params"]["drop"],
                           "phase": "attack", "what": {"move": "attack", "cards": [1]},
                           "best": {"move": "attack", "cards": [12]}}
    assert r["text"].startswith("You lost round 1 at an attack: attacking with 1 cost you")
    assert Analysis.from_dict(out).to_dict() == out  # what the page stores reads back
