# Two commands for a newcomer: `make run` and `make test`. Both create .venv and
# install what is missing first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEV_STAMP := $(VENV)/.dev-installed
LOCAL_STAMP := $(VENV)/.local-installed

.PHONY: run test lint typecheck unit fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(LOCAL_STAMP)

$(LOCAL_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[local]'
	touch $@

# The game on http://$(HOST):$(PORT), served by the Lambda handlers on an
# embedded stand-in for AWS. HOST=0.0.0.0 lets phones on the same network join.
run: $(LOCAL_STAMP)
	LOG_LEVEL=$${LOG_LEVEL:-WARNING} POWERTOOLS_METRICS_DISABLED=$${POWERTOOLS_METRICS_DISABLED:-true} \
		$(BIN)/python -m infra.local

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

# The browser tests need Debian's chromium and axe-core from npm: installed here
# when missing (as root), otherwise those tests say what is missing.
unit: $(DEV_STAMP)
	tools/ensure-browser.sh
	$(BIN)/python -m pytest

test: lint typecheck unit

# The wire fuzzer at length (tests/integration/test_wire_fuzz.py): many more
# rooms and longer matches than `make test` plays, with fresh randomness each run.
fuzz: $(DEV_STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/integration/test_wire_fuzz.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts tests/e2e/node_modules
