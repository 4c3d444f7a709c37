# ClerkDesk: `make run` opens the app on demo data; `make test` runs the whole suite.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO_DOGS ?= 2000

.PHONY: run test lint typecheck contracts pytest bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	@scripts/qt-system-libs.sh $(BIN)/python
	$(BIN)/clerkdesk demo --if-empty --dogs $(DEMO_DOGS)
	$(BIN)/clerkdesk

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks migrations
	$(BIN)/ruff format --check src tests benchmarks migrations

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest

test: lint typecheck contracts pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks

docs: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python docs/make_screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
