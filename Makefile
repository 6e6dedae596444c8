# Tacocat: `make serve` to play, `make test` to run every check.
# Both prepare the checkout first (scripts/setup.sh: .venv, node_modules, runtime/),
# which takes a second when everything is already in place.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := serve

PORT ?= 8000
HOST ?= 127.0.0.1
DIR ?= .
PREFIX ?= /
PYTEST_ARGS ?=
# The unit suite runs on every core (pytest-xdist); the browser suite stays serial.
UNIT_ARGS ?= -n auto
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: serve test test-unit test-e2e lint runtime dist embed stdlib-list setup setup-browser clean distclean help

help:
	@echo "make serve    set up, then serve the game on http://$(HOST):$(PORT)$(PREFIX) (PORT=, HOST=, DIR=, PREFIX=)"
	@echo "make test     set up (incl. Chromium), ruff, engine tests (tests/), browser tests (e2e/)"
	@echo "make lint     ruff check ."
	@echo "make runtime  (re)build runtime/ from node_modules"
	@echo "make dist     build dist/: the static site to publish (README: Deploying)"
	@echo "make embed    regenerate web/embed.js from scripts/embed_template.js + the catalogs"
	@echo "make stdlib-list  re-measure the stdlib modules the page imports (scripts/stdlib_modules.txt)"
	@echo "make clean    remove build outputs; make distclean also removes .venv and node_modules"
	@echo "make mutants  mutation testing of the engine, ~1 h, not in CI (see docs/TESTING.md)"

setup:
	bash scripts/setup.sh

setup-browser:
	bash scripts/setup.sh --browser

serve: setup
	$(PY) -m scripts.serve --host $(HOST) --port $(PORT) --dir $(DIR) --prefix $(PREFIX)

# Each step must pass; pytest's exit code 5 (no tests collected) fails the build too.
# The browser suite runs on two workers, one browser each, serving one dist/ build
# (e2e/conftest.py). A browser test whose browser crashed runs once more ("Target
# crashed": Chromium's renderer, reported with its log at the end of the run; "page
# crash": WebKitWebDriver lost MiniBrowser); any other failure fails at once.
E2E_ARGS ?= -n 2 --reruns 1 --only-rerun "Target crashed" --only-rerun "page crash"

test: setup-browser
	$(VENV)/bin/ruff check .
	$(PY) -m pytest tests $(UNIT_ARGS) $(PYTEST_ARGS)
	$(PY) -m pytest e2e $(E2E_ARGS) $(PYTEST_ARGS)

test-unit: setup
	$(PY) -m pytest tests $(UNIT_ARGS) $(PYTEST_ARGS)

test-e2e: setup-browser
	$(PY) -m pytest e2e $(E2E_ARGS) $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check .

runtime: setup

dist: setup
	$(PY) -m scripts.build_dist

embed: setup
	$(PY) -m scripts.build_embed

# Re-measure the standard-library modules the page imports (scripts/stdlib_modules.txt).
stdlib-list: setup-browser
	$(PY) -m scripts.measure_stdlib

clean:
	rm -rf runtime dist app.zip e2e/artifacts test-results .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -not -path './.venv/*' -not -path './node_modules/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules

# Mutation testing (slow: not in CI). Installs mutmut into .venv through the `mutants` extra,
# mutates the engine modules listed under [tool.mutmut] in pyproject.toml and runs the engine
# tests against each mutant, niced, with fewer property examples (TACOCAT_TEST_SCALE) and
# repeatable Hypothesis runs. Prints the score per module and every mutant not killed
# (also in mutants/summary.txt); `.venv/bin/mutmut show NAME` shows one. Triage: docs/TESTING.md.
MUTANTS_JOBS ?= 2
MUTANTS_SCALE ?= 0.1
.PHONY: mutants
mutants: setup
	$(PY) -m pip install --quiet -e '.[test,mutants]'
	rm -rf mutants
	TACOCAT_MUTANTS=1 TACOCAT_TEST_SCALE=$(MUTANTS_SCALE) \
		nice -n 10 $(VENV)/bin/mutmut run --max-children $(MUTANTS_JOBS)
	$(VENV)/bin/mutmut results --all true | awk -F': ' ' \
		{ name = $$1; gsub(/ /, "", name); split(name, part, "."); mod = part[1] "." part[2]; \
		  total[mod]++; if ($$2 == "killed" || $$2 == "timeout") caught[mod]++; \
		  else missed = missed sprintf("  %-9s %s\n", $$2, name) } \
		END { for (m in total) printf "%-20s %4d mutants %4d caught  score %5.1f%%\n", \
		      m, total[m], caught[m], 100 * caught[m] / total[m] | "sort"; close("sort"); \
		      printf "not caught:\n%s", missed }' | tee mutants/summary.txt
