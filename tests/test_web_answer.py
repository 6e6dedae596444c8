"""web/model/tap_policy.py: a tap is answered first only where drawing a move is dear."""

from __future__ import annotations

from web.model.tap_policy import FIRST_ABOVE_MS, AnswerPolicy


def test_unmeasured_answers_first_then_follows_the_cost():
    policy = AnswerPolicy()
    assert policy.first()  # the first move of a visit: its code still cold
    policy.measured(FIRST_ABOVE_MS / 3)
    assert not policy.first()  # fits in a frame: drawn in the tap's own task
    for _ in range(10):
        policy.measured(FIRST_ABOVE_MS * 4)
    assert policy.first()  # a slow device: answered first


def test_one_dear_move_does_not_flip_a_fast_device():
    policy = AnswerPolicy()
    for _ in range(10):
        policy.measured(2.0)
    policy.measured(FIRST_ABOVE_MS * 2)  # e.g. a garbage collection in one move
    assert not policy.first()
    policy.measured(-1.0)  # a clock gone backwards is ignored
    assert policy.cost_ms is not None and policy.cost_ms > 0


def test_the_url_can_force_either_way_and_anything_else_is_auto():
    assert AnswerPolicy.from_param("first").first()
    now = AnswerPolicy.from_param("now")
    assert not now.first()
    now.measured(100.0)
    assert not now.first()
    for bad in (None, "", "FIRST", "<b>", "1"):
        assert AnswerPolicy.from_param(bad).mode == "auto"
