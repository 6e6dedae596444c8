"""Every refusal says exactly why: the page shows these messages to players, so each is
compared in full (mutation testing showed that partial matches let broken messages through)."""

from __future__ import annotations

import pytest
from helpers import play, position

from tacocat import (
    DEFAULT,
    WOW,
    YAY,
    Action,
    Event,
    Game,
    GameRecord,
    IllegalActionError,
    PositionError,
    RecordError,
    Ruleset,
    RulesetError,
    Space,
    parse_move,
)
from tacocat.record import load_json


def message(error: type[Exception], fn, *args, **kwargs) -> str:
    with pytest.raises(error) as info:
        fn(*args, **kwargs)
    return str(info.value)


# -- Game.apply ----------------------------------------------------------------------------------
def _attack_position() -> Game:
    return position([4, 4, 5, 6, 9], [1, 2, 3, 7, 12], phase="attack", attacker=YAY)


@pytest.mark.parametrize(("seat", "action", "expected"), [
    (YAY, Action("duel", (4,)), "duel is not possible in the attack step"),
    (WOW, Action.attack(1), "it is not WOW's turn (waiting for YAY)"),
    (YAY, Action.attack(7), "YAY does not hold 7"),
    (YAY, Action.attack(4, 4, 4), "YAY does not hold 4, 4, 4"),
    (YAY, Action.attack(4, 6), "4, 6 is neither a set (2+ equal values) nor a sequence "
                               "(3+ consecutive values)"),
    (2, Action.attack(4), "no such seat: 2 (seats are 0 for YAY and 1 for WOW)"),
    (YAY, "A4", "not an action: 'A4'"),
    (YAY, Action("attack", (4, "5")), "'5' is not a card (card values are whole numbers 1 to 99)"),
    (YAY, Action("attack", (100,)), "100 is not a card (card values are whole numbers 1 to 99)"),
    (YAY, Action("attack", [4]), "an action's cards must be a tuple of card values, not [4]"),
    (YAY, Action("attack", (5, 4)), "list an action's cards in ascending order"),
    (YAY, Action(None, (4,)), "unknown action kind None"),
    (YAY, Action("attack", ()), "an attack plays at least one card"),
])
def test_attack_refusals(seat, action, expected):
    assert message(IllegalActionError, _attack_position().apply, seat, action) == expected


def test_every_other_refusal_of_the_rules():
    g = position([5, 6, 7], [1, 2, 3], phase="attack", attacker=YAY)
    assert message(IllegalActionError, g.apply, YAY, Action.attack(5, 6, 7)) == \
        "the attacker must still hold a card after attacking"
    g = position([4, 4, 5], [1, 2, 3], phase="attack", attacker=YAY,
                 ruleset=DEFAULT.with_(jumbo=False))
    assert message(IllegalActionError, g.apply, YAY, Action.attack(4, 4)) == \
        "Jumbo attacks are switched off in this ruleset"
    g = position([3, 8, 10], [4, 6, 9], phase="attack", attacker=YAY)
    play(g, (YAY, "A8"))
    assert message(IllegalActionError, g.apply, WOW, Action.defend(6)) == \
        "a 6 cannot defend against a 8; defend with an equal or higher card, or sacrifice " \
        "your lowest"
    g = position([3, 8, 10], [3, 6, 9], phase="attack", attacker=YAY)
    play(g, (YAY, "A3"))
    assert message(IllegalActionError, g.apply, WOW, Action.sacrifice()) == \
        "your lowest card (3) already holds against 3: defend with it"
    g = position([5, 8, 10], [2, 4, 5], phase="attack", attacker=YAY,
                 ruleset=DEFAULT.with_(must_defend=True))
    play(g, (YAY, "A5"))
    assert message(IllegalActionError, g.apply, WOW, Action.sacrifice()) == \
        "this ruleset makes you defend when you can (your 5 holds)"
    g = position([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], phase="replace", cat=1)
    play(g, (WOW, "R11.12"))
    assert message(IllegalActionError, g.apply, YAY, Action.replace(1, 2, 3)) == \
        "YAY may replace at most 2 card(s) now"
    assert message(IllegalActionError, g.apply, YAY, Action.replace(7)) == "YAY does not hold 7"
    g = position([8, 5], [9, 1], cat=0)
    play(g, (YAY, "D8"), (WOW, "D9"))  # WOW shows 1 < 5 and wins; the cat moves on
    g = position([9, 1], [8, 5], cat=0)
    play(g, (YAY, "D9"), (WOW, "D8"))
    assert message(IllegalActionError, g.apply, YAY, Action.duel(1)) == "the game is over"
    both = Game(seed=3)
    play(both, (YAY, "R"))
    assert message(IllegalActionError, both.apply, YAY, Action.replace()) == \
        "it is not YAY's turn (waiting for WOW)"


