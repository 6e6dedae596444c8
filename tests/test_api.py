"""Notation, events, records, rulesets and the CLI: the engine's public surface."""

import json
import subprocess
import sys

import pytest
from helpers import play, position, snapshot

from tacocat import (
    DEFAULT,
    WOW,
    YAY,
    Action,
    Event,
    Game,
    GameRecord,
    IllegalActionError,
    Outcome,
    PositionError,
    RandomPlayer,
    RecordError,
    Ruleset,
    RulesetError,
    Space,
    card_label,
    parse_move,
)
from tacocat.cli import main, simulate


@pytest.mark.parametrize("text", ["R", "R3.7.7", "D7", "A5.6.7", "A4.4", "B9", "S"])
def test_notation_round_trips(text):
    assert Action.parse(text).notation() == text
    assert str(Action.parse(text)) == text


@pytest.mark.parametrize("text", ["", "X1", "D", "D1.2", "A", "Sx", "S3", "R1..2", "B9.9"])
def test_bad_notation_is_a_record_error(text):
    with pytest.raises(RecordError):
        Action.parse(text)


def test_moves_carry_the_seat():
    assert parse_move("W:A5.6.7") == (WOW, Action.attack(5, 6, 7))
    for bad in ("Q:D1", "YD1", "Y:", None):
        with pytest.raises(RecordError):
            parse_move(bad)


def test_card_labels_name_every_value():
    assert card_label(6) == "6 — Evil Olive"
    assert all("—" in card_label(v) and not card_label(v).endswith(str(v)) for v in range(1, 13))


def test_private_events_are_redacted_for_the_other_seat():
    g = Game(seed=3)
    dealt_wow = g.initial_events[2]
    assert dealt_wow.kind == "dealt" and dealt_wow.player == WOW and len(dealt_wow.cards) == 7
    seen = dealt_wow.visible_to(YAY)
    assert seen.cards == () and seen.info == {"count": 7}
    assert dealt_wow.visible_to(WOW) is dealt_wow
    as_json = json.loads(json.dumps(seen.to_dict()))
    assert as_json == {"kind": "dealt", "player": WOW, "cards": [], "count": 7}
    assert dealt_wow.to_dict()["cards"] == list(g.hands[WOW])


def test_record_json_round_trip_and_replay_of_a_position_game():
    g = position([4, 4, 9, 11], [2, 5, 6, 12], phase="attack", attacker=YAY, seed=5)
    play(g, (YAY, "A4.4"), (WOW, "B5"))
    rec = GameRecord.of(g)
    assert rec.moves == ("Y:A4.4", "W:B5")
    assert snapshot(GameRecord.from_json(rec.to_json()).replay()) == snapshot(g)


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "chess"}', "not a Tacocat game record"),
    ('{"format": "tacocat-record", "version": 9}', "unsupported record version"),
    ('{"format": "tacocat-record", "version": 1, "seed": "x", "moves": []}', "seed"),
    ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": [1]}', "moves"),
    ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": ["Y:D99"]}',
     "move 1 .* does not apply"),
    ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": ["Z:R"]}', "seat"),
    ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": [],'
     ' "ruleset": {"deck": [[1, 3]]}}', "ruleset is invalid"),
    ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": [],'
     ' "position": {"yay": [1], "wow": [1, 2]}}', "start is invalid"),
    ('{"format": "tacocat-record", "version": 1, "seed": 1, "moves": [],'
     ' "position": {"evil": 1}}', "position is malformed"),
])
def test_malformed_or_tampered_records_get_a_clear_error(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text).replay()


def test_tampered_move_in_a_real_record_is_caught():
    g = Game(seed=9)
    play(g, (YAY, "R"), (WOW, "R"))
    data = json.loads(GameRecord.of(g).to_json())
    data["moves"].append("Y:D" + str(max(set(range(1, 13)) - set(g.hands[YAY]))))
    with pytest.raises(RecordError, match="move 3"):
        GameRecord.from_dict(data).replay()


