# ClerkDesk: `make run` opens the app on demo data; `make test` runs the whole suite.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO_DOGS ?= 2000
DEMO ?= 1
# pytest-xdist workers: one per core (CI has 2), each with its own PostgreSQL server; each
# test file runs whole on one worker, so a module's fixtures are built once.
WORKERS ?= auto
# What the quick loop leaves out: tests of windows, processes, the server, big builds.
QUICK := not gui and not process and not pg and not slow
# The tests keep Python's compiled files (ignored by git) even where the shell says not to
# write them: collecting the suite then takes 4 s instead of 10, every run after the first.
TESTENV := env -u PYTHONDONTWRITEBYTECODE QT_QPA_PLATFORM=offscreen

.PHONY: run run-empty test check lint typecheck contracts pytest quick bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# DEMO=0 leaves the database as it is: a new data folder opens empty, at the first run's
# administrator and the office's set-up (as `DEMO=0 gui-trial.sh` tries it).
run: $(STAMP)
	@scripts/qt-system-libs.sh $(BIN)/python
	@if [ "$(DEMO)" != 0 ]; then $(BIN)/clerkdesk demo --if-empty --dogs $(DEMO_DOGS); fi
	$(BIN)/clerkdesk

# A new office: the app on a new, empty database (a new file each time), as an installer
# leaves it; the first run creates the administrator and sets the office up.
run-empty: $(STAMP)
	@scripts/qt-system-libs.sh $(BIN)/python
	$(BIN)/clerkdesk --db "sqlite:///$$(mktemp -d /tmp/clerkdesk-new-office.XXXX)/office.sqlite"

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks migrations
	$(BIN)/ruff format --check src tests benchmarks migrations

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

# The whole suite, in a new random order each run, with its time and slowest tests.
pytest: $(STAMP)
	$(TESTENV) $(BIN)/pytest -n $(WORKERS) --dist loadfile --durations=15

test: lint typecheck contracts pytest

# The everyday loop, about a minute: lint, types, contracts and the tests of no window,
# process or server. A file or folder alone: .venv/bin/pytest tests/rules/test_counts.py
quick: $(STAMP)
	$(TESTENV) $(BIN)/pytest -n $(WORKERS) --dist loadfile -q -m "$(QUICK)"

check: lint typecheck contracts quick

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks

docs: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python docs/make_screenshots.py

# The Windows setup, the Linux tarball and .deb in dist/installers/, each smoke-tested
# (docs/installing.md). Downloads are pinned in installer/installers.lock and cached in
# installer/.cache; the chroot smoke tests need root. Not part of `make test`.
installers: $(STAMP)
	$(BIN)/python installer/build.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
