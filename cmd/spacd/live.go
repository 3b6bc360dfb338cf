package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/api/sse"
	"github.com/spacdata/spac/api/webhooks"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/ingest/market"
	"github.com/spacdata/spac/ingest/news"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
)

// live owns the parts that make the service live: the SSE hub over the persistent event log,
// the webhook delivery service, the news aggregator and the alert evaluation hook. Each has
// its own goroutines; shutdown stops them in order.
type live struct {
	env      *environment
	db       *kv.DB
	hub      *sse.Hub
	webhooks *webhooks.Service
	news     *news.Aggregator
	alertCfg alerts.Config
	market   *market.Joiner // quotes and yields joined to served rows
	sample   []string

	mu       sync.Mutex
	entities []news.Entity // the news linker's universe
}

// newLive builds the live parts and hooks alert evaluation into the pipeline, so profiles the
// pipeline writes (at bootstrap, by ingest or by the poller) fire alerts, webhooks and news.
func newLive(env *environment, a *app) (*live, error) {
	quotes, err := loadQuotes(env)
	if err != nil {
		return nil, err
	}
	cfg := alerts.Config(env.cfg.Alerts)
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("alerts config: %w", err)
	}
	l := &live{env: env, db: a.db, alertCfg: cfg, market: market.NewJoiner(quotes, env.now), sample: sampleSymbols(env)}
	a.idx.SetMarket(l.market)
	l.hub = sse.NewHub(a.db.EventLog(10000), sse.HubConfig{OnDrop: a.metrics.SubscriberDropped})
	l.webhooks = webhooks.New(a.db.Webhooks(), webhooks.Config{
		Timeout: env.cfg.Webhooks.Timeout, AllowPrivateTargets: env.cfg.Webhooks.AllowPrivateTargets, Logger: env.log,
		Schedule: retrySchedule(env.cfg.Webhooks.RetrySchedule), MaxPerKey: env.cfg.Webhooks.MaxPerKey,
		OnAttempt: a.metrics.WebhookAttempt,
	})
	if l.news, err = newAggregator(env, a, l); err != nil {
		return nil, err
	}
	// A backfill's folds run the same hook: it records what they find and pushes nothing old.
	a.pipeline.OnFold, a.pipeline.OnHistoricalFold = l.onFold, l.onFold
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
// the service runs on fixtures, else none (no prices, no yields: fictional prices are never
// joined to real SPACs).
func loadQuotes(env *environment) (*market.Source, error) {
	switch {
	case env.cfg.Quotes.File != "":
		return market.OpenFile(env.cfg.Quotes.File, env.log)
	case env.cfg.Fixtures:
		return market.Fixed(fixtureQuotesName, fixtures.Quotes)
	}
	return nil, nil
}

func sampleSymbols(env *environment) []string {
	if s := env.cfg.Access.SampleSymbols; len(s) > 0 {
		return s
	}
	return fixtures.SampleSymbols
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

// routes are the handlers of the live routes in the api route table.
func (l *live) routes() api.Live {
	kinds := make([]string, len(spac.AlertKinds))
	for i, k := range spac.AlertKinds {
		kinds[i] = string(k)
	}
	sample := sse.SampleSymbols(l.sample)
	return api.Live{
		Alerts:      l.db,
		AlertStream: l.hub.Stream(sse.TopicAlerts, sse.StreamOptions{Kinds: kinds, Sample: sample}),
		NewsStream:  l.hub.Stream(sse.TopicNews, sse.StreamOptions{Recent: 50, RecentByTime: true, Sample: sample}),
		Webhooks:    l.webhooks,
	}
}

// onFold runs after the pipeline stores a profile: new filings become filing.ingested
// webhooks and filing-derived articles; alert evaluation fires alerts. A historical fold (a
// backfill, pipeline.WithHistorical) stores its articles and alerts but pushes nothing: old
// filings are no news.
func (l *live) onFold(ctx context.Context, prev, cur spac.Profile) {
	historical := pipeline.IsHistorical(ctx)
	if prev.CIK == "" {
		l.addToLinker(cur) // a SPAC new to the store: let news find it
	}
	for _, f := range newFilings(prev, cur) {
		if !historical {
			l.publishWebhook(ctx, webhooks.EventFilingIngested, f)
		}
		if art, ok := news.FromFiling(cur, l.filing(ctx, f.Accession)); ok {
			l.storeArticle(ctx, art, historical)
		}
	}
	for _, al := range alerts.Evaluate(prev, cur, l.alertCfg, l.env.now().UTC(), l.market) {
		// A backfill found the event now, however recent it is: recorded, never pushed.
		al.Historical = al.Historical || historical
		l.fire(ctx, al)
	}
}

// storeArticle stores a filing-derived article; a new one is pushed (news stream and
// news.published webhooks) unless historical.
func (l *live) storeArticle(ctx context.Context, art spac.Article, historical bool) {
	var err error
	if historical {
		_, err = l.db.PutArticle(ctx, art)
	} else {
		_, err = l.news.Publish(ctx, art) // its OnNew pushes it
	}
	if err != nil {
		l.env.log.Error("filing article", "id", art.ID, "err", err)
	}
}

// fire stores an alert; a new one is streamed and sent to webhooks, unless it is historical
// (its event older than the alert window: stored and listed, never pushed). Repeats are
// deduplicated by the store, so re-evaluation never fires twice.
func (l *live) fire(ctx context.Context, al spac.Alert) {
	added, err := l.db.PutAlert(ctx, al)
	if err != nil || !added {
		if err != nil {
			l.env.log.Error("store alert", "id", al.ID, "err", err)
		}
		return
	}
	if al.Historical {
		return
	}
	if ev, err := sse.AlertEvent(al); err == nil {
		_, err = l.hub.Publish(ctx, sse.TopicAlerts, ev)
		if err != nil {
			l.env.log.Error("stream alert", "id", al.ID, "err", err)
		}
	}
	l.publishWebhook(ctx, webhooks.AlertEvent(al.Kind), al)
}

func (l *live) publishWebhook(ctx context.Context, eventType string, data any) {
	if _, err := l.webhooks.Publish(ctx, eventType, data); err != nil {
		l.env.log.Error("webhook publish", "type", eventType, "err", err)
	}
}

func (l *live) filing(ctx context.Context, accession string) spac.Filing {
	f, err := l.db.Filing(ctx, accession)
	if err != nil {
		return spac.Filing{Accession: accession}
	}
	return f
}

// newFilings are the filings in cur that prev did not list.
func newFilings(prev, cur spac.Profile) []spac.FilingRef {
	seen := make(map[string]bool, len(prev.Filings))
	for _, f := range prev.Filings {
		seen[f.Accession] = true
	}
	var out []spac.FilingRef
	for _, f := range cur.Filings {
		if !seen[f.Accession] {
			out = append(out, f)
		}
	}
	return out
}
