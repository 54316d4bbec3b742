# The verbs a newcomer needs. `make run` and `make test` do all the set-up on a fresh machine;
# every step is skipped when its inputs have not changed.

SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
CHROMIUM := /usr/bin/chromium
REDIS_SERVER := /usr/bin/redis-server

# Django 6.1 needs Python 3.12+: the first python3.13 / python3.12 that really runs, under pyenv's
# versions or on PATH (a pyenv shim for a version that is not selected fails, so each is tried).
BASE_PYTHON := $(shell for c in $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.13*/bin/python3.13 \
	  $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.12*/bin/python3.12 python3.13 python3.12; do \
	  if "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
	    command -v "$$c"; exit; fi; done)

BUILD_INPUTS := $(shell find static_src locales -type f 2>/dev/null) package-lock.json
STATIC_INPUTS := $(shell find static_src/public -type f 2>/dev/null)

.PHONY: run test lint format build install bench clean data

run: build $(STAMPS)/migrated ## install, build, migrate, load demo data, serve at :8000 (sandbox, task worker and lead sweeper beside it)
	$(PY) manage.py demo_data
	@echo "Storefront: http://127.0.0.1:8000  (provider sandbox: http://127.0.0.1:8001)"
	trap 'kill 0' EXIT; $(PY) manage.py sandbox 127.0.0.1:8001 & $(PY) manage.py db_worker --no-reload & $(PY) manage.py send_leads --every 60 >/dev/null & $(PY) manage.py runserver 127.0.0.1:8000

test: build $(STAMPS)/test-deps $(CHROMIUM) $(REDIS_SERVER) ## install what tests need, build, run the whole suite
	node --test static_src/
	$(PY) -m pytest -n 2 --dist loadfile --durations=25  # two workers, one module each at a time; the slowest 25 listed

lint: $(STAMPS)/test-deps ## ruff lint and format check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMPS)/test-deps
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

install: $(STAMPS)/python $(STAMPS)/node

build: $(STAMPS)/collected ## islands (esbuild) and static files (WhiteNoise, compressed + hashed)

bench: build $(STAMPS)/migrated $(STAMPS)/test-deps $(CHROMIUM) $(REDIS_SERVER) ## page weight; answers while the provider is slow
	$(PY) manage.py bench
	$(PY) -m tests.bench_resilience

data: $(STAMPS)/test-deps ## regenerate fixtures/countries.json and currencies.json (CLDR, ...)
	$(PY) manage.py generate_catalog_data

clean:
	rm -rf $(STAMPS) $(VENV) node_modules static_build staticfiles

$(STAMPS):
	mkdir -p $(STAMPS)

$(STAMPS)/python: pyproject.toml | $(STAMPS)
	@if [ -z "$(BASE_PYTHON)" ]; then \
	  echo "Python 3.12 or newer is needed (Django 6.1): install python3.13 or python3.12." >&2; exit 1; fi
	@[ -x $(PY) ] || $(BASE_PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMPS)/test-deps: $(STAMPS)/python pyproject.toml
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

$(STAMPS)/node: package.json package-lock.json | $(STAMPS)
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

static_build/islands/manifest.json: $(STAMPS)/node $(BUILD_INPUTS)
	node static_src/build.mjs

$(STAMPS)/collected: $(STAMPS)/python static_build/islands/manifest.json $(STATIC_INPUTS)
	$(PY) manage.py collectstatic --noinput --clear -v0
	touch $@

$(STAMPS)/migrated: $(STAMPS)/python $(shell find storefront -path '*/migrations/*.py' 2>/dev/null)
	$(PY) manage.py migrate --noinput -v0
	touch $@

# Debian's Chromium for the browser suite (never a downloaded browser), and Debian's Redis for the
# tests of state shared by several processes (each test run starts its own on a free port).
$(CHROMIUM):
	$(call apt_install,chromium)

$(REDIS_SERVER):
	$(call apt_install,redis-server)

define apt_install
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(1)
endef
