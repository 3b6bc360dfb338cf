package webhook

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// pathCounter counts requests per path; a request to a path in hold waits until the test
// releases it or the client gives up.
type pathCounter struct {
	*httptest.Server
	mu      sync.Mutex
	counts  map[string]int
	arrived chan string
}

func newPathCounter(t *testing.T, hold string) *pathCounter {
	pc := &pathCounter{counts: map[string]int{}, arrived: make(chan string, 1000)}
	pc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body) // only then does the server watch the connection for a hang-up
		pc.mu.Lock()
		pc.counts[r.URL.Path]++
		pc.mu.Unlock()
		select {
		case pc.arrived <- r.URL.Path:
		default:
		}
		if r.URL.Path == hold {
			<-r.Context().Done() // held until the sender cancels
		}
	}))
	t.Cleanup(func() { pc.CloseClientConnections(); pc.Close() })
	return pc
}

func (pc *pathCounter) count(path string) int {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.counts[path]
}

// sendCounter counts the attempts started per endpoint URL path, on the sending side: a
// request written just before a revocation returned may reach the receiver's handler after it.
type sendCounter struct {
	next   sender
	mu     sync.Mutex
	counts map[string]int
}

func (c *sendCounter) send(ctx context.Context, ep spac.WebhookEndpoint, d spac.WebhookDelivery, at time.Time) (int, error) {
	u, _ := url.Parse(ep.URL)
	c.mu.Lock()
	c.counts[u.Path]++
	c.mu.Unlock()
	return c.next.send(ctx, ep, d, at)
}

func (c *sendCounter) count(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts[path]
}

// TestRevokedKeyReceivesNothingOnceRetireReturns: the audit saw 182 deliveries reach a revoked
// key's endpoints. RetireKey disables them and waits out the attempt in flight (held open by
// the receiver until it times out), so not one attempt to them starts, and not one request
// reaches them, after it returns, while another key's endpoint keeps receiving the same events.
func TestRevokedKeyReceivesNothingOnceRetireReturns(t *testing.T) {
	cfg := fastConfig()
	cfg.Schedule = nil // a failed attempt is retried 5 s later, after the test
	cfg.Timeout = 300 * time.Millisecond
	store := NewMemStore()
	svc := New(store, cfg)
	sends := &sendCounter{next: svc.send, counts: map[string]int{}}
	svc.send = sends
	svc.Start()
	t.Cleanup(func() { _ = svc.Shutdown(context.Background()) })
	h := &harness{t: t, svc: svc, store: store}
	pc := newPathCounter(t, "/revoked-held")
	h.register("key-revoked", pc.URL+"/revoked-held", "*")
	h.register("key-revoked", pc.URL+"/revoked", "*")
	h.register("key-other", pc.URL+"/other", "*")
	ctx := context.Background()
	var stop atomic.Bool
	var publishing sync.WaitGroup
	publishing.Go(func() {
		for !stop.Load() {
			if _, err := h.svc.Publish(ctx, spac.WebhookNewsPublished, map[string]int{}); err != nil {
				t.Error(err)
				return
			}
		}
	})
	eventually(t, "the held endpoint has a request in flight", func() bool { return pc.count("/revoked-held") > 0 })
	eventually(t, "the other revoked endpoint received", func() bool { return pc.count("/revoked") > 0 })
	eps, err := h.svc.RetireKey(ctx, "key-revoked", "")
	if err != nil || len(eps) != 2 || eps[0].DisabledAt == nil || eps[0].DisabledReason != "key revoked" {
		t.Fatalf("retire: %+v %v", eps, err)
	}
	held, revoked, other := sends.count("/revoked-held"), sends.count("/revoked"), sends.count("/other")
	reached := pc.count("/revoked-held") + pc.count("/revoked")
	eventually(t, "the other key keeps receiving", func() bool { return pc.count("/other") >= other+20 })
	stop.Store(true)
	publishing.Wait()
	if err := h.svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if n, m := sends.count("/revoked-held")-held, sends.count("/revoked")-revoked; n+m != 0 {
		t.Fatalf("%d attempts to the revoked key's endpoints started after RetireKey returned", n+m)
	}
	if n := pc.count("/revoked-held") + pc.count("/revoked") - reached; n != 0 {
		t.Fatalf("%d requests reached the revoked key's endpoints after RetireKey returned", n)
	}
	if _, err := h.svc.Register(ctx, "key-revoked", Registration{URL: "https://example.com/h", Events: []string{"*"}}); spac.ErrorCode(err) != spac.EUNAUTHORIZED {
		t.Fatalf("a revoked key registered an endpoint: %v", err)
	}
}

// TestRotationCarriesEndpointsAndTheCap: after a rotation the new key holds the old key's
// endpoints (they keep delivering), the cap counts them, and the old key can register none -
// the audit's rotated key kept 25 endpoints delivering out of sight and registered 25 more.
func TestRotationCarriesEndpointsAndTheCap(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxPerKey = 3
	h := newHarness(t, cfg)
	rc := newCountingReceiver(t)
	for range 3 {
		h.register("key-old", rc.URL+"/a", "*")
	}
	ctx := context.Background()
	moved, err := h.svc.RetireKey(ctx, "key-old", "key-new")
	if err != nil || len(moved) != 3 || moved[0].OwnerKeyID != "key-new" || moved[0].DisabledAt != nil {
		t.Fatalf("rotate: %+v %v", moved, err)
	}
	if old, _ := h.svc.EndpointsOf(ctx, "key-old"); len(old) != 0 {
		t.Fatalf("the old key still owns %d endpoints", len(old))
	}
	if owned, _ := h.svc.EndpointsOf(ctx, "key-new"); len(owned) != 3 {
		t.Fatalf("the new key owns %d endpoints, want 3", len(owned))
	}
	reg := Registration{URL: "https://example.com/h", Events: []string{"*"}}
	if _, err := h.svc.Register(ctx, "key-new", reg); spac.ErrorCode(err) != CodeLimitExceeded {
		t.Fatalf("the new key went past the cap: %v", err)
	}
	if _, err := h.svc.Register(ctx, "key-old", reg); spac.ErrorCode(err) != spac.EUNAUTHORIZED {
		t.Fatalf("the rotated-out key registered an endpoint: %v", err)
	}
	if n, err := h.svc.Publish(ctx, spac.WebhookNewsPublished, map[string]int{}); n != 3 || err != nil {
		t.Fatalf("moved endpoints queued %d (%v), want 3", n, err)
	}
	eventually(t, "moved endpoints deliver", func() bool { return rc.total.Load() == 3 })
}

// TestDeleteWaitsForTheAttemptInFlight: deleting an endpoint returns after its attempt under
// way ended (here: timed out); nothing of the endpoint is left in the store.
func TestDeleteWaitsForTheAttemptInFlight(t *testing.T) {
	cfg := fastConfig()
	cfg.Timeout = 300 * time.Millisecond
	h := newHarness(t, cfg)
	pc := newPathCounter(t, "/held")
	ep := h.register("key-a", pc.URL+"/held", "*")
	ctx := context.Background()
	if _, err := h.svc.Publish(ctx, spac.WebhookNewsPublished, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	<-pc.arrived
	if err := h.svc.DeleteEndpoint(ctx, ep.ID); err != nil {
		t.Fatal(err)
	}
	if err := h.svc.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if ds := h.deliveriesOf(ep.ID); len(ds) != 0 {
		t.Fatalf("the deleted endpoint left %d deliveries", len(ds))
	}
}
