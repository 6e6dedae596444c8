"""Hostile input (#10): every malformed action, seat, record or save is refused with a typed
error, and a refused action changes nothing."""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from helpers import examples, play, position, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat import (
    DEFAULT,
    WOW,
    YAY,
    Action,
    Game,
    GameRecord,
    IllegalActionError,
    PositionError,
    RandomPlayer,
    RecordError,
    Ruleset,
    RulesetError,
    parse_move,
)
from tacocat.record import MAX_JSON_BYTES, MAX_JSON_DEPTH, load_json
from tacocat.ruleset import TIE_ARROW_WINS

KINDS = ("replace", "duel", "attack", "defend", "sacrifice")
RULESETS = [DEFAULT, DEFAULT.with_(must_defend=True), DEFAULT.with_(jumbo=False),
            DEFAULT.with_(tie_rule=TIE_ARROW_WINS, arrow_reading="leading")]
FUZZ = settings(max_examples=examples(150), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Sneaky(int):
    """An int subclass: compares equal to a card, but is not one."""


# -- strategies --------------------------------------------------------------------------------
@st.composite
def games(draw) -> Game:
    """A game in any phase: a random game some moves in, or a hand-built position."""
    seed = draw(st.integers(0, 2**32))
    rules = draw(st.sampled_from(RULESETS))
    if draw(st.booleans()):
        g = Game(seed, rules)
        players = (RandomPlayer(seed), RandomPlayer(seed + 1))
        for _ in range(draw(st.integers(0, 120))):
            if g.is_terminal():
                break
            p = g.to_act()[0]
            g.apply(p, players[p].choose(g.observation(p)))
        return g
    deck = draw(st.permutations(rules.deck_cards()))
    n = draw(st.integers(2, 9))
    phase = draw(st.sampled_from(["duel", "attack"]))
    return Game.from_position(yay=deck[:n], wow=deck[n:2 * n], phase=phase, seed=seed,
                              attacker=draw(st.sampled_from([YAY, WOW])), ruleset=rules)


cards = st.integers(1, 12)
junk_cards = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(), st.complex_numbers(),
    st.integers(max_value=0), st.integers(min_value=100), st.integers(min_value=10**20),
    st.text(max_size=3), st.sampled_from([3.0, 1.0, Sneaky(3), b"3", "3"]), st.builds(object),
)


@st.composite
def malformed_actions(draw) -> object:
    """Something that is malformed in every position, whatever the hand."""
    how = draw(st.sampled_from(["kind", "container", "count", "card", "order", "not-action"]))
    kind = draw(st.sampled_from(KINDS))
    if how == "kind":
        bad_kind = draw(st.one_of(st.none(), st.integers(), st.text().filter(
            lambda t: t not in KINDS), st.sampled_from(["DUEL", "Duel", "block", "D", ""]),
            st.lists(st.integers(), max_size=2)))
        return Action(bad_kind, (draw(cards),))
    if how == "container":
        return Action(kind, draw(st.one_of(
            st.none(), st.lists(cards, min_size=1, max_size=3), st.integers(), st.text(),
            st.dictionaries(cards, cards, max_size=2), st.frozensets(cards, max_size=2))))
    if how == "count":
        if kind in ("duel", "defend"):
            return Action(kind, tuple(sorted(draw(st.lists(cards, max_size=4).filter(
                lambda c: len(c) != 1)))))
        if kind == "sacrifice":
            return Action(kind, tuple(sorted(draw(st.lists(cards, min_size=1, max_size=3)))))
        return Action("attack", ())
    if how == "card":
        kind = draw(st.sampled_from(["replace", "duel", "attack", "defend"]))
        n = 1 if kind in ("duel", "defend") else draw(st.integers(1, 4))
        good = draw(st.lists(cards, min_size=n - 1, max_size=n - 1))
        return Action(kind, (*sorted(good), draw(junk_cards)))
    if how == "order":
        high = draw(st.integers(2, 12))
        return Action(draw(st.sampled_from(["replace", "attack"])),
                      (high, draw(st.integers(1, high - 1))))
    return draw(st.one_of(st.none(), st.just(("duel", (3,))), st.just("D3"), st.text(),
                          st.just({"kind": "duel", "cards": [3]}), st.integers()))


bad_seats = st.one_of(
    st.booleans(), st.floats(allow_nan=True), st.integers().filter(lambda s: s not in (0, 1)),
    st.integers(min_value=10**20), st.none(), st.text(max_size=3), st.just(Sneaky(1)),
    st.sampled_from([1.0, 0.0, "0", "YAY", (0,), [1]]), st.builds(object),
)


