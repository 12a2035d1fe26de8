# All set-up happens here: `make test` and `make serve` work on a fresh Debian machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv test lint typecheck unit clean site serve gettext update-po dist lang requirements

$(STAMP): pyproject.toml requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt -e .
	touch $@

venv: $(STAMP)

## ruff; then the site's scripts: their shared types up to date with the Python
## (tools/live_types.py), tsc (strict, over their JSDoc types) and ESLint
lint: venv node_modules/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check ginrules
	$(PY) tools/live_types.py --check
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.worker.json
	node_modules/.bin/tsc -p tsconfig.sw.json
	node_modules/.bin/eslint ginrules_site/static tools eslint.config.mjs

typecheck: venv
	$(VENV)/bin/mypy

## one line naming what the site and the tests need and this machine lacks
requirements:
	@missing=""; \
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null || \
	  missing="$$missing, Python 3.11+ ($(PYTHON))"; \
	found=""; for p in $(PYTHON312_CANDIDATES); do \
	  $$p -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null && found=1 && break; done; \
	test -n "$$found" || missing="$$missing, Python 3.12+ for pyodide-build (python3.12)"; \
	command -v npm >/dev/null || missing="$$missing, Node.js 20+ with npm"; \
	command -v msgfmt >/dev/null || missing="$$missing, GNU gettext (msgfmt)"; \
	if test -n "$$missing"; then echo "missing:$${missing#,}"; exit 1; fi

## the site: every language with warnings as errors, the root page and the sitemap
site: requirements venv
	$(PY) tools/site.py build

## build the site and its one-page rules summaries (PDF, printed by Chromium, as make dist
## does), then serve it on http://127.0.0.1:8000
serve: site /usr/bin/chromium
	$(PY) tools/summaries.py _build/html
	$(PY) tools/serve.py _build/html

## for translators, in a few seconds: check one language's catalogs, build its pages
## with warnings as errors (make lang L=fr), then read them with tools/serve.py
lang: venv node_modules/.installed
	@test -n "$(L)" || { echo "usage: make lang L=<language code, e.g. fr>"; exit 2; }
	$(PY) tools/site.py lang $(L)

## the built site as a tree for any static host or CDN: dist/ (see ARCHITECTURE.md, "Publishing")
dist: site
	$(PY) tools/site.py dist

## for translators: extract the English text, then update every catalog
gettext: venv
	$(PY) tools/site.py gettext

update-po: gettext
	$(PY) tools/site.py update-po

## every test: lint, types, the site and dist/, then pytest (engine, site, browser)
# Two test processes (pytest-xdist), a whole module to each: the engine's suite inside
# Pyodide and the browser tests wait on each other's idle time. TEST_WORKERS=0: one process.
TEST_WORKERS ?= 2
test: requirements lint typecheck site dist
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadscope --durations=15

clean:
	rm -rf $(VENV) $(PYODIDE_VENV) .cache _build node_modules dist build *.egg-info

## --- the engine in the browser: self-hosted Pyodide (issue 6) ---
.PHONY: pyodide-runtime pyodide-test-deps
PYODIDE_VENV := .venv-pyodide
PYODIDE_WHEELS := .cache/pyodide-wheels
# pyodide-build needs Python 3.12+; the pyenv shim may fail, so try the interpreters in turn.
PYTHON312_CANDIDATES ?= python3.12 python3.13 /root/.pyenv/versions/3.12.1/bin/python3.12

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(PYODIDE_VENV)/.installed: tools/requirements-pyodide.txt
	rm -rf $(PYODIDE_VENV)
	for p in $(PYTHON312_CANDIDATES); do \
	  if $$p -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null; then \
	    $$p -m venv $(PYODIDE_VENV) && break; fi; done
	$(PYODIDE_VENV)/bin/python -m pip install -q -r tools/requirements-pyodide.txt
	touch $@

# pytest, hypothesis and their pure-Python dependencies, to run the engine suite in Pyodide
$(PYODIDE_WHEELS)/.installed: tools/requirements-pyodide-tests.txt $(STAMP)
	rm -rf $(PYODIDE_WHEELS)
	$(PY) -m pip download -q --only-binary=:all: --platform any --python-version 3.14 \
	  --implementation py -d $(PYODIDE_WHEELS) -r tools/requirements-pyodide-tests.txt
	touch $@

/usr/bin/chromium:
	apt-get update && apt-get install -y --no-install-recommends chromium

## the runtime, once for every language: _build/html/_pyodide/
pyodide-runtime: $(STAMP) node_modules/.installed $(PYODIDE_VENV)/.installed
	$(PY) tools/pyodide_runtime.py

pyodide-test-deps: $(PYODIDE_WHEELS)/.installed /usr/bin/chromium

site: pyodide-runtime
test: site pyodide-test-deps