def test_a_refused_duel_and_sacrifice_count():
    g = position([1, 2, 9], [3, 4, 8])
    assert message(IllegalActionError, g.apply, YAY, Action("duel", (1, 2))) == \
        "a duel seals exactly one card"
    assert message(IllegalActionError, g.apply, YAY, Action("defend", ())) == \
        "a defence plays exactly one card"
    assert message(IllegalActionError, g.apply, YAY, Action("sacrifice", (1,))) == \
        "a sacrifice names no card (it plays your lowest)"
    assert message(IllegalActionError, g.apply, YAY, Action("duel", (10**40,))) == \
        "a huge number is not a card (card values are whole numbers 1 to 99)"
    assert message(IllegalActionError, g.apply, -(10**40), Action.duel(1)) == \
        "no such seat: a huge number (seats are 0 for YAY and 1 for WOW)"
    long_kind = "x" * 100
    assert message(IllegalActionError, g.apply, YAY, Action(long_kind, ())) == \
        f"unknown action kind {repr(long_kind)[:37]}..."


# -- notation -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    (None, "not an action: None"),
    ("", "not an action: ''"),
    ("X1", "unknown action letter in 'X1' (expected R, D, A, B or S)"),
    ("R1_0", "bad card list in action 'R1_0' (cards are numbers 1 to 99, separated by dots)"),
    ("D", "duel takes exactly one card: 'D'"),
    ("B1.2", "defend takes exactly one card: 'B1.2'"),
    ("A", "an attack needs at least one card: 'A'"),
    ("S3", "a sacrifice names no card: 'S3'"),
    ("R" + "1." * 100, "an action is at most 200 characters long"),
])
def test_notation_refusals(text, expected):
    assert message(RecordError, Action.parse, text) == expected


def test_notation_length_limit_is_200_characters():
    at_limit = "R" + ".".join(["1"] * 100)  # 200 characters
    assert len(at_limit) == 200 and len(Action.parse(at_limit).cards) == 100
    assert message(RecordError, Action.parse, at_limit + "0") == \
        "an action is at most 200 characters long"
    move = "Y:" + "R" + ".".join(["1"] * 99)  # 200 characters
    assert len(move) == 200 and parse_move(move)[0] == YAY
    assert message(RecordError, parse_move, move + ".1").startswith("not a move: ")


@pytest.mark.parametrize(("text", "expected"), [
    (None, "not a move: None (expected e.g. 'Y:D7')"),
    ("YD1", "not a move: 'YD1' (expected e.g. 'Y:D7')"),
    ("Y:", "not a move: 'Y:' (expected e.g. 'Y:D7')"),
    ("Q:D1", "unknown seat in move 'Q:D1' (expected Y or W)"),
])
def test_move_refusals(text, expected):
    assert message(RecordError, parse_move, text) == expected


def test_named_constructor_refusals():
    assert message(IllegalActionError, Action.defend, 3.0) == \
        "not a card value: 3.0 (cards are whole numbers 1 to 99)"


# -- JSON and records ------------------------------------------------------------------------------
def test_load_json_refusals():
    assert message(RecordError, load_json, b"{}") == "the data must be text, not bytes"
    assert message(RecordError, load_json, "[[1]]", max_depth=1) == \
        "the data is nested too deeply (more than 1 levels)"
    assert message(RecordError, load_json, "[1]", max_bytes=2) == \
        "the data is too large (more than 2 bytes)"
    assert message(RecordError, load_json, "[NaN]") == \
        "the data is not valid: NaN is not a number that can be saved"
    assert message(RecordError, load_json, "[-1e999]") == \
        "the data is not valid: the number '-1e999' is too large"
    assert message(RecordError, load_json, "[" + "1" * 21 + "]") == \
        "the data is not valid: a whole number has more than 20 digits"
    assert load_json("[-" + "1" * 20 + "]") == [-int("1" * 20)]
    assert message(RecordError, load_json, "[1,]", what="the prefs") == \
        "the prefs is not valid JSON: Expecting value: line 1 column 4 (char 3)"


