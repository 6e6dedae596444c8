"""One scenario per rule of RULES.md, each from an exact position."""

import pytest
from helpers import RULES_DECK, card_census, kinds, play, position, snapshot

from tacocat import DEFAULT, WOW, YAY, Action, Game, IllegalActionError, Ruleset
from tacocat.ruleset import TIE_ARROW_WINS

# Two-card duel positions whose round result is fixed: the duel loser keeps the higher card.
YAY_WINS = ([9, 1], [8, 5])  # YAY duels 9 > 8, then shows 1 < 5
WOW_WINS = ([8, 5], [9, 1])
DUEL_FOR_RESULT = [(YAY, "D9"), (WOW, "D8")]
DUEL_FOR_RESULT_WOW = [(YAY, "D8"), (WOW, "D9")]


# --- 0. Components ----------------------------------------------------------------------
def test_the_default_ruleset_is_rules_md_literally():
    rs = Ruleset()  # built afresh, not the module's DEFAULT
    assert dict(rs.deck) == RULES_DECK and rs.deck_size == 38
    assert [(s.hand_size, s.double) for s in rs.spaces] == [
        (4, False), (6, False), (9, False), (7, True), (9, False), (6, False), (4, False)]
    assert rs.start == 3 and rs.tie_rule == "no-move" and rs.arrow_reading == "trailing"
    assert not rs.must_defend and rs.jumbo and rs == DEFAULT
    # arrows: the centre is double; every other space points at the trailing player
    assert [rs.arrow_target(i) for i in range(7)] == [WOW, WOW, WOW, None, YAY, YAY, YAY]


# --- 1. Deal ---------------------------------------------------------------------------
def test_deal_gives_each_player_the_hand_size_of_the_cats_space():
    g = Game(seed=11)
    assert g.cat == 3 and g.hand_size == 7
    assert len(g.hands[YAY]) == len(g.hands[WOW]) == 7
    assert len(g.draw) == 38 - 14 and g.discard == []
    assert card_census(g) == RULES_DECK  # the whole deck of RULES.md, every time
    assert kinds(g.initial_events) == ["round_started", "dealt", "dealt"]


def test_next_round_deals_the_new_spaces_hand_size():
    g = position(*YAY_WINS)
    play(g, *DUEL_FOR_RESULT)
    assert g.cat == 2 and g.round == 2
    assert len(g.hands[YAY]) == len(g.hands[WOW]) == DEFAULT.spaces[2].hand_size == 9
    assert len(g.draw) == 38 - 18 and g.discard == []


# --- 2. Replace cards ------------------------------------------------------------------
def test_double_arrow_replacement_is_sealed_until_both_commit():
    g = position([1, 2, 3, 4, 5, 6, 7], [3, 4, 5, 6, 8, 9, 10], phase="replace",
                 draw=[12, 12, 11, 11, 10, 9, 8])
    assert g.to_act() == (YAY, WOW)
    assert g.observation(YAY).replace_limit == 7
    events = play(g, (YAY, "R1.2"))
    assert kinds(events) == ["committed"]
    seen_by_wow = g.observation(WOW)
    assert seen_by_wow.committed == (True, False)
    assert seen_by_wow.replaced == (None, None) and seen_by_wow.discard == ()
    assert seen_by_wow.sealed is None and g.observation(YAY).sealed == Action.replace(1, 2)
    with pytest.raises(IllegalActionError, match="not YAY's turn"):
        play(g, (YAY, "R3"))  # each replaces once
    events = play(g, (WOW, "R3.4.5"))
    assert kinds(events) == ["committed", "replaced", "drew", "replaced", "drew"]
    assert g.hands[YAY] == [3, 4, 5, 6, 7, 12, 12]  # YAY resolves first: draws 12, 12
    assert g.hands[WOW] == [6, 8, 9, 10, 10, 11, 11]
    assert g.discard == [1, 2, 3, 4, 5]
    assert g.phase == "duel" and g.to_act() == (YAY, WOW)


