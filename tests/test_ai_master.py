"""The master level: honest, deterministic, a searched replacement that behaves sensibly
on positions where the right answer is clear, and an opponent model that reads discards."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import play, position, twins

from tacocat import DEFAULT, Game
from tacocat.actions import REPLACE, Action
from tacocat.ai import LEVELS, LEVELS_OFFERED, make_player
from tacocat.ai.rules_of_thumb import keep_rule, trim_rule
from tacocat.ai.search import (
    Evidence,
    candidate_discards,
    future_hands,
    sample_opponent_hands,
    solver_for,
)
from tacocat.ai.solver import ApproxSolver, TrickSolver, round_value
from tacocat.ruleset import WOW, YAY

DECK = DEFAULT.deck_cards()
# small caps keep the tests fast; budget_ms=None: the iteration cap alone decides
SMALL = {"budget_ms": None, "samples": 4, "replace_rounds": (1, 2)}


def master(seed: int = 0, **kw):
    return make_player("master", seed, **{**SMALL, **kw})


def test_master_is_offered_and_the_frozen_hard_is_not() -> None:
    assert LEVELS_OFFERED[-1] == "master" and "hard-2026" in LEVELS
    assert "hard-2026" not in LEVELS_OFFERED and "oracle" not in LEVELS_OFFERED


# -- honesty: ≥ 200 positions, every phase, the opponent's hand and the draw pile differ ------
def _second_replacer_twins(rng: random.Random) -> tuple[Game, Game]:
    """WOW replaced first (arrow at WOW on space 2), the same discards in both games."""
    deck = list(DECK)
    rng.shuffle(deck)
    mine, discards, rest = deck[:9], sorted(deck[9:12]), deck[12:]
    games = []
    for _ in range(2):
        rng.shuffle(rest)
        g = Game.from_position(yay=mine, wow=discards + rest[:6], phase="replace", cat=2,
                               seed=rng.randrange(10**6))
        g.apply(WOW, Action(REPLACE, tuple(discards)))
        games.append(g)
    return games[0], games[1]


def _defend_twins(rng: random.Random) -> tuple[Game, Game]:
    """WOW attacks with the same card in both games; YAY must answer it."""
    deck = list(DECK)
    rng.shuffle(deck)
    mine, attack, rest = deck[:5], deck[5], deck[6:]
    games = []
    for _ in range(2):
        rng.shuffle(rest)
        games.append(Game.from_position(yay=mine, wow=rest[:4], phase="defend", attacker=WOW,
                                        attack=[attack], seed=rng.randrange(10**6)))
    return games[0], games[1]


def test_master_is_honest_over_200_positions() -> None:
    rng = random.Random(31)
    checked = 0
    for trial in range(34):
        pairs = [
            twins(rng, "replace", 7, cat=3),
            twins(rng, "replace", 9, cat=4),
            _second_replacer_twins(rng),
            twins(rng, "duel", 6),
            twins(rng, "attack", 5, attacker=YAY),
        ]
        for g1, g2 in [*pairs, _defend_twins(rng)]:
            o1, o2 = g1.observation(YAY), g2.observation(YAY)
            assert o1 == o2
            assert g1.hands[WOW] != g2.hands[WOW] or g1.draw != g2.draw
            assert master(trial).choose(o1) == master(trial).choose(o2), o1
            checked += 1
    assert checked >= 200


def test_master_is_deterministic_whatever_the_memo_holds() -> None:
    g = position([1, 2, 3, 5, 7, 8, 9, 11, 12], [2, 3, 4, 6, 6, 7, 10, 11, 12], phase="replace",
                 cat=4)
    obs = g.observation(YAY)
    solver_for(DEFAULT)._memo.clear()
    cold = master(4, samples=8, replace_rounds=(4, 8, 16)).choose(obs)
    warm = master(4, samples=8, replace_rounds=(4, 8, 16)).choose(obs)
    assert cold == warm


# -- the replacement search on positions where the answer is clear ----------------------------
def _replace_choice(yay, wow, cat, seed, first=None, **kw) -> tuple[int, ...]:
    g = position(yay, wow, phase="replace", cat=cat, seed=seed)
    if first is not None:
        g.apply(WOW, Action(REPLACE, tuple(first)))
    obs = g.observation(YAY)
    action = make_player("master", seed, budget_ms=None, **kw).choose(obs)
    assert action in obs.legal_actions()
    return action.cards


@pytest.mark.parametrize("seed", range(3))
def test_surplus_low_cards_are_replaced_but_a_showdown_card_is_kept(seed: int) -> None:
    """1, 1, 2, 3, 4 and middling cards at the centre: only one or two low cards matter for
    the showdown, so the search throws some low cards back — never all of them."""
    hand = (1, 1, 2, 3, 4, 6, 7)
    discards = _replace_choice(hand, [2, 3, 5, 8, 9, 10, 11], 3, seed,
                               replace_rounds=(8, 16, 32))
    lows = Counter(c for c in hand if c <= 4)
    lows.subtract(c for c in discards if c <= 4)
    kept_low = sum(lows.values())
    assert 1 <= kept_low <= 3 and 1 in hand and Counter(discards)[1] == 0


@pytest.mark.parametrize("seed", range(3))
def test_a_perfect_small_hand_is_kept(seed: int) -> None:
    """1 for the showdown and three fighters: any swap only makes it worse."""
    assert _replace_choice((1, 10, 11, 12), (3, 4, 6, 8), 6, seed) == ()


def test_second_replacer_respects_the_limit() -> None:
    g = position([1, 2, 5, 6, 7, 7, 8, 9, 10], [2, 3, 4, 5, 6, 8, 11, 12, 12], phase="replace",
                 cat=2)
    g.apply(WOW, Action(REPLACE, (4, 5)))
    obs = g.observation(YAY)
    assert obs.replace_limit == 2
    assert len(master(1).choose(obs).cards) <= 2


def test_candidates_cover_the_junk_band_even_with_a_small_limit() -> None:
    hand = (1, 1, 2, 3, 4, 6, 7, 7, 8)
    cands = candidate_discards(hand, 3, max_low=3)
    assert (7, 7, 8) in cands and () in cands
    assert all(len(d) <= 3 for d in cands) and len(set(cands)) == len(cands)
    assert keep_rule(hand, 9) in candidate_discards(hand, 9)


def test_the_rules_keep_one_or_two_low_cards_and_the_fighters() -> None:
    for rule in (keep_rule, trim_rule):
        assert rule((1, 1, 2, 3, 4, 6, 7, 7, 8), 9) == (2, 3, 4, 6, 7, 7, 8)
        assert rule((2, 3, 5, 7, 10, 11, 12), 1) == (7,)  # the worst card first
        assert rule((1, 10, 11, 12), 4) == ()
    assert keep_rule((2, 3, 5, 7, 10, 11, 12), 7) == (3, 5, 7)  # a 2 needs no backup
    assert trim_rule((2, 3, 5, 7, 10, 11, 12), 7) == (5, 7)
    assert keep_rule((1, 2, 5, 9, 9, 10, 11, 12, 12), 9) == (5,)  # 9s fight in a big hand
    assert trim_rule((1, 2, 5, 9, 9, 10, 11, 12, 12), 9) == (5, 9, 9)


def test_second_to_replace_limits_the_opponent_in_sampled_futures() -> None:
    """When I replace first, the opponent may then replace at most as many cards."""
    opp = (5, 6, 7, 7, 8, 8, 9)
    pile = tuple(range(1, 13)) * 2
    for k in range(4):
        mine, theirs = future_hands((1, 2, 3, 4, 10, 11, 12), (2, 3, 4, 10)[:k], (opp, pile), -1)
        assert len(Counter(theirs) - Counter(opp)) <= k and len(mine) == 7


def test_round_value_is_exact_on_small_hands() -> None:
    """At or below ``exact_at`` the stand-in is the exact solver (duel: highest cards)."""
    solver = TrickSolver()
    rng = random.Random(2)
    for _ in range(200):
        deck = list(DECK)
        rng.shuffle(deck)
        a, b = tuple(sorted(deck[:5])), tuple(sorted(deck[5:10]))
        if a[-1] == b[-1]:
            continue
        att, dfn = (a[:-1], b[:-1]) if a[-1] > b[-1] else (b[:-1], a[:-1])
        want = solver.value(att, dfn)
        assert round_value(solver, a, b, 0) == (want if a[-1] > b[-1] else -want)
        assert ApproxSolver(solver, 6).value(att, dfn) == want


# -- reading the opponent --------------------------------------------------------------------
def _after_their_replacement(discards: tuple[int, ...]):
    g = position([1, 2, 4, 6, 9, 10, 11, 12, 12], [3, 3, 5, 6, 7, 7, 8, 10, 11],
                 phase="replace", cat=2)
    g.apply(WOW, Action(REPLACE, discards))
    return g.observation(YAY)


def test_discards_make_band_cards_unlikely_in_their_hand() -> None:
    obs = _after_their_replacement((5, 6, 7, 7, 8))
    ev = Evidence(obs)
    assert ev.band == (5, 8)
    assert ev.weight((3, 3, 5, 6, 7, 8, 8, 10, 11)) < ev.weight((1, 3, 3, 4, 4, 9, 10, 11, 11))
    read = sample_opponent_hands(obs, random.Random(1), 300)
    per_hand = sum(5 <= c <= 8 for h in read for c in h) / len(read)
    unseen = obs.unseen()
    uniform = 9 * sum(5 <= c <= 8 for c in unseen) / len(unseen)  # 3.4 band cards
    assert per_hand < 0.8 * uniform


def test_a_cheap_defence_is_expected() -> None:
    """WOW defended a 4 with an 11: a card from 4 to 10 (other than its lowest) would have
    been cheaper, so hands holding one weigh less."""
    g = position([2, 4, 9, 10, 12], [3, 5, 6, 11, 12], phase="attack", attacker=YAY)
    play(g, (YAY, "A4"), (WOW, "B11"))
    ev = Evidence(g.observation(YAY))
    assert ev.spares == [(4, 11)]
    assert ev.weight((3, 8, 10, 12)) < ev.weight((3, 11, 11, 12))


def test_sampled_hands_keep_the_hard_facts() -> None:
    g = position([4, 4, 9, 11, 12], [2, 5, 6, 7, 12], phase="attack", attacker=YAY)
    play(g, (YAY, "A4.4"), (WOW, "B5"), (WOW, "S"))
    obs = g.observation(YAY)
    unseen = Counter(obs.unseen())
    for h in sample_opponent_hands(obs, random.Random(3), 100):
        assert len(h) == 3 and min(h) >= 2 and not Counter(h) - unseen