def _rec(**fields) -> dict:
    return {"format": "tacocat-record", "version": 1, "seed": 1, "moves": [], **fields}


@pytest.mark.parametrize(("data", "expected"), [
    ([], "a game record must be a JSON object"),
    ({"version": 1}, "this is not a Tacocat game record (missing 'format')"),
    (_rec(version="1"), "unsupported record version '1' (this game reads version 1)"),
    (_rec(seed=None), "the record's seed must be a whole number"),
    (_rec(seed=-(2**63) - 1), "the record's seed must be a whole number"),
    (_rec(moves=None), "the record's moves must be a list of strings like 'Y:D7'"),
    (_rec(moves=["Y:R"] * 100_001), "the record has too many moves"),
    (_rec(moves=["Y:R", "Y:"]), "move 2 is unreadable: not a move: 'Y:' (expected e.g. 'Y:D7')"),
    (_rec(ruleset={"x": 1}), "the record's ruleset is invalid: unknown ruleset field(s): x"),
    (_rec(position={"yay": [1]}), "the record's starting position is malformed: a position "
                                  "needs both hands ('wow' is missing)"),
])
def test_record_refusals(data, expected):
    assert message(RecordError, GameRecord.from_dict, data) == expected


def test_record_limits_are_inclusive():
    assert GameRecord.from_dict(_rec(seed=-(2**63))).seed == -(2**63)
    assert GameRecord.from_dict(_rec(seed=2**63 - 1)).seed == 2**63 - 1
    assert len(GameRecord.from_dict(_rec(moves=["Y:R"] * 100_000)).moves) == 100_000


def test_replay_refusals():
    assert message(RecordError, GameRecord(1, ("Y:R1_0",)).replay) == \
        "move 1 is unreadable: bad card list in action 'R1_0' (cards are numbers 1 to 99, " \
        "separated by dots)"
    assert message(RecordError, GameRecord(1, ("W:D99",)).replay) == \
        "move 1 (W:D99) does not apply: duel is not possible in the replace step"
    assert message(RecordError, GameRecord(1, ("Y:R", "W:R", "Y:A1")).replay) == \
        "move 3 (Y:A1) does not apply: attack is not possible in the duel step"
    assert message(RecordError, GameRecord(1, position={"yay": [1], "wow": [1, 2]}).start) == \
        "the record's start is invalid: both hands must hold the same number of cards"


def test_a_records_position_starts_with_the_records_ruleset():
    rs = DEFAULT.with_(jumbo=False, must_defend=True)
    g = position([4, 4, 9], [2, 5, 6], phase="attack", attacker=YAY, ruleset=rs, seed=8)
    started = GameRecord.from_json(GameRecord.of(g).to_json()).start()
    assert started.ruleset == rs and started.seed == 8
    assert started.legal_actions(YAY) == [Action.attack(4), Action.attack(9)]


