"""The take-back policy (web/takeback.py) on the session, without a browser: allowed while
the moves since showed the player nothing new, refused after a draw, a revealed duel card,
the opponent's cards or a new deal; the record after a take-back is the record of the game
played without the taken-back moves."""

from __future__ import annotations

import pytest
from helpers import position

from tacocat import WOW, YAY, Action, Game, GameRecord
from web.session import MODE_AI, MODE_HOTSEAT, Session
from web.takeback import takeback, taken_back


def session_at(game: Game, mode: str = MODE_AI) -> Session:
    return Session(game, mode, "easy", YAY)


def test_nothing_to_take_back_before_a_move():
    s = session_at(position([1, 5, 9], [2, 6, 10], phase="attack", attacker=YAY))
    assert takeback(s, YAY) == (0, "takeback.none")


def test_an_attack_the_opponent_has_not_answered_yet_comes_back():
    s = session_at(position([1, 5, 9], [2, 6, 10], phase="attack", attacker=YAY))
    before = GameRecord.of(s.game).to_json()
    s.apply(YAY, Action.attack(9))
    assert takeback(s, YAY) == (1, None)
    back = taken_back(s, 1)
    assert GameRecord.of(back.game).to_json() == before
    assert back.game.hands == [[1, 5, 9], [2, 6, 10]] and back.game.phase == "attack"
    assert [e.key for e in back.log] == [e.key for e in session_at(
        position([1, 5, 9], [2, 6, 10], phase="attack", attacker=YAY)).log]


def test_answers_to_a_jumbo_come_back_one_by_one():
    game = position([1, 9, 11, 12], [3], phase="defend", attacker=WOW,
                    attack=[4, 5, 6])
    s = session_at(game)
    s.apply(YAY, Action.defend(9))  # the 4
    s.apply(YAY, Action.defend(11))  # the 5
    assert takeback(s, YAY) == (1, None)
    once = taken_back(s, 1)
    assert once.game.answers == [(9, True)] and once.game.hands[YAY] == [1, 11, 12]
    assert takeback(once, YAY) == (1, None)
    twice = taken_back(once, 1)
    assert twice.game.answers == [] and twice.game.hands[YAY] == [1, 9, 11, 12]


def test_refused_once_the_opponent_showed_a_card():
    s = session_at(position([1, 5, 9], [2, 6, 10], phase="attack", attacker=YAY))
    s.apply(YAY, Action.attack(9))
    s.apply(WOW, Action.defend(10))
    assert takeback(s, YAY) == (0, "takeback.seen.cards")


def test_refused_after_a_draw():
    s = session_at(Game(seed=12))  # centre: both replace at once, sealed
    s.apply(WOW, Action.replace())  # the computer commits first
    hand = s.game.hands[YAY]
    s.apply(YAY, Action.replace(hand[0]))  # resolves: YAY draws a card
    assert takeback(s, YAY) == (0, "takeback.seen.draw")


def test_a_sealed_choice_comes_back_until_it_is_revealed():
    s = session_at(position([1, 5, 9], [2, 6, 10]))
    s.apply(YAY, Action.duel(9))
    assert takeback(s, YAY) == (1, None)  # sealed: nothing was revealed yet
    s.apply(WOW, Action.duel(6))
    assert takeback(s, YAY) == (0, "takeback.seen.duel")


def test_refused_after_a_showdown_and_a_new_deal():
    s = session_at(position([2, 9], [3, 10], phase="attack", attacker=YAY, cat=2, tiles=[3]))
    s.apply(YAY, Action.attack(9))
    s.apply(WOW, Action.defend(10))  # the showdown follows at once
    assert takeback(s, WOW) == (0, "takeback.seen.showdown")
    assert takeback(s, YAY) == (0, "takeback.seen.cards")  # WOW's 10 came first


@pytest.mark.parametrize("mode", [MODE_AI, MODE_HOTSEAT])
def test_the_record_after_a_take_back_is_the_game_without_those_moves(mode):
    game = position([1, 9, 11, 12], [3], phase="defend", attacker=WOW,
                    attack=[4, 5, 6])
    s = session_at(game, mode)
    s.apply(YAY, Action.defend(9))
    s.apply(YAY, Action.sacrifice())
    back = taken_back(s, takeback(s, YAY).moves)
    straight = session_at(position([1, 9, 11, 12], [3], phase="defend",
                                   attacker=WOW, attack=[4, 5, 6]), mode)
    straight.apply(YAY, Action.defend(9))
    assert GameRecord.of(back.game).to_json() == GameRecord.of(straight.game).to_json()
    assert [(e.key, e.params) for e in back.log] == [(e.key, e.params) for e in straight.log]
    assert back.mode == mode
