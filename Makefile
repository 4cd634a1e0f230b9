# Vitrina's command surface. Every target is a one-liner you could paste into a shell.
# `make run` builds everything and serves the demo shop; `make test` runs every test.

CARGO := cargo
SERVER := server/Cargo.toml
BIN := server/target/release/vitrina
WEB_DEPS := web/node_modules/.package-lock.json

.PHONY: run build web server test test-server test-web test-api-types test-e2e test-reliability bench fuzz fmt clean

## Build everything and serve the shop with its demo catalogue at http://127.0.0.1:8080
run: build
	$(BIN) serve

## Build the front-end, then the release binary that embeds it
build: web server

## The front-end is built again only when a file or folder under web/ changed (its dependencies, tests' output and
## builds left out; a folder's time changes when a file in it is added or removed): each `make` that builds wrote
## web/dist anew, so the release binary embedding it compiled again (3.6 min of `make test-reliability` after `make
## test` in CI).
WEB_INPUTS := $(shell find web -mindepth 1 -path web/node_modules -prune -o -path web/dist -prune -o -path \
	web/dist-server -prune -o -path web/data -prune -o -path web/e2e -prune -o -path web/test-results -prune -o -path \
	web/playwright-report -prune -o -print)
WEB_BUILT := web/dist-server/entry-server.js

web: $(WEB_BUILT)

$(WEB_BUILT): $(WEB_DEPS) $(WEB_INPUTS)
	cd web && npm run build

server:
	$(CARGO) build --release --manifest-path $(SERVER)

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund

## Every test: front-end unit tests, Rust unit and integration tests, the front-end's API types against the server's
## OpenAPI document, browser tests against the release binary
test: test-web test-server test-api-types test-e2e

test-web: $(WEB_DEPS)
	cd web && npm run typecheck && npm run lint && npm test

## The server's tests render pages with the server bundle (web/dist-server), so the front-end is built first. The
## API suite runs twice: on SQLite files, then on PostgreSQL in a throw-away cluster with pictures on a throw-away
## S3-compatible server (issue 36; Debian's postgresql, PyPI's moto).
test-server: web
	$(CARGO) test --manifest-path $(SERVER)
	scripts/pg/with-cluster.sh scripts/s3/with-server.sh $(CARGO) test --manifest-path $(SERVER) --test api
	$(CARGO) build --benches --manifest-path $(SERVER)  # the benchmarks must keep compiling

## web/src/lib/api/schema.d.ts must be what the server's OpenAPI document generates (`cd web && npm run api-types`
## regenerates it). The document comes from the release binary the browser suite runs, built once.
test-api-types: $(WEB_DEPS) build
	cd web && VITRINA_BINARY=../$(BIN) npm run api-types:check

## The browser suite on SQLite, then its specs that write the most state (accounts, basket, compare list, recently
## viewed, reviews, stores) again on PostgreSQL, in a throw-away cluster (issue 36).
E2E_ON_POSTGRES = e2e/account.spec.ts e2e/basket.spec.ts e2e/compare.spec.ts e2e/viewed.spec.ts e2e/reviews.spec.ts e2e/contacts.spec.ts
test-e2e: build
	cd web && npm run e2e
	scripts/pg/with-cluster.sh sh -c 'cd web && VITRINA_E2E_PG="$$VITRINA_TEST_PG" npm run e2e -- $(E2E_ON_POSTGRES)'

## Faults and bad input against the release binary (issue 9; docs/reliability.md): schemathesis over the OpenAPI
## document, orders surviving SIGKILL, both on SQLite and on PostgreSQL (two instances there, one killed; issue 36),
## PostgreSQL restarted under load (503, never 500, and back on its own), and a 5-minute soak of the mixed workload. Installs schemathesis (PyPI) and
## wrk (Debian) when absent.
test-reliability: build
	scripts/reliability/schemathesis.sh
	python3 scripts/reliability/durability.py
	scripts/pg/with-cluster.sh scripts/reliability/schemathesis.sh
	scripts/pg/with-cluster.sh python3 scripts/reliability/durability.py
	scripts/pg/with-cluster.sh python3 scripts/reliability/pg-restart.py
	scripts/reliability/soak.sh

## Every benchmark of docs/performance.md in one run, its tables in server/target/bench/report.md; fails when a
## budget (initial JavaScript, Lighthouse) is missed. Installs wrk (Debian) when absent; lighthouse comes via npx.
bench: build
	scripts/bench/run.sh

## The YML reader under cargo fuzz for FUZZ_S seconds (default 300), corpus seeded from server/fuzz/seeds;
## needs the nightly toolchain, installs cargo-fuzz (crates.io) when absent. Not run by CI.
FUZZ_S ?= 300
fuzz:
	command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked
	mkdir -p server/target/fuzz-corpus
	cd server && $(CARGO) +nightly fuzz run --fuzz-dir fuzz yml target/fuzz-corpus fuzz/seeds -- -max_total_time=$(FUZZ_S)

fmt:
	$(CARGO) fmt --manifest-path $(SERVER)

clean:
	rm -rf server/target web/dist web/dist-server web/node_modules