# -- positions -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("kw", "expected"), [
    ({"yay": [1, 2], "wow": [3, 4], "cat": 7}, "the cat must stand on a space 0..6, not 7"),
    ({"yay": [1, 2], "wow": [3, 4], "cat": -1}, "the cat must stand on a space 0..6, not -1"),
    ({"yay": [1, 2], "wow": [3, 4], "tiles": [7]}, "tiles must be space indices 0..6"),
    ({"yay": [1, 2], "wow": [3, 4], "tiles": [-1]}, "tiles must be space indices 0..6"),
    ({"yay": [1, 2], "wow": [3, 4], "cat": 2, "tiles": [2]},
     "the cat cannot stand on a covered space"),
    ({"yay": [0, 2], "wow": [3, 4]}, "the deck has no card of value 0"),
    ({"yay": [13, 2], "wow": [3, 4]}, "the deck has no card of value 13"),
    ({"yay": [1, 1, 1], "wow": [3, 4, 5]}, "the position uses more 1s than the deck holds"),
    ({"yay": [1, 2], "wow": [3, 4], "phase": "replace"}, "the replace step starts with 7 cards "
                                                         "each"),
    ({"yay": [1], "wow": [3]}, "a duel needs at least two cards in each hand"),
    ({"yay": [1, 2], "wow": [3, 4], "phase": "attack"},
     "the attack and defend phases need an attacker (0 or 1)"),
    ({"yay": [1, 2], "wow": [3, 4], "phase": "attack", "attacker": 2},
     "the attack and defend phases need an attacker (0 or 1)"),
    ({"yay": [1], "wow": [3], "phase": "attack", "attacker": 0},
     "an attack needs at least two cards in each hand"),
    ({"yay": [1], "wow": [3, 4], "phase": "defend", "attacker": 0},
     "the attack on the table must be a card or a Jumbo"),
    ({"yay": [1], "wow": [3, 4, 5], "phase": "defend", "attacker": 0, "attack": [5, 7]},
     "the attack on the table must be a card or a Jumbo"),
    ({"yay": [1], "wow": [3, 4], "phase": "defend", "attacker": 0, "attack": [5],
      "answers": [[6, True]]}, "every attacking card is answered already"),
    ({"yay": [], "wow": [3], "phase": "defend", "attacker": 0, "attack": [5]},
     "hand sizes do not match the trick on the table"),
    ({"yay": [1], "wow": [3], "phase": "defend", "attacker": 0, "attack": [5]},
     "hand sizes do not match the trick on the table"),
    ({"yay": [1, 2], "wow": 3}, "wow must be a list of card values, not 3"),
    ({"yay": [1, 2], "wow": [3, 4], "tiles": ["a"]}, "space indices are whole numbers, not 'a' "
                                                     "(in tiles)"),
    ({"yay": [1, 2], "wow": [3, 4], "phase": "fly"}, "unknown phase 'fly'"),
    ({"yay": [1, 2], "wow": [3, 4], "attacker": 0.0}, "attacker must be a whole number, not 0.0"),
    ({"yay": [1, 2], "wow": [3, 4], "answers": {}},
     "answers must be a list of [card, defended] pairs, not {}"),
    ({"yay": [1, 2], "wow": [3, 4], "answers": [[1, True, 3]]},
     "each answer is a [card, true/false] pair, not [1, True, 3]"),
])
def test_position_refusals(kw, expected):
    assert message(PositionError, Game.from_position, **kw) == expected


def test_positions_within_the_limits_are_accepted():
    assert Game.from_position(yay=[1, 2], wow=[3, 4], cat=6, tiles=[0]).cat == 6
    assert Game.from_position(yay=[1, 2], wow=[3, 4], cat=0, tiles=[6]).tiles[6]
    g = Game.from_position(yay=[1], wow=[3, 4], phase="defend", attacker=YAY, attack=[5],
                           answers=())
    assert g.to_act() == (WOW,) and g.attack == (5,)
    g = Game.from_position(yay=[1], wow=[3, 4], phase="defend", attacker=YAY, attack=[6, 6],
                           answers=[[8, True]])
    assert g.answers == [(8, True)] and g.observation(WOW).target == 6


# -- rulesets ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("change", "expected"), [
    ({"deck": [(1, 40)]}, "the deck must list (value, copies) pairs"),
    ({"deck": ()}, "the deck must list (value, copies) pairs"),
    ({"deck": ((1, 40, 1),)}, "deck entry (1, 40, 1) is not a (value, copies) pair"),
    ({"deck": ((100, 40),)}, "card value 100 must be a whole number from 1 to 99"),
    ({"deck": ((1, 101),)}, "copies of 1 must be a whole number from 0 to 100"),
    ({"deck": ((1, -1),)}, "copies of 1 must be a whole number from 0 to 100"),
    ({"deck": ((1, 20), (1, 20))}, "card value 1 is listed twice in the deck"),
    ({"spaces": ()}, "the board needs at least one space"),
    ({"spaces": [Space(4)]}, "the board needs at least one space"),
    ({"spaces": (Space(4),) * 16}, "the board has at most 15 spaces"),
    ({"spaces": (Space(4),) * 2}, "the board needs an odd number of spaces so the cat starts "
                                  "centred"),
    ({"spaces": (4,)}, "space 1 is not a Space"),
    ({"spaces": (Space(4), Space(1), Space(4))}, "space 2 has hand size 1; it must be 2 to 30"),
    ({"deck": ((1, 35),)}, "the deck has 35 cards but a hand of 9 needs 36: 2 × 9 dealt + "
                           "2 × 9 replaced"),
    ({"tie_rule": "coin"}, "tie_rule must be 'no-move' or 'arrow-wins'"),
    ({"arrow_reading": "up"}, "arrow_reading must be 'trailing' or 'leading'"),
    ({"must_defend": 1}, "must_defend and jumbo must be true or false"),
])
def test_ruleset_refusals(change, expected):
    assert message(RulesetError, DEFAULT.with_, **change) == expected