def _refused_unchanged(game: Game, seat: object, action: object) -> None:
    before, record = snapshot(game), GameRecord.of(game).to_json()
    with pytest.raises(IllegalActionError):
        game.check(seat, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        game.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(game) == before
    assert GameRecord.of(game).to_json() == record


def _still_playable(game: Game) -> None:
    """After a refusal the game goes on: every acting seat can play a legal action."""
    for p in game.to_act():
        game.apply(p, game.legal_actions(p)[0])


# -- Game.apply fuzz ---------------------------------------------------------------------------
@FUZZ
@given(game=games(), action=malformed_actions(), seat=st.sampled_from([YAY, WOW]))
def test_malformed_actions_are_refused_and_change_nothing(game, action, seat):
    if not game.is_terminal() and seat not in game.to_act():
        seat = game.to_act()[0]  # the seat whose turn it is: only the action is wrong
    _refused_unchanged(game, seat, action)
    _still_playable(game)


@FUZZ
@given(game=games(), seat=bad_seats)
def test_malformed_seats_are_refused_and_change_nothing(game, seat):
    acting = game.to_act()
    action = game.legal_actions(acting[0])[0] if acting else Action.sacrifice()
    _refused_unchanged(game, seat, action)
    _still_playable(game)


# The findings of issue #10, one by one, each in the position where it did harm.
@pytest.mark.parametrize("bad", [
    Action("duel", ()), Action("duel", (2, 9)), Action("duel", (9.0,)), Action("duel", (True,)),
    Action("duel", (9 + 0j,)), Action("duel", None), Action("duel", [9]),
    Action("sacrifice", (2,)), Action("replace", (2,)),
])
def test_no_malformed_duel_can_wedge_the_game(bad):
    g = position([1, 2, 9], [3, 4, 8])
    _refused_unchanged(g, YAY, bad)
    play(g, (WOW, "D8"), (YAY, "D9"))  # the normal duel still resolves
    assert g.phase == "attack" and g.attacker == YAY


@pytest.mark.parametrize(("phase", "bad"), [
    ("attack", Action("attack", ())), ("attack", Action("attack", (True,))),
    ("defend", Action("defend", (8, 9))), ("defend", Action("defend", (9.0,))),
    ("defend", Action("sacrifice", (2,))), ("defend", Action("defend", ())),
])
def test_no_malformed_attack_or_answer_is_accepted(phase, bad):
    g = position([3, 5, 8], [2, 9, 12], phase="attack", attacker=YAY)
    if phase == "defend":
        play(g, (YAY, "A5"))
        _refused_unchanged(g, WOW, bad)
    else:
        _refused_unchanged(g, YAY, bad)
    assert GameRecord.from_json(GameRecord.of(g).to_json()).replay().hands == g.hands


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, None, "1", object(), Sneaky(1), 2, -1])
def test_seats_must_be_the_ints_0_or_1(seat):
    g = position([1, 2, 9], [3, 4, 8])
    with pytest.raises(IllegalActionError, match="no such seat"):
        g.apply(seat, Action.duel(9))
    assert g.legal_actions(YAY) and g.pending == [None, None]