def test_double_arrow_allows_replacing_the_whole_hand():
    g = position([1, 2, 3, 4, 5, 6, 7], [3, 4, 5, 6, 8, 9, 10], phase="replace")
    legal = g.legal_actions(YAY)
    assert max(len(a.cards) for a in legal) == 7 and Action.replace() in legal
    play(g, (YAY, "R1.2.3.4.5.6.7"), (WOW, "R3.4.5.6.8.9.10"))
    assert len(g.hands[YAY]) == len(g.hands[WOW]) == 7 and len(g.discard) == 14


def test_single_arrow_the_arrowed_player_replaces_k_then_the_other_at_most_k():
    # Space 1 (hand 6) is nearer YAY's goal: its arrow points at the trailing player, WOW.
    g = position([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], phase="replace", cat=1,
                 draw=[12, 3, 4, 4])
    assert g.to_act() == (WOW,)
    with pytest.raises(IllegalActionError, match="not YAY's turn"):
        play(g, (YAY, "R"))
    events = play(g, (WOW, "R11.12"))
    assert kinds(events) == ["replaced", "drew"]
    assert g.hands[WOW] == [3, 7, 8, 9, 10, 12]
    assert g.to_act() == (YAY,) and g.observation(YAY).replace_limit == 2
    assert g.observation(YAY).replaced == (None, (11, 12))  # public: face up
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="at most 2"):
        play(g, (YAY, "R1.2.3"))
    assert snapshot(g) == before
    assert max(len(a.cards) for a in g.legal_actions(YAY)) == 2
    play(g, (YAY, "R1.2"))
    assert g.hands[YAY] == [3, 4, 4, 4, 5, 6] and g.phase == "duel"


def test_single_arrow_zero_replacement_forbids_the_other_player_any():
    g = position([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], phase="replace", cat=5)
    assert g.to_act() == (YAY,)  # space 5 is nearer WOW's goal: the arrow points at YAY
    play(g, (YAY, "R"))
    assert g.legal_actions(WOW) == [Action.replace()]
    with pytest.raises(IllegalActionError, match="at most 0"):
        play(g, (WOW, "R7"))


def test_leading_arrow_variant_points_at_the_other_player():
    rs = DEFAULT.with_(arrow_reading="leading")
    g = position([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], phase="replace", cat=1, ruleset=rs)
    assert g.to_act() == (YAY,)


# --- 3. Duel ---------------------------------------------------------------------------
def test_duel_cards_are_sealed_then_the_higher_attacks_first():
    g = position([2, 5, 9], [3, 4, 8])
    play(g, (WOW, "D8"))
    assert g.observation(YAY).committed == (False, True) and g.hands[WOW] == [3, 4, 8]
    other = position([2, 5, 9], [3, 4, 8])
    play(other, (WOW, "D3"))
    assert g.observation(YAY) == other.observation(YAY)  # the sealed card never shows
    events = play(g, (YAY, "D9"))
    duel = next(e for e in events if e.kind == "duel")
    assert duel.cards == (9, 8) and duel.info == {"tie": False, "attacker": YAY}
    assert g.phase == "attack" and g.to_act() == (YAY,) and g.attacker == YAY
    assert g.hands == [[2, 5], [3, 4]] and g.discard == [9, 8]


def test_tied_duel_discards_both_and_duels_again():
    g = position([2, 6, 9, 11], [3, 6, 8, 12])
    events = play(g, (YAY, "D6"), (WOW, "D6"))
    assert [e.info["tie"] for e in events if e.kind == "duel"] == [True]
    assert g.phase == "duel" and g.to_act() == (YAY, WOW)
    assert g.hands == [[2, 9, 11], [3, 8, 12]] and g.discard == [6, 6]
    play(g, (YAY, "D2"), (WOW, "D3"))
    assert g.attacker == WOW and g.duels == [(6, 6), (2, 3)]


