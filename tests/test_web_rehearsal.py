"""The start-up rehearsal (web/control/rehearsal.py) in CPython: it plays a copy of the game through
the real move path (save text, engine, players, screen, views, diff) and leaves the real
session untouched; it stops when the page moves on."""

from __future__ import annotations

import asyncio

import pytest

from tacocat.players import RandomPlayer
from web.control import rehearsal
from web.formats.saved_game import save_text
from web.i18n import catalog as i18n
from web.model.session import MODE_AI, Session


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("level", ["easy", "master"])
def test_rehearsal_plays_a_copy_and_leaves_the_game_alone(level):
    session = Session.new(seed=41, mode=MODE_AI, level=level)
    before = save_text(session)
    history = list(session.game.history)
    played = asyncio.run(rehearsal.rehearse(session, lambda: True))
    assert played == rehearsal.PLIES
    assert save_text(session) == before
    assert list(session.game.history) == history


def test_rehearsal_stops_when_the_page_moves_on():
    session = Session.new(seed=41, mode=MODE_AI, level="master")
    calls = []

    def alive() -> bool:
        calls.append(1)
        return len(calls) < 3

    assert asyncio.run(rehearsal.rehearse(session, alive)) < rehearsal.PLIES


def test_rehearsal_of_a_finished_game_plays_nothing():
    session = Session.new(seed=41, mode=MODE_AI, level="easy")
    bots = [RandomPlayer(1), RandomPlayer(2)]
    while not session.game.is_terminal():
        if session.result_pending:
            session.next_round()
            continue
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.observation(seat)))
    assert asyncio.run(rehearsal.rehearse(session, lambda: True)) == 0
