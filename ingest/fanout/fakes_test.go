package fanout

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/ingest/news"
)

// memStore is the in-memory Store: alerts deduplicated by id as the Badger store does; articles
// in a news.MemStore, which the news aggregator of the rig shares, as it shares Badger in serve.
// The events written with alerts and articles go to the fake webhook queue's outbox, in one
// sequence with those the fan-out publishes itself.
type memStore struct {
	*news.MemStore
	outbox   *memWebhooks
	mu       sync.Mutex
	alerts   map[string]spac.Alert
	filings  map[string]spac.Filing
	profiles []spac.Profile
}

func newMemStore(outbox *memWebhooks) *memStore {
	return &memStore{MemStore: news.NewMemStore(), outbox: outbox, alerts: map[string]spac.Alert{}, filings: map[string]spac.Filing{}}
}

func (s *memStore) PutAlertWith(_ context.Context, a spac.Alert, event func(spac.Alert) (*spac.OutboxEvent, error)) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.alerts[a.ID]; dup {
		return false, nil
	}
	s.alerts[a.ID] = a
	return true, write(s.outbox, a, event)
}

func (s *memStore) PutArticleWith(ctx context.Context, a spac.Article, event func(spac.Article) (*spac.OutboxEvent, error)) (bool, error) {
	added, err := s.PutArticle(ctx, a)
	if err != nil || !added {
		return added, err
	}
	stored, err := s.ArticleByID(ctx, a.ID)
	if err != nil {
		return true, err
	}
	return true, write(s.outbox, stored, event)
}

func (s *memStore) Filing(_ context.Context, accession string) (spac.Filing, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.filings[accession]
	if !ok {
		return spac.Filing{}, spac.ErrNotFound
	}
	return f, nil
}

func (s *memStore) EachProfile(_ context.Context, fn func(spac.Profile) error) error {
	s.mu.Lock()
	profiles := append([]spac.Profile(nil), s.profiles...)
	s.mu.Unlock()
	for _, p := range profiles {
		if err := fn(p); err != nil {
			return err
		}
	}
	return nil
}

func (s *memStore) storedAlerts() []spac.Alert {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []spac.Alert
	for _, a := range s.alerts {
		out = append(out, a)
	}
	return out
}

// published is one event given to the fake stream.
type published struct {
	Topic string
	Event spac.StreamEvent
}

// memStream records what is published, assigning ids as the stream log does.
type memStream struct {
	mu     sync.Mutex
	events []published
}

func (s *memStream) Publish(_ context.Context, topic string, ev spac.StreamEvent) (spac.StreamEvent, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ev.ID = uint64(len(s.events) + 1)
	s.events = append(s.events, published{topic, ev})
	return ev, nil
}

func (s *memStream) all() []published {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]published(nil), s.events...)
}

// queued is one event given to the fake webhook queue, its data as the JSON body would carry it.
type queued struct {
	ID   string
	Type string
	Data json.RawMessage
}

// memWebhooks is the webhook outbox: every event written, in order, whichever way.
type memWebhooks struct {
	mu     sync.Mutex
	events []queued
}

// NewEvent makes the id from the type and key, as the webhook engine does (a fresh one for an
// empty key); the payload is the data alone.
func (w *memWebhooks) NewEvent(eventType, key string, data any) (spac.OutboxEvent, error) {
	raw, err := json.Marshal(data)
	id := eventType + "/" + key
	if key == "" {
		id = eventType + "/" + time.Now().String()
	}
	return spac.OutboxEvent{ID: id, Type: eventType, Payload: raw, CreatedAt: time.Now()}, err
}

func (w *memWebhooks) PublishEvent(_ context.Context, ev spac.OutboxEvent) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.events = append(w.events, queued{ev.ID, ev.Type, ev.Payload})
	return 1, nil
}

func (w *memWebhooks) Wake() {}

// write records the event build makes of item, as a store writing it with the item does.
func write[T any](w *memWebhooks, item T, build func(T) (*spac.OutboxEvent, error)) error {
	if build == nil {
		return nil
	}
	ev, err := build(item)
	if err != nil || ev == nil {
		return err
	}
	_, err = w.PublishEvent(context.Background(), *ev)
	return err
}

func (w *memWebhooks) types() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, e := range w.events {
		out = append(out, e.Type)
	}
	return out
}

// clock is the injected clock: tests move it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// rig is a FanOut over the fakes and a real news aggregator on the shared article store, wired
// as cmd/spacd wires it.
type rig struct {
	f        *FanOut
	store    *memStore
	stream   *memStream
	webhooks *memWebhooks
	news     *news.Aggregator
	clock    *clock
}

func newRig(t *testing.T, feed []byte, now time.Time) *rig {
	t.Helper()
	r := &rig{stream: &memStream{}, webhooks: &memWebhooks{}, clock: &clock{t: now}}
	r.store = newMemStore(r.webhooks)
	f, err := New(Config{Store: r.store, Stream: r.stream, Webhooks: r.webhooks, Alerts: alerts.DefaultConfig(), Now: r.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	var feeds []news.Feed
	if feed != nil {
		feeds = []news.Feed{{Name: "wire", Data: feed}}
	}
	r.news, err = news.NewAggregator(news.Options{Feeds: feeds, Store: r.store, Linker: news.NewLinker(nil), OnNew: f.PushArticle, Event: f.ArticleEvent, Now: r.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	f.UseNews(r.news)
	r.f = f
	return r
}

// topics are the topics of the published events, in order (a readable failure message).
func (s *memStream) topics() []string {
	var out []string
	for _, p := range s.all() {
		out = append(out, p.Topic)
	}
	return out
}