def test_duel_ties_down_to_one_card_go_straight_to_the_showdown():
    g = position([3, 5], [3, 8])
    events = play(g, (YAY, "D3"), (WOW, "D3"))
    assert "attacked" not in kinds(events)
    showdown = next(e for e in events if e.kind == "showdown")
    assert showdown.cards == (5, 8) and showdown.info["winner"] == YAY


# --- 4. Play: attacks and answers ------------------------------------------------------------
def test_jumbo_set_with_a_mixed_defence_lets_the_attacker_attack_again():
    g = position([4, 4, 9, 11], [2, 5, 6, 12], phase="attack", attacker=YAY)
    assert Action.attack(4, 4) in g.legal_actions(YAY)
    play(g, (YAY, "A4.4"))
    assert g.to_act() == (WOW,) and g.observation(WOW).target == 4
    play(g, (WOW, "B5"))
    assert g.observation(WOW).target == 4  # answers each attacking card in turn
    events = play(g, (WOW, "S"))
    assert events[0].kind == "sacrificed" and events[0].cards == (2,)
    trick = events[1]
    assert trick.kind == "trick" and trick.player == YAY and not trick.info["defended"]
    assert g.hands == [[9, 11], [6, 12]] and g.to_act() == (YAY,)
    assert sorted(g.discard[-4:]) == [2, 4, 4, 5]


def test_jumbo_sequence_with_a_mixed_defence():
    g = position([1, 6, 8, 9], [5, 6, 7, 12], phase="attack", attacker=WOW)
    assert Action.attack(5, 6, 7) in g.legal_actions(WOW)
    play(g, (WOW, "A5.6.7"), (YAY, "B6"), (YAY, "S"))
    assert g.answers == [(6, True), (1, False)]
    events = play(g, (YAY, "B8"))
    assert [e.kind for e in events][:2] == ["defended", "trick"]
    assert events[1].player == WOW  # one sacrifice: the attacker goes again
    # hands are down to one card each: showdown 9 (YAY) vs 12 (WOW): YAY wins
    assert next(e for e in events if e.kind == "showdown").info["winner"] == YAY


def test_every_card_defended_hands_the_attack_to_the_defender():
    g = position([3, 5, 7, 10], [4, 6, 8, 11], phase="attack", attacker=YAY)
    events = play(g, (YAY, "A5"), (WOW, "B6"))
    assert events[-1].kind == "trick" and events[-1].info["defended"]
    assert g.attacker == WOW and g.to_act() == (WOW,) and g.phase == "attack"


def test_cannot_jumbo_with_the_final_card():
    g = position([5, 6, 7], [1, 2, 3], phase="attack", attacker=YAY)
    assert Action.attack(5, 6, 7) not in g.legal_actions(YAY)
    with pytest.raises(IllegalActionError, match="must still hold a card"):
        play(g, (YAY, "A5.6.7"))
    g = position([5, 5], [1, 2], phase="attack", attacker=YAY)
    assert g.legal_actions(YAY) == [Action.attack(5)]
    with pytest.raises(IllegalActionError, match="must still hold a card"):
        play(g, (YAY, "A5.5"))


def test_a_jumbo_must_be_a_set_or_a_run_of_three():
    g = position([5, 6, 8, 9, 12], [1, 2, 3, 4, 4], phase="attack", attacker=YAY)
    for bad in ("A5.6", "A5.8", "A8.9.12"):
        with pytest.raises(IllegalActionError, match="neither a set"):
            play(g, (YAY, bad))
    g = position([4, 4, 4, 9], [1, 2, 3, 5], phase="attack", attacker=YAY)
    legal = {a.notation() for a in g.legal_actions(YAY)}
    assert legal == {"A4", "A9", "A4.4", "A4.4.4"}


def test_jumbo_variant_off_allows_single_cards_only():
    rs = DEFAULT.with_(jumbo=False)
    g = position([4, 4, 5, 6], [1, 2, 3, 7], phase="attack", attacker=YAY, ruleset=rs)
    assert {a.notation() for a in g.legal_actions(YAY)} == {"A4", "A5", "A6"}
    with pytest.raises(IllegalActionError, match="switched off"):
        play(g, (YAY, "A4.4"))


