# All set-up happens here: `make test` and `make serve` work on a fresh Debian machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv test lint typecheck unit clean site serve gettext update-po

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

## the site: every language with warnings as errors, the root page and the sitemap
site: venv
	$(PY) tools/site.py build

## build the site, then serve it on http://127.0.0.1:8000
serve: site
	$(PY) tools/serve.py _build/html

## for translators: extract the English text, then update every catalog
gettext: venv
	$(PY) tools/site.py gettext

update-po: gettext
	$(PY) tools/site.py update-po

## every test: lint, types, the site, then pytest (engine, site, browser)
test: lint typecheck site
	$(PY) -m pytest -q

clean:
	rm -rf $(VENV) _build node_modules dist build *.egg-info
