package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// countingReceiver answers 200 and counts requests per webhook-id, per path (one path per
// endpoint), so a test can tell a repeat from a new message.
type countingReceiver struct {
	*httptest.Server
	mu    sync.Mutex
	seen  map[string]int // path + " " + webhook-id -> requests
	order map[string][]int
	total atomic.Int64
}

func newCountingReceiver(t *testing.T) *countingReceiver {
	rc := &countingReceiver{seen: map[string]int{}, order: map[string][]int{}}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Data struct{ N int } `json:"data"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		rc.mu.Lock()
		rc.seen[r.URL.Path+" "+r.Header.Get("webhook-id")]++
		rc.order[r.URL.Path] = append(rc.order[r.URL.Path], body.Data.N)
		rc.mu.Unlock()
		rc.total.Add(1)
	}))
	t.Cleanup(rc.Close)
	return rc
}

// repeats returns how many requests repeated a (path, webhook-id) pair already received.
func (rc *countingReceiver) repeats() (pairs, repeats int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, n := range rc.seen {
		pairs++
		repeats += n - 1
	}
	return pairs, repeats
}

// TestNoDeliveryRepeatsWithoutACrash: the audit counted 10 % of deliveries POSTed twice with no
// crash at all, because a lane worked from a due list read before another lane had delivered
// the same deliveries. Every delivery is now claimed, and so re-read, before its attempt.
func TestNoDeliveryRepeatsWithoutACrash(t *testing.T) {
	cfg := fastConfig()
	cfg.PollInterval = time.Millisecond // many polls racing the lanes, as under load
	cfg.Workers = 2                     // as many as the client keeps idle connections to one host
	h := newHarness(t, cfg)
	rc := newCountingReceiver(t)
	const endpoints, events = 20, 100
	for i := range endpoints {
		h.register(fmt.Sprintf("key-%d", i), fmt.Sprintf("%s/ep%d", rc.URL, i), "*")
	}
	for n := range events {
		if _, err := h.svc.Publish(context.Background(), spac.WebhookNewsPublished, map[string]int{"n": n}); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "every pair delivered", func() bool {
		pairs, _ := rc.repeats()
		return pairs == endpoints*events
	})
	if err := h.svc.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if pairs, repeats := rc.repeats(); repeats != 0 {
		t.Fatalf("%d of %d deliveries repeated a webhook-id without a crash", repeats, pairs+repeats)
	}
}

// TestDeliveriesOfAnEndpointGoInOrder: one endpoint's deliveries are attempted one at a time,
// in the order their events were published.
func TestDeliveriesOfAnEndpointGoInOrder(t *testing.T) {
	h := newHarness(t, fastConfig())
	rc := newCountingReceiver(t)
	h.register("key-a", rc.URL+"/a", "*")
	const events = 200
	for n := range events {
		if _, err := h.svc.Publish(context.Background(), spac.WebhookNewsPublished, map[string]int{"n": n}); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "every event delivered", func() bool { return rc.total.Load() == events })
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for i, n := range rc.order["/a"] {
		if n != i {
			t.Fatalf("delivery %d carried event %d: out of order (%v)", i, n, rc.order["/a"][:i+1])
		}
	}
}

// gateSender blocks every attempt until the test releases one, and records the most attempts
// it ever held at once.
type gateSender struct {
	release  chan struct{}
	inFlight atomic.Int64
	most     atomic.Int64
	done     atomic.Int64
}

func (g *gateSender) send(ctx context.Context, _ spac.WebhookEndpoint, _ spac.WebhookDelivery, _ time.Time) (int, error) {
	n := g.inFlight.Add(1)
	for m := g.most.Load(); n > m && !g.most.CompareAndSwap(m, n); m = g.most.Load() {
	}
	defer g.done.Add(1)
	defer g.inFlight.Add(-1)
	select {
	case <-g.release:
		return 200, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// TestWorkersBoundAttemptsInFlight: webhooks.workers was parsed and never read - every endpoint
// with due deliveries had its own goroutine. At most Workers attempts are now in flight, and
// every delivery still goes out.
func TestWorkersBoundAttemptsInFlight(t *testing.T) {
	cfg := fastConfig()
	cfg.Workers = 2
	store := NewMemStore()
	svc := New(store, cfg)
	gate := &gateSender{release: make(chan struct{})}
	svc.send = gate
	const endpoints = 8
	for i := range endpoints {
		if _, err := svc.Register(context.Background(), fmt.Sprintf("key-%d", i), Registration{URL: "https://example.com/h", Events: []string{"*"}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Publish(context.Background(), spac.WebhookNewsPublished, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	svc.Start()
	defer svc.Shutdown(context.Background())
	for i := range endpoints {
		eventually(t, "an attempt waiting", func() bool { return gate.inFlight.Load() > 0 })
		gate.release <- struct{}{}
		eventually(t, "the attempt done", func() bool { return gate.done.Load() == int64(i+1) })
	}
	if most := gate.most.Load(); most > 2 {
		t.Fatalf("%d attempts in flight at once with 2 workers", most)
	}
}

// TestAnEventIDIsExpandedOnce: publishing the same event twice (a hook told a change again
// after a crash) queues it once per endpoint; the receiver sees one webhook-id, once.
func TestAnEventIDIsExpandedOnce(t *testing.T) {
	h := newHarness(t, fastConfig())
	rc := newCountingReceiver(t)
	h.register("key-a", rc.URL+"/a", "*")
	ctx := context.Background()
	first, err := h.svc.NewEvent(spac.WebhookFilingIngested, "0000000001-25-000001", map[string]int{"n": 1})
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.svc.NewEvent(spac.WebhookFilingIngested, "0000000001-25-000001", map[string]int{"n": 1})
	if err != nil || again.ID != first.ID {
		t.Fatalf("the same event built twice has ids %s and %s (%v)", first.ID, again.ID, err)
	}
	if n, err := h.svc.PublishEvent(ctx, first); n != 1 || err != nil {
		t.Fatalf("first publication queued %d (%v)", n, err)
	}
	if n, err := h.svc.PublishEvent(ctx, again); n != 0 || err != nil {
		t.Fatalf("second publication queued %d (%v), want 0", n, err)
	}
	eventually(t, "delivered", func() bool { return rc.total.Load() >= 1 })
	if err := h.svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if pairs, repeats := rc.repeats(); pairs != 1 || repeats != 0 {
		t.Fatalf("%d pairs, %d repeats", pairs, repeats)
	}
}

// TestClaimRereadsTheDelivery: a delivery is claimed once; a second claim of the same due
// delivery (a stale due list) gets nothing, and a delivery of a disabled endpoint is failed
// by its claim instead of attempted.
func TestClaimRereadsTheDelivery(t *testing.T) {
	ctx := context.Background()
	store := NewMemStore()
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, e := range []spac.WebhookEndpoint{{ID: "on", Events: []string{"*"}}, {ID: "off", Events: []string{"*"}}} {
		if err := store.PutEndpoint(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	ev := spac.OutboxEvent{ID: "msg_1", Type: spac.WebhookNewsPublished, Payload: []byte(`{}`), CreatedAt: now}
	if n, err := store.Expand(ctx, ev, []string{"on", "off"}); n != 2 || err != nil {
		t.Fatalf("expand: %d %v", n, err)
	}
	off, _ := store.Endpoint(ctx, "off")
	off.DisabledAt = &now
	_ = store.PutEndpoint(ctx, off)
	id := spac.WebhookDeliveryID("msg_1", "on")
	if _, _, ok, err := store.Claim(ctx, id, now, now.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("first claim: %v %v", ok, err)
	}
	if _, _, ok, _ := store.Claim(ctx, id, now, now.Add(time.Minute)); ok {
		t.Fatal("a delivery was claimed twice")
	}
	d, _, ok, _ := store.Claim(ctx, spac.WebhookDeliveryID("msg_1", "off"), now, now.Add(time.Minute))
	if ok || d.Status != spac.DeliveryFailed || !failedAtClaim(d, now) {
		t.Fatalf("claim of a disabled endpoint's delivery: ok %v, %+v", ok, d)
	}
}
