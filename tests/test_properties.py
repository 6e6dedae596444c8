"""Invariants over thousands of random games (hypothesis chooses the seeds)."""

import dataclasses
from random import Random

from helpers import RULES_DECK, card_census, examples, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat import DEFAULT, Action, Game, GameRecord, IllegalActionError, RandomPlayer
from tacocat.actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE
from tacocat.ruleset import TIE_ARROW_WINS

DECK = RULES_DECK  # RULES.md's deck, not one the code under test builds
RULESETS = [DEFAULT, DEFAULT.with_(must_defend=True), DEFAULT.with_(jumbo=False),
            DEFAULT.with_(tie_rule=TIE_ARROW_WINS, arrow_reading="leading")]


def random_action(rng: Random) -> Action:
    """Any action at all, legal or not."""
    kind = rng.choice([REPLACE, DUEL, ATTACK, DEFEND, SACRIFICE])
    if kind == SACRIFICE:
        return Action(kind, ())
    n = 1 if kind in (DUEL, DEFEND) else rng.randint(0 if kind == REPLACE else 1, 5)
    return Action(kind, tuple(sorted(rng.randint(1, 13) for _ in range(n))))


def check_invariants(g: Game) -> None:
    assert card_census(g) == DECK, "all 38 cards accounted for"
    y, w = len(g.hands[0]), len(g.hands[1])
    if g.phase == "defend":  # the defender has answered only part of the attack so far
        att = g.attacker
        assert len(g.hands[1 - att]) - len(g.hands[att]) == len(g.attack) - len(g.answers)
    else:
        assert y == w, "hand sizes equal"
    if g.is_terminal():
        assert g.cat in (-1, len(g.tiles)), "a finished game ends in a goal"
        assert g.winner == (0 if g.cat == -1 else 1)
    else:
        assert 0 <= g.cat < len(g.tiles) and not g.tiles[g.cat], "cat never on a tile"
    assert all(h == sorted(h) for h in g.hands)


def play_checked(seed: int, ruleset=DEFAULT, probes: int = 2,
                 states: list | None = None) -> Game:
    """Play a random game, checking the invariants and probing illegal actions at every
    step; ``states`` (if given) collects the snapshot before the first move and after
    each move."""
    g = Game(seed, ruleset)
    if states is not None:
        states.append(snapshot(g))
    players = (RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2))
    rng = Random(seed)
    tiles_placed: list[int] = []
    kinds_seen: dict[str, int] = {}
    while not g.is_terminal():
        check_invariants(g)
        for p in g.to_act():
            legal = g.legal_actions(p)
            assert legal and len(set(legal)) == len(legal)
            for _ in range(probes):  # everything outside the legal list is refused, unchanged
                bad = random_action(rng)
                if bad not in legal:
                    before = snapshot(g)
                    try:
                        g.apply(p, bad)
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"{bad} accepted but not in {legal}")
                    assert snapshot(g) == before
            if 1 - p not in g.to_act():  # a seat that is not acting is refused too
                before = snapshot(g)
                try:
                    g.apply(1 - p, legal[0])
                    raise AssertionError("acted out of turn")
                except IllegalActionError:
                    assert snapshot(g) == before
            action = players[p].choose(g.observation(p))
            assert action in legal, f"{action} not in legal list"
            for e in g.apply(p, action):
                if e.kind == "tile_placed":
                    tiles_placed.append(e.info["space"])
                kinds_seen[e.kind] = kinds_seen.get(e.kind, 0) + 1
            if states is not None:
                states.append(snapshot(g))
    check_invariants(g)
    assert len(tiles_placed) == len(set(tiles_placed)), "at most one tile per space"
    assert sum(g.tiles) == len(tiles_placed)
    assert g.tied_rounds == kinds_seen.get("round_tied", 0) == g.outcome().tied_rounds
    assert g.round == 1 + kinds_seen.get("round_started", 0) == g.outcome().rounds
    return g


@settings(max_examples=examples(1000), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS))
def test_random_games_keep_every_invariant(seed, rules):
    play_checked(seed, rules)


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS), data=st.data())
def test_json_record_replays_to_the_real_game_at_every_cut(seed, rules, data):
    """A record cut after any move, saved and read back, replays to exactly the state the
    real game was in after that move (the start, mid-game, the end)."""
    states: list = []
    g = play_checked(seed, rules, probes=0, states=states)
    record = GameRecord.of(g)
    n = len(g.history)
    assert len(states) == n + 1 and record.moves == tuple(g.moves_text())
    for cut in sorted({0, n // 2, data.draw(st.integers(0, n), label="cut"), n}):
        partial = dataclasses.replace(record, moves=record.moves[:cut])
        replayed = GameRecord.from_json(partial.to_json()).replay()
        assert snapshot(replayed) == states[cut], f"replay of {cut} moves differs"


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_observation_never_contains_the_opponents_hidden_cards(seed, cut):
    """Swap the viewer's opponent's hand and the draw pile with other unseen cards: the
    viewer's observation must not change."""
    g = Game(seed)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    for _ in range(cut):
        if g.is_terminal():
            break
        p = g.to_act()[0]
        g.apply(p, players[p].choose(g.observation(p)))
    for viewer in (0, 1):
        obs = g.observation(viewer)
        assert set(obs.to_dict()) >= {"hand", "opponent_hand_size"}
        hidden = g.hands[1 - viewer] + g.draw
        assert sorted(hidden) == obs.unseen()
        other = g.clone()
        shuffled = list(hidden)
        Random(seed).shuffle(shuffled)
        n = len(other.hands[1 - viewer])
        other.hands[1 - viewer] = sorted(shuffled[:n])
        other.draw = shuffled[n:]
        if other.pending[1 - viewer] is not None and other.pending[1 - viewer].kind == DUEL:
            other.pending[1 - viewer] = Action.duel(other.hands[1 - viewer][0])
        assert other.observation(viewer) == obs
