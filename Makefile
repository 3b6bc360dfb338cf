# Developer shortcuts. CI runs .ci/run, which calls the same commands.
GO ?= go
PKG_RACE = ./kv/... ./natsjs/... ./ingest/pipeline/... ./ingest/poll/... ./ingest/news/... ./api/... ./cmd/...

.PHONY: run test lint bench golden fixtures load

run: ## serve the embedded fixtures on :8080 (with the commit in /health)
	$(GO) run -ldflags "-X main.commit=$$(git rev-parse --short HEAD 2>/dev/null)" ./cmd/spacd serve

test: ## the README's test command
	$(GO) test ./...

lint: ## formatting, vet and the race detector
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) test -race $(PKG_RACE)
	$(GO) test -race -short ./ingest/backfill/...

bench: ## micro-benchmarks (figures go in docs/benchmarks.md as ratios)
	$(GO) test -run '^$$' -bench . -benchtime 3x ./ingest/... ./index/... ./api/...

golden: ## regenerate golden files under testdata/
	$(GO) test ./api ./fixtures/gen ./ingest ./ingest/fold -update

fixtures: ## regenerate the committed fixture corpus
	$(GO) generate ./fixtures

load: ## wrk load test against a generated 2,000-SPAC corpus
	./scripts/load.sh
