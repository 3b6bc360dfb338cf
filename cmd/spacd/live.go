package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/api/sse"
	"github.com/spacdata/spac/api/webhooks"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/ingest/fanout"
	"github.com/spacdata/spac/ingest/market"
	"github.com/spacdata/spac/ingest/news"
	"github.com/spacdata/spac/kv"
	"github.com/spacdata/spac/webhook"
)

// live owns the parts that make the service live: the SSE hub over the persistent event log,
// the webhook delivery service, the news aggregator, and the fan-out (package fanout) that the
// pipeline's fold hook drives. Each has its own goroutines; shutdown stops them in order.
type live struct {
	env      *environment
	db       *kv.DB
	hub      *sse.Hub
	webhooks *webhook.Service
	news     *news.Aggregator
	fanout   *fanout.FanOut
	market   *market.Joiner // quotes and yields joined to served rows
	// fictional: the store serves the fixtures (fictionalStore), so their news and quotes go
	// with it; a store of real filings gets neither.
	fictional bool
	// sample and sampleCIKs are the anonymous sample (sampleOf), set once the store is
	// bootstrapped: symbols for the streams, CIKs for the API.
	sample     []string
	sampleCIKs []spac.CIK
	// reextract derives stale filings' facts again in the background (started by startLive).
	reextract backgroundReextract
	// onKey is told each key a replica's writer changed (keyChange); set once the API exists,
	// while the replica already applies the stream.
	onKey atomic.Pointer[func(spac.APIKey)]
}

// newLive builds the live parts and hooks the fan-out into the pipeline, so profiles the
// pipeline writes (at bootstrap, by ingest or by the poller) fire alerts, webhooks and news.
func newLive(ctx context.Context, env *environment, a *app) (*live, error) {
	fictional, err := a.fictionalStore(ctx, env, true)
	if err != nil {
		return nil, err
	}
	quotes, err := loadQuotes(env, fictional)
	if err != nil {
		return nil, err
	}
	l := &live{env: env, db: a.db, market: market.NewJoiner(quotes, env.now), fictional: fictional}
	a.idx.SetMarket(l.market)
	l.hub = sse.NewHub(a.db.EventLog(streamLogCap), sse.HubConfig{OnDrop: a.metrics.SubscriberDropped})
	l.webhooks = webhook.New(a.db.Webhooks(), webhook.Config{
		Timeout: env.cfg.Webhooks.Timeout, AllowPrivateTargets: env.cfg.Webhooks.AllowPrivateTargets, Logger: env.log,
		Schedule: retrySchedule(env.cfg.Webhooks.RetrySchedule), MaxPerKey: env.cfg.Webhooks.MaxPerKey,
		Workers: env.cfg.Webhooks.Workers, OnAttempt: a.metrics.WebhookAttempt,
		Active: a.delivers, Ledger: a.ledger,
	})
	l.fanout, err = fanout.New(fanout.Config{
		Store: a.db, Stream: l.hub, Webhooks: l.webhooks, Alerts: alerts.Config(env.cfg.Alerts),
		Market: l.market, Now: env.now, Logger: env.log,
	})
	if err != nil {
		return nil, fmt.Errorf("alerts config: %w", err)
	}
	if l.news, err = newAggregator(env, a, l.fanout, fictional); err != nil {
		return nil, err
	}
	l.fanout.UseNews(l.news)
	// A backfill's folds run the same hook: it records what they find and pushes nothing old.
	a.pipeline.OnFold, a.pipeline.OnHistoricalFold = l.fanout.OnFold, l.fanout.OnFold
	return l, nil
}

// retrySchedule is the configured webhook retry schedule, nil (the package default) when unset.
func retrySchedule(s []time.Duration) []time.Duration {
	if len(s) == 0 {
		return nil
	}
	return s
}

// fixtureQuotesName names the embedded quotes in citations.
const fixtureQuotesName = "fixtures/quotes.csv"

// loadQuotes opens the configured quotes file; without one, the embedded fixture quotes when
// the store serves the fixtures (fictional), else none (no prices, no yields: fictional prices
// are never joined to real SPACs).
func loadQuotes(env *environment, fictional bool) (*market.Source, error) {
	switch {
	case env.cfg.Quotes.File != "":
		return market.OpenFile(env.cfg.Quotes.File, env.log)
	case fictional:
		return market.Fixed(fixtureQuotesName, fixtures.Quotes)
	}
	return nil, nil
}

func (l *live) start(ctx context.Context) error {
	l.webhooks.Start()
	return l.news.Start(ctx)
}

// stop ends the goroutines; SSE streams are ended by the HTTP server's shutdown hook. Pending
// webhook deliveries stay in the persistent queue for the next start.
func (l *live) stop(env *environment) {
	ctx, cancel := context.WithTimeout(context.Background(), env.cfg.HTTP.ShutdownTimeout)
	defer cancel()
	l.hub.Close()
	if err := errors.Join(l.news.Shutdown(ctx), l.webhooks.Shutdown(ctx)); err != nil {
		env.log.Error("live shutdown", "err", err)
	}
}

// retire is told every key revoked or rotated (access.Keys.OnRetire), before the admin call
// answers: the key's webhooks move to its successor or are disabled (with no attempt left in
// flight), and its open streams end - at once, or when a rotation's grace ends.
func (l *live) retire(srv *api.Server) access.RetireFunc {
	return func(ctx context.Context, r access.Retirement) error {
		if _, err := l.webhooks.RetireKey(ctx, r.KeyID, r.Successor); err != nil {
			return err
		}
		srv.CloseStreams(r.KeyID, r.At)
		return nil
	}
}

// routes are the handlers of the live routes in the api route table.
func (l *live) routes() api.Live {
	kinds := make([]string, len(spac.AlertKinds))
	for i, k := range spac.AlertKinds {
		kinds[i] = string(k)
	}
	sample := sse.SampleSymbols(l.sample)
	return api.Live{
		Alerts:      l.db,
		AlertStream: l.hub.Stream(spac.TopicAlerts, sse.StreamOptions{Kinds: kinds, Sample: sample}),
		NewsStream:  l.hub.Stream(spac.TopicNews, sse.StreamOptions{Recent: 50, RecentByTime: true, Sample: sample}),
		Webhooks:    webhooks.NewHandlers(l.webhooks),
	}
}