@pytest.mark.parametrize(("change", "message"), [
    ({"deck": ((1, 30),)}, "needs 36"),
    ({"spaces": (Space(4), Space(1), Space(4))}, "must be 2 to 30"),
    ({"spaces": (Space(4), Space(31), Space(4))}, "must be 2 to 30"),
    ({"spaces": (Space(4),) * 17}, "at most 15 spaces"),
    ({"deck": ((1, 10**7),)}, "from 0 to 100"),
    ({"spaces": (Space(4), Space(4))}, "odd number"),
    ({"deck": ((1, 20), (1, 20))}, "listed twice"),
    ({"deck": ((0, 40),)}, "1 to 99"),
    ({"tie_rule": "coin"}, "tie_rule"),
    ({"arrow_reading": "up"}, "arrow_reading"),
    ({"jumbo": "yes"}, "true or false"),
])
def test_unplayable_rulesets_are_refused_up_front(change, message):
    with pytest.raises(RulesetError, match=message):
        DEFAULT.with_(**change)


def test_ruleset_round_trips_and_rejects_unknown_fields():
    custom = DEFAULT.with_(must_defend=True, spaces=(Space(5), Space(9, True), Space(5)))
    assert Ruleset.from_dict(json.loads(json.dumps(custom.to_dict()))) == custom
    with pytest.raises(RulesetError, match="unknown ruleset field"):
        Ruleset.from_dict({"cheat": True})
    with pytest.raises(RulesetError, match="malformed"):
        Ruleset.from_dict({"spaces": [{"size": 3}]})


def test_a_custom_ruleset_plays_to_the_end():
    rs = DEFAULT.with_(spaces=(Space(3), Space(5, True), Space(3)))
    from tacocat.cli import play_game
    from tacocat.players import RandomPlayer
    g = play_game(Game(4, rs), (RandomPlayer(1), RandomPlayer(2)))
    assert g.is_terminal() and g.cat in (-1, 3)


def test_positions_that_break_the_rules_are_refused():
    with pytest.raises(PositionError, match="more 12s"):
        position([12, 12, 12], [1, 2, 3])
    with pytest.raises(PositionError, match="same number"):
        position([1, 2], [1, 2, 3])
    with pytest.raises(PositionError, match="covered"):
        position([1, 2], [3, 4], cat=2, tiles=[2])
    with pytest.raises(PositionError, match="attacker"):
        position([1, 2], [3, 4], phase="attack")


def test_seeds_and_card_values_that_could_not_be_saved_are_refused():
    with pytest.raises(ValueError, match="64 bits"):
        Game(seed=2**63)
    assert Game(seed=-(2**63)).seed == -(2**63)
    for bad in (1.0, True):
        with pytest.raises(PositionError, match="whole numbers"):
            position([bad, 2], [3, 4])


def test_same_seed_same_actions_same_game():
    a, b = Game(seed=42), Game(seed=42)
    assert a.hands == b.hands and a.draw == b.draw
    assert Game(seed=43).hands != a.hands


