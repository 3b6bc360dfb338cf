package webhook

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// blockingReceiver holds every request until release is closed (or the client gives up).
func blockingReceiver(t *testing.T) (srv *httptest.Server, arrived chan struct{}, release chan struct{}) {
	arrived, release = make(chan struct{}, 10), make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body) // only then does the server watch the connection for a hang-up
		arrived <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	return srv, arrived, release
}

func TestSlowEndpointDoesNotDelayOthers(t *testing.T) {
	h := newHarness(t, fastConfig())
	slow, arrived, release := blockingReceiver(t)
	fast := newReceiver(t, 200)
	h.register("key-a", slow.URL, "filing.ingested", "alert.*")
	fastEp := h.register("key-b", fast.URL, "alert.*")
	ctx := context.Background()
	if _, err := h.svc.Publish(ctx, spac.WebhookFilingIngested, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	<-arrived // the slow endpoint now holds a request open
	for range 3 {
		if _, err := h.svc.Publish(ctx, spac.WebhookAlertEvent("liquidation"), map[string]int{}); err != nil {
			t.Fatal(err)
		}
		<-fast.got // a hang here would mean the slow endpoint delays the fast one
	}
	eventually(t, "fast deliveries recorded", func() bool {
		ds := h.deliveriesOf(fastEp.ID)
		return len(ds) == 3 && ds[0].Status == spac.DeliverySucceeded && ds[1].Status == spac.DeliverySucceeded && ds[2].Status == spac.DeliverySucceeded
	})
	close(release)
}

func TestShutdownLeavesInFlightDeliveryPendingAndRestartResumes(t *testing.T) {
	store := NewMemStore()
	svc := New(store, fastConfig())
	svc.Start()
	slow, arrived, _ := blockingReceiver(t)
	secret, _ := NewSecret()
	ep := spac.WebhookEndpoint{ID: "wh_1", OwnerKeyID: "k", URL: slow.URL, Events: []string{"*"}, Secret: secret, CreatedAt: time.Now()}
	if err := store.PutEndpoint(context.Background(), ep); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Publish(context.Background(), spac.WebhookNewsPublished, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	<-arrived
	if err := svc.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	ds, _ := store.Deliveries(context.Background(), ep.ID)
	if len(ds) != 1 || ds[0].Status != spac.DeliveryPending || len(ds[0].Attempts) != 0 {
		t.Fatalf("after shutdown: %+v, want one pending delivery without attempts", ds)
	}

	// A new service over the same (persistent) store delivers it.
	fast := newReceiver(t, 200)
	ep.URL = fast.URL
	_ = store.PutEndpoint(context.Background(), ep)
	next := New(store, fastConfig())
	next.Start()
	defer next.Shutdown(context.Background())
	r := <-fast.got
	checkSigned(t, secret, r)
	if r.header.Get("webhook-id") != ds[0].MessageID {
		t.Fatal("the resumed delivery is a different message")
	}
}