def test_sacrifice_by_choice_even_when_able_to_defend():
    g = position([3, 10], [2, 9], phase="attack", attacker=YAY)
    play(g, (YAY, "A3"))
    assert {a.notation() for a in g.legal_actions(WOW)} == {"B9", "S"}
    events = play(g, (WOW, "S"))
    assert events[0].cards == (2,)
    assert next(e for e in events if e.kind == "showdown").cards == (10, 9)


def test_must_defend_variant_refuses_a_sacrifice_when_a_card_holds():
    rs = DEFAULT.with_(must_defend=True)
    g = position([3, 10], [2, 9], phase="attack", attacker=YAY, ruleset=rs)
    play(g, (YAY, "A3"))
    assert g.legal_actions(WOW) == [Action.defend(9)]
    with pytest.raises(IllegalActionError, match="defend when you can"):
        play(g, (WOW, "S"))
    g = position([10, 11], [2, 9], phase="attack", attacker=YAY, ruleset=rs)
    play(g, (YAY, "A10"))
    assert g.legal_actions(WOW) == [Action.sacrifice()]  # cannot hold: must sacrifice


def test_defence_needs_an_equal_or_higher_card_and_a_sacrifice_a_lower_lowest():
    g = position([6, 8, 10], [4, 6, 9], phase="attack", attacker=YAY)
    play(g, (YAY, "A8"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="cannot defend against a 8"):
        play(g, (WOW, "B6"))  # lower does not hold
    assert snapshot(g) == before
    events = play(g, (WOW, "B9"))  # higher holds
    assert events[0].kind == "defended" and events[0].info == {"against": 8}
    assert events[1].kind == "trick" and events[1].info["defended"]
    assert g.attacker == WOW and g.phase == "attack" and g.to_act() == (WOW,)


def test_an_equal_card_defends_and_the_defender_attacks_next():
    g = position([3, 8, 10], [3, 9, 11], phase="attack", attacker=YAY)
    play(g, (YAY, "A3"))
    assert {a.notation() for a in g.legal_actions(WOW)} == {"B3", "B9", "B11"}
    with pytest.raises(IllegalActionError, match=r"lowest card \(3\) already holds"):
        play(g, (WOW, "S"))  # an equal lowest card holds, so it is no sacrifice
    events = play(g, (WOW, "B3"))
    assert kinds(events) == ["defended", "trick"]
    assert events[1].player == WOW and events[1].info == {"defended": True, "cards": [3, 3]}
    assert g.attacker == WOW and g.phase == "attack" and g.to_act() == (WOW,)
    assert g.hands == [[8, 10], [9, 11]] and g.discard[-2:] == [3, 3]
    play(g, (WOW, "A9"))  # the defender does attack next
    assert g.to_act() == (YAY,) and g.observation(YAY).target == 9


def test_an_equal_card_holds_under_must_defend_too():
    rs = DEFAULT.with_(must_defend=True)
    g = position([5, 8, 10], [2, 4, 5], phase="attack", attacker=YAY, ruleset=rs)
    play(g, (YAY, "A5"))
    assert g.legal_actions(WOW) == [Action.defend(5)]  # the highest card only equals it
    with pytest.raises(IllegalActionError, match=r"defend when you can \(your 5 holds\)"):
        play(g, (WOW, "S"))


def test_hands_shrink_equally_through_a_trick():
    g = position([2, 3, 4, 9, 12], [1, 5, 6, 7, 8], phase="attack", attacker=YAY)
    play(g, (YAY, "A2.3.4"))
    assert len(g.hands[YAY]) == 2
    play(g, (WOW, "B5"), (WOW, "B6"), (WOW, "B7"))
    assert len(g.hands[YAY]) == len(g.hands[WOW]) == 2


# --- 5. Showdown and ties ----------------------------------------------------------------------
def test_showdown_lowest_card_wins():
    g = position(*WOW_WINS)
    events = play(g, *DUEL_FOR_RESULT_WOW)
    sd = next(e for e in events if e.kind == "showdown")
    assert sd.cards == (5, 1) and sd.info["winner"] == WOW
    assert g.last_showdown == (5, 1, WOW)


def test_tied_showdown_default_no_move_no_tile():
    g = position([8, 5], [2, 5], cat=1)
    events = play(g, (YAY, "D8"), (WOW, "D2"))
    assert "round_tied" in kinds(events) and "cat_moved" not in kinds(events)
    assert g.cat == 1 and not any(g.tiles) and g.round == 2 and g.tied_rounds == 1
    assert g.phase == "replace" and len(g.hands[YAY]) == DEFAULT.spaces[1].hand_size


def test_tied_showdown_arrow_wins_variant():
    rs = DEFAULT.with_(tie_rule=TIE_ARROW_WINS)
    g = position([8, 5], [2, 5], cat=1, ruleset=rs)  # arrow on space 1 points at WOW
    events = play(g, (YAY, "D8"), (WOW, "D2"))
    assert next(e for e in events if e.kind == "showdown").info["winner"] == WOW
    assert g.cat == 2 and g.tiles[1]
    g = position([8, 5], [2, 5], cat=3, ruleset=rs)  # double arrow: still a tie
    events = play(g, (YAY, "D8"), (WOW, "D2"))
    assert "round_tied" in kinds(events) and g.cat == 3


# --- 6. Moving the cat and tiles --------------------------------------------------------------
def test_cat_moves_one_space_toward_the_winner_and_a_tile_covers_the_space_left():
    g = position(*YAY_WINS, cat=3)
    events = play(g, *DUEL_FOR_RESULT)
    moved = next(e for e in events if e.kind == "cat_moved")
    assert moved.player == YAY and moved.info == {"from": 3, "to": 2}
    assert [e.info["space"] for e in events if e.kind == "tile_placed"] == [3]
    assert g.tiles == [False, False, False, True, False, False, False]


def test_cat_jumps_over_one_covered_space():
    g = position(*WOW_WINS, cat=1, tiles=[2])
    play(g, *DUEL_FOR_RESULT_WOW)
    assert g.cat == 3 and g.tiles[1] and g.tiles[2]


def test_cat_jumps_over_two_covered_spaces():
    g = position(*YAY_WINS, cat=5, tiles=[3, 4])
    play(g, *DUEL_FOR_RESULT)
    assert g.cat == 2 and g.tiles[5]


# --- 7. Winning ---------------------------------------------------------------------------
@pytest.mark.parametrize(("hands", "duel", "cat", "tiles", "winner"), [
    (YAY_WINS, DUEL_FOR_RESULT, 0, [], YAY),
    (WOW_WINS, DUEL_FOR_RESULT_WOW, 6, [], WOW),
    (WOW_WINS, DUEL_FOR_RESULT_WOW, 4, [5, 6], WOW),  # jumping into the goal
])
def test_the_cat_entering_a_goal_wins_the_game(hands, duel, cat, tiles, winner):
    g = position(*hands, cat=cat, tiles=tiles)
    events = play(g, *duel)
    assert kinds(events)[-1] == "game_won" and events[-1].player == winner
    assert g.is_terminal() and g.outcome().winner == winner
    assert g.returns() == ((1, -1) if winner == YAY else (-1, 1))
    assert g.to_act() == () and g.legal_actions(YAY) == g.legal_actions(WOW) == []
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="game is over"):
        play(g, (YAY, "D1"))
    assert snapshot(g) == before


# --- errors leave the game unchanged ----------------------------------------------------------
@pytest.mark.parametrize("bad", ["D7", "A9", "B1", "S", "R1", "A2.3"])
def test_illegal_actions_are_refused_and_change_nothing(bad):
    g = position([2, 3, 9], [1, 5, 8], phase="attack", attacker=WOW)
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        play(g, (YAY, bad))
    with pytest.raises(IllegalActionError):
        g.apply(WOW, Action("attack", (8, 5)))  # cards out of order are refused too
    assert snapshot(g) == before