def test_simulate_cli_prints_one_json_object():
    out = subprocess.run([sys.executable, "-m", "tacocat", "simulate", "--games", "20",
                          "--seed", "3", "--json"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    for key in ("games", "rounds", "tied_rounds", "yay_wins", "wow_wins", "seconds",
                "games_per_second"):
        assert key in data
    assert data["games"] == 20 == data["yay_wins"] + data["wow_wins"]
    assert data == {**simulate(20, 3), "seconds": data["seconds"],
                    "games_per_second": data["games_per_second"]}


def test_terminal_play_accepts_moves_and_survives_bad_input(capsys, monkeypatch):
    import io
    moves = io.StringIO("nonsense\nD99\nR\n")
    monkeypatch.setattr("sys.stdin", moves)
    assert main(["play", "--seed", "1"]) == 1  # input ran out: a clean exit
    out = capsys.readouterr().out
    assert "unknown action letter" in out and "Not legal now" in out and "YAY replaces" in out


def _advance_to_next_round(game: Game, player_seed: int) -> None:
    """Random legal moves until a new round has been dealt (a reshuffle) or the game ends."""
    players = (RandomPlayer(player_seed), RandomPlayer(player_seed + 1))
    start = game.round
    while not game.is_terminal() and game.round == start:
        p = game.to_act()[0]
        game.apply(p, players[p].choose(game.observation(p)))


@pytest.mark.parametrize("seed", [4, 21])
def test_clones_are_independent_in_every_phase(seed):
    """A clone owns its RNG, hands, piles and every list: at each step of a game, moving
    the original leaves the clone as it was, moving the clone leaves the original, and both
    move identically from the same state (search relies on all three)."""
    g = Game(seed)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    phases = set()
    while not g.is_terminal():
        phases.add(g.phase)
        c = g.clone()
        assert c.rng is not g.rng and snapshot(c) == snapshot(g)
        frozen_clone = snapshot(c)
        p = g.to_act()[0]
        action = players[p].choose(g.observation(p))
        g.apply(p, action)
        assert snapshot(c) == frozen_clone, "moving the original changed the clone"
        c.apply(p, action)
        assert snapshot(c) == snapshot(g), "the same move from the same state differed"
        moved = snapshot(g)
        _advance_to_next_round(c, seed)  # the clone reshuffles with its own RNG
        assert snapshot(g) == moved, "moving the clone changed the original"
    assert phases == {"replace", "duel", "attack", "defend"}


def test_named_constructors_build_exactly_these_actions():
    assert Action.replace() == Action("replace", ())
    assert Action.replace(7, 3, 7) == Action("replace", (3, 7, 7))
    assert Action.duel(9) == Action("duel", (9,))
    assert Action.attack(6, 5, 7) == Action("attack", (5, 6, 7))
    assert Action.defend(12) == Action("defend", (12,))
    assert Action.sacrifice() == Action("sacrifice", ())
    with pytest.raises(IllegalActionError, match=r"^an attack plays at least one card$"):
        Action.attack()
    with pytest.raises(IllegalActionError, match=r"^not a card value: 0 \(cards are whole "):
        Action.duel(0)


def test_outcome_and_returns():
    g = position([1, 9], [5, 8], cat=0)
    assert g.outcome() is None and g.returns() == (0, 0)
    play(g, (YAY, "D9"), (WOW, "D8"))  # YAY shows 1 < 5: the cat enters YAY's goal
    assert g.outcome() == Outcome(YAY, 1, 0) and g.returns() == (1, -1)
    assert str(g.outcome()) == "YAY wins after 1 rounds"
    assert Outcome(WOW, 9, 2).returns() == (-1, 1) and str(Outcome(WOW, 9, 2)).startswith("WOW")
    g = position([8, 5], [2, 5], cat=1)
    play(g, (YAY, "D8"), (WOW, "D2"))  # a tied round
    assert g.tied_rounds == 1 and g.outcome() is None


def test_observation_to_dict_is_exactly_what_the_page_gets():
    """The browser renders from this dict: every field, at a sealed duel, mid-trick and at
    the end of the game (where the cat is in a goal, so no hand size or arrow)."""
    g = position([1, 4, 9], [5, 6, 8], cat=0)
    play(g, (YAY, "D9"))
    open_board = [False] * 7
    common = {"round": 1, "cat": 0, "tiles": open_board, "opponent_hand_size": 3,
              "draw_size": 32, "discard": [], "attacker": None, "attack": [], "answers": [],
              "target": None, "duels": [], "tricks": [], "replaced": [[], []],
              "replace_limit": 0, "committed": [True, False], "last_showdown": None,
              "winner": None, "hand_size": 4, "arrow": WOW, "phase": "duel", "to_act": [WOW]}
    assert g.observation(YAY).to_dict() == {**common, "viewer": YAY, "my_turn": False,
                                            "hand": [1, 4, 9], "sealed": "D9", "legal": []}
    assert g.observation(WOW).to_dict() == {**common, "viewer": WOW, "my_turn": True,
                                            "hand": [5, 6, 8], "sealed": None,
                                            "legal": ["D5", "D6", "D8"]}
    play(g, (WOW, "D8"), (YAY, "A4"))
    assert g.observation(WOW).to_dict() == {
        **common, "viewer": WOW, "phase": "defend", "to_act": [WOW], "my_turn": True,
        "hand": [5, 6], "opponent_hand_size": 1, "discard": [9, 8], "attacker": YAY,
        "attack": [4], "target": 4, "duels": [[9, 8]], "committed": [False, False],
        "sealed": None, "legal": ["B5", "B6"]}
    play(g, (WOW, "B5"))  # hands down to one card: YAY shows 1 < 6 and the cat enters the goal
    assert g.observation(WOW).to_dict() == {
        **common, "viewer": WOW, "phase": "over", "to_act": [], "my_turn": False, "cat": -1,
        "tiles": [True, *open_board[1:]], "hand": [], "opponent_hand_size": 0,
        "discard": [9, 8, 4, 5, 1, 6], "duels": [[9, 8]], "tricks": [[YAY, [4], [[5, True]]]],
        "committed": [False, False], "sealed": None, "last_showdown": [1, 6, YAY],
        "winner": YAY, "hand_size": None, "arrow": None, "legal": []}


def test_opponent_floor_and_seen_counts_follow_the_face_up_cards():
    """A sacrifice plays the defender's lowest card, so it reveals a floor under the rest of
    that hand (to the attacker); defences reveal nothing; a new round starts from zero."""
    g = position([4, 4, 9, 10, 11], [2, 5, 6, 7, 12], phase="attack", attacker=YAY)
    assert g.observation(YAY).opponent_floor() == g.observation(WOW).opponent_floor() == 0
    play(g, (YAY, "A4.4"), (WOW, "S"))  # mid-trick: WOW sacrificed 2
    assert g.observation(YAY).opponent_floor() == 2 and g.observation(WOW).opponent_floor() == 0
    assert g.observation(WOW).seen_counts() == {4: 2, 2: 1}
    play(g, (WOW, "B5"))
    assert g.observation(YAY).opponent_floor() == 2
    play(g, (YAY, "A9"), (WOW, "S"))  # WOW sacrifices 6: the floor rises
    assert g.observation(YAY).opponent_floor() == 6 and g.observation(WOW).opponent_floor() == 0
    assert g.observation(YAY).seen_counts() == {4: 2, 2: 1, 5: 1, 9: 1, 6: 1}
    g = position([3, 8, 10], [2, 6, 9], phase="attack", attacker=WOW)
    play(g, (WOW, "A6"), (YAY, "S"))  # now YAY sacrifices: WOW learns YAY's floor
    assert g.observation(WOW).opponent_floor() == 3 and g.observation(YAY).opponent_floor() == 0


def test_events_say_exactly_what_happened():
    """The page animates and logs from events: each one's seat, cards and info, in order."""
    E = Event
    g = position([2, 5, 9], [3, 6, 8], cat=0)
    assert play(g, (YAY, "D9")) == [E("committed", YAY, (), {"step": "duel"})]
    assert play(g, (WOW, "D8")) == [E("committed", WOW, (), {"step": "duel"}),
                                    E("duel", None, (9, 8), {"tie": False, "attacker": YAY})]
    assert play(g, (YAY, "A5")) == [E("attacked", YAY, (5,))]
    assert play(g, (WOW, "S")) == [
        E("sacrificed", WOW, (3,), {"against": 5}),
        E("trick", YAY, (), {"defended": False, "cards": [5, 3]}),
        E("showdown", None, (2, 6), {"winner": YAY}),
        E("cat_moved", YAY, (), {"from": 0, "to": -1}),
        E("tile_placed", None, (), {"space": 0}),
        E("game_won", YAY)]
    g = position([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], phase="replace", cat=1,
                 draw=[12, 3, 4, 4])
    assert play(g, (WOW, "R11.12")) == [E("replaced", WOW, (11, 12)), E("drew", WOW, (3, 12))]
    assert play(g, (YAY, "R1")) == [E("replaced", YAY, (1,)), E("drew", YAY, (4,))]
    g = position([3, 8, 10], [4, 6, 9], phase="attack", attacker=YAY)
    assert play(g, (YAY, "A8"), (WOW, "B9")) == [
        E("attacked", YAY, (8,)), E("defended", WOW, (9,), {"against": 8}),
        E("trick", WOW, (), {"defended": True, "cards": [8, 9]})]
    g = position([9, 1], [8, 5], cat=3)  # YAY wins the round: the cat moves, a new round
    events = play(g, (YAY, "D9"), (WOW, "D8"))[3:]
    assert events.pop(0) == E("showdown", None, (1, 5), {"winner": YAY})
    assert events[:4] == [
        E("cat_moved", YAY, (), {"from": 3, "to": 2}), E("tile_placed", None, (), {"space": 3}),
        E("round_started", None, (), {"round": 2, "space": 2, "hand_size": 9, "arrow": WOW}),
        E("dealt", YAY, tuple(g.hands[YAY]))]
    assert events[4:] == [E("dealt", WOW, tuple(g.hands[WOW]))] and len(g.hands[WOW]) == 9
    g = position([8, 5], [2, 5], cat=1)  # a tied round: no move, the same space again
    events = play(g, (YAY, "D8"), (WOW, "D2"))[3:]
    assert events[:3] == [
        E("showdown", None, (5, 5), {"winner": None}), E("round_tied", None, (), {"space": 1}),
        E("round_started", None, (), {"round": 2, "space": 1, "hand_size": 6, "arrow": WOW})]


def test_observation_details():
    assert Game().seed == 0 and Game().hands == Game(0).hands  # the default seed is 0
    g = position([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], phase="replace", cat=1)
    assert g.to_act() == (WOW,)  # the arrow points at WOW: YAY waits, with no limit shown
    assert g.observation(WOW).replace_limit == 6 and g.observation(YAY).replace_limit == 0
    assert g.observation(YAY).committed == (False, False)  # a single arrow seals nothing
    obs = g.observation(WOW)
    assert obs.legal_actions() is obs.legal_actions()  # computed once per observation
    duel = position([1, 2, 9], [3, 4, 8])  # no replacing outside the replace step
    assert duel.observation(YAY).replace_limit == duel.observation(WOW).replace_limit == 0


def test_a_tied_duel_names_no_attacker_and_a_new_round_has_none():
    g = position([2, 6, 9, 11], [3, 6, 8, 12])
    duel = play(g, (YAY, "D6"), (WOW, "D6"))[-1]
    assert duel == Event("duel", None, (6, 6), {"tie": True, "attacker": None})
    assert g.attacker is None
    g = position([3, 5, 9], [4, 6, 8], phase="attack", attacker=WOW)
    play(g, (WOW, "A4"), (YAY, "B5"))  # YAY now attacks; then the round ends
    assert g.attacker == YAY
    play(g, (YAY, "A3"), (WOW, "B6"))  # showdown 9 vs 8: WOW wins, a new round starts
    assert g.round == 2 and g.phase == "replace" and g.attacker is None
    assert g.observation(YAY).to_dict()["attacker"] is None


def test_arrows_without_a_printed_double_and_game_argument_messages():
    plain = DEFAULT.with_(spaces=tuple(Space(n) for n in (4, 6, 9, 7, 9, 6, 4)))
    assert [plain.arrow_target(i) for i in range(7)] == [WOW, WOW, WOW, None, YAY, YAY, YAY]
    leading = plain.with_(arrow_reading="leading")
    assert [leading.arrow_target(i) for i in range(7)] == [YAY, YAY, YAY, None, WOW, WOW, WOW]
    for bad, error, text in [
        ({"ruleset": "default"}, TypeError, "ruleset must be a Ruleset"),
        ({"seed": 1.0}, TypeError, "seed must be an int"),
        ({"seed": 2**63}, ValueError, "seed must be a whole number that fits in 64 bits"),
        ({"seed": -(2**63) - 1}, ValueError, "seed must be a whole number that fits in 64 bits"),
    ]:
        with pytest.raises(error) as info:
            Game(**bad)
        assert str(info.value) == text
