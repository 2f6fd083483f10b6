# ERA: `make run` starts the bot on embedded defaults; `make test` runs the whole suite.
# Both set up what they need (.venv, dependencies, demo data, the local Cosmos DB server).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
COSMOS_DIR := tools/cosmosdb_server
COSMOS_STAMP := $(COSMOS_DIR)/node_modules/.installed

.PHONY: run test chat lint typecheck bench package seed clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

# The local Cosmos DB server (@vercel/cosmosdb-server) for the storage tests; needs Node and npm.
$(COSMOS_STAMP): $(COSMOS_DIR)/package.json $(COSMOS_DIR)/package-lock.json
	cd $(COSMOS_DIR) && npm ci --silent --no-audit --no-fund
	touch $(COSMOS_STAMP)

seed: $(STAMP)
	$(PY) -m tools.seed_demo

run: $(STAMP) seed
	$(PY) app.py

test: $(STAMP) $(COSMOS_STAMP)
	$(PY) -m pytest

chat: $(STAMP)
	$(PY) -m tools.chat $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

bench: $(STAMP)
	$(PY) -m bench.interpret
	$(PY) -m bench.detect
	$(PY) -m bench.understand

# The Teams app zip: make package BOT_ID=<bot app id> [BOT_DOMAIN=<app>.azurewebsites.net]
package: $(STAMP)
	$(PY) -m tools.build_app_package --bot-id "$(BOT_ID)" \
		$(if $(BOT_DOMAIN),--bot-domain "$(BOT_DOMAIN)")

clean:
	rm -rf $(VENV) .data $(COSMOS_DIR)/node_modules
