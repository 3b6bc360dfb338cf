// Package fanout makes the service live: after the pipeline stores a profile, it turns what
// changed into filing.ingested webhooks, filing-derived articles and alerts, stores them, and
// pushes the new ones on the live streams and to webhooks. A historical fold (a backfill,
// pipeline.WithHistorical) is stored but never pushed: old filings are no news.
//
// It speaks the root vocabulary and takes its collaborators as interfaces - the store, the
// stream hub, the webhook queue, the news aggregator and a clock - so cmd/spacd wires in Badger,
// the SSE hub and the webhook engine, and the tests wire in-memory fakes.
package fanout

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/ingest/news"
)

// Store is what the fan-out records: alerts and articles (both deduplicated by id, so a
// re-evaluation never fires twice), and the filings and profiles it reads. PutAlertWith and
// PutArticleWith store a new item and the webhook event event builds from it (when not nil) in
// one transaction, so an alert or article is never stored without its event (kv.DB).
type Store interface {
	PutAlertWith(ctx context.Context, a spac.Alert, event func(spac.Alert) (*spac.OutboxEvent, error)) (added bool, err error)
	PutArticle(ctx context.Context, a spac.Article) (added bool, err error)
	PutArticleWith(ctx context.Context, a spac.Article, event func(spac.Article) (*spac.OutboxEvent, error)) (added bool, err error)
	Filing(ctx context.Context, accession string) (spac.Filing, error)
	EachProfile(ctx context.Context, fn func(spac.Profile) error) error
}

// Stream publishes an event to a live stream's replay log and subscribers (sse.Hub).
type Stream interface {
	Publish(ctx context.Context, topic string, ev spac.StreamEvent) (spac.StreamEvent, error)
}

// Webhooks is the webhook engine's outbox. NewEvent builds an event whose id derives from
// eventType and key, so a change told twice (after a crash) gives the same webhook-id;
// PublishEvent writes an event that no stored item carries and queues it; Wake says a store
// wrote events with their items.
type Webhooks interface {
	NewEvent(eventType, key string, data any) (spac.OutboxEvent, error)
	PublishEvent(ctx context.Context, ev spac.OutboxEvent) (queued int, err error)
	Wake()
}

// News is the news aggregator (news.Aggregator): Publish stores a filing-derived article (with
// its webhook event, FanOut.ArticleEvent, the aggregator's Event) and, when it is new, hands it
// to FanOut.PushArticle through the aggregator's OnNew, in turn with the feed articles it
// polls; SetLinker replaces the SPAC universe it links articles to.
type News interface {
	Publish(ctx context.Context, art spac.Article) (added bool, err error)
	SetLinker(l *news.Linker)
}

// Config holds the collaborators. Store, Stream and Webhooks are required.
type Config struct {
	Store    Store
	Stream   Stream
	Webhooks Webhooks
	Alerts   alerts.Config
	Market   spac.Market      // quotes and yields for the YTM alert; nil: none
	Now      func() time.Time // the clock alert windows are measured on; default time.Now
	Logger   *slog.Logger     // default slog.Default()
}

// FanOut is safe for concurrent use once UseNews has been called.
type FanOut struct {
	cfg  Config
	news News

	mu       sync.Mutex
	entities []news.Entity // the news linker's universe
}

// New checks the configuration and fills in the defaults.
func New(cfg Config) (*FanOut, error) {
	if cfg.Store == nil || cfg.Stream == nil || cfg.Webhooks == nil {
		return nil, errors.New("fanout: Store, Stream and Webhooks are required")
	}
	if err := cfg.Alerts.Validate(); err != nil {
		return nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &FanOut{cfg: cfg}, nil
}

// UseNews attaches the news aggregator, which is built after the fan-out because its OnNew is
// f.PushArticle. Without one, filing articles are stored and pushed directly.
func (f *FanOut) UseNews(n News) { f.news = n }
