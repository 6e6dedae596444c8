"""Take back over random games (#20), against the computer and on one device, random chains
of take-backs included: no take-back ever lets a seat undo a move made before a card it has
seen since, none is refused without need, every one restores exactly the state its taker
had, and the pass screen offers exactly what the policy allows (never to the player who
just allowed one). The oracle (tests/takeback_oracle.py) watches observations, not the
policy's events. bench/takeback_audit.py runs the same audit over thousands of games and
writes the table in docs/TESTING.md."""

from __future__ import annotations

from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from takeback_oracle import ANY, BUTTON, PASS, PHASES, Audit, Tally

from web.model.seen import Seen
from web.model.session import MODE_AI, MODE_HOTSEAT


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), mode=st.sampled_from([MODE_AI, MODE_HOTSEAT]),
       p_take=st.floats(0.05, 0.6), p_chain=st.floats(0.0, 0.9))
def test_no_take_back_undoes_what_a_seat_has_seen(seed, mode, p_take, p_chain):
    tally = Tally()
    Audit(seed, mode, tally, p_take, p_chain).run()
    assert not tally.failures
    assert tally.total("leaks") == tally.total("inexact") == tally.total("needless") == 0


def test_take_backs_are_allowed_in_every_phase():
    """A policy that never allowed one would pass the test above: count them."""
    tally = Tally()
    for seed in range(25):
        for mode in (MODE_AI, MODE_HOTSEAT):
            Audit(seed, mode, tally).run()
    assert not tally.failures
    for mode, kinds in ((MODE_AI, (BUTTON,)), (MODE_HOTSEAT, (PASS, ANY))):
        for kind in kinds:
            for phase in PHASES:
                assert tally.rows[mode, kind, phase, "allowed"] > 0, (mode, kind, phase)
                assert tally.rows[mode, kind, phase, "done"] > 0, (mode, kind, phase)
    for phase in ("replace", "duel"):  # and refused in some (draws, revealed duel cards)
        assert tally.rows[MODE_HOTSEAT, PASS, phase, "tried"] > \
            tally.rows[MODE_HOTSEAT, PASS, phase, "allowed"]


def test_the_audit_catches_a_policy_that_forgets_taken_back_moves(monkeypatch):
    """The bug of #20, put back: after a take-back, only the history's sightings count."""
    cut = Seen.cut

    def forgetful(self: Seen, moves: int) -> Seen:
        out = cut(self, moves)
        last = out.ticks[-1] if out.ticks else 0
        out.sightings = [s for s in out.sightings if s.tick <= last]
        return out

    monkeypatch.setattr(Seen, "cut", forgetful)
    tally = Tally()
    for seed in range(20):
        Audit(seed, MODE_HOTSEAT, tally, p_take=0.5, p_chain=0.9).run()
    assert tally.rows[MODE_HOTSEAT, PASS, "defend", "leaks"] > 0
    assert tally.total("leaks") == tally.total("old_leaks") > 0
    assert any("leaks" in f for f in tally.failures)


def test_the_audit_catches_an_offer_to_the_player_who_just_allowed_one(monkeypatch):
    """The pass screen's hand-over rule, taken away: the audit says so."""
    import takeback_oracle

    plain = takeback_oracle.taken_back
    monkeypatch.setattr(takeback_oracle, "taken_back",
                        lambda session, moves, granted_by=None: plain(session, moves))
    tally = Tally()
    for seed in range(20):
        Audit(seed, MODE_HOTSEAT, tally, p_take=0.5, p_chain=0.9).run()
    assert any("just allowed one" in f for f in tally.failures)
