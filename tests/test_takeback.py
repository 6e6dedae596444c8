"""The take-back policy (web/model/takeback.py) on the session, without a browser: allowed while
the moves since showed the player nothing new, refused after a draw, a revealed duel card,
the opponent's cards or a new deal; the record after a take-back is the record of the game
played without the taken-back moves."""

from __future__ import annotations

import json

import pytest
from helpers import position

from tacocat import WOW, YAY, Action, Game, GameRecord, RecordError
from tacocat.actions import parse_move
from web.formats.saved_game import save_text, session_from_save
from web.model.session import MODE_AI, MODE_HOTSEAT, Session
from web.model.takeback import pass_offer, takeback, taken_back


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


# -- chains of take-backs (#20): "since" counts what was shown in moves taken back ---------
def hotseat(game: Game) -> Session:
    return session_at(game, MODE_HOTSEAT)


def play(s: Session, *moves: str) -> None:
    for text in moves:
        seat, action = parse_move(text)
        s.apply(seat, action)


def test_the_page_repro_a_second_take_back_after_seeing_the_reply_is_refused():
    """The defend scenario: YAY answers WOW's 4-5-6 (5, sacrifice, 7), WOW attacks with its
    9, YAY lets WOW take the 9 back; YAY saw the 9, so YAY may not take back the 7."""
    s = hotseat(position([2, 5, 7, 8, 12], [1, 9], phase="defend", attacker=WOW,
                         attack=[4, 5, 6]))
    play(s, "Y:B5", "Y:S", "Y:B7", "W:A9")
    assert pass_offer(s, YAY) == (WOW, None, None)  # YAY may let WOW take the 9 back
    back = taken_back(s, takeback(s, WOW).moves, granted_by=YAY)
    assert back.game.phase == "attack" and back.game.to_act() == (WOW,)
    assert back.game.hands == [[8, 12], [1, 9]]
    assert takeback(back, YAY) == (0, "takeback.seen.cards")  # the 9, in the move taken back
    assert pass_offer(back, WOW) == (None, YAY, "pass.takeback.seen")
    # and without the record of what was seen, the old policy would have allowed it:
    forgetful = Session.from_record(GameRecord.of(back.game), MODE_HOTSEAT)
    assert takeback(forgetful, YAY) == (1, None)


def test_the_issues_random_game_seed_150000():
    s = hotseat(Game(seed=150000))
    play(s, "Y:R1.3.3.11", "W:R1.4.7", "W:D5", "Y:D12", "Y:A4", "W:B11", "W:A6.6", "Y:B9",
         "Y:S", "W:A5")
    assert pass_offer(s, YAY).seat == WOW
    back = taken_back(s, 1, granted_by=YAY)  # WOW's A5 goes
    assert [f"{'YW'[p]}:{a.notation()}" for p, a in back.game.history][-1] == "Y:S"
    assert takeback(back, YAY) == (0, "takeback.seen.cards")  # YAY saw WOW's 5


def test_the_player_who_just_allowed_a_take_back_is_offered_none_until_handed_over():
    """Cat on space 5 (index 4): the arrow points at YAY. Both keep their cards, then YAY
    seals a duel card and WOW lets YAY take it back. WOW's replace showed WOW nothing since,
    so the policy alone would let YAY allow WOW's take-back at once — but WOW holds the
    device: nothing is offered until it has been handed over (a move, or Show hand)."""
    s = hotseat(position([1, 2, 3, 5, 7, 8, 9, 11, 12], [1, 2, 3, 4, 6, 8, 10, 11, 12],
                         phase="replace", cat=4))
    play(s, "Y:R", "W:R", "Y:D9")
    assert pass_offer(s, WOW) == (YAY, None, None)
    back = taken_back(s, takeback(s, YAY).moves, granted_by=WOW)
    assert back.game.phase == "duel" and back.granted_by == WOW
    assert takeback(back, WOW) == (1, None)  # the policy would allow it ...
    assert pass_offer(back, YAY) == (None, WOW, "pass.takeback.handover")  # ... not offered
    restored = session_from_save(save_text(back))  # a reload does not forget it
    assert pass_offer(restored, YAY) == (None, WOW, "pass.takeback.handover")
    back.granted_by = None  # handed over (the pass screen's "Show YAY's hand")
    assert pass_offer(back, YAY) == (WOW, None, None)
    play(restored, "Y:D2")  # a move: the device has changed hands
    assert restored.granted_by is None


def test_what_was_seen_survives_save_resume_and_import():
    s = hotseat(position([2, 5, 7, 8, 12], [1, 9], phase="defend", attacker=WOW,
                         attack=[4, 5, 6]))
    play(s, "Y:B5", "Y:S", "Y:B7", "W:A9")
    back = taken_back(s, 1, granted_by=YAY)
    resumed = session_from_save(save_text(back))
    imported = Session.from_record_text(back.record_json(), mode=MODE_HOTSEAT)
    for again in (resumed, imported):
        assert again.seen.to_dict() == back.seen.to_dict()
        assert takeback(again, YAY) == (0, "takeback.seen.cards")
    # a plain record (another program's, or an old page's) has no such record: its moves'
    plain = Session.from_record_text(GameRecord.of(back.game).to_json(), mode=MODE_HOTSEAT)
    assert takeback(plain, YAY) == (1, None)


def test_an_edited_seen_record_can_add_but_not_hide_and_bad_ones_are_refused():
    s = hotseat(position([1, 5, 9], [2, 6, 10], phase="attack", attacker=YAY))
    play(s, "Y:A9", "W:B10")  # YAY saw WOW's 10
    data = json.loads(s.record_json())
    data["seen"]["cards"] = []  # hide everything
    hidden = Session.from_record_text(json.dumps(data), mode=MODE_HOTSEAT)
    assert takeback(hidden, YAY) == (0, "takeback.seen.cards")  # the moves still show it
    bad = [{"clock": 2, "ticks": [1], "cards": []}, {"clock": 1, "ticks": [1, 2], "cards": []},
           {"clock": 2, "ticks": [2, 1], "cards": []}, {"clock": 2, "ticks": [1, 2]},
           {"clock": 2, "ticks": [1, 2], "cards": [[3, 0, "cards", [1]]]},
           {"clock": 2, "ticks": [1, 2], "cards": [[1, 2, "cards", [1]]]},
           {"clock": 2, "ticks": [1, 2], "cards": [[1, 0, "nope", [1]]]},
           {"clock": 2, "ticks": [1, 2], "cards": [[1, 0, "cards", [1.5]]]},
           {"clock": 2, "ticks": [1, 2], "cards": [[1, 0, "cards"]]},
           {"clock": True, "ticks": [1, 2], "cards": []}, [], "x"]
    for seen in bad:
        data["seen"] = seen
        with pytest.raises(RecordError, match="seen"):
            Session.from_record_text(json.dumps(data))
        save = json.loads(save_text(s))
        save["seen"] = seen
        with pytest.raises(RecordError, match="seen"):
            session_from_save(json.dumps(save))
