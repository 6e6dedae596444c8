"""Statistics (web/formats/stats_store.py) without a browser: rows per opponent, streaks,
averages, the stored form round-trips, and anything malformed is refused (the page sets
it aside)."""

from __future__ import annotations

import json

import pytest

from tacocat import WOW, YAY
from web.formats.stats_store import HOTSEAT, KEEP, Stats
from web.model.session import MODE_AI, MODE_HOTSEAT, MODE_WATCH


def test_rows_streaks_and_averages():
    s = Stats()
    for won, rounds in ((True, 5), (True, 7), (False, 9), (True, 3)):
        s.add(MODE_AI, "hard", YAY, YAY if won else WOW, rounds)
    s.add(MODE_AI, "easy", WOW, WOW, 4)  # played as WOW, and won
    s.add(MODE_HOTSEAT, "easy", YAY, WOW, 6)
    s.add(MODE_WATCH, "easy", YAY, YAY, 6)  # watching is not playing: not counted
    hard = s.row("hard")
    assert (hard.games, hard.wins, hard.streak, hard.best) == (4, 3, 1, 2)
    assert hard.rounds == 6.0 and hard.rate == 0.75
    assert s.row("easy").wins == 1
    assert s.row(HOTSEAT).games == 1 and s.row(HOTSEAT).wins == 0  # YAY's wins
    assert [r.key for r in s.rows()] == ["easy", "hard", HOTSEAT]
    assert [g["won"] for g in s.recent(3)] == [False, True, True]  # vs the computer only


def test_storage_round_trip_and_cap():
    s = Stats()
    for i in range(KEEP + 10):
        s.add(MODE_AI, "medium", YAY, YAY if i % 3 else WOW, 5)
    assert len(s.games) == KEEP
    again = Stats.from_text(s.to_text())
    assert again.games == s.games and again.row("medium") == s.row("medium")


@pytest.mark.parametrize("text", [
    "", "[]", "{", "null", '{"format": "tacocat-stats", "version": 2, "games": []}',
    '{"format": "tacocat-stats", "version": true, "games": []}',
    '{"format": "tacocat-stats", "version": 1, "games": [{"key": "hard"}]}',
    '{"format": "tacocat-stats", "version": 1, "games": '
    '[{"key": "hard", "won": 1, "rounds": 5}]}',
    '{"format": "tacocat-stats", "version": 1, "games": '
    '[{"key": "hard", "won": true, "rounds": 0}]}',
    '{"format": "other", "version": 1, "games": []}',
])
def test_malformed_statistics_are_refused(text):
    with pytest.raises(ValueError):
        Stats.from_text(text)


def test_a_level_no_longer_offered_is_dropped_quietly():
    text = json.dumps({"format": "tacocat-stats", "version": 1, "games": [
        {"key": "grandmaster", "won": True, "rounds": 5},
        {"key": "hard", "won": False, "rounds": 5}]})
    assert Stats.from_text(text).games == [{"key": "hard", "won": False, "rounds": 5}]