def test_refusals_name_what_is_wrong():
    g = position([1, 2, 9], [3, 4, 8])
    for bad, message in [
        (Action("duel", ()), "exactly one card"),
        (Action("duel", (10**5000,)), "a huge number is not a card"),
        (Action("sacrifice", (1,)), "names no card"),
        (Action("attack", ()), "at least one card"),
        (Action("fly", (1,)), "unknown action kind 'fly'"),
        (Action("duel", (True,)), "True is not a card"),
        (Action("replace", (9, 1)), "ascending order"),
        ("D9", "not an action"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            g.apply(YAY, bad)  # type: ignore[arg-type]


def test_named_constructors_build_only_well_formed_actions():
    assert Action.replace(9, 1) == Action("replace", (1, 9))
    assert Action.attack(7, 5, 6) == Action("attack", (5, 6, 7))
    for make in (lambda: Action.duel(True), lambda: Action.duel(3.0), lambda: Action.defend(0),
                 lambda: Action.replace(1, "2"), lambda: Action.attack(),
                 lambda: Action.attack(100), lambda: Action.defend(Sneaky(3))):
        with pytest.raises(IllegalActionError):
            make()


@pytest.mark.parametrize("text", ["R1_0", "D 7", "D7 ", "D07", "D٣", "D100", "D0", "D-1", "A+5",
                                  "R1..2", "R.1", "R1.", "D1e1", "D" + "9" * 200, "S.", "D\n7"])
def test_notation_is_strict(text):
    with pytest.raises(RecordError):
        Action.parse(text)
    with pytest.raises(RecordError):
        parse_move("Y:" + text)


def test_notation_accepts_every_card_value_and_only_those():
    for v in range(1, 100):
        assert Action.parse(f"D{v}") == Action("duel", (v,))


# -- load_json -----------------------------------------------------------------------------------
def _cpu_fast(fn) -> None:
    """``fn`` raises RecordError using well under a second of this process's CPU time
    (CPU time, not wall time, so a busy machine cannot make it flaky)."""
    start = time.process_time()
    with pytest.raises(RecordError):
        fn()
    assert time.process_time() - start < 1.0


DEEP = 10**5


@pytest.mark.parametrize("text", [
    "[" * DEEP + "]" * DEEP,
    '{"a":' * DEEP + "1" + "}" * DEEP,
    "[{" * DEEP,  # never closed
    '{"format": "tacocat-record", "version": 1, "seed": ' + "[" * DEEP + "]" * DEEP + "}",
    '["' + '\\"' * DEEP + '",' + "[" * DEEP + "]" * DEEP + "]",  # escaped quotes, then deep
], ids=["arrays", "objects", "unclosed", "in-a-record", "after-a-string"])
def test_deep_nesting_is_refused_before_parsing(text):
    _cpu_fast(lambda: GameRecord.from_json(text))
    with pytest.raises(RecordError, match="nested too deeply"):
        load_json(text)


def test_nesting_is_counted_outside_strings_only():
    deep_text = '"' + "[" * DEEP + '"'
    assert load_json(deep_text) == "[" * DEEP
    assert load_json('["]\\"[", [[1]]]', max_depth=3) == [']"[', [[1]]]
    at_limit = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert load_json(at_limit) is not None
    with pytest.raises(RecordError, match="nested too deeply"):
        load_json("[" + at_limit + "]")
    _cpu_fast(lambda: load_json('"' + '\\"' * DEEP))  # unterminated string: linear, refused


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1E999",
                                    "9" * 21, "-" + "9" * 21, "1" + "0" * 5000])
def test_non_finite_and_overlong_numbers_are_refused(number):
    for text in (f'{{"x": {number}}}', f"[{number}]", number):
        with pytest.raises(RecordError, match="not valid"):
            load_json(text)
    record = ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": [],'
              f' "ruleset": {{"spaces": [{{"hand_size": {number}}}]}}}}')
    _cpu_fast(lambda: GameRecord.from_json(record))


def test_finite_numbers_and_64_bit_ints_are_read():
    assert load_json('[1.5, -2e10, 9223372036854775807, -9223372036854775808]') == [
        1.5, -2e10, 2**63 - 1, -(2**63)]


