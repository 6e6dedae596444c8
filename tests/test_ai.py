"""The computer opponent: exact solver, honesty, legality, determinism, hints, arena."""

from __future__ import annotations

import json
import random

import pytest

from tacocat import DEFAULT, Game
from tacocat.actions import REPLACE, Action
from tacocat.ai import LEVELS, LEVELS_OFFERED, Hint, make_player
from tacocat.ai.arena import run_arena, wilson
from tacocat.ai.hints import TEXT
from tacocat.ai.matrix import solve_matrix
from tacocat.ai.solver import TrickSolver
from tacocat.cli import main as cli_main
from tacocat.players import run_think
from tacocat.ruleset import TIE_ARROW_WINS, WOW, YAY

DECK = DEFAULT.deck_cards()
FAST = {"budget_ms": None}  # deterministic: iteration cap only
SMALL_MASTER = {"budget_ms": None, "samples": 2, "replace_rounds": (1,)}


def fast_player(level: str, seed: int):
    if level in ("medium", "hard", "hard-2026"):
        return make_player(level, seed, budget_ms=None, samples=3)
    if level == "master":
        return make_player(level, seed, **SMALL_MASTER)
    return make_player(level, seed)


# -- the exact solver against a brute force over the real engine ----------------------------
def brute(game: Game, me: int) -> int:
    """Plain minimax over :class:`Game` itself (no memo): ``me``'s round outcome."""
    if game.last_showdown is not None:
        w = game.last_showdown[2]
        return 0 if w is None else (1 if w == me else -1)
    (p,) = game.to_act()
    vals = []
    for a in game.legal_actions(p):
        g = game.clone()
        g.apply(p, a)
        vals.append(brute(g, me))
    return max(vals) if p == me else min(vals)


RULESETS = [DEFAULT, DEFAULT.with_(must_defend=True), DEFAULT.with_(jumbo=False),
            DEFAULT.with_(tie_rule=TIE_ARROW_WINS)]


@pytest.mark.parametrize("rs", RULESETS, ids=["default", "must-defend", "no-jumbo",
                                             "arrow-wins"])
def test_solver_matches_brute_force(rs) -> None:
    rng = random.Random(11)
    solver = TrickSolver(rs.jumbo, rs.must_defend)
    for _ in range(800):
        n = rng.randint(2, 4)
        deck = list(DECK)
        rng.shuffle(deck)
        att, dfn = tuple(sorted(deck[:n])), tuple(sorted(deck[n:2 * n]))
        attacker = rng.choice((YAY, WOW))
        cat = rng.choice((1, 2, 4, 5))  # single arrows, so arrow-wins ties matter
        hands = (att, dfn) if attacker == YAY else (dfn, att)
        g = Game.from_position(yay=hands[0], wow=hands[1], phase="attack", attacker=attacker,
                               cat=cat, ruleset=rs, seed=rng.randrange(99))
        tie = 0
        if rs.tie_rule == TIE_ARROW_WINS:
            tie = 1 if rs.arrow_target(cat) == attacker else -1
        assert solver.value(att, dfn, tie) == brute(g, attacker), (att, dfn, tie)


def test_solver_mid_trick_matches_brute_force() -> None:
    rng = random.Random(5)
    solver = TrickSolver()
    checked = 0
    while checked < 400:
        n = rng.randint(3, 5)
        deck = list(DECK)
        rng.shuffle(deck)
        att, dfn = sorted(deck[:n]), tuple(sorted(deck[n:2 * n]))
        options = [a for a in Game.from_position(yay=att, wow=dfn, phase="attack",
                                                 attacker=YAY).legal_actions(YAY)
                   if len(a.cards) > 1]
        if not options:
            continue
        attack = rng.choice(options).cards
        rest = list(att)
        for c in attack:
            rest.remove(c)
        g = Game.from_position(yay=rest, wow=dfn, phase="defend", attacker=YAY, attack=attack)
        want = brute(g, YAY)
        assert solver.answer(tuple(rest), dfn, attack, True) == want
        checked += 1


def test_matrix_game_matching_pennies() -> None:
    mix = solve_matrix([[1.0, -1.0], [-1.0, 1.0]], iterations=2000)
    assert abs(mix[0] - 0.5) < 0.05
    assert solve_matrix([[1.0, 1.0], [-1.0, -1.0]])[0] > 0.9


