package natsjs_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/natsjs"
)

// runLease runs a lease until the test ends or its stop is called.
func runLease(t *testing.T, l *natsjs.Lease) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = l.Run(ctx) }()
	stop = func() { cancel(); <-done }
	t.Cleanup(stop)
	return stop
}

func waitHeld(t *testing.T, what string, l *natsjs.Lease, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); !l.Held(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not held after %s", what, within)
		}
	}
}

// TestLeaseHasOneHolderAndFailsOver: of two nodes one holds the lease; when it stops cleanly
// the other takes it within a renewal period, and when it dies (its connection gone, the key
// left behind) within the lease's TTL - never both at once.
func TestLeaseHasOneHolderAndFailsOver(t *testing.T) {
	srv, _, _ := streamServer(t)
	const ttl = time.Second
	var both atomic.Bool
	a := natsjs.NewLease(connect(t, srv.URL()), "webhooks", "a", ttl, nil)
	stopA := runLease(t, a)
	waitHeld(t, "the first node", a, 5*time.Second)
	acquired := make(chan string, 4)
	conns := map[string]*natsjs.Conn{}
	leases := map[string]*natsjs.Lease{}
	for _, name := range []string{"b", "c"} {
		conns[name] = connect(t, srv.URL())
		leases[name] = natsjs.NewLease(conns[name], "webhooks", name, ttl, nil)
		leases[name].OnAcquire = func() { acquired <- name }
		runLease(t, leases[name])
	}
	b, c := leases["b"], leases["c"]
	watchCtx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	go func() {
		for watchCtx.Err() == nil {
			n := 0
			for _, l := range []*natsjs.Lease{a, b, c} {
				if l.Held() {
					n++
				}
			}
			if n > 1 {
				both.Store(true)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	time.Sleep(2 * ttl) // the others keep trying meanwhile
	if b.Held() || c.Held() {
		t.Fatal("a second node took a lease that is renewed")
	}
	stopA()
	start := time.Now()
	for !b.Held() && !c.Held() {
		if time.Since(start) > ttl {
			t.Fatalf("nobody took the lease %s after a clean stop", ttl)
		}
		time.Sleep(10 * time.Millisecond)
	}
	first := <-acquired
	other := map[string]string{"b": "c", "c": "b"}[first]
	conns[first].Close() // the holder dies: its key stays until it expires
	waitHeld(t, "the node left after the holder died", leases[other], 3*ttl)
	if got := <-acquired; got != other {
		t.Fatalf("acquired by %s, want %s", got, other)
	}
	if both.Load() {
		t.Fatal("two nodes held the lease at once")
	}
}

// TestLedgerKeepsTheLastRecord: a delivery recorded through one node reads back through
// another with its attempts and status (not its payload); one never recorded is not ok.
func TestLedgerKeepsTheLastRecord(t *testing.T) {
	srv, ctx, _ := streamServer(t)
	a, b := natsjs.NewLedger(connect(t, srv.URL())), natsjs.NewLedger(connect(t, srv.URL()))
	d := spac.WebhookDelivery{ID: "dlv_1", MessageID: "msg_1", Status: spac.DeliverySucceeded, Payload: []byte("{}"),
		Attempts: []spac.WebhookAttempt{{StatusCode: 503}, {StatusCode: 200}}}
	if err := a.Record(ctx, d); err != nil {
		t.Fatal(err)
	}
	got, ok, err := b.Recorded(ctx, "dlv_1")
	if err != nil || !ok || got.Status != d.Status || len(got.Attempts) != 2 || got.MessageID != "msg_1" || got.Payload != nil {
		t.Fatalf("Recorded(dlv_1) = %+v, %v, %v", got, ok, err)
	}
	if _, ok, err := b.Recorded(ctx, "dlv_2"); ok || err != nil {
		t.Fatalf("Recorded(dlv_2): ok %v, %v", ok, err)
	}
}
