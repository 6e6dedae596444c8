"""Replay and shared links without a browser: stepping forward and back reaches the same
positions as the game itself, rounds are whole steps, and a damaged link is refused."""

from __future__ import annotations

import base64
import zlib

import pytest

from tacocat import YAY, GameRecord, RandomPlayer, RecordError
from web.replay import Replay
from web.session import MODE_AI, Session
from web.share import decode, encode, from_fragment


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
