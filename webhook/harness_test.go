package webhook

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// fastConfig retries after 1 ms (no jitter) and allows loopback receivers.
func fastConfig() Config {
	return Config{
		AllowPrivateTargets: true,
		Schedule:            []time.Duration{time.Millisecond, time.Millisecond, time.Millisecond},
		Jitter:              func(d time.Duration) time.Duration { return d },
		PollInterval:        5 * time.Millisecond,
	}
}

type harness struct {
	t     *testing.T
	svc   *Service
	store *MemStore
}

// newHarness starts a Service over a MemStore and shuts it down at the end of the test.
func newHarness(t *testing.T, cfg Config) *harness {
	store := NewMemStore()
	svc := New(store, cfg)
	svc.Start()
	t.Cleanup(func() { _ = svc.Shutdown(context.Background()) })
	return &harness{t: t, svc: svc, store: store}
}

// register registers an endpoint for the key and fails the test if it is refused.
func (h *harness) register(key, url string, events ...string) spac.WebhookEndpoint {
	h.t.Helper()
	e, err := h.svc.Register(context.Background(), key, Registration{URL: url, Events: events})
	if err != nil {
		h.t.Fatalf("register %s %v: %v", url, events, err)
	}
	return e
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
}

// receiver is an httptest server answering with the next status of statuses (the last one
// repeats) and reporting each request on got.
type receiver struct {
	*httptest.Server
	got chan received
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	rc := &receiver{got: make(chan received, 100)}
	var mu sync.Mutex
	n := 0
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		status := statuses[min(n, len(statuses)-1)]
		n++
		mu.Unlock()
		rc.got <- received{header: r.Header.Clone(), body: body}
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

// eventually polls cond until it holds. The deadline is a hang guard, not a timing assertion.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("never: %s", what)
}

// deliveriesOf returns the endpoint's deliveries from the store.
func (h *harness) deliveriesOf(id string) []spac.WebhookDelivery {
	ds, _ := h.store.Deliveries(context.Background(), id)
	return ds
}
