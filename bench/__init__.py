"""Benchmarks, each run from the repository root as ``python -m bench.NAME``; their numbers
are written to docs/PERFORMANCE.md (docs/AI.md, docs/TESTING.md for some)."""
