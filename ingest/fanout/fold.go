package fanout

import (
	"context"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/ingest/news"
	"github.com/spacdata/spac/ingest/pipeline"
)

// OnFold is the pipeline's hook (Pipeline.OnFold and OnHistoricalFold): it runs after the
// pipeline stores a profile. New filings become filing.ingested webhooks and filing-derived
// articles; alert evaluation fires alerts. A historical fold stores its articles and alerts but
// pushes nothing.
func (f *FanOut) OnFold(ctx context.Context, prev, cur spac.Profile) {
	historical := pipeline.IsHistorical(ctx)
	if prev.CIK == "" && !pipeline.IsReplay(ctx) {
		f.addToLinker(cur) // a SPAC new to the store: let news find it (a replay's is stored)
	}
	for _, ref := range newFilings(prev, cur) {
		if !historical {
			f.publishWebhook(ctx, spac.WebhookFilingIngested, ref.Accession, ref)
		}
		if art, ok := news.FromFiling(cur, f.filing(ctx, ref.Accession)); ok {
			f.storeArticle(ctx, art, historical)
		}
	}
	for _, al := range alerts.Evaluate(prev, cur, f.cfg.Alerts, f.cfg.Now().UTC(), f.cfg.Market) {
		// A backfill found the event now, however recent it is: recorded, never pushed.
		al.Historical = al.Historical || historical
		f.Fire(ctx, al)
	}
}

// Recomputed follows a refold of every SPAC (nightly, or `spacd recompute`): it fires the
// time-based alerts of the stored profiles as of now and sends the trust.recomputed webhook.
func (f *FanOut) Recomputed(ctx context.Context, refolded int, now time.Time) error {
	var profiles []spac.Profile
	err := f.cfg.Store.EachProfile(ctx, func(p spac.Profile) error {
		profiles = append(profiles, p)
		return nil
	})
	if err != nil {
		return err
	}
	for _, al := range alerts.Scan(profiles, f.cfg.Alerts, now, f.cfg.Market) {
		f.Fire(ctx, al)
	}
	at := now.Format(time.RFC3339)
	f.publishWebhook(ctx, spac.WebhookTrustRecomputed, at, spac.TrustRecomputedData{SPACs: refolded, At: at})
	return nil
}

// Fire stores an alert; a new one is streamed and sent to webhooks (its event written with it),
// unless it is historical (stored and listed, never pushed). Repeats are deduplicated by the
// store.
func (f *FanOut) Fire(ctx context.Context, al spac.Alert) {
	var event func(spac.Alert) (*spac.OutboxEvent, error)
	if !al.Historical {
		event = f.alertEvent
	}
	added, err := f.cfg.Store.PutAlertWith(ctx, al, event)
	if err != nil {
		f.cfg.Logger.Error("store alert", "id", al.ID, "err", err)
	}
	if err != nil || !added || al.Historical {
		return
	}
	f.cfg.Webhooks.Wake()
	ev, err := spac.AlertStreamEvent(al)
	if err == nil {
		_, err = f.cfg.Stream.Publish(ctx, spac.TopicAlerts, ev)
	}
	if err != nil {
		f.cfg.Logger.Error("stream alert", "id", al.ID, "err", err)
	}
}

// alertEvent is the webhook event of a stored alert, named by the alert's id.
func (f *FanOut) alertEvent(al spac.Alert) (*spac.OutboxEvent, error) {
	ev, err := f.cfg.Webhooks.NewEvent(spac.WebhookAlertEvent(al.Kind), al.ID, al)
	return &ev, err
}

// ArticleEvent is the news.published event of a stored article, named by the article's id:
// the news aggregator's Event, which the store writes with the article.
func (f *FanOut) ArticleEvent(art spac.Article) (*spac.OutboxEvent, error) {
	ev, err := f.cfg.Webhooks.NewEvent(spac.WebhookNewsPublished, art.ID, art)
	return &ev, err
}

// PushArticle pushes a new article (feed or filing-derived) on the news stream and wakes the
// webhook outbox, which holds its news.published event since the article was stored: the news
// aggregator's OnNew.
func (f *FanOut) PushArticle(art spac.Article) {
	f.cfg.Webhooks.Wake()
	ev, err := spac.ArticleStreamEvent(art)
	if err == nil {
		_, err = f.cfg.Stream.Publish(context.Background(), spac.TopicNews, ev)
	}
	if err != nil {
		f.cfg.Logger.Error("stream article", "id", art.ID, "err", err)
	}
}

// storeArticle stores a filing-derived article; a new one is pushed unless historical.
func (f *FanOut) storeArticle(ctx context.Context, art spac.Article, historical bool) {
	var err error
	switch {
	case historical:
		_, err = f.cfg.Store.PutArticle(ctx, art)
	case f.news != nil:
		_, err = f.news.Publish(ctx, art) // its Event goes with it, its OnNew pushes it
	default:
		var added bool
		if added, err = f.cfg.Store.PutArticleWith(ctx, art, f.ArticleEvent); added {
			f.PushArticle(art)
		}
	}
	if err != nil {
		f.cfg.Logger.Error("filing article", "id", art.ID, "err", err)
	}
}

// publishWebhook sends an event that no stored item carries (a filing folded, a recompute),
// named by key so that a fold told twice sends it under one id.
func (f *FanOut) publishWebhook(ctx context.Context, eventType, key string, data any) {
	ev, err := f.cfg.Webhooks.NewEvent(eventType, key, data)
	if err == nil {
		_, err = f.cfg.Webhooks.PublishEvent(ctx, ev)
	}
	if err != nil {
		f.cfg.Logger.Error("webhook publish", "type", eventType, "err", err)
	}
}

// filing is the stored filing, or one that knows only its accession when the store has none.
func (f *FanOut) filing(ctx context.Context, accession string) spac.Filing {
	fl, err := f.cfg.Store.Filing(ctx, accession)
	if err != nil {
		return spac.Filing{Accession: accession}
	}
	return fl
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