# -- honesty: hidden information never changes a decision ----------------------------------
def _pair(phase: str, rng: random.Random, **kw):
    """Two games with the same public view for YAY, different hidden cards."""
    n = kw.pop("n")
    deck = list(DECK)
    rng.shuffle(deck)
    mine = deck[:n]
    rest = deck[n:]
    games = []
    for _ in range(2):
        rng.shuffle(rest)
        games.append(Game.from_position(yay=mine, wow=rest[:n], phase=phase,
                                        draw=rest[n:n + 10], seed=rng.randrange(10**6), **kw))
    return games


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard", "master"])
def test_honest_same_observation_same_decision(level: str) -> None:
    rng = random.Random(3)
    for trial in range(12):
        for phase, kw in (("replace", {"n": 7, "cat": 3}), ("replace", {"n": 9, "cat": 4}),
                          ("duel", {"n": 6}), ("attack", {"n": 5, "attacker": YAY})):
            g1, g2 = _pair(phase, rng, **kw)
            o1, o2 = g1.observation(YAY), g2.observation(YAY)
            assert o1 == o2
            assert g1.hands[WOW] != g2.hands[WOW] or g1.draw != g2.draw
            opts = {"random": {}, "greedy": {}, "master": SMALL_MASTER}.get(level, FAST)
            a1 = make_player(level, trial, **opts)
            a2 = make_player(level, trial, **opts)
            assert a1.choose(o1) == a2.choose(o2)


def test_honest_defend_mid_trick() -> None:
    rng = random.Random(8)
    for trial in range(20):
        deck = list(DECK)
        rng.shuffle(deck)
        mine = deck[:5]
        attack = (max(deck[5:12]),)
        rest = deck[12:]
        games = []
        for _ in range(2):
            rng.shuffle(rest)
            games.append(Game.from_position(yay=rest[:4], wow=mine, phase="defend",
                                            attacker=YAY, attack=attack))
        o1, o2 = games[0].observation(WOW), games[1].observation(WOW)
        assert o1 == o2
        assert make_player("hard", trial, **FAST).choose(o1) == \
            make_player("hard", trial, **FAST).choose(o2)


# -- legality across many positions, including both sealed steps -------------------------
def test_every_ai_action_is_legal_in_random_games() -> None:
    rng = random.Random(21)
    decisions = sealed = 0
    levels = ["random", "greedy", "easy", "medium", "hard", "master"]
    for s in range(50):
        g = Game(s)
        players = [fast_player(rng.choice(levels), s), fast_player(rng.choice(levels), s + 1)]
        while not g.is_terminal():
            acting = g.to_act()
            sealed += len(acting) == 2
            for p in acting:
                obs = g.observation(p)
                action = run_think(players[p].think(obs))
                assert action in obs.legal_actions(), (action, obs)
                g.apply(p, action)
                decisions += 1
    assert decisions > 3000 and sealed > 200


def test_every_ai_action_is_legal_in_random_positions() -> None:
    rng = random.Random(4)
    for i in range(400):
        n = rng.randint(2, 8)
        deck = list(DECK)
        rng.shuffle(deck)
        phase = rng.choice(["duel", "attack", "replace"])
        kw: dict = {}
        if phase == "replace":
            cat = rng.choice(range(7))
            n = DEFAULT.spaces[cat].hand_size
            kw["cat"] = cat
        elif phase == "attack":
            kw["attacker"] = rng.choice((YAY, WOW))
        g = Game.from_position(yay=deck[:n], wow=deck[n:2 * n], phase=phase, **kw)
        for p in g.to_act():
            obs = g.observation(p)
            for level in ("greedy", "easy", "medium", "hard") + ("master",) * (i % 4 == 0):
                pl = fast_player(level, i)
                assert pl.choose(obs) in obs.legal_actions()
        oracle = make_player("oracle", i)
        for p in g.to_act():
            assert oracle.choose_with_game(g, p) in g.legal_actions(p)


# -- determinism, slices, hints -----------------------------------------------------------
def test_deterministic_under_iteration_cap() -> None:
    g = Game.from_position(yay=[1, 3, 5, 8, 9, 11, 12], wow=[2, 4, 6, 6, 7, 10, 12],
                           phase="duel")
    obs = g.observation(YAY)
    first = [make_player("hard", 5, **FAST).choose(obs) for _ in range(3)]
    assert len(set(first)) == 1
    g2 = Game.from_position(yay=[1, 3, 5, 8, 9, 11], wow=[2, 4, 6, 7, 10, 12],
                            phase="attack", attacker=YAY)
    o2 = g2.observation(YAY)
    acts = {make_player("hard", 9, **FAST).choose(o2) for _ in range(3)}
    assert len(acts) == 1


