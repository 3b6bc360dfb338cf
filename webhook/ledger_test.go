package webhook

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// memLedger is a WebhookLedger in memory.
type memLedger struct {
	mu  sync.Mutex
	rec map[string]spac.WebhookDelivery
}

func (l *memLedger) Recorded(_ context.Context, id string) (spac.WebhookDelivery, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d, ok := l.rec[id]
	return d, ok, nil
}

func (l *memLedger) Record(_ context.Context, d spac.WebhookDelivery) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	d.Payload = nil
	l.rec[d.ID] = d
	return nil
}

func (l *memLedger) set(d spac.WebhookDelivery) { _ = l.Record(context.Background(), d) }

// passiveNode is a node on a shared in-memory ledger with one endpoint registered, not holding
// the deliverer's lease until active is set.
type passiveNode struct {
	h      *harness
	rc     *receiver
	e      spac.WebhookEndpoint
	ledger *memLedger
	active *atomic.Bool
}

func newPassiveNode(t *testing.T) passiveNode {
	n := passiveNode{ledger: &memLedger{rec: map[string]spac.WebhookDelivery{}}, active: new(atomic.Bool)}
	cfg := fastConfig()
	cfg.Active, cfg.Ledger = n.active.Load, n.ledger
	n.h = newHarness(t, cfg)
	n.rc = newReceiver(t, 200)
	n.e = n.h.register("key_a", n.rc.URL, "*")
	return n
}

// TestOnlyTheActiveNodeDeliversAndTheLedgerIsShared: a node that is not active (another holds
// the lease) queues but sends nothing; once active it sends what is due. A delivery the
// shared ledger says another node finished is closed with that status, unsent; one it sends
// is recorded there.
func TestOnlyTheActiveNodeDeliversAndTheLedgerIsShared(t *testing.T) {
	n := newPassiveNode(t)
	h, rc, e, ledger, active := n.h, n.rc, n.e, n.ledger, n.active
	ctx := context.Background()
	first, err := h.svc.NewEvent("alert.new_ipo", "one", map[string]int{"n": 1})
	if err != nil {
		t.Fatal(err)
	}
	second, err := h.svc.NewEvent("alert.new_ipo", "two", map[string]int{"n": 2})
	if err != nil {
		t.Fatal(err)
	}
	// The first was delivered by the node that held the lease before this one.
	ledger.set(spac.WebhookDelivery{ID: spac.WebhookDeliveryID(first.ID, e.ID), Status: spac.DeliveryFailed})
	for _, ev := range []spac.OutboxEvent{first, second} {
		if n, err := h.svc.PublishEvent(ctx, ev); n != 1 || err != nil {
			t.Fatalf("publish: %d %v", n, err)
		}
	}
	select {
	case r := <-rc.got:
		t.Fatalf("an inactive node sent %s", r.header.Get("webhook-id"))
	case <-time.After(100 * time.Millisecond): // 20 polls
	}
	active.Store(true)
	r := <-rc.got
	if id := r.header.Get("webhook-id"); id != second.ID {
		t.Fatalf("sent %s, want only %s", id, second.ID)
	}
	eventually(t, "both deliveries closed", func() bool {
		ds := h.deliveriesOf(e.ID)
		return len(ds) == 2 && ds[0].Status != spac.DeliveryPending && ds[1].Status != spac.DeliveryPending
	})
	for _, d := range h.deliveriesOf(e.ID) {
		want := map[string]string{first.ID: spac.DeliveryFailed, second.ID: spac.DeliverySucceeded}[d.MessageID]
		if d.Status != want {
			t.Fatalf("delivery of %s: %s, want %s", d.MessageID, d.Status, want)
		}
	}
	if got, _, _ := ledger.Recorded(ctx, spac.WebhookDeliveryID(second.ID, e.ID)); got.Status != spac.DeliverySucceeded || len(got.Attempts) != 1 {
		t.Fatalf("the ledger holds %+v for the delivery sent", got)
	}
	if len(rc.got) != 0 {
		t.Fatal("a delivery was sent twice")
	}
}

// TestAnotherNodesAttemptsAreAdoptedAndListed: a delivery another node attempted and
// rescheduled (the ledger holds its failed attempt, next due in an hour) is not sent now by the
// node taking over, which takes its attempt and schedule; Latest shows another node's attempts
// in a list read from this node's queue, and leaves a delivery the ledger does not know as it is.
func TestAnotherNodesAttemptsAreAdoptedAndListed(t *testing.T) {
	n := newPassiveNode(t)
	h, rc, e, ledger, active := n.h, n.rc, n.e, n.ledger, n.active
	ctx := context.Background()
	ev, err := h.svc.NewEvent("alert.new_ipo", "one", map[string]int{"n": 1})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := h.svc.PublishEvent(ctx, ev); n != 1 || err != nil {
		t.Fatalf("publish: %d %v", n, err)
	}
	eventually(t, "the delivery queued", func() bool { return len(h.deliveriesOf(e.ID)) == 1 })
	queued := h.deliveriesOf(e.ID)[0]
	later := time.Now().Add(time.Hour).UTC()
	elsewhere := spac.WebhookDelivery{ID: queued.ID, Status: spac.DeliveryPending, NextAttempt: later,
		Attempts: []spac.WebhookAttempt{{At: time.Now().UTC(), StatusCode: 503, Error: "503"}}}
	if got := h.svc.Latest(ctx, []spac.WebhookDelivery{queued}); len(got[0].Attempts) != 0 {
		t.Fatalf("Latest of a delivery the ledger does not know: %+v", got[0])
	}
	ledger.set(elsewhere)
	if got := h.svc.Latest(ctx, h.deliveriesOf(e.ID)); len(got[0].Attempts) != 1 || !got[0].NextAttempt.Equal(later) {
		t.Fatalf("Latest: %+v, want the other node's attempt", got[0])
	}
	active.Store(true)
	eventually(t, "the other node's attempt adopted", func() bool {
		d := h.deliveriesOf(e.ID)[0]
		return len(d.Attempts) == 1 && d.NextAttempt.Equal(later)
	})
	select {
	case r := <-rc.got:
		t.Fatalf("sent %s an hour early", r.header.Get("webhook-id"))
	case <-time.After(50 * time.Millisecond): // 10 polls
	}
}
