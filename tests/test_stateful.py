"""Random games through the public API as a Hypothesis state machine: after every step the
invariants, the observation contract and the record contract hold."""

from __future__ import annotations

import json

import pytest
from helpers import RULES_DECK, card_census, examples, snapshot
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tacocat import DEFAULT, Action, Game, GameRecord, IllegalActionError
from tacocat.ruleset import TIE_ARROW_WINS

RULESETS = [DEFAULT, DEFAULT.with_(must_defend=True), DEFAULT.with_(jumbo=False),
            DEFAULT.with_(tie_rule=TIE_ARROW_WINS, arrow_reading="leading")]
KINDS = ("replace", "duel", "attack", "defend", "sacrifice")


def _playing(machine: GameMachine) -> bool:
    return not machine.game.is_terminal()


class GameMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS))
    def start(self, seed: int, rules) -> None:
        self.game = Game(seed, rules)
        self.tiles_placed: list[int] = []

    @precondition(_playing)
    @rule(data=st.data())
    def play_a_legal_action(self, data) -> None:
        g = self.game
        seat = data.draw(st.sampled_from(g.to_act()), label="seat")
        action = data.draw(st.sampled_from(g.legal_actions(seat)), label="action")
        events = g.apply(seat, action)
        assert g.history[-1] == (seat, action)
        for e in events:
            if e.kind == "tile_placed":
                self.tiles_placed.append(e.info["space"])
            if e.kind in ("dealt", "drew"):  # private: the other seat sees only a count
                assert e.visible_to(1 - e.player).cards == ()
                assert e.visible_to(1 - e.player).info["count"] == len(e.cards)
            else:
                assert e.visible_to(0) == e.visible_to(1) == e
            json.dumps(e.to_dict())  # events reach the page as JSON

    @precondition(_playing)
    @rule(seat=st.sampled_from([0, 1]), kind=st.sampled_from(KINDS),
          cards=st.lists(st.integers(1, 13), max_size=4))
    def an_illegal_action_changes_nothing(self, seat: int, kind: str, cards: list[int]) -> None:
        g = self.game
        action = Action(kind, tuple(sorted(cards)))
        if action in g.legal_actions(seat):
            return
        before = snapshot(g)
        with pytest.raises(IllegalActionError):
            g.apply(seat, action)
        assert snapshot(g) == before

    @precondition(_playing)
    @rule()
    def a_clone_moves_on_its_own(self) -> None:
        g = self.game
        before = snapshot(g)
        c = g.clone()
        seat = c.to_act()[-1]
        c.apply(seat, c.legal_actions(seat)[-1])
        assert snapshot(g) == before

    @precondition(lambda self: self.game.is_terminal())
    @rule(seat=st.sampled_from([0, 1]), kind=st.sampled_from(KINDS))
    def a_finished_game_refuses_every_action(self, seat: int, kind: str) -> None:
        before = snapshot(self.game)
        with pytest.raises(IllegalActionError, match="game is over"):
            self.game.apply(seat, Action(kind, (1,) if kind != "sacrifice" else ()))
        assert snapshot(self.game) == before

    @invariant()
    def cards_hands_and_board(self) -> None:
        g = self.game
        assert card_census(g) == RULES_DECK
        if g.phase == "defend":
            att = g.attacker
            assert len(g.hands[1 - att]) - len(g.hands[att]) == len(g.attack) - len(g.answers)
        else:
            assert len(g.hands[0]) == len(g.hands[1])
        assert all(h == sorted(h) for h in g.hands)
        assert sorted(self.tiles_placed) == [i for i, t in enumerate(g.tiles) if t]
        assert len(set(self.tiles_placed)) == len(self.tiles_placed)
        sealed = g.phase == "duel" or (g.phase == "replace" and g.arrow is None)
        assert sealed or g.pending == [None, None], "only sealed steps hold pending choices"
        if g.is_terminal():
            assert g.to_act() == () and g.cat in (-1, len(g.tiles))
            assert g.outcome().winner == (0 if g.cat == -1 else 1)
        else:
            assert g.to_act() and not g.tiles[g.cat]

    @invariant()
    def observations_tell_each_seat_exactly_its_share(self) -> None:
        g = self.game
        for viewer in (0, 1):
            obs = g.observation(viewer)
            assert obs.hand == tuple(g.hands[viewer])
            assert obs.opponent_hand_size == len(g.hands[1 - viewer])
            assert obs.draw_size == len(g.draw) and obs.discard == tuple(g.discard)
            assert obs.legal_actions() == g.legal_actions(viewer)
            assert obs.unseen() == sorted(g.hands[1 - viewer] + g.draw)
            assert obs.sealed == g.pending[viewer]
            assert obs.to_act == g.to_act() and obs.moves == len(g.history)
            json.dumps(obs.to_dict())

    @invariant()
    def the_record_replays_to_this_state(self) -> None:
        g = self.game
        record = GameRecord.of(g)
        assert record.moves == tuple(g.moves_text())
        assert snapshot(GameRecord.from_json(record.to_json()).replay()) == snapshot(g)


GameMachine.TestCase.settings = settings(
    max_examples=examples(25), stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_random_games_through_the_public_api = GameMachine.TestCase