def test_ruleset_limits_are_inclusive():
    assert DEFAULT.with_(deck=((99, 36),)).deck_size == 36  # value 99, 36 copies: exactly enough
    assert DEFAULT.with_(deck=((1, 100), (2, 0))).deck_counts() == {1: 100}
    big = DEFAULT.with_(deck=((1, 100), (2, 20)), spaces=(Space(2), Space(30), Space(2)) * 5)
    assert len(big.spaces) == 15 and big.deck_size == 120  # a hand of 30 needs 4 × 30


@pytest.mark.parametrize(("data", "expected"), [
    ([], "a ruleset must be a JSON object"),
    ({"deck": {}}, "the deck must be a list of [value, copies] pairs"),
    ({"deck": [[1, 1]] * 100}, "the deck must be a list of [value, copies] pairs"),
    ({"deck": [[1, 40], [2]]}, "every deck entry must be [value, copies]"),
    ({"spaces": [{"hand_size": 4}] * 16}, "the board must be a list of at most 15 spaces"),
    ({"spaces": {}}, "the board must be a list of at most 15 spaces"),
    ({"spaces": [{"size": 4}]},
     'malformed ruleset: space 1 must be {"hand_size": n, "double": true/false}'),
    ({"spaces": [{"hand_size": 4}, 5]},
     'malformed ruleset: space 2 must be {"hand_size": n, "double": true/false}'),
    ({"spaces": [{"hand_size": None}]}, "malformed ruleset: space 1 has no whole-number hand_size"),
    ({"spaces": [{"hand_size": 4, "double": None}]},
     "malformed ruleset: space 1's double must be true or false"),
])
def test_ruleset_json_refusals(data, expected):
    assert message(RulesetError, Ruleset.from_dict, data) == expected


def test_ruleset_json_defaults_and_limits():
    rs = Ruleset.from_dict({"spaces": [{"hand_size": 5}, {"hand_size": 9, "double": True},
                                       {"hand_size": 5}], "deck": [[1, 36]]})
    assert rs.spaces == (Space(5), Space(9, True), Space(5)) and rs.deck == ((1, 36),)
    assert len(Ruleset.from_dict({"deck": [[v, 1] for v in range(1, 100)]}).deck) == 99
    assert len(Ruleset.from_dict({"spaces": [{"hand_size": 2}] * 15}).spaces) == 15


# -- the JSON scanner's edges ---------------------------------------------------------------
def test_brief_keeps_messages_short():
    from tacocat.actions import brief

    assert brief(10**9 - 1) == "999999999" and brief(-(10**9) + 1) == "-999999999"
    assert brief(10**9) == brief(-(10**9)) == "a huge number"
    assert brief("x" * 38) == "'" + "x" * 38 + "'"  # 40 characters: kept whole
    assert brief("x" * 39) == "'" + "x" * 36 + "..."  # 41: cut to 40

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert brief(Hostile()) == "a Hostile"


def test_the_nesting_scan_counts_exactly():
    wide = "[" + ",".join(["[]"] * 100) + "]"  # many siblings, depth 2
    assert load_json(wide, max_depth=2) == [[]] * 100
    assert load_json('{"a": {"b": []}, "c": {}}', max_depth=3) == {"a": {"b": []}, "c": {}}
    assert message(RecordError, load_json, '{"a": {"b": []}}', max_depth=2).endswith(
        "nested too deeply (more than 2 levels)")
    # an unterminated string: the scan stops there, and json.loads reports the real defect
    assert message(RecordError, load_json, '["' + "[" * 40).startswith(
        "the data is not valid JSON: Unterminated string")


def test_size_is_counted_in_utf8_bytes_with_edges():
    assert load_json('"éé"', max_bytes=6) == "éé"  # 4 characters, 6 bytes
    assert message(RecordError, load_json, '"éé"', max_bytes=5) == \
        "the data is too large (more than 5 bytes)"
    assert load_json('"\ud800"') == "\ud800"  # a lone surrogate (from JavaScript) is measured


def test_integer_digits_edge():
    assert load_json("[99999999999999999999, -99999999999999999999]") == [10**20 - 1,
                                                                         -(10**20) + 1]


def test_a_json_parser_recursion_is_a_record_error_too():
    """Defence in depth: with the depth cap lifted, CPython's own recursion limit still ends
    as a RecordError (in the browser the cap is what prevents a fatal stack overflow)."""
    deep = "[" * 100_000 + "]" * 100_000
    assert message(RecordError, load_json, deep, max_depth=10**6).startswith(
        "the data is not valid JSON: ")


