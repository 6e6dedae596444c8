"""Hypothesis profiles for every test module.

Hypothesis's defaults include two clocks: a per-example ``deadline`` (200 ms) and the
``too_slow`` health check on data generation. Both fail a test because the machine is busy,
not because the code is wrong — CI machines are shared and slow — so neither applies here.
How fast the engine is belongs in bench/engine.py. ``make mutants`` sets TACOCAT_MUTANTS
for repeatable runs (derandomized, no example database).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_NO_CLOCKS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("tacocat", **_NO_CLOCKS)
settings.register_profile("mutants", derandomize=True, database=None, print_blob=False,
                          **_NO_CLOCKS)
settings.load_profile("mutants" if os.environ.get("TACOCAT_MUTANTS") else "tacocat")