def test_think_is_a_generator_returning_the_action() -> None:
    g = Game.from_position(yay=[1, 3, 5, 8, 9, 11, 12, 2], wow=[2, 4, 6, 6, 7, 10, 12, 3],
                           phase="duel")
    obs = g.observation(YAY)
    gen = make_player("hard", 1, **FAST).think(obs)
    action = run_think(gen)
    assert action in obs.legal_actions()


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard", "master"])
def test_hint_is_legal_with_a_reason(level: str) -> None:
    rng = random.Random(2)
    for s in range(6):
        g = Game(s)
        pl = fast_player(level, s)
        steps = 0
        while not g.is_terminal() and steps < 40:
            for p in g.to_act():
                obs = g.observation(p)
                h = pl.hint(obs)
                assert isinstance(h, Hint)
                assert h.action in obs.legal_actions()
                assert h.reason and h.key in TEXT and isinstance(h.params, dict)
                g.apply(p, rng.choice(obs.legal_actions()) if obs.phase != "replace"
                        else Action(REPLACE, ()))
                steps += 1


def test_levels_and_errors() -> None:
    assert LEVELS_OFFERED == ("easy", "medium", "hard", "master")
    for level in LEVELS:
        assert make_player(level, 0).name == level
    assert make_player("oracle").needs_game
    with pytest.raises(ValueError):
        make_player("grandmaster")


# -- arena ------------------------------------------------------------------------------------
def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0


def test_arena_duplicate_and_keys() -> None:
    r = run_arena("greedy", "random", 10, seed=3)
    assert r["games"] == 10 and r["a_wins"] + r["b_wins"] + r["unfinished"] == 10
    for key in ("a_win_rate", "ci95_low", "ci95_high", "a_round_win_rate", "a_ms_mean",
                "a_ms_p95", "b_ms_mean", "b_ms_p95"):
        assert key in r
    same = run_arena("greedy", "greedy", 10, seed=3)
    assert same["a_wins"] == same["b_wins"] == 5  # duplicate deals: mirror match is even


def test_arena_cli_json_matches_the_games(capsys) -> None:
    """The CLI's JSON is the arena's result: totals agree with each other and with a
    direct run of the same deals (times aside), and every game really was played out."""
    assert cli_main(["arena", "easy", "random", "--games", "6", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    direct = run_arena("easy", "random", 6, seed=1)
    timing = {k for k in out if "_ms_" in k}
    assert {k: v for k, v in out.items() if k not in timing} == \
        {k: v for k, v in direct.items() if k not in timing}
    assert out["games"] == 6 and out["a_wins"] + out["b_wins"] + out["unfinished"] == 6
    assert out["a_win_rate"] == round(out["a_wins"] / 6, 4)
    assert (out["ci95_low"], out["ci95_high"]) == tuple(round(x, 4) for x in
                                                        wilson(out["a_wins"], 6))
    # a game needs at least 4 decided rounds (centre to a goal), and the round win rate
    # is A's share of them
    decided = out["a_rounds"] + out["b_rounds"]
    assert decided >= 4 * (out["a_wins"] + out["b_wins"])
    assert out["a_round_win_rate"] == round(out["a_rounds"] / decided, 4)
    assert out["a_decisions"] >= 6 * 4 * 3  # replace, duel, an attack or answer per round


def test_arena_rejects_unknown_levels() -> None:
    with pytest.raises(SystemExit):
        cli_main(["arena", "grandmaster", "random", "--games", "2"])


def test_oracle_beats_greedy() -> None:
    """Seeing both hands and solving exactly must win clearly (0.95 over 1,000 games)."""
    r = run_arena("oracle", "greedy", 4, seed=9)
    assert r["unfinished"] == 0
    assert r["a_wins"] >= 3 and r["a_round_win_rate"] > 0.6


def test_decision_times_counts_each_decision_of_the_level_once():
    """bench/ai_ladder.py and bench/ai_pyodide_time.py time decisions through this."""
    from tacocat.ai.arena import decision_times

    ticks = iter(range(10**6))
    times = decision_times("easy", "random", 2, 5, clock=lambda: float(next(ticks)))
    assert times and times == sorted(times)
    # The fake clock advances 1 s per reading and is read only around the level's
    # decisions (two readings each), so every time is exactly 1000 ms.
    assert set(times) == {1000.0}
    decided = 0
    for s in range(2):
        g = Game(5 + s)
        players = [make_player("easy", s), make_player("random", s + 100)]
        if s % 2:
            players.reverse()
        while not g.is_terminal():
            for p in g.to_act():
                decided += p == s % 2
                g.apply(p, players[p].choose(g.observation(p)))
    assert len(times) == decided
