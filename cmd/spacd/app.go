package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
	"github.com/spacdata/spac/metrics"
)

// app holds the opened adapters. Close releases them in reverse order.
type app struct {
	db       *kv.DB
	idx      *index.Index
	pipeline *pipeline.Pipeline
	metrics  *metrics.Metrics // nil unless serve runs with metrics.addr
	// limits are the rate-limit counters a cluster's nodes share (natsjs.Counters); nil in
	// a single process, whose Guard counts in memory over the store.
	limits spac.CounterStore
	// delivers says whether this node delivers webhooks now (the holder of the cluster's
	// delivery lease); nil: always (a single process). ledger is the cluster's record of
	// deliveries done, so the node taking over sends none again; nil in a single process.
	delivers func() bool
	ledger   spac.WebhookLedger
	// early answers 503 on a replica's address while it catches up (nil elsewhere); the
	// replica names its position to it.
	early *earlyListener
}

// openApp opens the Badger store and the Bleve index below the data directory.
func openApp(env *environment) (*app, error) {
	dir := env.cfg.DataDir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	// A writer's store journals every change of served data for its replicas (docs/operating.md, "Cluster").
	db, err := kv.Open(filepath.Join(dir, "kv"), kv.WithJournal(env.cfg.Cluster.Role == config.RoleWriter))
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	idx, err := index.Open(filepath.Join(dir, "index"))
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open index: %w", err)
	}
	p := &pipeline.Pipeline{Store: db, Index: idx, Log: env.log, Extractor: extractor}
	return &app{db: db, idx: idx, pipeline: p}, nil
}

func (a *app) Close() error {
	return errors.Join(a.idx.Close(), a.db.Close())
}

// bootstrap makes a fresh data directory usable: it ingests the embedded fixtures when the
// store holds no filing, and rebuilds the index when it is empty but the store is not (e.g.
// the index directory was deleted). It first completes what a killed process left undone:
// filings stored but not folded, profile changes whose hooks did not run.
func (a *app) bootstrap(ctx context.Context, env *environment) error {
	if n, err := a.pipeline.FoldPending(ctx); err != nil {
		return fmt.Errorf("fold pending filings: %w", err)
	} else if n > 0 {
		env.log.Info("folded filings a previous run stored but did not fold", "spacs", n)
	}
	empty, err := a.storeEmpty(ctx)
	if err != nil {
		return err
	}
	unfinished, err := a.fixtureBuildUnfinished(ctx, env, empty)
	if err != nil {
		return err
	}
	if (empty || unfinished) && env.cfg.Fixtures {
		corpus, err := fs.Sub(fixtures.Corpus, ".")
		if err != nil {
			return err
		}
		if err := a.db.SaveState(ctx, stateFixturesBuilding, []byte("1")); err != nil {
			return err
		}
		sum, err := a.pipeline.IngestFS(ctx, corpus, ".")
		if err != nil {
			return fmt.Errorf("ingest fixtures: %w", err)
		}
		if err := a.db.DeleteState(ctx, stateFixturesBuilding); err != nil {
			return err
		}
		env.log.Info("built from embedded fixtures", "filings", sum.Filings, "spacs", sum.SPACs, "skipped", len(sum.Errors), "took", sum.Duration.String(), "resumed", unfinished)
		return nil
	}
	n, err := a.idx.Count(ctx)
	if err != nil {
		return err
	}
	if n == 0 && !empty {
		spacs, err := a.pipeline.Rebuild(ctx)
		env.log.Info("index was empty; rebuilt from the store", "spacs", spacs)
		return err
	}
	return nil
}

// stateFixturesBuilding marks a store whose fixture build started and has not ended.
const stateFixturesBuilding = "fixtures/building"

// fixtureBuildUnfinished reports whether a previous run died while building the fixture store
// (the mark is still there): the build runs again, and stores only what it had not (a filing
// stored again unchanged writes nothing). Without it a writer killed early in its build served,
// and published, a part of the fixtures for good. A store built otherwise has no mark.
func (a *app) fixtureBuildUnfinished(ctx context.Context, env *environment, empty bool) (bool, error) {
	if empty || !env.cfg.Fixtures {
		return false, nil
	}
	st, err := a.db.LoadState(ctx, stateFixturesBuilding)
	return len(st) > 0, err
}

func (a *app) storeEmpty(ctx context.Context) (bool, error) {
	empty := true
	errStop := errors.New("stop")
	err := a.db.EachCIK(ctx, func(spac.CIK) error { empty = false; return errStop })
	if err != nil && !errors.Is(err, errStop) {
		return false, err
	}
	return empty, nil
}
