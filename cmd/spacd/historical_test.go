package main

import (
	"context"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/pipeline"
)

// TestHistoricalIsRecordedNotPushed: what a first build, a rebuild or a backfill finds is
// stored and listed, but only news reaches the streams and webhooks.
//   - First build (the fixture world): every alert whose event is older than the window is
//     historical and absent from the alert stream's log; the others are in it.
//   - A backfill (pipeline.WithHistorical) of a new SPAC stores its profile, alerts and filing
//     articles, and pushes nothing: no stream event, no webhook delivery.
//   - The same SPAC's filings found live (the poller) are news: filing.ingested webhooks and
//     articles are pushed; its years-old IPO is still recorded as historical.
func TestHistoricalIsRecordedNotPushed(t *testing.T) {
	t.Parallel()
	w := newFixtureWorld(t)
	ctx := context.Background()
	log := w.app.db.EventLog(10000)
	streamed := map[string]bool{}
	for _, ev := range logged(t, log, spac.TopicAlerts) {
		streamed[ev.alert(t).ID] = true
	}
	pushed := 0
	for _, a := range w.alerts {
		if streamed[a.ID] == a.Historical {
			t.Errorf("%s %s on %s: historical %v, in the alert stream %v", a.Symbol, a.Kind, a.OccurredAt, a.Historical, streamed[a.ID])
		}
		if !a.Historical {
			pushed++
		}
	}
	if pushed == 0 || pushed == len(w.alerts) {
		t.Errorf("%d of %d alerts pushed at the first build, want some (the last 30 days and ahead) but not all", pushed, len(w.alerts))
	}

	ep := spac.WebhookEndpoint{ID: "wh_hist", URL: "http://127.0.0.1:9/hook", Events: []string{"alert.*", "news.published", "filing.ingested"}, Secret: "whsec_dGVzdA==", CreatedAt: w.now}
	if err := w.app.db.Webhooks().PutEndpoint(ctx, ep); err != nil {
		t.Fatal(err)
	}
	spacs := generateNewSPACs(t, 30)
	backfilled, live := spacs[0], spacs[1]
	before := len(logged(t, log, spac.TopicNews)) + len(logged(t, log, spac.TopicAlerts))
	ingestNew(pipeline.WithHistorical(ctx), t, w, backfilled)
	alerts, articles := recorded(t, w, backfilled)
	if len(alerts) == 0 || len(articles) == 0 {
		t.Fatalf("backfill of %s: %d alerts, %d articles recorded, want some of each", backfilled.entry.Symbol, len(alerts), len(articles))
	}
	if after := len(logged(t, log, spac.TopicNews)) + len(logged(t, log, spac.TopicAlerts)); after != before {
		t.Errorf("a backfill pushed %d stream events", after-before)
	}
	if n := deliveries(t, w, ep.ID); n != 0 {
		t.Errorf("a backfill queued %d webhook deliveries", n)
	}

	ingestNew(ctx, t, w, live)
	alerts, articles = recorded(t, w, live)
	for _, a := range alerts {
		if a.Kind == spac.AlertNewIPO && !a.Historical {
			t.Errorf("%s: its IPO on %s, found on %s, is not historical", live.entry.Symbol, a.OccurredAt, w.now.Format(time.DateOnly))
		}
	}
	if n := deliveries(t, w, ep.ID); n < len(live.files)+len(articles) {
		t.Errorf("live ingest of %s: %d deliveries, want at least a filing.ingested per filing (%d) and a news.published per article (%d)",
			live.entry.Symbol, n, len(live.files), len(articles))
	}
}

func logged(t *testing.T, log spac.StreamLog, topic string) []sseEvent {
	t.Helper()
	evs, err := log.Since(context.Background(), topic, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]sseEvent, len(evs))
	for i, ev := range evs {
		out[i] = sseEvent{ID: ev.ID, Type: ev.Type, Data: ev.Data}
	}
	return out
}

func ingestNew(ctx context.Context, t *testing.T, w *fixtureWorld, s newSPAC) {
	t.Helper()
	var inputs []pipeline.Input
	for _, f := range s.files {
		inputs = append(inputs, pipeline.Input{Name: f.Path, Data: f.data})
	}
	if _, err := w.app.pipeline.IngestInputs(ctx, inputs); err != nil {
		t.Fatal(err)
	}
}

// recorded returns the alerts and articles stored about s.
func recorded(t *testing.T, w *fixtureWorld, s newSPAC) ([]spac.Alert, []spac.Article) {
	t.Helper()
	ctx := context.Background()
	ciks := []spac.CIK{spac.CIK(s.entry.CIK)}
	alerts, err := w.app.db.Alerts(ctx, spac.AlertQuery{CIKs: ciks})
	if err != nil {
		t.Fatal(err)
	}
	articles, err := w.app.db.Articles(ctx, spac.ArticleQuery{CIKs: ciks, Source: "filing"})
	if err != nil {
		t.Fatal(err)
	}
	return alerts, articles
}

func deliveries(t *testing.T, w *fixtureWorld, endpointID string) int {
	t.Helper()
	ds, err := w.app.db.Webhooks().Deliveries(context.Background(), endpointID)
	if err != nil {
		t.Fatal(err)
	}
	return len(ds)
}
