# The verbs a newcomer needs. `make run` and `make test` do all the set-up on a fresh machine;
# every step is skipped when its inputs have not changed.

SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
# Test workers: each runs one module at a time with its own live server and Chromium, which keep
# a core busy; so one per core, at least 2 (measured on 2 cores: 4 workers took 21.5 min, not 18).
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ "$$n" -gt 2 ] && echo $$n || echo 2)
CHROMIUM := /usr/bin/chromium
REDIS_SERVER := /usr/bin/redis-server
WRK := /usr/bin/wrk
NGINX := /usr/sbin/nginx
# A phone has fonts for the scripts it reads; Lighthouse in a Chromium without one searches every
# font for each character and measures tofu (100+ ms of layout on /ja/). Debian's Noto: CJK, and
# the core set (Thai, Hebrew, Arabic... the fonts our stack names).
CJK_FONTS := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
NOTO_FONTS := /usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf

# Django 6.1 needs Python 3.12+: the first python3.13 / python3.12 that really runs, under pyenv's
# versions or on PATH (a pyenv shim for a version that is not selected fails, so each is tried).
BASE_PYTHON := $(shell for c in $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.13*/bin/python3.13 \
	  $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.12*/bin/python3.12 python3.13 python3.12; do \
	  if "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
	    command -v "$$c"; exit; fi; done)

BUILD_INPUTS := $(shell find static_src locales templates/includes/icons -type f 2>/dev/null) fixtures/countries.json fixtures/search-limits.json fixtures/crawlers.json package-lock.json
STATIC_INPUTS := $(shell find static_src/public -type f 2>/dev/null)

.PHONY: run dev cluster test lint format build install bench clean data postgres-server pdf-deps

# The processes beside the web server: the provider sandbox, the task worker, the outbox sweeper.
BESIDE = $(PY) manage.py sandbox 127.0.0.1:8001 & $(PY) manage.py db_worker --no-reload & \
	$(PY) manage.py sweep_outbox --every 60 >/dev/null & $(PY) bin/wait-for 127.0.0.1:8001 &&

run: build pdf-deps $(STAMPS)/migrated $(STAMPS)/secret_key ## install, build, migrate, load demo data and the shipped content pages, serve at :8000 with granian (sandbox, task worker and outbox sweeper beside it)
	$(PY) manage.py demo_data
	$(PY) manage.py content_defaults
	@echo "Storefront       http://127.0.0.1:8000  (granian, bin/web: WEB_WORKERS x WEB_THREADS)"
	@echo "Provider sandbox http://127.0.0.1:8001  (UPSTREAM_URL)"
	@echo "Task worker (manage.py db_worker) and outbox sweeper (manage.py sweep_outbox --every 60) running."
	@echo "Ctrl+C stops them all."
	trap 'kill 0' EXIT; export SECRET_KEY=$$(cat $(STAMPS)/secret_key); $(BESIDE) bin/web

cluster: build pdf-deps $(STAMPS)/test-deps $(REDIS_SERVER) postgres-server $(NGINX) $(STAMPS)/secret_key ## PostgreSQL, Redis, two web processes, the task worker and nginx in front at :8000 (bin/cluster)
	SECRET_KEY=$$(cat $(STAMPS)/secret_key) $(PY) bin/cluster

dev: build pdf-deps $(STAMPS)/migrated $(STAMPS)/secret_key ## as run, but Django's runserver, reloading on every change
	$(PY) manage.py demo_data
	$(PY) manage.py content_defaults
	@echo "Storefront http://127.0.0.1:8000 (runserver, autoreload) · sandbox :8001 · worker · sweeper · Ctrl+C stops all"
	trap 'kill 0' EXIT; export SECRET_KEY=$$(cat $(STAMPS)/secret_key); $(BESIDE) \
	  $(PY) manage.py runserver 127.0.0.1:8000

# One secret key for this checkout's local processes (sessions and signed offer links survive a
# restart and are the same in every worker); deployments set SECRET_KEY themselves.
$(STAMPS)/secret_key: | $(STAMPS)
	@umask 077; $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

test: build pdf-deps $(STAMPS)/test-deps $(CHROMIUM) $(REDIS_SERVER) postgres-server $(NGINX) ## install what tests need, build, run the whole suite
	node --test static_src/
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=25  # test by test, a shared cluster one group; the slowest 25 listed

lint: $(STAMPS)/test-deps ## ruff lint and format check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMPS)/test-deps
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

install: $(STAMPS)/python $(STAMPS)/node

build: $(STAMPS)/collected ## islands (esbuild) and static files (WhiteNoise, compressed + hashed)

bench: build $(STAMPS)/migrated $(STAMPS)/test-deps $(CHROMIUM) $(CJK_FONTS) $(NOTO_FONTS) $(REDIS_SERVER) $(WRK) ## page weight; throughput of bin/web (wrk); answers while the provider is slow
	$(PY) manage.py bench
	$(PY) -m tests.bench_serving
	$(PY) -m tests.bench_resilience
	$(PY) -m tests.bench_lighthouse

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

# Debian's Chromium for the browser suite (never a downloaded browser), and Debian's Redis and
# PostgreSQL for the tests of state shared by several processes (each test run starts its own
# servers on free ports).
$(CHROMIUM):
	$(call apt_install,chromium)

$(REDIS_SERVER):
	$(call apt_install,redis-server)

$(WRK):
	$(call apt_install,wrk)

$(CJK_FONTS):
	$(call apt_install,fonts-noto-cjk)

$(NOTO_FONTS):
	$(call apt_install,fonts-noto-core)

$(NGINX):
	$(call apt_install,nginx)

# The vouchers' PDFs (storefront/reservations/voucher_pdf.py): WeasyPrint loads Debian's Pango
# (libpango, libpangoft2; HarfBuzz comes with them) to lay out and shape text, and the Noto fonts
# draw Hebrew, Arabic, Thai and CJK (without them a voucher in those languages prints boxes).
pdf-deps: $(CJK_FONTS) $(NOTO_FONTS)
	@ls /usr/lib/*/libpangoft2-1.0.so.0 >/dev/null 2>&1 || \
	  { $(call apt_install_cmd,libpango-1.0-0 libpangoft2-1.0-0); }

# Debian's PostgreSQL server, any version (the scale-out tests start one of their own).
postgres-server:
	@ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || { $(call apt_install_cmd,postgresql); }

define apt_install
	@$(call apt_install_cmd,$(1))
endef
apt_install_cmd = if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(1)
