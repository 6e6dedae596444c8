"""Replay and shared links without a browser: stepping forward and back reaches the same
positions as the game itself, rounds are whole steps, and a damaged link is refused."""

from __future__ import annotations

import base64
import dataclasses
import zlib

import pytest
from helpers import examples, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat import WOW, YAY, GameRecord, RandomPlayer, RecordError
from web.formats.share import decode, encode, from_fragment
from web.model.replay_state import Replay
from web.model.screen import Screen, Ui
from web.model.session import MODE_AI, Session


def played(seed: int = 5) -> Session:
    session = Session.new(seed, MODE_AI, "easy", YAY)
    bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
    while not session.game.is_terminal():
        for seat in session.game.to_act():
            session.apply(seat, bots[seat].choose(session.game.observation(seat)))
    return session


def test_replay_steps_to_every_position_and_back():
    game = played()
    record = GameRecord.of(game.game)
    replay = Replay(record, MODE_AI, "easy", YAY)
    assert replay.finished and replay.total == len(record.moves)
    positions = []
    for k in range(replay.total + 1):
        replay.go(k)
        positions.append(GameRecord.of(replay.session().game).to_json())
    assert positions[-1] == record.to_json()
    for k in range(replay.total, -1, -1):  # backwards: the very same positions
        replay.go(k)
        assert GameRecord.of(replay.session().game).to_json() == positions[k]
    replay.go(replay.total)
    assert [e.key for e in replay.session().log] == [e.key for e in game.log]


def test_rounds_are_whole_steps():
    game = played(9)
    replay = Replay(GameRecord.of(game.game), MODE_AI, "easy", YAY)
    rounds = game.game.round
    seen = []
    while replay.at < replay.total:
        replay.next_round()
        s = replay.session()
        seen.append(replay.at)
        assert s.result_pending or s.game.is_terminal()  # a round's end: its showdown
    assert len(seen) == rounds and replay.round_number() == rounds
    for k in reversed(seen[:-1]):
        replay.previous_round()
        assert replay.at == k
    replay.previous_round()
    assert replay.at == 0


def test_share_links_round_trip_and_refuse_damage():
    record = GameRecord.of(played().game).to_json()
    code = encode(record)
    assert "=" not in code and "+" not in code and "/" not in code
    assert decode(code) == record and len(code) < len(record)
    assert from_fragment("#record=" + code) == code and from_fragment("#rules") is None
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 5_000_000)).decode()
    for bad in ("!!!", code[:-7], code[:20], "A" * 300_000, bomb):
        with pytest.raises(RecordError):
            decode(bad)


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32), human=st.sampled_from([YAY, WOW]))
def test_every_replay_step_shows_equal_hands_and_the_engines_position(seed, human):
    """#20: at the end of a round the replay showed the opponent's next-round hand (9 cards)
    beside the player's empty one. At every step of a finished game the hands shown are the
    engine's hands at that move, face up: the same size (mid-trick, the defender holds one
    more card per attacking card still to answer); while a result is up, both are empty and
    the table shows the engine's showdown."""
    game = played(seed)
    record = GameRecord.of(game.game)
    replay = Replay(record, MODE_AI, "easy", human)
    for k in range(replay.total + 1):
        replay.go(k)
        screen = Screen.build(replay.session(), Ui(viewer=human), replay)
        engine = dataclasses.replace(record, moves=record.moves[:k]).replay()
        assert snapshot(replay.session().game) == snapshot(engine), k
        mine, theirs = screen.hand_sizes()
        shown = screen.revealed_hand()
        assert theirs == len(shown), (k, theirs, shown)
        owed = len(engine.attack) - len(engine.answers)  # 0 unless a trick is being answered
        defender = 1 - engine.attacker if engine.phase == "defend" else human
        assert mine - theirs == (owed if defender == human else -owed), (k, mine, theirs)
        if screen.result is None:
            assert screen.obs.hand == tuple(engine.hands[human])
            assert shown == tuple(engine.hands[1 - human])
        else:
            y, w, _ = engine.last_showdown
            assert (screen.table["yay"], screen.table["wow"]) == (y, w)
    assert replay.finished and screen.over
