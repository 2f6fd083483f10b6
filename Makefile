# ERA: `make run` starts the bot on embedded defaults; `make test` runs the whole suite.
# Both set up what they need (.venv, dependencies, demo data, the local Cosmos DB server, and
# for the browser page and its test Web Chat from npm and Debian's chromium).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
COSMOS_DIR := tools/cosmosdb_server
COSMOS_STAMP := $(COSMOS_DIR)/node_modules/.installed
WEBCHAT_DIR := webchat
WEBCHAT_STAMP := $(WEBCHAT_DIR)/node_modules/.installed
CHROMIUM := /usr/bin/chromium
# How many processes run the suite (pytest-xdist; 0 runs it in this one process).
TEST_WORKERS ?= 2

.PHONY: run test chat lint typecheck bench package seed clean webchat webchat-if-node

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

# The local Cosmos DB server (@vercel/cosmosdb-server) for the storage tests; needs Node and npm.
$(COSMOS_STAMP): $(COSMOS_DIR)/package.json $(COSMOS_DIR)/package-lock.json
	cd $(COSMOS_DIR) && npm ci --silent --no-audit --no-fund
	touch $(COSMOS_STAMP)

# Microsoft's Web Chat (served at / by `make run`) and playwright-core (which drives Chromium
# in the browser test), from npm; no CDN at run time, no browser download.
$(WEBCHAT_STAMP): $(WEBCHAT_DIR)/package.json $(WEBCHAT_DIR)/package-lock.json
	cd $(WEBCHAT_DIR) && npm ci --silent --no-audit --no-fund
	touch $(WEBCHAT_STAMP)

webchat: $(WEBCHAT_STAMP)

# `make run` works with Python alone: without npm it starts without the Web Chat page.
webchat-if-node:
	@if command -v npm >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory $(WEBCHAT_STAMP) || \
		echo "Could not install Web Chat from npm: ERA starts without the page at /."; \
	else \
		echo "Node.js and npm are not installed: ERA starts without the Web Chat page at /." \
		"Install them (e.g. apt-get install nodejs npm), then run make webchat."; \
	fi

# Debian's Chromium for the browser test (needs root for apt-get).
$(CHROMIUM):
	@if [ "$$(id -u)" != 0 ]; then \
		echo "The browser test needs $(CHROMIUM): run apt-get install chromium as root."; \
		exit 1; \
	fi
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

seed: $(STAMP)
	$(PY) -m tools.seed_demo

run: $(STAMP) seed webchat-if-node
	$(PY) app.py

test: $(STAMP) $(COSMOS_STAMP) $(WEBCHAT_STAMP) $(CHROMIUM)
	$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal

chat: $(STAMP)
	$(PY) -m tools.chat $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

# make bench COSMOS=1 runs the side-by-side benchmark a second time with ERA on the local Cosmos
# DB server (installed as for make test; needs Node).
bench: $(STAMP) $(if $(COSMOS),$(COSMOS_STAMP))
	$(PY) -m bench.interpret
	$(PY) -m bench.detect
	$(PY) -m bench.understand
	$(PY) -m bench.http_turns
	$(if $(COSMOS),$(PY) -m bench.http_turns --local-cosmos)

# The Teams app zip: make package BOT_ID=<bot app id> [BOT_DOMAIN=<app>.azurewebsites.net]
package: $(STAMP)
	$(PY) -m tools.build_app_package --bot-id "$(BOT_ID)" \
		$(if $(BOT_DOMAIN),--bot-domain "$(BOT_DOMAIN)")

clean:
	rm -rf $(VENV) .data $(COSMOS_DIR)/node_modules $(WEBCHAT_DIR)/node_modules test-artifacts
