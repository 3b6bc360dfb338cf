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
type memStore struct {
	*news.MemStore
	mu       sync.Mutex
	alerts   map[string]spac.Alert
	filings  map[string]spac.Filing
	profiles []spac.Profile
}

func newMemStore() *memStore {
	return &memStore{MemStore: news.NewMemStore(), alerts: map[string]spac.Alert{}, filings: map[string]spac.Filing{}}
}

func (s *memStore) PutAlert(_ context.Context, a spac.Alert) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.alerts[a.ID]; dup {
		return false, nil
	}
	s.alerts[a.ID] = a
	return true, nil
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
	Type string
	Data json.RawMessage
}

type memWebhooks struct {
	mu     sync.Mutex
	events []queued
}

func (w *memWebhooks) Publish(_ context.Context, eventType string, data any) (int, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return 0, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.events = append(w.events, queued{eventType, raw})
	return 1, nil
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
	r := &rig{store: newMemStore(), stream: &memStream{}, webhooks: &memWebhooks{}, clock: &clock{t: now}}
	f, err := New(Config{Store: r.store, Stream: r.stream, Webhooks: r.webhooks, Alerts: alerts.DefaultConfig(), Now: r.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	var feeds []news.Feed
	if feed != nil {
		feeds = []news.Feed{{Name: "wire", Data: feed}}
	}
	r.news, err = news.NewAggregator(news.Options{Feeds: feeds, Store: r.store.MemStore, Linker: news.NewLinker(nil), OnNew: f.PushArticle, Now: r.clock.now})
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
