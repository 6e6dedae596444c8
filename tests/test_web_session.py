"""The page's session logic (web/model/session.py) in CPython: log keys exist in the catalog,
saves round-trip, tampered records are refused, hand selections follow legal_actions()."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tacocat import WOW, YAY, Action, RecordError
from tacocat.players import RandomPlayer
from web.formats.saved_game import save_text, session_from_save
from web.i18n import catalog as i18n
from web.model.session import (
    MODE_AI,
    MODE_HOTSEAT,
    SCENARIOS,
    Session,
    attack_states,
    defend_states,
    replace_states,
    sacrifice_state,
)

CATALOG = json.loads((Path(__file__).resolve().parent.parent / "web" / "i18n" / "en.json")
                     .read_text(encoding="utf-8"))


def _play(session: Session, seed: int = 1) -> list[dict]:
    game = session.game
    bots = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    results = []
    while not game.is_terminal():
        for seat in game.to_act():
            events = session.apply(seat, bots[seat].choose(game.observation(seat)))
            result = session.round_result(events)
            if result:
                results.append(result)
    return results


def _text(value):
    if isinstance(value, tuple):
        return "X" if value[0] in ("seat", "goal") else i18n.t(
            value[1], **{k: _text(v) for k, v in value[2].items()})
    return value


@pytest.mark.parametrize("mode", [MODE_AI, MODE_HOTSEAT])
def test_log_entries_render_from_the_catalog(mode):
    session = Session.new(seed=3, mode=mode)
    results = _play(session)
    assert results and results[-1].get("game_won") == session.game.winner
    for entry in session.log:
        assert entry.key in CATALOG, entry.key
        text = i18n.t(entry.key, **{k: _text(v) for k, v in entry.params.items()})
        assert "{" not in text, (entry.key, text)
    if mode == MODE_HOTSEAT:  # nobody's private cards in a shared log
        assert not any(e.key in ("log.dealt", "log.drew") for e in session.log)
    else:
        assert any(e.computer for e in session.log)


def test_save_round_trip_and_tampering():
    session = Session.new(seed=9, mode=MODE_HOTSEAT, level="hard")
    game = session.game
    bots = [RandomPlayer(1), RandomPlayer(2)]
    for _ in range(12):
        seat = game.to_act()[0]
        session.apply(seat, bots[seat].choose(game.observation(seat)))
    restored = session_from_save(save_text(session))
    assert (restored.mode, restored.level) == (MODE_HOTSEAT, "hard")
    assert restored.game.hands == game.hands and restored.game.history == game.history
    assert [e.key for e in restored.log] == [e.key for e in session.log]
    record = json.loads(session.record_json())
    record["moves"][3] = "W:B99"
    with pytest.raises(RecordError, match="move 4"):
        Session.from_record_text(json.dumps(record))
    for bad in ("", "nope", "[]", '{"format": "x"}'):
        with pytest.raises(RecordError):
            session_from_save(bad)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenarios_start(name):
    session = Session.new(seed=1, scenario=name)
    spec = SCENARIOS[name]
    assert session.game.phase == spec["phase"]
    assert session.game.hands == [sorted(spec["yay"]), sorted(spec["wow"])]
    assert session.game.cat == spec.get("cat", 3)
    if session.game.attack:
        assert session.table["attack"] == list(session.game.attack)
    results = _play(session)  # and it plays on to a winner, one result per round
    assert session.game.winner is not None and results[-1]["game_won"] == session.game.winner
    assert session.log[-1].key == "log.won"
    assert len(results) == session.game.round


def test_the_big_replace_scenario_lets_the_player_choose_any_card_first():
    """Layout and tap tests open it to choose cards: whatever the computer would do, the
    player acts first with the whole hand free (on the first C the computer replaced first
    and, choosing none, left the player none to choose)."""
    for seed in range(20):
        obs = Session.new(seed=seed, scenario="big-replace").game.observation(YAY)
        assert obs.to_act == (YAY,) and obs.replace_limit == len(obs.hand) == 9
        assert all(s.enabled for s in replace_states(obs.hand, set(), obs.replace_limit))


def test_selection_states_come_from_legal_actions():
    session = Session.new(seed=1, scenario="jumbo")
    obs = session.game.observation(YAY)
    hand = obs.hand  # 2 5 6 7 11
    states, exact = attack_states(hand, {1, 2}, obs.legal_actions())
    assert exact is None  # 5-6 is not a Jumbo yet
    assert states[3].enabled and not states[0].enabled
    assert states[0].reason[0] == "reason.attack.combo"
    states, exact = attack_states(hand, {1, 2, 3}, obs.legal_actions())
    assert exact == Action.attack(5, 6, 7)
    assert [s.enabled for s in replace_states(hand, {0, 1}, 2)] == [True, True, False, False,
                                                                   False]
    defend = Session.new(seed=1, scenario="defend")
    dobs = defend.game.observation(YAY)  # hand 2 5 7 8 12 against the 4
    assert [s.enabled for s in defend_states(dobs.hand, dobs.legal_actions(), dobs.target)] \
        == [False, True, True, True, True]
    assert sacrifice_state(dobs.hand, dobs.legal_actions(), dobs.target).enabled
    assert defend.game.observation(WOW).legal_actions() == []


def test_records_the_page_cannot_draw_and_corrupt_save_fields_are_handled():
    nine = {"format": "tacocat-record", "version": 1, "seed": 1, "moves": [],
            "ruleset": {"spaces": [{"hand_size": 4}] * 9}}
    with pytest.raises(RecordError, match="7-space board"):
        Session.from_record_text(json.dumps(nine))
    save = json.loads(save_text(Session.new(5)))
    save.update(human=1.0, level="nonsense")
    restored = session_from_save(json.dumps(save))
    assert restored.human == YAY and restored.level == "easy"
    save["human"] = WOW
    assert session_from_save(json.dumps(save)).human == WOW