def test_oversized_input_is_refused_before_parsing():
    big = '{"pad": "' + "x" * MAX_JSON_BYTES + '"}'
    _cpu_fast(lambda: GameRecord.from_json(big))
    with pytest.raises(RecordError, match="too large"):
        load_json("é" * (MAX_JSON_BYTES // 2 + 1))  # under the cap in characters, not in bytes
    assert load_json('"' + "x" * 100 + '"', max_bytes=102) == "x" * 100
    with pytest.raises(RecordError, match="too large"):
        load_json('"' + "x" * 100 + '"', max_bytes=101)


@pytest.mark.parametrize("value", [None, b"[]", 12, ["[]"]])
def test_load_json_wants_text(value):
    with pytest.raises(RecordError, match="must be text"):
        load_json(value)


def test_load_json_names_the_data_in_its_messages():
    with pytest.raises(RecordError, match=r"^the saved game is not valid JSON"):
        load_json("{", what="the saved game")
    with pytest.raises(RecordError, match=r"^the data is nested too deeply"):
        load_json("[[[]]]", max_depth=2)


# -- records --------------------------------------------------------------------------------------
def _record(**fields) -> str:
    data = {"format": "tacocat-record", "version": 1, "seed": 1, "moves": []}
    data.update(fields)
    return json.dumps(data)


@pytest.mark.parametrize("version", [True, False, "1", 1.0, 1.5, None, [1], {"v": 1}, 2, 0, -1])
def test_only_version_1_is_read(version):
    with pytest.raises(RecordError, match="unsupported record version"):
        GameRecord.from_json(_record(version=version))


@pytest.mark.parametrize(("fields", "message"), [
    ({"seed": True}, "seed"), ({"seed": 1.0}, "seed"), ({"seed": 2**63}, "seed"),
    ({"moves": "Y:R"}, "moves"), ({"moves": [None]}, "moves"), ({"moves": ["Y:R1_0"]}, "move 1"),
    ({"moves": ["Y:R", "W:D 7"]}, "move 2"), ({"moves": ["Y:" + "R1." * 100]}, "move 1"),
    ({"ruleset": []}, "ruleset"), ({"ruleset": {"spaces": [{"hand_size": 7.0}]}}, "hand_size"),
    ({"ruleset": {"spaces": [{"hand_size": True}]}}, "hand_size"),
    ({"ruleset": {"spaces": [{"hand_size": "7"}]}}, "hand_size"),
    ({"ruleset": {"spaces": [{"hand_size": 7, "double": 1}]}}, "double"),
    ({"ruleset": {"spaces": [7]}}, "space 1"), ({"ruleset": {"deck": [[1, 40, 0]]}}, "deck"),
    ({"ruleset": {"deck": "abcd"}}, "deck"), ({"ruleset": {"jumbo": 1}}, "true or false"),
    ({"position": []}, "position"), ({"position": {"yay": [1, 2]}}, "both hands"),
    ({"position": {"yay": [1.0, 2], "wow": [3, 4]}}, "whole numbers"),
    ({"position": {"yay": [True, 2], "wow": [3, 4]}}, "whole numbers"),
    ({"position": {"yay": "12", "wow": [3, 4]}}, "list"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "phase": ["duel"]}}, "phase"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "cat": 3.0}}, "cat"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "attacker": True}}, "attacker"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "tiles": [0.0]}}, "space indices"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "answers": [[1, 1]]}}, "answer"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "answers": [[1.0, True]]}}, "answer"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "answers": 5}}, "answers"),
    ({"position": {"yay": [1, 2], "wow": [3, 4], "evil": 1}}, "unknown position field"),
])
def test_malformed_record_fields_are_record_errors(fields, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(_record(**fields)).replay()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False,
    allow_infinity=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=12,
)
position_values = st.fixed_dictionaries({}, optional={
    k: json_values | st.lists(st.integers(-2, 14) | json_values, max_size=10)
    for k in ("yay", "wow", "phase", "cat", "tiles", "attacker", "attack", "answers", "draw",
              "discard")
})


@settings(max_examples=examples(100), deadline=None)
@given(position=position_values, seed=st.integers(-(2**64), 2**64) | json_values)
def test_any_json_position_gives_a_game_or_a_record_error(position, seed):
    """Whatever a record's position and seed hold, reading and starting it either works
    or raises RecordError: never TypeError, IndexError or OverflowError."""
    text = _record(seed=seed, position=position)
    try:
        game = GameRecord.from_json(text).start()
    except RecordError:
        return
    assert game.position is not None and game.seed == seed


@settings(max_examples=examples(200), deadline=None)
@given(text=st.text(max_size=60) | st.builds(json.dumps, json_values))
def test_any_text_gives_a_record_or_a_record_error(text):
    with contextlib.suppress(RecordError):
        GameRecord.from_json(text).replay()


def test_positions_are_type_checked_in_the_api_too():
    for bad in ({"yay": [1, 2], "wow": (3, 4), "attacker": True, "phase": "attack"},
                {"yay": [1, 2], "wow": [3, 4], "answers": [(1, 1)], "phase": "defend"},
                {"yay": [1, 2], "wow": [3, 4], "phase": {"duel"}}):
        with pytest.raises(PositionError):
            Game.from_position(**bad)


def test_a_record_built_in_code_with_a_bad_seed_or_ruleset_still_gives_a_record_error():
    with pytest.raises(RecordError, match="start is invalid"):
        GameRecord("7").start()  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="start is invalid"):
        GameRecord(1, ruleset="default").start()  # type: ignore[arg-type]


def test_rulesets_from_json_are_strict():
    assert Ruleset.from_dict(DEFAULT.to_dict()) == DEFAULT
    with pytest.raises(RulesetError, match="at most 15"):
        Ruleset.from_dict({"spaces": [{"hand_size": 4}] * 10**4})