def test_closing_brackets_are_counted_exactly():
    # depth 4 at the second inner group: a scan that reset or over-counted closers would miss it
    assert message(RecordError, load_json, "[[[], [[]]]]", max_depth=3).endswith(
        "nested too deeply (more than 3 levels)")
    assert load_json("[[[], [[]]]]", max_depth=4) == [[[], [[]]]]
    assert message(RecordError, load_json, "[[], [[[]]]]", max_depth=3).endswith(
        "nested too deeply (more than 3 levels)")
    assert load_json('{"a": [], "b": {"c": {"d": []}}}', max_depth=4)["b"]["c"] == {"d": []}
    assert message(RecordError, load_json, '{"a": {}, "b": {"c": {"d": []}}}',
                   max_depth=3).endswith("nested too deeply (more than 3 levels)")


def test_record_json_messages_name_the_record():
    assert message(RecordError, GameRecord.from_json, "[") == \
        "the record is not valid JSON: Expecting value: line 1 column 2 (char 1)"
    assert message(RecordError, GameRecord.from_json, "[" * 40) == \
        "the record is nested too deeply (more than 32 levels)"


@pytest.mark.parametrize(("position", "expected"), [
    ([], "a position must be an object"),
    ({"yay": [1], "wow": [2], "evil": 1, "worse": 2}, "unknown position field(s): 'evil', 'worse'"),
    ({"yay": [1], "wow": [2], "attack": "5"}, "attack must be a list of card values, not '5'"),
    ({"yay": [1], "wow": [2], "draw": [None]}, "card values are whole numbers, not None (in draw)"),
    ({"yay": [1], "wow": [2], "discard": 1}, "discard must be a list of card values, not 1"),
    ({"yay": [1.5], "wow": [2]}, "card values are whole numbers, not 1.5 (in yay)"),
    ({"yay": [1], "wow": [2], "cat": "3"}, "cat must be a whole number, not '3'"),
])
def test_record_position_messages(position, expected):
    data = {"format": "tacocat-record", "version": 1, "seed": 1, "moves": [],
            "position": position}
    assert message(RecordError, GameRecord.from_dict, data) == \
        f"the record's starting position is malformed: {expected}"


def test_a_position_starts_round_one_on_its_space_with_seed_0():
    g = Game.from_position(yay=[1, 2], wow=[3, 4], cat=2)
    assert g.seed == 0 and g.round == 1 and g.position["cat"] == 2
    assert g.initial_events == [Event("round_started", None, (),
                                      {"round": 1, "space": 2, "hand_size": 9, "arrow": WOW})]
    g = Game.from_position(yay=[1, 2, 3], wow=[5], phase="defend", attacker=WOW, attack=[6, 7, 8],
                           answers=[[6, True]])
    assert g.to_act() == (YAY,) and g.observation(YAY).target == 7


def test_more_survivors_of_mutation_testing():
    g = position([4, 4, 5, 9], [1, 2, 3, 7], phase="attack", attacker=YAY)
    assert message(IllegalActionError, g.apply, YAY, Action.attack(4, 4, 5)) == \
        "4, 4, 5 is neither a set (2+ equal values) nor a sequence (3+ consecutive values)"
    g = position([3, 8, 10, 11], [2, 6, 9, 12], phase="attack", attacker=YAY)
    defended = play(g, (YAY, "A8"), (WOW, "B9"))
    assert [(e.kind, e.player) for e in defended] == [("attacked", YAY), ("defended", WOW),
                                                       ("trick", WOW)]
    sacrificed = play(g, (WOW, "A12"), (YAY, "S"))
    assert [(e.kind, e.player, e.cards) for e in sacrificed][:2] == [
        ("attacked", WOW, (12,)), ("sacrificed", YAY, (3,))]
    data = {"format": "tacocat-record", "version": 1, "seed": 2**63, "moves": []}
    assert message(RecordError, GameRecord.from_dict, data) == \
        "the record's seed must be a whole number"
    assert message(RulesetError, Ruleset.from_dict, {"b": 1, "a": 2}) == \
        "unknown ruleset field(s): a, b"
    text = GameRecord(5).to_json()  # compact: records live in localStorage
    assert ", " not in text and ": " not in text and text.startswith('{"format":"tacocat-record"')
