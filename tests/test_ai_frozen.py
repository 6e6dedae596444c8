"""The frozen levels stay frozen: ``master-2026`` replays the moves master made before
issue 21 changed it (recorded in tests/data/master_2026.json from positions reached by
greedy play, tests/golden_positions.py)."""

from __future__ import annotations

import json
from pathlib import Path

from golden_positions import positions

from tacocat.actions import format_move
from tacocat.ai import LEVELS, LEVELS_OFFERED, make_player

RECORDED = Path(__file__).parent / "data" / "master_2026.json"


def test_master_2026_replays_its_recorded_moves() -> None:
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    got = [{"seed": seed, "step": step, "seat": seat,
            "move": format_move(seat, make_player("master-2026", seed).choose(obs))}
           for seed, step, seat, obs, _ in positions()]
    assert len(got) == len(recorded) >= 50
    assert got == recorded


def test_master_2026_is_for_evaluation_only() -> None:
    assert "master-2026" in LEVELS and "master-2026" not in LEVELS_OFFERED
