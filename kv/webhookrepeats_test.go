package kv

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

// idCounter answers 200 and counts requests per (path, webhook-id): one path per endpoint, so
// a second request for a pair is a repeat of a delivery, not a new message.
type idCounter struct {
	mu   sync.Mutex
	seen map[string]int
}

func (c *idCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen[r.URL.Path+" "+r.Header.Get("webhook-id")]++
}

func (c *idCounter) counts() (pairs, repeats int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.seen {
		pairs++
		repeats += n - 1
	}
	return pairs, repeats
}

// TestNoDeliveryRepeatsOnTheBadgerStore is issue 25's "repeats without a crash are 0 in 7,000
// deliveries" on the store spacd runs (package webhook's test of it uses the MemStore): 70
// endpoints x 100 events through the engine at its default workers, polling every millisecond
// so polls race the lanes. Before the claimed outbox this run repeated 1,488 deliveries.
func TestNoDeliveryRepeatsOnTheBadgerStore(t *testing.T) {
	db, err := Open(t.TempDir())
	must(t, err)
	t.Cleanup(func() { db.Close() })
	rc := &idCounter{seen: map[string]int{}}
	srv := httptest.NewServer(rc)
	t.Cleanup(srv.Close)
	svc := webhook.New(db.Webhooks(), webhook.Config{AllowPrivateTargets: true, PollInterval: time.Millisecond,
		Schedule: []time.Duration{time.Millisecond}, Jitter: func(d time.Duration) time.Duration { return d }})
	svc.Start()
	ctx := context.Background()
	const endpoints, events = 70, 100
	for i := range endpoints {
		reg := webhook.Registration{URL: fmt.Sprintf("%s/ep%d", srv.URL, i), Events: []string{"*"}}
		if _, err := svc.Register(ctx, fmt.Sprintf("key-%d", i), reg); err != nil {
			t.Fatal(err)
		}
	}
	for n := range events {
		if _, err := svc.Publish(ctx, spac.WebhookNewsPublished, map[string]int{"n": n}); err != nil {
			t.Fatal(err)
		}
	}
	// The deadline is a hang guard (the run takes about 6 s), not a timing assertion.
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if pairs, _ := rc.counts(); pairs == endpoints*events {
			break
		}
	}
	must(t, svc.Shutdown(ctx))
	if pairs, repeats := rc.counts(); pairs != endpoints*events || repeats != 0 {
		t.Fatalf("%d of %d (event, endpoint) pairs delivered, %d deliveries repeated a webhook-id", pairs, endpoints*events, repeats)
	}
}
